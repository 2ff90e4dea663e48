"""Symbol spends: what the symbols left on a symbol-pool attack roll buy (spec/combat-2
"Combat rolled with symbol dice", `combat.symbols.spends`).

Owns: the rules every buyer follows, the Engine's and a player's alike (`buyable`: the
side's own symbol, `cost`, `max`, `when`, and whether the spend would actually apply: its
condition can be put on, its track has room for one whole step, its ally exists), `worth`
(a spend's value to its chooser, in points of damage: its own `worth`, or damage its
points, a condition 2, a die a little more than 0.5, a track step 0.5; weighed by its
effect on the opposing side, except that lowering a track or adding boost dice is weighed
on the chooser's own side), `best` (the most valuable spends the symbols allow, found
exactly) and `buy` (pays, applies and logs one spend). Both sides' spending after an attack
roll (symbol_choice.spend_all: the attacker's advantage and triumph first, then the
target's threat and despair) runs on these. Symbols nobody spends stay on the roll for the
Game Master.

    Juno spends 1 triumph on Triumphant blow: the hit becomes a critical, + 2 damage.
"""

from __future__ import annotations

import math
from typing import Any, Iterable

from . import condition_on as CN
from . import harm_kinds as H
from . import numbers as N
from . import symbol_dice as S
from .fight import Fight
from .state import Combatant
from .worth import CONDITION_WORTH
from ..sheet import move_track

#: What one boost or setback die on somebody's next roll is worth: a little more than 0.5.
DIE_WORTH = 0.55
#: What one step of a track is worth.
TRACK_STEP_WORTH = 0.5
#: The symbols each side spends.
SIDE_SYMBOLS = {"attacker": ("a", "t"), "target": ("h", "d")}


def spends_of(fight: Fight, side: str) -> list[Any]:
    symbols = fight.combat.symbols
    return [s for s in (symbols.spends if symbols is not None else None) or [] if s.by == side]


# ---------------------------------------------------------------------------
# who a spend lands on
# ---------------------------------------------------------------------------


def next_ally(fight: Fight, base: Combatant) -> Combatant | None:
    """Whoever on `base`'s side takes the next turn (never `base` itself)."""
    order = fight.state.order
    start = fight.state.turn
    for k in range(1, len(order) + 1):
        c = fight.state.combatant(order[(start + k) % len(order)])
        if c is not None and c.side == base.side and c.id != base.id and not c.out and not c.down:
            return c
    return None


def who(fight: Fight, actor: Combatant, target: Combatant, on: str) -> Combatant | None:
    base = actor if on.startswith("attacker") else target
    return next_ally(fight, base) if on.endswith("-ally") else base


def landing(fight: Fight, actor: Combatant, target: Combatant, on: str) -> Combatant:
    """Whom a spend that applies lands on (`applies` turns down one that lands on nobody)."""
    c = who(fight, actor, target, on)
    assert c is not None, f"a spend that applies lands on someone ({on})"
    return c


# ---------------------------------------------------------------------------
# whether it would apply: a world the search can change without touching the fight
# ---------------------------------------------------------------------------


class World:
    """What the spends of one roll have done so far: conditions put on (and their
    `oneAtATime` groups) and tracks moved, as immutable tuples so a search can branch."""

    __slots__ = ("put", "tracks")

    def __init__(self, put: frozenset[tuple[str, str]] = frozenset(), tracks: tuple[Any, ...] = ()):
        self.put = put
        self.tracks = tracks

    def key(self) -> tuple[Any, ...]:
        return self.put, self.tracks

    def track_value(self, fight: Fight, c: Combatant, track: str) -> tuple[int, int, int] | None:
        for (cid, tid), value in self.tracks:
            if cid == c.id and tid == track:
                lo, hi, _now = track_room(fight, c, track) or (0, 0, 0)
                return lo, hi, value
        return track_room(fight, c, track)


def _group(fight: Fight, cid: str) -> str | None:
    rule = N.condition_rules(fight.ruleset).get(cid)
    return getattr(rule, "oneAtATime", None) if rule is not None else None


def condition_ok(fight: Fight, c: Combatant | None, cid: str, world: World) -> bool:
    """Can `cid` be put on `c`: not blocked by immunity, not already held, no condition of
    the same `oneAtATime` kind held, and not put on by an earlier spend of this roll."""
    if c is None or c.out or cid.lower() in N.immunities(fight, c):
        return False
    if (c.id, cid) in world.put or any(h.id == cid for h in c.conditions):
        return False
    group = _group(fight, cid)
    if group is not None:
        if (c.id, f"group:{group}") in world.put or any(_group(fight, h.id) == group for h in c.conditions):
            return False
    return True


def track_room(fight: Fight, c: Combatant, track: str) -> tuple[int, int, int] | None:
    """(min, max, value) of an ordinary live track on `c`; a creature written in numbers
    keeps its value on the combatant within the sheet's bounds."""
    view = fight.view(c)
    if view is not None:
        info = view.track(track)
        return (info.min, info.max, info.value) if info is not None else None
    live = fight.ruleset.sheet.live
    model = next((t for t in (live.tracks or []) if t.id == track), None) if live else None
    if model is None:
        return None
    top = model.max if isinstance(model.max, int) else math.floor(H.read_on(fight, c, model.max))
    default = model.default if model.default is not None else model.min
    return model.min, max(top, model.min), c.tracks.get(track, default)


def _track_ok(fight: Fight, c: Combatant | None, track: Any, world: World) -> bool:
    if c is None or c.out:
        return False
    found = world.track_value(fight, c, track.id)
    if found is None:
        return False
    lo, hi, value = found
    return value + 1 <= hi if track.by > 0 else value - 1 >= lo


def applies(fight: Fight, actor: Combatant, target: Combatant, spend: Any, world: World) -> bool:
    """Whether every effect of `spend` would land: the condition can be put on, the track
    has room, the one the dice land on exists."""
    if spend.condition is not None and not condition_ok(
            fight, who(fight, actor, target, spend.condition.on), spend.condition.id, world):
        return False
    if spend.track is not None and not _track_ok(fight, who(fight, actor, target, spend.track.on), spend.track, world):
        return False
    for dice in (spend.boost, spend.setback):
        if dice is not None:
            landed = who(fight, actor, target, dice.on)
            if landed is None or landed.out:
                return False
    return True


def after(fight: Fight, actor: Combatant, target: Combatant, spend: Any, world: World) -> World:
    """The world once `spend` is bought."""
    put, tracks = world.put, world.tracks
    if spend.condition is not None:
        c = landing(fight, actor, target, spend.condition.on)
        added = {(c.id, spend.condition.id)}
        group = _group(fight, spend.condition.id)
        if group is not None:
            added.add((c.id, f"group:{group}"))
        put = put | frozenset(added)
    if spend.track is not None:
        c = landing(fight, actor, target, spend.track.on)
        lo, hi, value = world.track_value(fight, c, spend.track.id) or (0, 0, 0)
        moved = min(max(value + spend.track.by, lo), hi)
        kept = tuple(entry for entry in tracks if entry[0] != (c.id, spend.track.id))
        tracks = tuple(sorted(kept + (((c.id, spend.track.id), moved),)))
    return World(put, tracks)


def when_ok(spend: Any, hit: bool) -> bool:
    return bool(spend.when == "any" or (spend.when == "hit") == hit)


# ---------------------------------------------------------------------------
# worth
# ---------------------------------------------------------------------------


def worth(fight: Fight, actor: Combatant, target: Combatant, spend: Any) -> float:
    """What `spend` is worth to whoever chooses it, in points of damage."""
    if spend.worth is not None:
        return float(spend.worth)
    chooser = actor if spend.by == "attacker" else target
    total = float(spend.damage or 0)

    def own(on: str) -> bool:
        landed = who(fight, actor, target, on)
        return landed is not None and landed.side == chooser.side

    if spend.condition is not None:
        total += -CONDITION_WORTH if own(spend.condition.on) else CONDITION_WORTH
    if spend.track is not None:
        steps = abs(spend.track.by) * TRACK_STEP_WORTH
        # Raising a track hurts whoever holds it; lowering one helps.
        helps_own = own(spend.track.on) == (spend.track.by < 0)
        total += steps if helps_own else -steps
    if spend.boost is not None:
        total += (1 if own(spend.boost.on) else -1) * DIE_WORTH * spend.boost.dice
    if spend.setback is not None:
        total += (-1 if own(spend.setback.on) else 1) * DIE_WORTH * spend.setback.dice
    return total


# ---------------------------------------------------------------------------
# choosing
# ---------------------------------------------------------------------------


def buyable(fight: Fight, actor: Combatant, target: Combatant, held: dict[str, Any], side: str) -> list[Any]:
    """The spends `side` may buy now with what is left on the roll (the rules a player's
    own choice follows too: cost, `max`, `when`, and whether it would apply)."""
    left, bought = held["left"], held["bought"]
    return [s for s in spends_of(fight, side)
            if left.get(s.symbol, 0) >= s.cost and bought.get(s.id, 0) < s.max and when_ok(s, held["hit"])
            and applies(fight, actor, target, s, World())]


def best(fight: Fight, actor: Combatant, target: Combatant, side: str, hit: bool, left: dict[str, int],
         bought: dict[str, int] | None = None) -> tuple[float, list[Any]]:
    """(worth, spends in the order they are bought) of the most valuable purchase `left`
    allows. Exact: every count of every spend is tried (ties go to the earlier spend and
    the larger count), with what an earlier purchase changed (a condition put on, a track
    moved) checked for each later one."""
    bought = bought or {}
    candidates = [(s, worth(fight, actor, target, s)) for s in spends_of(fight, side)
                  if when_ok(s, hit) and bought.get(s.id, 0) < s.max and left.get(s.symbol, 0) >= s.cost]
    candidates = [(s, w) for s, w in candidates if w > 0]
    symbols = SIDE_SYMBOLS[side]
    memo: dict[tuple[Any, ...], tuple[float, tuple[int, ...]]] = {}

    def search(i: int, purse: tuple[int, ...], world: World) -> tuple[float, tuple[int, ...]]:
        if i == len(candidates):
            return 0.0, ()
        key = (i, purse, world.key())
        found = memo.get(key)
        if found is not None:
            return found
        spend, value = candidates[i]
        slot = symbols.index(spend.symbol)
        # The worlds after buying it 0, 1, 2, ... times, as far as it can be bought.
        options = [(0, purse, world)]
        room = spend.max - bought.get(spend.id, 0)
        now_purse, now_world = purse, world
        for n in range(1, room + 1):
            if now_purse[slot] < spend.cost or not applies(fight, actor, target, spend, now_world):
                break
            now_purse = now_purse[:slot] + (now_purse[slot] - spend.cost,) + now_purse[slot + 1:]
            now_world = after(fight, actor, target, spend, now_world)
            options.append((n, now_purse, now_world))
        best_value: float = -1.0
        best_picks: tuple[int, ...] = ()
        for n, p, w in reversed(options):
            rest_value, rest_picks = search(i + 1, p, w)
            total = n * value + rest_value
            if total > best_value + 1e-9:
                best_value, best_picks = total, (n,) + rest_picks
        memo[key] = (best_value, best_picks)
        return best_value, best_picks

    value, picks = search(0, tuple(left.get(s, 0) for s in symbols), World())
    chosen: list[Any] = []
    for (spend, _w), n in zip(candidates, picks):
        chosen += [spend] * n
    return value, chosen


# ---------------------------------------------------------------------------
# buying
# ---------------------------------------------------------------------------


def buy(fight: Fight, actor: Combatant, target: Combatant, held: dict[str, Any], spend: Any) -> None:
    """Pays for `spend` from the roll and applies it; one sentence in the log."""
    chooser = actor if spend.by == "attacker" else target
    held["left"][spend.symbol] -= spend.cost
    held["bought"][spend.id] = held["bought"].get(spend.id, 0) + 1
    words: list[str] = []
    if spend.critical:
        held["critical"] = True
        words.append("the hit becomes a critical")
    if spend.damage:
        held["damage"] += spend.damage
        held["spent"].append([spend.label, spend.damage])
        words.append(f"+ {spend.damage} damage")
    moved = _move_track(fight, actor, target, spend) if spend.track is not None else None
    if moved:
        words.append(moved)
    for key in ("boost", "setback"):
        dice = getattr(spend, key)
        if dice is not None:
            landed = landing(fight, actor, target, dice.on)
            landed.symbol_dice[key] = landed.symbol_dice.get(key, 0) + dice.dice
            words.append(f"{dice.dice} {key} {S.die_word(dice.dice)} on {landed.name}'s next roll")
    fight.emit("symbols", f"{chooser.name} spends {S.count_words(fight, spend.symbol, spend.cost)} on {spend.label}"
               + (f": {', '.join(words)}." if words else "."), actor=chooser.id, spend=spend.id, symbol=spend.symbol,
               cost=spend.cost, target=target.id)
    if spend.condition is not None:
        c = landing(fight, actor, target, spend.condition.on)
        CN.put_condition(fight, c, spend.condition.id, source=chooser.id, rounds=spend.condition.rounds)


def _move_track(fight: Fight, actor: Combatant, target: Combatant, spend: Any) -> str:
    c = landing(fight, actor, target, spend.track.on)
    lo, hi, before = track_room(fight, c, spend.track.id) or (0, 0, 0)
    name = N.label(fight.ruleset, "track", spend.track.id)
    if c.sheet is not None:
        error = fight.write(c, move_track(fight.ruleset, c.sheet, spend.track.id, by=spend.track.by))
        if error:
            return f"the sheet refused to move {c.name}'s {name}: {error}"
        room = track_room(fight, c, spend.track.id)
        assert room is not None, "a track a spend moved is on the sheet"
        now = room[2]
    else:
        now = min(max(before + spend.track.by, lo), hi)
        c.tracks[spend.track.id] = now
    return f"{c.name}'s {name} {before} → {now}"


def left_words(fight: Fight, left: dict[str, int], symbols: Iterable[str]) -> list[str]:
    return [S.count_words(fight, s, left[s]) for s in symbols if left.get(s)]


