"""Numbers a condition, a level or an item effect changes, and creature-type target tests.

Owns: `Modifier` (one `{ "to": ..., ... }` entry of a `modifiers` list: the roll or number it
changes and by how much, with every narrowing key the spec gives it), `SaveAgainst` (what a
saving-throw modifier is `against`), and `TargetTest` (`{ "types": [...], "tags": [...] }`,
which passes when any one of them matches).

What a modifier may change is a fixed list (spec "Not yet supported"): anything else is
refused by name rather than silently ignored.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import Field, field_validator, model_validator

from .base import DiceText, has_dice, EntryId, Id, Model, gate
from .gates import Gate, ValueGate, declared_gate

#: Targets a modifier may change, with the Capability API each value needs beyond the
#: `modifiers` key itself (1.45) and whether it needs schemaVersion 2.
MODIFIER_TARGETS: dict[str, tuple[str | None, int | None]] = {
    "defense": (None, None),
    "attacks": (None, None),
    "saves": (None, None),
    "checks": (None, None),
    "speed": (None, None),
    "health-max": ("1.115", None),
    "damage": ("1.133", 2),
    "damage-taken": ("1.133", 2),
    "attacks-taken": ("1.185", None),
}

_ROLLS = ("attacks", "saves", "checks")
_DAMAGE = ("damage", "damage-taken")

#: A list of ids, 1 to 64 of them.
IdList = Annotated[list[Id], Field(min_length=1, max_length=64)]


class TargetTest(Model):
    """`{ "types": [...], "tags": [...] }`: passes if any one of them matches the
    combatant's type or one of its tags (Capability API 1.168). A combatant with neither a
    type nor tags matches nothing."""

    types: Annotated[list[Id], Field(min_length=1, max_length=40)] | None = None
    tags: Annotated[list[Id], Field(min_length=1, max_length=40)] | None = None

    @model_validator(mode="after")
    def _something_to_match(self) -> "TargetTest":
        if not self.types and not self.tags:
            raise ValueError('a target test names "types", "tags" or both')
        return self


class SaveAgainst(Model):
    """What a saving-throw modifier is `against`; a match on any one of `conditions`,
    `damage`, `magic` is enough (Capability API 1.134). `from` matches saves against
    something a creature of those kinds did (1.185); `actions` (1.191) and `casts` (1.265)
    narrow everything else it says."""

    conditions: IdList | None = None
    damage: Annotated[list[Annotated[str, Field(min_length=1, max_length=40)]], Field(min_length=1, max_length=64)] | None = None
    magic: Literal[True] | None = None
    from_: TargetTest | None = Field(default=None, alias="from", json_schema_extra=gate("1.185"))
    actions: Annotated[
        list[Annotated[str, Field(min_length=1, max_length=80)]], Field(min_length=1, max_length=24)
    ] | None = Field(default=None, json_schema_extra=gate("1.191"))
    casts: Annotated[list[EntryId], Field(min_length=1, max_length=24)] | None = Field(
        default=None, json_schema_extra=gate("1.265")
    )

    @model_validator(mode="after")
    def _something_to_match(self) -> "SaveAgainst":
        if not (self.conditions or self.damage or self.magic or self.from_ or self.actions or self.casts):
            raise ValueError('"against" needs at least one of "conditions", "damage", "magic", "from", "actions" or "casts"')
        if self.damage:
            lowered = [d.lower() for d in self.damage]
            dup = next((d for i, d in enumerate(lowered) if d in lowered[:i]), None)
            if dup is not None:
                raise ValueError(f'"damage" names "{dup}" twice (damage names are compared case-insensitively)')
        return self


class Modifier(Model):
    """One entry of `modifiers`: what it changes (`to`) and by how much."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {
        **{("to", target): ValueGate(api, schema) for target, (api, schema) in MODIFIER_TARGETS.items() if api is not None},
        # Keys a modifier of one kind gained later than the key itself.
        ("attacks", "on an attacks modifier"): "1.247",
        ("blow", "on an attacks modifier"): "1.247",
        ("ability", "on an attacks modifier"): "1.188",
        ("mode", "on an attacks modifier"): "1.185",
        ("abilities", "on a checks modifier"): "1.188",
    }

    to: str
    flat: int | None = Field(default=None, ge=-100, le=100)
    dice: DiceText | None = None
    minus: Literal[True] | None = None
    # JSON writes 0.5 and pydantic checks the literal; typing takes no float literal.
    times: Literal[0.5, 2] | None = None  # type: ignore[valid-type]
    mode: Literal["advantage", "disadvantage"] | None = Field(default=None, json_schema_extra=gate("1.53"))
    skills: IdList | None = Field(default=None, json_schema_extra=gate("1.53"))
    saves: IdList | None = Field(default=None, json_schema_extra=gate("1.53"))
    abilities: IdList | None = None
    against: SaveAgainst | None = Field(default=None, json_schema_extra=gate("1.134", schema=2))
    attacks: Literal["weapon", "spell", "any"] | None = None
    blow: Literal["melee", "ranged"] | None = None
    ability: Id | None = None
    fromSource: Literal[True] | None = None
    damageType: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    atSource: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.185"))
    from_: TargetTest | None = Field(default=None, alias="from", json_schema_extra=gate("1.185"))
    criticalDice: int | None = Field(default=None, ge=1, le=10, json_schema_extra=gate("1.247"))
    diceTimes: int | None = Field(default=None, ge=2, le=10, json_schema_extra=gate("1.197"))
    #: Held back: rolled and added only when the holder's own roll falls short (1.249).
    rescue: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.249"))

    @field_validator("to")
    @classmethod
    def _fixed_list(cls, value: str) -> str:
        if value not in MODIFIER_TARGETS:
            raise ValueError(
                f'"{value}" cannot be changed: what a modifier changes is a fixed list ('
                + ", ".join(MODIFIER_TARGETS)
                + ")"
            )
        return value

    @field_validator("dice")
    @classmethod
    def _rolled(cls, value: str) -> str:
        if not has_dice(value):
            raise ValueError(f'"{value}" is not dice: write it like "1d4"')
        return value

    @model_validator(mode="after")
    def _fits_target(self) -> "Modifier":
        to = self.to
        if self.flat == 0:
            raise ValueError('"flat" carries its own sign, and 0 is rejected')
        if all(
            v is None for v in (self.flat, self.dice, self.times, self.mode, self.diceTimes, self.criticalDice)
        ):
            raise ValueError('a modifier needs "flat", "dice", "times", "mode", "diceTimes" or "criticalDice"')
        if self.minus is not None and self.dice is None:
            raise ValueError('"minus" subtracts the dice, so it needs "dice"')
        if to == "defense" and (self.dice is not None or self.times is not None or self.mode is not None):
            raise ValueError('a "defense" modifier takes flat numbers only')
        if to == "speed" and (self.dice is not None or self.mode is not None):
            raise ValueError('a "speed" modifier is "flat" or "times"')
        if to == "health-max" and (self.times != 0.5 or self.flat is not None or self.dice is not None or self.mode is not None):
            raise ValueError('a "health-max" modifier is only "times": 0.5')
        if to == "attacks-taken":
            if self.mode is None or self.flat is not None or self.dice is not None or self.times is not None:
                raise ValueError('an "attacks-taken" modifier rolls attacks against the holder twice: give "mode" and no number')
        if self.times is not None:
            if to not in ("speed", "health-max", *_DAMAGE):
                raise ValueError(f'"times" changes speed, health-max, damage or damage-taken, not "{to}"')
            if self.flat is not None or self.dice is not None:
                raise ValueError('"times" goes on its own, not together with "flat" or "dice"')
        if self.mode is not None and to not in (*_ROLLS, "attacks-taken"):
            raise ValueError(f'"mode" rolls attacks, saves or checks twice; it does not go on "{to}"')
        if self.skills is not None and to != "checks":
            raise ValueError('"skills" narrows a "checks" modifier only')
        if self.abilities is not None and to != "checks":
            raise ValueError('"abilities" narrows a "checks" modifier only')
        if self.saves is not None and to != "saves":
            raise ValueError('"saves" narrows a "saves" modifier only')
        if self.against is not None and to != "saves":
            raise ValueError('"against" goes only on a "saves" modifier')
        if self.rescue is not None:
            if to not in _ROLLS:
                raise ValueError('"rescue" goes only on an "attacks", "saves" or "checks" modifier')
            if self.dice is None:
                raise ValueError('"rescue" is rolled only when the roll falls short, so it needs "dice"')
            if self.minus is not None or self.mode is not None:
                raise ValueError('"rescue" adds its dice to a roll that fell short: "minus" and "mode" are rejected with it')
        for key in ("attacks", "blow"):
            if getattr(self, key) is not None and to not in ("attacks", *_DAMAGE):
                raise ValueError(f'"{key}" is rejected on a "{to}" modifier (only attacks, damage and damage-taken)')
        if self.ability is not None and to not in ("attacks", *_DAMAGE):
            raise ValueError(f'"ability" is rejected on a "{to}" modifier (only attacks, damage and damage-taken)')
        if self.damageType is not None and to not in _DAMAGE:
            raise ValueError(f'"damageType" is rejected on a "{to}" modifier (only damage and damage-taken)')
        if self.fromSource is not None and to != "damage-taken":
            raise ValueError('"fromSource" is used only on "damage-taken"')
        if self.atSource is not None and (to != "attacks" or self.mode is None):
            raise ValueError('"atSource" goes on an "attacks" modifier with "mode"')
        if self.from_ is not None and to != "attacks-taken":
            raise ValueError('"from" goes only on an "attacks-taken" modifier')
        if self.diceTimes is not None and to != "damage":
            raise ValueError('"diceTimes" goes only on a "damage" modifier')
        if self.criticalDice is not None and to != "damage":
            raise ValueError('"criticalDice" goes only on a "damage" modifier')
        return self

    def extra_gates(self) -> Iterable[Gate]:
        if MODIFIER_TARGETS[self.to][0] is not None:
            yield declared_gate(Modifier, "to", self.to)
        if self.to == "attacks":
            for key in ("attacks", "blow", "ability", "mode"):
                if getattr(self, key) is not None:
                    yield declared_gate(Modifier, key, "on an attacks modifier")
        if self.to == "checks" and self.abilities is not None:
            yield declared_gate(Modifier, "abilities", "on a checks modifier")
