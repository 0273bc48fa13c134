-- The reference walk of docs/emitters.md (examples/emitters/c/walk.c) in Lua: it polls tilestep
-- every frame and walks by the keys it is driven with; TILESTEP_INPUTS=LOG plays an input log on
-- its own (offline).
local here = arg and arg[0]:match("^(.*)[/\\]") or "."
package.path = here .. "/?.lua;" .. package.path
local Trace = require("tilestep_trace")

-- An input log (COUNT,KEY,KEY... lines, # comments) as each frame's letters.
local function read_log(path)
  local frames = {}
  for line in io.lines(path) do
    local body = line:gsub("#.*", "")
    local count, rest = body:match("^%s*(%d+)(.*)$")
    if count then
      local letters = {}
      for k in ("LRUDJ"):gmatch(".") do
        if rest:find(k, 1, true) then letters[#letters + 1] = k end
      end
      for _ = 1, tonumber(count) do frames[#frames + 1] = table.concat(letters) end
    end
  end
  return frames
end

local inputs = os.getenv("TILESTEP_INPUTS") or ""
local log = inputs ~= "" and read_log(inputs) or {}
local frame_ms = tonumber(os.getenv("TILESTEP_FRAME_MS") or "0") or 0 -- each frame takes this long
local t = Trace.open{tile_size = 16, rate = 60}
if not t.ok then
  io.stderr:write("walk.lua: cannot open TILESTEP_TRACE (" .. (os.getenv("TILESTEP_TRACE") or "unset") .. ")\n")
  os.exit(1)
end
t:header_actor("hero", "walk_example", 12, 16, false)
-- The level: 30 x 12 tiles of 16 px, walls at both ends, the floor from y 160.
local level = {}
for i = 0, 30 * 12 - 1 do level[i + 1] = i // 30 >= 10 or i % 30 == 0 or i % 30 == 29 end
t:grid(30, 12, 16, level)
local x, y, vx, vy, dir, grounded, air = 32.0, 144.0, 0.0, 0.0, 1, true, 0
local frame = 0
while frame < 600 do
  local c = t:poll()
  if c.advance then -- else paused by tilestep: a real game would draw here
    local keys = c.keys
    if keys == nil and log[frame + 1] then
      keys = log[frame + 1]
      t:set_keys(keys)
    end
    local jumped, landed, want = false, false, nil
    if keys then
      local d = (keys:find("R", 1, true) and 1 or 0) - (keys:find("L", 1, true) and 1 or 0)
      if d ~= 0 then dir = d end
      want = 2 * d
    else
      if x >= 448 then dir = -1 end
      if x <= 32 then dir = 1 end
      want = 2 * dir
    end
    if vx < want then vx = vx + 0.25 end
    if vx > want then vx = vx - 0.25 end
    local jump
    if keys then jump = keys:find("J", 1, true) ~= nil else jump = frame % 120 == 30 end
    if grounded and jump then vy, grounded, jumped = -6.0, false, true end
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
    frame = frame + 1
    if frame_ms > 0 then require("socket").sleep(frame_ms / 1000) end -- a real game's frame time
  end
end
os.exit(t:close() and 0 or 1)
