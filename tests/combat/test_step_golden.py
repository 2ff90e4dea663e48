"""The rules core's output, pinned step by step: a fixed set of whole fights played through
the service's hot path, each step digested, the digests recorded on the code as it was
before the resolver speed work of branch `rules-perf`.

A speed change to `shared/combat`, `shared/sheet`, `shared/ruleset` or `worker/decision.py`
must leave every digest as it is: the same events (text, seq, every field), the same dice,
the same states, the same menus with the same forecasts, the same suggestions.

The fights (bench/resolve.py `cases()` and bench/service.py set them up the same way):
  skirmish  examples/lantern-marsh.json, examples/party.json against examples/foes.json;
  boss      the same party plus two copies of its members renamed Ada and Bram against one
            drowned knight;
  dockside  tests/combat/fixtures/dockside.json, a symbol-pool fight: Juno and Ada against a
            dock bruiser and two gulls.
Each is played in three ways, ten seeds each:
  engine    everyone under the Engine's tactics: `start_battle` resolves the whole fight;
  player    the party under players, the foes under the Engine;
  gm        the party under players, the foes under the Game Master (so windows and turns
            are handed to a person on both sides).
A person's choice is the Engine's suggestion from the open decision, or (one time in four,
from a random generator seeded with the fight's seed) a random option of the menu with
random targets, so options the tactics never pick are resolved too. Even seeds take the
worker's path (the state read from JSON, `advance(..., owned=True)`), odd seeds the copying
one (`advance` on the state in memory, which it leaves as it was).

Every step (the start included) is digested as the canonical JSON (sorted keys, no spaces)
of its new events, the resulting state (`model_dump(mode="json")`) and
`open_decision(...).model_dump(mode="json")`; a fight's digest is the SHA-256 of its
steps' JSON lines. `python -m tests.combat.test_step_golden` prints the table of digests
(what was pasted below, computed on the original code).
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pytest

from shared.combat import BattleState, Refused, advance, start_battle
from shared.ruleset import load_package
from worker.decision import open_decision

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
FIXTURES = ROOT / "tests" / "combat" / "fixtures"

SEEDS = range(10)
MODES = ("engine", "player", "gm")
#: Decisions in one fight at the most (far above any of these fights).
MAX_STEPS = 2000


@dataclass(frozen=True)
class Fight:
    name: str
    ruleset: Path
    party: list[dict[str, Any]]
    foes: list[dict[str, Any]]


def _read(path: Path) -> Any:
    return json.loads(path.read_text())


def fights() -> list[Fight]:
    marsh = EXAMPLES / "lantern-marsh.json"
    party = _read(EXAMPLES / "party.json")
    boss_party = party + [dict(m, name=name, player=name.lower()) for m, name in zip(party, ("Ada", "Bram"))]
    return [
        Fight("skirmish", marsh, party, _read(EXAMPLES / "foes.json")),
        Fight("boss", marsh, boss_party, [{"creature": "drowned-knight"}]),
        Fight("dockside", FIXTURES / "dockside.json", _read(FIXTURES / "dockside-party.json"),
              _read(FIXTURES / "dockside-foes.json")),
    ]


def _controlled(members: list[dict[str, Any]], controller: str) -> list[dict[str, Any]]:
    return [dict(m, controller=controller) for m in members]


def sides(fight: Fight, mode: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    if mode == "engine":
        return _controlled(fight.party, "engine"), _controlled(fight.foes, "engine")
    return _controlled(fight.party, "player"), _controlled(fight.foes, "gm" if mode == "gm" else "engine")


def _random_choice(rng: random.Random, actor: str, options: list[dict[str, Any]]) -> dict[str, Any]:
    option = rng.choice(options)
    targets: list[str] = []
    if option["count"]:
        targets = rng.sample(option["targets"], rng.randint(1, option["count"]))
    return {"actor": actor, "option": option["id"], "targets": targets}


def choose(rng: random.Random, decision: dict[str, Any]) -> dict[str, Any]:
    """The Engine's suggestion, or one time in four a random option of the menu."""
    if rng.random() < 0.25 or decision["suggestion"] is None:
        return _random_choice(rng, decision["actor"], decision["options"])
    suggested = decision["suggestion"]
    choice = {"actor": decision["actor"], "option": suggested["option"], "targets": suggested["targets"]}
    if suggested.get("cell") is not None:
        choice["cell"] = suggested["cell"]
    return choice


def _line(events: list[Any], state: BattleState, decision: dict[str, Any]) -> bytes:
    record = {"events": [e.model_dump(mode="json") for e in events], "state": state.model_dump(mode="json"),
              "decision": decision}
    return json.dumps(record, sort_keys=True, separators=(",", ":")).encode() + b"\n"


def play(ruleset: Any, fight: Fight, mode: str, seed: int) -> Iterator[bytes]:
    """Plays one fight to its end; yields each step's canonical JSON line."""
    party, foes = sides(fight, mode)
    state, events = start_battle(ruleset, party, foes, seed=seed)
    decision = open_decision(ruleset, state).model_dump(mode="json")
    yield _line(events, state, decision)
    rng = random.Random(seed)
    worker = seed % 2 == 0
    for _ in range(MAX_STEPS):
        if state.pending is None or state.outcome:
            return
        choice = choose(rng, decision)
        if worker:
            loaded = BattleState.model_validate_json(state.model_dump_json())
            result = advance(ruleset, loaded, choice, owned=True)
        else:
            before = state.model_dump(mode="json")
            result = advance(ruleset, state, choice)
            assert state.model_dump(mode="json") == before, "advance changed the caller's state"
        assert not isinstance(result, Refused), f"{fight.name} {mode} seed {seed}: {choice} refused: {result}"
        state, events = result
        decision = open_decision(ruleset, state).model_dump(mode="json")
        yield _line(events, state, decision)
    raise AssertionError(f"{fight.name} {mode} seed {seed} did not end in {MAX_STEPS} steps")


def digest(ruleset: Any, fight: Fight, mode: str, seed: int) -> tuple[int, str]:
    """(steps, SHA-256 of the steps' lines) of one fight."""
    h = hashlib.sha256()
    steps = 0
    for line in play(ruleset, fight, mode, seed):
        h.update(line)
        steps += 1
    return steps, h.hexdigest()


#: (fight, mode) -> one (steps, digest) per seed of SEEDS, computed on the original code.
GOLDEN: dict[tuple[str, str], list[tuple[int, str]]] = {
    ("skirmish", "engine"): [
        (1, "f344dd705f7edbb08357572c297e26dbc9c8b2b967c569ce6155a022955f5f5c"),
        (1, "051de9ad04ab571a192323e41e5caedcfa25cb0372da293624c933a4bb1b9b7b"),
        (1, "fc1e23836fffdc027f92c0e0a9cefbcbd1bff5543db46fd962c2e469608196b4"),
        (1, "7b9e62c8d68a30e92db97a1f0b801bbc88cfc2bc1bf144e0899beca5c239b3a0"),
        (1, "10e45d07139c9c246f1277abe02d971b5a51987e961e22c0758d2c5d0511b2f8"),
        (1, "ec4e82a3ed178405653a727a91db304d69b06ebfc64dcbddaef3a3c97c366409"),
        (1, "92319c8afb5059f5eb576084e58859a379cf0f57e27edbe632f54a269410ca1d"),
        (1, "b4cd70b048ca15bf1846075655dc8486f4e0d15694ee6573f7ba334ec9d71e27"),
        (1, "f01dba41ffd1fa2e1a155017963a546f0427fd8a4141e4c9b7374354d2d7d768"),
        (1, "9a3ccbd4c877dd27e8a2be55ae345f184e8807ac0388ad005f8ccb1bdd744840"),
    ],
    ("skirmish", "player"): [
        (6, "9f35020bf218295cef40bcd1e3802c384c97d2f28f9ed3df551b7eeaeb81e0a7"),
        (4, "4504d82471d5722d3d167f4cde14d7d2d7dff84f642c16611a350ff114ea1dd6"),
        (7, "cfac7cf6bd054dea915d18d6b21bd12e9c85cb035d956fa545540af469271636"),
        (6, "560eb6eb200d2ab2f75d29226c145b7e98eaf73370255cf304ad309bb21dc040"),
        (2, "f82e4bd2efaa7cb00014a657e4e5f6dcb3275d05914b58fc4e2405197366f7d0"),
        (2, "6af452696d86b0894d3f07321cda25220785859d15b015a2ef3c5a68f4b43870"),
        (8, "668fc6e466c2a4bd7ffa1069b0c3ca51a4ca35b9dd50204c18a68f48cbd6080d"),
        (8, "3e12f0ed48856008600da0160b48668e1fb9448254459710ded113781519efc4"),
        (5, "8d1b12d6b53a184b171e813b5615ebbbb4a782d602fcc922e642545298527ba6"),
        (3, "dde907f8c1b6e21206f673c0ecd50cf57803e98927885fd88ff35b27b65a8017"),
    ],
    ("skirmish", "gm"): [
        (10, "b60454606bb7972196b2805da1b737aed6ebf23c81456d9fd510687995f4bb8f"),
        (7, "6c69b03d5caa178a67745fe9d130d5afb546894f7c3ae623cacde5832d879c49"),
        (13, "3dc08481b1042736e430cd2ee7853fc84bc625f6d5af97c782ecee4d6b43712b"),
        (12, "8e3c04248b956531e1919154ad5be9f161fb2ee0737c1e0a6f1a224723073cee"),
        (15, "4d26fa2e12fff0f6655c9e5fd5040a24b8b46a455fe2d0d508261803b54cd2dc"),
        (6, "48b372f7b10c8a97e512eee537a33535a1789a077fe8ddf630379fc16790ba54"),
        (20, "e3b86e5099a909c5792464bb791dfd01fc47c227a46040c4ef683560d6eb5202"),
        (18, "a173876f06326d9f2a7eaa2777aae2ad312e9a34f31f445dc5728e8ae593d7f8"),
        (9, "9acd72edebfe573ecc402858614c99acab0413ad65d7006689b5139190ec7e8d"),
        (5, "60665ce1a66b265c7e0ed0db45d7102d7e4aef13d2110917b58896934fbb3ae8"),
    ],
    ("boss", "engine"): [
        (1, "7f346015fce8a1e449d699dc4b49de1be31c42b0cab5b0bf8566a157363ba841"),
        (1, "470abef45984244aa45c2c577d7d4c5cdf6a554f3e4dcc1de5035bd6e1388cfc"),
        (1, "3af333a91002c2fb57da7eb4d44bcdbccfc107172fcf5de8d2d0f61e3dc48bf2"),
        (1, "d2e573b3081d13ee85099a9e179b4a2f266c61cb79d69b8179867cec290c0f4c"),
        (1, "585f180fddabf2f39ce0e6be98e3617d15d0763c9ed58a963b0a53004ccbd3c7"),
        (1, "88cbc0c22257525ec4003300c0e18462379f17596c2f1770daab9db64bad0fdc"),
        (1, "a6805e145a3699df7c05a75b6d12f612f83673184c577a23cfe01df87fe0f568"),
        (1, "c9d28ba025f4d4eabb7ccd961136c056df23600d6b7dd901d63277a75f02295d"),
        (1, "8f2e0cefd5bad2de6a61131200afbec3c37af56b61cb88def3bef8551d35255d"),
        (1, "7754f4ab2d049dc02945ee23b7fb62b8280e228145c340b61da78fbf8062f986"),
    ],
    ("boss", "player"): [
        (6, "00775be82a8b5703de05f0fdf9880733ed1bb78517491440ba50fe5f83c12301"),
        (6, "069e2eb887eba887aefdb978fd44d3122b6b1f3dcb32607a977494fcee8986ba"),
        (5, "2f214d1cbf7f111c8af1e38a4f6b79f5999877ae839ce5925078501d07071c77"),
        (8, "d8ed13c11a9b0eccd18ab5fcdc428610ac3c9b0143103050ee1e1d8ad2560eee"),
        (8, "36e81fb5701a2dc959f6c5c715a6ee026554a90ebaef88a2d0a833b41c820cce"),
        (9, "56873d7ea8acb07eb2928985b92108ae5a9f463481b3ecab5a060fccf8856405"),
        (10, "26eb6db9b64d294bf2f1b1072cf3521bdbf75c1d9d168a4216f01e089b8dc9cf"),
        (9, "f203d900d35c56ef6acf9ab11b391308e4de9f6ecb4bfdc8c0841759f54c82b6"),
        (5, "e60f552bbc570a47cb1719a4882d76001b50cfef046ef4ae04ecaa3ce36d5673"),
        (6, "e5946a8deeea325c5905bc9332b1d08ef0e2671eeb8e8cbb1488b025e995eec1"),
    ],
    ("boss", "gm"): [
        (8, "a52e80e8bd6bf481dc5a770302d73e4c1398bb9a484b6e0e5aa17a17749a3869"),
        (11, "65440fc0fdcfcd7e287dc8602c4fba859da8d9379b74099a544211ccad5a2bfe"),
        (9, "04f86832aef4fa7c409f850b9f949e2efdfa0629d26345b2a3cc7a645fc21784"),
        (11, "c9445139966041b3c29b9c7fb7a3c16d82597c5ad305a3c28b287412a6bd9409"),
        (10, "536449c69853d37c47934e6a9f17d8243ce915299e0ee7a7a1c1806059c034d7"),
        (12, "7e9bcba879d18e1df48c9c1cfc013059686778966d9128d9d3dcc4e59aa4ef6f"),
        (22, "b4dba68ca54c67c93d6d91b1f00afb8175cf8ff6b143a464314eb36ee5d541ad"),
        (17, "9a336b04903294bd731a4d9aca4c94a5aa778970b0f040caf1e1bc0d1704efa5"),
        (11, "ddb1dc81fe71b4d668f85b244f5376fc81b9eea4f49a492815fb4af7b6b4d696"),
        (12, "e479454a08d3722df4018ff6cd037942d7b02aa90d278afbaca23287fe0f5efd"),
    ],
    ("dockside", "engine"): [
        (1, "159f8b01baf62ecb9fac0104c1d5b155792cf2cea4f5ae43ddba8b459db0de2b"),
        (1, "59cf43a764f43a2809d35697bb879251396a029ac394f1fae97237ce230e6596"),
        (1, "51c4ab3c40ba8e1d9e88be30736140fbe1d4b20c4270b41915e5d6b981098df4"),
        (1, "ba5f50cddbf92e1e53b9b5630e4e2210ac051ce4b1e2592d505dae4e9937d7d2"),
        (1, "23776f1c1ddb3fc8e4163e8d3104acb1453534559e573b2f569a70f201486653"),
        (1, "a595d657988288d3db829ff9492fb91d1a5035c293c39ee69df7d9d0f4d06b29"),
        (1, "ae754d059656e24e1313d5954c36c47def51d13d365628c412ec16706cceb396"),
        (1, "e3054c64021310e7e13802712d4773d5da18e67fae631c83bbe625fe2736c34f"),
        (1, "211f6afd8204f23b344b79fa068788c1d5969cf4d518d1a2c30ee03233f34ebb"),
        (1, "bfe57d6977e34b245b04714e89a6fbb67a3059e613f7b48f683aa38b27c21477"),
    ],
    ("dockside", "player"): [
        (8, "6c2dbf51358f278dc7dbb2e502c0b9a7a21e1a9d717bd04fe8cd410b046ec634"),
        (3, "f84a2b123a3fdeb4fc74060f265330badd448b48c7053075c821c12eb3a655b1"),
        (3, "c90aeb34874d2db0491e31584d6cf1e2b13bfcb27363ab9df5d3deab5de3b1d8"),
        (15, "096e010fc413562429b280a3c0f8d82d1bbedd68e7a12f4817941c7271f729f7"),
        (4, "15cd4f8c392d4b3e368c76dfa48bd541b2830e589625d47f6ca24ccdeb1afc40"),
        (3, "b9144bc9c148bff09ea01fdc933493be052b2da2314a518d66e9e6b618dfb732"),
        (3, "f2175d264e2621c2a7d56d4412ea90d13f4cb7297efd10b4cd8ea8fe98620c7c"),
        (8, "823aa615cd9b66cc5752f73cbd52376d0e88f154f158ad802d95db22ded70678"),
        (4, "63264897e5d25d52555882dec44a3e16dbd63eceaa05cd6cefc506b66032453c"),
        (8, "db06fcde633298ae79c85d5676e88e0bb12a68848ca0beefd9293bcd39e1e936"),
    ],
    ("dockside", "gm"): [
        (14, "0589e15adb2aa5ef35bd6fc35c2e02c5776833d0d99e6599ba16189045db4418"),
        (9, "a0f0bb28dbc7b26307688e729d3e24907432e419076bf65f66ff0f6bfeba8c41"),
        (7, "357e8f1f7851ed809e48616cb5ef5bf7cfade4d22ea55c2f82b3c19ac5411fc7"),
        (18, "d52635a8d8405d2ea7371a392735f59ce170210206fa20d0fe6df8b937a9aa33"),
        (9, "350a21a673363a92d9383583067da523832794412df3c1033701fb7d7c17bc12"),
        (7, "60e0abfe8727f03dd6881b8bffdacbdd7ef7904754c84f8d1ac10ac5853fc211"),
        (16, "14cecadc3cfaa2bfa91aae618f06cd94ba1867e10e8ee4c19a621cdbf31a1b39"),
        (12, "5b8e2f9ead95ce395075410b5308168e6ea3a337f230c8612d2e28d779cfc8d4"),
        (21, "2d01ea0ace85dde0949c77af0c99b02c0bb94329145a5ffcc9ad26f7f40dfe09"),
        (17, "992e7b2475b916aa6f16003c583735a8f0ddbae6b2e37d6b9e2504af728555fb"),
    ],
}


_RULESETS: dict[Path, Any] = {}


def _ruleset(path: Path) -> Any:
    if path not in _RULESETS:
        _RULESETS[path] = load_package(path)
    return _RULESETS[path]


@pytest.mark.parametrize("fight", fights(), ids=lambda f: f.name)
@pytest.mark.parametrize("mode", MODES)
def test_every_step_is_as_it_was(fight: Fight, mode: str):
    expected = GOLDEN[(fight.name, mode)]
    got = [digest(_ruleset(fight.ruleset), fight, mode, seed) for seed in SEEDS]
    assert got == expected


def _table() -> str:
    rows = []
    for fight in fights():
        for mode in MODES:
            got = [digest(_ruleset(fight.ruleset), fight, mode, seed) for seed in SEEDS]
            body = "".join(f"        ({steps}, \"{sha}\"),\n" for steps, sha in got)
            rows.append(f"    (\"{fight.name}\", \"{mode}\"): [\n{body}    ],\n")
    return "".join(rows)


if __name__ == "__main__":
    print(_table(), end="")
