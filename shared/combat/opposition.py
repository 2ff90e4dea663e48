"""Who plays each opponent: the Engine's tactics or the Game Master (spec/sheet.md
`gm.opposition`, Capability API 1.774).

Owns: `assign_controllers`. With a GM model configured, bosses are always the GM's
(unless the game does not let the GM run bosses); `"opposition": "game-master"` hands
every opponent to the GM, and takes effect only where the GM may run bosses; otherwise the
Engine plays them. An opponent written with its own `controller` keeps it: that is how a
player asks for the GM to run a named opponent or one with genius-level thinking.
Without a model nothing is handed to the GM that was not asked for, and an opponent asked
for the GM is decided by the Engine's tactics, the log saying so (`shared.service.jobs.director`).
"""

from __future__ import annotations

import copy
from typing import Any

from ..ruleset.package import Ruleset


def assign_controllers(ruleset: Ruleset, foes: list[Any], *, model: bool, gm_runs_bosses: bool = True) -> list[Any]:
    """The foes with `controller` set where the GM plays them; entries are copied, never changed."""
    opposition = ruleset.gm.opposition if ruleset.gm is not None else None
    everyone = model and gm_runs_bosses and opposition == "game-master"
    out = []
    for foe in foes:
        if not isinstance(foe, dict) or "controller" in foe:
            out.append(foe)
            continue
        if everyone or (model and gm_runs_bosses and foe.get("boss") is True):
            foe = copy.copy(foe)
            foe["controller"] = "gm"
        out.append(foe)
    return out
