"""Every number a fight reads from a combatant: health, defense, saves, initiative, the
conditions, levels and item effects in force, and what they change.

Owns: reading a combatant the same way whether it is a sheet (party members and `sheet`
creatures, through the sheet engine) or a block written in numbers, plus the labels the
log uses ("Guard", "Grit"). Condition modifiers come back with the condition's name so
the log can show them beside the roll ("12 + 5 + 3 (Blessed) = 20"). What worn and
carried items do (and an unmet requirement's `otherwise`) is one more kind of rule in
force, read by every reader here exactly as a level is (no applier): an item's modifier
shows under the item's name ("+ 10 (Ward Coat)"), an unmet requirement's under the item
and what it lacks ("- 1 (Grave Spade, Sinew under 3)").

A condition with `whileSourceInSight` (spec/combat-1 "conditions", mechanics-3 1.275 and
1.277) is in force only in part, or not at all, while its holder does not see its applier
(nor stands within its `orSourceWithin`): `in_force` leaves out what is suspended, so every
reader here agrees. Whether the holder sees is shared/combat/seeing.py's answer, which it
plugs into `SOURCE_IN_SIGHT` (it reads this module, so this one cannot import it); it reads
`held_rules`, everything held whether suspended or not, since sight itself cannot hang on
sight. The sight work is done only while a rule in force has the key.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from operator import is_
from typing import Any, Callable, Iterable

from ..ruleset.base import ValueRef
from ..ruleset.conditions import CombatCondition, CombatLevel
from ..ruleset.modifiers import Modifier
from ..ruleset.package import Ruleset
from ..sheet.items import ItemEffectInForce
from .fight import Fight, combat_block
from .hits import Hit
from .sheet_holds import held_defense
from .state import Combatant, HeldCondition
from .saves_against import SaveContext, matches
from .creature_types import describe_test, passes


@dataclass(frozen=True)
class Bonus:
    """One named part of a roll: a flat number or dice, from a condition or level."""

    label: str
    flat: int = 0
    dice: str | None = None
    minus: bool = False


# ---------------------------------------------------------------------------
# labels
# ---------------------------------------------------------------------------


_LABELS: dict[int, tuple[Ruleset, dict[tuple[str, str], str]]] = {}


def _labels(ruleset: Ruleset) -> dict[tuple[str, str], str]:
    cached = _LABELS.get(id(ruleset))
    if cached is not None and cached[0] is ruleset:
        return cached[1]
    if len(_LABELS) > 64:
        _LABELS.clear()
    found = _build_labels(ruleset)
    _LABELS[id(ruleset)] = (ruleset, found)
    return found


def _build_labels(ruleset: Ruleset) -> dict[tuple[str, str], str]:
    sheet = ruleset.sheet
    out: dict[tuple[str, str], str] = {}
    for kind, items in (
        ("ability", sheet.abilities or []),
        ("skill", sheet.skills or []),
        ("save", sheet.saves or []),
        ("field", sheet.fields or []),
        ("derived", sheet.derived or []),
    ):
        for item in items:
            out[(kind, item.id)] = item.label
    live = sheet.live
    if live is not None:
        for pool in live.pools or []:
            out[("pool", pool.id)] = pool.label
        for track in live.tracks or []:
            out[("track", track.id)] = track.label
        for cond in live.conditions or []:
            out[("condition", cond.id)] = cond.label
    for budget in ruleset.combat.economy.budgets if ruleset.combat else []:
        out[("budget", budget.id)] = budget.label
    return out


def label(ruleset: Ruleset, kind: str, ident: str) -> str:
    return _labels(ruleset).get((kind, ident), ident.replace("_", " ").capitalize())


def pool_label(fight: Fight, c: Combatant, pool: str) -> str:
    """A pool as the log names it: a declared pool's label, a list row's pool by the
    row's own name ("Second Wind" for `counters:second-wind`)."""
    if ("pool", pool) in _labels(fight.ruleset) or ":" not in pool:
        return label(fight.ruleset, "pool", pool)
    view = fight.view(c)
    found = view.pool(pool) if view is not None else None
    return found[0].label if found is not None else label(fight.ruleset, "pool", pool)


#: Last words whose final "s" is not a plural ending ("Focus", "Stress", "Chaos", "Axis", "Gas").
_NOT_PLURAL = ("ss", "us", "is", "os", "as")


def counted(amount: int, label: str) -> str:
    """`amount` of something named by `label`, as a sentence says it: "2 3rd-level slots",
    "1 3rd-level slot". A pool's label is written for many ("1st-level slots", "Ki points",
    "Hit dice"), so for exactly one its last word is said in the singular when it plainly is
    a plural; a label that is not ("Lamp oil", "Focus", "Stress", "Resolve") stays as written."""
    if amount != 1 or not label:
        return f"{amount} {label}"
    head, _, word = label.rpartition(" ")
    low = word.lower()
    if low == "dice":
        one = word[:-3] + ("IE" if word.isupper() else "ie")
    elif low.endswith(("sses", "xes", "ches", "shes", "zes")):
        one = word[:-2]
    elif low.endswith("ies") and len(low) > 4:
        one = word[:-3] + ("Y" if word.isupper() else "y")
    elif low.endswith("s") and not low.endswith(_NOT_PLURAL) and len(low) > 2:
        one = word[:-1]
    else:
        one = word
    return f"{amount} {head + ' ' if head else ''}{one}"


def ref_label(ruleset: Ruleset, ref: ValueRef | None, default: str) -> str:
    if ref is None:
        return default
    kinds = {"field": "field", "derived": "derived", "abilityMod": "ability", "abilityScore": "ability",
             "skillMod": "skill", "saveMod": "save", "livePool": "pool", "liveTrack": "track"}
    kind = kinds.get(ref.kind)
    return label(ruleset, kind, ref.target) if kind else default


def defense_label(ruleset: Ruleset) -> str:
    return ref_label(ruleset, combat_block(ruleset).defense, "Defense")


def health_label(ruleset: Ruleset) -> str:
    h = combat_block(ruleset).health
    return label(ruleset, "pool", h.pool) if h.pool else label(ruleset, "track", h.track or "health")


# ---------------------------------------------------------------------------
# conditions and levels in force
# ---------------------------------------------------------------------------


#: One rule in force on a combatant: its name for the log, the rule (a `combat.conditions`
#: entry, a reached `combat.levels` entry or an item's effect: each carries `effects` and
#: `modifiers`) and the held condition it comes from (None for a level or an item).
InForce = tuple[str, Any, HeldCondition | None]

_RULES: dict[int, tuple[Ruleset, dict[str, CombatCondition]]] = {}


def condition_rules(ruleset: Ruleset) -> dict[str, CombatCondition]:
    """Condition id -> its `combat.conditions` entry; built once per ruleset (it is read
    dozens of times for every menu), so callers must not change it."""
    cached = _RULES.get(id(ruleset))
    if cached is not None and cached[0] is ruleset:
        return cached[1]
    if len(_RULES) > 64:
        _RULES.clear()
    found = {c.condition: c for c in combat_block(ruleset).conditions or []}
    _RULES[id(ruleset)] = (ruleset, found)
    return found


def _level_rules(fight: Fight, c: Combatant) -> Iterable[tuple[str, CombatLevel]]:
    levels = fight.combat.levels
    if not levels:
        return
    # Only a creature's own list names tracks; a condition's or a level's names conditions.
    immune = block_immunities(c)
    for level in levels:
        # A level reads exactly one of a track and a derived value (the package format says so).
        value: float
        if level.track is not None:
            if level.track.lower() in immune:
                continue
            view = fight.view(c)
            if view is not None:
                info = view.track(level.track)
                value = info.value if info is not None else 0
            else:
                value = c.tracks.get(level.track, 0)
            if value >= level.at:
                yield f"{label(fight.ruleset, 'track', level.track)} {value}", level
        elif level.derived is not None:
            view = fight.view(c)
            if view is None:
                continue
            value = view.derived(level.derived)
            if value >= level.at:
                yield f"{label(fight.ruleset, 'derived', level.derived)} {math.floor(value)}", level


#: Whether a holder has its condition's applier in sight, or within the condition's
#: `orSourceWithin`: (fight, holder, applier, the condition's rule) -> bool. seeing.py plugs
#: its answer in; with none plugged in every condition is wholly in force.
SOURCE_IN_SIGHT: list[Callable[[Fight, Combatant, Combatant, CombatCondition], bool]] = []


#: The conditions where `c` stands puts in force on them (a zone's `inside`, 1.179):
#: (fight, c) -> condition ids. zone_state plugs its answer in, read beside the held ones,
#: which are kept while what they are read from stays the same and know nothing of place.
PLACED: list[Callable[[Fight, Combatant], list[str]]] = []


def rules_in_force(fight: Fight, c: Combatant) -> list[InForce]:
    """(name, rule, held condition or None) for each condition and reached level."""
    return list(in_force(fight, c))


def in_force(fight: Fight, c: Combatant) -> tuple[InForce, ...]:
    """`rules_in_force` as a tuple shared between callers (the readers in this module),
    without what a `whileSourceInSight` condition has suspended (its applier out of sight)."""
    # Nothing changes while a menu is drawn (Memo.menu), and a menu asks this a hundred
    # times per combatant: keep the answer, sight included, until the drawing ends.
    menu = fight.memo.menu
    key = ("in-force", c.id)
    if menu is not None:
        kept: tuple[InForce, ...] | None = menu.get(key)
        if kept is not None:
            return kept
    held, sighted = _held(fight, c)
    out = tuple(_in_sight(fight, c, held)) if sighted and SOURCE_IN_SIGHT else held
    if fight.state.zones and PLACED:
        out += _placed(fight, c, out)
    if menu is not None:
        menu[key] = out
    return out


def _placed(fight: Fight, c: Combatant, held: tuple[InForce, ...]) -> tuple[InForce, ...]:
    """What `PLACED` puts in force on `c`: not what they already hold, what they are immune
    to by their block, nor a condition without a rule."""
    rules = condition_rules(fight.ruleset)
    have = {h.id for _n, _r, h in held if h is not None}
    immune = block_immunities(c)
    return tuple((label(fight.ruleset, "condition", cid), rules[cid], None)
                 for place in PLACED for cid in place(fight, c)
                 if cid in rules and cid not in have and cid.lower() not in immune)


def held_rules(fight: Fight, c: Combatant) -> tuple[InForce, ...]:
    """Every rule held, a `whileSourceInSight` condition whole whether or not its applier is
    in sight (what sight itself is read from: seeing.py)."""
    return _held(fight, c)[0]


def _held(fight: Fight, c: Combatant) -> tuple[tuple[InForce, ...], bool]:
    """The rules held and whether one has `whileSourceInSight`.

    A menu reads this a hundred times, so it is kept for the length of one call while what
    it is read from stays the same: the same sheet object (sheet operations replace it, they
    never edit it), the same block, the same held conditions (by identity) and tracks.
    Sight is not kept: it hangs on where everyone stands."""
    held = c.conditions
    hit = fight.memo.rules.get(c.id)
    if hit is not None and hit[0] is c.sheet and hit[1] is c.block and hit[2] == c.tracks \
            and len(hit[3]) == len(held) and all(map(is_, hit[3], held)):
        kept: tuple[tuple[InForce, ...], bool] = hit[4]
        return kept
    out = tuple(_rules_in_force(fight, c))
    sighted = any(h is not None and h.source and getattr(rule, "whileSourceInSight", None) for _n, rule, h in out)
    fight.memo.rules[c.id] = (c.sheet, c.block, dict(c.tracks), tuple(held), (out, sighted))
    return out, sighted


def _in_sight(fight: Fight, c: Combatant, held: tuple[InForce, ...]) -> Iterable[InForce]:
    """`held` less what is suspended: a `true` condition whole, a list's effects only."""
    for name, rule, cond in held:
        limit = getattr(rule, "whileSourceInSight", None)
        source = fight.state.combatant(cond.source) if limit and cond is not None and cond.source else None
        if source is None or all(seen(fight, c, source, rule) for seen in SOURCE_IN_SIGHT):
            yield name, rule, cond
        elif isinstance(limit, list):
            yield name, _without(fight, rule, limit), cond


def _without(fight: Fight, rule: CombatCondition, limit: list[str]) -> CombatCondition:
    """`rule` without the effects its `whileSourceInSight` names (kept per rule: copying is
    dear and a menu asks a hundred times)."""
    key = ("out-of-sight", id(rule))
    hit = fight.memo.calls.get(key)
    if hit is not None and hit[0] is rule:
        kept: CombatCondition = hit[1]
        return kept
    left = [e for e in rule.effects or [] if e not in limit]
    out = rule.model_copy(update={"effects": left or None})
    fight.memo.calls[key] = (rule, out)
    return out


def suppressed(fight: Fight, c: Combatant) -> set[str]:
    """The conditions `c` holds that another held condition `suppresses` (mechanics-3
    1.275): they stay on, their clocks run, and nothing of theirs is in force until it ends."""
    if not c.conditions or not fight.ruleset.sets_key("suppresses"):
        return set()
    rules = condition_rules(fight.ruleset)
    out: set[str] = set()
    for held in c.conditions:
        out.update(getattr(rules.get(held.id), "suppresses", None) or ())
    return out


def _rules_in_force(fight: Fight, c: Combatant) -> list[InForce]:
    rules = condition_rules(fight.ruleset)
    out: list[InForce] = []
    seen: set[str] = suppressed(fight, c)
    for held in c.conditions:
        rule = rules.get(held.id)
        if held.id in seen:
            continue
        seen.add(held.id)
        if rule is not None:
            out.append((label(fight.ruleset, "condition", held.id), rule, held))
    for name, level in _level_rules(fight, c):
        out.append((name, level, None))
    view = fight.view(c)
    if view is not None:
        for found in view.items_in_force():
            out.append((_item_rule_name(fight.ruleset, found), found.effect, None))
    return out


def _item_rule_name(ruleset: Ruleset, found: ItemEffectInForce) -> str:
    if found.unmet is None:
        return found.held.name
    wanted = found.unmet.atLeast
    wanted = int(wanted) if float(wanted).is_integer() else wanted
    return f"{found.held.name}, {ref_label(ruleset, found.unmet.value, 'requirement')} under {wanted}"


def effects(fight: Fight, c: Combatant) -> frozenset[str]:
    """Every effect the conditions and levels in force give `c` (kept with what they are
    read from, like `rules_in_force`)."""
    rules = in_force(fight, c)
    hit = fight.memo.effects.get(c.id)
    if hit is not None and hit[0] is rules:
        return hit[1]
    found: set[str] = set()
    for _name, rule, _held in rules:
        found.update(rule.effects or [])
    out = frozenset(found)
    fight.memo.effects[c.id] = (rules, out)
    return out


def effect_count(fight: Fight, c: Combatant, effect: str, *, save: str | None = None, skill: str | None = None) -> int:
    n = 0
    for _name, rule, _held in in_force(fight, c):
        if effect in (rule.effects or []):
            if save is not None and rule.saves and save not in rule.saves:
                continue
            if effect.startswith("own-checks-") and getattr(rule, "skills", None) and skill not in rule.skills:
                continue
            n += 1
    return n


def _reaches_attack(mod: Modifier, held: HeldCondition | None, hit: Hit | None, target: Combatant | None) -> bool:
    """Whether an attacks modifier reaches this attack roll: `attacks`, `blow` and
    `ability` (1.247, 1.188) must match the hit being tried (blows.Hit; None, an attack
    nobody described, matches no narrowing), and `atSource` (1.185) only the one who applied
    the condition (levels have no applier, so they never match it)."""
    if mod.attacks is not None and mod.attacks != "any" and (hit is None or mod.attacks != hit.attacks):
        return False
    if mod.blow is not None and (hit is None or mod.blow != hit.blow):
        return False
    if mod.ability is not None and (hit is None or mod.ability != hit.ability):
        return False
    if mod.atSource and (target is None or held is None or held.source != target.id):
        return False
    return True


def narrows_attacks(fight: Fight, c: Combatant) -> bool:
    """Whether one of `c`'s attacks modifiers depends on the kind of attack (a forecast
    works out the hit only then)."""
    for _name, rule, _held in in_force(fight, c):
        for mod in rule.modifiers or []:
            if mod.to == "attacks" and (mod.attacks is not None or mod.blow is not None or mod.ability is not None):
                return True
    return False


def _reaches(fight: Fight, rule: Any, mod: Modifier, to: str, save: str | None, skill: str | None,
             context: SaveContext | None, ability: str | None = None) -> bool:
    """Whether a modifier to saves (checks) reaches this save (check): `saves` (`skills`)
    narrow it, the modifier's own list in place of the condition's; a save modifier's
    `against` must match what the save is against (saves_against.py). A contest rolls
    combat's own checks (`skill` None), which nothing narrowed to skills reaches. A checks
    modifier's `abilities` (1.188) reaches only a check of one of those abilities
    (`ability`, see `check_ability`): Rage's advantage on Strength checks is no advantage on
    an Acrobatics contest. An attack roll is judged by `_reaches_attack` instead."""
    if to == "saves":
        narrowed = mod.saves if mod.saves else getattr(rule, "saves", None)
        if narrowed and save is not None and save not in narrowed:
            return False
        if getattr(mod, "against", None) is not None:
            return matches(fight, mod.against, context)
    if to == "checks":
        narrowed = mod.skills if mod.skills else getattr(rule, "skills", None)
        if narrowed and (skill is None or skill not in narrowed):
            return False
        if mod.abilities and (ability is None or ability not in mod.abilities):
            return False
    return True


def reaches(fight: Fight, rule: Any, mod: Modifier, held: HeldCondition | None, to: str, *, save: str | None = None,
            skill: str | None = None, context: SaveContext | None = None, hit: Hit | None = None,
            target: Combatant | None = None, ability: str | None = None) -> bool:
    """Whether one modifier of `rule` (held as `held`) reaches this roll of `to`: what
    `modifiers` asks of each (rescue.py asks it of the held-back ones)."""
    if to == "attacks":
        return _reaches_attack(mod, held, hit, target)
    return _reaches(fight, rule, mod, to, save, skill, context, ability)


def signed(n: int) -> str:
    """`+ 3` or `- 2`: a number added in a log line's arithmetic."""
    return f"+ {n}" if n >= 0 else f"- {abs(n)}"


def fold_modifiers(fight: Fight, bonuses: Iterable[Bonus], total: int, pieces: list[str]) -> int:
    """Folds a roll's modifiers into it and its log line, in their order: a flat part as
    written, dice rolled (taken off with `minus`), each added to `total` and written as
    `+ 2 (Blessed)` in `pieces`. The one way an attack roll, a save and a check add theirs;
    returns the new total."""
    for b in bonuses:
        if b.flat:
            total += b.flat
            pieces.append(f"{signed(b.flat)} ({b.label})")
        if b.dice:
            extra = fight.roll(b.dice)
            value = -extra.total if b.minus else extra.total
            total += value
            pieces.append(f"{signed(value)} ({b.label})")
    return total


def modifiers(fight: Fight, c: Combatant, to: str, *, save: str | None = None, skill: str | None = None,
              context: SaveContext | None = None, hit: Hit | None = None, target: Combatant | None = None,
              ability: str | None = None) -> list[Bonus]:
    """Flat and rolled changes to `to` (`attacks`, `saves`, `defense`, `checks`); an attack
    roll names the `hit` tried and its `target`, a check the `ability` it is of."""
    out: list[Bonus] = []
    for name, rule, held in in_force(fight, c):
        for mod in rule.modifiers or []:
            # A held-back modification joins only a roll that fell short (rescue.py).
            if mod.to != to or (mod.flat is None and mod.dice is None) or getattr(mod, "rescue", None):
                continue
            if to == "attacks":
                if not _reaches_attack(mod, held, hit, target):
                    continue
            elif not _reaches(fight, rule, mod, to, save, skill, context, ability):
                continue
            out.append(Bonus(name, mod.flat or 0, mod.dice, bool(mod.minus)))
    return out


def mode_votes(fight: Fight, c: Combatant, to: str, *, save: str | None = None, skill: str | None = None,
               context: SaveContext | None = None, hit: Hit | None = None,
               target: Combatant | None = None, ability: str | None = None) -> tuple[int, int]:
    """(advantages, disadvantages) that modifiers with `mode` give a roll of `to`."""
    adv = dis = 0
    for _name, rule, held in in_force(fight, c):
        for mod in rule.modifiers or []:
            if mod.to != to or mod.mode is None:
                continue
            if to == "attacks":
                if not _reaches_attack(mod, held, hit, target):
                    continue
            elif not _reaches(fight, rule, mod, to, save, skill, context, ability):
                continue
            if mod.mode == "advantage":
                adv += 1
            else:
                dis += 1
    return adv, dis


_ATTACKS_TAKEN: dict[int, tuple[Ruleset, bool]] = {}


def _has_attacks_taken(ruleset: Ruleset) -> bool:
    """Whether any modifier of the package (a condition's, a level's, an item's) changes
    attacks against its holder: read once per package, so a package without one pays nothing
    on every attack roll and forecast."""
    cached = _ATTACKS_TAKEN.get(id(ruleset))
    if cached is not None and cached[0] is ruleset:
        return cached[1]
    if len(_ATTACKS_TAKEN) > 64:
        _ATTACKS_TAKEN.clear()
    # The package's own text, so a modifier anywhere counts (the union fields that read
    # either of two shapes need no serializer warnings for this).
    found = '"attacks-taken"' in ruleset.model_dump_json(by_alias=True, exclude_none=True, warnings=False)
    _ATTACKS_TAKEN[id(ruleset)] = (ruleset, found)
    return found


def attacks_taken_votes(fight: Fight, holder: Combatant, attacker: Combatant) -> tuple[int, int]:
    """(advantages, disadvantages) the holder's `attacks-taken` modifiers give an attack
    roll against them (mechanics-1 1.185), those with `from` only when the attacker passes it."""
    adv = dis = 0
    if not _has_attacks_taken(fight.ruleset):
        return adv, dis
    for _name, rule, _held in in_force(fight, holder):
        for mod in rule.modifiers or []:
            if mod.to != "attacks-taken" or (mod.from_ is not None and not passes(fight, attacker, mod.from_)):
                continue
            if mod.mode == "advantage":
                adv += 1
            else:
                dis += 1
    return adv, dis


def fails_save(fight: Fight, c: Combatant, save: str) -> str | None:
    for name, rule, _held in in_force(fight, c):
        if save in (getattr(rule, "failsSaves", None) or []):
            return name
    return None


# ---------------------------------------------------------------------------
# health
# ---------------------------------------------------------------------------


_USES: dict[int, tuple[object, bool]] = {}


def _ruleset_halves(fight: Fight) -> bool:
    """Whether any condition or level of the ruleset changes `health-max` (read once)."""
    cached = _USES.get(id(fight.ruleset))
    if cached is not None and cached[0] is fight.ruleset:
        return cached[1]
    rules = [*(fight.combat.conditions or []), *(fight.combat.levels or [])]
    found = any(m.to == "health-max" for r in rules for m in getattr(r, "modifiers", None) or [])
    if len(_USES) > 64:
        _USES.clear()
    _USES[id(fight.ruleset)] = (fight.ruleset, found)
    return found


def health_max_factor(fight: Fight, c: Combatant) -> tuple[Fraction, list[str]]:
    """The product of the `health-max` modifiers (1.115) of the conditions and levels in force,
    with their names (health_max.py plays what a halved maximum does)."""
    times = Fraction(1)
    names: list[str] = []
    if not _ruleset_halves(fight):
        return times, names
    for name, rule, _held in rules_in_force(fight, c):
        for mod in getattr(rule, "modifiers", None) or []:
            if mod.to == "health-max" and mod.times is not None:
                times *= Fraction(mod.times)
                names.append(name)
    return times, names


def halved_max(top: int, times: Fraction) -> int:
    """A maximum times `times`, rounded down and never below 1."""
    if times == 1 or top <= 0:
        return top
    return max(1, math.floor(top * times))


def health_track(fight: Fight) -> str:
    """The track health is kept on, for a ruleset whose health is not a pool: `combat.health`
    names exactly one of `pool` and `track` (the package format refuses anything else)."""
    track = fight.combat.health.track
    if track is None:
        raise ValueError("combat.health names a pool, so health is kept on no track")
    return track


def health(fight: Fight, c: Combatant) -> tuple[int, int, int]:
    """(current, maximum, temporary points). A track reads as boxes left to fill."""
    spec = fight.combat.health
    view = fight.view(c)
    if view is None:
        return c.health, halved_max(c.health_max, health_max_factor(fight, c)[0]), c.temp
    if spec.pool is not None:
        found = view.pool(spec.pool)
        if found is None:
            return 0, 0, 0
        pool, current, temp = found
        return current, halved_max(pool.max, health_max_factor(fight, c)[0]), temp
    info = view.track(health_track(fight))
    if info is None:
        return 0, 0, 0
    if info.harm is not None and info.state is not None:
        length = info.harm.length
        filled = len([m for m in info.state.marks if m]) + (info.state.overflow or 0)
        return max(0, length - filled), length, 0
    return max(0, info.max - info.value), info.max - info.min, 0


def is_down_by_health(fight: Fight, c: Combatant) -> bool:
    current, top, _temp = health(fight, c)
    return current <= 0


def dying_counts_for(fight: Fight, c: Combatant) -> bool:
    """The dying rule (`combat.dying`) is `c`'s: a party member with a sheet. Down, they
    are dying or stable, and a blow can still reach them."""
    return c.side == "party" and fight.combat.dying is not None and c.sheet is not None


def struck_while_down(fight: Fight, c: Combatant) -> bool:
    """Someone down whom a blow can still reach: dying, or stable (a blow starts the count
    again). One down with no dying rule is out of reach."""
    return c.down and not c.out and (c.dying is not None or dying_counts_for(fight, c))


# ---------------------------------------------------------------------------
# defense, saves, initiative
# ---------------------------------------------------------------------------


def base_defense(fight: Fight, c: Combatant) -> int:
    view = fight.view(c)
    if view is None:
        written = int((c.block or {}).get("defense") or 0)
        return written - let_fall_defense(c) if c.let_fall else written
    value = math.floor(view.value(fight.combat.defense))
    return held_defense(c, value) if c.held is not None else value


def let_fall_defense(c: Combatant) -> int:
    """The `defense` of the `held` things `c` let fall (mechanics-3 1.267: subtracted from the
    creature's defense until it picks them up)."""
    return sum(int(t.get("defense") or 0) for t in (c.block or {}).get("held") or []
               if f"held:{t['label']}" in c.let_fall)


def defense(fight: Fight, c: Combatant) -> tuple[int, list[Bonus]]:
    parts = [b for b in modifiers(fight, c, "defense") if b.flat]
    return base_defense(fight, c) + sum(b.flat for b in parts), parts


def save_bonus(fight: Fight, c: Combatant, save: str) -> int:
    view = fight.view(c)
    if view is None:
        return int(((c.block or {}).get("saves") or {}).get(save, 0))
    number = view.check_number("save", save)
    return math.floor((number.number or 0) + number.adjust + number.penalty)


def initiative_modifier(fight: Fight, c: Combatant) -> float:
    view = fight.view(c)
    if view is None:
        return float((c.block or {}).get("initiativeModifier") or 0)
    ref = fight.combat.initiative.modifier
    return view.value(ref) if ref is not None else 0.0


def check_bonus(fight: Fight, c: Combatant, check_id: str) -> int:
    """What a combatant adds in a contest with `combat.checks` entry `check_id`: the number
    `record_checks` kept when the fight started (a state saved before checks were kept
    reads it as it is now)."""
    kept = c.checks.get(check_id)
    return kept if kept is not None else _read_check(fight, c, check_id)


_CHECK_ABILITIES: dict[int, tuple[Ruleset, dict[str, str | None]]] = {}


def ref_ability(ruleset: Ruleset, ref: ValueRef) -> str | None:
    """The ability a check read from `ref` is of: the ability itself (`abilityMod`,
    `abilityScore`), or a skill's ability (`skillMod`); None for anything else (a field, a
    constant), which no checks modifier narrowed to `abilities` reaches."""
    if ref.abilityMod is not None:
        return ref.abilityMod
    if ref.abilityScore is not None:
        return ref.abilityScore
    if ref.skillMod is not None:
        skill = next((s for s in ruleset.sheet.skills or [] if s.id == ref.skillMod), None)
        return skill.ability if skill is not None else None
    return None


def check_ability(fight: Fight, check_id: str) -> str | None:
    """The ability `combat.checks` entry `check_id` is of (`ref_ability`), the same for a
    sheet and a block; read once per package."""
    cached = _CHECK_ABILITIES.get(id(fight.ruleset))
    if cached is None or cached[0] is not fight.ruleset:
        if len(_CHECK_ABILITIES) > 64:
            _CHECK_ABILITIES.clear()
        found = {check.id: ref_ability(fight.ruleset, check.value) for check in fight.combat.checks or []}
        cached = _CHECK_ABILITIES[id(fight.ruleset)] = (fight.ruleset, found)
    return cached[1].get(check_id)


def record_checks(fight: Fight, c: Combatant) -> None:
    """Reads every `combat.checks` number of `c` once, as the fight starts (at most 12)."""
    for check in fight.combat.checks or []:
        c.checks[check.id] = _read_check(fight, c, check.id)


def _read_check(fight: Fight, c: Combatant, check_id: str) -> int:
    view = fight.view(c)
    if view is None:
        return int(((c.block or {}).get("checks") or {}).get(check_id, 0))
    for check in fight.combat.checks or []:
        if check.id == check_id:
            return math.floor(view.value(check.value))
    return 0


def block_immunities(c: Combatant) -> set[str]:
    """What a creature's own `conditionImmunities` name (lower case)."""
    return {str(x).lower() for x in (c.block or {}).get("conditionImmunities") or []}


def immunity_source(fight: Fight, c: Combatant, cid: str, applier: Combatant | None = None) -> str | None:
    """Why `c` cannot be given condition (or track) `cid`: "" for its own block's
    `conditionImmunities`, the name of the condition or level whose `conditionImmunities`
    names it (1.258), or whose `conditionImmunitiesFrom` names it against an `applier`
    passing its test (1.191: "Warded, against undead"), or None when nothing does."""
    # An immunity may name the condition or one of its `kinds` (1.258: Divine Health is
    # immune to "disease").
    own = condition_rules(fight.ruleset).get(cid)
    keys = {cid.lower(), *(k.lower() for k in (getattr(own, "kinds", None) or []))}
    if keys & block_immunities(c):
        return ""
    for name, rule, _held in in_force(fight, c):
        if any(x.lower() in keys for x in getattr(rule, "conditionImmunities", None) or []):
            return name
        for limited in getattr(rule, "conditionImmunitiesFrom", None) or ():
            if applier is not None and any(x.lower() in keys for x in limited.conditions) \
                    and passes(fight, applier, limited.from_):
                return f"{name}, against {describe_test(fight, limited.from_)}"
    return None


def immunities(fight: Fight, c: Combatant) -> set[str]:
    """Every condition (or track) `c` is immune to: its block's, and those of the
    conditions and levels in force."""
    out = block_immunities(c)
    for _name, rule, _held in in_force(fight, c):
        out.update(x.lower() for x in getattr(rule, "conditionImmunities", None) or [])
    return out


def damage_guard(c: Combatant, key: str, tags: Iterable[str] = ()) -> set[str]:
    """Damage types a block resists, is vulnerable or immune to (lower case). A guard with
    `except` (1.55) does not hold against a blow carrying one of those item `tags`."""
    out: set[str] = set()
    for entry in (c.block or {}).get(key) or []:
        if isinstance(entry, str):
            out.add(entry.lower())
        elif isinstance(entry, dict) and isinstance(entry.get("type"), str):
            if tags and any(tag in (entry.get("except") or []) for tag in tags):
                continue
            out.add(entry["type"].lower())
    return out
