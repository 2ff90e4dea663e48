"""Reasons for keys the format knows and this engine refuses for now, shared by more than one
model (a reason used by one model stays beside its field).

Owns: the reason texts. Each names the later issue that builds the rule where one is planned,
so a refused package says when it will play; `unsupported(api, reason)` (base.py) puts them
on the field and docs/capabilities.md lists them.
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
#: `keepsOn` on a catalog entry or a stat block (conditions kept for the whole fight).
KEEPS_ON_REASON = "conditions kept for the whole fight (auras) are resolved by no planned issue"
