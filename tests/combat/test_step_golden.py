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

from shared.combat import BattleState, Refusal, advance, start_battle
from shared.ruleset import load_package
from shared.service.decision import open_decision

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
        assert not isinstance(result, Refusal), f"{fight.name} {mode} seed {seed}: {choice} refused: {result}"
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
        (1, "a919829991c660675c550fcaa779c55278aa12f0ac4b4c6ee02d6e89ca5e73fd"),
        (1, "a986e16aed6cd1eef112a01b7947ca7fe56af48bf1bee691556a986c73b019fd"),
        (1, "f35e8b9bc94a4e87eb85c651a15ebd4a39fa3906048178c5b7c643a9a1ed4b49"),
        (1, "5cca3d9c1851934d7ec503d39d262850313de453e9c2a0dbc86696e4b9303483"),
        (1, "ce1f44cef4eb3751234a58b33070fa8add7c430ef7c601bd5fdf5779f083a314"),
        (1, "f8d812e3bbbab51a1fb83bf127959afb7e89790f9409accf8239dfcce1e76bc7"),
        (1, "2dec7e5caa96dd5f92116bfd6d2f29d96ecb9b80e3e2c38b9a80a7938f0176a7"),
        (1, "99c1e4a23483c2c7c5b597e439a8e4e1b1eda83a6ccd6cccc428770baa7f9b3e"),
        (1, "306acd8f3fc217711fc53abb1800b2b33369d2997b47457df21f40d8ea31a721"),
        (1, "6e129f0ad675d9b60b7ad3e36df299d9c9e8a1152f29425b29768f8899b7b4ee"),
    ],
    ("skirmish", "player"): [
        (6, "4f761b77033de70601044faa444edb68dfb98ef88e1e41a21243eb21a1b08e13"),
        (4, "d05f379369c8396182c2d544501dc4ce520aadb24de2091ffc2aa134a65755eb"),
        (7, "51815e580023538a4ffd831daaf10552d6416e9f174420c7fe1401ef770986bc"),
        (6, "109a90f7c56e2c033b322a06cfd09ddc8a01fa6353cbf91711cc142dd114dbe8"),
        (2, "336f9b49438fe672acdd12993e056203c86f0c16c67295310f999e678d985edc"),
        (2, "5a8e9792b225d15fe3c3b2b0eb7ad8768b749932054f289e8eca78daeee1514d"),
        (8, "cf1f290718855685fc040b06fb6fc20ba2349a76c5ec525c408d867623b94fb7"),
        (8, "c2a8d5422a4c9790e2be5a059f2177f9da686310a3bc206cc0e83e1b2ab0540d"),
        (5, "c704b54ebd3f8b57764d088651473fac746c463fc40720522e81b6874c9f6b6d"),
        (3, "9e90a7f13fd7d4700040963e9ed7b87582edc839b0e7ea132dec7243d651549f"),
    ],
    ("skirmish", "gm"): [
        (10, "95e320ae2107b49643b2d6d5e9dd4ca005f81ca7e3b8a84b17ebca44556712ff"),
        (7, "af66b59be354cb6b74fb765c18fce865a205c447eead420be2170b6c7f670f57"),
        (21, "d0e85bbb846cede26e5ca1110ca053206eb4155940ba5305c748b592852fa687"),
        (12, "ed9cfa7f8a4f8b3d3f8b96a0d8ff86afe39fd45d4a4e13ca3d5fa3bf0bdd8881"),
        (15, "8eb2be94e0957b04b1e7a779d94d2578a5ca4d05f5d13e8f9b415408f2723998"),
        (6, "94b724df74c39fb858cfe89e10717bb3a0e182afb6958a83e1084760785acbb0"),
        (33, "fab86e1e3d3a4d4da981bf3519a25d4fac67a8cb125b839784f2ab4b15651369"),
        (18, "9810abe4966621240eb33f83f7a38d3304bf80cf4961d40fdab456e8536c5546"),
        (9, "7b45df9447064dda7cfc637f68a8180866639aa77b0ec32c2aa6cc5f45303c8d"),
        (10, "33aaf3fecf758c8e66668e3fb15fd77d1ebeea0f9da968a6c4ab969943412d70"),
    ],
    ("boss", "engine"): [
        (1, "20a51c49286d1266ffa899bee866f71dce17c8394b96757961c87c651767fae0"),
        (1, "811a11c58ace4d630dfa2d012f70b6c8fc00ba2205cfdd3a1eab83f78a55df53"),
        (1, "3a7d184886d60bce5a288103134fa3fc2427352c3419df97258daaeac3042d08"),
        (1, "cbe4341631a53031f6e471921074b599fa53d76b99b8fc4c76e758a11bf1bf78"),
        (1, "4d79612a9ac828f09fb0a9ebe1d4f453546982dbf74d7481e22d49e9a7187d6e"),
        (1, "141b50e80a16ac940e01264c91dc23455959706b30bd63f513c19e0a24ed5808"),
        (1, "0962be2533304cf17170fd72b312ba569a1b1da6731faa6c33d94c7623468850"),
        (1, "e2ffeb9a6678e11cda9f9c80ca261ad4dc27f286151c2179ed6943a1ef58838d"),
        (1, "3114647a95b81fa8ad4d1220bc456f1ba340108856428e7de329f706696fac44"),
        (1, "0ae449a5633840880af4224915ab14372516f44a93ec0b95c142ced5e3b262b6"),
    ],
    ("boss", "player"): [
        (6, "f813cf4a1358148fb6cdf138b83091ff925a4f9aa1b3cc3a44e6d7519e9817ca"),
        (6, "32954eb03574c54985093c8203863852c9c4c31a8b92676ea79cdd0f67d39c39"),
        (4, "972e3df9bb3b59dea66c9ededa64cc959dcb6c6f5e2f424e5128327da907210b"),
        (8, "648db38cd2c978f8ab5c0407fb49075acec76d524ea88ffceeb39a86f3219c3d"),
        (8, "545fe74af1ab6efd5e34a9585c7689366db679ae612d6e1fae5994f71da6fca9"),
        (9, "d714ffd46645de807465721a69ed8ed6ed54fc0f79d30848703e965559dd1be5"),
        (10, "f95fe6c522bf357be3a26c0c67a092729fe4b412006d041b44117b61d8404c53"),
        (9, "ce8dbaf9118674040a2f4766031c10904f2faa63ef93a7ddf88699a890da86f4"),
        (5, "6846be210b165a30d52ae730e35c5444d392f47eead028cfd1ba4dae43b6c1cc"),
        (6, "9464b1e62ffedc2cbb7186bd68854e9080ba5e2e78891a43052ab0e77b3b3fcc"),
    ],
    ("boss", "gm"): [
        (8, "7983fff92016d80e844d52af6e864877a004726200c9fdf5ff65d9d6e27e2a74"),
        (11, "cd64abf4fa3430597fb56eb2bff9ca6b5b4c82f4f65ebe2df5b5f8e618c1cf4f"),
        (7, "be792e4d8e76d5305fd0bdfb4eb9db528370fd94e4a7a6b500878a1618b182be"),
        (11, "8bc0ae57ac91e26cd14282dd3c025b839bfa2b2cad0ad69084be8b9b11fafba7"),
        (10, "8f70cd2531df293473ca09e780515183873dfb3be84b65cdfb99edb668ff6f36"),
        (12, "96c3747849518fa3713772ef853b0d6d27e92fb6f40caab16c7c6546e651f3a7"),
        (22, "d3d4591c10c09d451755d3802e0bde7ccafeeba37b9af9d4ed51e77159a69d72"),
        (17, "4bc84378d36ef0924af49e26db17ac2bba0e4525e9c8f9ed3f9deffc6288b030"),
        (11, "8643fe06cedf76d7d2f82fecd883d35e4286bdb399820103f64aa344000952b5"),
        (12, "11821113fbdcdabb5859eb2cdcd1dcf08a38af07029e59b4d4cb736810a2f007"),
    ],
    ("dockside", "engine"): [
        (1, "f1e41066a276367c7421520f6f366e9ef23619597b9f46006f49a0acae8b56ef"),
        (1, "4ffb6630875dc8e3ca5d76be352077a0ba1692cbd915326c20ff6aed32129c6b"),
        (1, "95f6e34ca47e13343084ac3e1a883d628b093c91b893dc73e9b25b786c73cf38"),
        (1, "cf1f1870c341df71084d99f8bfa14b25c3bc1cec56095d88d04aecc1b8d7a769"),
        (1, "65ad3efb7a8f92fe33e5a1c04edcc981710452d222e440c672e21d230f053241"),
        (1, "767f467443aa6a12e6cc4837cce1886ad45d5c8818f63aa7e9f375c96852b71f"),
        (1, "baafca25aeaf69c53751245d513b13388e0d457a064c40017a497a888a1001c9"),
        (1, "97ed6bdbcdc49b6de7b8ff94f78f5284fc4349ba995751eb8cfa5199e7eeeb9d"),
        (1, "0093fb1e262eae9a7b357af9b5da3ec402909d74e341e40e1b0435aa13f72075"),
        (1, "965498831d81ce5a65029023ef728e6ea203c0113e35fd92a48d8347ee53b48d"),
    ],
    ("dockside", "player"): [
        (8, "4975200b74be2cee10d7076f9e5621b6190cac82d5b44d1a5dfc287a1c73bd16"),
        (3, "f83a6291a4e9b1e93de232e6114271fb98521f5f847860216a89b65f84f78283"),
        (3, "30dba56502a314fe89bfbc76c9488635f1b6c94970a3d8b0de44b15954c22b32"),
        (15, "033b78bda3b3c5cf23c26394674b944bc99222ae70cada04582fb0309a2d0b98"),
        (4, "28a1b3b4aa06c8fd5408de08e18d26d2c4e59a5a41616a4d085debb8d4cf37b6"),
        (3, "444488f1c6c6111322279a5b889be8c36aa979c6bedadaf58c488bfb8da28560"),
        (3, "bfdab28cd110f191eb674ee65d4c7db632ae33e8bf658da1b6a78f631a309a17"),
        (8, "ce6aa8417f862f33b72b2c30239a74497594aa9af53b9fe84e9f62b2247993f3"),
        (4, "cd95cc68bcc25b4822087a2f0cc59fe81a0de6bd611a1950463dff1c8db015c9"),
        (8, "bbd66ea19ca52818627d9fe0b362e9b7e5c795b9b7609b1e45f5f3c1daf44686"),
    ],
    ("dockside", "gm"): [
        (14, "52882c947caa2ab577b7378d7932b9f72a93811471c97493eb25dd197d65176b"),
        (9, "75cf476496ad4a42a3e05926a9aa49c6720a458baae27137407ae5b67a8dfb4c"),
        (7, "8ca048459b9b6504527a502967276011632b000ea528c42d08fc5096a605f966"),
        (18, "a7cda7bb5c8e20ff9136972a9d6a7508ce57244b8e841774d00c9c97a03b6a85"),
        (9, "8aa8dde6618dc6369dfc35bbc57ae62570df8c604ec9cf90bf8b5271d98189ca"),
        (7, "fb8a6f105db656c84249793fb63d9d78237f14fbcacead229897a3a6363d9410"),
        (16, "f915e409a9edd8cb952887b4a1174cf2207531c0db1afa4d841d3f8f42c21eee"),
        (12, "5924ab67a3e38a91b744117d40d8a14ba5f03add6d5bd1b7a7906d3fe2a0b92e"),
        (21, "038379bfc17dc8ec840d759a83badd7b39a392c84e07b896956b606cb59b0cc6"),
        (17, "6521bbd25fce977d14a4e3a46e5d852151360983081d2a124b7b60586b1c96c5"),
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
