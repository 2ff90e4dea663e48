"""A bestiary creature's actions (spec/combat-2 "Creatures", `actions`).

Owns: `CreatureAction` (what a hand-written stat block action holds: `toHit`, `autoHit`,
`upgrades`, `damage`, `save`, `saveDifficulty`, `applies`, `targetCount`, `reach`, `range`,
`area`, `uses`, `recharge`, `sequence`, `signature`, `reaction`, `self`, `heal`, `targets`),
its `CreatureDamage` with `plus` clauses, `qualities` and `alternatives`, and the rules
inside one action. What an action names (other actions of its block, signature points,
and ids elsewhere in the package) is checked in checks/creatures.py. The save, area,
reaction and damage clauses are the catalog entry's own models (shared/ruleset/mechanics),
as the spec says they are read "exactly the same way". The mechanics pages add `seen`,
`components`, `push`, `charge` (with `Charge`) and `ability` (mechanics-1), and
`reducesMax` 1.203/1.235, `targetHolds` 1.235, `ends` 1.261, `qualities` 1.262, `needs`
1.127 (combat-1's senses), `needsAny` 1.267, `teleport` 1.276/1.280, `drain` 1.281,
`move` 1.283/1.285, `casting` 1.284 and `search` 1.287 (mechanics-2/3); its `reaction`,
`area` and `save` are `Reaction`, `ActionArea` (an `Area`) and `ActionSave` (an
`EntrySave`).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import Field, Tag, model_validator

from .applies import APPLIES_LIST_GATE, Apply, applies_list_gates
from .base import Dice, Id, Label, Model, Number, gate
from .creature_parts import PLAIN_OR_OBJECT, DamageTypeName, RollText, Uses
from .errors import ProblemAt
from .gates import Gate, ValueGate, declared_gate
from .mechanics.actions import (
    Drain,
    LegendaryCasting,
    LegendaryMove,
    Teleport,
    teleport_rules,
)
from .mechanics.amounts import DamageClause
from .mechanics.area import Area
from .mechanics.health import ReducesMax, TargetHolds
from .mechanics.reaction import Reaction
from .mechanics.saves import EntrySave
from .mechanics.shapes import IdList, no_repeats
from .mechanics.cures import Ends

Distance = Annotated[Number, Field(ge=0, le=10000)]


class SelfHealthAtMost(Model):
    """Holds while the creature's health is at or below this fraction of its maximum."""

    selfHealthAtMost: Annotated[float, Field(gt=0, le=1)]


#: When an alternative amount is given: `"twoHanded"`, or the creature's own health.
AlternativeWhen = Annotated[
    Annotated[Literal["twoHanded"], Tag("plain")] | Annotated[SelfHealthAtMost, Tag("object")], PLAIN_OR_OBJECT
]


class DamageAlternative(Model):
    """An amount given instead of the first one; the first whose `when` holds wins."""

    when: AlternativeWhen
    dice: RollText | None = None
    flat: Annotated[int, Field(ge=-1000, le=10000)] | None = None

    @model_validator(mode="after")
    def _amount(self) -> "DamageAlternative":
        if self.dice is None and self.flat is None:
            raise ValueError('an alternative needs "dice", "flat" or both')
        return self


class CreatureDamage(Model):
    """An action's damage: `dice` and `flat` of `type`, up to three `plus` clauses, item-tag
    `qualities` (1.101) and up to four `alternatives` (1.102)."""

    dice: RollText | None = None
    flat: Annotated[int, Field(ge=-1000, le=10000)] | None = None
    type: DamageTypeName | None = None
    plus: Annotated[list[DamageClause], Field(max_length=3)] | None = None
    qualities: Annotated[list[Id], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.101")
    )
    alternatives: Annotated[list[DamageAlternative], Field(min_length=1, max_length=4)] | None = Field(
        default=None, json_schema_extra=gate("1.102")
    )

    @model_validator(mode="after")
    def _amount(self) -> "CreatureDamage":
        if self.dice is None and self.flat is None:
            raise ValueError('"damage" needs "dice", "flat" or both')
        return self

    def rolls(self) -> Iterable[tuple[tuple[str | int, ...], str]]:
        """Every dice text of the blow with its path relative to `damage`."""
        if self.dice is not None:
            yield ("dice",), self.dice
        for i, clause in enumerate(self.plus or []):
            if clause.dice is not None:
                yield ("plus", i, "dice"), clause.dice
        for i, alt in enumerate(self.alternatives or []):
            if alt.dice is not None:
                yield ("alternatives", i, "dice"), alt.dice


class ActionSave(EntrySave):
    """A save the action forces, with the mechanics-1 keys of an entry's save: the target
    rolls `save` against the action's own `difficulty`; a success halves the damage
    (`half`) or takes it away (`none`, `negates`)."""

    difficulty: Annotated[int, Field(ge=0, le=1000)]
    onSuccess: Literal["none", "half", "negates"]


class ActionArea(Area):
    """The shape an action lands in (`burst`, `cone` or `line`), in the ruleset's own
    distance unit; `friendlyFire: false` leaves the creature's allies out."""

    #: A stat block's shapes are the first three only, so no shape needs a later API.
    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {}
    #: Keys of an entry's area a stat block's area never takes (the capability table leaves
    #: them out here): a ring lays out a wall, which is not a stat block's shape, and a
    #: creature action pays no raised cost to grow by.
    NOT_HERE: ClassVar[frozenset[str]] = frozenset({"ring", "sizePerCostStep"})

    shape: Literal["burst", "cone", "line"]
    friendlyFire: bool | None = None


class LongRange(Model):
    """A range that reaches further, at a penalty, out to `long`."""

    normal: Distance
    long: Distance | None = None

    @model_validator(mode="after")
    def _order(self) -> "LongRange":
        if self.long is not None and self.long < self.normal:
            raise ValueError(f'"long" ({self.long}) is shorter than "normal" ({self.normal})')
        return self


#: An action's `range`: a distance, or a distance that reaches further at a penalty.
ActionRange = Annotated[Annotated[Distance, Tag("plain")] | Annotated[LongRange, Tag("object")], PLAIN_OR_OBJECT]


class RechargeDice(Dice):
    count: Annotated[int, Field(ge=1, le=10)]


class Recharge(Model):
    """Spent when used; rolled at the start of the creature's own turn and back on `from`
    or higher."""

    dice: RechargeDice
    from_: Annotated[int, Field(ge=1, le=10000)] = Field(alias="from")
    #: Actions of one group recharge together (mechanics-1, 1.186; combat/recharge.py).
    group: Id | None = Field(default=None, json_schema_extra=gate("1.186"))

    @model_validator(mode="after")
    def _reachable(self) -> "Recharge":
        if self.from_ > self.dice.count * self.dice.sides:
            raise ValueError(
                f'"from" ({self.from_}) is above the most {self.dice.count}d{self.dice.sides} can roll, '
                "so it would never come back"
            )
        return self


class SequenceStep(Model):
    action: Id
    times: Annotated[int, Field(ge=1, le=10)] = 1


class Signature(Model):
    """Paid with the creature's own points, between other combatants' turns."""

    cost: Annotated[int, Field(ge=1, le=20)]


class Heal(Model):
    """Health given back, up to the target's maximum."""

    dice: RollText | None = None
    flat: Annotated[int, Field(ge=0, le=10000)] | None = None

    @model_validator(mode="after")
    def _amount(self) -> "Heal":
        if self.dice is None and self.flat is None:
            raise ValueError('"heal" needs "dice", "flat" or both')
        return self


#: Keys a `sequence` may not carry: it has no content of its own.
_NOT_ON_SEQUENCE = (
    "toHit",
    "autoHit",
    "upgrades",
    "damage",
    "save",
    "saveDifficulty",
    "applies",
    "targetCount",
    "area",
    "reaction",
    "self_",
    "heal",
    "targets",
)


def _key(name: str) -> str:
    return "self" if name == "self_" else name




#: What an action does; `casting` and `search` do nothing else.
_DOING = (
    "toHit", "autoHit", "damage", "heal", "save", "applies", "area", "push", "ends", "drain",
    "reducesMax", "teleport", "sequence", "move", "casting", "search", "charge",
)


#: What a move bought between turns does besides moving (1.285).
_EFFECTS = ("damage", "area", "save", "applies")




class ChargeSave(Model):
    save: Id
    difficulty: Annotated[int, Field(ge=0, le=1000)]


class Charge(Model):
    """Parts a strike adds after a straight run-up of at least `atLeast` toward its
    target; then the save, the push and the conditions."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = dict(APPLIES_LIST_GATE)

    atLeast: Annotated[Number, Field(gt=0)]
    plus: Annotated[list[DamageClause], Field(min_length=1, max_length=3)] | None = None
    save: ChargeSave | None = None
    push: Annotated[Number, Field(gt=0)] | None = None
    applies: Annotated[list[Apply], Field(min_length=1, max_length=6)] | None = None

    def extra_gates(self) -> Iterable[Gate]:
        yield from applies_list_gates(Charge, self.applies)


class CreatureAction(Model):
    """One action of a stat block."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {
        #: A legendary move that also does something else (1.285).
        ("move", "with an effect"): "1.285",
        #: A teleport bought between turns (a legendary teleport): the window's answer
        #: names the cell it lands on (windows.check_cell).
        ("teleport", "on a signature action"): "1.283",
        **APPLIES_LIST_GATE,
    }

    seen: bool | None = Field(
        default=None, json_schema_extra=gate("1.178")
    )
    components: Annotated[list[Id], Field(max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.179")
    )
    #: Pushes whoever it lands on without a saving throw made this far straight away from
    #: the creature, on a board (1.184).
    push: Annotated[Number, Field(gt=0)] | None = Field(default=None, json_schema_extra=gate("1.184"))
    #: What a strike adds after a straight run-up (combat/board/run_up.py).
    charge: Charge | None = Field(default=None, json_schema_extra=gate("1.186"))
    #: The ability the attack is made with, so ability-narrowed modifiers reach it.
    ability: Id | None = Field(default=None, json_schema_extra=gate("1.189"))
    #: The blow's damage also lowers the target's maximum (combat/reduces_max.py).
    reducesMax: ReducesMax | None = Field(default=None, json_schema_extra=gate("1.203"))
    #: Aimed only at a target holding one of these conditions (a vampire's Bite).
    targetHolds: TargetHolds | None = Field(default=None, json_schema_extra=gate("1.235"))
    #: Cures, as a catalog entry's `ends` (the unicorn's Healing Touch).
    ends: Ends | None = Field(default=None, json_schema_extra=gate("1.261"))
    #: Item tags the action carries: `magical` makes its healing and saves magical.
    qualities: IdList | None = Field(default=None, json_schema_extra=gate("1.262"))
    #: Senses the target must have for the action to work (combat-1 1.127: "a creature
    #: action's `needs`"), read by the same targeting rule as an entry's.
    needs: Annotated[list[Id], Field(min_length=1, max_length=4)] | None = Field(
        default=None, json_schema_extra=gate("1.127")
    )
    needsAny: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.267"))
    teleport: Teleport | None = Field(default=None, json_schema_extra=gate("1.276"))
    drain: Drain | None = Field(default=None, json_schema_extra=gate("1.281"))
    #: A move bought between turns (combat/board/legendary.py).
    move: LegendaryMove | None = Field(default=None, json_schema_extra=gate("1.283"))
    #: Spells bought between turns (combat/legendary_spells.py).
    casting: LegendaryCasting | None = Field(default=None, json_schema_extra=gate("1.284"))
    #: A search and nothing else (the legendary Detect; combat/hiding.py).
    search: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.287"))

    id: Id
    name: Label
    budget: Id
    toHit: Annotated[int, Field(ge=-50, le=100)] | None = None
    autoHit: bool | None = None
    #: symbol-pool: how many of the `toHit` dice are upgraded.
    upgrades: Annotated[int, Field(ge=0, le=20)] | None = None
    damage: CreatureDamage | None = None
    save: ActionSave | None = None
    #: The difficulty of a save that ends a condition when the action forces no save itself.
    saveDifficulty: Annotated[int, Field(ge=0, le=1000)] | None = None
    applies: Annotated[list[Apply], Field(max_length=6)] | None = None
    targetCount: Annotated[int, Field(ge=1, le=20)] | None = None
    reach: Distance | None = None
    range: ActionRange | None = None
    area: ActionArea | None = None
    uses: Uses | None = None
    recharge: Recharge | None = None
    sequence: Annotated[list[SequenceStep], Field(min_length=1, max_length=6)] | None = None
    signature: Signature | None = None
    reaction: Reaction | None = Field(default=None, json_schema_extra=gate("1.46"))
    self_: Literal[True] | None = Field(default=None, alias="self", json_schema_extra=gate("1.46"))
    heal: Heal | None = Field(default=None, json_schema_extra=gate("1.121"))
    targets: Literal["ally", "any"] | None = Field(default=None, json_schema_extra=gate("1.121"))

    @model_validator(mode="after")
    def _mechanics_rules(self) -> "CreatureAction":
        """The rules of the keys the mechanics pages add (they run first)."""
        if self.reducesMax is not None:
            if self.damage is None:
                raise ValueError('"reducesMax" lowers the maximum by the damage dealt, so it needs "damage"')
            if self.reducesMax.onFailedSave is not None and self.save is None:
                raise ValueError('"reducesMax.onFailedSave" reads the action\'s own "save", so the action needs one')
        if self.drain is not None and self.damage is None:
            raise ValueError('"drain" gives back damage dealt, so it needs "damage"')
        if self.needsAny is not None and self.needs is None:
            raise ValueError('"needsAny" goes on an action that "needs" senses')
        no_repeats(self.qualities, "qualities")
        teleport_rules(self.teleport, area=self.area, reaction=self.reaction, strike_allowed=True)
        if self.area is not None and self.area.sizePerCostStep is not None:
            raise ValueError('a creature action pays no raised cost, so "area.sizePerCostStep" is rejected')
        if self.charge is not None:
            # "The run-up accompanies a strike against a single target" (1.186).
            if self.toHit is None and not self.autoHit:
                raise ValueError('"charge" goes with a strike, so the action needs "toHit" or "autoHit"')
            if self.area is not None or (self.targetCount or 1) > 1:
                raise ValueError('"charge" goes with a strike against a single target, so "area" and a '
                                 '"targetCount" above 1 are rejected with it')
        if self.move is not None:
            self._needs_signature("move")
            carried = [k for k in ("teleport", "sequence", "reaction", "charge") if getattr(self, k, None) is not None]
            if carried:
                raise ValueError(f'"move" does not carry "{carried[0]}"')
        for key in ("casting", "search"):
            if getattr(self, key) is not None:
                if key == "casting":
                    self._needs_signature(key)
                others = self._doing(key)
                if others:
                    raise ValueError(f'an action with "{key}" does nothing else, so "{others[0]}" is rejected')
        return self

    def _needs_signature(self, key: str) -> None:
        if self.signature is None:
            raise ValueError(f'"{key}" is bought between turns: the action needs a "signature" cost')

    @model_validator(mode="after")
    def _action_rules(self) -> "CreatureAction":
        if self.sequence is not None:
            carried = [_key(k) for k in _NOT_ON_SEQUENCE if getattr(self, k) is not None]
            if carried:
                raise ValueError(f'a "sequence" carries no content of its own, so "{carried[0]}" is rejected')
        if self.autoHit and self.toHit is not None:
            raise ValueError('"autoHit" skips the attack roll, so "toHit" is rejected with it')
        if self.upgrades is not None:
            if self.toHit is None:
                raise ValueError('"upgrades" upgrades some of the "toHit" dice, so it needs "toHit"')
            if self.upgrades > self.toHit:
                raise ValueError(f'"upgrades" ({self.upgrades}) is more than the "toHit" dice ({self.toHit})')
        if self.damage is not None and self.toHit is None and not self.autoHit and self.save is None:
            raise ValueError('an action with "damage" lands by "toHit", "autoHit" or "save"')
        if self.self_ is not None:
            for key in ("targetCount", "area", "targets"):
                if getattr(self, key) is not None:
                    raise ValueError(f'a "self" action applies to the creature itself, so "{key}" is rejected')
        if self.reaction is not None and self.signature is not None:
            raise ValueError('a reaction cannot also be a "signature" action')
        if self.heal is not None:
            for key in ("damage", "toHit", "save", "area"):
                if getattr(self, key) is not None:
                    raise ValueError(f'a "heal" has no "{key}"')
        if self.targets is not None and self.heal is None and self.damage is None and not self.applies and self.ends is None:
            raise ValueError('"targets" needs something to give them ("heal", "damage", "applies" or "ends")')
        for i, item in enumerate(self.applies or []):
            if getattr(item, "when", None) is not None:
                raise ProblemAt(("applies", i, "when"), 'a stat block writes plain numbers, so "when" is rejected here')
        if self.save is None and self.saveDifficulty is None:
            if any(item.saveEnds is not None for item in self.applies or []):
                raise ValueError(
                    'a condition that ends on a save needs a difficulty: give "saveDifficulty" '
                    '(the action forces no "save" of its own)'
                )
            for i, clause in enumerate(self.damage.plus or [] if self.damage else []):
                if clause.save is not None and clause.save.difficulty is None:
                    raise ValueError(
                        f'damage.plus[{i}].save has no "difficulty", and the action has no "save" or '
                        '"saveDifficulty" to fall back to'
                    )
        return self

    def extra_gates(self) -> Iterable[Gate]:
        yield from applies_list_gates(CreatureAction, self.applies)
        if self.move is not None and any(getattr(self, k) for k in _EFFECTS):
            yield declared_gate(CreatureAction, "move", "with an effect")
        if self.teleport is not None and self.signature is not None:
            yield declared_gate(CreatureAction, "teleport", "on a signature action")

    def _doing(self, *skip: str) -> list[str]:
        return [k for k in _DOING if k not in skip and getattr(self, k, None) not in (None, False)]


    def is_sequence(self) -> bool:
        return self.sequence is not None

    def damage_rolls(self) -> Iterable[tuple[tuple[str | int, ...], str]]:
        """Every dice text the action rolls for damage or healing, with its path."""
        if self.damage is not None:
            for path, text in self.damage.rolls():
                yield ("damage", *path), text
        if self.heal is not None and self.heal.dice is not None:
            yield ("heal", "dice"), self.heal.dice


__all__ = ["ActionArea", "ActionSave", "CreatureAction", "CreatureDamage", "DamageClause", "ChargeSave", "Charge"]
