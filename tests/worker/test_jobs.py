"""The worker jobs on the in-memory store: the director's Engine fallback and its log
sentence, decision ids that apply once, the opponents refusal, and the window sweeper."""

from __future__ import annotations

import json

import pytest

from shared.combat import decide_for
from shared.store import MemoryBattleStore
from tests.conftest import EXAMPLES
from shared.service import jobs
from shared.service.battles import BattleService


def _battle(controller: str = "player") -> tuple[BattleService, str, int]:
    service = BattleService(MemoryBattleStore())
    digest = service.put_ruleset(json.loads((EXAMPLES / "lantern-marsh.json").read_text()))
    party = json.loads((EXAMPLES / "party.json").read_text())
    for member in party:
        member["controller"] = controller
    foes = json.loads((EXAMPLES / "foes.json").read_text())
    created = service.create(digest, party, foes, seed=11, battle_id="b-jobs")
    assert created["ok"], created
    return service, created["battle"], created["revision"]


def _seqs(service: BattleService, battle: str) -> list[int]:
    return [e["seq"] for e in service.store.events_after(battle, 0, limit=5000)]


def test_director_falls_back_to_the_engine_and_the_log_says_so():
    service, battle, revision = _battle("gm")
    state, _ = service.load(battle)
    assert state.pending.controller == "gm"
    expected = decide_for(service.ruleset(state.ruleset.digest), state)
    last_before = state.seq
    answer = jobs.director(service, battle, jobs.decision_id(battle, revision))
    assert answer["ok"], answer
    first = answer["events"][0]
    assert first["kind"] == "engine-decides" and first["seq"] == last_before + 1
    name = state.combatant(expected["actor"]).name
    assert first["text"].startswith(f"No GM model is configured, so the Engine's tactics decide for {name}: ")
    assert _seqs(service, battle) == list(range(1, len(_seqs(service, battle)) + 1))
    after, _ = service.load(battle)
    assert after.seq == _seqs(service, battle)[-1]


def test_director_fallback_plays_a_gm_party_to_the_end():
    service, battle, revision = _battle("gm")
    for _ in range(300):
        answer = jobs.director(service, battle, jobs.decision_id(battle, revision))
        assert answer["ok"], answer
        revision = answer["revision"]
        if answer["outcome"]:
            break
    assert answer["outcome"] in ("victory", "defeat", "stalemate")
    seqs = _seqs(service, battle)
    assert seqs == list(range(1, len(seqs) + 1))


def test_a_duplicated_director_message_applies_once():
    service, battle, revision = _battle("gm")
    decision = jobs.decision_id(battle, revision)
    first = jobs.director(service, battle, decision)
    assert jobs.director(service, battle, decision) == first
    assert service.load(battle)[1] == first["revision"] > revision


def test_director_refuses_a_decision_at_another_revision():
    service, battle, revision = _battle("gm")
    assert jobs.director(service, battle, jobs.decision_id(battle, revision))["ok"]
    late = jobs.director(service, battle, jobs.decision_id(battle, revision + 7))
    assert late["ok"] is False and late["code"] == "stale-revision"


def test_director_leaves_player_decisions_alone():
    service, battle, revision = _battle("player")
    answer = jobs.director(service, battle, jobs.decision_id(battle, revision))
    assert answer["code"] == "not-gm-decision"
    assert service.load(battle)[1] == revision
    assert jobs.director(service, battle, "nonsense")["code"] == "malformed"


def test_invent_opponents_refuses_without_a_model():
    service, _battle_id, _revision = _battle()
    digest = service.load(_battle_id)[0].ruleset.digest
    party = json.loads((EXAMPLES / "party.json").read_text())
    answer = jobs.invent_opponents(service, {"ruleset": digest, "party": party, "foes": [{"invent": 2, "tier": "pack"}]})
    assert answer["ok"] is False and answer["code"] == jobs.NO_GM_MODEL
    assert "no GM model is configured" in answer["message"]


def test_sweeper_with_nothing_due_does_nothing():
    service, battle, revision = _battle()
    assert jobs.sweep_windows(service, 1e12) == {"swept": 0, "results": {}}


def test_sweeper_survives_a_pass_the_rules_refuse():
    service, battle, revision = _battle()
    state, _ = service.load(battle)
    service.store.set_hold(battle, {"actor": state.pending.actor, "deadline": 100.0})
    assert jobs.sweep_windows(service, 50.0)["swept"] == 0
    swept = jobs.sweep_windows(service, 200.0)
    result = swept["results"][battle]
    assert swept["swept"] == 1 and result["ok"] is False and result["code"] == "unknown-option"
    assert service.load(battle)[1] == revision


def test_task_log_switch_reads_the_usual_spellings_and_refuses_others():
    from shared.service.settings import Settings

    assert Settings.from_env({}).task_log is False
    assert Settings.from_env({"MARINARA_TASK_LOG": "1"}).task_log is True
    assert Settings.from_env({"MARINARA_TASK_LOG": " On "}).task_log is True
    assert Settings.from_env({"MARINARA_TASK_LOG": "off"}).task_log is False
    with pytest.raises(ValueError, match=r"MARINARA_TASK_LOG='maybe' is not one of"):
        Settings.from_env({"MARINARA_TASK_LOG": "maybe"})


def test_engine_apart_is_idle_unless_set_and_reaches_the_service():
    from worker.app import build_service
    from shared.service.settings import Settings

    assert Settings.from_env({}).engine_apart == "idle"
    assert Settings.from_env({"MARINARA_ENGINE_APART": " Never "}).engine_apart == "never"
    with pytest.raises(ValueError, match=r"MARINARA_ENGINE_APART='1' is not one of idle, always, never"):
        Settings.from_env({"MARINARA_ENGINE_APART": "1"})
    memory = {"MARINARA_STORE_URL": "memory://"}
    idle = build_service(Settings.from_env(memory))
    assert idle.apart == "idle" and idle.backlog is not None
    always = build_service(Settings.from_env({**memory, "MARINARA_ENGINE_APART": "always"}))
    assert always.apart == "always" and always.backlog is None
    with pytest.raises(ValueError, match="apart is one of always, idle, never, not 'sometimes'"):
        BattleService(MemoryBattleStore(), apart="sometimes")


def test_the_broker_is_a_redis_over_tcp_and_other_urls_are_refused_by_name():
    from shared.service.settings import Settings

    assert Settings.from_env({}).broker_url == "redis://127.0.0.1:6379/0"
    assert Settings.from_env({"REDIS_URL": "rediss://r:6380/2"}).broker_url == "rediss://r:6380/2"
    assert Settings.from_env({"REDIS_URL": "redis://a:6379/0", "MARINARA_BROKER_URL": "redis://b:6379/1"}) \
        .broker_url == "redis://b:6379/1"
    # kombu reads a Unix socket only in its own form, and then only database 0; the gateway's
    # own pushes read URLs as redis-py does: the two would not meet on one list.
    for url in ("unix:///run/redis.sock?db=1", "redis+socket:///run/redis.sock", "sqs://queue", "memory://"):
        with pytest.raises(ValueError, match=r"^MARINARA_BROKER_URL='.+' cannot be the Celery broker: it is a "
                                             r"Redis over TCP, redis://host:port/db or rediss://host:port/db, "
                                             r"or a RabbitMQ, amqp://user:password@host:port/vhost or amqps://...$"):
            Settings.from_env({"MARINARA_BROKER_URL": url})
    # A RabbitMQ: quorum queues, publisher confirms, no Redis transport options; Celery's
    # results stay on the Redis of REDIS_URL. CELERY_BROKER_URL names it too.
    from shared.service.settings import celery_config

    rabbit = Settings.from_env({"REDIS_URL": "redis://r:6379/2", "CELERY_BROKER_URL": "amqp://u:p@rabbit:5672/mb",
                                "MARINARA_BROKER_PREFIX": "mb:"})
    assert (rabbit.broker_url, rabbit.result_url, rabbit.rabbitmq) == ("amqp://u:p@rabbit:5672/mb", "redis://r:6379/2", True)
    assert rabbit.queue_arguments() == {"x-queue-type": "quorum"}
    config = celery_config(rabbit)
    assert config["broker_transport_options"] == {"confirm_publish": True}
    assert (config["result_backend"], config["result_backend_transport_options"]) == (
        "redis://r:6379/2", {"global_keyprefix": "mb:"})
    assert (config["task_acks_late"], config["worker_prefetch_multiplier"]) == (True, 1)
    assert Settings.from_env({"MARINARA_BROKER_URL": "redis://b:6379/1", "CELERY_BROKER_URL": "amqp://x//"}) \
        .broker_url == "amqp://x//", "CELERY_BROKER_URL wins, as Celery itself reads it first"
    assert Settings.from_env({"MARINARA_BROKER_URL": "redis://b:6379/1"}).queue_arguments() == {}
    with pytest.raises(ValueError, match=r"^REDIS_URL='unix:///s' cannot hold Celery's results beside a RabbitMQ"):
        Settings.from_env({"REDIS_URL": "unix:///s", "MARINARA_BROKER_URL": "amqp://x//"})
    # The store may be on a socket; the broker is then named on its own.
    with pytest.raises(ValueError, match=r"^REDIS_URL='unix:///run/redis.sock' .*set MARINARA_BROKER_URL$"):
        Settings.from_env({"REDIS_URL": "unix:///run/redis.sock"})
    both = Settings.from_env({"REDIS_URL": "unix:///run/redis.sock", "MARINARA_BROKER_URL": "redis://b:6379/1"})
    assert (both.store_url, both.broker_url) == ("unix:///run/redis.sock", "redis://b:6379/1")
