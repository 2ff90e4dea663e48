"""The Lua scripts of the Redis store: each write to a battle is one of these, so it is atomic.

Owns: the script texts. Every battle script receives the battle's keys in this order (see
`redis_store.Keys`): 1 state (hash: state, revision, last_seq, status, idle_ms, born, and
decision while the revision has an open decision), 2 hot
(list, last N events), 3 stream (Stream, entry id `<seq>-0`, field `e`), 4 hold (string),
5 conns (zset: connection id -> lease deadline ms), 6 reqs (set of the request-record
key names, so delete finds them). All six share one expiry. Writers also get 7, the
holds-due zset (the battle's shard of it on a cluster), and save gets 8, the request id's
record key. A script touches no key it is not given, and every key it is given is in the
battle's hash slot (`redis_keys.py`), so the scripts run on a Redis Cluster.

Every check runs before the first write: a script that refuses has written nothing (Redis
does not roll a script back).

`born` names one life of a battle id. A request record is stored as `born|record`, so a
record that outlived its battle (records expire on their own clock) is never taken for a
record of a new battle created later under the same id.

The scripts publish with `PUBLISH`; on a cluster the store runs them as `sharded` makes them,
publishing with `SPUBLISH` to the battle's shard channel (`redis_keys.py`), so a message is not
broadcast to every node of the cluster.
"""

from __future__ import annotations

_PRELUDE = r"""
-- Scripts that read TIME and then write need effect replication (the default from Redis 7).
if redis.replicate_commands then redis.replicate_commands() end

local function battle_ttl(idle)
  -- A write moves the expiry to idle from now unless a live lease already set it later.
  local ttl = math.max(idle, redis.call('PTTL', KEYS[1]))
  for i = 1, 6 do redis.call('PEXPIRE', KEYS[i], ttl) end
  return ttl
end

local function append(first, at, n, hot_limit)
  for i = 0, n - 1 do
    local text = ARGV[at + i]
    redis.call('XADD', KEYS[3], string.format('%d-0', first + i), 'e', text)
    redis.call('RPUSH', KEYS[2], text)
  end
  if n > 0 then redis.call('LTRIM', KEYS[2], -hot_limit, -1) end
end

local function write_hold(mode, text, deadline, battle_id)
  if mode == 'set' then
    redis.call('SET', KEYS[4], text)
    if deadline ~= '' then
      redis.call('ZADD', KEYS[7], deadline, battle_id)
    else
      redis.call('ZREM', KEYS[7], battle_id)
    end
  elseif mode == 'clear' then
    redis.call('DEL', KEYS[4])
    redis.call('ZREM', KEYS[7], battle_id)
  end
end

local function write_decision(text)
  -- The open decision belongs to one revision: every new revision sets or clears it.
  if text ~= '' then
    redis.call('HSET', KEYS[1], 'decision', text)
  else
    redis.call('HDEL', KEYS[1], 'decision')
  end
end

local function now_ms(arg)
  local given = tonumber(arg)
  if given >= 0 then return given end
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
"""

CREATE = _PRELUDE + r"""
-- ARGV: 1 revision, 2 state, 3 idle_ms, 4 n events, 5 hold mode, 6 hold text,
--       7 hold deadline or '', 8 battle id, 9 hot limit, 10 born, 11 open decision or '',
--       12.. events (seq 1..n)
if redis.call('EXISTS', KEYS[1]) == 1 then return {'exists'} end
-- Leftovers of an earlier battle with this id must not leak into the new one.
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6])
redis.call('ZREM', KEYS[7], ARGV[8])
local n = tonumber(ARGV[4])
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'revision', ARGV[1], 'last_seq', ARGV[4],
           'status', 'active', 'idle_ms', ARGV[3], 'born', ARGV[10])
write_decision(ARGV[11])
append(1, 12, n, tonumber(ARGV[9]))
write_hold(ARGV[5], ARGV[6], ARGV[7], ARGV[8])
battle_ttl(tonumber(ARGV[3]))
return {'ok'}
"""

SAVE = _PRELUDE + r"""
-- ARGV: 1 expected revision, 2 new revision, 3 state, 4 first seq, 5 n events,
--       6 hold mode, 7 hold text, 8 hold deadline or '', 9 battle id, 10 request record,
--       11 dedupe ms, 12 hot limit, 13 channel, 14 message head, 15 message tail,
--       16 open decision or '', 17 '1' when the save continues the request's own choice
--       (its record is replaced, not a duplicate), 18.. events
local cur = redis.call('HMGET', KEYS[1], 'revision', 'last_seq', 'status', 'idle_ms', 'born')
if not cur[1] then return {'missing'} end
local mark = cur[5] .. '|'
if #KEYS == 8 and ARGV[17] ~= '1' then
  local prior = redis.call('GET', KEYS[8])
  if prior and string.sub(prior, 1, #mark) == mark then
    return {'duplicate', string.sub(prior, #mark + 1)}
  end
end
if cur[3] ~= 'active' then return {'closed', cur[3]} end
if tonumber(cur[1]) ~= tonumber(ARGV[1]) then return {'conflict', cur[1]} end
local last_seq = tonumber(cur[2])
local n = tonumber(ARGV[5])
if n > 0 and tonumber(ARGV[4]) ~= last_seq + 1 then return {'seq', cur[2]} end
redis.call('HSET', KEYS[1], 'state', ARGV[3], 'revision', ARGV[2],
           'last_seq', string.format('%d', last_seq + n))
write_decision(ARGV[16])
append(last_seq + 1, 18, n, tonumber(ARGV[12]))
write_hold(ARGV[6], ARGV[7], ARGV[8], ARGV[9])
if #KEYS == 8 then
  redis.call('SET', KEYS[8], mark .. ARGV[10], 'PX', ARGV[11])
  redis.call('SADD', KEYS[6], KEYS[8])
end
battle_ttl(tonumber(cur[4]))
redis.call('PUBLISH', ARGV[13], ARGV[14] .. ARGV[2] .. ARGV[15])
return {'ok', string.format('%d', last_seq + n)}
"""

ABANDON = _PRELUDE + r"""
-- ARGV: 1 first seq, 2 n events, 3 battle id, 4 hot limit, 5 channel, 6 message head,
--       7 message tail, 8.. events
local cur = redis.call('HMGET', KEYS[1], 'revision', 'last_seq', 'status', 'idle_ms')
if not cur[1] then return {'missing'} end
if cur[3] ~= 'active' then return {'closed', cur[1]} end
local last_seq = tonumber(cur[2])
local n = tonumber(ARGV[2])
if n > 0 and tonumber(ARGV[1]) ~= last_seq + 1 then return {'seq', cur[2]} end
local revision = string.format('%d', tonumber(cur[1]) + 1)
redis.call('HSET', KEYS[1], 'revision', revision, 'status', 'abandoned',
           'last_seq', string.format('%d', last_seq + n))
write_decision('')
append(last_seq + 1, 8, n, tonumber(ARGV[4]))
write_hold('clear', '', '', ARGV[3])
battle_ttl(tonumber(cur[4]))
redis.call('PUBLISH', ARGV[5], ARGV[6] .. revision .. ARGV[7])
return {'ok', revision}
"""

SET_HOLD = _PRELUDE + r"""
-- ARGV: 1 hold mode, 2 hold text, 3 hold deadline or '', 4 battle id, 5 channel,
--       6 message head, 7 message tail
local cur = redis.call('HMGET', KEYS[1], 'revision', 'status', 'idle_ms')
if not cur[1] then return {'missing'} end
if cur[2] ~= 'active' then return {'closed', cur[2]} end
write_hold(ARGV[1], ARGV[2], ARGV[3], ARGV[4])
battle_ttl(tonumber(cur[3]))
redis.call('PUBLISH', ARGV[5], ARGV[6] .. cur[1] .. ARGV[7])
return {'ok'}
"""

PUT_DECISION = r"""
-- KEYS: 1 state. ARGV: 1 revision, 2 open decision, 3 channel, 4 message
local cur = redis.call('HMGET', KEYS[1], 'revision', 'status', 'decision')
if not cur[1] then return 'missing' end
if cur[2] ~= 'active' or tonumber(cur[1]) ~= tonumber(ARGV[1]) or cur[3] then return 'moved' end
redis.call('HSET', KEYS[1], 'decision', ARGV[2])
redis.call('PUBLISH', ARGV[3], ARGV[4])
return 'ok'
"""

TOUCH = _PRELUDE + r"""
-- ARGV: 1 connection id, 2 lease ms, 3 now ms (negative: the server's clock)
local idle = redis.call('HGET', KEYS[1], 'idle_ms')
if not idle then return -1 end
local now = now_ms(ARGV[3])
local lease = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', string.format('%d', now))
redis.call('ZADD', KEYS[5], string.format('%d', now + lease), ARGV[1])
-- The battle must outlive the lease by the idle time, so it never expires while the lease
-- is live, and expires idle time after a lease that is never renewed nor released.
local target = math.max(lease + tonumber(idle), redis.call('PTTL', KEYS[1]))
for i = 1, 6 do
  local left = redis.call('PTTL', KEYS[i])
  if left ~= -2 and left < target then redis.call('PEXPIRE', KEYS[i], target) end
end
return redis.call('ZCARD', KEYS[5])
"""

RELEASE = _PRELUDE + r"""
-- ARGV: 1 connection id, 2 now ms (negative: the server's clock)
local idle = redis.call('HGET', KEYS[1], 'idle_ms')
if not idle then return -1 end
local now = now_ms(ARGV[2])
redis.call('ZREM', KEYS[5], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', string.format('%d', now))
local left = redis.call('ZCARD', KEYS[5])
if left == 0 then
  redis.call('DEL', KEYS[5])
  for i = 1, 6 do redis.call('PEXPIRE', KEYS[i], idle) end
end
return left
"""

COUNT_CONNECTIONS = _PRELUDE + r"""
-- ARGV: 1 now ms (negative: the server's clock)
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
return redis.call('ZCOUNT', KEYS[5], '(' .. string.format('%d', now_ms(ARGV[1])), '+inf')
"""

ANNOUNCE = r"""
-- KEYS: 1 state, 2 reqs, 3 the request's answer key. ARGV: 1 the answer (JSON) or '' to
-- publish only, 2 keep ms, 3 channel, 4 message.
-- A refusal is kept beside the request records (same `born|` mark, same life), so every
-- gateway on the store answers `GET /choices/{request_id}` alike, not only the one whose
-- socket heard it.
if ARGV[1] ~= '' then
  local born = redis.call('HGET', KEYS[1], 'born')
  if born then
    redis.call('SET', KEYS[3], born .. '|' .. ARGV[1], 'PX', ARGV[2])
    redis.call('SADD', KEYS[2], KEYS[3])
    -- The set shares the battle's expiry: one created here would otherwise never expire.
    if redis.call('PTTL', KEYS[2]) == -1 then
      local ttl = redis.call('PTTL', KEYS[1])
      if ttl > 0 then redis.call('PEXPIRE', KEYS[2], ttl) end
    end
  end
end
redis.call('PUBLISH', ARGV[3], ARGV[4])
return 1
"""


def sharded(script: str) -> str:
    """`script` publishing with SPUBLISH instead of PUBLISH (a cluster's shard channels). The
    channel shares the slot of the keys the script is given, as a cluster requires."""
    return script.replace("redis.call('PUBLISH',", "redis.call('SPUBLISH',")
