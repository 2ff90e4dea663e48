"""Twenty replies at once on one game through a real Redis: the compare-and-set loses no
tick. Continuations (no parent named) must form one chain, each applied to the state its
predecessor left; regenerations of one message must all be kept, each from the same
parent. The same holds for a character's hit points."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from shared.service.games import MISSING, GameService
from shared.ruleset.load import load_package
from tests.conftest import needs_upstream
from tests.games.fixtures import game_package
from tests.games.upstream_games import FIVE_E, brom
from tests.games.upstream_games import ruleset as upstream_ruleset

DIGEST = "sha256:" + "1" * 64
REPLIES = 20
RULESET = load_package(game_package(clocks={"sizes": [12], "max": 8}))


def at_once(count: int, work) -> list:
    start = threading.Barrier(count)

    def one(i: int):
        start.wait()
        return work(i)

    with ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(one, range(count)))


def new_game(store) -> GameService:
    service = GameService(store, lambda digest: RULESET)
    service.create("race", DIGEST, [])
    service.reply("race", "start", None, '[clock: name="Alarm raised" size="12"]')
    return service


def test_twenty_continuations_tick_one_clock_in_one_chain(redis_games):
    service = new_game(redis_games)
    answers = at_once(REPLIES, lambda i: service.reply("race", f"r{i}", MISSING, '[clock: name="Alarm raised" tick="1"]'))
    parents = [a["parent"] for a in answers]
    assert len(set(parents)) == REPLIES, "two replies continued the same snapshot: a tick was lost"
    # Walk the chain back from the current snapshot: all twenty, each one tick past its parent.
    record = redis_games.load_game("race").record
    chain = []
    at = record["current"]
    while at != "start":
        chain.append(at)
        at = record["tree"][at]
    assert len(chain) == REPLIES
    fills = [redis_games.get_snapshot("race", sid)["state"]["clocks"][0]["filled"] for sid in reversed(chain)]
    assert fills == [min(n, 12) for n in range(1, REPLIES + 1)]
    nows = sorted(a["receipts"][0]["now"] for a in answers)
    assert nows == sorted(f"{min(n, 12)}/12" for n in range(1, REPLIES + 1))
    assert service.view("race")["clocks"] == [{"name": "Alarm raised", "size": 12, "filled": 12}]


def test_twenty_regenerations_of_one_message_are_all_kept(redis_games):
    service = new_game(redis_games)
    service.reply("race", "m1", "start", '[clock: name="Alarm raised" tick="3"]')
    answers = at_once(REPLIES, lambda i: service.reply("race", f"swipe{i}", "m1", '[clock: name="Alarm raised" tick="1"]'))
    assert [a["clocks"][0]["filled"] for a in answers] == [4] * REPLIES
    record = redis_games.load_game("race").record
    assert sorted(s for s, p in record["tree"].items() if p == "m1") == sorted(f"swipe{i}" for i in range(REPLIES))
    assert redis_games.load_game("race").revision == 3 + REPLIES  # create, start, m1, then one commit per reply


@needs_upstream
def test_twenty_hits_at_once_on_one_character_lose_none_and_regenerations_spend_once(redis_games):
    service = GameService(redis_games, lambda digest: upstream_ruleset(FIVE_E))
    service.create("race", DIGEST, [brom()])
    hit = '[sheet: who="Brom" op="damage" pool="hp" amount="1"]'
    answers = at_once(REPLIES, lambda i: service.reply("race", f"r{i}", MISSING, hit))
    # Twenty continuations, one chain: 28 - 1 each time, every number from 27 down to 8 once.
    assert sorted(a["receipts"][0]["now"] for a in answers) == sorted(f"{28 - n}/28" for n in range(1, REPLIES + 1))
    assert service.view("race")["live"] == {"Brom": {"pools": {"hp": 8}}}
    # Twenty regenerations of the last reply, from its parent (Brom at 9): each spends once.
    last = service.view("race")["current"]
    parent = redis_games.load_game("race").record["tree"][last]
    swipes = at_once(REPLIES, lambda i: service.reply("race", f"s{i}", parent, hit))
    assert [a["receipts"][0]["now"] for a in swipes] == ["8/28"] * REPLIES
