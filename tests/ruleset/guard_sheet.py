"""The capability guard's probes for the character sheet and the package's top level: tracks, values, rests, skills, abilities, lists, sections, derived values, live state, the party and the GM text
(tests/ruleset/test_capability_guard.py merges them): a row here leaves `UNCOVERED`."""

from __future__ import annotations

from typing import Any

from tests.ruleset.capability_probes import FightProbe, SheetProbe

#: Played keys: a scripted fight (`FightProbe`), or a computed sheet or service output
#: outside a fight (`SheetProbe`), built with and without the key.
PLAYED_PROBES: dict[str, FightProbe | SheetProbe] = {}
#: Played keys put on the objects of a whole fight the Engine plays: (scenario, value).
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
#: Refused keys: (value, companions) when the key's type alone gives no accepted value.
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
#: Refused values: (key, value, companions).
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
