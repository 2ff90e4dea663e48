"""Reasons for keys the format knows and this engine refuses, shared by more than one model (a
reason used by one model stays beside its field).

Owns: the reason texts. Each says what no spec page gives (what the key holds or does where it
stands) or the Marinara editor feature the key belongs to; `unsupported(api, reason)` (base.py)
puts them on the field and docs/capabilities.md lists them.
"""

from __future__ import annotations

#: `suggestions`, `pick`: what the sheet editor offers while a character is written.
EDITOR_REASON = "suggestions are offered by Marinara's sheet editor, which this engine does not have"
#: A number column's `roll`: the Roll button that fills the cell while a character is written.
EDITOR_ROLL_REASON = "a column's Roll button is drawn by Marinara's sheet editor, which this engine does not have"
#: The end of a reason whose rule no planned issue builds ("a lasting zone is resolved by no
#: planned issue").
NOT_RESOLVED = "is resolved by no planned issue"
#: `combat.hiding`, and a creature action's `search`: hiding and searching.
#: `keepsOn` on an item's use: the spec gives the key to a catalog entry and a stat block only.
KEEPS_ON_ITEM_REASON = ("the spec gives keepsOn to a catalog entry's mechanics and a stat block (1.263) and never says "
                        "what an item's use carrying it does (the use is taken, while keepsOn is held from the start)")
