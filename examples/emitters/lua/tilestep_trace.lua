-- tilestep trace emitter for Lua games (LÖVE, Defold, plain Lua 5.1 to 5.4): one file; sockets
-- through LuaSocket (Debian: lua-socket; LÖVE ships it), files through io.
--
-- Writes the JSON-lines trace of docs/trace-format.md to where TILESTEP_TRACE says: a file path,
-- tcp://HOST:PORT or unix:PATH (a viewer: `tilestep view MAP --listen ...`,
-- `tilestep record --listen ...`). A viewer that goes away never stops the game: the trace just
-- stops (close() returns false).
--
-- A socket never blocks the game (docs/emitters.md, "Connecting, refusals, a slow viewer"): a
-- viewer not listening yet is tried again (0.25 s, doubling up to 4 s apart, for RETRY_SECONDS);
-- whole frames wait in at most BUFFER_BYTES, a frame that does not fit is dropped (counted in
-- `dropped`, said once on stderr); a refusal from tilestep ("tilestep: busy: ...") is printed.
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
Trace.BUFFER_BYTES = 1024 * 1024 -- whole frames waiting for a slow (or absent) viewer, at most
Trace.RETRY_SECONDS = 60 -- a viewer not listening yet is tried again for this long
local socket_ok, socket = pcall(require, "socket")
local function now() return socket_ok and socket.gettime() or os.time() end
local function say(text) io.stderr:write(text .. "\n") end

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
                              runs = {}, inbuf = "", keys = nil,
                              pend = {}, head = 1, tail = 0, pos = 1, pend_bytes = 0,
                              dropped = 0, peak = 0,
                              backoff = 0.25 }, Trace)
  local dest = opts.dest or os.getenv("TILESTEP_TRACE") or ""
  self.dest = dest
  if dest:sub(1, 6) == "tcp://" or dest:sub(1, 5) == "unix:" then
    self.ok = socket_ok and (dest:sub(1, 5) == "unix:" or
                             dest:sub(7):match("^%[?(.-)%]?:(%d+)$") ~= nil)
    self.give_up = now() + Trace.RETRY_SECONDS
    if self.ok then self:_connect() end
  elseif dest ~= "" then
    self.file = io.open(dest, "wb")
    self.ok = self.file ~= nil
  end
  return self
end

-- One try; the first failure (nothing listening) is said, later ones wait twice as long.
function Trace:_connect()
  local s
  if self.dest:sub(1, 5) == "unix:" then
    s = require("socket.unix")()
    if s and not s:connect(self.dest:sub(6)) then s:close(); s = nil end
  else
    local host, port = self.dest:sub(7):match("^%[?(.-)%]?:(%d+)$")
    s = socket.tcp()
    s:settimeout(1)
    if not s:connect(host, tonumber(port)) then s:close(); s = nil end
  end
  if s then
    s:settimeout(0) -- sends never wait: what it cannot take stays in pend
    if self.waiting then say("tilestep: connected to " .. self.dest) end
    self.sock, self.waiting = s, false
    return
  end
  if not self.waiting then
    say(string.format("tilestep: nothing listening at %s yet; trying again for %d s (the game runs on)",
                      self.dest, Trace.RETRY_SECONDS))
  else
    self.backoff = math.min(self.backoff * 2, 4)
  end
  self.waiting = true
  self.next_try = now() + self.backoff
end

function Trace:_drop_socket()
  if self.sock then self.sock:close() end
  self.sock, self.waiting, self.ok = nil, false, false
end

-- Sends what the socket takes now (or within `wait` seconds); a viewer gone fails the trace,
-- its last words (a refusal) read first.
function Trace:_send(wait)
  local deadline = now() + (wait or 0)
  while self.sock and self.head <= self.tail do
    local chunk = self.pend[self.head]
    local last, err, partial = self.sock:send(chunk, self.pos)
    local done = last or partial or self.pos - 1
    self.pend_bytes = self.pend_bytes - (done - self.pos + 1)
    if last then
      self.pend[self.head] = nil
      self.head, self.pos = self.head + 1, 1
    elseif err == "timeout" then
      self.pos = done + 1
      if now() >= deadline then return end
      socket.select(nil, { self.sock }, deadline - now())
    else
      self:_read(0)
      self:_drop_socket()
    end
  end
  if self.head > self.tail then self.pend, self.head, self.tail = {}, 1, 0 end
end

-- A whole frame for the socket: kept (or dropped when the buffer is full), then sent as far as
-- the socket takes it; a viewer not there yet is tried again once its back-off is over. A
-- control line (control true, a few bytes) is never dropped: the bound is for frames, and a
-- lost `!control 1` would leave a polling game running free.
function Trace:_frame_end(data, control)
  if not control and self.pend_bytes + #data > Trace.BUFFER_BYTES then
    if self.dropped == 0 then
      say(string.format("tilestep: the viewer is %s: frames past the %d-byte buffer are dropped " ..
                        "(the trace skips them)", self.waiting and "not there yet" or
                        "not keeping up", Trace.BUFFER_BYTES))
    end
    self.dropped = self.dropped + 1
  else
    -- pend[head..tail] wait; the slots before head are nil. Not #self.pend: in a table with
    -- holes at its start, # may give any border (0 among them), and a frame written there was
    -- never sent, the queue reset over unsent frames (frames lost mid-trace).
    self.tail = self.tail + 1
    self.pend[self.tail] = data
    self.pend_bytes = self.pend_bytes + #data
    self.peak = math.max(self.peak, self.pend_bytes)
  end
  if self.waiting then
    if now() >= self.give_up then
      say(string.format("tilestep: nothing listened at %s for %d s; this game is not traced",
                        self.dest, Trace.RETRY_SECONDS))
      self:_drop_socket()
      return
    end
    if now() < self.next_try then return end
    self:_connect()
  end
  if self.ctl == 0 then self:_read(0) end -- tilestep says nothing unasked but a refusal
  self:_send(0)
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
  if not self.file then
    self:_frame_end(data)
  elseif not self.file:write(data) then
    self.ok = false
  end
end

-- Frame boundary: the lines that follow belong to `f`. A socket sends each frame as it ends.
function Trace:frame(f)
  if f ~= self.frame_no and (not self.file or #self.lines > 256) then self:_flush() end
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
  if line:sub(1, 10) == "tilestep: " then -- turned away (busy): said, never silent
    say(line .. "; this game is not traced")
    self:_drop_socket()
  elseif line == "hello 1" then
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
    self.sock:settimeout(0) -- sends never wait
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
  if not self.file then self:_flush() end -- the frame before is whole: a paused game's last is seen
  if not self.sock or not self.ok or self.ctl < 0 then return { advance = true } end
  if self.ctl == 0 then
    self:_frame_end("!control 1\n", true)
    if not self.sock then return { advance = true } end
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
  if self.waiting then -- one last try
    self:_connect()
    if self.waiting then
      say("tilestep: nothing listened at " .. self.dest .. "; this game is not traced")
      self:_drop_socket()
    end
  end
  self:_send(5) -- the game is ending: its last frames may wait up to 5 s
  if self.sock and self.head <= self.tail then self.ok = false end
  if self.dropped > 0 then
    say(string.format("tilestep: %d frames dropped in all (the trace skips them)", self.dropped))
  end
  if self.sock then self.sock:close() end
  if self.file and not self.file:close() then self.ok = false end
  self.sock, self.file = nil, nil
  return self.ok
end

return Trace
