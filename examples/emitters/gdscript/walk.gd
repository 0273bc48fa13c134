# The reference walk of docs/emitters.md (examples/emitters/c/walk.c) in GDScript:
# godot3-server --no-window -s walk.gd (from this folder). It polls tilestep every frame and
# walks by the keys it is driven with; TILESTEP_INPUTS=LOG plays an input log on its own.
extends SceneTree

const Trace = preload("res://tilestep_trace.gd")


# An input log (COUNT,KEY,KEY... lines, # comments) as each frame's letters.
static func read_log(path):
	var frames = []
	var f = File.new()
	if f.open(path, File.READ) != OK:
		return frames
	for raw in f.get_as_text().split("\n"):
		var fields = raw.split("#")[0].split(",")
		var count_text = fields[0].strip_edges()
		if not count_text.is_valid_integer() or int(count_text) <= 0:
			continue
		var letters = ""
		for k in ["L", "R", "U", "D", "J"]:
			for i in range(1, fields.size()):
				if fields[i].strip_edges() == k:
					letters += k
					break
		for _i in range(int(count_text)):
			frames.append(letters)
	f.close()
	return frames


func _init():
	var inputs = OS.get_environment("TILESTEP_INPUTS")
	var log_keys = read_log(inputs) if inputs != "" else []
	var t = Trace.new()
	if not t.open(null, 16, 60):
		printerr("walk.gd: cannot open TILESTEP_TRACE (%s)" % OS.get_environment("TILESTEP_TRACE"))
		OS.exit_code = 1
		quit()
		return
	t.header_actor("hero", "walk_example", 12, 16, false)
	# The level: 30 x 12 tiles of 16 px, walls at both ends, the floor from y 160.
	var level = []
	for i in range(30 * 12):
		level.append(i / 30 >= 10 or i % 30 == 0 or i % 30 == 29)
	t.grid(30, 12, 16, level)
	var x = 32.0
	var y = 144.0
	var vx = 0.0
	var vy = 0.0
	var dir = 1
	var grounded = true
	var air = 0
	var frame = 0
	var frame_ms = int(OS.get_environment("TILESTEP_FRAME_MS"))
	while frame < 600:
		var c = t.poll()
		if not c["advance"]:
			continue  # paused by tilestep: a real game would draw here
		var keys = c["keys"]
		if keys == null and frame < log_keys.size():
			keys = log_keys[frame]
			t.set_keys(keys)
		var jumped = false
		var landed = false
		var want
		if keys != null:
			var d = (1 if keys.find("R") >= 0 else 0) - (1 if keys.find("L") >= 0 else 0)
			if d != 0:
				dir = d
			want = 2 * d
		else:
			if x >= 448:
				dir = -1
			if x <= 32:
				dir = 1
			want = 2 * dir
		if vx < want:
			vx += 0.25
		if vx > want:
			vx -= 0.25
		var jump = keys.find("J") >= 0 if keys != null else frame % 120 == 30
		if grounded and jump:
			vy = -6.0
			grounded = false
			jumped = true
		if not grounded:
			vy = min(vy + 0.375, 8.0)
		x += vx
		y += vy
		if y >= 144:
			landed = not grounded
			y = 144.0
			vy = 0.0
			grounded = true
		air = 0 if grounded else air + 1

		t.frame(frame)
		t.state("hero", x, y, vx, vy, [["grounded", grounded],
				["facing", "right" if dir > 0 else "left"], ["air_frames", air]])
		t.probe("hero", "point", "hit" if grounded else "miss", "ground", [["x", x + 6], ["y", y + 16]])
		t.probe("hero", "arrow", "info", "velocity",
				[["x0", x + 6], ["y0", y + 8], ["x1", x + 6 + vx * 4], ["y1", y + 8 + vy * 4]])
		if jumped:
			t.probe("hero", "text", "info", "jump", [["x", x], ["y", y - 4]])
		if landed:
			t.probe("hero", "rect", "block", "floor", [["x0", x], ["y0", 160], ["x1", x + 12], ["y1", 176]])
		frame += 1
		if frame_ms > 0:
			OS.delay_msec(frame_ms)  # a real game's frame time (TILESTEP_FRAME_MS)
	OS.exit_code = 0 if t.close() else 1
	quit()
