"""The `mechanics` block of a catalog entry (spec/combat-2 "What combat reads from
mechanics", spec/mechanics-1..3), also an item's `use` (`ItemUse`, item_entry.py).

Owns: `Mechanics`, one model holding every key of the block: `kind`, targeting (`range`,
`area`, `targets`, `targetCount`, `friendlyFire`, `targetTypes`, `needs`, `needsAny`,
`targetsWithin`, `kindChoice`), the blow (`amount`, `amountAdd`, `damageType`, `plus`,
`attackRoll`, `autoHit`, `save`, `applies`, `temporary`, `scales`, `qualities`, `drain`),
payment (`cost`, `perCostStep`, `targetsPerCostStep`, `budget`, `free`, `gives`,
`standard`), `concentration`, `reaction`, `rider`, `check`, `usableWhen`; the mechanics-1
keys (`summons`, `zone`, `ends`, `stabilizes`, `revives`, `seen`, `components`, `push`,
`maxAgainst`, `healthPool`, `healthAtMost`, `kills`); the mechanics-2 keys (cures and sheet
changes 1.199-1.236, blows and strikes 1.235-1.256, uses and answers 1.239-1.257, surprise,
extra turns and initiative 1.237-1.240, Lay on Hands, Font of Magic and Metamagic
1.251-1.255); the mechanics-3 keys (`keepsOn` 1.263, `teleport` 1.276); and the rules that
tie its keys together. The objects of its keys live in the sibling modules named for what
they hold (`area`, `saves`, `zones`, `reaction`, `cures`, `sheet_changes`, `strikes`,
`health`, `turns`, `magic`, `actions`, ...). Cross-references to the rest of the package
are checked in checks/mechanics.py and checks/mechanics_blocks.py.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import Field, StringConstraints, model_validator

from ..applies import APPLIES_LIST_GATE, Apply, applies_list_gates
from ..base import Bounds, Id, Model, Number, ValueRef, gate
from ..gates import Gate, ValueGate, declared_gate
from ..modifiers import TargetTest
from .actions import Drain, Teleport, teleport_rules
from .amounts import Amount, DamageClause, DamageType, Scales
from .area import Area
from .check import CheckChange
from .cost import BudgetGift, CostItem, StandardGrant
from .cures import Ends, Revives
from .health import ReducesMax, TargetHolds
from .magic import Alters, Restore
from .reaction import EntryRef, LowersRoll, Reaction, ReactionField, Rescue
from .rider import Rider
from .saves import EntrySave
from .shapes import AfterAttack, TrackShift, no_repeats
from .sheet_changes import DismissWhile, Dismisses, HealthPoolSkips
from .strikes import AttackRowsRule, GrantsStrike
from .summons import Summons
from .targeting import TargetTypes
from .turns import ExtraFirstTurn
from .zones import Zone

Kind = Literal["attack", "heal", "buff", "debuff", "utility", "rider"]

#: Keys that make an entry something somebody takes; a `rider` entry carries none of them.
TAKEN_KEYS = (
    "range", "area", "targets", "targetCount", "friendlyFire", "amount", "amountAdd", "plus",
    "attackRoll", "autoHit", "save", "applies", "temporary", "cost", "perCostStep",
    "targetsPerCostStep", "budget", "concentration", "reaction", "free", "gives", "standard",
    "check", "summons", "zone", "ends", "stabilizes", "revives", "push", "healthPool",
)

#: A sheet row named by its name ("Rage", "Ki"): the counter row whose uses are spent.
RowName = Annotated[str, StringConstraints(min_length=1, max_length=80)]


class Mechanics(Model):
    """A catalog entry's `mechanics`: every key of the base block and of the mechanics
    pages. An item's `use` is this object with the item's own keys (`ItemUse`)."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {
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
    reaction: ReactionField | None = None
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
    summons: Summons | None = Field(default=None, json_schema_extra=gate("1.122"))
    zone: Zone | None = Field(default=None, json_schema_extra=gate("1.172"))
    #: Removes these conditions from the target, in order, at most `count` (Lesser Restoration).
    ends: Ends | None = Field(default=None, json_schema_extra=gate("1.176"))
    #: Stabilizes a dying target (Spare the Dying); offered only against the dying.
    stabilizes: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.176"))
    #: Brings back someone of the user's side dead no more than `withinRounds` rounds.
    revives: Revives | None = Field(default=None, json_schema_extra=gate("1.176"))
    seen: bool | None = Field(
        default=None, json_schema_extra=gate("1.178")
    )
    components: Annotated[list[Id], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.179")
    )
    #: Pushes whoever it lands on without a saving throw made this far (in the catalog's
    #: distance) straight away from the user, on a board (1.182).
    push: Annotated[Number, Field(gt=0)] | None = Field(default=None, json_schema_extra=gate("1.182"))
    #: Deals its amount's maximum to a target passing the test (Blight against plants).
    maxAgainst: TargetTest | None = Field(default=None, json_schema_extra=gate("1.185"))
    #: Rolled once on use and spent from the least health left upward (Sleep).
    healthPool: Amount | None = Field(default=None, json_schema_extra=gate("1.196"))
    #: Affects a target only with this much health left or less (Power Word Stun).
    healthAtMost: Annotated[int, Field(ge=0)] | None = Field(default=None, json_schema_extra=gate("1.196"))
    #: Kills the one affected at once (Power Word Kill).
    kills: bool | None = Field(default=None, json_schema_extra=gate("1.196"))

    # --- spec/mechanics-2: cures and sheet changes on whoever the entry lands on ---
    healthPoolSkips: HealthPoolSkips | None = Field(default=None, json_schema_extra=gate("1.199"))
    #: Moves the target's current tracks by levels (Greater Restoration, Sickening Radiance).
    tracks: Annotated[list[TrackShift], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.201"))
    #: Gives back a maximum a blow lowered, `lasting` or not (combat/sheet_changes.py).
    unseals: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.201"))
    #: Carries out one of its cures, each offered as a mode (combat/cure_choice.py).
    cureOneOf: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.204"))
    #: Removes this condition from the user after the use (and the concentration holding it).
    endsCondition: Id | None = Field(default=None, json_schema_extra=gate("1.236"))
    #: Who did not make the save leaves the fight (shared/combat/dismissal.py).
    dismisses: Dismisses | None = Field(default=None, json_schema_extra=gate("1.236"))

    # --- blows, strikes and whom they are aimed at ---
    #: Changes the attack rows (and held weapons) it names while on the sheet: Martial Arts
    #: (combat/attack_row_rules.py).
    attackRows: Annotated[list[AttackRowsRule], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.242"))
    #: One strike bought with another budget once the attack's own is spent (the Martial
    #: Arts bonus strike; combat/attack_action.py, menu_rules.py).
    grantsStrike: GrantsStrike | None = Field(default=None, json_schema_extra=gate("1.242"))
    #: Offered only after the Attack action (taken with these attacks or held weapons):
    #: Flurry of Blows (combat/attack_action.py).
    afterAttack: AfterAttack | None = Field(default=None, json_schema_extra=gate("1.242"))
    #: Offered only on the owner's own turn before it has attacked (Reckless Attack).
    beforeAttack: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.247"))
    #: The amount joins the owner's blow that hit, doubled by its critical (Divine Smite).
    addsToBlow: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.241"))
    #: The most raised-cost steps that count.
    perCostStepsMax: Annotated[int, Field(ge=1, le=20)] | None = Field(default=None, json_schema_extra=gate("1.241"))
    #: The blow's damage also lowers the target's maximum (combat/reduces_max.py).
    reducesMax: ReducesMax | None = Field(default=None, json_schema_extra=gate("1.235"))
    #: The entry's damage never takes the target below this many hit points (Harm).
    leavesAtLeast: Annotated[int, Field(ge=1, le=100000)] | None = Field(default=None, json_schema_extra=gate("1.235"))
    #: Aimed only at a target holding one of these conditions (combat/targeting.py).
    targetHolds: TargetHolds | None = Field(default=None, json_schema_extra=gate("1.235"))
    #: A target that fails the save drops to 0 health instead of taking the amount.
    dropsOnFailedSave: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.245"))
    #: Half damage (parts included) on a miss, and nothing else of the hit.
    halfOnMiss: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.255"))
    #: An entry aimed at an ally or anyone that cannot be aimed at the user.
    notSelf: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.256"))

    # --- uses spent and the windows an entry answers ---
    #: Spends the uses of the entry in that row instead of its own (Frenzy and Rage).
    #: (shared/sheet/paying.py `entry_uses`).
    usesOf: RowName | None = Field(default=None, json_schema_extra=gate("1.239"))
    #: That many uses per use; offered only while that many remain (Quivering Palm).
    usesSpent: Annotated[int, Field(ge=1, le=100)] | None = Field(default=None, json_schema_extra=gate("1.245"))
    #: Spent when its owner's own roll of that kind has failed; never on the menu.
    rescue: Rescue | None = Field(default=None, json_schema_extra=gate("1.249"))
    lowersRoll: LowersRoll | None = Field(default=None, json_schema_extra=gate("1.250"))

    # --- surprise, extra turns and initiative ---
    #: A use the owner may make even while surprised; it lifts the surprise at once.
    #: A use its owner may make while surprised, which lifts the surprise (combat/surprise.py).
    ignoresSurpriseWith: EntryRef | None = Field(default=None, json_schema_extra=gate("1.237"))
    #: A second turn in round 1 (combat/extra_turn.py).
    extraFirstTurn: ExtraFirstTurn | None = Field(default=None, json_schema_extra=gate("1.238"))
    #: Rolls the owner's initiative twice, whatever else it has (Feral Instinct).
    initiativeMode: Literal["advantage", "disadvantage"] | None = Field(default=None, json_schema_extra=gate("1.240"))

    # --- Lay on Hands, Font of Magic and Metamagic ---
    #: The user chooses how many uses one use spends; it heals that many times its amount
    #: (combat/chosen_uses.py).
    usesChosen: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.251"))
    #: Refills a pool of whoever it lands on (Font of Magic; combat/refills.py).
    restore: Restore | None = Field(default=None, json_schema_extra=gate("1.252"))
    #: Metamagic: never on the menu alone, offered with every entry of its `catalogs` it
    #: has something to change in, and chosen with it (combat/metamagic.py).
    alters: Alters | None = Field(default=None, json_schema_extra=gate("1.253"))
    #: Spends uses by the level the altered spell is paid at (never fewer than one).
    usesSpentByLevel: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.253"))

    # --- spec/mechanics-3 ---
    #: A target with at least one of the `needs` senses qualifies (Turn Undead).
    needsAny: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.267"))
    #: Every pair of chosen targets stands within this distance (Command at a higher slot).
    targetsWithin: Annotated[Number, Field(gt=0)] | None = Field(default=None, json_schema_extra=gate("1.267"))
    #: The user names one of `combat.creatureTypes` on use; what it applies remembers it.
    kindChoice: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.270"))
    #: Conditions the holder keeps for the whole fight, never written to the sheet.
    keepsOn: Annotated[list[Id], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.263")
    )
    teleport: Teleport | None = Field(default=None, json_schema_extra=gate("1.276"))
    drain: Drain | None = Field(default=None, json_schema_extra=gate("1.281"))

    @model_validator(mode="after")
    def _rules(self) -> "Mechanics":
        self._rider_rules()
        self._blow_rules()
        self._payment_rules()
        self._area_rules()
        self._cure_rules()
        self._strike_rules()
        self._answer_rules()
        self._magic_rules()
        self._section_rules()
        self._reach_and_drain_rules()
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
        if zone.side is not None and self.area.shape != "wall":
            raise ValueError('"zone.side" is a side of a wall: the entry needs "area" with "shape": "wall"')
        if (zone.move is not None or zone.drift is not None) and self.area.shape != "burst":
            raise ValueError('only a burst held at a point can "move" or "drift"')
        if zone.breaksConcentration and self.save is None:
            raise ValueError('"breaksConcentration" rolls against the entry\'s own save DC, so the entry needs "save"')
        if zone.damageType is not None:
            if self.amount is None:
                raise ValueError('"zone.damageType" needs the entry\'s own "amount"')
            if not (zone.triggers or zone.side is not None or (zone.move is not None and zone.move.ram)):
                raise ValueError('"zone.damageType" needs a trigger, a "side" or a "ram" on which to deal it')

    def _cure_rules(self) -> None:
        # "healthPoolSkips" without "healthPool" is checks/mechanics.py's, so a refused key
        # inside the skips (`unseeing`) is still named.
        if self.healthPool is not None and self.attackRoll:
            raise ValueError('a "healthPool" picks whom it affects by health, so it rolls no "attackRoll"')
        if self.tracks is not None:
            no_repeats([t.track for t in self.tracks], "tracks")
        if self.cureOneOf is not None:
            cures = len(self.ends.conditions) if self.ends is not None else 0
            cures += len(self.tracks or []) + (1 if self.unseals else 0)
            if cures < 2:
                raise ValueError('"cureOneOf" needs at least two cures to choose between ("ends", "tracks", "unseals")')
        if isinstance(self.dismisses, DismissWhile):
            applied = [a.condition for a in self.applies or []]
            if self.dismisses.while_ not in applied:
                raise ValueError(
                    f'"dismisses.while" names "{self.dismisses.while_}", which this entry\'s "applies" does not apply'
                )

    def _strike_rules(self) -> None:
        amount = self.amount
        save = self.save
        if self.addsToBlow is not None:
            if amount is None:
                raise ValueError('"addsToBlow" adds the entry\'s amount to the blow, so it needs "amount"')
            reaction = self.reaction
            if not isinstance(reaction, Reaction) or reaction.on != "hit" or reaction.by != "self":
                raise ValueError('"addsToBlow" answers the owner\'s own hit: it needs "reaction" with "on": "hit" and "by": "self"')
            for key in ("attackRoll", "save", "applies"):
                if getattr(self, key):
                    raise ValueError(f'"addsToBlow" deals only its amount with the blow, so "{key}" is rejected with it')
        if self.perCostStepsMax is not None and self.perCostStep is None and self.targetsPerCostStep is None:
            raise ValueError('"perCostStepsMax" caps "perCostStep" or "targetsPerCostStep", so it needs one of them')
        if self.reducesMax is not None:
            if self.reducesMax.save is not None:
                raise ValueError('on catalog mechanics "reducesMax" never has a saving throw of its own ("save", "difficulty")')
            if self.reducesMax.onFailedSave is not None and save is None:
                raise ValueError('"reducesMax.onFailedSave" reads the entry\'s own "save", so the entry needs one')
            if amount is None:
                raise ValueError('"reducesMax" lowers the maximum by the damage dealt, so it needs "amount"')
        if self.leavesAtLeast is not None and amount is None:
            raise ValueError('"leavesAtLeast" holds back the entry\'s damage, so it needs "amount"')
        if self.dropsOnFailedSave is not None and save is None:
            raise ValueError('"dropsOnFailedSave" goes on an entry with a "save"')
        if self.halfOnMiss is not None and (not self.attackRoll or amount is None):
            raise ValueError('"halfOnMiss" needs "attackRoll" and "amount"')
        if self.notSelf is not None and self.targets not in ("ally", "any"):
            raise ValueError('"notSelf" goes on an entry aimed at an "ally" or "any" creature')

    def _answer_rules(self) -> None:
        if self.lowersRoll is not None:
            reaction = self.reaction
            if not isinstance(reaction, Reaction) or not reaction._answers_hits() or reaction.by is not None:
                raise ValueError('"lowersRoll" answers someone else\'s hit: it needs a "hit" "reaction" without "by"')

    def _magic_rules(self) -> None:
        kind = self.kind
        if self.usesChosen is not None:
            if kind != "heal" or self.usesSpent is not None:
                raise ValueError('"usesChosen" is for a "heal" without "usesSpent"')
        if self.restore is not None and kind not in ("heal", "buff"):
            raise ValueError('"restore" goes on a "heal" or "buff" entry')
        if self.alters is not None:
            if kind != "utility" or self.reaction not in (None, False):
                raise ValueError('an entry with "alters" is a "utility" without a "reaction"')
        if self.usesSpentByLevel is not None:
            if self.alters is None:
                raise ValueError('"usesSpentByLevel" goes only with "alters"')
            if self.usesSpent is not None:
                raise ValueError('give "usesSpent" or "usesSpentByLevel", not both')

    def _section_rules(self) -> None:
        sections = self.zone.sections if self.zone is not None else None
        if sections is None:
            return
        area = self.area
        if area is None or area.shape != "wall":
            raise ValueError('"zone.sections" divide a wall: the entry needs "area" with "shape": "wall"')
        if sections.broken is not None and sections.broken.save is not None and self.save is None:
            raise ValueError('the "save" of a broken section needs the entry\'s own "save"')

    def _reach_and_drain_rules(self) -> None:
        if self.needsAny is not None and self.needs is None:
            raise ValueError('"needsAny" goes on an entry that "needs" senses')
        if self.targetsWithin is not None:
            count = self.targetCount or 1
            if count < 2 and self.targetsPerCostStep is None:
                raise ValueError('"targetsWithin" spaces out several targets: it needs "targetCount" above 1 or "targetsPerCostStep"')
        if self.kindChoice is not None and not self.applies:
            raise ValueError('"kindChoice" goes on an entry with "applies"')
        no_repeats(self.keepsOn, "keepsOn")
        teleport_rules(self.teleport, area=self.area, reaction=self.reaction, strike_allowed=False)
        if self.drain is not None:
            if self.kind == "heal":
                raise ValueError('"drain" gives back damage dealt, so it is rejected on a "heal"')
            if self.amount is None:
                raise ValueError('"drain" gives back damage dealt, so it needs "amount"')
        if self.area is not None:
            if self.area.around is not None and self.zone is not None:
                raise ValueError('an entry\'s burst around the user goes off at once, so it leaves no "zone"')
            if self.area.sizePerCostStep is not None and not self.cost:
                raise ValueError('"area.sizePerCostStep" grows the area with the raised cost, so it needs "cost"')

    def extra_gates(self) -> Iterable[Gate]:
        if isinstance(self.reaction, Reaction):
            yield declared_gate(Mechanics, "reaction", "an object")
        yield from applies_list_gates(Mechanics, self.applies)
        if self.zone is not None and self.zone.anchor == "caster" and self.area is not None:
            if self.area.shape in ("line", "cone"):
                yield declared_gate(Mechanics, "zone.anchor", "caster on a line or cone", ("zone",))
