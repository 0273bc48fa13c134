# The reference walk of docs/emitters.md (examples/emitters/c/walk.c) in GDScript:
# godot3-server --no-window -s walk.gd (from this folder).
extends SceneTree

const Trace = preload("res://tilestep_trace.gd")


func _init():
	var t = Trace.new()
	if not t.open(null, 16, 60):
		printerr("walk.gd: cannot open TILESTEP_TRACE (%s)" % OS.get_environment("TILESTEP_TRACE"))
		OS.exit_code = 1
		quit()
		return
	t.header_actor("hero", "walk_example", 12, 16, false)
	var x = 32.0
	var y = 144.0
	var vx = 0.0
	var vy = 0.0
	var dir = 1
	var grounded = true
	var air = 0
	for frame in range(600):
		var jumped = false
		var landed = false
		if x >= 448:
			dir = -1
		if x <= 32:
			dir = 1
		if vx < 2 * dir:
			vx += 0.25
		if vx > 2 * dir:
			vx -= 0.25
		if grounded and frame % 120 == 30:
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
	OS.exit_code = 0 if t.close() else 1
	quit()
