"""The dice a `symbol-pool` fight throws (spec/combat-2 "Combat rolled with symbol dice").

Owns: `Pool` (one throw's dice: the
roller's dice and how many of them are upgraded, the difficulty dice against them, boost
and setback dice), `build` (ability and rank read the way `pool.build` builds a check:
`larger-upgraded` throws the larger and upgrades as many as the smaller, `sum` throws both),
`lean_dice` (a roll that leans one way throws one more boost or setback die), `pending_dice`
(boost and setback dice a spend left on a combatant, used up by their next roll), `throw`
(through the battle's own roller, one die of the sequence per symbol die) and `Net`, what a
throw shows after cancelling, in the ruleset's own words:
    Ability sa, Proficiency t, Difficulty f → 2 successes, 1 advantage, 1 triumph
and `difficulty` (the difficulty dice against a blow: the target's defense, and on a board
the cover and high ground that add to it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..dice import DEFAULT_NETTING, SymbolDie, SymbolRoll, pick_mode, roll_symbols
from ..ruleset.package import Ruleset
from ..ruleset.combat_pool import SymbolsBlock
from ..ruleset.resolution_symbols import DEFAULT_LABELS, SymbolPool
from ..sheet.check_dice import symbol_build, symbol_dice
from . import numbers as N
from .board.attacks import defense_against, defense_words
from .fight import Fight
from .state import Combatant

_DICE: dict[int, tuple[Ruleset, dict[str, SymbolDie], dict[str, str]]] = {}


def resolution(ruleset: Ruleset) -> SymbolPool:
    """The resolution a symbol-pool fight throws by: `"kind": "symbol-pool"` requires a
    `resolution.kind` of `"symbol-pool"` (spec/combat-2; the package format checks it)."""
    res = ruleset.resolution
    if not isinstance(res, SymbolPool):
        raise ValueError(f'a "symbol-pool" fight needs a "symbol-pool" resolution, not "{res.kind}"')
    return res


def symbols_block(fight: Fight) -> SymbolsBlock:
    """`combat.symbols`, what the symbols of an attack roll do: required in a symbol-pool fight."""
    block = fight.combat.symbols
    if block is None:
        raise ValueError('"symbols" is required in a "symbol-pool" fight')
    return block


def _dice(ruleset: Ruleset) -> tuple[dict[str, SymbolDie], dict[str, str]]:
    cached = _DICE.get(id(ruleset))
    if cached is not None and cached[0] is ruleset:
        return cached[1], cached[2]
    if len(_DICE) > 64:
        _DICE.clear()
    res = resolution(ruleset)
    dice = {d.id: SymbolDie(d.id, tuple(tuple(face) for face in d.faces)) for d in res.dice}
    labels = {d.id: d.label for d in res.dice}
    _DICE[id(ruleset)] = (ruleset, dice, labels)
    return dice, labels


def symbol_label(fight: Fight, symbol: str, n: int = 1) -> str:
    """The ruleset's word for a symbol (`symbolLabels`), lower case, plural past one."""
    names = resolution(fight.ruleset).symbolLabels
    word = (names.label(symbol) if names is not None else DEFAULT_LABELS[symbol]).lower()
    if n == 1:
        return word
    return word + ("es" if word.endswith(("s", "x", "sh", "ch")) else "s")


def count_words(fight: Fight, symbol: str, n: int) -> str:
    return f"{n} {symbol_label(fight, symbol, n)}"


@dataclass(frozen=True)
class Pool:
    """One throw: `dice` for the roller, `upgrades` of them upgraded, `difficulty` dice
    against (none upgraded: upgrading difficulty dice in combat is not implemented)."""

    dice: int
    upgrades: int = 0
    difficulty: int = 0
    boost: int = 0
    setback: int = 0
    #: Words for the log: how the roller's dice were made, what added boost and setback.
    why: tuple[str, ...] = field(default=(), compare=False)

    def symbol_dice(self, ruleset: Ruleset) -> list[SymbolDie]:
        return symbol_dice(resolution(ruleset), self.dice, self.upgrades, self.difficulty, 0, self.boost, self.setback)

    def own_words(self) -> str:
        """`3 dice, 1 upgraded (Brawn 3, Scrap 1), 1 boost die`: the thrower's side."""
        text = dice_word(self.dice) + (f", {self.upgrades} upgraded" if self.upgrades else "")
        if self.why:
            text += f" ({', '.join(self.why)})"
        if self.boost:
            text += f", {self.boost} boost {die_word(self.boost)}"
        if self.setback:
            text += f", {self.setback} setback {die_word(self.setback)}"
        return text

    def words(self, against: str) -> str:
        """`3 dice, 1 upgraded (Brawn 3, Scrap 1), 1 boost die against Defense 2`."""
        return f"{self.own_words()} against {against}"


def dice_word(n: int) -> str:
    return f"{n} {die_word(n)}"


def die_word(n: int) -> str:
    return "die" if n == 1 else "dice"


def build(fight: Fight, ability: int, rank: int) -> tuple[int, int]:
    """(dice, upgraded) for an ability and a rank, as `pool.build` builds a check (the same
    build a check outside a fight uses: shared/sheet/check_dice.py)."""
    return symbol_build(resolution(fight.ruleset), ability, rank)


def sheet_check(fight: Fight, c: Combatant, kind: str, check_id: str) -> tuple[int, int, int, list[str]]:
    """(dice, upgraded, adjust, words) of a sheet's skill or save (`kind`) built like a check:
    its ability and its rank (`pool.build`); the sheet's `adjust` is boost or setback dice."""

    view = fight.view(c)
    assert view is not None
    spec = (view.idx.skills if kind == "skill" else view.idx.saves).get(check_id)
    number = view.check_number(kind, check_id)
    score = math.floor(view.mod(spec.ability)) if spec is not None and spec.ability else 0
    rank = math.floor(number.number or 0) - score
    dice, upgrades = build(fight, score, rank)
    why = [f"{N.label(fight.ruleset, 'ability', spec.ability)} {score}"] if spec is not None and spec.ability else []
    why += [f"{N.label(fight.ruleset, kind, check_id)} {rank}"] if rank else []
    return dice, upgrades, math.floor(number.adjust), why


def lean_dice(adv: int, dis: int) -> tuple[int, int]:
    """(boost, setback) a leaning roll adds: one die the way it leans."""
    mode = pick_mode(adv, dis)
    return (1, 0) if mode == "advantage" else (0, 1) if mode == "disadvantage" else (0, 0)


def pending_dice(c: Combatant) -> tuple[int, int]:
    return c.symbol_dice.get("boost", 0), c.symbol_dice.get("setback", 0)


def use_pending(fight: Fight, c: Combatant) -> None:
    """The roll that uses up the boost and setback dice spends left on `c`."""
    if c.symbol_dice:
        c.symbol_dice = {}


@dataclass(frozen=True)
class Net:
    """What a throw shows after cancelling: net successes (negative: failures), net
    advantage (negative: threat), triumphs and despairs."""

    successes: int
    advantage: int
    triumph: int
    despair: int

    @classmethod
    def of(cls, left: dict[str, int]) -> "Net":
        return cls(left.get("s", 0) - left.get("f", 0), left.get("a", 0) - left.get("h", 0),
                   left.get("t", 0), left.get("d", 0))

    def spendable(self) -> dict[str, int]:
        """The symbols each side may spend: `a`, `t` (the roller) and `h`, `d` (the other)."""
        return {"a": max(0, self.advantage), "t": self.triumph, "h": max(0, -self.advantage), "d": self.despair}

    def words(self, fight: Fight) -> str:
        parts = []
        if self.successes > 0:
            parts.append(count_words(fight, "s", self.successes))
        elif self.successes < 0:
            parts.append(count_words(fight, "f", -self.successes))
        else:
            parts.append(f"no {symbol_label(fight, 's', 2)}")
        if self.advantage > 0:
            parts.append(count_words(fight, "a", self.advantage))
        elif self.advantage < 0:
            parts.append(count_words(fight, "h", -self.advantage))
        if self.triumph:
            parts.append(count_words(fight, "t", self.triumph))
        if self.despair:
            parts.append(count_words(fight, "d", self.despair))
        return ", ".join(parts)


def throw(fight: Fight, pool: Pool) -> tuple[SymbolRoll, Net]:
    roll = roll_symbols(pool.symbol_dice(fight.ruleset), fight.roller)
    fight.state.dice.cursor = fight.roller.cursor
    return roll, Net.of(roll.net(DEFAULT_NETTING))


def faces_words(fight: Fight, roll: SymbolRoll) -> str:
    """`Ability sa, Proficiency t, Difficulty -`: each die by its label and the face it showed."""
    _dice_by_id, labels = _dice(fight.ruleset)
    return ", ".join(f"{labels.get(d.id, d.id)} {''.join(face) or '-'}" for d, face in zip(roll.dice, roll.faces))


def modifier_dice(fight: Fight, c: Combatant, to: str, **narrow: Any) -> tuple[int, int, list[str]]:
    """(boost, setback, words) from condition modifiers to `to` (flat numbers: help is boost
    dice, hindrance setback dice) and the `penaltyFrom` harm penalty (setback dice)."""

    boost = setback = 0
    words: list[str] = []
    for b in N.modifiers(fight, c, to, **narrow):
        if b.flat > 0:
            boost += b.flat
            words.append(f"+{b.flat} {b.label}")
        elif b.flat < 0:
            setback -= b.flat
            words.append(f"{b.flat} {b.label}")
    view = fight.view(c)
    penalty = view.harm_penalty() if view is not None else 0
    if penalty < 0:
        setback -= penalty
        track = fight.ruleset.resolution.penaltyFrom
        words.append(f"{penalty} {N.label(fight.ruleset, 'track', track) if track else 'harm'}")
    return boost, setback, words


def difficulty(fight: Fight, actor: Combatant, target: Combatant) -> tuple[int, str]:
    """(difficulty dice against a blow from `actor`, their words: `Defense 1 (+ 1 Shielded)`):
    the target's defense with condition `defense` modifiers, and on a board the cover
    between them and the high ground, as they add to a defense (board/attacks.py)."""
    defense, parts = defense_against(fight, actor, target)
    return max(0, defense), defense_words(fight, defense, parts)
