"""Encounter budgets (spec/combat-1 "threat", worth and budget, Capability API 1.803).

Owns: what a party is allowed against it (`party_budget`: each member's level from the
`level` fields, one `byLevel` row per member, the step a game difficulty uses), what a
fight is worth (`fight_worth`: tier worth added up, times the `crowd` multiplier with the
party-size shift), and `fit_budget`, which lowers invented opponents tier by tier until
the fight fits, every lowering a sentence (the fight's adjustments).

A fight with a boss is allowed the next step. Bestiary creatures and creatures written
by a person count as they are and are never lowered: only what the GM invented is.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..ruleset.combat_threat import EncounterBudget, Threat
from ..ruleset.package import Ruleset
from ..sheet import as_sheet
from ..sheet.view import SheetView

DIFFICULTIES = ("casual", "normal", "hard", "brutal")


@dataclass(frozen=True)
class Counted:
    """One opponent as the budget counts it: its tier, whether the GM invented it (only
    those are lowered) and whether it is a boss."""

    name: str
    tier: str
    invented: bool = False
    boss: bool = False


@dataclass(frozen=True)
class Budget:
    step: str
    label: str
    amount: float
    levels: tuple[int, ...]


def _num(value: float) -> str:
    return f"{int(value):,}" if float(value).is_integer() else f"{value:,.2f}".rstrip("0").rstrip(".")


def _threat(ruleset: Ruleset) -> Threat:
    """The threat scale worth is read from. Only a ruleset with one gives opponents a worth
    (the service refuses to invent opponents without it, `no-threat-scale`)."""
    threat = ruleset.combat.threat if ruleset.combat is not None else None
    if threat is None:
        raise ValueError(f"{ruleset.name} has no threat scale, so no opponent has a worth")
    return threat


def _budget(ruleset: Ruleset) -> EncounterBudget:
    """The encounter budget (1.803). Without one a fight has no allowance, so nothing asks
    for it: `fit_budget` and the GM's numbers skip the budget when `threat.budget` is unset."""
    budget = _threat(ruleset).budget
    if budget is None:
        raise ValueError(f"{ruleset.name}'s threat scale has no budget, so no fight has an allowance")
    return budget


def member_level(ruleset: Ruleset, member: dict[str, Any]) -> int:
    """The sum of the budget's `level` fields on the member's sheet (defaults where unset)."""
    budget = _budget(ruleset)
    view = SheetView(ruleset, as_sheet(member))
    total = 0
    for field_id in budget.level:
        value = view.field(field_id)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            total += int(value)
    return total


def step_index(ruleset: Ruleset, difficulty: str) -> int:
    """The step a game difficulty uses: `forGame` when it names one, otherwise the steps in
    order, every difficulty past the last step using the last."""
    budget = _budget(ruleset)
    ids = [s.id for s in budget.steps]
    named = getattr(budget.forGame, difficulty, None) if budget.forGame is not None else None
    if named is not None:
        return ids.index(named)
    return min(DIFFICULTIES.index(difficulty), len(ids) - 1)


def party_budget(ruleset: Ruleset, party: list[dict[str, Any]], difficulty: str, *, boss: bool = False) -> Budget:
    budget = _budget(ruleset)
    index = step_index(ruleset, difficulty)
    if boss:
        index = min(index + 1, len(budget.steps) - 1)
    levels = tuple(member_level(ruleset, m) for m in party)
    amount = 0.0
    for level in levels:
        # The row for this level or above: the last row at or under it (the first row below it).
        row = budget.byLevel[0]
        for candidate in budget.byLevel:
            if candidate.level <= level:
                row = candidate
        amount += float(row.worth[index])
    step = budget.steps[index]
    return Budget(step.id, step.label, amount, levels)


def crowd_times(ruleset: Ruleset, opponents: int, party_size: int) -> float:
    """The multiplier for this many opponents; a small party reads one row up, a large one
    one row down. No `crowd` (or no budget at all): worth simply adds up."""
    budget = _threat(ruleset).budget
    if budget is None or not budget.crowd:
        return 1.0
    rows = budget.crowd
    index = -1
    for i, row in enumerate(rows):
        if row.from_ <= opponents:
            index = i
    small = budget.smallParty is not None and party_size < budget.smallParty
    large = budget.largeParty is not None and party_size > budget.largeParty
    if index == -1:
        # Fewer opponents than the first row counts: no multiplier, unless a small party reads up.
        return float(rows[0].times) if small else 1.0
    index += 1 if small else -1 if large else 0
    return float(rows[max(0, min(index, len(rows) - 1))].times)


def fight_worth(ruleset: Ruleset, opponents: list[Counted], party_size: int) -> tuple[float, float, float]:
    """(worth as counted, the plain sum, the crowd multiplier)."""
    worth = {t.id: float(t.worth or 0) for t in _threat(ruleset).tiers}
    plain = sum(worth.get(o.tier, 0.0) for o in opponents)
    times = crowd_times(ruleset, len(opponents), party_size)
    return plain * times, plain, times


def fit_budget(ruleset: Ruleset, party: list[dict[str, Any]], opponents: list[Counted],
               difficulty: str) -> tuple[list[Counted], list[str]]:
    """Lowers invented opponents until the fight fits the party's budget: each time, the
    invented opponent of the highest worth goes one tier down (the first such, in the
    order the fight lists them). Answers the opponents with their tiers and the sentences."""
    threat = ruleset.combat.threat if ruleset.combat else None
    if threat is None or threat.budget is None or not any(o.invented for o in opponents):
        return list(opponents), []
    tiers = [t.id for t in threat.tiers]
    worth = {t.id: float(t.worth or 0) for t in threat.tiers}
    label = {t.id: t.label for t in threat.tiers}
    boss = any(o.boss for o in opponents)
    allowed = party_budget(ruleset, party, difficulty, boss=boss)
    out = list(opponents)
    notes = []
    where = f"the {allowed.label} budget of {_num(allowed.amount)}" + (" (a boss allows the next step)" if boss else "")
    while True:
        total, plain, times = fight_worth(ruleset, out, len(party))
        if total <= allowed.amount:
            break
        lowerable = [i for i, o in enumerate(out) if o.invented and tiers.index(o.tier) > 0]
        if not lowerable:
            notes.append(f"The fight is worth {_describe(total, plain, times, len(out))} against {where}, "
                         "and no invented opponent can go lower, so it stays over budget.")
            break
        pick = max(lowerable, key=lambda i: (worth[out[i].tier], -i))
        was = out[pick]
        lower = tiers[tiers.index(was.tier) - 1]
        out[pick] = replace(was, tier=lower)
        notes.append(f"The fight is worth {_describe(total, plain, times, len(out))} against {where}, "
                     f"so {was.name} is lowered from {label[was.tier]} to {label[lower]}.")
    return out, notes


def _describe(total: float, plain: float, times: float, count: int) -> str:
    if times == 1.0:
        return _num(total)
    return f"{_num(total)} ({_num(plain)} × {_num(times)} for {count} opponents)"
