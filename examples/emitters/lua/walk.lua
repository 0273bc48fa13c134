-- The reference walk of docs/emitters.md (examples/emitters/c/walk.c) in Lua.
local here = arg and arg[0]:match("^(.*)[/\\]") or "."
package.path = here .. "/?.lua;" .. package.path
local Trace = require("tilestep_trace")

local t = Trace.open{tile_size = 16, rate = 60}
if not t.ok then
  io.stderr:write("walk.lua: cannot open TILESTEP_TRACE (" .. (os.getenv("TILESTEP_TRACE") or "unset") .. ")\n")
  os.exit(1)
end
t:header_actor("hero", "walk_example", 12, 16, false)
local x, y, vx, vy, dir, grounded, air = 32.0, 144.0, 0.0, 0.0, 1, true, 0
for frame = 0, 599 do
  local jumped, landed = false, false
  if x >= 448 then dir = -1 end
  if x <= 32 then dir = 1 end
  if vx < 2 * dir then vx = vx + 0.25 end
  if vx > 2 * dir then vx = vx - 0.25 end
  if grounded and frame % 120 == 30 then vy, grounded, jumped = -6.0, false, true end
  if not grounded then vy = math.min(vy + 0.375, 8.0) end
  x, y = x + vx, y + vy
  if y >= 144 then
    landed = not grounded
    y, vy, grounded = 144.0, 0.0, true
  end
  air = grounded and 0 or air + 1

  t:frame(frame)
  t:state("hero", x, y, vx, vy, {{"grounded", grounded}, {"facing", dir > 0 and "right" or "left"},
                                 {"air_frames", air}})
  t:probe("hero", "point", grounded and "hit" or "miss", "ground", {{"x", x + 6}, {"y", y + 16}})
  t:probe("hero", "arrow", "info", "velocity",
          {{"x0", x + 6}, {"y0", y + 8}, {"x1", x + 6 + vx * 4}, {"y1", y + 8 + vy * 4}})
  if jumped then t:probe("hero", "text", "info", "jump", {{"x", x}, {"y", y - 4}}) end
  if landed then
    t:probe("hero", "rect", "block", "floor", {{"x0", x}, {"y0", 160}, {"x1", x + 12}, {"y1", 176}})
  end
end
os.exit(t:close() and 0 or 1)
