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


func _header():
	if _header_done:
		return
	_header_done = true
	var h = '{"tilestep_trace":1'
	if _map != null:
		h += ',"map":' + to_json(_map)
	h += ',"tile_size":%d,"rate":%d,"actors":[%s]}\n' % [_tile_size, _rate, _actors.join(",")]
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
