"""The feed's channels on a Redis Cluster: each battle publishes on its shard's channel, in the
slot of the battle's keys (so the save script may SPUBLISH on it), the scripts publish with
SPUBLISH there and with PUBLISH on one Redis, and a message read off a shard channel names its
battle in its head."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from redis.crc import key_slot

from shared.store import codec, redis_scripts
from shared.store.redis_keys import Keys

BATTLE_IDS = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9._-]{0,40}", fullmatch=True)


@given(BATTLE_IDS)
def test_a_battles_shard_channel_shares_its_keys_slot(battle_id):
    keys = Keys("mb", 64)
    channel = keys.channel(battle_id)
    assert channel == f"mb:events:{{mb:{keys.shard(battle_id)}}}"
    assert key_slot(channel.encode()) == key_slot(keys.battle(battle_id)[0].encode())


def test_the_64_shard_channels_are_in_64_slots_and_one_redis_has_none():
    channels = Keys("mb", 64).shard_channels()
    assert len({key_slot(c.encode()) for c in channels}) == 64
    assert Keys("mb").shard_channels() == [] and Keys("mb").channel("b1") == "mb:events:b1"


@given(BATTLE_IDS, st.integers(min_value=1, max_value=10**6), st.booleans())
def test_a_message_names_its_battle_in_its_head(battle_id, revision, follows):
    head, tail = codec.message_parts(battle_id, "active", ['{"seq":1}'], codec.HOLD_KEEP, "", "r-1", "",
                                     follows)
    assert codec.battle_id_of_message(head + str(revision) + tail) == battle_id
    answer = codec.answer_message(battle_id, "r-1", {"ok": False, "code": "stale"})
    assert codec.battle_id_of_message(answer) == battle_id


def test_the_cluster_scripts_publish_with_spublish_and_one_redis_keeps_publish():
    publishing = [redis_scripts.SAVE, redis_scripts.ABANDON, redis_scripts.SET_HOLD, redis_scripts.PUT_DECISION,
                  redis_scripts.ANNOUNCE]
    for script in publishing:
        assert len(re.findall(r"redis\.call\('PUBLISH'", script)) == 1
        sharded = redis_scripts.sharded(script)
        assert "'PUBLISH'" not in sharded and len(re.findall(r"redis\.call\('SPUBLISH'", sharded)) == 1
    # Scripts that publish nothing are left as they are.
    assert redis_scripts.sharded(redis_scripts.TOUCH) == redis_scripts.TOUCH
