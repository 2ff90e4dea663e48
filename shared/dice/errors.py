"""The two exceptions the dice raise.

Every refusal is a `DiceError` carrying one plain sentence (it ends up in the battle log
or next to a CLI argument), never a traceback from deeper down.
"""

from __future__ import annotations


class DiceError(ValueError):
    """Dice text, rules or a roller request that cannot be honoured, said in a sentence."""


class DiceExhausted(DiceError):
    """A scripted roller was asked for more faces than its script holds.

    Running out is an error rather than a fallback to seeded dice, so a test or a rules
    question never silently rolls something it did not write down."""
