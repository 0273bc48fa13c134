-- tilestep trace emitter for Lua games (LÖVE, Defold, plain Lua 5.1 to 5.4): one file; sockets
-- through LuaSocket (Debian: lua-socket; LÖVE ships it), files through io.
--
-- Writes the JSON-lines trace of docs/trace-format.md to where TILESTEP_TRACE says: a file path,
-- tcp://HOST:PORT or unix:PATH (a viewer: `tilestep view MAP --listen ...`,
-- `tilestep record --listen ...`). A viewer that goes away never stops the game: the trace just
-- stops (close() returns false).
--
--   local Trace = require("tilestep_trace")
--   local t = Trace.open{map = "level1.json", tile_size = 16, rate = 60}  -- dest: $TILESTEP_TRACE
--   t:header_actor("hero", "my_platformer", 12, 16, false)
--   t:frame(f)
--   t:state("hero", x, y, vx, vy, {{"grounded", true}, {"facing", "right"}})
--   t:probe("hero", "point", "hit", "ground", {{"x", x + 6}, {"y", y + 16}})
--   t:close()
-- Fields are lists of {key, value} pairs: Lua tables have no order, a trace's lines do.
--
-- Control (docs/emitters.md): call poll() once per frame, before the step; tilestep may pause,
-- step and drive the game through it:
--   local c = t:poll()
--   if c.advance then                        -- false: paused by tilestep, draw and poll again
--     local keys = c.keys or read_player_keys()   -- "RJ": the input log's letters
--   end
local Trace = {}
Trace.__index = Trace

local function number(v)
  if v ~= v or v == math.huge or v == -math.huge then return "null" end
  if math.type and math.type(v) == "integer" then return string.format("%d", v) end
  if v == math.floor(v) and math.abs(v) < 2 ^ 53 then return string.format("%.0f", v) end
  -- The fewest digits that read back as the same double: 40.2, not %.17g's 40.200000000000003.
  for digits = 15, 16 do
    local s = string.format("%." .. digits .. "g", v)
    if tonumber(s) == v then return s end
  end
  return string.format("%.17g", v)
end

local escapes = { ['"'] = '\\"', ['\\'] = '\\\\', ['\n'] = '\\n', ['\r'] = '\\r', ['\t'] = '\\t' }
local function str(s)
  return '"' .. tostring(s):gsub('[%c"\\]', function(c)
    return escapes[c] or string.format("\\u%04x", c:byte())
  end) .. '"'
end

local function value(v)
  local t = type(v)
  if t == "string" then return str(v) end
  if t == "boolean" then return v and "true" or "false" end
  if t == "number" then return number(v) end
  return "null"
end

function Trace.open(opts)
  opts = opts or {}
  local self = setmetatable({ ok = false, lines = {}, frame_no = 0, actors = {},
                              header_done = false, opts = opts,
                              ctl = 0, paused = false, steps = 0, restart = false,
                              runs = {}, inbuf = "", keys = nil }, Trace)
  local dest = opts.dest or os.getenv("TILESTEP_TRACE") or ""
  if dest:sub(1, 6) == "tcp://" then
    local host, port = dest:sub(7):match("^%[?(.-)%]?:(%d+)$")
    local socket = require("socket")
    self.sock = host and socket.connect(host, tonumber(port))
  elseif dest:sub(1, 5) == "unix:" then
    local unix = require("socket.unix")
    local s = unix()
    if s and s:connect(dest:sub(6)) then self.sock = s end
  elseif dest ~= "" then
    self.file = io.open(dest, "wb")
  end
  self.ok = (self.sock or self.file) ~= nil
  return self
end

function Trace:header_actor(name, mover, w, h, round)
  local a = '{"name":' .. str(name)
  if mover then a = a .. ',"mover":' .. str(mover) end
  self.actors[#self.actors + 1] = a .. string.format(',"w":%d,"h":%d,"round":%s}', w or 0, h or 0,
                                                     round and "true" or "false")
end

-- The level's collision grid, sent in the header (docs/trace-format.md, "The grid"): w x h
-- cells of tile px, solid a row-major array (solid[1] is cell (0, 0); true = solid). Call
-- before the first frame.
function Trace:grid(w, h, tile, solid)
  local runs, i = {}, 1
  while i <= w * h do
    local j = i
    while j <= w * h and not solid[j] == not solid[i] do j = j + 1 end
    runs[#runs + 1] = (j - i) .. (solid[i] and "#" or ".")
    i = j
  end
  self.grid_json = string.format(',"grid":{"w":%d,"h":%d,"tile":%d,"solid":"%s"}', w, h, tile,
                                 table.concat(runs))
end

function Trace:_header()
  if self.header_done then return end
  self.header_done = true
  local h = '{"tilestep_trace":1'
  if self.opts.map then h = h .. ',"map":' .. str(self.opts.map) end
  self.lines[#self.lines + 1] = h .. string.format(',"tile_size":%d,"rate":%d,"actors":[%s]%s}\n',
    self.opts.tile_size or 16, self.opts.rate or 60, table.concat(self.actors, ","),
    self.grid_json or "")
end

function Trace:_line(text)
  self:_header()
  self.lines[#self.lines + 1] = text .. "\n"
end

function Trace:_flush()
  local data = table.concat(self.lines)
  self.lines = {}
  if not self.ok or data == "" then return end
  if self.sock then
    local sent, err = self.sock:send(data)
    if not sent then self.ok = false end
  elseif not self.file:write(data) then
    self.ok = false
  end
end

-- Frame boundary: the lines that follow belong to `f`. A socket sends each frame as it ends.
function Trace:frame(f)
  if f ~= self.frame_no and (self.sock or #self.lines > 256) then self:_flush() end
  self.frame_no = f
end

function Trace:state(actor, x, y, vx, vy, fields)
  local s = { string.format('{"frame":%d,"actor":%s,"x":%s,"y":%s,"vx":%s,"vy":%s', self.frame_no,
                            str(actor), number(x), number(y), number(vx or 0), number(vy or 0)) }
  if self.keys then s[#s + 1] = ',"keys":' .. str(self.keys) end
  for _, kv in ipairs(fields or {}) do s[#s + 1] = "," .. str(kv[1]) .. ":" .. value(kv[2]) end
  self:_line(table.concat(s) .. "}")
end

-- kind: point, rect, segment, cell, band, arrow, value, text; verdict: hit, miss, pass, block,
-- info; coords: {{"x", x}, {"y", y}} or x0, y0, x1, y1, ...
function Trace:probe(actor, kind, verdict, why, coords)
  local s = { string.format('{"frame":%d,"actor":%s,"probe":{"kind":"%s","verdict":"%s","why":%s',
                            self.frame_no, str(actor), kind, verdict, str(why)) }
  for _, kv in ipairs(coords or {}) do s[#s + 1] = ',"' .. kv[1] .. '":' .. number(kv[2]) end
  self:_line(table.concat(s) .. "}}")
end

-- Marks this frame as played with `letters` ("RJ"): its state lines carry them. poll() does it
-- for driven frames; a game replaying a log on its own calls it.
function Trace:set_keys(letters)
  self.keys = letters
end

local function only_keys(letters)
  local out = {}
  for k in ("LRUDJ"):gmatch(".") do
    if letters:find(k, 1, true) then out[#out + 1] = k end
  end
  return table.concat(out)
end

function Trace:_command(line)
  local word, rest = line:match("^(%S+)%s*(.*)$")
  if line == "hello 1" then
    self.ctl = 2
  elseif word == "pause" then
    self.paused, self.steps = true, 0
  elseif word == "resume" then
    self.paused = false
  elseif word == "step" then
    self.paused, self.steps = true, self.steps + (tonumber(rest) or 0)
  elseif word == "restart" then
    self.restart = true
  elseif word == "keys" then
    local count, letters = rest:match("^(%d+)%s+(%S*)")
    if count then self.runs[#self.runs + 1] = { tonumber(count), only_keys(letters) } end
  end -- anything else is from a later version: ignored
end

-- Reads the commands that have arrived, waiting up to `wait` seconds for the first.
function Trace:_read(wait)
  while self.sock and self.ctl >= 0 do
    self.sock:settimeout(wait)
    local line, err, part = self.sock:receive("*l", self.inbuf)
    self.sock:settimeout(nil) -- sends block again: a frame is never sent in part
    if line then
      self.inbuf = ""
      self:_command(line)
      wait = 0
    elseif err == "timeout" then
      self.inbuf = part or ""
      return
    else -- the viewer went away: the game runs on freely
      self.ctl, self.paused = -1, false
      return
    end
  end
end

-- Once per frame, before the step: {advance, keys, restart}. advance false: tilestep paused the
-- game (draw, poll again next frame); keys: nil, or the letters tilestep drives this frame with
-- ("RJ", "" for none); restart: restart the level. A file, or a viewer that sends nothing,
-- always gives {advance = true}. The first poll asks the viewer for control and waits up to
-- 2 s for its answer; while paused a poll waits up to 16 ms.
function Trace:poll()
  self.keys = nil
  if not self.sock or not self.ok or self.ctl < 0 then return { advance = true } end
  self:_flush() -- the frame before is whole: a paused game's last frame is seen
  if self.ctl == 0 then
    if not self.sock:send("!control 1\n") then
      self.ok = false
      return { advance = true }
    end
    self.ctl = 1
    for _ = 1, 100 do
      if self.ctl ~= 1 then break end
      self:_read(0.02)
    end
  end
  self:_read(0)
  if self.paused and self.steps == 0 then self:_read(0.016) end
  local c = { advance = true, restart = self.restart }
  self.restart = false
  if self.paused and self.steps == 0 then
    c.advance = false
    return c
  end
  if self.paused then self.steps = self.steps - 1 end
  local run = self.runs[1]
  if run then
    c.keys, self.keys = run[2], run[2]
    run[1] = run[1] - 1
    if run[1] == 0 then table.remove(self.runs, 1) end
  end
  return c
end

-- Sends or writes what is left; true when everything was written.
function Trace:close()
  self:_header()
  self:_flush()
  if self.sock then self.sock:close() end
  if self.file and not self.file:close() then self.ok = false end
  self.sock, self.file = nil, nil
  return self.ok
end

return Trace
