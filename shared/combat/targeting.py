"""Who an option may be aimed at: the rules that take a combatant off an option's target
list, and what a combatant *is* for the tests that read it.

Owns (creature types and their tests, 1.168, are creature_types.py's):
- `mechanics.targetTypes` (`is`, `not`, and the score bounds and `notImmuneTo` of 1.185 /
  1.191: a creature recorded without the score is not excluded);
- senses (1.127): a target whose conditions `lack` a sense an entry or action `needs`
  (`needsAny`: lacks every one of them) cannot be chosen, and is skipped by anything that
  reaches several targets;
- `seen` (1.178): an entry or creature action with `seen: true` chooses only targets its
  creator sees (seeing.py, the one "who sees whom");
- `cannot-target-source` and `cannot-target-source-side` (1.278) on the one aiming;
- an entry that only cures is aimed only at someone it helps (1.176, cures.py);
- `targetHolds` (mechanics-2 1.235) on an entry or a creature action: only a target holding
  one of its `conditions`, or one of its `fromSelf` conditions that the one aiming applied
  (a vampire's Bite: grappled by the vampire, incapacitated or restrained).

`refusal(fight, actor, target, source)` is the sentence saying why `target` cannot be
aimed at (None when it can); `filter_targets` keeps the ones that can, in their order.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..ruleset.base import any_key
from . import numbers as N
from .creature_types import describe_test, passes
from .cures import cure_refusal, only_cures
from .board.battlefield import distance_cells
from .board.units import per_cell
from .fight import Fight
from .seeing import lacks, why_unseen
from .state import Combatant

# ---------------------------------------------------------------------------
# creature types and tags
# ---------------------------------------------------------------------------


# ---------------------------------------------------------------------------
# targetTypes
# ---------------------------------------------------------------------------


def _score(fight: Fight, c: Combatant, ability: str) -> float | None:
    view = fight.view(c)
    if view is not None:
        return view.score(ability) if ability in view.scores() else None
    value = ((c.block or {}).get("abilities") or {}).get(ability)
    return value if isinstance(value, int | float) and not isinstance(value, bool) else None


def target_types_refusal(fight: Fight, target: Combatant, tt: Any) -> str | None:
    if tt is None:
        return None
    if tt.is_ is not None and not passes(fight, target, tt.is_):
        return f"{target.name} is not {describe_test(fight, tt.is_)}"
    if tt.not_ is not None and passes(fight, target, tt.not_):
        return f"{target.name} is {describe_test(fight, tt.not_)}"
    for bounds, above in ((tt.abilityAtMost, True), (tt.abilityAtLeast, False)):
        for ability, limit in sorted((bounds or {}).items()):
            score = _score(fight, target, ability)
            if score is None:
                continue
            if (above and score > limit) or (not above and score < limit):
                word = "above" if above else "below"
                return f"{target.name}'s {N.label(fight.ruleset, 'ability', ability)} {score:g} is {word} {limit}"
    for cid in tt.notImmuneTo or []:
        if cid.lower() in N.immunities(fight, target):
            return f"{target.name} is immune to {N.label(fight.ruleset, 'condition', cid)}"
    return None


# ---------------------------------------------------------------------------
# senses
# ---------------------------------------------------------------------------


def _senses_refusal(fight: Fight, target: Combatant, source: Any) -> str | None:
    needs = list(getattr(source, "needs", None) or [])
    if not needs:
        return None
    missing = [s for s in needs if s in lacks(fight, target)]
    if not missing:
        return None
    if getattr(source, "needsAny", None) and len(missing) < len(needs):
        return None
    return f"{target.name} lacks {' and '.join(missing)}"


def _seen_refusal(fight: Fight, actor: Combatant, target: Combatant, source: Any) -> str | None:
    """`seen: true` (1.178): only a target the creator sees (seeing.py decides)."""
    if not getattr(source, "seen", None):
        return None
    return why_unseen(fight, actor, target)


# ---------------------------------------------------------------------------
# cannot-target-source, cannot-target-source-side
# ---------------------------------------------------------------------------


_AIMING = ("cannot-target-source", "cannot-target-source-side")


def _aim_blocks(fight: Fight, actor: Combatant) -> list[tuple[Any, str]]:
    """(held condition, effect) for each source-bound targeting ban the actor holds."""
    if not actor.conditions:  # most of the time: no need to look the rules up
        return []
    rules = N.condition_rules(fight.ruleset)
    out = []
    for held in actor.conditions:
        rule = rules.get(held.id)
        if rule is None or held.source is None:
            continue
        for effect in _AIMING:
            if effect in (rule.effects or []):
                out.append((held, effect))
    return out


def _source_refusal(fight: Fight, actor: Combatant, target: Combatant) -> str | None:
    for held, effect in _aim_blocks(fight, actor):
        name = N.label(fight.ruleset, "condition", held.id)
        source = fight.state.combatant(held.source)
        if effect == "cannot-target-source" and target.id == held.source:
            return f"{actor.name} is {name} and cannot aim anything at {target.name}"
        if effect == "cannot-target-source-side" and source is not None and source.side != actor.side \
                and target.side == source.side:
            return f"{actor.name} is {name} and cannot aim anything at {source.name}'s side"
    return None


# ---------------------------------------------------------------------------
# targetHolds
# ---------------------------------------------------------------------------


def _holds_refusal(fight: Fight, actor: Combatant, target: Combatant, source: Any) -> str | None:
    wanted = getattr(source, "targetHolds", None)
    if wanted is None:
        return None
    anyone = set(wanted.conditions or [])
    own = set(wanted.fromSelf or [])
    if any(h.id in anyone or (h.id in own and h.source == actor.id) for h in target.conditions):
        return None
    names = [N.label(fight.ruleset, "condition", cid) for cid in wanted.conditions or []]
    names += [f"{N.label(fight.ruleset, 'condition', cid)} by {actor.name}" for cid in wanted.fromSelf or []]
    return f"{target.name} is not {' or '.join(names)}"


# ---------------------------------------------------------------------------
# together
# ---------------------------------------------------------------------------


def refusal(fight: Fight, actor: Combatant, target: Combatant, source: Any = None) -> str | None:
    """Why `actor` may not aim `source` (an entry's mechanics, a creature action, or None
    for a weapon or a standard action) at `target`, or None when it may."""
    return (
        _source_refusal(fight, actor, target)
        or target_types_refusal(fight, target, getattr(source, "targetTypes", None))
        or _senses_refusal(fight, target, source)
        or _seen_refusal(fight, actor, target, source)
        or cure_refusal(fight, target, source)
        or _holds_refusal(fight, actor, target, source)
    )


def filter_targets(fight: Fight, actor: Combatant, targets: Iterable[Combatant], source: Any = None) -> list[Combatant]:
    if not restricts(fight, actor, source):
        return list(targets)
    return [t for t in targets if refusal(fight, actor, t, source) is None]


#: The keys of an option that narrow whom it may be aimed at.
RESTRICTING_KEYS = ("targetTypes", "needs", "seen", "targetHolds")


def restricts(fight: Fight, actor: Combatant, source: Any = None) -> bool:
    """Whether any rule here can take a target away (most options: none can)."""
    return bool(any_key(source, RESTRICTING_KEYS) or _aim_blocks(fight, actor) or only_cures(source))





def targets_apart(fight: Fight, plan: Any, targets: list[Combatant]) -> str | None:
    """`targetsWithin` (mechanics-3 1.267): every pair of chosen targets stands within that
    distance (in the entry's catalog's units) on a board; the refusal's words when two do
    not. Off the board nobody stands anywhere, so nothing is measured."""
    within = getattr(plan.mechanics, "targetsWithin", None) if plan.kind == "entry" else None
    if within is None or fight.state.board is None or len(targets) < 2:
        return None
    per = per_cell(fight, plan.entry_catalog)
    for i, a in enumerate(targets):
        for b in targets[i + 1:]:
            if a.position is None or b.position is None:
                continue
            apart = distance_cells(fight, a, b) * per
            if apart > within:
                return (f"{a.name} and {b.name} stand {apart:g} apart, and {plan.name} takes targets within "
                        f"{within:g} of each other")
    return None


def spaced(fight: Fight, plan: Any, ids: list[str]) -> list[str]:
    """The targets `ids` in order, each kept only while it stands within `targetsWithin` of
    every one kept before it (the Engine's pick never breaks the rule)."""
    kept: list[Combatant] = []
    for cid in ids:
        c = fight.state.combatant(cid)
        if c is not None and targets_apart(fight, plan, [*kept, c]) is None:
            kept.append(c)
    return [c.id for c in kept]
