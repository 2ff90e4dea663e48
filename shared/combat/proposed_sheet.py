"""A proposed opponent written as a `sheet`, made ready to be built like a party member
(spec/combat-2 "Opponents nobody wrote"), in the spec's order:

1. its sheet values must be ones the package's sheet can hold (`check_sheet_values`, the
   reading a bestiary creature's sheet gets; the GM's own sheet was read leniently first,
   `sheet_reading.py`);
2. a creature that is not a boss keeps only the catalog rows open to it (`sheet_open.py`)
   and has what it has not chosen filled in from the fight's seed (`sheet_top_up.py`); a
   boss is written in full, so nothing is taken off it and nothing is filled in;
3. its health is fitted into the tier's band through its single health field
   (`sheet_health_fit.py`).

Once built, `tier_hold.hold_built` holds its defense, to-hit, save difficulty and damage.
Owns: `prepare_sheet`.
"""

from __future__ import annotations

from typing import Any

from ..ruleset.creature_sheet import CreatureSheet
from ..ruleset.creature_sheet_values import check_sheet_values
from ..ruleset.errors import Problems
from ..ruleset.package import Ruleset
from ..sheet import rescale
from .clamp import tier_of
from .sheet_health_fit import fit_health
from .sheet_open import keep_open
from .sheet_top_up import top_up


def prepare_sheet(ruleset: Ruleset, name: str, block: dict[str, Any], *, boss: bool, temperament: object,
                  seed: int) -> tuple[list[str], list[str]]:
    """(sentences, problems): changes `block["sheet"]` in place; problems name sheet values
    the package cannot hold (the opponent is then not built). `temperament` is the proposal's,
    as the GM wrote it (read only when it is a sentence). The block was clamped to its tier
    first (`clamp.clamp_block`), so its `tier` is one the scale declares."""
    problems = Problems()
    check_sheet_values(ruleset, CreatureSheet.model_validate(block["sheet"]), ("statBlock", "sheet"), problems)
    if problems:
        return [], [f"{name}: {line}" for line in problems.lines()]
    sheet = block["sheet"]
    tier = tier_of(ruleset, block.get("tier"))
    if tier is None:
        raise ValueError(f"{name}: the ruleset has no threat scale to fit a proposed sheet to")
    notes: list[str] = []
    if boss:
        notes.append(f"{name} is a boss, so its sheet is taken as the GM wrote it: nothing is taken off it "
                     "and nothing is filled in.")
    else:
        notes += keep_open(ruleset, name, sheet)
        notes += top_up(ruleset, name, sheet, tier.id, temperament, seed)
    # Its rows are all there now: their `scaled` columns are worked out before its health is
    # fitted (a pool's maximum may read them), as a pick works them out on a player's sheet.
    block["sheet"] = sheet = rescale(ruleset, sheet)
    notes += fit_health(ruleset, name, tier, sheet)
    return notes, []
