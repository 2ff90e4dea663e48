"""What lands on a combatant's health: damage (types, resistances, temporary points, health
pool or track), healing, temporary points, going down, dying saves and death.

Owns: every change to a combatant's health, written through the sheet's own operations for
sheet combatants (the sheet is the record) and kept on the combatant for creatures written in
numbers. Each change is a sentence in the log. Damage dealt inside a blow
(`Fight.resolving.open_blows`) is judged once for the whole blow (`blow_ends`): concentration
against the sum, going down, one count against death for a target already down. Conditions are
put on by condition_on.py, saves rolled by saves.py, concentration ended by concentration.py.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from ..ruleset.conditions import healing_denial
from ..sheet import damage as sheet_damage
from ..sheet import heal as sheet_heal
from ..sheet import move_track, set_temp, spend
from ..sheet.ops import Result
from ..sheet.refusal import BAD_BOX, TRACK_FULL, Refusal
from . import numbers as N
from .fight import Fight, OpenBlow
from .condition_off import remove_condition
from .state import Combatant
from .health_max import heal_cap
from . import zone_state as ZS
from . import summon_state as SS
from .belongings import drop_belongings
from .concentration import end_concentration
from .condition_on import put_condition
from .saves import roll_save


def health_line(fight: Fight, c: Combatant) -> str:
    current, top, temp = N.health(fight, c)
    extra = f" (+{temp} temporary)" if temp else ""
    return f"{c.name} has {current} of {top} {N.health_label(fight.ruleset)}{extra}."


# ---------------------------------------------------------------------------
# damage
# ---------------------------------------------------------------------------


def type_guard(fight: Fight, target: Combatant, dtype: str | None, tags: tuple[str, ...] = (),
               past_resistance: bool = False) -> tuple[bool, int, int]:
    """(immune, times halved, times doubled): what `target` does to damage of `dtype`.
    Immunity; resistance (halved, rounded down) and `resist-all` on top; vulnerability
    (doubled); a halving and a doubling cancel. The forecasts read the same guard. A guard
    whose `except` names one of the blow's item `tags` does not hold (1.55);
    `past_resistance` (a weapon's `ignoresResistance`, 1.192) passes every resistance,
    never an immunity."""
    kind = (dtype or "").lower()
    if kind and kind in N.damage_guard(target, "immune", tags):
        return True, 0, 0
    if kind and fight.state.zones and ZS.immune_inside(fight, target, kind):
        return True, 0, 0
    halves = 0
    if not past_resistance:
        if kind and kind in N.damage_guard(target, "resist", tags):
            halves += 1
        if "resist-all" in N.effects(fight, target):
            halves += 1
    doubles = 1 if kind and kind in N.damage_guard(target, "vulnerable") else 0
    while halves and doubles:
        halves -= 1
        doubles -= 1
    return False, halves, doubles


def adjust_for_type(fight: Fight, target: Combatant, amount: int, dtype: str | None, tags: tuple[str, ...] = (),
                    past_resistance: bool = False) -> tuple[int, str]:
    """`amount` of `dtype` after the target's guard (`type_guard`). Returns the amount and
    a note for the log, which says when the blow's tags or `ignoresResistance` took it past
    a guard that would have held."""
    if amount <= 0:
        return 0, ""
    immune, halves, doubles = type_guard(fight, target, dtype, tags, past_resistance)
    if immune:
        return 0, f" ({target.name} is immune to {dtype})"
    note = ""
    if tags or past_resistance:
        was_immune, was_halved, _ = type_guard(fight, target, dtype)
        if was_immune or was_halved > halves:
            guard = "immunity" if was_immune else "resistance"
            by = "the blow" if past_resistance else " and ".join(_guard_tags(target, dtype, tags))
            note = f" ({by} gets past its {guard})"
    for _ in range(halves):
        amount //= 2
        note = " (resisted: halved)"
    for _ in range(doubles):
        amount *= 2
        note = " (vulnerable: doubled)"
    return amount, note


def _guard_tags(target: Combatant, dtype: str | None, tags: tuple[str, ...]) -> list[str]:
    """The blow's tags that some `except` of `target`'s guards against `dtype` names."""
    named: set[str] = set()
    for key in ("immune", "resist"):
        for entry in (target.block or {}).get(key) or []:
            if isinstance(entry, dict) and str(entry.get("type", "")).lower() == (dtype or "").lower():
                named.update(entry.get("except") or [])
    return [t for t in tags if t in named]


def deal_damage(fight: Fight, source: Combatant | None, target: Combatant, amount: int, dtype: str | None,
                *, what: str, critical: bool = False, kind: str | None = None, marks: int | None = None,
                unguarded: bool = False, tags: tuple[str, ...] = (), past_resistance: bool = False) -> int:
    """Deals `amount` of `dtype` after the target's own guards; returns what landed.

    On a harm track, `kind` is the kind of harm marked when the target changed it (a
    `remap`, harm_kinds.py), and `marks` how many boxes the blow fills when that is not
    what landed: a track marked `per-blow` fills one (0: another part of the same blow
    marks it). `unguarded`: nothing the target has makes it smaller (a blow that spends
    initiative, initiative_resource.py). `tags`: the item tags the blow carries past a
    guard's `except`; `past_resistance`: the part passes resistances (`type_guard`)."""
    landed, note = (max(0, amount), "") if unguarded else adjust_for_type(fight, target, amount, dtype, tags,
                                                                         past_resistance)
    blow = fight.resolving.open_blows.get(target.id)
    if blow is not None and blow.floor is not None:
        landed, note = _above_floor(fight, target, landed, note, blow.floor)
    type_text = f" {dtype}" if dtype else ""
    fight.emit("damage", f"{what} deals {landed}{type_text} damage to {target.name}{note}.",
               target=target.id, amount=landed, type=dtype, critical=critical,
               source=source.id if source is not None else None)
    if landed <= 0:
        return 0
    if fight.state.zones:
        ZS.damage_lands(fight, target, dtype)
    if blow is not None:
        blow.landed += landed
        blow.source = source.id if source is not None else None
    if marks is None and fight.combat.damageKinds is not None and fight.combat.damageKinds.marks == "per-blow":
        marks = 1
    taken_marks = landed if marks is None else marks
    if N.struck_while_down(fight, target):
        if target.dying is None:
            # Stable is no shield: a blow starts the count against death again.
            target.dying = {"successes": 0, "failures": 0}
            fight.emit("dying", f"{target.name} is hit while stable and is dying again.", target=target.id)
        # One blow counts once against death, however many parts it has.
        if blow is None or not blow.counted_down:
            if blow is not None:
                blow.counted_down = True
            _damage_while_down(fight, target, critical)
        return landed
    if marks == 0:
        # Another part of the same blow marks the track; this one still counts toward it.
        _after_damage(fight, source, target, landed)
        return landed
    spec = fight.combat.health
    if target.sheet is not None:
        if spec.pool is not None:
            error = fight.write(target, sheet_damage(fight.ruleset, target.sheet, landed, pool=spec.pool))
        else:
            marked = _track_change(fight, target, target.sheet, taken_marks, kind or harm_kind(fight, dtype))
            if isinstance(marked, Refusal) and marked.code in (TRACK_FULL, BAD_BOX) and not target.down and not target.out:
                # A blow that no box can take drops the character (spec/sheet "Harm tracks").
                fight.emit("note", f"No box of {target.name}'s {N.health_label(fight.ruleset)} can take "
                           f"{'the blow' if marks == 1 else f'a blow of {taken_marks}'}.", target=target.id)
                go_down(fight, target)
                _after_damage(fight, source, target, landed)
                return landed
            error = fight.write(target, marked)
        if error:
            fight.emit("note", f"The sheet refused the damage to {target.name}: {error}", target=target.id)
    else:
        lost = taken_marks if spec.track is not None else landed
        taken = min(target.temp, lost)
        target.temp -= taken
        target.health = max(0, target.health - (lost - taken))
    fight.emit("health", health_line(fight, target), target=target.id, health=N.health(fight, target)[0])
    _after_damage(fight, source, target, landed)
    return landed


def _above_floor(fight: Fight, target: Combatant, landed: int, note: str, floor: int) -> tuple[int, str]:
    """`leavesAtLeast` (1.235): what of `landed` the target can take and keep `floor` health
    (temporary points take their share first), with the log's reason when it is less."""
    current, _top, temp = N.health(fight, target)
    room = max(0, current + temp - floor)
    if landed <= room:
        return landed, note
    return room, f"{note} ({landed}, held to {room}: it never takes {target.name} below {floor})"


def _track_change(fight: Fight, c: Combatant, sheet: dict[str, Any], amount: int, kind: str | None) -> Result:
    """Health kept on a track of `c`'s sheet: a harm track takes marks (a negative amount
    heals them); a plain track (1.383) fills toward `max` with damage and empties with healing."""
    track = N.health_track(fight)
    view = fight.view(c)
    info = view.track(track) if view is not None else None
    if info is not None and info.harm is None:
        return move_track(fight.ruleset, sheet, track, by=amount)
    if amount < 0:
        return sheet_heal(fight.ruleset, sheet, -amount, track=track)
    if info is not None and info.harm is not None and info.harm.indexed:
        # A track filled by box: per-point damage names the box it lands in, a per-blow
        # mark (amount 1) aims at the first box; one mark, there or in the next empty box
        # above (spec/sheet "Harm tracks").
        return sheet_damage(fight.ruleset, sheet, 1, track=track, kind=kind, box=amount)
    return sheet_damage(fight.ruleset, sheet, amount, track=track, kind=kind)


def harm_kind(fight: Fight, dtype: str | None) -> str | None:
    """The kind of harm `dtype` marks by the ordinary `damageKinds` mapping."""
    kinds = fight.combat.damageKinds
    if kinds is None:
        return None
    by_type = {k.lower(): v for k, v in (kinds.byType or {}).items()}
    return by_type.get((dtype or "").lower(), kinds.default)


#: What landed damage ends or lets its target save against (condition_ends.on_damage,
#: registered as it loads: ending a condition may deal harm of its own).
AFTER_DAMAGE: list[Callable[[Fight, Combatant | None, Combatant, int], None]] = []


def _after_damage(fight: Fight, source: Combatant | None, target: Combatant, landed: int) -> None:
    for after in AFTER_DAMAGE:
        after(fight, source, target, landed)
    rules = N.condition_rules(fight.ruleset)
    for held in list(target.conditions):
        rule = rules.get(held.id)
        if rule is not None and "ends-on-damage" in (rule.effects or []):
            remove_condition(fight, target, held, reason="the damage ends it")
    if target.id not in fight.resolving.open_blows:
        _judge_damage(fight, source, target, landed)


def blow_ends(fight: Fight, target: Combatant, blow: OpenBlow) -> None:
    """A blow of several parts is one blow (spec/combat-2 `plus`): once its last part has
    landed, one concentration save against the damage its parts landed in all, and one
    check for going down (nothing when nothing landed since it was last judged)."""
    landed = blow.landed - blow.judged
    if landed <= 0:
        return
    blow.judged = blow.landed
    source = fight.state.combatant(blow.source) if blow.source is not None else None
    _judge_damage(fight, source, target, landed)


def _judge_damage(fight: Fight, source: Combatant | None, target: Combatant, landed: int) -> None:
    if target.concentration is not None and fight.combat.concentration is not None and not N.is_down_by_health(fight, target):
        conc = fight.combat.concentration
        dc = max(conc.floor, math.floor(landed * conc.fromDamage))
        ok = roll_save(fight, target, conc.save, dc, why=f"to keep concentrating on {target.concentration.label}")
        if not ok:
            end_concentration(fight, target, reason="concentration is broken")
    check_down(fight, target, source)


def _damage_while_down(fight: Fight, target: Combatant, critical: bool) -> None:
    dying = fight.combat.dying
    if dying is None:
        return  # no dying rule: nothing counts against death (numbers.struck_while_down)
    rule = dying.criticalWhileDown if critical else dying.damageWhileDown
    count = {"one-failure": 1, "two-failures": 2}.get(rule or "one-failure", 0)
    if count:
        _mark_dying(fight, target, failures=count, why="taking damage while down")


# ---------------------------------------------------------------------------
# going down, dying
# ---------------------------------------------------------------------------


def start_down(fight: Fight, c: Combatant) -> None:
    """A party member whose sheet starts the fight at 0 health starts it down, because the
    sheet said so (spec/combat-1 "Brought in"): dying under the dying rule, with the counts
    the sheet holds (stable when its successes are already full)."""
    if c.side != "party" or c.sheet is None or c.down or c.out or not N.is_down_by_health(fight, c):
        return
    c.down = True
    at = f"{c.name} starts the fight at {N.health(fight, c)[0]} {N.health_label(fight.ruleset)}"
    dying = fight.combat.dying
    if dying is None or not N.dying_counts_for(fight, c):
        fight.emit("down", f"{at}, down.", target=c.id)
        return
    view = fight.view(c)
    held = {key: (view.track(track) if view is not None else None) for key, track in
            (("successes", dying.successes), ("failures", dying.failures))}
    counts = {key: info.value if info is not None else 0 for key, info in held.items()}
    need = {key: info.max if info is not None else 3 for key, info in held.items()}
    _dying_condition_on(fight, c)
    if counts["successes"] >= need["successes"]:
        fight.emit("down", f"{at}, down and stable.", target=c.id)
        return
    c.dying = counts
    so_far = "" if not any(counts.values()) else (
        f" ({counts['successes']} of {need['successes']} successes, "
        f"{counts['failures']} of {need['failures']} failures on the sheet)")
    fight.emit("down", f"{at}, down and dying{so_far}.", target=c.id, **counts)


def _dying_condition_on(fight: Fight, c: Combatant) -> None:
    cond = fight.combat.dying.condition if fight.combat.dying is not None else None
    if cond:
        put_condition(fight, c, cond, source=None, rounds=None, tracked=True, quiet=True)


def check_down(fight: Fight, c: Combatant, source: Combatant | None) -> None:
    if c.down or c.out or not N.is_down_by_health(fight, c):
        return
    go_down(fight, c)


def go_down(fight: Fight, c: Combatant) -> None:
    """`c` is down (a party member; dying under the dying rule) or out of the fight (a
    foe): health at 0, or a blow no box of a box-filled health track could take."""
    if N.dying_counts_for(fight, c):
        c.down = True
        c.dying = {"successes": 0, "failures": 0}
        fight.emit("down", f"{c.name} goes down and is dying.", target=c.id)
        _dying_condition_on(fight, c)
    elif c.side == "party":
        c.down = True
        fight.emit("down", f"{c.name} goes down.", target=c.id)
    else:
        c.out = True
        fight.emit("down", f"{c.name} drops out of the fight.", target=c.id)
        # Whatever it still carries drops together with its loot (combat-2 "Creatures").
        drop_belongings(fight, c)
    if c.concentration is not None:
        end_concentration(fight, c, reason=f"{c.name} went down")
    # A zone ends when its caster is defeated (mechanics-1 1.172).
    ZS.end_zones_of(fight, c, f"{c.name} is down", concentration=False)
    # So does a summon when its owner is (mechanics-1 1.122).
    SS.end_summons_of(fight, c, f"{c.name} is down", concentration=False)
    for other in fight.state.combatants:
        for held in list(other.conditions):
            rule = N.condition_rules(fight.ruleset).get(held.id)
            if held.source == c.id and rule is not None and rule.endsWhenSourceDown:
                remove_condition(fight, other, held, reason=f"{c.name} is down")


def write_dying_counts(fight: Fight, c: Combatant) -> None:
    """The dying counts are written to the sheet's own tracks at once (the sheet is the
    record); a character no longer dying has both back at 0."""
    dying = fight.combat.dying
    if dying is None or c.sheet is None:
        return
    counts = c.dying or {"successes": 0, "failures": 0}
    for key, track in (("successes", dying.successes), ("failures", dying.failures)):
        view = fight.view(c)
        info = view.track(track) if view is not None else None
        if info is not None and info.value == counts[key]:
            continue
        error = fight.write(c, move_track(fight.ruleset, c.sheet, track, to=counts[key]))
        if error:
            fight.emit("note", f"The sheet refused {c.name}'s count against death: {error}", target=c.id)


def _mark_dying(fight: Fight, c: Combatant, *, successes: int = 0, failures: int = 0, why: str) -> None:
    dying = fight.combat.dying
    if dying is None:
        return  # no dying rule: nothing counts against death (numbers.struck_while_down)
    assert c.dying is not None
    c.dying["successes"] += successes
    c.dying["failures"] += failures
    write_dying_counts(fight, c)
    view = fight.view(c)
    need_s = need_f = 3
    if view is not None:
        s_info, f_info = view.track(dying.successes), view.track(dying.failures)
        need_s = s_info.max if s_info else 3
        need_f = f_info.max if f_info else 3
    fight.emit("dying", f"{c.name} marks {'a success' if successes else f'{failures} failure' + ('s' if failures > 1 else '')} "
               f"({why}): {min(c.dying['successes'], need_s)} of {need_s} successes, "
               f"{min(c.dying['failures'], need_f)} of {need_f} failures.",
               target=c.id, **c.dying)
    if c.dying["failures"] >= need_f:
        c.out = True
        c.died_round = fight.state.round
        fight.emit("dead", f"{c.name} dies.", target=c.id)
    elif c.dying["successes"] >= need_s:
        c.dying = None
        write_dying_counts(fight, c)
        fight.emit("stable", f"{c.name} is stable, down but no longer dying.", target=c.id)


def drop_to_zero(fight: Fight, source: Combatant, c: Combatant, *, by: str) -> None:
    """`c` failed a `dropsOnFailedSave` save (mechanics-2 1.245): its health goes to 0,
    temporary points or not, and it goes down as damage would take it (a creature is out,
    a character dying under a dying rule)."""
    if c.down or c.out:
        return
    _to_zero(fight, c)
    fight.emit("damage", f"{by} drops {c.name} to 0 {N.health_label(fight.ruleset)}.", target=c.id,
               source=source.id)
    go_down(fight, c)


def _to_zero(fight: Fight, c: Combatant) -> None:
    current = N.health(fight, c)[0]
    pool = fight.combat.health.pool
    if c.sheet is None:
        c.health = 0
    elif pool is not None and current > 0:
        error = fight.write(c, spend(fight.ruleset, c.sheet, pool, current))
        if error:
            fight.emit("note", f"The sheet refused to lower {c.name}'s {N.health_label(fight.ruleset)}: {error}",
                       target=c.id)


def kill(fight: Fight, c: Combatant, *, by: str) -> None:
    """`c` dies at once (`kills`, mechanics-1 1.196: Power Word Kill): health to 0, out of
    the fight, no count against death left to roll; their concentration ends."""
    _to_zero(fight, c)
    c.down = c.out = True
    c.dying = None
    write_dying_counts(fight, c)
    if c.side == "party":
        c.died_round = fight.state.round
    fight.emit("dead", f"{by} kills {c.name}.", target=c.id)
    if c.concentration is not None:
        end_concentration(fight, c, reason=f"{c.name} died")


def revive(fight: Fight, c: Combatant, amount: int, *, by: str) -> None:
    """A party member dead no more than the entry's rounds ago comes back with `amount`
    (`revives`, mechanics-1 1.176: Revivify), up and counting nothing against death."""
    c.out = c.down = False
    c.dying = None
    c.died_round = None
    write_dying_counts(fight, c)
    spec = fight.combat.health
    if c.sheet is not None:
        error = fight.write(c, sheet_heal(fight.ruleset, c.sheet, amount, pool=spec.pool) if spec.pool
                            else _track_change(fight, c, c.sheet, -amount, None))
        if error:
            fight.emit("note", f"The sheet refused {c.name}'s health back: {error}", target=c.id)
    else:
        c.health = min(c.health_max, amount)
    fight.emit("revive", f"{by} brings {c.name} back: {health_line(fight, c)}", target=c.id)
    _dying_condition_off(fight, c)


def is_dying(c: Combatant) -> bool:
    """Down, counting against death, not yet stabilized (mechanics-1 1.176, 1.193)."""
    return c.down and not c.out and c.dying is not None


def stabilize(fight: Fight, c: Combatant, *, by: str) -> bool:
    """Stabilizes a dying `c` (Spare the Dying, a won Medicine check; mechanics-1 1.176,
    1.193): down but no longer dying, so no more rolls against death, the counts back at 0
    as three successes leave them. Returns whether it helped."""
    if not is_dying(c):
        return False
    c.dying = None
    write_dying_counts(fight, c)
    fight.emit("stable", f"{by} stabilizes {c.name}: down but no longer dying.", target=c.id)
    return True


def _dying_condition_off(fight: Fight, c: Combatant) -> None:
    """Back up: the downed condition the dying rule put on comes off, or it would keep a
    revived member from ever acting again."""
    cond = fight.combat.dying.condition if fight.combat.dying is not None else None
    for held in list(c.conditions):
        if held.id == cond and held.source is None:
            remove_condition(fight, c, held, reason=f"{c.name} is back up")


def dying_save(fight: Fight, c: Combatant) -> None:
    """A downed party member's roll against death at the start of their turn."""
    dying = fight.combat.dying
    if dying is None or c.dying is None:
        return
    r = fight.roll(f"{dying.dice.count}d{dying.dice.sides}")
    natural = r.natural
    nat = dying.naturals
    if nat is not None and natural == dying.dice.sides and nat.max == "revive-1":
        c.down = False
        c.dying = None
        write_dying_counts(fight, c)
        if c.sheet is not None:
            spec = fight.combat.health
            fight.write(c, sheet_heal(fight.ruleset, c.sheet, 1, pool=spec.pool) if spec.pool
                        else _track_change(fight, c, c.sheet, -1, None))
        fight.emit("revive", f"{c.name} rolls {r.describe()} against death: a natural {natural}, back up with 1.", target=c.id)
        _dying_condition_off(fight, c)
        return
    if nat is not None and natural == 1 and nat.min in ("two-failures", "one-failure"):
        _mark_dying(fight, c, failures=2 if nat.min == "two-failures" else 1, why="a natural 1 against death")
        return
    if r.total >= dying.succeedAt:
        _mark_dying(fight, c, successes=1, why=f"{r.describe()} against death, needing {dying.succeedAt}")
    else:
        _mark_dying(fight, c, failures=1, why=f"{r.describe()} against death, needing {dying.succeedAt}")


# ---------------------------------------------------------------------------
# healing, temporary points
# ---------------------------------------------------------------------------


def healing_denied_by(fight: Fight, target: Combatant, magical: bool = False) -> str | None:
    """Why `target` gets none of a healing: a condition (or level) in force with the
    `cannot-heal` effect (1.191), or with `cannot-heal-nonmagical` (1.261) when the healing
    is not magical (its entry's or action's `qualities`, or its item's tags, say "magical");
    None when the target may be healed."""
    for name, rule, _held in N.in_force(fight, target):
        why = healing_denial(name, rule.effects, magical)
        if why is not None:
            return why
    return None


def heal(fight: Fight, source: Combatant, target: Combatant, amount: int, *, what: str, magical: bool = False) -> int:
    denier = healing_denied_by(fight, target, magical)
    if denier is not None:
        # mechanics-1 1.191, mechanics-3 1.261: the holder gets no healing (none but magical
        # healing) while it lasts, and the log says so.
        fight.emit("note", f"{what} does not heal {target.name}: {denier}.", target=target.id, refused="cannot-heal")
        return 0
    amount = heal_cap(fight, target, amount)
    before = N.health(fight, target)[0]
    spec = fight.combat.health
    if target.sheet is not None:
        if spec.pool is not None:
            error = fight.write(target, sheet_heal(fight.ruleset, target.sheet, amount, pool=spec.pool))
        else:
            error = fight.write(target, _track_change(fight, target, target.sheet, -amount, None))
        if error:
            fight.emit("note", f"The sheet refused the healing of {target.name}: {error}", target=target.id)
    else:
        target.health = min(target.health_max, target.health + amount)
    gained = N.health(fight, target)[0] - before
    fight.emit("heal", f"{what} heals {target.name} for {gained}.", target=target.id, amount=gained)
    if target.down and gained > 0:
        target.down = False
        target.dying = None
        write_dying_counts(fight, target)
        fight.emit("revive", f"{target.name} is back on their feet.", target=target.id)
        _dying_condition_off(fight, target)
    fight.emit("health", health_line(fight, target), target=target.id, health=N.health(fight, target)[0])
    return gained


def grant_temp(fight: Fight, target: Combatant, amount: int, *, what: str) -> None:
    """Temporary points do not stack: only the bigger buffer stands."""
    spec = fight.combat.health
    if target.sheet is not None and spec.pool is not None:
        error = fight.write(target, set_temp(fight.ruleset, target.sheet, spec.pool, amount, keep_bigger=True))
        if error:
            fight.emit("note", f"The sheet refused temporary points for {target.name}: {error}", target=target.id)
    else:
        target.temp = max(target.temp, amount)
    fight.emit("temp", f"{what} gives {target.name} {amount} temporary {N.health_label(fight.ruleset)}.", target=target.id)
