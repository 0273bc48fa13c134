# GDScript's numbers (examples/emitters/gdscript/tilestep_trace.gd, _num) against their
# shortest texts that read back as the same double, worked out by hand (Python's repr agrees):
# Godot 3 formats at most 16 decimals and its own parsers are not exact, so this is where it
# could go wrong. The values are computed (a division is correctly rounded), not literals,
# which Godot 3's tokenizer may round differently. Then every range of doubles (tiny, huge,
# subnormal, random bit patterns) against numbers.txt beside it, which
# tests/emitters/gdscript_numbers.py writes from Python's repr: each line a double's IEEE bits
# (built into the double exactly, no parser in between) and its text. Run by
# tests/emitters/check_emitter.sh.
extends SceneTree


func _init():
	var Trace = load("res://tilestep_trace.gd")
	var zero = 0.0
	var cases = [
		[402.0 / 10.0, "40.2"],
		[1.0 / 10.0, "0.1"],
		[1.0 / 10000000.0, "0.0000001"],
		[-zero, "-0"],
		[zero, "0"],
		[1.0 / 10.0 + 2.0 / 10.0, "3.0000000000000004e-1"],  # 0.30000000000000004: 17 decimals
		[1.0 / 3.0, "0.3333333333333333"],
		[100.0 / 3.0, "33.333333333333336"],
		[-3.0 / 2.0, "-1.5"],
		[1.0 / 1024.0, "0.0009765625"],
		[7.0 / 3.0 / 1000000000.0, "2.3333333333333335e-9"],
		[144.0, "144"],
	]
	var reference = File.new()
	if reference.open("res://numbers.txt", File.READ) != OK:
		printerr("gdscript_numbers: no numbers.txt (tests/emitters/gdscript_numbers.py writes it)")
		OS.exit_code = 1
		quit()
		return
	var bits = StreamPeerBuffer.new()
	var referenced = 0
	while not reference.eof_reached():
		var line = reference.get_line().split(" ")
		if line.size() != 2:
			continue
		bits.clear()
		bits.put_64(int(line[0]))
		bits.seek(0)
		cases.append([bits.get_double(), line[1]])
		referenced += 1
	if referenced < 100:
		printerr("gdscript_numbers: numbers.txt holds %d numbers" % referenced)
		OS.exit_code = 1
		quit()
		return
	var failed = 0
	for c in cases:
		var got = Trace._num(c[0])
		if got != c[1]:
			printerr("gdscript_numbers: expected %s, got %s" % [c[1], got])
			failed += 1
	OS.exit_code = 1 if failed > 0 else 0
	quit()
