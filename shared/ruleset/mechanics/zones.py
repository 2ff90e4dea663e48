"""Lasting areas: `mechanics.zone` (spec/mechanics-1, Capability API 1.172 to 1.198).

Owns: `Zone` and its parts (`ZoneMove`, `ZoneDrift`, `ZoneTerrain`, `PerDistance`,
`WhileHeld`, `ZoneSide`, `Obscures`, `ZoneInside`, `ZoneForbids`, `Wards`, `ZoneTurn`,
`Burns`). A zone held at a point or carried by its caster plays (shared/combat/zones.py):
`rounds`, `anchor`, `turn`, `triggers`, `atCast`, `move` (with `ram`), `drift`, `detonates`,
`grows`, `touched`, `damageCap`, `breaksConcentration`, `whileHeld`, `forbids`,
`damageType`, `wards` (shared/combat/wards.py) and `terrain`'s `difficult`, `perDistance`,
`costTimes`, `halvesSpeed` and `towardCaster`; every key is modelled and checked in full,
each with the version that introduced it.

A wall's `blocks` and `side` (1.177) play in shared/combat/walls.py. Mechanics-2 and
mechanics-3 add to a zone `sections` and `disperses`, and to `obscures` `light` and
`dispersed`, with `Sections` and `BrokenSection`: walls in sections struck one at a time
(1.200, 1.201; played in shared/combat/wall_sections.py) and light obscurement and wind
(1.286). Rules that read the entry around the zone (a wall shape, the entry's own save) are
on `Mechanics`.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal, Sequence

from pydantic import Field, model_validator

from ..base import EntryId, Id, Model, Number, gate
from ..gates import Gate, ValueGate, declared_gate
from .amounts import Amount, DamageType

Trigger = Literal["enter", "turn-start", "turn-end"]
Distance = Annotated[Number, Field(gt=0)]


def _distinct_triggers(triggers: Sequence[str] | None, key: str) -> None:
    if triggers is not None and len(set(triggers)) != len(triggers):
        raise ValueError(f'"{key}" names the same trigger twice')


class ZoneMove(Model):
    """The caster may spend `budget` to move the zone up to `distance` (1.173);
    `ram` stops it at the first newcomer and affects them (1.175)."""

    budget: Id
    distance: Distance
    ram: bool | None = Field(default=None, json_schema_extra=gate("1.175"))


class ZoneDrift(Model):
    distance: Distance


class PerDistance(Model):
    """`amount` to anyone it affects for every `every` travelled inside, no save."""

    every: Distance
    amount: Amount
    damageType: DamageType | None = None


class ZoneTerrain(Model):
    difficult: bool | None = None
    perDistance: PerDistance | None = None
    costTimes: Annotated[int, Field(ge=2, le=10)] | None = Field(default=None, json_schema_extra=gate("1.175"))
    halvesSpeed: bool | None = Field(default=None, json_schema_extra=gate("1.175"))
    towardCaster: bool | None = Field(default=None, json_schema_extra=gate("1.182"))

    @model_validator(mode="after")
    def _rules(self) -> "ZoneTerrain":
        if self.costTimes is not None and self.difficult is not None:
            raise ValueError('"costTimes" replaces "difficult" (which is "costTimes": 2); give one of them')
        if all(getattr(self, k) is None for k in ("difficult", "perDistance", "costTimes", "halvesSpeed")):
            raise ValueError('"terrain" needs "difficult", "perDistance", "costTimes" or "halvesSpeed"')
        return self


class WhileHeld(Model):
    """Instead of the zone's own effect: `amount`, no save, to anyone starting their
    turn in it while held by `condition` from the zone's caster (1.175)."""

    condition: Id
    amount: Amount
    damageType: DamageType | None = None


class ZoneSide(Model):
    """Cells within `distance` of one side of a wall affect creatures as `triggers` say."""

    distance: Distance
    triggers: Annotated[list[Trigger], Field(min_length=1, max_length=3)]

    @model_validator(mode="after")
    def _distinct(self) -> "ZoneSide":
        _distinct_triggers(self.triggers, "triggers")
        return self


class Obscures(Model):
    """Hides everything inside, and seen through it, from anyone without one of the
    `pierced` senses within range (1.178)."""

    pierced: Annotated[list[Id], Field(min_length=1, max_length=8)] | None = None
    #: Only lightly obscures (1.286; combat/obscurement.py, hiding.py).
    light: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.286"))
    #: Ended by wind (a zone that `disperses`, 1.286; combat/obscurement.py).
    dispersed: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.286"))


class ZoneInside(Model):
    """Conditions applied to those within, and damage types they are immune to there."""

    conditions: Annotated[list[Id], Field(min_length=1, max_length=8)] | None = None
    immune: Annotated[list[DamageType], Field(min_length=1, max_length=12)] | None = None

    @model_validator(mode="after")
    def _one(self) -> "ZoneInside":
        if self.conditions is None and self.immune is None:
            raise ValueError('"inside" needs "conditions" or "immune"')
        return self


class ZoneForbids(Model):
    components: Annotated[list[Id], Field(min_length=1, max_length=8)]


class Wards(Model):
    """Nothing from `catalogs` used from outside at `maxLevel` or lower reaches inside;
    the level is the paid one unless `by: "base"` (1.181)."""

    catalogs: Annotated[list[EntryId], Field(min_length=1, max_length=12)]
    maxLevel: Annotated[int, Field(ge=0, le=99)]
    by: Literal["base"] | None = Field(default=None, json_schema_extra=gate("1.181"))
    maxLevelPerCostStep: Annotated[int, Field(ge=1, le=99)] | None = Field(
        default=None, json_schema_extra=gate("1.181")
    )


class ZoneTurn(Model):
    """The caster may spend `budget` to turn a line or cone they carry (1.182)."""

    budget: Id


class Burns(Model):
    """Catches fire from damage of these types; burns away at the caster's next turn,
    dealing `amount` to anyone else starting their turn in it (1.183)."""

    by: Annotated[list[DamageType], Field(min_length=1, max_length=12)]
    amount: Amount
    damageType: DamageType | None = None



DamageTypes = Annotated[list[DamageType], Field(min_length=1, max_length=12)]


class BrokenSection(Model):
    """What a broken section does to whoever enters it (or starts or ends a turn there)."""

    triggers: Annotated[list[Trigger], Field(min_length=1, max_length=3)]
    amount: Amount
    damageType: DamageType | None = None
    #: Rolled against the entry's own DC for half damage (`onSave: "none"`: nothing).
    save: Id | None = None
    onSave: Literal["half", "none"] | None = None
    #: Added once for each step the casting was paid above the base (1.201).
    perCostStep: Amount | None = Field(default=None, json_schema_extra=gate("1.201"))

    @model_validator(mode="after")
    def _rules(self) -> "BrokenSection":
        if len(set(self.triggers)) != len(self.triggers):
            raise ValueError('"triggers" names the same trigger twice')
        if self.onSave is not None and self.save is None:
            raise ValueError('"onSave" needs "save"')
        return self


class Sections(Model):
    """Every `every` of the wall is a section with its own health and defense."""

    every: Annotated[Number, Field(gt=0)]
    health: Annotated[int, Field(ge=1, le=100000)]
    defense: Annotated[int, Field(ge=0, le=1000)]
    resist: DamageTypes | None = None
    immune: DamageTypes | None = None
    vulnerable: DamageTypes | None = None
    broken: BrokenSection | None = None


class Zone(Model):
    """A lasting area an entry leaves: how long it stays, what sets it off, how it moves
    and what it does to those in it."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {
        ("anchor", "caster"): "1.172",
    }

    rounds: Annotated[int, Field(ge=1, le=1000)]
    anchor: Literal["point", "caster"] | None = None
    triggers: Annotated[list[Trigger], Field(max_length=3)] | None = None
    atCast: bool | None = None
    move: ZoneMove | None = Field(default=None, json_schema_extra=gate("1.173"))
    drift: ZoneDrift | None = Field(default=None, json_schema_extra=gate("1.173"))
    terrain: ZoneTerrain | None = Field(default=None, json_schema_extra=gate("1.173"))
    breaksConcentration: bool | None = Field(default=None, json_schema_extra=gate("1.174"))
    damageCap: Distance | None = Field(default=None, json_schema_extra=gate("1.174"))
    whileHeld: WhileHeld | None = Field(default=None, json_schema_extra=gate("1.175"))
    blocks: Annotated[list[Literal["move", "sight"]], Field(min_length=1, max_length=2)] | None = Field(
        default=None, json_schema_extra=gate("1.177")
    )
    side: ZoneSide | None = Field(default=None, json_schema_extra=gate("1.177"))
    #: Hides what is inside and seen through it (combat/obscurement.py).
    obscures: Obscures | None = Field(default=None, json_schema_extra=gate("1.178"))
    inside: ZoneInside | None = Field(default=None, json_schema_extra=gate("1.179"))
    forbids: ZoneForbids | None = Field(default=None, json_schema_extra=gate("1.179"))
    wards: Wards | None = Field(default=None, json_schema_extra=gate("1.179"))
    turn: ZoneTurn | None = Field(default=None, json_schema_extra=gate("1.182"))
    detonates: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.183"))
    grows: Amount | None = Field(default=None, json_schema_extra=gate("1.183"))
    touched: bool | None = Field(default=None, json_schema_extra=gate("1.183"))
    burns: Burns | None = Field(default=None, json_schema_extra=gate("1.183"))
    damageType: DamageType | None = Field(default=None, json_schema_extra=gate("1.198"))
    sections: Sections | None = Field(default=None, json_schema_extra=gate("1.200"))
    #: Ends a `dispersed` obscuring zone where the two meet, after each action (Gust of Wind).
    disperses: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.286"))

    @model_validator(mode="after")
    def _rules(self) -> "Zone":
        _distinct_triggers(self.triggers, "triggers")
        if self.blocks is not None and len(set(self.blocks)) != len(self.blocks):
            raise ValueError('"blocks" names the same thing twice')
        held_by_caster = self.anchor == "caster"
        if held_by_caster and (self.move is not None or self.drift is not None):
            raise ValueError('only a zone held at a point can "move" or "drift"')
        if self.turn is not None and not held_by_caster:
            raise ValueError('"turn" goes only with "anchor": "caster"')
        if (self.grows is not None or self.touched is not None) and self.detonates is None:
            raise ValueError('"grows" and "touched" go only with "detonates"')
        if self.detonates is not None and (self.move is not None or self.drift is not None or held_by_caster):
            raise ValueError('a zone that "detonates" stays where it was cast')
        if self.sections is not None and not self.blocks:
            raise ValueError('"sections" stand in a wall that "blocks"')
        return self

    def extra_gates(self) -> Iterable[Gate]:
        if self.anchor == "caster":
            yield declared_gate(Zone, "anchor", "caster")
