"""Combat conditions and levels: what the sheet's conditions (and a track's levels) do in a
fight (spec/combat-1 "conditions" and "levels", with the keys later pages add to them).

Owns: the fixed list of condition effects (`EFFECTS`, with the Capability API of each value),
`CombatCondition` (one `combat.conditions` entry, with every key the pages give it), its
parts (`BudgetChange`, `Grants`, `ShakeOff`, `OnEnd`, and from mechanics-1 `Harms`,
`ConditionSize`, `ImmunityFrom`, `ConditionForbids`) and `CombatLevel` (one
`combat.levels` entry). Which ids they name is checked in `checks/combat_conditions.py`.

The keys spec/mechanics-2.md and mechanics-3.md add to a condition are on it too (uses
granted by a condition 1.236, surprise 1.237, evasion 1.250, one-at-a-time groups 1.256,
diseases 1.258-1.261, auras 1.263 (`Aura` in auras.py), compelled behaviour 1.264,
temporary points 1.274, suspension 1.275, `endsWhenHarmedFrom` 1.278), with the parts of
its disease keys (`OnRest`, `OnRestSave`, `OnDamaged`, `Expires`, `CuredOnlyBy`) and
`ConditionTemporary`.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Iterable, Literal, Mapping

from pydantic import AfterValidator, Field, field_validator, model_validator

from .applies import APPLIES_LIST_GATE, Apply, applies_list_gates
from .auras import Aura, Behavior
from .base import DiceText, EntryId, Id, Model, Number, gate
from .durations import RoundsDuration
from .errors import ProblemAt
from .gates import Gate, ValueGate, declared_gate
from .mechanics.amounts import Amount, DamageType
from .mechanics.reaction import EntryRef as UsableEntry
from .mechanics.shapes import IdList, no_repeats
from .modifiers import Modifier, TargetTest
from .senses import SenseGrants, Unseen, sense_add_paths

#: Every effect a condition can name, with the Capability API the value needs (None: as
#: old as `conditions`; the check effects came with modifiers and levels in 1.45). A fixed
#: list: anything else is refused by name.
EFFECTS: dict[str, str | None] = {
    "own-attacks-advantage": None,
    "own-attacks-disadvantage": None,
    "attacks-against-advantage": None,
    "attacks-against-disadvantage": None,
    "attacks-against-adjacent-advantage": None,
    "attacks-against-far-disadvantage": None,
    "attacks-from-adjacent-critical": None,
    "cannot-act": None,
    "cannot-react": None,
    "speed-zero": None,
    "half-move-to-stand": None,
    "ends-on-damage": None,
    "own-saves-advantage": None,
    "own-saves-disadvantage": None,
    "own-checks-advantage": "1.45",
    "own-checks-disadvantage": "1.45",
    "resist-all": None,
    "cannot-target-source": None,
    "cannot-target-source-side": "1.278",
    "cannot-approach-source": None,
    "cannot-heal": "1.191",
    "cannot-heal-nonmagical": "1.261",
}

#: Levels have no source and end only when the value they read goes down.
NOT_ON_LEVELS = (
    "half-move-to-stand",
    "ends-on-damage",
    "cannot-target-source",
    "cannot-target-source-side",
    "cannot-approach-source",
)

SAVE_EFFECTS = ("own-saves-advantage", "own-saves-disadvantage")


def healing_denial(name: str, effects: Iterable[str] | None, magical: bool) -> str | None:
    """Why the holder of the condition (or level) `name` gets none of a healing, or None when
    its `effects` let the healing through: `cannot-heal` refuses all healing (mechanics-1
    1.191), `cannot-heal-nonmagical` all but magical healing (mechanics-3 1.261; a rest is
    never magical). The one rule a fight (shared/combat/effects.py) and the sheet engine
    (shared/sheet/healing.py) both read."""
    held = tuple(effects or ())
    if "cannot-heal" in held:
        return f"no healing while {name}"
    if not magical and "cannot-heal-nonmagical" in held:
        return f"no healing but magical healing while {name}"
    return None

CHECK_EFFECTS = ("own-checks-advantage", "own-checks-disadvantage")

#: How a condition can end besides its clock (1.125; two more from 1.278).
ENDINGS: dict[str, str] = {
    "damaged": "1.125",
    "harmed-by-source-side": "1.125",
    "attacked": "1.278",
    "ally-harmed-in-sight": "1.278",
}


def _effect_name(value: str) -> str:
    if value not in EFFECTS:
        raise ValueError(f'"{value}" is not a condition effect; the effects are a fixed list: ' + ", ".join(EFFECTS))
    return value


def _ending_name(value: str) -> str:
    if value not in ENDINGS:
        raise ValueError(f'"{value}" is not a way a condition ends; "endsWhen" takes ' + ", ".join(ENDINGS))
    return value


Effect = Annotated[str, Field(max_length=40), AfterValidator(_effect_name)]
#: `<catalog>/<entry>`: a catalog entry named by its catalog.
EntryRef = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*/[a-z0-9][a-z0-9_-]*$", max_length=161)]
Ending = Annotated[str, Field(max_length=40), AfterValidator(_ending_name)]
EffectList = Annotated[list[Effect], Field(max_length=len(EFFECTS))]
SaveIds = Annotated[list[Id], Field(min_length=1, max_length=12)]
SkillIds = Annotated[list[Id], Field(min_length=1, max_length=24)]
ModifierList = Annotated[list[Modifier], Field(min_length=1, max_length=6)]


def _check_effects(effects: list[str]) -> None:
    for i, effect in enumerate(effects):
        if effect in effects[:i]:
            raise ValueError(f'effect "{effect}" is named twice')


def _check_narrowing(effects: list[str], modifiers: list[Modifier] | None, saves: Any, skills: Any) -> None:
    """`saves` (`skills`) narrows the two save (check) effects and the save (check)
    modifiers; naming it on an entry with neither is rejected."""
    mods = modifiers or []
    if saves is not None and not any(e in SAVE_EFFECTS for e in effects) and not any(m.to == "saves" for m in mods):
        raise ValueError(
            '"saves" narrows "own-saves-advantage", "own-saves-disadvantage" and save modifiers; '
            "this entry has none of them"
        )
    if skills is not None and not any(e in CHECK_EFFECTS for e in effects) and not any(m.to == "checks" for m in mods):
        raise ValueError(
            '"skills" narrows "own-checks-advantage", "own-checks-disadvantage" and check modifiers; '
            "this entry has none of them"
        )


#: The effects newer than `effects` itself.
EFFECT_GATES: dict[tuple[str, str], str | ValueGate] = {
    **{("effects", e): api for e, api in EFFECTS.items() if api is not None},
}


def _effect_gates(owner: type, effects: list[str] | None) -> Iterable[Gate]:
    for i, effect in enumerate(effects or []):
        if ("effects", effect) in EFFECT_GATES:
            yield declared_gate(owner, "effects", effect, ("effects", i))


# ---------------------------------------------------------------------------
# The action economy as a condition changes it (Haste, Slow; Capability API 1.76)
# ---------------------------------------------------------------------------


class BudgetChange(Model):
    """`{ "budget": "haste", "flat": 1 }`: that much more (or less) of a per-turn budget."""

    budget: Id
    flat: Annotated[int, Field(ge=-10, le=10)]

    @field_validator("flat")
    @classmethod
    def _not_zero(cls, value: int) -> int:
        if value == 0:
            raise ValueError('"flat" carries its own sign, and 0 is rejected')
        return value


class ItemTagTest(Model):
    """`{ "tags": [...] }`: items that have one of those item tags."""

    tags: Annotated[list[Id], Field(min_length=1, max_length=24)]


class WeaponTagTest(Model):
    """A held weapon that has all of `tags` and none of `notTags` (1.246)."""

    tags: Annotated[list[Id], Field(min_length=1, max_length=24)] | None = None
    notTags: Annotated[list[Id], Field(min_length=1, max_length=24)] | None = None

    @model_validator(mode="after")
    def _something(self) -> "WeaponTagTest":
        if not self.tags and not self.notTags:
            raise ValueError('give "tags", "notTags" or both')
        return self


AttackNames = Annotated[list[Annotated[str, Field(min_length=1, max_length=80)]], Field(min_length=1, max_length=24)]


class AfterAttack(Model):
    """Narrows a grant to a turn in which the Attack action was taken with one of these
    attacks (`names`) or with a held weapon matching `items` (1.246; combat/attack_action.py)."""

    names: AttackNames | None = None
    items: WeaponTagTest | None = Field(default=None, json_schema_extra=gate("1.246"))

    @model_validator(mode="after")
    def _something(self) -> "AfterAttack":
        if self.names is None and self.items is None:
            raise ValueError('"afterAttack" gives "names", "items" or both (or is true)')
        return self


class Grants(Model):
    """What a budget the condition fills may be spent on: standard actions, one weapon
    attack of a single strike, using an item. Offered only on the holder's own turn, after
    the budgets normally spent have run out. `melee`, `names` and `afterAttack` narrow the
    granted strike (1.239, 1.242)."""

    budget: Id
    standard: Annotated[
        list[Literal["dash", "disengage", "dodge", "help", "hide", "ready", "search"]], Field(min_length=1, max_length=7)
    ] | None = None
    attacks: Literal[True] | None = None
    items: Literal[True] | ItemTagTest | None = None
    melee: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.239"))
    names: AttackNames | None = Field(default=None, json_schema_extra=gate("1.242"))
    afterAttack: Literal[True] | AfterAttack | None = Field(default=None, json_schema_extra=gate("1.242"))

    @model_validator(mode="after")
    def _grants_something(self) -> "Grants":
        if self.standard is None and self.attacks is None and self.items is None:
            raise ValueError('"grants" names at least one of "standard", "attacks" or "items"')
        if self.standard is not None and len(set(self.standard)) != len(self.standard):
            raise ValueError('"standard" names a standard action twice')
        for key in ("melee", "names", "afterAttack"):
            if getattr(self, key) is not None and self.attacks is None:
                raise ValueError(f'"{key}" narrows the granted strike, so it needs "attacks": true')
        if self.names is not None:
            lowered = [n.lower() for n in self.names]
            if len(set(lowered)) != len(lowered):
                raise ValueError('"names" names an attack twice (names are compared case-insensitively)')
        return self


class ShakeOff(Model):
    """Another combatant on the holder's side can end the condition by spending `budget` on
    their own turn, within `reach` (the ruleset's distance unit; one cell by default)."""

    budget: Id
    reach: Number | None = Field(default=None, gt=0, le=10000)


class TrackShift(Model):
    """`{ "track": "exhaustion", "by": 1 }`: moves a track by levels (1.239)."""

    track: Id
    by: Annotated[int, Field(ge=-100, le=100)]

    @field_validator("by")
    @classmethod
    def _not_zero(cls, value: int) -> int:
        if value == 0:
            raise ValueError('"by" carries its own sign, and 0 is rejected')
        return value


class EndHarm(Model):
    """Damage dealt to the holder when the condition ends, on behalf of whoever applied it,
    unless the holder passes `unless` (1.245)."""

    dice: DiceText | None = None
    flat: Annotated[int, Field(ge=1, le=10000)] | None = None
    type: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    unless: TargetTest | None = None

    @model_validator(mode="after")
    def _amount(self) -> "EndHarm":
        if self.dice is None and self.flat is None:
            raise ValueError('"harm" needs "dice", "flat" or both')
        return self


class OnEnd(Model):
    """What the condition leaves behind when it fully ends (not when applied again):
    conditions for some rounds, levels moved on tracks (1.239), harm (1.245)."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = dict(APPLIES_LIST_GATE)

    applies: Annotated[list[Apply], Field(min_length=1, max_length=6)] | None = None
    tracks: Annotated[list[TrackShift], Field(min_length=1, max_length=4)] | None = Field(
        default=None, json_schema_extra=gate("1.239")
    )
    harm: EndHarm | None = Field(default=None, json_schema_extra=gate("1.245"))

    @model_validator(mode="after")
    def _leaves_something(self) -> "OnEnd":
        if self.applies is None and self.tracks is None and self.harm is None:
            raise ValueError('"onEnd" needs "applies", "tracks" or "harm"')
        for i, item in enumerate(self.applies or []):
            if getattr(item, "when", None) is not None:
                raise ProblemAt(("applies", i, "when"), '"when" is rejected in "onEnd", which has no applier sheet to read')
            if not isinstance(getattr(item, "duration", None), RoundsDuration):
                raise ValueError(
                    f'applies[{i}]: what "onEnd" leaves behind lasts "rounds" (not "until-save", "instant" or "this-action")'
                )
        if self.tracks is not None:
            names = [t.track for t in self.tracks]
            if len(set(names)) != len(names):
                raise ValueError('"tracks" moves the same track twice')
        return self

    def extra_gates(self) -> Iterable[Gate]:
        yield from applies_list_gates(OnEnd, self.applies)


class DelayChance(Model):
    """A `sides`-sided die; on `atLeast` or higher the action waits."""

    sides: Annotated[int, Field(ge=2, le=1000)]
    atLeast: Annotated[int, Field(ge=1, le=1000)]

    @model_validator(mode="after")
    def _reachable(self) -> "DelayChance":
        if self.atLeast > self.sides:
            raise ValueError(f'"atLeast" {self.atLeast} is above the die\'s {self.sides} sides')
        return self


class Delays(Model):
    """Holds back what the holder uses from `catalogs` and pays with `budget` until the
    start of their next turn, on a roll of `chance` (Slow; 1.120)."""

    catalogs: Annotated[list[EntryId], Field(min_length=1, max_length=12)]
    budget: Id
    chance: DelayChance


# ---------------------------------------------------------------------------
# One combat.conditions entry
# ---------------------------------------------------------------------------


Distance = Annotated[Number, Field(gt=0, le=100000)]


CatalogIds = Annotated[list[EntryId], Field(min_length=1, max_length=24)]


class OnRestSave(Model):
    """Rolled before the maximum is lowered; with `cures`, a success removes the condition."""

    save: Id
    difficulty: Annotated[int, Field(ge=1, le=100)]
    cures: Literal[True] | None = None


class OnRest(Model):
    """Each rest of `rests` taken under the condition lowers the holder's maximum health."""

    rests: IdList
    lowersMax: Amount | None = None
    lasting: Literal[True] | None = None
    save: OnRestSave | None = None
    restoredWhenCured: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.261"))

    @model_validator(mode="after")
    def _does_something(self) -> "OnRest":
        if self.lowersMax is None and (self.save is None or self.save.cures is None):
            raise ValueError('"onRest" needs "lowersMax", or a "save" that "cures"')
        if self.restoredWhenCured is not None and self.lasting is None:
            raise ValueError('"restoredWhenCured" goes with "lasting"')
        no_repeats(self.rests, "rests")
        return self


class OnDamaged(Model):
    """Conditions applied to the holder each time it takes damage, with a countdown."""

    applies: Annotated[list[Apply], Field(min_length=1, max_length=6)]

    @model_validator(mode="after")
    def _countdowns(self) -> "OnDamaged":
        for i, item in enumerate(self.applies):
            if isinstance(item.duration, str):
                raise ProblemAt(("applies", i, "duration"), f'what "onDamaged" applies lasts "rounds" (not "{item.duration}")')
            if getattr(item, "when", None) is not None:
                raise ProblemAt(("applies", i, "when"), '"when" is rejected here, since there is no applier sheet to read')
        return self


class Expires(Model):
    """The condition it turns into when its own countdown runs out."""

    becomes: Id


class CuredOnlyBy(Model):
    """Only a cure from these catalogs, paid at `minLevel` or higher, removes it."""

    catalogs: CatalogIds
    minLevel: Annotated[int, Field(ge=0, le=30)] | None = None


class ConditionTemporary(Model):
    """Temporary points given to the holder at each of its turn starts or ends."""

    at: Literal["turn-start", "turn-end"]
    dice: DiceText | None = None
    flat: Annotated[int, Field(ge=0, le=100000)] | None = None
    #: Adds the number its applier fixed through the `applies` item's `value`.
    value: Literal[True] | None = None
    lostWhenEnds: Literal[True] | None = None

    @model_validator(mode="after")
    def _something(self) -> "ConditionTemporary":
        if self.dice is None and self.flat is None and self.value is None:
            raise ValueError('"temporary" needs "dice", "flat" or "value"')
        return self




def _senses_gates(owner: type, grants: Mapping[str, object] | None) -> Iterable[Gate]:
    for sense in sense_add_paths(grants):
        yield declared_gate(owner, "senses", "an added sense", ("senses", sense))


class Harms(Model):
    """Dealt at the start (or end) of each of the holder's turns on behalf of whoever
    applied the condition."""

    at: Literal["turn-start", "turn-end"]
    dice: DiceText
    type: DamageType | None = None
    #: What the harm takes is sealed until a rest (combat/reduces_max.py `seal_wounds`).
    healedOnlyByRest: bool | None = Field(default=None, json_schema_extra=gate("1.193"))


class ConditionSize(Model):
    """The holder is this many sizes further along `combat.sizes.order` (back when
    negative)."""

    steps: Annotated[int, Field(ge=-10, le=10)]

    @model_validator(mode="after")
    def _not_zero(self) -> "ConditionSize":
        if self.steps == 0:
            raise ValueError('"steps" of 0 changes nothing')
        return self


class ImmunityFrom(Model):
    """Protection against `conditions` only when a creature matching `from` applies them."""

    conditions: Annotated[list[Id], Field(min_length=1, max_length=24)]
    from_: TargetTest = Field(alias="from")


class ConditionForbids(Model):
    """Forbids its holder anything that requires these components (gagged)."""

    components: Annotated[list[Id], Field(min_length=1, max_length=8)]


class CombatCondition(Model):
    """One `combat.conditions` entry: a sheet condition's effects in a fight, with the keys
    spec/combat-1 and combat-3 give it, then those of mechanics-1 (sight, components,
    senses, harm, stacking, sizes) and of mechanics-2/3."""

    condition: Id
    effects: EffectList | None = None
    failsSaves: SaveIds | None = None
    modifiers: ModifierList | None = Field(default=None, json_schema_extra=gate("1.45"))
    saves: SaveIds | None = None
    skills: SkillIds | None = Field(default=None, json_schema_extra=gate("1.53"))
    whileSourceInSight: Literal[True] | Annotated[list[Effect], Field(min_length=1, max_length=len(EFFECTS))] | None = None
    endsWhenSourceDown: bool | None = None
    lacks: Annotated[list[Id], Field(min_length=1, max_length=4)] | None = Field(
        default=None, json_schema_extra=gate("1.127")
    )
    endsWhen: Annotated[list[Ending], Field(min_length=1, max_length=4)] | None = Field(
        default=None, json_schema_extra=gate("1.125")
    )
    saveWhenDamaged: bool | None = Field(default=None, json_schema_extra=gate("1.125"))
    shakeOff: ShakeOff | None = Field(default=None, json_schema_extra=gate("1.125"))
    budgets: Annotated[list[BudgetChange], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.76")
    )
    grants: Grants | None = Field(default=None, json_schema_extra=gate("1.76"))
    exclusive: Annotated[list[Id], Field(min_length=2, max_length=2)] | None = Field(
        default=None, json_schema_extra=gate("1.76")
    )
    attacksPerTurn: Annotated[int, Field(ge=0, le=20)] | None = Field(default=None, json_schema_extra=gate("1.76"))
    onEnd: OnEnd | None = Field(default=None, json_schema_extra=gate("1.76"))
    noDamageFrom: Annotated[list[EntryRef], Field(min_length=1, max_length=12)] | None = Field(
        default=None, json_schema_extra=gate("1.117")
    )
    fallsSafely: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.124"))
    delays: Delays | None = Field(default=None, json_schema_extra=gate("1.120"))
    #: Conditions (or kinds of conditions) the holder cannot be given while this lasts;
    #: documented with kinds in 1.258, the first version that names it on a condition.
    conditionImmunities: Annotated[list[Id], Field(min_length=1, max_length=40)] | None = Field(
        default=None, json_schema_extra=gate("1.258")
    )
    unseen: Unseen | None = Field(
        default=None, json_schema_extra=gate("1.178")
    )
    forbids: ConditionForbids | None = Field(
        default=None, json_schema_extra=gate("1.179")
    )
    cancelsUnseen: bool | None = Field(
        default=None, json_schema_extra=gate("1.180")
    )
    senses: SenseGrants | None = Field(
        default=None, json_schema_extra=gate("1.180")
    )
    #: Dealt at the holder's turn start or end on behalf of the applier, once per
    #: application (shared/combat/condition_harms.py).
    harms: Harms | None = Field(default=None, json_schema_extra=gate("1.189"))
    #: Applied again while in effect, up to this many applications (condition_harms.py).
    stacks: Annotated[int, Field(ge=2, le=100)] | None = Field(default=None, json_schema_extra=gate("1.189"))
    #: On one holder per source: applied to someone else, it leaves the last (1.189).
    onePerSource: bool | None = Field(default=None, json_schema_extra=gate("1.189"))
    #: Immunities only against an applier passing the test (condition_on.put_condition).
    conditionImmunitiesFrom: Annotated[list[ImmunityFrom], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.191")
    )
    #: The holder moved so many sizes along `combat.sizes.order` (shared/combat/size_conditions.py).
    size: ConditionSize | None = Field(default=None, json_schema_extra=gate("1.195"))
    #: Catalog entries the holder may use while the condition lasts (1.236; combat/spellcasting.py
    #: `granted_plans`): in the menu only then, paid with their budget alone.
    actions: Annotated[list[UsableEntry], Field(min_length=1, max_length=24)] | None = Field(
        default=None, json_schema_extra=gate("1.236"))
    cannotBeSurprised: Literal[True] | None = Field(
        default=None, json_schema_extra=gate("1.237")
    )
    #: Saving throws against which a success takes nothing and a failure half (1.250).
    evasion: IdList | None = Field(default=None, json_schema_extra=gate("1.250"))
    #: A group: a creature holds at most one condition of it at a time (1.256).
    oneAtATime: Id | None = Field(default=None, json_schema_extra=gate("1.256"))
    #: Kinds the condition belongs to (1.258): a cure's `ends` and an immunity may name one
    #: (shared/combat/cures.py, numbers.immunity_source).
    kinds: Annotated[list[Id], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.258")
    )
    #: What a rest taken under it does (1.260, 1.261: shared/sheet/diseases.py).
    onRest: OnRest | None = Field(default=None, json_schema_extra=gate("1.260"))
    #: Disease stages (1.261, shared/combat/diseases.py): conditions put on at each damage,
    #: what it becomes when its countdown runs out, the only cures that remove it.
    onDamaged: OnDamaged | None = Field(default=None, json_schema_extra=gate("1.261"))
    expires: Expires | None = Field(default=None, json_schema_extra=gate("1.261"))
    curedOnlyBy: CuredOnlyBy | None = Field(default=None, json_schema_extra=gate("1.261"))
    auras: Annotated[list[Aura], Field(min_length=1, max_length=4)] | None = Field(
        default=None, json_schema_extra=gate("1.263")
    )
    behavior: Behavior | None = Field(default=None, json_schema_extra=gate("1.264"))
    temporary: ConditionTemporary | None = Field(default=None, json_schema_extra=gate("1.274"))
    #: Keeps the condition in effect while the holder stands this close to the applier, seen
    #: or not (read by shared/combat/seeing.py `source_in_sight`).
    orSourceWithin: Distance | None = Field(default=None, json_schema_extra=gate("1.275"))
    #: Other conditions this one suspends while it is in effect.
    #: (numbers.py leaves a suspended condition out of what is in force.)
    suppresses: IdList | None = Field(default=None, json_schema_extra=gate("1.275"))
    #: Harm from anything cast from these catalogs removes the condition.
    endsWhenHarmedFrom: CatalogIds | None = Field(default=None, json_schema_extra=gate("1.278"))

    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {
        **EFFECT_GATES,
        **{("endsWhen", e): api for e, api in ENDINGS.items() if api != "1.125"},
        ("endsWhen", "more than 2 endings"): "1.278",
        ("senses", "an added sense"): "1.182",
    }

    @model_validator(mode="after")
    def _condition_rules(self) -> "CombatCondition":
        effects = self.effects or []
        _check_effects(effects)
        _check_narrowing(effects, self.modifiers, self.saves, self.skills)
        if isinstance(self.whileSourceInSight, list):
            for effect in self.whileSourceInSight:
                if effect not in effects:
                    raise ValueError(f'"whileSourceInSight" names "{effect}", an effect this condition does not have')
            if len(set(self.whileSourceInSight)) != len(self.whileSourceInSight):
                raise ValueError('"whileSourceInSight" names an effect twice')
        if self.lacks is not None and len(set(self.lacks)) != len(self.lacks):
            raise ValueError('"lacks" names a sense twice')
        if self.endsWhen is not None:
            if len(set(self.endsWhen)) != len(self.endsWhen):
                raise ValueError('"endsWhen" has distinct entries')
        if self.exclusive is not None and self.exclusive[0] == self.exclusive[1]:
            raise ValueError('"exclusive" names two different budgets')
        if self.budgets is not None:
            names = [b.budget for b in self.budgets]
            if len(set(names)) != len(names):
                raise ValueError('"budgets" changes the same budget twice')
        own = self.condition
        if self.kinds is not None and own in self.kinds:
            raise ValueError(f'"kinds" names "{own}", the condition\'s own id: a kind is never the condition itself')
        if self.suppresses is not None and own in self.suppresses:
            raise ValueError(f'"suppresses" names "{own}" itself')
        if self.expires is not None and self.expires.becomes == own:
            raise ValueError(f'"expires.becomes" names "{own}" itself')
        if self.orSourceWithin is not None and self.whileSourceInSight is None:
            raise ValueError('"orSourceWithin" goes next to "whileSourceInSight"')
        no_repeats(self.actions, "actions")
        no_repeats(self.evasion, "evasion")
        no_repeats(self.kinds, "kinds")
        no_repeats(self.suppresses, "suppresses")
        no_repeats(self.endsWhenHarmedFrom, "endsWhenHarmedFrom")
        return self

    def extra_gates(self) -> Iterable[Gate]:
        yield from _senses_gates(CombatCondition, self.senses)
        yield from _effect_gates(CombatCondition, self.effects)
        if self.endsWhen is not None:
            for i, ending in enumerate(self.endsWhen):
                if ENDINGS.get(ending) == "1.278":
                    yield declared_gate(CombatCondition, "endsWhen", ending, ("endsWhen", i))
            if len(self.endsWhen) > 2:
                yield declared_gate(CombatCondition, "endsWhen", "more than 2 endings")


# ---------------------------------------------------------------------------
# Levels of a track or a derived value
# ---------------------------------------------------------------------------


class CombatLevel(Model):
    """A level of a plain live track (or, from 1.54, of a derived value) that counts as a
    condition while the value is at least `at`. Every reached level applies."""

    #: The effects' gates, but for the ones a level rejects outright (NOT_ON_LEVELS): those
    #: are never valid here, so the capability table must not list them on a level.
    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {
        gated: api for gated, api in EFFECT_GATES.items() if gated[1] not in NOT_ON_LEVELS
    }

    track: Id | None = None
    derived: Id | None = Field(default=None, json_schema_extra=gate("1.54"))
    at: Annotated[int, Field(ge=1, le=1000)]
    effects: EffectList | None = None
    modifiers: ModifierList | None = None
    failsSaves: SaveIds | None = None
    saves: SaveIds | None = None
    skills: SkillIds | None = Field(default=None, json_schema_extra=gate("1.53"))
    defeats: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.115"))
    evasion: SaveIds | None = Field(default=None, json_schema_extra=gate("1.250"))
    conditionImmunities: Annotated[list[Id], Field(min_length=1, max_length=40)] | None = Field(
        default=None, json_schema_extra=gate("1.258")
    )

    @model_validator(mode="after")
    def _level_rules(self) -> "CombatLevel":
        if (self.track is None) == (self.derived is None):
            raise ValueError('a level reads exactly one of "track" and "derived"')
        effects = self.effects or []
        _check_effects(effects)
        for effect in effects:
            if effect in NOT_ON_LEVELS:
                raise ValueError(
                    f'"{effect}" is rejected on a level: levels have no source and end only when the value they read goes down'
                )
        _check_narrowing(effects, self.modifiers, self.saves, self.skills)
        if not (effects or self.modifiers or self.failsSaves or self.defeats or self.evasion or self.conditionImmunities):
            raise ValueError('a level needs "effects", "modifiers", "failsSaves", "defeats", "evasion" or "conditionImmunities"')
        return self

    def extra_gates(self) -> Iterable[Gate]:
        yield from _effect_gates(CombatLevel, self.effects)


#: `combat.conditions` (and a sheet's `live.conditions`, a rest's `clear.conditions`) holds
#: 80 entries; 160 from 1.188, 320 from 1.269, 640 from 1.552.
CONDITION_LIST_MAX = 640
CONDITION_LIST_LIMITS: tuple[tuple[int, str], ...] = ((320, "1.552"), (160, "1.269"), (80, "1.188"))
CONDITION_LIST_GATES: dict[tuple[str, str], str | ValueGate] = {
    ("conditions", f"more than {limit} entries"): api for limit, api in CONDITION_LIST_LIMITS
}


def condition_list_gates(owner: type, conditions: list[Any] | None) -> Iterable[Gate]:
    count = len(conditions or [])
    for limit, _api in CONDITION_LIST_LIMITS:
        if count > limit:
            yield declared_gate(owner, "conditions", f"more than {limit} entries")
            return


__all__ = [
    "CONDITION_LIST_GATES",
    "CONDITION_LIST_MAX",
    "EFFECTS",
    "ENDINGS",
    "CombatCondition",
    "CombatLevel",
    "condition_list_gates",
    "ConditionTemporary",
    "CuredOnlyBy",
    "Expires",
    "OnDamaged",
    "OnRest",
    "OnRestSave",
    "Harms",
    "ConditionSize",
    "ImmunityFrom",
    "ConditionForbids",
]
