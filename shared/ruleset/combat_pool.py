"""Keys the two pool kinds of combat add to the combat block (spec/combat-2 "Combat rolled
as a pool", "Combat rolled with symbol dice", "Minimum damage dice", "Hits that daze", "The
target picks the kind of harm", "Initiative that attacks move").

Owns the mixins the combat block's models inherit:

* `CombatPoolKeys` (on `combat`): `pool` (dice-pool), `symbols` (symbol-pool), `damage`
  (`minimum`, 1.146), `daze` (1.147), and the rules tying them and the pool parts of
  `initiative` and `damageKinds.remap` (modelled in combat_damage.py) to the combat `kind`;
* `InitiativePoolKeys` (on `combat.initiative`): `pool`, `plus`, `resource` (1.48);
* `AttackListPoolKeys` (on a `combat.attacks` entry): the pool kinds read an attack list's
  existing keys as dice and successes ("nothing needs to be renamed"), so it declares no
  key of its own; it exists so a later pool key has one place to go.

The symbol-pool `symbols` block is designed here (nothing upstream shows it); its shape is
written down in docs/format-symbol-combat.md. Cross-references (kinds of the health track,
conditions, tracks, resolution kind) are checked in checks/pools.py.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

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


class InitiativePoolKeys(Model):
    """Mixin for `combat.initiative`: thrown as a pool (`pool` dice, successes plus `plus`),
    optionally kept as a number attacks move (`resource`). Capability API 1.48."""

    pool: ValueRef | None = Field(default=None, json_schema_extra=gate("1.48"))
    plus: Annotated[int, Field(ge=0, le=100)] | None = Field(default=None, json_schema_extra=gate("1.48"))
    resource: InitiativeResource | None = Field(default=None, json_schema_extra=gate("1.48"))

    @model_validator(mode="after")
    def _pool_initiative(self) -> "InitiativePoolKeys":
        dice = getattr(self, "dice", None)
        modifier = getattr(self, "modifier", None)
        if self.pool is not None and (dice is not None or modifier is not None):
            raise ValueError('"pool" is not used together with "dice" or "modifier"')
        if self.plus is not None and self.pool is None:
            raise ValueError('"plus" is added to the successes of "pool", so it needs "pool"')
        if self.resource is not None:
            if self.pool is None:
                raise ValueError('"resource" needs "pool": summed dice are only an order, not a number of dice')
            if getattr(self, "each", None) is not None:
                raise ValueError('"each" is rejected with "resource": the number is kept, never thrown again')
        return self


class AttackListPoolKeys(Model):
    """Mixin for a `combat.attacks` entry. In a pool fight the list's own keys are read as
    dice and successes (its `toHit` is the pool thrown, its damage-dice column a count of the
    ruleset's own die, `damage.bonus` automatic successes), so nothing is renamed and no key
    is added here."""


# ---------------------------------------------------------------------------
# The combat block
# ---------------------------------------------------------------------------


def _kind_word(kind: Any) -> str:
    return f'"kind" "{kind}"' if isinstance(kind, str) else "this kind"


class CombatPoolKeys(Model):
    """Mixin for `combat`: the blocks that only pool fights read, and which kind each
    belongs to."""

    pool: PoolBlock | None = None
    symbols: SymbolsBlock | None = None
    damage: CombatDamage | None = Field(default=None, json_schema_extra=gate("1.146"))
    daze: Daze | None = Field(default=None, json_schema_extra=gate("1.147"))

    @model_validator(mode="after")
    def _pool_kind_rules(self) -> "CombatPoolKeys":
        kind = getattr(self, "kind", None)
        if kind == "dice-pool" and self.pool is None:
            raise ValueError('"pool" is required in a "dice-pool" fight')
        if kind != "dice-pool" and self.pool is not None:
            raise ValueError(f'"pool" is read only in a "dice-pool" fight, so it is rejected with {_kind_word(kind)}')
        if kind == "symbol-pool" and self.symbols is None:
            raise ValueError('"symbols" is required in a "symbol-pool" fight')
        if kind != "symbol-pool" and self.symbols is not None:
            raise ValueError(
                f'"symbols" is read only in a "symbol-pool" fight, so it is rejected with {_kind_word(kind)}'
            )
        if kind != "dice-pool" and self.damage is not None:
            raise ValueError('"damage.minimum" counts damage dice, so it is read only in a "dice-pool" fight')
        if kind not in POOL_KINDS and self.daze is not None:
            raise ValueError('"daze" is for pool fights ("dice-pool" or "symbol-pool")')
        initiative = getattr(self, "initiative", None)
        if initiative is not None:
            if kind not in POOL_KINDS and getattr(initiative, "pool", None) is not None:
                raise ValueError('"initiative.pool" is thrown only in a "dice-pool" or "symbol-pool" fight')
            if kind != "dice-pool" and getattr(initiative, "resource", None) is not None:
                raise ValueError('"initiative.resource" is used only in a "dice-pool" fight')
        kinds = getattr(self, "damageKinds", None)
        if kind not in POOL_KINDS and getattr(kinds, "remap", None) is not None:
            raise ValueError('"damageKinds.remap" is read only in a pool fight ("dice-pool" or "symbol-pool")')
        if self.pool is not None and self.pool.hardness is not None:
            if initiative is None or getattr(initiative, "resource", None) is None:
                raise ValueError('"pool.hardness" is read only where initiative is a number attacks move ("initiative.resource")')
        return self
