-- Requests for Debian's wrk (closed loop), written by bench/lib/wrk.ts: a file of raw HTTP requests (each one
-- complete, with its Host, cookie and Content-Length) separated by a line "\n@@clima-wrk@@\n". Each connection
-- sends them in turn, starting at its thread's own offset, so signed-in users rotate (one session per request
-- in turn, as many users would). The requests are read once per thread: sending one costs wrk no Lua work but
-- an index.
--
--   wrk -t1 -c50 -d10s -s bench/lib/wrk-rotate.lua http://127.0.0.1:port -- <requests file>
--
-- When the run ends, one line of JSON (prefixed "@@clima-wrk-json@@ ") gives what wrk measured: requests,
-- duration (µs), errors and the latency percentiles (µs) the bench prints.

local SEPARATOR = "\n@@clima-wrk@@\n"
local threads = {}
local counter = 0

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

local requests = {}
local i = 0

function init(args)
  local file = assert(io.open(args[1], "rb"))
  local all = file:read("*a")
  file:close()
  local from = 1
  while true do
    local at = string.find(all, SEPARATOR, from, true)
    if not at then
      if from <= #all then table.insert(requests, string.sub(all, from)) end
      break
    end
    table.insert(requests, string.sub(all, from, at - 1))
    from = at + #SEPARATOR
  end
  assert(#requests > 0, "no request in " .. args[1])
  -- each thread starts elsewhere in the list
  i = ((id or 0) * 7919) % #requests
end

function request()
  i = i + 1
  if i > #requests then i = 1 end
  return requests[i]
end

function done(summary, latency, _)
  local e = summary.errors
  io.write(string.format(
    '@@clima-wrk-json@@ {"requests":%d,"duration":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,' ..
      '"p50":%d,"p90":%d,"p99":%d,"max":%d,"mean":%.1f}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
