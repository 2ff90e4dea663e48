"""The battle state: plain JSON data a battle is stored, shipped and reloaded as.

Owns: `BattleState` and the records inside it (`Combatant`, `HeldCondition`, `Event`,
`DiceState`, `Pending`, the open `Window` and the step it holds: `ActionStep`, `WalkStep`,
`FallStep`, the turn steps, the `LastingZone`s an entry leaves on the board). Everything here is pydantic data with no behaviour beyond small
lookups, so `state.model_dump(mode="json")` is the whole battle and
`BattleState.model_validate(data)` brings it back on any worker.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

Side = Literal["party", "foes"]
Controller = Literal["engine", "player", "gm"]


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False, serialize_by_alias=True,
                              validate_by_name=True, validate_by_alias=True)


def _absent(value: object) -> bool:
    """A key the record leaves out of its JSON rather than writing it as null."""
    return value is None


def _empty(value: object) -> bool:
    """A mapping the record leaves out of its JSON while nothing is in it."""
    return not value


class DiceState(Record):
    """`{seed, cursor}`; `script` replaces the seeded roller with scripted faces (`--dice`)."""

    seed: int = 0
    cursor: int = 0
    script: list[int] | None = None


class HeldCondition(Record):
    """A condition on a combatant, with its clock and where it came from."""

    id: str
    source: str | None = None
    #: Rounds left; None for a condition with no clock (instant, until-save, this-action).
    rounds: int | None = None
    #: `turn-end` (default) or `turn-start`: when the rounds count down.
    at: str = "turn-end"
    #: "holder" counts the holder's own turns, "source" the applier's (`"of": "source"`).
    of: str = "holder"
    #: The source's next turn has begun (rounds `of: source` count from then).
    started: bool = False
    save: str | None = None
    save_at: str | None = None
    dc: int | None = None
    ends_after: str | None = None
    #: Applied by this fight (comes off the sheet when the fight ends).
    tracked: bool = True
    concentration: str | None = None
    this_action: bool = False
    #: The number its applier fixed (`applies[].value`, 1.274), read as it was put on.
    value: int | None = Field(default=None, exclude_if=_absent)
    #: The temporary points it last gave (`temporary`, 1.274), lost with it (`lostWhenEnds`).
    granted: int | None = Field(default=None, exclude_if=_absent)
    #: A spell hold (mechanics-1 1.174, 1.175): escaped against this DC (the entry's save DC,
    #: `escapeDc: "save"`), with these contest checks when `escapeChecks` names them.
    escape: int | None = Field(default=None, exclude_if=_absent)
    escape_checks: list[str] | None = Field(default=None, exclude_if=_absent)
    #: `endsWhenHolder` (mechanics-1 1.180): comes off once the holder has attacked
    #: (`ends_on_attack`) or used an entry from one of these catalogs (`ends_on_casts`).
    ends_on_attack: bool | None = Field(default=None, exclude_if=_absent)
    ends_on_casts: list[str] | None = Field(default=None, exclude_if=_absent)
    #: Applications of a condition with `stacks` (mechanics-1 1.189); None is one.
    stacks: int | None = Field(default=None, exclude_if=_absent)
    #: Dice added to the condition's `harms`, `harmsPerCostStep` once per raised-cost step
    #: it was applied at (mechanics-2 1.255): "1d4" from a 3rd-level Acid Arrow.
    harm_more: str | None = Field(default=None, exclude_if=_absent)
    #: `endsWith` (mechanics-2 1.202): comes off when this condition of the same use does.
    ends_with: str | None = Field(default=None, exclude_if=_absent)
    #: `saveEnds.bySource` (mechanics-3 1.274): the damage save is rolled only on harm from
    #: the applier.
    save_by_source: bool | None = Field(default=None, exclude_if=_absent)
    #: A save that keeps count (`saveEnds.successes` / `failures`, mechanics-2 1.258,
    #: diseases.py): the successes that remove it and the failures after which it becomes
    #: `becomes`, with those made and failed so far.
    save_goal: int | None = Field(default=None, exclude_if=_absent)
    save_wins: int | None = Field(default=None, exclude_if=_absent)
    worsen_at: int | None = Field(default=None, exclude_if=_absent)
    save_fails: int | None = Field(default=None, exclude_if=_absent)
    becomes: str | None = Field(default=None, exclude_if=_absent)
    #: Spread by the aura of this combatant (mechanics-3 1.263, auras.py): never written to a
    #: sheet, taken off when the two part and when the fight ends.
    aura: str | None = Field(default=None, exclude_if=_absent)
    #: Kept for the whole fight (`keepsOn`, 1.263): never written to a sheet either.
    kept: bool | None = Field(default=None, exclude_if=_absent)
    #: The ending save's `unseen` (1.266), `seenLean` (1.268) and `beyond` (1.270, in the
    #: ruleset's distance unit), read against the applier (source_saves.py).
    save_unseen: bool | None = Field(default=None, exclude_if=_absent)
    save_lean: str | None = Field(default=None, exclude_if=_absent)
    save_beyond: float | None = Field(default=None, exclude_if=_absent)
    #: Put on by a failed aura save with `immuneWhenEnds` (1.269, aura_saves.py): the aura
    #: (`aura_saves.aura_key`) that no longer affects the holder once this ends.
    aura_ends: str | None = Field(default=None, exclude_if=_absent)
    #: The kind the use that applied it named (`kindChoice`, mechanics-3 1.270): a type or
    #: tag of `combat.creatureTypes`, the only creatures its aura's `chosenKind` reaches.
    chosen_kind: str | None = Field(default=None, exclude_if=_absent)


class Concentration(Record):
    entry: str
    label: str
    #: (holder id, condition id) pairs the concentration maintains.
    conditions: list[list[str]] = Field(default_factory=list)


class DelayedAction(Record):
    """An action a `delays` condition held back until the start of the holder's next turn
    (delays.py), with its numbers as the menu read them when it was paid for."""

    #: The ability list the entry was chosen from (`list`), None for one from no list.
    list_id: str | None = Field(default=None, alias="list")
    entry: str
    name: str
    budget: str
    targets: list[str]
    to_hit: int
    to_hit_parts: list[tuple[str, int]]
    save_dc: int | None
    cost_steps: int = 0
    #: The kind the use named (`kindChoice`, mechanics-3 1.270), kept for what it applies.
    named_kind: str | None = Field(default=None, exclude_if=_absent)


class Daze(Record):
    """A dazing hit's pending skip of its holder's next turn (daze.py): who dazed them, and
    whether the daze's condition was put on for it (that mark comes off with the skip)."""

    by: str
    marked: bool


class Hidden(Record):
    """A Hide's standing (mechanics-3 1.287, hiding.py): the Stealth result, and the
    opponents the hider is hidden from (until each finds them, or the hider gives themselves
    away)."""

    result: int
    seekers: list[str]


class Away(Record):
    """Off the board and out of the turn order, alive (dismissal.py): dismissed by an entry
    (mechanics-2 1.236) or gone out of the fight by a teleport (mechanics-3 1.279)."""

    #: The cell it left (`[x, y]`), where it comes back; None off the board.
    cell: list[int] | None = None
    #: The condition it is away while (`dismisses.while`); None: away for good.
    condition: str | None = None
    #: Whoever sent it away (the caster, or the one it teleported with).
    by: str | None = None
    #: A `dismisses.gone` test it passes: it does not come back if the condition ran its time.
    gone: bool = False
    #: Left by a teleport's `leaves` (1.279): shown "Left the fight"; a foe has escaped.
    left: bool = False


class WeaponHold(Record):
    """A weapon's damage held to a tier: its dice (with the flat part) and strikes a round."""

    dice: str
    strikes: int


class EntryHold(Record):
    """An entry's amount held to a tier: its dice, flat part and the most cost steps counted."""

    dice: str
    flat: int
    steps: int


class TierHold(Record):
    """What a proposed creature written as a sheet is held to once built (tier_hold.py):
    caps on its defense, to-hit and save difficulty, and its scaled-down damage by weapon
    (`<list>:<row slug>`) and entry (`<catalog>/<entry>`). Only what was held is written."""

    defense: int | None = Field(default=None, exclude_if=_absent)
    to_hit: int | None = Field(default=None, alias="toHit", exclude_if=_absent)
    save_difficulty: int | None = Field(default=None, alias="saveDifficulty", exclude_if=_absent)
    weapons: dict[str, WeaponHold] = Field(default_factory=dict, exclude_if=_empty)
    entries: dict[str, EntryHold] = Field(default_factory=dict, exclude_if=_empty)

    def holds_anything(self) -> bool:
        return (self.defense is not None or self.to_hit is not None or self.save_difficulty is not None
                or bool(self.weapons) or bool(self.entries))


class Combatant(Record):
    id: str
    name: str
    side: Side
    controller: Controller = "engine"
    player: str | None = None
    #: "sheet" (numbers from a sheet) or "block" (a creature written in numbers).
    kind: Literal["sheet", "block"]
    #: Bestiary entry ("<catalog>/<entry>") a creature came from, if any.
    entry: str | None = None
    #: The creature block (JSON as the package wrote it, after any clamp) for creatures.
    block: dict[str, Any] | None = None
    #: The character sheet (build + live) for sheet combatants: the record.
    sheet: dict[str, Any] | None = None
    #: Health of block creatures (sheet combatants read theirs from the sheet).
    health: int = 0
    health_max: int = 0
    temp: int = 0
    initiative: float = 0
    init_mod: float = 0
    order: int = 0
    conditions: list[HeldCondition] = Field(default_factory=list)
    budgets: dict[str, int] = Field(default_factory=dict)
    strikes: int = 0
    attacks_made: int = 0
    #: The Attack action this turn (mechanics-2 1.242, 1.246; attack_action.py): the names
    #: of the attacks it was taken with (lower case) and the held weapons' items.
    attack_action: list[str] = Field(default_factory=list, exclude_if=_empty)
    attack_items: list[str] = Field(default_factory=list, exclude_if=_empty)
    #: Choices the Engine has made for this combatant this turn (engine.py caps them).
    engine_actions: int = 0
    uses: dict[str, int] = Field(default_factory=dict)
    recharge: dict[str, bool] = Field(default_factory=dict)
    signature_points: int = 0
    down: bool = False
    out: bool = False
    dying: dict[str, int] | None = None
    #: The round a party member died in (a `revives` entry reaches them for so many rounds,
    #: mechanics-1 1.176); left out of the JSON while they live.
    died_round: int | None = Field(default=None, exclude_if=_absent)
    concentration: Concentration | None = None
    dodging: bool = False
    helped_by: str | None = None
    #: `help.beside` on a board: the help applies only against these opponents.
    help_against: list[str] | None = None
    riders_used: list[str] = Field(default_factory=list)
    spent: dict[str, int] = Field(default_factory=dict)
    #: `combat.spendLimits` maxima ("<per>:<pool>"), read once when the fight starts.
    spend_limits: dict[str, int] = Field(default_factory=dict)
    #: What the combatant adds in a contest, by `combat.checks` id, read once when the fight
    #: starts (spec/combat-3 "Contests"): a sheet changed during the fight does not move it.
    checks: dict[str, int] = Field(default_factory=dict)
    tracks: dict[str, int] = Field(default_factory=dict)
    #: An action a `delays` condition held back until the start of the holder's next turn.
    delayed: DelayedAction | None = None
    #: On a board: the cell `[x, y]` the combatant stands on (board/battlefield.py).
    position: list[int] | None = None
    #: On a board: cells of movement left this turn.
    movement: int = 0
    #: On a board, for someone with other ways of moving (1.113): cells left this turn per
    #: mode (`{"walk": 6, "fly": 12}`); empty for someone who only walks.
    modes: dict[str, int] = Field(default_factory=dict)
    #: The size (`combat.sizes` id) a size-changing condition made the combatant (1.195);
    #: left out of the JSON while it is its own.
    size: str | None = Field(default=None, exclude_if=_absent)
    #: On a board: levels a flier is above the ground below it (1.114; 0 on the ground).
    aloft: int = 0
    #: On a board: a flier is in the air, at ground height or above (1.354).
    airborne: bool = False
    #: On a board: took Disengage this turn (nobody strikes at them walking away).
    disengaged: bool = False
    #: The cells walked this turn from where its walking began, kept only for a creature with
    #: a run-up `charge` (board/run_up.py, mechanics-1 1.186).
    run_up: list[list[int]] | None = Field(default=None, exclude_if=_absent)
    #: The own action that follows free this turn, part of the same action as a teleport
    #: with a `strike` (mechanics-3 1.280, teleport_strike.py): the strike after the
    #: teleport, or the teleport after the strike made first.
    follows: str | None = Field(default=None, exclude_if=_absent)
    #: A dazing hit's pending skip of this combatant's next turn.
    dazed: Daze | None = None
    #: Surprised (mechanics-2 1.237): until their first turn or the first round ends, only
    #: ending the turn, and no answer to any window (surprise.py).
    surprised: bool | None = Field(default=None, exclude_if=_absent)
    #: Away from the fight, alive (dismissal.py): dismissed, or gone by a teleport.
    away: Away | None = Field(default=None, exclude_if=_absent)
    #: Hidden by the Hide action (mechanics-3 1.287, hiding.py).
    hidden: Hidden | None = Field(default=None, exclude_if=_absent)
    #: Initiative that attacks move (1.48): None while the number is above the crash line;
    #: once crashed, how many of the holder's own turns have begun since (initiative_resource.py).
    crashed: int | None = None
    #: "Choose my own symbol spends" (a player-controlled party member; symbol_choice.py).
    own_spends: bool = False
    #: Boost and setback dice symbol spends put on this combatant's next roll
    #: (`{"boost": n, "setback": n}`; symbol_dice.py uses them up).
    symbol_dice: dict[str, int] = Field(default_factory=dict)
    #: What a creature written in plain numbers carries (its `inventory` as rolled when the
    #: fight started, belongings.py): stacks shaped like a sheet's `live.items`; a creature
    #: with a sheet carries them in its sheet. Left out of the JSON while there are none.
    carrying: list[dict[str, Any]] = Field(default_factory=list, exclude_if=_empty)
    #: The round this combatant last picked something up (the free pick-up, once a turn).
    picked_up: int | None = Field(default=None, exclude_if=_absent)
    #: What a condition's `drops` made a stat block let fall (behavior.py, mechanics-3 1.266,
    #: 1.267): `action:<id>` for an action whose qualities bear a dropped tag, `held:<label>`
    #: for a thing of its `held`; each comes back when picked up.
    let_fall: list[str] = Field(default_factory=list, exclude_if=_empty)
    #: What a compelled behaviour's `table` (behavior.py, mechanics-3 1.264) rolled for this
    #: turn: `nothing` (a wander, or doing nothing: only ending the turn is left) or
    #: `strike:<id>` (only a melee attack on that creature); None: the turn as it is.
    compelled_to: str | None = Field(default=None, exclude_if=_absent)
    #: A proposed creature written as a sheet, held to its tier once built: caps on its
    #: defense, to-hit and save difficulty, and its scaled-down damage (sheet_holds.py).
    held: TierHold | None = None
    #: The auras that no longer affect this combatant until the fight ends (`aura_saves.
    #: aura_key`: a saved `immuneOnSuccess`, an ended `immuneWhenEnds`, mechanics-3 1.265, 1.269).
    aura_immune: list[str] = Field(default_factory=list, exclude_if=_empty)
    #: The gaze holders this combatant has averted their eyes from (`avert`, 1.268,
    #: aura_avert.py): unseen by them until they look again.
    averted: list[str] = Field(default_factory=list, exclude_if=_empty)


# ---------------------------------------------------------------------------
# a step a window holds (window_resume.py) and the window itself (windows.py)
# ---------------------------------------------------------------------------


class BlowAdd(Record):
    """An answer joined to the owner's own blow (`addsToBlow`, blow_adds.py): dealt with it
    on `target` when it lands."""

    actor: str
    #: The answer's plan as plan_codec writes it.
    plan: dict[str, Any]
    target: str


class SpendingAttack(Record):
    """A spending attack under way (initiative_resource.py): the attacker's number at the
    moment of the attack and whether it hit anywhere."""

    actor: str
    number: int
    hit: bool


class AnswerPart(Record):
    """An answer taken in a window, resolved as a step of its own (window_answers.py): the
    window it answers, whether a player's own spends may hold it (not on the Engine's
    throwaway trials) and whether it is a reaction (which may cancel what the window holds)."""

    window: Window
    holds: bool
    reacts: bool


#: Where an action step stands: its `used` window, `aimed`, the action itself, `harmed`,
#: then what ends once it is over.
Stage = Literal["used", "aimed", "resolve", "harmed", "after"]


class ActionStep(Record):
    """An action step (window_resume.py): paid first, then its windows and the action. The
    keys after `harmed` are written only once something sets them."""

    step: Literal["action"] = "action"
    actor: str
    #: The plan as plan_codec writes it.
    plan: dict[str, Any]
    targets: list[str]
    stage: Stage
    #: Where a `hit` window (or a player's own spends) held the action: the target, the
    #: sequence part, the held roll (actions.perform resumes the option at it).
    cursor: dict[str, Any] | None = None
    from_seq: int
    #: (holder, condition) pairs held before the step (lists: a step copies them often).
    before: list[list[str]]
    harmed: list[str]
    answer: AnswerPart | None = Field(default=None, exclude_if=_absent)
    #: A strike at someone walking away (1.243): only its hit is held.
    strike: bool | None = Field(default=None, exclude_if=_absent)
    #: The `leaves-reach` window that carries on once the strike is over.
    then: Window | None = Field(default=None, exclude_if=_absent)
    #: A held-back action completing as this holder's turn starts (delays.py).
    starts_turn: str | None = Field(default=None, exclude_if=_absent)
    spending: SpendingAttack | None = Field(default=None, exclude_if=_absent)
    adds: list[BlowAdd] | None = Field(default=None, exclude_if=_absent)
    #: (holder, condition) pairs the action put on again, which keep their own endings.
    applied: list[list[str]] | None = Field(default=None, exclude_if=_absent)
    cancelled: bool | None = Field(default=None, exclude_if=_absent)
    #: (holder, condition) pairs answers put on for `this-action`: they end with the action.
    this_action: list[list[str]] | None = Field(default=None, exclude_if=_absent)


class LegendaryWalk(Record):
    """A move bought between turns (board/legendary.py, mechanics-3 1.283, 1.285): the
    window it was bought in, carried on once the walk is over; the maker's own turn's
    movement (`movement`, `modes`), handed back then; whether leaving someone's reach
    provokes a strike (`noOpportunity`, `untouchable`: not), and whether the zones it
    crosses do nothing to it (`untouchable`)."""

    window: Window
    movement: int
    modes: dict[str, int] = Field(default_factory=dict)
    provokes: bool = True
    untouchable: bool = False


class WalkStep(Record):
    """The rest of a walk a `leaves-reach` window held (board/movement.py): `now` are those
    whose reach the next step leaves, `asked` those asked before on this walk; a move bought
    between turns carries `legendary`."""

    step: Literal["walk"] = "walk"
    mover: str
    cells: list[list[int]]
    asked: list[str]
    now: list[str]
    paid: int
    from_cell: list[int] = Field(alias="from")
    #: Written by an answer taken in the window, as for an action (window_answers.py);
    #: only an action's end reads it.
    this_action: list[list[str]] | None = Field(default=None, exclude_if=_absent)
    legendary: LegendaryWalk | None = Field(default=None, exclude_if=_absent)


class Fall(Record):
    """A fall to land: who falls, how many levels, who made them fall."""

    faller: str
    levels: int
    source: str | None


class HeldFall(Fall):
    """A fall waiting in `BattleState.falls` (board/falls.py); falls from one blow or
    effect share a `group` and are asked about in one window."""

    group: int


class FallStep(Record):
    """Landings a `falls` window held (board/falls.py)."""

    step: Literal["fall"] = "fall"
    targets: list[str]
    falls: list[Fall]
    #: Written by an answer taken in the window, as for an action (window_answers.py);
    #: only an action's end reads it.
    this_action: list[list[str]] | None = Field(default=None, exclude_if=_absent)


class NextTurnStep(Record):
    """A window between turns: the next turn begins when it closes."""

    step: Literal["next-turn"] = "next-turn"
    #: Written by an answer taken in the window, as for an action (window_answers.py);
    #: only an action's end reads it.
    this_action: list[list[str]] | None = Field(default=None, exclude_if=_absent)


class TurnStartSignatureStep(Record):
    """After `source`'s `turn-start` window, the signature window of 1.805."""

    step: Literal["turn-start-signature"] = "turn-start-signature"
    source: str
    #: Written by an answer taken in the window, as for an action (window_answers.py);
    #: only an action's end reads it.
    this_action: list[list[str]] | None = Field(default=None, exclude_if=_absent)


class TurnStep(Record):
    """The one whose turn it is acts next; the driver carries on."""

    step: Literal["turn"] = "turn"
    #: Written by an answer taken in the window, as for an action (window_answers.py);
    #: only an action's end reads it.
    this_action: list[list[str]] | None = Field(default=None, exclude_if=_absent)


#: What a window holds, told apart by its `step`.
HeldStep = Annotated[Union[ActionStep, WalkStep, FallStep, NextTurnStep, TurnStartSignatureStep, TurnStep],
                     Field(discriminator="step")]


class Window(Record):
    """An open window (spec/combat-3 "Windows", windows.py): its moment, who is still to be
    asked (the first is asked now), what set it off and on whom, the step it holds, and the
    deadline the service gives the one asked (epoch seconds; None: none yet), and what the
    striker already answered their own hit with."""

    id: str
    moment: str
    asking: list[str]
    source: str | None
    target: str | None
    resume: HeldStep
    deadline: int | float | None = None
    #: The striker's own answers to this hit already taken, and the `oneOf` groups they
    #: used up (`oneOf:<group>`): each is offered once a hit (window_answers.py, 1.248).
    taken: list[str] = Field(default_factory=list, exclude_if=_empty)

    def source_id(self) -> str:
        """Who set the window off (every moment an answer reads it for names one)."""
        assert self.source is not None, f"a {self.moment} window names who set it off"
        return self.source

    def target_id(self) -> str:
        """On whom the window was set off (a `hit`, a `leaves-reach`)."""
        assert self.target is not None, f"a {self.moment} window names on whom"
        return self.target


class SpendHold(Record):
    """A player choosing their own symbol spends (symbol_choice.py): the action step held,
    whose cursor holds the roll."""

    resume: ActionStep


class Dropped(Record):
    """Something a defeated creature let fall (belongings.py): an item stack, on the cell it
    stood on when the fight is on a board, until someone picks it up; or its `loot` table,
    for the victors."""

    #: `<catalog>/<entry>` of the item; None for a loot table.
    item: str | None = Field(default=None, exclude_if=_absent)
    #: The loot table's id (`Creature.loot`); None for an item.
    table: str | None = Field(default=None, exclude_if=_absent)
    name: str
    quantity: int = 1
    charges: int | None = Field(default=None, exclude_if=_absent)
    #: The cell `[x, y]` it lies on (on a board).
    cell: list[int] | None = Field(default=None, exclude_if=_absent)
    #: Who let it fall.
    by: str
    #: A stat block's own action or held thing (`Combatant.let_fall`'s entry), which only
    #: its owner picks up; None for an item.
    own: str | None = Field(default=None, exclude_if=_absent)
    #: The budget a condition's `drops.pickUp` names (behavior.py, mechanics-3 1.266): it is
    #: also picked up for one of that budget, beside the free pick-up; None: only the free one.
    pick_up: str | None = Field(default=None, exclude_if=_absent)


class Event(Record):
    seq: int
    kind: str
    text: str
    data: dict[str, Any] = Field(default_factory=dict)


class Pending(Record):
    """Who must decide next: `actor` with `controller`; `window` when a window is open;
    `spend` when a roll left symbols the player chooses to spend themselves."""

    actor: str
    controller: Controller
    player: str | None = None
    decision: str
    window: Window | None = None
    #: `decision == "spend"`: a player picks their own symbol spends (symbol_choice.py).
    spend: SpendHold | None = None


class WallSection(Record):
    """One section of a wall (mechanics-2 1.200): its cells and the health it has left; at 0
    it is broken, and stops blocking."""

    cells: list[list[int]]
    health: int


class ZoneWard(Record):
    """A zone's `wards` (mechanics-1 1.179, 1.181): nothing from `catalogs` used from outside
    at `max_level` or lower reaches those inside; `by_base` compares the entry's own level
    instead of the one it was paid at. `max_level` already counts `maxLevelPerCostStep` for
    the steps the ward's own casting was paid above its base."""

    catalogs: list[str]
    max_level: int
    by_base: bool = Field(default=False, exclude_if=lambda v: not v)


class Cloud(Record):
    """What a cloud that is no entry's zone obscures (a teleport's `smoke`, mechanics-3
    1.279; obscurement.py reads it as it reads a zone rule's `obscures`): the senses that see
    through it, whether it only lightly obscures and whether wind disperses it (1.286)."""

    pierced: list[str] = Field(default_factory=list, exclude_if=_empty)
    light: bool = Field(default=False, exclude_if=lambda v: not v)
    dispersed: bool = Field(default=False, exclude_if=lambda v: not v)


class LastingZone(Record):
    """A zone an entry left (spec/mechanics-1 "Lasting zones", 1.172; zones.py plays it):
    which entry, whose, the plan it was cast with (plan_codec JSON, so its effect is applied
    again with the same save DC and payment), its shape and where it lies, what is left of
    it, and whom it touched this turn."""

    #: The entry's reference (`spells/moonbeam`): casting it again replaces the zone.
    entry: str
    name: str
    owner: str
    plan: dict[str, Any]
    #: The area in cells (board/areas.py `Shape`): `shape`, `size`, `width`.
    shape: str
    size: int
    width: int = 1
    #: Where it was aimed (its centre for a burst) and where its maker stood.
    centre: list[int] | None = Field(default=None, exclude_if=_absent)
    origin: list[int] | None = Field(default=None, exclude_if=_absent)
    cells: list[list[int]] = Field(default_factory=list)
    #: Off the board: those it was cast on, whom it holds.
    holds: list[str] = Field(default_factory=list, exclude_if=_empty)
    #: The caster's turns left; it ends at 0.
    rounds: int
    #: Cast on its owner's own turn: that turn's end does not count ("counted the same way as
    #: for a summon", 1.172 and 1.122).
    fresh: bool = Field(default=False, exclude_if=lambda v: not v)
    #: Sustained by the owner's concentration: it ends with it.
    concentration: bool = False
    triggers: list[str] = Field(default_factory=list)
    #: `friendlyFire: false`: the owner's side, whom it never affects.
    spares: Side | None = Field(default=None, exclude_if=_absent)
    #: Cells it costs at least to enter one of its cells for anyone it affects (`terrain`).
    least: int = Field(default=1, exclude_if=lambda v: v == 1)
    #: Cells each `terrain.perDistance` harm is dealt for.
    every: int | None = Field(default=None, exclude_if=_absent)
    #: Those it affected this turn (a creature is affected once per turn).
    affected: list[str] = Field(default_factory=list, exclude_if=_empty)
    #: Cells each creature has travelled inside it toward the next `perDistance` harm.
    travelled: dict[str, int] = Field(default_factory=dict, exclude_if=_empty)
    #: Damage dealt since it appeared, its hits and its terrain (`damageCap`, 1.174).
    dealt: int = Field(default=0, exclude_if=lambda v: v == 0)
    #: `terrain.halvesSpeed` (1.175): a step into one of its cells costs this many times more.
    times: int = Field(default=1, exclude_if=lambda v: v == 1)
    #: `terrain.towardCaster` (1.182): its `least` counts only for a step closer to its owner.
    toward: bool = Field(default=False, exclude_if=lambda v: not v)
    #: `anchor: "caster"` (1.172): it moves with its owner, whom it never affects.
    carried: bool = Field(default=False, exclude_if=lambda v: not v)
    #: `detonates` (1.183): it does nothing while it stands, and goes off once as it ends.
    detonates: bool = Field(default=False, exclude_if=lambda v: not v)
    #: `grows` (1.183): the caster's turns that have ended since it was cast (each adds it).
    grown: int | None = Field(default=None, exclude_if=_absent)
    #: `touched` (1.183): one who enters its centre saves or sets it off.
    touched: bool = Field(default=False, exclude_if=lambda v: not v)
    #: `whileHeld.condition` (1.175): held by it from the owner, a turn start takes its amount.
    while_held: str | None = Field(default=None, exclude_if=_absent)
    #: `forbids.components` (1.179): what those it affects may not supply inside it.
    forbids: list[str] = Field(default_factory=list, exclude_if=_empty)
    #: `inside` (1.179): the conditions in force on those it affects while they are in it, and
    #: the damage types they are immune to there.
    inside_conditions: list[str] = Field(default_factory=list, exclude_if=_empty)
    inside_immune: list[str] = Field(default_factory=list, exclude_if=_empty)
    #: `burns.by` (1.183): the damage types it catches fire from.
    burns: list[str] = Field(default_factory=list, exclude_if=_empty)
    #: On fire (1.183): it burns those starting a turn in it, and burns away at its owner's.
    burning: bool = Field(default=False, exclude_if=lambda v: not v)
    #: `wards` (1.179, 1.181): what it keeps from those inside.
    wards: ZoneWard | None = Field(default=None, exclude_if=_absent)
    #: A teleport's smoke (1.279, board/smoke.py): a cloud of its own, no entry's zone, that
    #: only obscures (no trigger, nothing to move or turn).
    cloud: Cloud | None = Field(default=None, exclude_if=_absent)

    #: A wall's `zone.blocks` (1.177): its standing cells closed to "move", to "sight".
    blocks: list[str] = Field(default_factory=list, exclude_if=_empty)
    #: A wall's `zone.side` (1.177): the cells on the chosen side within its distance, and
    #: the side's own triggers.
    side_cells: list[list[int]] = Field(default_factory=list, exclude_if=_empty)
    side_triggers: list[str] = Field(default_factory=list, exclude_if=_empty)
    #: A wall's `zone.sections` (1.200), and the triggers of its broken sections' harm.
    sections: list[WallSection] = Field(default_factory=list, exclude_if=_empty)
    broken_triggers: list[str] = Field(default_factory=list, exclude_if=_empty)

    def broken_cells(self) -> set[tuple[int, int]]:
        return {(x, y) for s in self.sections if s.health <= 0 for x, y in s.cells}

    def spares_one(self, c: "Combatant") -> bool:
        """Whether it never affects `c`: the side `friendlyFire: false` spares, or its
        owner when it is carried."""
        return c.side == self.spares or (self.carried and c.id == self.owner)

    def standing_cells(self) -> list[tuple[int, int]]:
        """The cells that still block (a wall's cells, less its broken sections')."""
        broken = self.broken_cells() if self.sections else set()
        return [(x, y) for x, y in self.cells if (x, y) not in broken]

    def cells_for(self, trigger: str) -> set[tuple[int, int]]:
        """Where `trigger` sets it off: its cells for its own triggers, a wall's side's cells
        for the side's, and its broken sections' cells for theirs."""
        out = {(x, y) for x, y in self.cells} if trigger in self.triggers else set()
        if trigger in self.side_triggers:
            out.update((x, y) for x, y in self.side_cells)
        if trigger in self.broken_triggers:
            out.update(self.broken_cells())
        return out


class Summon(Record):
    """What an entry's `summons` left to strike on its owner's later turns (spec/mechanics-1
    "Summons", 1.122; summon_state.py keeps it, summons.py plays it): which entry, whose, the
    plan it was cast with (plan_codec JSON: later strikes keep its payment level and to-hit),
    where it stands on a board, and the owner's turns it has left."""

    #: The entry's reference (`spells/spiritual-weapon`): casting it again replaces it.
    entry: str
    name: str
    owner: str
    plan: dict[str, Any]
    #: Its cell `[x, y]` on a board; None off the board.
    cell: list[int] | None = Field(default=None, exclude_if=_absent)
    #: The owner's turns left; one comes off as each of them ends.
    rounds: int
    #: Cast on its owner's own turn: that turn's end does not count (1.122).
    fresh: bool = False
    #: It ends with the concentration of its entry.
    concentration: bool = False


class RulesetRef(Record):
    id: str
    version: int
    digest: str
    #: The layers the battle turned on at creation (its pin with `digest`); left out of
    #: the JSON while none are, so a battle stored before layers reads as none.
    layers: list[str] = Field(default_factory=list, exclude_if=_empty)


class BattleState(Record):
    ruleset: RulesetRef
    revision: int = 0
    round: int = 0
    turn: int = -1
    order: list[str] = Field(default_factory=list)
    combatants: list[Combatant] = Field(default_factory=list)
    dice: DiceState = Field(default_factory=DiceState)
    pending: Pending | None = None
    outcome: str | None = None
    events: list[Event] = Field(default_factory=list)
    seq: int = 0
    #: The battle option the service reads to give each window a deadline (the pure core
    #: never reads a clock); None: windows wait as long as it takes.
    window_seconds: float | None = None
    #: Sheets of party members as the fight found them (an abandoned fight writes nothing).
    start_sheets: dict[str, Any] = Field(default_factory=dict)
    #: The combat style the fight was started with (`classic`, `tactical`, ...).
    style: str = "classic"
    #: The board (board/grid.py `read_board`), kept only when the fight is on a board.
    board: dict[str, Any] | None = None
    #: Falls whose landing waits (board/falls.py): each `{"faller", "levels", "source",
    #: "group"}`, held until the step that caused them is over and no window is open, then
    #: asked about in order (a `falls` window per blow or effect, `group`).
    falls: list[HeldFall] = Field(default_factory=list)
    #: Lasting zones on the board (zones.py), in the order they were cast; left out of the
    #: JSON while there are none.
    zones: list[LastingZone] = Field(default_factory=list, exclude_if=_empty)
    #: What defeated creatures let fall and nobody has picked up (belongings.py); left out
    #: of the JSON while there is none.
    dropped: list[Dropped] = Field(default_factory=list, exclude_if=_empty)
    #: Summons striking for their owners (summons.py), in the order they were cast; left out
    #: of the JSON while there are none.
    summons: list[Summon] = Field(default_factory=list, exclude_if=_empty)

    def combatant(self, cid: str) -> Combatant | None:
        for c in self.combatants:
            if c.id == cid:
                return c
        return None

    def current(self) -> Combatant | None:
        if 0 <= self.turn < len(self.order):
            return self.combatant(self.order[self.turn])
        return None


AnswerPart.model_rebuild()
LegendaryWalk.model_rebuild()
WalkStep.model_rebuild()
ActionStep.model_rebuild()
Window.model_rebuild()
