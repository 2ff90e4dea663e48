"""The capability guard's probes for the keys no family module holds: values under refused
keys, the package's lists past their caps, and the keys whose play is on an actor's menu
(tests/ruleset/test_capability_guard.py merges them): a row here leaves `UNCOVERED`.
"""

from __future__ import annotations

from typing import Any

from tests.ruleset.capability_probes import FightProbe, SheetProbe

#: Played keys: a scripted fight (`FightProbe`), a computed sheet (`SheetProbe`), built with
#: and without the key.
PLAYED_PROBES: dict[str, FightProbe | SheetProbe] = {}
#: Played keys put on the objects of a whole fight the Engine plays: (scenario, value).
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}

#: Keys of objects only a refused key holds (a rest's lowered maximum, an aura's behaviour):
#: (value, companions) the object's own rules want beside it. The package is refused at the
#: refused key above.
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {
    # "restoredWhenCured goes with lasting": a mummy-rot-like lowered maximum that lasts.
    "OnRest.restoredWhenCured": (True, {"rests": ["long"], "lowersMax": {"dice": "1d6"}, "lasting": True}),
}

#: Values of keys under refused keys: (key, value, companions).
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {
    "Behavior.onlyWhenStuck = 'any'": ("onlyWhenStuck", "any", {}),
    "ItemOnHit.duration = 'this-action'": ("duration", "this-action", {}),
    "SaveEnds.at = 'damaged'": ("at", "damaged", {}),
}
