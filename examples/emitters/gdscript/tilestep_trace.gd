# tilestep trace emitter for Godot 3 games (GDScript): one file, Godot's own File and
# StreamPeerTCP. Writes the JSON-lines trace of docs/trace-format.md to where TILESTEP_TRACE
# says: a file path or tcp://HOST:PORT (a viewer: `tilestep view MAP --listen ...`,
# `tilestep record --listen ...`). A viewer that goes away never stops the game: the trace just
# stops (close() returns false).
#
# A socket never blocks the game (docs/emitters.md, "Connecting, refusals, a slow viewer"): a
# viewer not listening yet is tried again (0.25 s, doubling up to 4 s apart, for RETRY_SECONDS);
# whole frames wait in at most BUFFER_BYTES, a frame that does not fit is dropped (counted in
# `dropped`, said once on stderr); a refusal from tilestep ("tilestep: busy: ...") is printed.
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
# Numbers are written in the fewest digits that read back as the same double (40.2, not
# 40.2000000000000028), as in the other emitters (_num).
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
const BUFFER_BYTES = 1048576  # whole frames waiting for a slow (or absent) viewer, at most
const RETRY_SECONDS = 60  # a viewer not listening yet is tried again for this long
var dropped = 0  # frames dropped: the buffer was full
var peak = 0  # the most bytes the buffer held
var _pend = []  # whole frames (PoolByteArray) the socket has not taken
var _pend_offset = 0
var _pend_bytes = 0
var _dest = ""
var _waiting = false  # no viewer yet: tried again after _backoff
var _connected = false
var _connect_until = 0  # a connection under way is given up at this tick (ms)
var _next_try = 0
var _backoff = 250
var _give_up = 0


func open(map, tile_size, rate, dest = null):
	_map = map
	_tile_size = tile_size
	_rate = rate
	if dest == null:
		dest = OS.get_environment("TILESTEP_TRACE")
	if dest.begins_with("tcp://"):
		_dest = dest
		ok = true
		_give_up = OS.get_ticks_msec() + RETRY_SECONDS * 1000
		_connect()
		for _i in range(1000):  # the first try: up to 1 s (loopback answers at once)
			if not _connecting():
				break
			OS.delay_msec(1)
	elif dest != "":
		_file = File.new()
		ok = _file.open(dest, File.WRITE) == OK
	return ok


# Starts a connection (it completes in the background: _connecting()).
func _connect():
	var host_port = _dest.substr(6, _dest.length() - 6)
	var colon = host_port.find_last(":")
	_tcp = StreamPeerTCP.new()
	_connect_until = OS.get_ticks_msec() + 2000
	var host = host_port.substr(0, colon).lstrip("[").rstrip("]")
	if _tcp.connect_to_host(host, int(host_port.substr(colon + 1, 8))) != OK:
		_failed()


# True while a connection is under way; settles it when it is done.
func _connecting():
	if _tcp == null or _connected:
		return false
	var status = _tcp.get_status()
	if status == StreamPeerTCP.STATUS_CONNECTING and OS.get_ticks_msec() < _connect_until:
		return true
	if status == StreamPeerTCP.STATUS_CONNECTED:
		_tcp.set_no_delay(true)
		if _waiting:
			printerr("tilestep: connected to " + _dest)
		_waiting = false
		_connected = true
	else:
		_failed()
	return false


# A try failed: said the first time, then tried again twice as long after.
func _failed():
	_tcp = null
	if not _waiting:
		printerr("tilestep: nothing listening at %s yet; trying again for %d s (the game runs on)"
				% [_dest, RETRY_SECONDS])
	else:
		_backoff = min(_backoff * 2, 4000)
	_waiting = true
	_next_try = OS.get_ticks_msec() + _backoff


func _drop_socket():
	if _tcp != null:
		_tcp.disconnect_from_host()
	_tcp = null
	_connected = false
	_waiting = false
	ok = false


# Sends what the socket takes now (or within wait_ms); a viewer gone fails the trace, its last
# words (a refusal) read first.
func _send(wait_ms):
	var deadline = OS.get_ticks_msec() + wait_ms
	while _connected and _pend.size() > 0:
		var chunk = _pend[0]
		var part = chunk if _pend_offset == 0 else chunk.subarray(_pend_offset, chunk.size() - 1)
		var got = _tcp.put_partial_data(part)
		if got[0] != OK or _tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
			_read(0)
			_drop_socket()
			return
		_pend_offset += got[1]
		_pend_bytes -= got[1]
		if _pend_offset == chunk.size():
			_pend.pop_front()
			_pend_offset = 0
		elif got[1] == 0:
			if OS.get_ticks_msec() >= deadline:
				return
			OS.delay_msec(1)


# A whole frame for the socket: kept (or dropped when the buffer is full), then sent as far as
# the socket takes it; a viewer not there yet is tried again once its back-off is over. A
# control line (control true, a few bytes) is never dropped: the bound is for frames, and a
# lost `!control 1` would leave a polling game running free.
func _frame_end(data, control = false):
	if not control and _pend_bytes + data.size() > BUFFER_BYTES:
		if dropped == 0:
			printerr("tilestep: the viewer is %s: frames past the %d-byte buffer are dropped (the trace skips them)"
					% ["not keeping up" if _connected else "not there yet", BUFFER_BYTES])
		dropped += 1
	else:
		_pend.append(data)
		_pend_bytes += data.size()
		peak = max(peak, _pend_bytes)
	if _connecting():
		return
	if _waiting:
		if OS.get_ticks_msec() >= _give_up:
			printerr("tilestep: nothing listened at %s for %d s; this game is not traced"
					% [_dest, RETRY_SECONDS])
			_drop_socket()
			return
		if OS.get_ticks_msec() >= _next_try:
			_connect()
		return
	if _ctl == 0:
		_read(0)  # tilestep says nothing unasked but a refusal
	_send(0)


static func _num(v):
	if typeof(v) == TYPE_BOOL:
		return "true" if v else "false"
	if typeof(v) == TYPE_INT:
		return str(v)
	if is_nan(v) or is_inf(v):
		return "null"
	if v == 0:
		return "-0" if str(v).begins_with("-") else "0"
	var minus = "-" if v < 0 else ""
	var shortest = _shortest(abs(v))
	var digits = shortest[0]
	var point = shortest[1]  # abs(v) reads back from 0.DIGITS * 10^point
	var n = digits.length()
	if point <= 16 and n - point <= 16:  # below 1e16, at most 16 decimals: written plain
		if point <= 0:
			return minus + "0." + _zeros(-point) + digits
		if point >= n:
			return minus + digits + _zeros(point - n)
		return minus + digits.substr(0, point) + "." + digits.substr(point, n - point)
	var e = point - 1  # else m.mmm * 10^e
	return (minus + digits.substr(0, 1) + ("." + digits.substr(1, n - 1) if n > 1 else "")
			+ ("e+" if e >= 0 else "e-") + str(abs(e)))


# x > 0 as [DIGITS, POINT]: the fewest decimal digits that read back as x (the nearest such,
# as Python's repr and JavaScript's String find them), x ~ 0.DIGITS * 10^POINT. Worked out
# exactly with whole numbers for every double, subnormals too: Godot 3 formats at most 16
# decimals and its own parsers are not exact. x == mant * 2^expo reads back from any number
# between the midpoints to its neighbours, (4 mant - 2) * 2^(expo - 2) and (4 mant + 2) *
# 2^(expo - 2) (- 1 below a power of two), and from the midpoints themselves when mant is even
# (ties round to even). The three, times 10^q with q = 2 - expo when that is positive (as
# 2^-q == 5^q / 10^q), are whole numbers: their digits are compared as text.
static func _shortest(x):
	var me = _split(x)
	var mant = me[0]
	var q = max(0, 2 - me[1])
	var scale = _big_pow([1], 2, me[1] - 2) if q == 0 else _big_pow([1], 5, q)
	var below = 1 if mant == 4503599627370496 and me[1] > -1074 else 2  # 1: a power of two
	var lo_text = _big_text(_big_times(scale, 4 * mant - below))
	var text = _big_text(_big_times(scale, 4 * mant))
	var hi_text = _big_text(_big_times(scale, 4 * mant + 2))
	var even = mant % 2 == 0
	# Fewer digits than lo and hi have in common cannot fall between them (but for lo itself,
	# which those digits then write too): start there.
	var common = 0
	if lo_text.length() == text.length() and hi_text.length() == text.length():
		while common < 16 and lo_text.substr(common, 1) == hi_text.substr(common, 1):
			common += 1
	for n in range(max(1, common), min(17, text.length()) + 1):
		var j = text.length() - n  # digits dropped: the candidates are multiples of 10^j
		var down = text.substr(0, n)
		var up = str(int(down) + 1)
		var rest = text.substr(n, j)
		var half = "5" + _zeros(j - 1) if j > 0 else ""
		var nearest_up = rest > half or (rest == half and int(down.substr(n - 1, 1)) % 2 == 1)
		for c in ([up, down] if nearest_up else [down, up]):
			var whole = c + _zeros(j)
			var above_lo = _text_cmp(lo_text, whole)
			var below_hi = _text_cmp(whole, hi_text)
			if (above_lo < 0 or (even and above_lo == 0)) and (below_hi < 0 or (even and below_hi == 0)):
				var point = c.length() + j - q
				while c.ends_with("0"):
					c = c.substr(0, c.length() - 1)
				return [c, point]
	return [text, text.length() - q]  # not reached: 17 digits always read back


static func _zeros(n):  # n "0"s (up to some 770 for the smallest subnormals)
	var z = ""
	var chunk = "0"
	while n > 0:
		if n % 2 == 1:
			z += chunk
		chunk += chunk
		n /= 2
	return z


# Whole numbers as digit text (no leading zeros): -1, 0 or 1 as a < b, a == b, a > b.
static func _text_cmp(a, b):
	if a.length() != b.length():
		return -1 if a.length() < b.length() else 1
	if a == b:
		return 0
	return -1 if a < b else 1


# x > 0 as [m, e]: x == m * 2^e, 2^52 <= m < 2^53 (smaller only below the normal range).
static func _split(x):
	var e = 0
	while x >= 9007199254740992.0:
		x /= 2.0
		e += 1
	while x < 4503599627370496.0 and e > -1074:
		x *= 2.0
		e -= 1
	return [int(x), e]


# Whole numbers of any size for _shortest: arrays of base-10^7 digits, lowest first.
static func _big(n):
	var a = []
	while n > 0:
		a.append(n % 10000000)
		n /= 10000000
	return a


static func _big_mul(a, factor):
	var out = []
	var carry = 0
	for limb in a:
		var p = limb * factor + carry
		out.append(p % 10000000)
		carry = p / 10000000
	while carry > 0:
		out.append(carry % 10000000)
		carry /= 10000000
	return out


static func _big_pow(a, radix, n):  # a * radix^n, radix 2 or 5: factors below 10^12
	var step = 39 if radix == 2 else 17
	while n >= step:
		a = _big_mul(a, 549755813888 if radix == 2 else 762939453125)
		n -= step
	return _big_mul(a, int(pow(radix, n))) if n > 0 else a


static func _big_times(a, n):  # a * n, n below 2^55: in two factors below 10^12
	var low = _big_mul(a, n % 10000000)
	var high = _big_mul(a, n / 10000000)
	var out = []
	var carry = 0
	for i in range(max(low.size(), high.size() + 1)):
		var sum = carry + (low[i] if i < low.size() else 0) + (high[i - 1] if i > 0 and i <= high.size() else 0)
		out.append(sum % 10000000)
		carry = sum / 10000000
	if carry > 0:
		out.append(carry)
	while out.size() > 0 and out[out.size() - 1] == 0:
		out.pop_back()
	return out


static func _big_text(a):  # its decimal digits
	if a.size() == 0:
		return "0"
	var t = str(a[a.size() - 1])
	for i in range(a.size() - 2, -1, -1):
		var limb = str(a[i])
		t += _zeros(7 - limb.length()) + limb
	return t


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
	if _file == null:
		_frame_end(data.to_utf8())
	else:
		_file.store_string(data)


# Frame boundary: the lines that follow belong to f. A socket sends each frame as it ends.
func frame(f):
	if f != _frame and (_file == null or _lines.size() > 256):
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
	if line.begins_with("tilestep: "):  # turned away (busy): said, never silent
		printerr(line + "; this game is not traced")
		_drop_socket()
	elif line == "hello 1":
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
	while _connected and _ctl >= 0:
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
		while nl >= 0 and _connected:
			_command(_inbuf.substr(0, nl))
			_inbuf = _inbuf.substr(nl + 1, _inbuf.length())
			nl = _inbuf.find("\n")


# Once per frame, before the step: {advance, keys, restart}. A file, or a viewer that sends
# nothing, always gives advance true, keys null. The first poll asks the viewer for control and
# waits up to 2 s for its answer; while paused a poll waits up to 16 ms for a command.
func poll():
	_keys = null
	var c = {"advance": true, "keys": null, "restart": false}
	if _file == null and ok:
		_flush()  # the frame before is whole: a paused game's last frame is seen
	if not _connected or not ok or _ctl < 0:
		return c
	if _ctl == 0:
		_frame_end("!control 1\n".to_ascii(), true)
		if not _connected:
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
	if _waiting or _connecting():  # one last try
		if _waiting:
			_connect()
		for _i in range(1000):
			if not _connecting():
				break
			OS.delay_msec(1)
		if not _connected:
			printerr("tilestep: nothing listened at %s; this game is not traced" % _dest)
			_drop_socket()
	_send(5000)  # the game is ending: its last frames may wait up to 5 s
	if _connected and _pend.size() > 0:
		ok = false
	if dropped > 0:
		printerr("tilestep: %d frames dropped in all (the trace skips them)" % dropped)
	if _tcp != null:
		_tcp.disconnect_from_host()
	if _file != null:
		_file.close()
	_tcp = null
	_file = null
	return ok
