"""The `battle` bridge (spec/combat-1 "Battle: lending a sheet to Marinara's combat"): a
sheet's numbers lent to Marinara's own combat (`lend.py`, entries as skills in
`skills.py`) and the fight's results written back through the sheet's own rules
(`write_back.py`). Pure: plain sheets in, plain sheets and reports out. Only for a ruleset
with a `battle` block and no `combat` block of its own (`lend_refusal`).
"""

from .lend import NO_BATTLE_BLOCK, OWN_COMBAT, health_on_bar, lend, lend_refusal
from .skills import MULTIPLIER_RANGE, multiplier, to_skill
from .write_back import write_back

__all__ = ["MULTIPLIER_RANGE", "NO_BATTLE_BLOCK", "OWN_COMBAT", "health_on_bar", "lend", "lend_refusal", "multiplier",
           "to_skill", "write_back"]
