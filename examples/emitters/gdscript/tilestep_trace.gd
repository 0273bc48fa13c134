# tilestep trace emitter for Godot 3 games (GDScript): one file, Godot's own File and
# StreamPeerTCP. Writes the JSON-lines trace of docs/trace-format.md to where TILESTEP_TRACE
# says: a file path or tcp://HOST:PORT (a viewer: `tilestep view MAP --listen ...`,
# `tilestep record --listen ...`). A viewer that goes away never stops the game: the trace just
# stops (close() returns false).
#
#   var Trace = preload("res://tilestep_trace.gd")
#   var t = Trace.new()
#   t.open(null, 16, 60)                                  # map, tile size, rate
#   t.header_actor("hero", "my_platformer", 12, 16, false)
#   t.frame(f)
#   t.state("hero", x, y, vx, vy, [["grounded", true], ["facing", "right"]])
#   t.probe("hero", "point", "hit", "ground", [["x", x + 6], ["y", y + 16]])
#   t.close()
#
# Control (docs/emitters.md): call poll() once per frame, before the step; tilestep may pause,
# step and drive the game through it:
#   var c = t.poll()
#   if c.advance:                       # false: paused by tilestep, draw and poll again
#       var keys = c.keys if c.keys != null else read_player_keys()   # "RJ": the log's letters
#
# Numbers: Godot 3 formats a float to about 16 significant digits, so positions far from the
# origin may lose their last fraction digits (the walk's are exact).
extends Reference

var ok = false
var _file = null
var _tcp = null
var _lines = PoolStringArray()
var _frame = 0
var _actors = PoolStringArray()
var _map = null
var _tile_size = 16
var _rate = 60
var _header_done = false
var _ctl = 0  # 0: never polled, 1: asked, 2: hello got, -1: off
var _paused = false
var _steps = 0
var _restart = false
var _runs = []  # [count, letters] of the coming frames
var _inbuf = ""
var _keys = null  # this frame's driven keys: state lines carry them


func open(map, tile_size, rate, dest = null):
	_map = map
	_tile_size = tile_size
	_rate = rate
	if dest == null:
		dest = OS.get_environment("TILESTEP_TRACE")
	if dest.begins_with("tcp://"):
		var host_port = dest.substr(6, dest.length() - 6)
		var colon = host_port.find_last(":")
		_tcp = StreamPeerTCP.new()
		var host = host_port.substr(0, colon).lstrip("[").rstrip("]")
		if _tcp.connect_to_host(host, int(host_port.substr(colon + 1, 8))) == OK:
			for _i in range(5000):  # up to 5 s to connect
				if _tcp.get_status() != StreamPeerTCP.STATUS_CONNECTING:
					break
				OS.delay_msec(1)
		ok = _tcp.get_status() == StreamPeerTCP.STATUS_CONNECTED
	elif dest != "":
		_file = File.new()
		ok = _file.open(dest, File.WRITE) == OK
	return ok


static func _num(v):
	if typeof(v) == TYPE_BOOL:
		return "true" if v else "false"
	if typeof(v) == TYPE_INT:
		return str(v)
	if is_nan(v) or is_inf(v):
		return "null"
	var s = "%.16f" % v
	if s.find(".") >= 0:
		s = s.rstrip("0").rstrip(".")
	return s


static func _value(v):
	if v == null:
		return "null"
	if typeof(v) == TYPE_STRING:
		return to_json(v)
	return _num(v)


func header_actor(name, mover, w, h, round_box):
	var a = '{"name":' + to_json(name)
	if mover != null:
		a += ',"mover":' + to_json(mover)
	_actors.append(a + ',"w":%d,"h":%d,"round":%s}' % [w, h, "true" if round_box else "false"])


# The level's collision grid, sent in the header (docs/trace-format.md, "The grid"): w x h
# cells of tile px, solid a row-major Array (true = solid). Call before the first frame.
var _grid = ""
func grid(w, h, tile, solid):
	var runs = ""
	var i = 0
	while i < w * h:
		var j = i
		while j < w * h and bool(solid[j]) == bool(solid[i]):
			j += 1
		runs += "%d%s" % [j - i, "#" if solid[i] else "."]
		i = j
	_grid = ',"grid":{"w":%d,"h":%d,"tile":%d,"solid":"%s"}' % [w, h, tile, runs]


func _header():
	if _header_done:
		return
	_header_done = true
	var h = '{"tilestep_trace":1'
	if _map != null:
		h += ',"map":' + to_json(_map)
	h += ',"tile_size":%d,"rate":%d,"actors":[%s]%s}\n' % [_tile_size, _rate, _actors.join(","), _grid]
	_lines.append(h)


func _line(text):
	_header()
	_lines.append(text + "\n")


func _flush():
	var data = _lines.join("")
	_lines = PoolStringArray()
	if not ok or data == "":
		return
	if _tcp != null:
		if _tcp.put_data(data.to_utf8()) != OK:
			ok = false
	else:
		_file.store_string(data)


# Frame boundary: the lines that follow belong to f. A socket sends each frame as it ends.
func frame(f):
	if f != _frame and (_tcp != null or _lines.size() > 256):
		_flush()
	_frame = f


# The actor's state after the frame's step; fields: [[key, value], ...] in order.
func state(actor, x, y, vx, vy, fields = []):
	var s = '{"frame":%d,"actor":%s,"x":%s,"y":%s,"vx":%s,"vy":%s' % [
		_frame, to_json(actor), _num(x), _num(y), _num(vx), _num(vy)]
	if _keys != null:
		s += ',"keys":' + to_json(_keys)
	for kv in fields:
		s += "," + to_json(kv[0]) + ":" + _value(kv[1])
	_line(s + "}")


# kind: point, rect, segment, cell, band, arrow, value, text; verdict: hit, miss, pass, block,
# info; coords: [["x", x], ["y", y]] or x0, y0, x1, y1, ...
func probe(actor, kind, verdict, why, coords):
	var s = '{"frame":%d,"actor":%s,"probe":{"kind":"%s","verdict":"%s","why":%s' % [
		_frame, to_json(actor), kind, verdict, to_json(why)]
	for kv in coords:
		s += ',"%s":%s' % [kv[0], _num(kv[1])]
	_line(s + "}}")


# Marks this frame as played with `letters` ("RJ"): its state lines carry them. poll() does it
# for driven frames; a game replaying a log on its own calls it.
func set_keys(letters):
	_keys = letters


func _command(line):
	var space = line.find(" ")
	var word = line if space < 0 else line.substr(0, space)
	var rest = "" if space < 0 else line.substr(space + 1, line.length())
	if line == "hello 1":
		_ctl = 2
	elif word == "pause":
		_paused = true
		_steps = 0
	elif word == "resume":
		_paused = false
	elif word == "step":
		_paused = true
		_steps += int(rest)
	elif word == "restart":
		_restart = true
	elif word == "keys":
		var parts = rest.split(" ")
		if parts.size() == 2 and int(parts[0]) > 0:
			var letters = ""
			for k in ["L", "R", "U", "D", "J"]:
				if parts[1].find(k) >= 0:
					letters += k
			_runs.append([int(parts[0]), letters])
	# anything else is from a later version: ignored


# Reads the commands that have arrived, waiting up to wait_ms for the first.
func _read(wait_ms):
	while _tcp != null and _ctl >= 0:
		if _tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
			_ctl = -1  # the viewer went away: the game runs on freely
			_paused = false
			return
		var n = _tcp.get_available_bytes()
		if n <= 0:
			if wait_ms <= 0:
				return
			OS.delay_msec(1)
			wait_ms -= 1
			continue
		wait_ms = 0
		var got = _tcp.get_data(n)
		if got[0] != OK:
			_ctl = -1
			_paused = false
			return
		_inbuf += got[1].get_string_from_ascii()
		var nl = _inbuf.find("\n")
		while nl >= 0:
			_command(_inbuf.substr(0, nl))
			_inbuf = _inbuf.substr(nl + 1, _inbuf.length())
			nl = _inbuf.find("\n")


# Once per frame, before the step: {advance, keys, restart}. A file, or a viewer that sends
# nothing, always gives advance true, keys null. The first poll asks the viewer for control and
# waits up to 2 s for its answer; while paused a poll waits up to 16 ms for a command.
func poll():
	_keys = null
	var c = {"advance": true, "keys": null, "restart": false}
	if _tcp == null or not ok or _ctl < 0:
		return c
	_flush()  # the frame before is whole: a paused game's last frame is seen
	if _ctl == 0:
		if _tcp.put_data("!control 1\n".to_ascii()) != OK:
			ok = false
			return c
		_ctl = 1
		for _i in range(100):
			if _ctl != 1:
				break
			_read(20)
	_read(0)
	if _paused and _steps == 0:
		_read(16)
	c["restart"] = _restart
	_restart = false
	if _paused and _steps == 0:
		c["advance"] = false
		return c
	if _paused:
		_steps -= 1
	if _runs.size() > 0:
		_keys = _runs[0][1]
		c["keys"] = _keys
		_runs[0][0] -= 1
		if _runs[0][0] == 0:
			_runs.pop_front()
	return c


# Sends or writes what is left; true when everything was written.
func close():
	_header()
	_flush()
	if _tcp != null:
		_tcp.disconnect_from_host()
	if _file != null:
		_file.close()
	_tcp = null
	_file = null
	return ok
