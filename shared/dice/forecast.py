"""Exact forecasts: what a roll will do, computed without throwing (or consuming) a die.

Owns the chance and mean numbers menus show: the distribution of a sum of dice (with
advantage or disadvantage of the whole roll), the chance of reaching a number, attack
chances with natural faces (a single die's highest and lowest faces, a widened critical
range), expected damage, pool success distributions and symbol-dice outcomes.

Sums are exact rationals (`Fraction`), counted as whole numbers of equally likely
outcomes. Pool forecasts are floats, computed exactly up to float rounding (no sampling):
a pool die's outcome is a chain (rerolls, then explosions) whose probabilities are summed
in closed form and convolved die by die. A pool throw follows the same limits as
`roll_pool` (at most `explode_limit` bonus dice per die, at most `reroll.until_limit`
rerolls), so the forecast is the distribution of the throw as the engine rolls it; its
`capped` field is how often a throw reaches one of those limits, i.e. how far the rolled
rule can be from an endless one. Outcomes less likely than `PRUNE` (1e-18) are dropped
while convolving, which keeps a 100-die pool fast; their total is `dropped`. Symbol
forecasts are exact rationals.

Every forecast is a pure function of hashable arguments and is cached: menus ask for the
same numbers on every step.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from typing import Callable, Literal, Sequence

from .errors import DiceError
from .expressions import ADVANTAGE, MODES, NORMAL, DiceExpr, Mode, parse_dice
from .pools import MAX_POOL, PoolRules
from .symbols import DEFAULT_NETTING, MAX_SYMBOL_DICE, Netting, SymbolDie

NaturalMax = Literal["none", "hit", "critical"]
NaturalMin = Literal["none", "miss"]
Critical = Literal["none", "double-dice", "max-dice"]

_CACHE = 4096
_Terms = tuple[tuple[int, int, bool], ...]


def _check_mode(mode: str) -> None:
    if mode not in MODES:
        raise DiceError(f'a roll is "normal", "advantage" or "disadvantage", not {mode!r}')


# --- sums ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Distribution:
    """Totals `low .. low + len(ways) - 1`, total `low + i` coming up in `ways[i]` of
    `denominator` equally likely outcomes."""

    low: int
    ways: tuple[int, ...]
    denominator: int

    @property
    def high(self) -> int:
        return self.low + len(self.ways) - 1

    def probability(self, total: int) -> Fraction:
        i = total - self.low
        return Fraction(self.ways[i], self.denominator) if 0 <= i < len(self.ways) else Fraction(0)

    def at_least(self, total: int) -> Fraction:
        """P(roll >= total)."""
        i = max(0, total - self.low)
        return Fraction(sum(self.ways[i:]), self.denominator)

    def at_most(self, total: int) -> Fraction:
        """P(roll <= total)."""
        i = total - self.low + 1
        return Fraction(sum(self.ways[: max(0, i)]), self.denominator)

    @property
    def mean(self) -> Fraction:
        return Fraction(sum((self.low + i) * w for i, w in enumerate(self.ways)), self.denominator)

    def mean_at_least(self, floor: int = 0) -> Fraction:
        """Expected `max(floor, roll)`: damage never goes below 0."""
        return Fraction(sum(max(floor, self.low + i) * w for i, w in enumerate(self.ways)), self.denominator)

    def items(self) -> list[tuple[int, Fraction]]:
        return [(self.low + i, Fraction(w, self.denominator)) for i, w in enumerate(self.ways) if w]


def _add_die(low: int, ways: list[int], sides: int, negative: bool) -> tuple[int, list[int]]:
    """Convolve with one die (1..sides, or -sides..-1): a sliding window over prefix sums."""
    n = len(ways)
    prefix = [0, *accumulate(ways)]
    out = [prefix[min(i + 1, n)] - prefix[max(0, i - sides + 1)] for i in range(n + sides - 1)]
    return (low - sides if negative else low + 1), out


@lru_cache(maxsize=_CACHE)
def _distribution(terms: _Terms, modifier: int) -> Distribution:
    low, ways, denominator = modifier, [1], 1
    for count, sides, negative in terms:
        for _ in range(count):
            low, ways = _add_die(low, ways, sides, negative)
            denominator *= sides
    return Distribution(low, tuple(ways), denominator)


def _terms(expr: DiceExpr) -> _Terms:
    return tuple((t.count, t.sides, t.negative) for t in expr.terms)


@lru_cache(maxsize=_CACHE)
def _sum_distribution(expr: DiceExpr, mode: Mode) -> Distribution:
    once = _distribution(_terms(expr), expr.modifier)
    if mode == NORMAL:
        return once
    d = once.denominator
    if mode == ADVANTAGE:
        # P(best of two <= t) = P(one <= t)**2.
        below = [0, *accumulate(once.ways)]
        ways = [below[i + 1] ** 2 - below[i] ** 2 for i in range(len(once.ways))]
    else:
        above = [*accumulate(reversed(once.ways))][::-1] + [0]
        ways = [above[i] ** 2 - above[i + 1] ** 2 for i in range(len(once.ways))]
    return Distribution(once.low, tuple(ways), d * d)


def sum_distribution(expr: "DiceExpr | str | int", mode: Mode = NORMAL) -> Distribution:
    """Distribution of a roll's total; with a mode, of the better/worse of two whole rolls."""
    _check_mode(mode)
    return _sum_distribution(parse_dice(expr), mode)


def chance_at_least(expr: "DiceExpr | str | int", target: int, mode: Mode = NORMAL,
                    added: "DiceExpr | str | int | None" = None) -> Fraction:
    """P(total >= target): a check against a DC, an attack total against a defense. `added`
    is dice thrown once beside the roll (a condition's +1d4): never rolled twice with it,
    each of its faces counted (+1d4 is not +2.5)."""
    _check_number("target", target)
    if added is None:
        return sum_distribution(expr, mode).at_least(target)
    return _with_added(_sum_distribution(parse_dice(expr), mode), _added_distribution(parse_dice(added)), target)


def _added_distribution(added: DiceExpr) -> Distribution:
    return _distribution(_terms(added), added.modifier)


def _with_added(base: Distribution, added: Distribution, target: int) -> Fraction:
    """P(base + added >= target), the two thrown apart."""
    return sum((p * added.at_least(target - total) for total, p in base.items()), Fraction(0))


def _check_number(name: str, value: object) -> None:
    if type(value) is not int:
        raise DiceError(f"a {name} is a whole number, not {value!r}")


def mean(expr: "DiceExpr | str | int") -> Fraction:
    """Expected total of an expression."""
    return parse_dice(expr).mean


def natural_faces(sides: int, mode: Mode = NORMAL) -> tuple[Fraction, ...]:
    """P(the kept die shows face f), for f = 1..sides, when one die is rolled (twice
    keeping the higher or lower face with advantage or disadvantage)."""
    _check_mode(mode)
    if type(sides) is not int or sides < 2:
        raise DiceError(f"a die has at least 2 sides, not {sides!r}")
    if mode == NORMAL:
        return tuple(Fraction(1, sides) for _ in range(sides))
    sq = sides * sides
    if mode == ADVANTAGE:
        return tuple(Fraction(2 * f - 1, sq) for f in range(1, sides + 1))
    return tuple(Fraction(2 * (sides - f) + 1, sq) for f in range(1, sides + 1))


@dataclass(frozen=True, slots=True)
class AttackForecast:
    """Chance an attack roll hits (criticals included) and is a critical."""

    hit: Fraction
    critical: Fraction

    @property
    def miss(self) -> Fraction:
        return 1 - self.hit


@lru_cache(maxsize=_CACHE)
def _attack(expr: DiceExpr, defense: int, mode: Mode, on_max: str, on_min: str,
            critical_from: int | None, added: DiceExpr | None = None) -> AttackForecast:
    special = on_max != "none" or on_min != "none"
    extra = _added_distribution(added) if added is not None else None
    if not expr.single_die:
        if special:
            raise DiceError(f'special faces need a single die; "{expr}" is not one die')
        base = _sum_distribution(expr, mode)
        return AttackForecast(base.at_least(defense) if extra is None else _with_added(base, extra, defense), Fraction(0))
    sides = expr.terms[0].sides
    threshold = sides
    if critical_from is not None and critical_from >= 2:
        threshold = min(critical_from, sides)
    hit = critical = Fraction(0)
    for face, p in enumerate(natural_faces(sides, mode), start=1):
        if on_max == "critical" and face >= threshold:
            hit += p
            critical += p
        elif on_max == "hit" and face == sides:
            hit += p
        elif on_min == "miss" and face == 1:
            continue
        elif extra is not None:
            hit += p * extra.at_least(defense - face - expr.modifier)
        elif face + expr.modifier >= defense:
            hit += p
    return AttackForecast(hit, critical)


def attack_forecast(expr: "DiceExpr | str | int", defense: int, mode: Mode = NORMAL, *,
                    naturals_max: NaturalMax = "none", naturals_min: NaturalMin = "none",
                    critical_from: int | None = None,
                    added: "DiceExpr | str | int | None" = None) -> AttackForecast:
    """Chance that `expr` reaches `defense`, with the attack roll's natural faces:
    `naturals_max` "hit" (the highest face always hits) or "critical" (and is a critical,
    from `critical_from` up when given: capped at the die's highest face, below 2 meaning
    the highest face alone); `naturals_min` "miss" (the lowest face always misses).
    Natural faces need a single die. `added` is dice thrown once beside the roll (a
    condition's +1d4; no natural faces, never rolled twice): each of its faces counts, so
    d20 + 7 + 1d4 against 13 hits 7/8 of the time, not 17/20."""
    _check_mode(mode)
    _check_number("defense", defense)
    if naturals_max not in ("none", "hit", "critical"):
        raise DiceError(f'"naturals.max" is "critical", "hit" or "none", not {naturals_max!r}')
    if naturals_min not in ("none", "miss"):
        raise DiceError(f'"naturals.min" is "miss" or "none", not {naturals_min!r}')
    if critical_from is not None:
        if type(critical_from) is not int:
            raise DiceError(f'"criticalFrom" is a whole number, not {critical_from!r}')
        if naturals_max != "critical":
            raise DiceError('"criticalFrom" needs "naturals.max" set to "critical"')
    more = parse_dice(added) if added is not None else None
    if more is not None and more.is_constant:
        return _attack(parse_dice(expr).with_modifier(more.modifier), defense, mode, naturals_max, naturals_min,
                       critical_from)
    return _attack(parse_dice(expr), defense, mode, naturals_max, naturals_min, critical_from, more)


def critical_terms(expr: DiceExpr, critical: Critical) -> tuple[_Terms, int]:
    """The damage a critical deals: `double-dice` throws the dice again, `max-dice` adds
    their highest total once more, `none` is an ordinary hit. Returned as raw terms so a
    doubled roll may pass the per-roll dice cap (the resolver throws it in two rolls)."""
    terms = _terms(expr)
    if critical == "double-dice":
        return terms + terms, expr.modifier
    if critical == "max-dice":
        return terms, expr.modifier + expr.dice_max
    if critical == "none":
        return terms, expr.modifier
    raise DiceError(f'"critical" is "double-dice", "max-dice" or "none", not {critical!r}')


def mean_damage(expr: "DiceExpr | str | int", critical: Critical = "none", *, halved: bool = False,
                halves: int = 0, doubles: int = 0) -> Fraction:
    """Expected damage of one hit (a total below 0 deals 0), or of a critical hit. Taken
    total by total as the resolver deals it: `halved` by a save (rounded down), then halved
    `halves` times (resistance, rounded down each time) and doubled `doubles` times
    (vulnerability), so a resisted 1d10 is 2.5 (0, 1, 1, 2, 2, 3, 3, 4, 4, 5), not 2.75."""
    return _mean_damage(parse_dice(expr), critical, halved, halves, doubles)


@lru_cache(maxsize=_CACHE)
def _mean_damage(expr: DiceExpr, critical: Critical, halved: bool = False, halves: int = 0,
                 doubles: int = 0) -> Fraction:
    # Menus ask for the same few expressions on every step: worked out once.
    terms, modifier = critical_terms(expr, critical)
    spread = _distribution(terms, modifier)
    if not (halved or halves or doubles):
        return spread.mean_at_least(0)
    total = Fraction(0)
    for value, p in spread.items():
        dealt = max(0, value)
        if halved:
            dealt //= 2
        for _ in range(halves):
            dealt //= 2
        total += p * dealt * 2 ** doubles
    return total


def expected_damage(expr: "DiceExpr | str | int", odds: AttackForecast,
                    critical: Critical = "none") -> Fraction:
    """Expected damage of one attack: ordinary hits, plus criticals dealt their way."""
    plain = mean_damage(expr)
    crit = mean_damage(expr, critical) if odds.critical else Fraction(0)
    return (odds.hit - odds.critical) * plain + odds.critical * crit


# --- pools --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PoolForecast:
    """Outcomes of one pool throw: `ranks[0]` is P(botch), `ranks[1 + n]` P(exactly n
    successes and no botch). `capped` is P(the throw reached the explosion or reroll
    limit), already counted in `ranks` the way the engine rolls it; `dropped` is the
    probability of outcomes too unlikely to keep (each below `PRUNE`), left out of `ranks`."""

    size: int
    rules: PoolRules
    mode: Mode
    ranks: tuple[float, ...]
    capped: float
    dropped: float = 0.0

    @property
    def botch(self) -> float:
        return self.ranks[0]

    def successes(self, n: int) -> float:
        """P(exactly n successes, no botch)."""
        return self.ranks[1 + n] if 0 <= n < len(self.ranks) - 1 else 0.0

    def at_least(self, n: int) -> float:
        """P(no botch and at least n successes): the chance of reaching a difficulty."""
        return sum(self.ranks[1 + max(0, n):])

    @property
    def exceptional(self) -> float:
        return self.at_least(self.rules.exceptional) if self.rules.exceptional is not None else 0.0

    @property
    def mean(self) -> float:
        """Expected successes, a botch counting 0."""
        return sum(n * p for n, p in enumerate(self.ranks[1:]))


# One die's outcome: (successes less cancels, any success face, botch tracker).
_Key = tuple[int, bool, int]


def _final_faces(rules: PoolRules) -> tuple[list[float], list[float]]:
    """P(final face f) after rerolls, and P(final face f and the reroll limit not hit)."""
    s = rules.sides
    if rules.reroll is None:
        p = [1.0 / s] * s
        return p, p
    u, limit = rules.reroll.up_to, rules.reroll.limit
    q = u / s
    stays_high = sum(q ** j for j in range(limit + 1)) / s
    stuck_low = q ** limit / s
    p = [stuck_low if f <= u else stays_high for f in range(1, s + 1)]
    clean = p if rules.reroll.mode == "once" else [0.0 if f <= u else stays_high for f in range(1, s + 1)]
    return p, clean


def _face_key(rules: PoolRules, face: int) -> _Key:
    diff = rules.points(face) - (1 if rules.cancel is not None and face <= rules.cancel else 0)
    is_botch = rules.botch is not None and face <= rules.botch
    if rules.botch_rule == "halfOrMore":
        tracker = 1 if is_botch else -1
    else:
        tracker = 1 if is_botch else 0
    return diff, face >= rules.target, tracker


def _join(a: _Key, b: _Key, additive: bool) -> _Key:
    return a[0] + b[0], a[1] or b[1], (a[2] + b[2]) if additive else (a[2] | b[2])


def _die_outcomes(rules: PoolRules) -> tuple[dict[_Key, float], float]:
    """One die of the pool, with every bonus die its explosions throw; and P(capped)."""
    p, clean = _final_faces(rules)
    additive = rules.botch_rule == "halfOrMore"
    explode = rules.explode
    depth = rules.explode_limit if explode is not None else 0
    chain: dict[_Key, float] = {}
    chain_clean = 1.0
    # Built from the deepest bonus die up: a die at the limit throws nothing more.
    for level in range(depth, -1, -1):
        out: dict[_Key, float] = defaultdict(float)
        level_clean = 0.0
        for face in range(1, rules.sides + 1):
            key = _face_key(rules, face)
            blows = explode is not None and face >= explode
            if blows and level < depth:
                for sub, q in chain.items():
                    out[_join(key, sub, additive)] += p[face - 1] * q
                level_clean += clean[face - 1] * chain_clean
            else:
                out[key] += p[face - 1]
                level_clean += 0.0 if blows else clean[face - 1]
        chain, chain_clean = dict(out), level_clean
    return chain, 1.0 - chain_clean


#: While a pool is convolved die by die, outcomes less likely than this are dropped (far
#: below anything a menu shows); their total is reported as `PoolForecast.dropped`.
PRUNE = 1e-18


@lru_cache(maxsize=_CACHE)
def _pool_ranks(size: int, rules: PoolRules) -> tuple[tuple[float, ...], float, float]:
    die, capped_die = _die_outcomes(rules)
    capped = 1.0 - (1.0 - capped_die) ** size
    if rules.botch is not None and rules.botch_rule == "halfOrMore" and size:
        half, dropped = _ranks_half_or_more(size, die)
        return half, capped, dropped
    # Without "halfOrMore" only the successes need convolving: a "noSuccesses" botch is
    # a throw where no die (chain) showed a success face and some die a botch face, and
    # the dice are independent, so its chance is a power of one die's chance.
    per: dict[int, float] = defaultdict(float)
    for (diff, _, _), p in die.items():
        per[diff] += p
    lo = min(per)
    kernel = [per.get(lo + i, 0.0) for i in range(max(per) - lo + 1)]
    arr, low, dropped = [1.0], 0, 0.0
    for _ in range(size):
        n = len(arr)
        out = [0.0] * (n + len(kernel) - 1)
        for j, k in enumerate(kernel):
            if k:
                out[j:j + n] = [o + a * k for o, a in zip(out[j:j + n], arr)]
        low += lo
        first, last = 0, len(out)
        while last - first > 1 and out[last - 1] < PRUNE:
            last -= 1
            dropped += out[last]
        while last - first > 1 and out[first] < PRUNE:
            dropped += out[first]
            first += 1
        arr, low = out[first:last], low + first
    ranks = [0.0] * (max(low + len(arr) - 1, 0) + 2)
    for i, p in enumerate(arr):
        ranks[1 + max(low + i, 0)] += p
    if rules.botch is not None and size:
        clean = sum(p for (_, hit, _), p in die.items() if not hit)
        spotless = sum(p for (_, hit, tracker), p in die.items() if not hit and not tracker)
        ranks[0] = max(0.0, clean ** size - spotless ** size)
        ranks[1] = max(0.0, ranks[1] - ranks[0])
    return tuple(ranks), capped, dropped


def _ranks_half_or_more(size: int, die: dict[_Key, float]) -> tuple[tuple[float, ...], float]:
    """Successes and botch faces together: a throw botches when the botch faces are at
    least half of the dice thrown, i.e. when the sum of +1 per botch face and -1 per other
    die reaches 0."""
    per: dict[tuple[int, int], float] = defaultdict(float)
    for (diff, _, tracker), p in die.items():
        per[(diff, tracker)] += p
    kernel = list(per.items())
    states: dict[tuple[int, int], float] = {(0, 0): 1.0}
    dropped = 0.0
    for thrown in range(1, size + 1):
        # One die of the pool adds at most +1 (a botch face never explodes), so a tracker
        # below -(dice left) can never come back to 0: those states are merged.
        floor = -(size - thrown) - 1
        nxt: dict[tuple[int, int], float] = defaultdict(float)
        for (d, t), pa in states.items():
            for (dd, dt), pb in kernel:
                nxt[(d + dd, max(t + dt, floor))] += pa * pb
        states = {}
        for key, p in nxt.items():
            if p < PRUNE:
                dropped += p
            else:
                states[key] = p
    top = max((max(d, 0) for d, _ in states), default=0)
    ranks = [0.0] * (top + 2)
    for (d, t), p in states.items():
        ranks[0 if t >= 0 else 1 + max(d, 0)] += p
    return tuple(ranks), dropped


@lru_cache(maxsize=_CACHE)
def _pool_forecast(size: int, rules: PoolRules, mode: Mode) -> PoolForecast:
    ranks, capped, dropped = _pool_ranks(size, rules)
    if mode != NORMAL:
        below = [0.0, *accumulate(ranks)]
        if mode == ADVANTAGE:
            ranks = tuple(max(0.0, below[i + 1] ** 2 - below[i] ** 2) for i in range(len(ranks)))
        else:
            above = [1.0 - b for b in below]
            ranks = tuple(max(0.0, above[i] ** 2 - above[i + 1] ** 2) for i in range(len(ranks)))
        capped = 1.0 - (1.0 - capped) ** 2
        dropped *= 2
    return PoolForecast(size, rules, mode, ranks, capped, dropped)


def pool_forecast(size: int, rules: PoolRules, mode: Mode = NORMAL) -> PoolForecast:
    """Exact outcome distribution of a pool of `size` dice thrown by `rules`."""
    _check_mode(mode)
    if type(size) is not int or not 0 <= size <= MAX_POOL:
        raise DiceError(f"a pool throws from 0 to {MAX_POOL} dice, not {size!r}")
    if not isinstance(rules, PoolRules):
        raise DiceError(f"pool rules are a PoolRules value, not {type(rules).__name__}")
    return _pool_forecast(size, rules, mode)


# --- symbols ------------------------------------------------------------------------

Outcome = tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class SymbolForecast:
    """Every netted outcome of a symbol throw (symbols left, sorted) and its chance."""

    outcomes: tuple[tuple[Outcome, Fraction], ...]

    def chance(self, test: Callable[[dict[str, int]], bool]) -> Fraction:
        return sum((p for o, p in self.outcomes if test(dict(o))), Fraction(0))

    def at_least(self, symbol: str, n: int) -> Fraction:
        """P(at least n of `symbol` left after cancelling)."""
        return self.chance(lambda left: left.get(symbol, 0) >= n)

    def mean(self, symbol: str) -> Fraction:
        return sum((dict(o).get(symbol, 0) * p for o, p in self.outcomes), Fraction(0))


@lru_cache(maxsize=_CACHE)
def _symbol_forecast(dice: tuple[SymbolDie, ...], netting: Netting) -> SymbolForecast:
    # Cancelling depends on the thrown counts only through each pair's difference, so the
    # throw is tracked as pair differences plus the counts of symbols in no pair.
    into = dict(netting.counts_as)
    paired = {s: i for i, pair in enumerate(netting.pairs) for s in pair}
    loose = sorted({s for d in dice for f in d.faces for s in f} - set(paired) | {v for v in into.values()
                                                                                    if v not in paired})
    width = len(netting.pairs)
    index = {s: width + i for i, s in enumerate(loose)}

    def vector(face: tuple[str, ...]) -> tuple[int, ...]:
        v = [0] * (width + len(loose))
        for symbol in face:
            for s in (symbol, into[symbol]) if symbol in into else (symbol,):
                if s in paired:
                    i = paired[s]
                    v[i] += 1 if netting.pairs[i][0] == s else -1
                else:
                    v[index[s]] += 1
        return tuple(v)

    states: dict[tuple[int, ...], int] = {(0,) * (width + len(loose)): 1}
    denominator = 1
    for d in dice:
        faces = [vector(f) for f in d.faces]
        nxt: dict[tuple[int, ...], int] = defaultdict(int)
        for state, ways in states.items():
            for v in faces:
                nxt[tuple(a + b for a, b in zip(state, v))] += ways
        states = nxt
        denominator *= len(d.faces)
    merged: dict[Outcome, int] = defaultdict(int)
    for state, ways in states.items():
        left: dict[str, int] = {}
        for (a, b), diff in zip(netting.pairs, state):
            if diff:
                left[a if diff > 0 else b] = abs(diff)
        for s, n in zip(loose, state[width:]):
            if n:
                left[s] = n
        merged[tuple(sorted(left.items()))] += ways
    return SymbolForecast(tuple((o, Fraction(w, denominator)) for o, w in sorted(merged.items())))


def symbol_forecast(dice: Sequence[SymbolDie], netting: Netting = DEFAULT_NETTING) -> SymbolForecast:
    """Exact chances of every netted outcome of throwing `dice` once each."""
    dice = tuple(dice)
    if len(dice) > MAX_SYMBOL_DICE:
        raise DiceError(f"a throw has at most {MAX_SYMBOL_DICE} symbol dice, not {len(dice)}")
    if not all(isinstance(d, SymbolDie) for d in dice):
        raise DiceError("symbol dice are SymbolDie values")
    return _symbol_forecast(dice, netting)
