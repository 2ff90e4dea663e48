"""A check or a save rolled from a character's sheet, outside a fight, by the ruleset's
`resolution` (spec/sheet.md: untrained checks, caps, roll penalties, sheet modifiers;
docs/format-resolution.md: the three kinds).

Owns: `CheckAsk` (what the Game Master asked, as written), `find_check` (a skill, a save
or an ability named by its id, label or short form, "check", "save" and "saving throw"
understood; `with=` another ability), `CheckPlan` (the ask read against the ruleset and the
sheet: numbers only, never a ladder step's name), `plan_check`, `roll_check` and what they
answer: a `CheckRecord` (the dice, the total, the difficulty, success or failure, what the
sheet added), a `CheckUntrained` (an untrained rule of "refuse": nothing is rolled) or a
`Refusal` naming what is wrong.

How each kind rolls:
- `dice-sum`: the dice (twice under advantage or disadvantage, where `advantage` allows it,
  keeping the better or worse set) plus the sheet's number, the `adjust` entries that apply
  and the harm penalty, against a DC; a natural highest or lowest face of a single die
  decides by itself only where `naturals` says so for checks (or saves). A die the player
  rolled first (`rolls=`) stands in for the one die of a single-die roll, within its faces;
  anything else is rolled.
- `dice-pool`: the sheet's number is the count of dice; `adjust`, the harm penalty and the
  situational `bonus` (clamped into `situationalDice`) add or take dice, and bought dice add
  more, held between `pool.min` and `pool.max`. The per-die target is the ladder step's, or
  the asked `threshold` where the target may move (clamped into `target.min..max`), else
  the default; an untrained "harder" adds one within the range. `explode` and `double` move
  only where the rule has a `min`, clamped between it and the rule's `from` (or the die's
  sides). A standing re-throw is used only when named, and of several named (a bought one
  included) the one covering more faces wins. Spends are bought at most `perCheck` times and
  as often as the pool can pay. The botch is read from the dice before cancelling; a pool
  of 0 dice throws nothing and fails.
- `symbol-pool`: ability and rank built by `pool.build`, difficulty dice from the ladder
  step (or `dc=` as a count), positive `adjust` as boost dice, negative `adjust` and the
  harm penalty as setback dice; net successes must reach `success.needed`.

A member without a sheet rolls on the blank build with no untrained rule and no `adjust`
(`standing="blank"`); a name that is no member rolls with nothing from any sheet
(`standing="stranger"`). Pure: dice come from the `Roller` handed in.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Sequence

from shared.dice import ADVANTAGE, DEFAULT_NETTING, DISADVANTAGE, NORMAL, Reroll, Roller, roll_pool, roll_symbols
from shared.ruleset.resolution import DicePool, DiceSum, SymbolPool

from .check_dice import die_labels, pool_rules, symbol_build, symbol_dice
from .items import check_bonuses
from .index import SheetRules, index_for
from .diseases import ROLL_SAVE
from .ops import spend as spend_pool
from .refusal import Refusal
from .view import SheetView

Standing = Literal["sheet", "blank", "stranger"]
Kind = Literal["skill", "save", "ability"]

UNTRAINED = "skill_check_untrained"
UNKNOWN_SKILL = "unknown-skill"
BAD_CHECK = "bad-check"

_SUFFIXES: tuple[tuple[str, tuple[Kind, ...]], ...] = (
    (" saving throw", ("save",)),
    (" save", ("save",)),
    (" check", ("skill", "ability")),
)


def name_key(text: str) -> str:
    """A name as it is matched: lower case, punctuation and spacing to single spaces."""
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


@dataclass(frozen=True)
class CheckAsk:
    """A check as the Game Master asked for it. `skill` names a skill, a save or an
    ability; `dc` is a number, `difficulty` a ladder step's label (the tag reads a `dc=`
    that is no number as one)."""

    skill: str
    who: str | None = None
    dc: int | None = None
    difficulty: str | None = None
    with_: str | None = None
    mode: str = NORMAL
    threshold: int | None = None
    bonus: int | None = None
    spend: str | None = None
    reroll: str | None = None
    explode: int | None = None
    double: int | None = None
    upgrades: int | None = None
    #: A die the player rolled first; honoured only for a single-die roll, within its faces.
    rolls: int | None = None


@dataclass(frozen=True)
class CheckTarget:
    kind: Kind
    id: str
    label: str
    #: The ability `with=` named: a skill or save rolled with it, or a second ability added
    #: to an ability check (`pool.abilityPlusAbility`).
    with_ability: str | None = None
    with_label: str | None = None


def _ability_names(ruleset: SheetRules) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for a in ruleset.sheet.abilities or []:
        out.setdefault(a.id, set()).update(name_key(n) for n in (a.id, a.label, a.short or "") if n)
    return out


def find_ability(ruleset: SheetRules, name: str) -> str | None | Refusal:
    key = name_key(name)
    hits = [aid for aid, names in _ability_names(ruleset).items() if key in names]
    if len(hits) > 1:
        return Refusal(BAD_CHECK, f"{name} names more than one ability")
    return hits[0] if hits else None


def find_check(ruleset: SheetRules, name: str, with_: str | None = None) -> CheckTarget | Refusal:
    """The skill, save or ability `name` answers to: its id, label or short form, with a
    trailing "check", "save" or "saving throw" understood ("DEX saving throw" is the save
    rolled with Dexterity). A name no check answers to, or two, is refused by name."""
    idx = index_for(ruleset)
    abilities = _ability_names(ruleset)
    labels = {a.id: a.label for a in ruleset.sheet.abilities or []}

    def direct(key: str, kinds: Sequence[Kind]) -> list[tuple[Kind, str]]:
        hits: list[tuple[Kind, str]] = []
        if "skill" in kinds:
            hits += [("skill", s.id) for s in idx.skills.values() if key in (name_key(s.id), name_key(s.label))]
        if "save" in kinds:
            hits += [("save", s.id) for s in idx.saves.values() if key in (name_key(s.id), name_key(s.label))]
        if "ability" in kinds:
            hits += [("ability", aid) for aid, names in abilities.items() if key in names]
        return hits

    key = name_key(name)
    hits = direct(key, ("skill", "save", "ability")) if key else []
    if not hits:
        for suffix, kinds in _SUFFIXES:
            if key.endswith(suffix) and len(key) > len(suffix):
                base = key[: -len(suffix)]
                hits = direct(base, kinds)
                if not hits and kinds == ("save",):
                    # "DEX save": the save rolled with the ability that answers to "DEX".
                    owners = {aid for aid, names in abilities.items() if base in names}
                    hits = [("save", s.id) for s in idx.saves.values() if s.ability in owners]
                break
    hits = list(dict.fromkeys(hits))
    if not hits:
        return Refusal(UNKNOWN_SKILL, f"this ruleset has no skill, save or ability called {name.strip() or '(blank)'}")
    if len(hits) > 1:
        return Refusal(BAD_CHECK, f"{name.strip()} names more than one check")
    kind, check_id = hits[0]
    if kind == "skill":
        label = idx.skills[check_id].label
    elif kind == "save":
        label = idx.saves[check_id].label
    else:
        label = labels[check_id]
    target = CheckTarget(kind, check_id, label)
    if with_ is None or not with_.strip():
        return target
    other = find_ability(ruleset, with_)
    if isinstance(other, Refusal):
        return other
    if other is None:
        return Refusal(BAD_CHECK, f"this ruleset has no ability called {with_.strip()} to roll with")
    if kind == "ability":
        res = ruleset.resolution
        # A raw ability check already names its ability; only a pool that adds two
        # abilities together gives `with=` a meaning there.
        if not (isinstance(res, DicePool) and res.pool.abilityPlusAbility) or other == check_id:
            return target
    return replace(target, with_ability=other, with_label=labels[other])


@dataclass(frozen=True)
class CheckPlan:
    """An ask read against the ruleset and the sheet, in numbers: what is rolled, against
    what, and what the Game Master's per-check freedoms came to. It writes back as the
    request half of a receipt (`ask_attrs`), which reads back as the same plan."""

    target: CheckTarget
    who: str | None
    dc: int
    mode: str = NORMAL
    #: dice-pool: the per-die target a ladder step or `threshold=` set (before "harder")
    threshold: int | None = None
    bonus: int | None = None
    #: (pool id, times bought)
    spend: tuple[str, int] | None = None
    reroll: str | None = None
    explode: int | None = None
    double: int | None = None
    upgrades: int | None = None
    rolls: int | None = None

    def ask_attrs(self) -> list[tuple[str, str]]:
        out = [("skill", self.target.label)]
        if self.who is not None:
            out.append(("who", self.who))
        if self.target.with_label is not None:
            out.append(("with", self.target.with_label))
        out.append(("dc", str(self.dc)))
        if self.mode != NORMAL:
            out.append(("mode", self.mode))
        for key in ("threshold", "bonus", "explode", "double", "upgrades"):
            value = getattr(self, key)
            if value is not None:
                out.append((key, f"{value:+d}" if key == "bonus" else str(value)))
        if self.spend is not None:
            out.append(("spend", f"{self.spend[0]}:{self.spend[1]}"))
        if self.reroll is not None:
            out.append(("reroll", self.reroll))
        return out


@dataclass(frozen=True)
class CheckRecord:
    """A check rolled: the plan, every die thrown in order (`rolls`, as faces; symbol dice
    as their symbols, `-` a blank face), the part kept (`used`: a sum, or the dice's
    successes), the sheet's number (`modifier`: the pool's dice on a pool), the `total`
    compared, and what each rule did."""

    plan: CheckPlan
    rolls: tuple[str, ...]
    used: int
    modifier: int
    total: int
    success: bool
    dice: str
    resolution: Literal["sum", "successes", "symbols"]
    target_face: int | None = None
    bonus: int = 0
    penalty: int = 0
    adjust: int = 0
    auto: int = 0
    rerolled: int = 0
    botch: bool = False
    exceptional: bool = False
    natural: str | None = None
    symbols: str | None = None
    note: str | None = None
    #: What worn and carried items add, by name ("Waystone +1"); it is part of `adjust`.
    items: str | None = None
    #: The sheet after paying what the check bought (None: nothing was paid).
    sheet: dict[str, Any] | None = field(default=None, compare=False)

    @property
    def result(self) -> str:
        return "success" if self.success else "failure"

    def attrs(self) -> list[tuple[str, str]]:
        """The receipt's attributes: the plan's request half, then the Engine's numbers."""
        out = self.plan.ask_attrs()
        out += [("rolls", "|".join(self.rolls) or "-"), ("used", str(self.used)), ("modifier", str(self.modifier)),
                ("total", str(self.total)), ("result", self.result), ("dice", self.dice),
                ("resolution", self.resolution)]
        if self.target_face is not None:
            out.append(("target", str(self.target_face)))
        if self.penalty:
            out.append(("penalty", str(self.penalty)))
        if self.adjust:
            out.append(("adjust", f"{self.adjust:+d}"))
        if self.auto:
            out.append(("auto", str(self.auto)))
        if self.rerolled:
            out.append(("rerolled", str(self.rerolled)))
        if self.botch:
            out.append(("botch", "true"))
        if self.exceptional:
            out.append(("exceptional", "true"))
        if self.natural is not None:
            out.append(("natural", self.natural))
        if self.symbols is not None:
            out.append(("symbols", self.symbols))
        if self.note is not None:
            out.append(("note", self.note))
        if self.items is not None:
            out.append(("items", self.items))
        return out

    def as_json(self) -> dict[str, Any]:
        return {key: value for key, value in self.attrs()}


@dataclass(frozen=True)
class CheckUntrained:
    """An untrained rule of "refuse": the check is not rolled, and the ask is written back
    with `reason="untrained"`, which settles it."""

    plan: CheckPlan
    message: str

    def attrs(self) -> list[tuple[str, str]]:
        return [*self.plan.ask_attrs(), ("reason", "untrained")]


# ---------------------------------------------------------------------------------------
# Reading an ask into a plan
# ---------------------------------------------------------------------------------------


def _steps(ruleset: SheetRules) -> list[Any]:
    res = ruleset.resolution
    return list(res.difficultyLadder) if res is not None else []


def find_step(ruleset: SheetRules, name: str) -> Any | Refusal:
    """The ladder step a name picks: only when exactly one step answers to it."""
    key = name_key(name)
    hits = [s for s in _steps(ruleset) if name_key(s.label) == key]
    if len(hits) != 1:
        labels = ", ".join(s.label for s in _steps(ruleset))
        return Refusal(BAD_CHECK, f"no single difficulty is called {name.strip()} (the ladder: {labels})")
    return hits[0]


def ladder_target_for(res: DicePool, successes: int) -> int | None:
    """The per-die target of the one step needing exactly `successes`, when it names one."""
    steps = [s for s in res.difficultyLadder if s.successes == successes]
    return steps[0].target if len(steps) == 1 else None


def _clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def _face_rule(asked: int | None, rule: Any, sides: int) -> int | None:
    """A moved explode or double face: only where the rule has a `min`, between it and the
    rule's `from` (or the die's sides)."""
    if asked is None or rule is None or rule.min is None:
        return None
    return _clamp(asked, rule.min, rule.from_ if rule.from_ is not None else sides)


def _per_check(view: SheetView | None, limit: Any) -> int:
    if limit == "pool":
        return 1_000_000
    if isinstance(limit, int):
        return limit
    return max(0, math.floor(view.value(limit))) if view is not None else 0


def plan_check(ruleset: SheetRules, ask: CheckAsk, view: SheetView | None, standing: Standing = "sheet",
               who: str | None = None) -> CheckPlan | Refusal:
    res = ruleset.resolution
    if res is None:
        return Refusal(BAD_CHECK, "this ruleset has no resolution block, so it rolls no checks")
    target = find_check(ruleset, ask.skill, ask.with_)
    if isinstance(target, Refusal):
        return target
    if ask.dc is not None and ask.difficulty is not None:
        return Refusal(BAD_CHECK, "a check names its difficulty once: dc= a number or difficulty= a step")
    step: Any = None
    if ask.difficulty is not None:
        found = find_step(ruleset, ask.difficulty)
        if isinstance(found, Refusal):
            return found
        step = found
    if step is None and ask.dc is None:
        labels = ", ".join(s.label for s in _steps(ruleset))
        return Refusal(BAD_CHECK, f"a check needs a difficulty: dc= a number, or a step of the ladder ({labels})")
    plan = CheckPlan(target, who, 0)
    if isinstance(res, DiceSum):
        dc = step.dc if step is not None else ask.dc
        assert dc is not None
        mode = ask.mode if res.advantage and ask.mode in (ADVANTAGE, DISADVANTAGE) else NORMAL
        rolls = ask.rolls if (ask.rolls is not None and res.dice.count == 1 and mode == NORMAL
                              and 1 <= ask.rolls <= res.dice.sides) else None
        return replace(plan, dc=dc, mode=mode, rolls=rolls)
    if isinstance(res, DicePool):
        dc = step.successes if step is not None else ask.dc
        assert dc is not None
        moves = res.target.min < res.target.max
        threshold = step.target if step is not None else None
        if ask.threshold is not None and moves:
            threshold = _clamp(ask.threshold, res.target.min, res.target.max)
        bonus = None
        if ask.bonus is not None and res.situationalDice is not None:
            bonus = _clamp(ask.bonus, res.situationalDice.min, res.situationalDice.max) or None
        spend = _plan_spend(res, ask.spend, view if standing == "sheet" else None)
        if isinstance(spend, Refusal):
            return spend
        reroll = None
        if ask.reroll is not None:
            ids = {name_key(r.id): r.id for r in res.reroll or []}
            reroll = ids.get(name_key(ask.reroll))
            if reroll is None:
                return Refusal(BAD_CHECK, f"this ruleset has no standing re-throw called {ask.reroll.strip()}"
                               + (f" (it has {', '.join(ids.values())})" if ids else ""))
        return replace(plan, dc=max(0, dc), threshold=threshold, bonus=bonus, spend=spend, reroll=reroll,
                       explode=_face_rule(ask.explode, res.explode, res.die.sides),
                       double=_face_rule(ask.double, res.double, res.die.sides))
    dc = step.dice if step is not None else ask.dc
    assert dc is not None
    upgrades = step.upgrades if step is not None else ask.upgrades
    if upgrades is not None:
        upgrades = _clamp(upgrades, 0, max(0, dc)) if res.difficulty.upgrade is not None else None
    return replace(plan, dc=max(0, dc), upgrades=upgrades or None)


def _plan_spend(res: DicePool, asked: str | None, view: SheetView | None) -> tuple[str, int] | None | Refusal:
    """`spend="resolve"` or `"resolve:2"`: that pool's spend bought that many times, at most
    `perCheck` and as many as the pool can pay (0 buys nothing)."""
    if asked is None or not asked.strip():
        return None
    pool_name, _colon, times_text = asked.partition(":")
    rules = {name_key(s.pool): s for s in res.spend or []}
    rule = rules.get(name_key(pool_name))
    if rule is None:
        return Refusal(BAD_CHECK, f"this ruleset spends no {pool_name.strip()} on a check"
                       + (f" (it spends {', '.join(s.pool for s in res.spend or [])})" if res.spend else ""))
    times_text = times_text.strip() or "1"
    if not times_text.isdigit():
        return Refusal(BAD_CHECK, f"spend is a pool and how many times, like {rule.pool}:1, not {asked.strip()}")
    have = view.pool(rule.pool) if view is not None else None
    payable = have[1] // rule.amount if have is not None else 0
    times = min(int(times_text), _per_check(view, rule.perCheck), payable)
    return (rule.pool, times) if times > 0 else None


# ---------------------------------------------------------------------------------------
# Rolling
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Sheet:
    """What the sheet adds to one check: its number, the `adjust` entries, the penalty."""

    number: float
    adjust: int
    penalty: int
    refused: bool = False
    harder: bool = False
    ability_score: int = 0
    #: The worn and carried items' part of `adjust`, by name.
    items: tuple[tuple[str, int], ...] = ()


def _with_items(view: SheetView, target: CheckTarget, part: _Sheet, ability: str | None = None) -> _Sheet:
    """`part` with what worn and carried items add to this check or save joined to its
    `adjust` (spec/sheet.md items: "a ring of protection adds to saves")."""
    if not view.held:
        return part
    if target.kind == "save":
        found = check_bonuses(view.items_in_force(), "saves", save=target.id)
    else:
        found = check_bonuses(view.items_in_force(), "checks", skill=target.id if target.kind == "skill" else None,
                              ability=ability)
    if not found:
        return part
    return replace(part, adjust=part.adjust + sum(flat for _name, flat in found), items=tuple(found))


def _sheet_part(ruleset: SheetRules, view: SheetView | None, target: CheckTarget, standing: Standing) -> _Sheet:
    if view is None or standing == "stranger":
        return _Sheet(0, 0, 0)
    ability: str | None
    if target.kind == "ability":
        ability = target.id
        abilities = {target.id} | ({target.with_ability} if target.with_ability else set())
        number = sum(view.mod(a) for a in abilities)
        adjust = sum(view.value(ref) for ref, only in view.idx.adjust if only is None or abilities & only)
        score = math.floor(view.mod(target.id))
        part = _Sheet(number, math.floor(adjust), view.harm_penalty(), ability_score=score)
    else:
        got = view.check_number(target.kind, target.id, with_ability=target.with_ability)
        spec = (view.idx.skills if target.kind == "skill" else view.idx.saves)[target.id]
        ability = target.with_ability or spec.ability
        score = math.floor(view.mod(ability)) if ability else 0
        part = _Sheet(got.number or 0, math.floor(got.adjust), got.penalty, got.refused, got.harder, score)
    if standing == "blank":
        # A character without a sheet has no training to read and gets no sheet modifiers.
        return replace(part, adjust=0, refused=False, harder=False)
    return _with_items(view, target, part, ability)


def roll_check(ruleset: SheetRules, ask: CheckAsk, roller: Roller, *, sheet: Any = None,
               standing: Standing = "sheet", who: str | None = None,
               note: str | None = None) -> CheckRecord | CheckUntrained | Refusal:
    """Rolls `ask` for the character whose sheet is `sheet` (JSON, live state included)."""
    if standing == "sheet":
        view: SheetView | None = SheetView(ruleset, sheet)
    elif standing == "blank":
        view = SheetView(ruleset, {}, untrained_rules=False)
    else:
        view = None
    plan = plan_check(ruleset, ask, view, standing, who)
    if isinstance(plan, Refusal):
        return plan
    part = _sheet_part(ruleset, view, plan.target, standing)
    if part.refused:
        return CheckUntrained(plan, f"{who or 'the character'} cannot attempt {plan.target.label} untrained")
    res = ruleset.resolution
    if isinstance(res, DiceSum):
        record = _roll_sum(res, plan, part, roller, note)
    elif isinstance(res, DicePool):
        record = _roll_pool(res, plan, part, roller, view, note)
    else:
        assert isinstance(res, SymbolPool)
        record = _roll_symbols(res, plan, part, roller, note)
    if part.items:
        record = replace(record, items=", ".join(f"{name} {flat:+d}" for name, flat in part.items))
    return record


def _roll_sum(res: DiceSum, plan: CheckPlan, part: _Sheet, roller: Roller, note: str | None) -> CheckRecord:
    count, sides = res.dice.count, res.dice.sides
    modifier = math.floor(part.number) + part.adjust + part.penalty
    if plan.rolls is not None:
        sets = [[plan.rolls]]
    else:
        sets = [[roller.die(sides) for _ in range(count)]]
        if plan.mode != NORMAL:
            sets.append([roller.die(sides) for _ in range(count)])
    kept = sets[0]
    if len(sets) == 2:
        better = sum(sets[1]) > sum(sets[0]) if plan.mode == ADVANTAGE else sum(sets[1]) < sum(sets[0])
        kept = sets[1] if better else sets[0]
    used = sum(kept)
    total = used + modifier
    success = total >= plan.dc
    natural = None
    rule = res.naturals.save if plan.target.kind == "save" else res.naturals.check
    if count == 1:
        if kept[0] == sides and rule in ("both", "max-only"):
            success, natural = True, "max"
        elif kept[0] == 1 and rule in ("both", "min-only"):
            success, natural = False, "min"
    return CheckRecord(plan, tuple(str(f) for s in sets for f in s), used, modifier, total, success,
                       f"{count * len(sets)}d{sides}", "sum", penalty=part.penalty, adjust=part.adjust,
                       natural=natural, note=note)


def _roll_pool(res: DicePool, plan: CheckPlan, part: _Sheet, roller: Roller, view: SheetView | None,
               note: str | None) -> CheckRecord:
    base = math.floor(part.number)
    bought_dice = bought_successes = 0
    bought_reroll: Reroll | None = None
    sheet_after = None
    if plan.spend is not None and view is not None:
        rule = next(s for s in res.spend or [] if s.pool == plan.spend[0])
        times = plan.spend[1]
        bought_dice = (rule.dice or 0) * times
        bought_successes = (rule.successes or 0) * times
        if rule.reroll is not None:
            bought_reroll = Reroll(rule.reroll.upTo, rule.reroll.mode)
        paid = spend_pool(view.idx.ruleset, view.sheet, rule.pool, rule.amount * times)
        sheet_after = paid if isinstance(paid, dict) else None
    bonus = plan.bonus or 0
    dice = _clamp(base + part.adjust + part.penalty + bonus + bought_dice, res.pool.min, res.pool.max)
    if dice == 0:
        # `pool.min` 0: nothing is thrown and the check fails, so nothing bought is paid for.
        sheet_after = None
    target = plan.threshold
    if target is None:
        target = ladder_target_for(res, plan.dc) or res.target.default
    if part.harder:
        target = min(target + 1, res.target.max)
    rerolls = []
    if plan.reroll is not None:
        standing_rule = next(r for r in res.reroll or [] if r.id == plan.reroll)
        rerolls.append(Reroll(standing_rule.upTo, standing_rule.mode))
    if bought_reroll is not None:
        rerolls.append(bought_reroll)
    # Of several re-throws, the one covering more faces wins (a tie: the one that repeats).
    reroll = max(rerolls, key=lambda r: (r.up_to, r.mode == "until")) if rerolls else None
    rules = replace(
        pool_rules(res), target=target, reroll=reroll,
        explode=plan.explode if plan.explode is not None else (res.explode.from_ if res.explode else None),
        double=plan.double if plan.double is not None else (res.double.from_ if res.double else None),
        exceptional=res.exceptional.successes if res.exceptional is not None else None,
    )
    roll = roll_pool(dice, rules, roller)
    successes = roll.successes + (bought_successes if dice > 0 else 0)
    success = dice > 0 and not roll.botch and successes >= plan.dc
    rerolled = sum(1 for d in roll.dice if len(d.throws) > 1)
    return CheckRecord(plan, tuple(str(f) for f in roll.faces), roll.successes, base, successes, success,
                       f"{dice}d{res.die.sides}", "successes", target_face=target, bonus=bonus,
                       penalty=part.penalty, adjust=part.adjust, auto=bought_successes if dice > 0 else 0,
                       rerolled=rerolled, botch=roll.botch, exceptional=roll.exceptional and success, note=note,
                       sheet=sheet_after)


def _roll_symbols(res: SymbolPool, plan: CheckPlan, part: _Sheet, roller: Roller, note: str | None) -> CheckRecord:
    score = part.ability_score
    rank = math.floor(part.number) - score
    dice, upgrades = symbol_build(res, score, rank)
    boost = max(0, part.adjust)
    setback = max(0, -part.adjust) + max(0, -part.penalty)
    thrown = symbol_dice(res, dice, upgrades, plan.dc, plan.upgrades or 0, boost, setback)
    roll = roll_symbols(thrown, roller)
    left = roll.net(DEFAULT_NETTING)
    successes = left.get("s", 0) - left.get("f", 0)
    advantage = left.get("a", 0) - left.get("h", 0)
    labels = die_labels(res)
    counts: dict[str, int] = {}
    for die in thrown:
        counts[die.id] = counts.get(die.id, 0) + 1
    words = [f"{advantage} advantage"] if advantage > 0 else [f"{-advantage} threat"] if advantage < 0 else []
    words += [f"{left.get('t', 0)} triumph"] if left.get("t") else []
    words += [f"{left.get('d', 0)} despair"] if left.get("d") else []
    return CheckRecord(plan, tuple("".join(face) or "-" for face in roll.faces), successes, math.floor(part.number),
                       successes, successes >= res.success.needed,
                       ", ".join(f"{n} {labels[d]}" for d, n in counts.items()) or "no dice", "symbols",
                       penalty=part.penalty, adjust=part.adjust, symbols=", ".join(words) or None, note=note)


def _rest_save(ruleset: SheetRules, sheet: dict[str, Any], save: str, dc: int, roller: Roller) -> tuple[bool, str] | None:
    """A disease's save at a rest (mechanics-3 1.260, diseases.py): rolled as a check of the
    sheet's own save against `dc`."""
    record = roll_check(ruleset, CheckAsk(skill=save, dc=dc), roller, sheet=sheet)
    if not isinstance(record, CheckRecord):
        return None
    return record.success, f"a {record.plan.target.label} of {record.total} against {dc}, {record.result}."


ROLL_SAVE.append(_rest_save)
