"""Keys the two pool kinds of combat add to the combat block (spec/combat-2 "Combat rolled
as a pool", "Combat rolled with symbol dice", "Minimum damage dice", "Hits that daze", "The
target picks the kind of harm", "Initiative that attacks move").

Owns the objects of those keys: `PoolBlock` (`combat.pool`, dice-pool) and `SymbolsBlock`
(`combat.symbols`, symbol-pool) with their parts, `CombatDamage` (`combat.damage`,
`minimum`, 1.146), `Daze` (`combat.daze`, 1.147) and `InitiativeResource`
(`combat.initiative.resource`, 1.48). The keys themselves, and the rules tying them to the
combat `kind`, are on `Combat` (combat.py) and `Initiative` (combat_rolls.py); an attack
list's own keys are read as dice and successes in a pool fight, so it has none.

The symbol-pool `symbols` block is designed here (nothing upstream shows it); its shape is
written down in docs/format-symbol-combat.md. Cross-references (kinds of the health track,
conditions, tracks, resolution kind) are checked in checks/pools.py.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .base import Id, Label, Model, Number, Text, ValueRef, gate

#: The combat kinds that count successes instead of adding dice up.
POOL_KINDS = ("dice-pool", "symbol-pool")


# ---------------------------------------------------------------------------
# dice-pool: the `pool` block
# ---------------------------------------------------------------------------


class PoolSoak(Model):
    """What a target takes off a hit, per kind of harm: `all` for every kind, `byKind` per
    kind of the health track (wins over `all`). `roll` says how: thrown against the damage
    target (each success takes one off), or taken off the damage dice before they are
    thrown."""

    roll: bool
    all: ValueRef | None = None
    byKind: dict[Id, ValueRef] | None = None

    @model_validator(mode="after")
    def _something_soaked(self) -> "PoolSoak":
        if self.all is None and not self.byKind:
            raise ValueError('"soak" needs "all", "byKind" or both')
        return self


class PoolBlock(Model):
    """`combat.pool`: what else a dice-pool fight rolls."""

    #: A roll that leans one way is thrown twice, keeping the throw with more successes.
    advantage: bool = False
    #: Per-die target of damage and soak dice; the resolution's default target when omitted.
    damageTarget: Annotated[int, Field(ge=2, le=100)] | None = None
    soak: PoolSoak | None = None
    #: A combatant's hardness where initiative is a number attacks move: a spending blow
    #: whose dice are below it does nothing.
    hardness: ValueRef | None = Field(default=None, json_schema_extra=gate("1.56"))


# ---------------------------------------------------------------------------
# symbol-pool: the `symbols` block
# ---------------------------------------------------------------------------

#: The symbols an attack roll can leave to spend, and the side that spends each one:
#: advantage (`a`) and triumph (`t`) favour the attacker, threat (`h`) and despair (`d`) the
#: target. Success (`s`) and failure (`f`) symbols have already gone to the hit.
SPEND_SYMBOLS: dict[str, str] = {"a": "attacker", "t": "attacker", "h": "target", "d": "target"}

SpendSide = Literal["attacker", "target", "attacker-ally", "target-ally"]


class SymbolDamage(Model):
    """Each net success adds `perSuccess` to the hit's damage, counting `all` successes or
    only those `beyond` what the hit needed."""

    perSuccess: Annotated[int, Field(ge=0, le=100)] = 1
    counts: Literal["all", "beyond"]


class SymbolSoak(Model):
    """Read from the target's sheet and taken off each hit: `all` for every kind of harm,
    `byKind` per kind of the health track (wins over `all`)."""

    all: ValueRef | None = None
    byKind: dict[Id, ValueRef] | None = None

    @model_validator(mode="after")
    def _something_soaked(self) -> "SymbolSoak":
        if self.all is None and not self.byKind:
            raise ValueError('"soak" needs "all", "byKind" or both')
        return self


class SpendCondition(Model):
    """Puts one of the ruleset's own conditions on somebody, for `rounds` or until
    something ends it."""

    id: Id
    on: SpendSide
    rounds: Annotated[int, Field(ge=1, le=1000)] | None = None


class SpendTrack(Model):
    """Moves an ordinary live track (not the health track) by `by` steps."""

    id: Id
    by: Annotated[int, Field(ge=-100, le=100)]
    on: SpendSide

    @model_validator(mode="after")
    def _moves(self) -> "SpendTrack":
        if self.by == 0:
            raise ValueError('"by" moves the track, so 0 is rejected')
        return self


class SpendDice(Model):
    """Boost or setback dice added to the next roll whoever they land on makes."""

    dice: Annotated[int, Field(ge=1, le=10)]
    on: SpendSide


class SymbolSpend(Model):
    """One effect bought with the symbols left on an attack roll."""

    id: Id
    label: Label
    by: Literal["attacker", "target"]
    symbol: Literal["a", "t", "h", "d"]
    cost: Annotated[int, Field(ge=1, le=10)]
    #: How many times one roll can buy it.
    max: Annotated[int, Field(ge=1, le=10)] = 1
    when: Literal["hit", "miss", "any"] = "any"
    #: The AI's value of the spend, in points of damage; worked out from the effect if absent.
    worth: Annotated[Number, Field(ge=0, le=1000)] | None = None
    condition: SpendCondition | None = None
    critical: Literal[True] | None = None
    #: Damage added to the hit before soak.
    damage: Annotated[int, Field(ge=1, le=100)] | None = None
    track: SpendTrack | None = None
    boost: SpendDice | None = None
    setback: SpendDice | None = None

    @model_validator(mode="after")
    def _spend_rules(self) -> "SymbolSpend":
        effects = [k for k in ("condition", "critical", "damage", "track", "boost", "setback") if getattr(self, k) is not None]
        if not effects:
            raise ValueError(
                'a spend needs an effect: "condition", "critical", "damage", "track", "boost" or "setback"'
            )
        side = SPEND_SYMBOLS[self.symbol]
        if self.by != side:
            raise ValueError(f'symbol "{self.symbol}" is spent by the {side}, not the {self.by}')
        for key in ("damage", "critical"):
            if getattr(self, key) is not None and (self.when != "hit" or self.by != "attacker"):
                raise ValueError(f'"{key}" needs "when": "hit" and "by": "attacker"')
        if self.max > 1 and (self.condition is not None or self.critical is not None):
            raise ValueError('a spend that gives a "condition" or "critical" applies once, so "max" stays 1')
        return self


class SymbolsBlock(Model):
    """`combat.symbols`: what the symbols of a symbol-pool attack roll do."""

    damage: SymbolDamage
    soak: SymbolSoak | None = None
    spends: Annotated[list[SymbolSpend], Field(max_length=16)] | None = None

    @model_validator(mode="after")
    def _unique_spends(self) -> "SymbolsBlock":
        seen: set[str] = set()
        for spend in self.spends or []:
            if spend.id in seen:
                raise ValueError(f'spend id "{spend.id}" is used twice')
            seen.add(spend.id)
        return self


# ---------------------------------------------------------------------------
# Minimum damage dice and dazing hits
# ---------------------------------------------------------------------------


class CombatDamage(Model):
    """`combat.damage`: `minimum` raises a hit's first damage pool, after static soak, to at
    least this many dice (read from the attacker's sheet, rounded down, held between 0 and
    `resolution.pool.max`)."""

    minimum: ValueRef


class Daze(Model):
    """`combat.daze`: a single hit doing strictly more than `over` (read from the target)
    makes the target skip its next turn, marked with `condition` until it has passed."""

    over: ValueRef
    measure: Literal["damage"]
    condition: Id | None = None
    text: Text | None = None


# ---------------------------------------------------------------------------
# Initiative thrown as a pool, and initiative that attacks move
# ---------------------------------------------------------------------------


class TakingStyle(Model):
    """On a hit, what the damage counts comes off the target's number, and the attacker
    gains all of it plus `gain`."""

    gain: Annotated[int, Field(ge=0, le=20)] = 0


#: A step of `onMiss`: `[at least, lose]`.
MissStep = Annotated[list[Annotated[int, Field(ge=-100, le=1000)]], Field(min_length=2, max_length=2)]


class SpendingStyle(Model):
    """On a hit the attacker's number is thrown as damage; a number that hit nowhere loses
    what `onMiss` sets for it (`[at least, lose]` steps in ascending order)."""

    onMiss: Annotated[list[MissStep], Field(min_length=1, max_length=100)]

    @model_validator(mode="after")
    def _steps(self) -> "SpendingStyle":
        previous: int | None = None
        for at_least, lose in self.onMiss:
            if lose < 0:
                raise ValueError(f'"onMiss" step [{at_least}, {lose}] loses a negative amount')
            if previous is not None and at_least <= previous:
                raise ValueError('"onMiss" steps must be in ascending order of their first number')
            previous = at_least
        return self


class InitiativeStyle(Model):
    """One way of attacking: it either `takes` or `spends`."""

    id: Id
    label: Label
    takes: TakingStyle | None = None
    spends: SpendingStyle | None = None

    @model_validator(mode="after")
    def _one_way(self) -> "InitiativeStyle":
        if (self.takes is None) == (self.spends is None):
            raise ValueError('a style either "takes" or "spends" (exactly one of them)')
        return self


class Crash(Model):
    """A number at or below `at` has crashed: `condition` is put on, whoever brought it there
    gains `bonus`, and it lifts after `recoverAfter` of the holder's own turns."""

    at: Annotated[int, Field(ge=-100, le=100)] = 0
    condition: Id | None = None
    bonus: Annotated[int, Field(ge=0, le=100)] = 0
    recoverAfter: Annotated[int, Field(ge=1, le=20)] | None = None


class InitiativeResource(Model):
    """`initiative.resource`: the thrown number is kept for the fight and attacks move it."""

    base: Annotated[int, Field(ge=0, le=100)]
    styles: Annotated[list[InitiativeStyle], Field(min_length=1, max_length=4)]
    crash: Crash | None = None

    @model_validator(mode="after")
    def _styles(self) -> "InitiativeResource":
        seen: set[str] = set()
        for style in self.styles:
            if style.id in seen:
                raise ValueError(f'style id "{style.id}" is used twice')
            seen.add(style.id)
        if not any(style.takes is not None for style in self.styles):
            raise ValueError('at least one style must take ("takes")')
        if self.crash is not None and self.base <= self.crash.at:
            raise ValueError(
                f'"base" ({self.base}) must be higher than "crash.at" ({self.crash.at}), '
                "or going back to it would crash at once"
            )
        return self
