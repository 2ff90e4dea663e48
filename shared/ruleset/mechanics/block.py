"""The `mechanics` keys of the base block and of spec/mechanics-1.md.

Owns: `MechanicsPart1`, the mixin holding `kind`, targeting (`range`, `area`, `targets`,
`targetCount`, `friendlyFire`, `targetTypes`, `needs`), the blow (`amount`, `amountAdd`,
`damageType`, `plus`, `attackRoll`, `autoHit`, `save`, `applies`, `temporary`, `scales`,
`qualities`), payment (`cost`, `perCostStep`, `targetsPerCostStep`, `budget`, `free`,
`gives`, `standard`), `concentration`, `reaction`, `rider`, `check`, `usableWhen`, and the
mechanics-1 keys (`summons`, `zone`, `ends`, `stabilizes`, `revives`, `seen`,
`components`, `push`, `maxAgainst`, `healthPool`, `healthAtMost`, `kills`). The subtypes
live in the sibling modules named for what they hold.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import Field, model_validator

from ..applies import APPLIES_LIST_GATE, Apply, applies_list_gates
from ..base import Bounds, Id, Model, Number, ValueRef, gate, unsupported
from ..gates import Gate, declared_gate
from ..modifiers import TargetTest
from .amounts import Amount, DamageClause, DamageType, Scales
from .area import Area
from .check import CheckChange
from .cost import BudgetGift, CostItem, StandardGrant
from .cures import Ends, Revives
from .reaction import Reaction, ReactionField
from .rider import Rider
from .saves import EntrySave
from .summons import Summons
from .targeting import TargetTypes
from .zones import Zone

Kind = Literal["attack", "heal", "buff", "debuff", "utility", "rider"]

#: Keys that make an entry something somebody takes; a `rider` entry carries none of them.
TAKEN_KEYS = (
    "range", "area", "targets", "targetCount", "friendlyFire", "amount", "amountAdd", "plus",
    "attackRoll", "autoHit", "save", "applies", "temporary", "cost", "perCostStep",
    "targetsPerCostStep", "budget", "concentration", "reaction", "free", "gives", "standard",
    "check", "summons", "zone", "ends", "stabilizes", "revives", "push", "healthPool",
)

_NOT_RESOLVED = "is resolved by no planned issue"


class MechanicsPart1(Model):
    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = {
        ("reaction", "an object"): "1.33",
        **APPLIES_LIST_GATE,
        ("zone.anchor", "caster on a line or cone"): "1.182",
    }

    kind: Kind
    range: Annotated[Number, Field(ge=0)] | None = None
    area: Area | None = None
    targets: Literal["self", "ally", "enemy", "any"] | None = None
    targetCount: Annotated[int, Field(ge=1, le=20)] | None = None
    friendlyFire: bool | None = None
    amount: Amount | None = None
    #: Added to the amount from the user's sheet (Second Wind's fighter level).
    amountAdd: ValueRef | None = Field(default=None, json_schema_extra=gate("1.83"))
    damageType: DamageType | None = None
    plus: Annotated[list[DamageClause], Field(max_length=3)] | None = None
    attackRoll: bool | None = None
    autoHit: bool | None = None
    save: EntrySave | None = None
    applies: Annotated[list[Apply], Field(max_length=6)] | None = None
    temporary: Amount | None = None
    scales: Scales | None = None
    cost: Annotated[list[CostItem], Field(max_length=4)] | None = None
    perCostStep: Amount | None = None
    #: One more target for each step paid above the cheapest pool of the cost's group.
    targetsPerCostStep: Annotated[int, Field(ge=1, le=20)] | None = None
    budget: Id | None = None
    concentration: bool | None = None
    reaction: ReactionField | None = None  # type: ignore[valid-type]
    free: Literal[True] | None = None
    gives: Annotated[list[BudgetGift], Field(min_length=1, max_length=4)] | None = None
    standard: StandardGrant | None = None
    rider: Rider | None = None
    check: CheckChange | None = None
    #: Offered only while the value read from the holder's sheet is within the bounds.
    usableWhen: Bounds | None = Field(default=None, json_schema_extra=gate("1.166"))
    #: Senses the target must have for the effect to work.
    needs: Annotated[list[Id], Field(min_length=1, max_length=4)] | None = Field(
        default=None, json_schema_extra=gate("1.127")
    )
    targetTypes: TargetTypes | None = Field(default=None, json_schema_extra=gate("1.168", schema=2))
    #: Item tags the entry's strikes carry past resistance ("magical").
    qualities: Annotated[list[Id], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.101")
    )

    # --- spec/mechanics-1: modelled in full, refused until an issue resolves them ---
    summons: Summons | None = Field(
        default=None, json_schema_extra=unsupported("1.122", f"a summoned striker {_NOT_RESOLVED}")
    )
    zone: Zone | None = Field(
        default=None, json_schema_extra=unsupported("1.172", f"a lasting zone {_NOT_RESOLVED}")
    )
    ends: Ends | None = Field(
        default=None, json_schema_extra=unsupported("1.176", f"curing conditions {_NOT_RESOLVED}")
    )
    stabilizes: Literal[True] | None = Field(
        default=None, json_schema_extra=unsupported("1.176", f"stabilizing a dying target {_NOT_RESOLVED}")
    )
    revives: Revives | None = Field(
        default=None, json_schema_extra=unsupported("1.176", f"reviving the dead {_NOT_RESOLVED}")
    )
    seen: bool | None = Field(
        default=None, json_schema_extra=unsupported("1.178", f"targeting by what the creator sees {_NOT_RESOLVED}")
    )
    components: Annotated[list[Id], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=unsupported("1.179", f"components a use requires {_NOT_RESOLVED}")
    )
    push: Annotated[Number, Field(gt=0)] | None = Field(
        default=None, json_schema_extra=unsupported("1.182", f"an entry's push {_NOT_RESOLVED}")
    )
    maxAgainst: TargetTest | None = Field(
        default=None, json_schema_extra=unsupported("1.185", f"maximum damage by creature type {_NOT_RESOLVED}")
    )
    healthPool: Amount | None = Field(
        default=None, json_schema_extra=unsupported("1.196", f"targeting by remaining health {_NOT_RESOLVED}")
    )
    healthAtMost: Annotated[int, Field(ge=0)] | None = Field(
        default=None, json_schema_extra=unsupported("1.196", f"targeting by remaining health {_NOT_RESOLVED}")
    )
    kills: bool | None = Field(
        default=None, json_schema_extra=unsupported("1.196", f"instant kills {_NOT_RESOLVED}")
    )

    @model_validator(mode="after")
    def _part1_rules(self) -> "MechanicsPart1":
        self._rider_rules()
        self._blow_rules()
        self._payment_rules()
        self._area_rules()
        return self

    def _rider_rules(self) -> None:
        if self.kind == "rider":
            if self.rider is None:
                raise ValueError('an entry of "kind": "rider" needs "rider"')
            taken = [k for k in TAKEN_KEYS if getattr(self, k) is not None]
            if taken:
                raise ValueError(
                    'a "rider" entry is passive and carries only "rider", so '
                    + ", ".join(f'"{k}"' for k in taken)
                    + (" is" if len(taken) == 1 else " are")
                    + " rejected"
                )
        elif self.rider is not None:
            raise ValueError('"rider" goes only on an entry of "kind": "rider"')

    def _blow_rules(self) -> None:
        if self.amountAdd is not None and self.amount is None:
            raise ValueError('"amountAdd" needs "amount"')
        if self.plus is not None:
            if self.amount is None:
                raise ValueError('a "plus" clause needs an "amount" to attach to')
            if self.kind == "heal":
                raise ValueError('a "plus" clause cannot be attached to a "heal"')
        if self.attackRoll and self.autoHit:
            # Upstream accepts both and lands the entry with no roll: "autoHit" skips the
            # attack roll, so the entry is held as one that never rolls to hit, and every
            # part of the fight (menu, forecast, resolver) reads it that way.
            self.attackRoll = False
        if self.save is not None and self.amount is not None and self.save.onSuccess is None:
            raise ValueError('a "save" on an entry with "amount" needs "onSuccess"')
        if self.needs is not None and len(set(self.needs)) != len(self.needs):
            raise ValueError('"needs" names the same sense twice')
        if self.summons is not None and self.kind != "attack":
            raise ValueError('"summons" goes only on an entry of "kind": "attack"')

    def _payment_rules(self) -> None:
        if self.free and self.budget is not None:
            raise ValueError('"free" spends no budget, so it cannot go with "budget"')
        if self.perCostStep is not None and not self.cost:
            raise ValueError('"perCostStep" needs "cost"')
        if self.targetsPerCostStep is not None and not self.cost:
            raise ValueError('"targetsPerCostStep" needs "cost"')
        pools = [c.pool for c in self.cost or []]
        if len(set(pools)) != len(pools):
            raise ValueError('"cost" names the same pool twice')

    def _area_rules(self) -> None:
        zone = self.zone
        if self.area is not None and self.area.shape == "wall" and zone is None:
            raise ValueError('a "wall" always stays on the grid, so it needs "zone"')
        if zone is None:
            return
        if self.area is None:
            raise ValueError('"zone" needs "area"')
        if zone.anchor == "caster":
            if self.range not in (None, 0):
                raise ValueError('a zone with "anchor": "caster" is centred on the caster, so its "range" is 0')
            if self.area.shape in ("box", "wall"):
                raise ValueError(f'a "{self.area.shape}" never follows its creator, so it cannot have "anchor": "caster"')
        if (zone.move is not None or zone.drift is not None) and self.area.shape != "burst":
            raise ValueError('only a burst held at a point can "move" or "drift"')
        if zone.breaksConcentration and self.save is None:
            raise ValueError('"breaksConcentration" rolls against the entry\'s own save DC, so the entry needs "save"')
        if zone.damageType is not None:
            if self.amount is None:
                raise ValueError('"zone.damageType" needs the entry\'s own "amount"')
            if not (zone.triggers or zone.side is not None or (zone.move is not None and zone.move.ram)):
                raise ValueError('"zone.damageType" needs a trigger, a "side" or a "ram" on which to deal it')

    def extra_gates(self) -> Iterable[Gate]:
        if isinstance(self.reaction, Reaction):
            yield declared_gate(MechanicsPart1, "reaction", "an object")
        yield from applies_list_gates(MechanicsPart1, self.applies)
        if self.zone is not None and self.zone.anchor == "caster" and self.area is not None:
            if self.area.shape in ("line", "cone"):
                yield declared_gate(MechanicsPart1, "zone.anchor", "caster on a line or cone", ("zone", "anchor"))
