"""What a menu is made of: `Option` (what players, the GM and the Engine's tactics see), its
`Forecast` per target, and the internal `Plan` each option carries so resolution reads exactly
what the menu promised; `MenuItem` pairs the two. Plain data every layer of combat reads, below
all of them.

Also owns the plan kinds as one table (`PLAN_KINDS`, keyed by `Plan.kind`): what each kind
of plan is (one of the combatant's own attacks or abilities, a step on the board, the turn's
end) and the facts read from its data (what it aims, whether it rolls to hit or aims harm, its
option id). `Plan`'s properties ask the table, so no module asks "which kind of plan is this"
in an `if` chain to learn one of them; what a kind does in a layer above (forecasts,
resolution, payment) is that layer's own table keyed by `Plan.kind`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..dice import DiceExpr
from ..ruleset.base import key_of
from ..ruleset.combat_contests import Contest


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


class Forecast(BaseModel):
    model_config = ConfigDict(extra="forbid")
    target: str
    hit: float | None = None
    damage: float | None = None
    heal: float | None = None
    save: float | None = None
    #: A contest's chance of winning (exact, from the dice forecast).
    win: float | None = None
    #: Initiative a taking style is expected to take (1.48, pool_styles.py).
    take: float | None = None
    #: What the opposing side's symbol spends are expected to cost the attacker, in points
    #: of damage (symbol-pool; the Engine's tactics take it off the attack's worth).
    cost: float | None = None


#: Every field of a forecast with its default: all plain values (no factories), so a new
#: forecast may start from a copy of this.
_FORECAST_FIELDS = {name: None if info.is_required() else info.default for name, info in Forecast.model_fields.items()}


assert not any(info.default_factory for info in Forecast.model_fields.values())


_new, _set = object.__new__, object.__setattr__


def forecast(target: str, **numbers: float | None) -> Forecast:
    """`Forecast(target=target, **numbers)` for numbers the menu has just worked out (floats or
    None, the types the fields hold), without validating them again: a menu makes dozens."""
    fields = dict(_FORECAST_FIELDS)
    fields["target"] = target
    fields.update(numbers)
    if len(fields) != len(_FORECAST_FIELDS):
        raise TypeError(f"a forecast has no {', '.join(sorted(set(fields) - set(_FORECAST_FIELDS)))}")
    model = _new(Forecast)
    _set(model, "__dict__", fields)
    _set(model, "__pydantic_fields_set__", {"target", *numbers})
    _set(model, "__pydantic_extra__", None)
    _set(model, "__pydantic_private__", None)
    return model


class AlterOffer(BaseModel):
    """One metamagic entry offered with an option (mechanics-2 1.253-1.255): its id for the
    choice's `alters`, what it spends now, and what the choice may say about it: `spares`,
    how many of the user's side it spares (the choice's `spares` names them), `heightens`,
    the choice's `heightens` names who rolls the first save with disadvantage."""

    model_config = ConfigDict(extra="forbid")
    id: str
    label: str
    costs: list[dict[str, Any]] = Field(default_factory=list)
    #: May be chosen together with another offer (Empowered's `joins`).
    joins: bool | None = Field(default=None, exclude_if=lambda v: v is None)
    spares: int | None = Field(default=None, exclude_if=lambda v: v is None)
    heightens: bool | None = Field(default=None, exclude_if=lambda v: v is None)
    #: Twinned: the choice may name one more target than the option's `count`.
    twins: bool | None = Field(default=None, exclude_if=lambda v: v is None)
    #: Quickened: the option is paid from this budget instead.
    budget: str | None = Field(default=None, exclude_if=lambda v: v is None)


class Option(BaseModel):
    """One menu item. `targets` lists who it may be aimed at; `count` how many at most."""

    model_config = ConfigDict(extra="forbid")
    id: str
    label: str
    group: str
    budget: str | None = None
    costs: list[dict[str, Any]] = Field(default_factory=list)
    targets: list[str] = Field(default_factory=list)
    count: int = 0
    forecasts: list[Forecast] = Field(default_factory=list)
    text: str = ""
    #: On a board: what the screen draws (a walk's cell, path, cost and what is left, the
    #: cells where someone would strike; per target how it is reached and its cover; an
    #: area's aim cells and whom each catches). None off the board.
    board: dict[str, Any] | None = None
    #: A `usesChosen` entry's uses one use may spend (`{"max": n}`, mechanics-2 1.251): the
    #: choice sends `amount`, from 1 to n. Left out of the JSON on every other option.
    amount: dict[str, int] | None = Field(default=None, exclude_if=lambda v: v is None)
    #: The metamagic entries that may be chosen with it (mechanics-2 1.253): the choice's
    #: `alters` lists ids from here. Left out of the JSON when there are none.
    alters: list[AlterOffer] | None = Field(default=None, exclude_if=lambda v: v is None)
    #: Castable now only with one of these `alters` ids (Quickened with the action spent):
    #: the choice must include one.
    alterNeeded: list[str] | None = Field(default=None, exclude_if=lambda v: v is None)

    def needed_for(self, targets: list[str]) -> list[str]:
        """The `alters` ids one of which a choice aimed at `targets` must include: the
        option's `alterNeeded`, else those of the first target the board says only a
        change reaches (`board.targets[id].alterNeeded`, Distant)."""
        if self.alterNeeded:
            return self.alterNeeded
        info = (self.board or {}).get("targets") or {}
        return next((list(need) for t in targets if (need := (info.get(t) or {}).get("alterNeeded"))), [])


@dataclass(frozen=True)
class Altered:
    """A metamagic entry chosen with an option (mechanics-2 1.253): its offer id, catalog
    ref, name, what it spends (its own uses, paid beside the option's price), what it
    changes in words (the `altered` event), and which of `alters`' changes it makes."""

    id: str
    ref: str
    name: str
    costs: tuple[tuple[str, int], ...] = ()
    what: str = ""
    changes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Metamagic:
    """What the metamagic chosen with an option changes as it resolves: the entries chosen
    (`altered`), who a `spares` change spares (1.254: they succeed on its save without
    rolling), who a `heightens` change makes roll the first save with disadvantage (1.255),
    and how many damage dice a `rerolls` change rolls again (1.254), per roll of the blow."""

    altered: tuple[Altered, ...] = ()
    spared: tuple[str, ...] = ()
    heightened: str | None = None
    rerolls: int = 0


@dataclass(frozen=True)
class Pairing:
    """A plan's part in a creature's teleport with a strike (mechanics-3 1.280,
    teleport_strike.py): `first_of`, the teleport whose strike it is, made first (it spends
    the teleport's budget, uses and recharge with its own); `free`, it follows free, part of
    the same action, and leads on to nothing."""

    first_of: str | None = None
    free: bool = False


@dataclass(frozen=True)
class Placing:
    """How a choice lays an area out beyond the cell it names (mechanics-1 1.177, 1.178): a
    wall run to its `toward` cell, laid out as a `ring`, the `side` its `zone.side` faces
    ("near" or "far"); the cells the other `copies` of a burst or box are aimed at."""

    toward: tuple[int, int] | None = None
    ring: bool = False
    side: str | None = None
    copies: tuple[tuple[int, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.toward is not None:
            out["toward"] = list(self.toward)
        if self.ring:
            out["ring"] = True
        if self.side is not None:
            out["side"] = self.side
        if self.copies:
            out["copies"] = [list(c) for c in self.copies]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Placing":
        toward = data.get("toward")
        return cls(toward=(int(toward[0]), int(toward[1])) if toward else None, ring=bool(data.get("ring")),
                   side=data.get("side"), copies=tuple((int(c[0]), int(c[1])) for c in data.get("copies") or ()))


@dataclass
class Plan:
    """What resolving the option does. `kind` (a key of `PLAN_KINDS`): weapon, entry, action,
    sequence, standard, contest, shake-off, end, move, stand, flight, zone, spend."""

    kind: str
    name: str = ""
    budget: str | None = None
    to_hit: int = 0
    to_hit_parts: list[tuple[str, int]] = field(default_factory=list)
    damage: DiceExpr | None = None
    damage_type: str | None = None
    entry: Any = None
    entry_ref: str | None = None
    mechanics: Any = None
    list_def: Any = None
    save_dc: int | None = None
    action: Any = None
    steps: list[Any] = field(default_factory=list)
    costs: list[tuple[str, int]] = field(default_factory=list)
    standard: str | None = None
    targets_side: str = "enemy"
    uses_strike: bool = False
    strikes: int = 1
    #: The option id when it is not `ability:<list>:<row>` (a creature's spell, a bigger payment).
    option_id: str | None = None
    #: Steps paid above the cheapest pool of the cost's group (costs.py).
    cost_steps: int = 0
    #: `uses` counter a creature's spell spends (spellcasting.py), with its starting count.
    uses_key: str | None = None
    uses_count: int = 0
    #: What a creature's `spellcasting` says the spell needs instead of its entry's own
    #: `components` (1.181; `[]` needs nothing); None reads the source's (components.py).
    components: list[str] | None = None
    #: The `combat.contests` entry a contest option resolves (contests.py).
    contest: Contest | None = None
    #: A weapon's ability chosen for the attack roll and the row it was read from (blows.py).
    ability: str | None = None
    row: dict[str, Any] | None = None
    #: On a board: a walk's `{"cell", "path"}` (board/movement.py).
    walk: dict[str, Any] | None = None
    #: On a board: the cell an area option was aimed at; a burst's saves measure cover
    #: from it (board/save_cover.py).
    aim: tuple[int, int] | None = None
    #: How the choice lays the area out beyond `aim` (a wall's `toward`, `ring`, `side`; the
    #: other `copies`); None for the plain layout.
    placing: Placing | None = None
    #: The style an attack is made in where initiative is a number attacks move (1.48);
    #: None is the first style (pool_styles.py).
    style: str | None = None
    #: A held weapon's item (`<catalog>/<entry>`, item_weapons.py): its attack's own parts
    #: land with the hit. None for a row of the sheet.
    item: str | None = None
    #: Qualities a weapon's strikes carry past resistance from the sheet's `attackRows`
    #: rules (1.242, attack_row_rules.py): read beside a held weapon's own tags.
    qualities: tuple[str, ...] = ()
    #: Which use of the item an item plan is: 0 its `use`, n its `moreUses[n - 1]`; for a
    #: held weapon, 0 its attack, n its attack's `modes[n - 1]` (1.190).
    item_use: int = 0
    #: Extra charges of the item spent as raised-cost steps (its use's `chargeStep`, 1.269).
    charge_steps: int = 0
    #: Who a teleport takes along (its `carries`, mechanics-3 1.276): the choice's `carries`.
    carried: tuple[str, ...] = ()
    #: Which cure of a `cureOneOf` entry the option carries out (1.204, cure_choice.py): n
    #: the n-th, 0 the first the target has a reason for.
    cure: int = 0
    #: The kind a `kindChoice` use names (mechanics-3 1.270, kind_choice.py): a type or tag
    #: of `combat.creatureTypes`, remembered by what the use applies.
    named_kind: str | None = None
    #: A strike a grant pays for (a condition's `grants`, an entry's `grantsStrike`): never
    #: the Attack action (mechanics-2 1.242, attack_action.py).
    granted: bool = False
    #: How many uses a `usesChosen` entry spends on this use (mechanics-2 1.251): its
    #: amount is that many times its own; 0 for every other plan.
    chosen: int = 0
    #: The metamagic chosen with it (mechanics-2 1.253, metamagic.py); None without any
    #: (one field, so a plan without it costs nothing more to make or copy).
    metamagic: "Metamagic | None" = None
    #: Part of the same action as a creature's teleport with a `strike` (mechanics-3 1.280,
    #: teleport_strike.py); None for every other plan (one field, as metamagic).
    pairing: "Pairing | None" = None

    def revised(self, **changes: Any) -> "Plan":
        """`dataclasses.replace(self, **changes)`: the same plan with `changes`, its other
        values shared (a plan is never changed once made). Made by copying the fields
        rather than through `__init__` again, which goes over all forty of them: a menu
        makes one for every payment, charge and cure mode of every entry."""
        unknown = changes.keys() - _PLAN_FIELDS
        if unknown:
            raise TypeError(f"Plan has no field {sorted(unknown)[0]!r}")
        fresh = object.__new__(Plan)
        fresh.__dict__.update(self.__dict__)
        fresh.__dict__.update(changes)
        return fresh

    # -- what the plan's kind says (PLAN_KINDS) -----------------------------------------
    @property
    def of_kind(self) -> PlanKind:
        return PLAN_KINDS[self.kind]

    @property
    def own(self) -> bool:
        """One of the combatant's own attacks or abilities: a weapon row, an ability entry,
        a stat-block action or sequence (not a standard action, contest, move or the end)."""
        return PLAN_KINDS[self.kind].own

    @property
    def ends_turn(self) -> bool:
        """The turn's end (or passing a window): what is left when nothing else is taken."""
        return PLAN_KINDS[self.kind].ends_turn

    @property
    def moves(self) -> bool:
        """A step on the board: a walk, standing up, taking off or landing."""
        return PLAN_KINDS[self.kind].moves

    @property
    def source(self) -> Any:
        """What the plan aims with: an entry's mechanics, a creature action (a sequence's
        own action), or None (a weapon, a standard action, ...)."""
        return PLAN_KINDS[self.kind].source(self)

    @property
    def reaction(self) -> Any:
        """The `reaction` its entry or creature action answers with, or None."""
        source = PLAN_KINDS[self.kind].source(self)
        return source.reaction if source is not None else None

    @property
    def aims_at_self(self) -> bool:
        """An entry with `targets: "self"` or a creature action marked `self`."""
        return PLAN_KINDS[self.kind].aims_at_self(self)

    @property
    def aims_at_foes(self) -> bool:
        """Whether it reaches the other side (a harmful answer) rather than its own."""
        return PLAN_KINDS[self.kind].aims_at_foes(self)

    @property
    def rolls_to_hit(self) -> bool:
        """Whether it makes an attack roll (a sequence: any of its steps does)."""
        return PLAN_KINDS[self.kind].rolls_to_hit(self)

    @property
    def aims_harm(self) -> bool:
        """Whether it aims harm at its targets: an attack, a save, damage or a harmful
        condition."""
        return PLAN_KINDS[self.kind].aims_harm(self)

    @property
    def applies_harm(self) -> bool:
        """Whether the conditions it puts on whom it lands on harm them: an entry's when
        its kind is attack or debuff, anything else's always."""
        return PLAN_KINDS[self.kind].applies_harm(self)

    @property
    def damaging_attack(self) -> bool:
        """An attack roll that deals damage: a weapon, an entry that rolls to hit for an
        amount (not a heal or buff), a creature action that does, a sequence."""
        return PLAN_KINDS[self.kind].damaging_attack(self)

    @property
    def entry_catalog(self) -> str | None:
        """The catalog an ability entry comes from (`<catalog>/<entry>`), else None."""
        return PLAN_KINDS[self.kind].entry_catalog(self)

    @property
    def menu_id(self) -> str:
        """Its option's id on the menu: `option_id` when set, else `attack:<list>:<row>`,
        `ability:<list>:<row>` or `action:<id>` (own attacks and abilities only)."""
        return self.option_id or PLAN_KINDS[self.kind].menu_id(self)


#: The field names of a plan (`Plan.revised` refuses any other, as `replace` does).
_PLAN_FIELDS = frozenset(f.name for f in fields(Plan))


@dataclass
class MenuItem:
    option: Option
    plan: Plan




#: What an entry's `mechanics.kind` says: these harm whom they land on, these help them.
HARMFUL_ENTRY_KINDS = frozenset({"attack", "debuff"})
HELPFUL_ENTRY_KINDS = frozenset({"heal", "buff"})


def harms(mechanics: Any) -> bool:
    """An entry of kind attack or debuff."""
    return mechanics.kind in HARMFUL_ENTRY_KINDS


def helps(mechanics: Any) -> bool:
    """An entry of kind heal or buff."""
    return mechanics.kind in HELPFUL_ENTRY_KINDS


def cast_from(entry_ref: str | None, mechanics: Any) -> str | None:
    """The catalog a use counts as cast from: its entry's, or for an item's use with
    `casts` (a scroll, a wand: mechanics-1 1.180), that catalog rather than the items'."""
    return key_of(mechanics, "casts") or (entry_ref or "").partition("/")[0] or None


def entry_side(mechanics: Any) -> str:
    """The side an entry aims at: its `targets`, else the other side for a harmful kind and
    its own for the rest."""
    return str(mechanics.targets or ("enemy" if harms(mechanics) else "ally"))


class PlanKind:
    """One kind of plan and the facts read from a plan of it; the defaults are a plan that
    is none of the combatant's own attacks or abilities (a standard action, a move, ...)."""

    def __init__(self, name: str, *, own: bool = False, ends_turn: bool = False, moves: bool = False,
                 aims_areas: bool = False, group: str | None = None, apart: bool = False) -> None:
        self.name = name
        #: It strikes from somewhere else than its user's cell (a summon, 1.122): what the
        #: board reads from the user's cell (cover, long shots, the high ground) is not read.
        self.apart = apart
        self.own = own
        self.ends_turn = ends_turn
        self.moves = moves
        #: Its source may be an area aimed at a cell (an entry's or a creature action's
        #: `area`; a sequence's parts are aimed one by one).
        self.aims_areas = aims_areas
        #: The menu group its option is drawn in.
        self.group = group or name

    #: Its mechanics are its entry's (or its item's use's), read again from the package.
    reads_entry = False

    def source(self, plan: Plan) -> Any:
        return None

    def aims_at_self(self, plan: Plan) -> bool:
        return False

    def aims_at_foes(self, plan: Plan) -> bool:
        return False

    def rolls_to_hit(self, plan: Plan) -> bool:
        return False

    def aims_harm(self, plan: Plan) -> bool:
        return False

    def damaging_attack(self, plan: Plan) -> bool:
        return False

    def applies_harm(self, plan: Plan) -> bool:
        return True

    def entry_catalog(self, plan: Plan) -> str | None:
        return None

    def menu_id(self, plan: Plan) -> str:
        raise ValueError(f"the option id of a plan of kind {self.name!r} is made where it is offered")


class ContestKind(PlanKind):
    """A contest (`combat.contests`): always aimed against its target."""

    def aims_at_foes(self, plan: Plan) -> bool:
        return True

    def aims_harm(self, plan: Plan) -> bool:
        return True


class WeaponKind(PlanKind):
    """An attack row of the sheet: always an attack roll that deals damage."""

    def aims_at_foes(self, plan: Plan) -> bool:
        return True

    def rolls_to_hit(self, plan: Plan) -> bool:
        return True

    def aims_harm(self, plan: Plan) -> bool:
        return True

    def damaging_attack(self, plan: Plan) -> bool:
        return True

    def menu_id(self, plan: Plan) -> str:
        # A held weapon is not a row of the list: it gets its own space of ids.
        if plan.item is not None:
            return f"attack:item:{slug(plan.name)}"
        return f"attack:{plan.list_def.list}:{slug(plan.name)}"


class EntryKind(PlanKind):
    """An ability entry: its `mechanics` say what it does."""

    #: Its mechanics are its entry's (or its item's use's), read again from the package.
    reads_entry = True

    def source(self, plan: Plan) -> Any:
        return plan.mechanics

    def aims_at_self(self, plan: Plan) -> bool:
        return bool(plan.mechanics.targets == "self")

    def aims_at_foes(self, plan: Plan) -> bool:
        return entry_side(plan.mechanics) == "enemy"

    def rolls_to_hit(self, plan: Plan) -> bool:
        return bool(plan.mechanics.attackRoll)

    def aims_harm(self, plan: Plan) -> bool:
        m = plan.mechanics
        return bool(m.attackRoll or m.save is not None or harms(m))

    def damaging_attack(self, plan: Plan) -> bool:
        m = plan.mechanics
        return bool(m.attackRoll) and m.amount is not None and not helps(m)

    def applies_harm(self, plan: Plan) -> bool:
        return harms(plan.mechanics)

    def entry_catalog(self, plan: Plan) -> str | None:
        return cast_from(plan.entry_ref, plan.mechanics)

    def menu_id(self, plan: Plan) -> str:
        # An item's use is no row of a list: it gets its own space of ids.
        if plan.item is not None:
            return f"item:{slug(plan.name)}"
        return f"ability:{plan.list_def.list}:{slug(plan.name)}"


class SummonKind(EntryKind):
    """A summon's strike (summons.py, mechanics-1 1.122): its entry's effect on one enemy,
    made from where the summon stands, not from its owner's cell, and never aimed at a cell;
    its option id is made where it is offered (`summon:<entry>`)."""

    def menu_id(self, plan: Plan) -> str:
        return PlanKind.menu_id(self, plan)


class ActionKind(PlanKind):
    """A creature's stat-block action."""

    def source(self, plan: Plan) -> Any:
        return plan.action

    def aims_at_self(self, plan: Plan) -> bool:
        # A search (Detect, 1.287) looks about, aimed at nobody.
        return bool(plan.action.self_ or plan.action.search)

    def aims_at_foes(self, plan: Plan) -> bool:
        a = plan.action
        return not (a.self_ or a.targets == "ally" or a.heal is not None)

    def rolls_to_hit(self, plan: Plan) -> bool:
        return plan.action.toHit is not None and not plan.action.autoHit

    def aims_harm(self, plan: Plan) -> bool:
        a = plan.action
        if a.heal is not None or a.self_ or a.targets == "ally":
            return False
        return bool(a.toHit is not None or a.save is not None or a.damage is not None or a.applies)

    def damaging_attack(self, plan: Plan) -> bool:
        a = plan.action
        return a.toHit is not None and not a.autoHit and a.damage is not None

    def menu_id(self, plan: Plan) -> str:
        return f"action:{plan.action.id}"


class SequenceKind(ActionKind):
    """A creature action made of other actions (`steps`), each resolved as its own; the
    sequence's own action names it (its source, side and option id) and is not itself
    aimed at its user."""

    def aims_at_self(self, plan: Plan) -> bool:
        return False

    def rolls_to_hit(self, plan: Plan) -> bool:
        return any(s.toHit is not None and not s.autoHit for s in plan.steps)

    def aims_harm(self, plan: Plan) -> bool:
        return True

    def damaging_attack(self, plan: Plan) -> bool:
        return True


#: `Plan.kind` -> what that kind of plan is.
PLAN_KINDS: dict[str, PlanKind] = {kind.name: kind for kind in (
    WeaponKind("weapon", own=True, group="attack"),
    EntryKind("entry", own=True, aims_areas=True, group="ability"),
    # A summon's strike (summons.py): its entry's, from where the summon stands.
    SummonKind("summon", own=True, apart=True),
    ActionKind("action", own=True, aims_areas=True),
    SequenceKind("sequence", own=True, group="action"),
    PlanKind("standard"),
    ContestKind("contest"),
    PlanKind("shake-off"),
    # Spending an action on the save that ends a condition (`saveEnds.at: "action"`, 1.264).
    PlanKind("save-action"),
    # Averting the eyes from a gaze, or looking again (aura_avert.py, 1.268): free.
    PlanKind("avert"),
    PlanKind("end", ends_turn=True),
    PlanKind("move", moves=True),
    PlanKind("stand", moves=True, group="move"),
    PlanKind("flight", moves=True, group="move"),
    # Moving or turning a lasting zone (zones.py): a step on the board its owner takes.
    PlanKind("zone", moves=True),
    PlanKind("zone-turn", moves=True, group="zone"),
    # Picking up what a defeated creature let fall (belongings.py): free, once a turn.
    PlanKind("pick-up", moves=True),

    PlanKind("spend"),
)}
