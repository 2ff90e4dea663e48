"""What a blow is made of, below everything that reads or deals one.

Owns `Part` (an amount of one damage type with the words the log gives it) and `Hit` (what
an attack hit was: `weapon` or `spell`, the ability chosen for the roll, `melee` or
`ranged`), which the modifier readers (numbers.py), the pool and symbol kinds and
blows.py all name. blows.py makes them (`hit_of_weapon`, `hit_of_entry`, `hit_of_action`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Part:
    """An amount of one damage type; the log calls it `name (detail)`."""

    amount: int
    type: str | None
    name: str
    detail: str = ""
    #: Passes the target's resistances (a weapon's `ignoresResistance`, 1.192).
    past_resistance: bool = False

    @property
    def what(self) -> str:
        return f"{self.name} ({self.detail})" if self.detail else self.name


@dataclass(frozen=True)
class Hit:
    """What an attack hit was: `attacks` (`weapon` or `spell`), the ability its roll used,
    and `blow` (`melee` or `ranged`); what narrowed `attacks` modifiers read (1.247, 1.188).
    `item`: the held weapon struck with (`<catalog>/<entry>`), whose attack's own `against`,
    parts and tags the roll and the blow read (item_hits.py)."""

    attacks: str
    ability: str | None = None
    blow: str | None = None
    item: str | None = None
    #: What the sheet's `attackRows` rules add to the blow's tags past resistance (1.242).
    qualities: tuple[str, ...] = ()
