"""The shared party sheet (spec/sheet.md "Party sheet", Capability API 1.144 and 1.163):
its rules as the sheet engine reads them (`rules.py`), the stored, read and saved sheet
with its member fields (`sheet.py`) and the `[sheet: sheet="party" ...]` commands
(`commands.py`). Pure: no I/O; refusals are values and change nothing.
"""

from .commands import run_party
from .rules import PartyRules, party_rules
from .sheet import blank_party, check_save, read_party, stored_part, with_members

__all__ = [
    "PartyRules",
    "blank_party",
    "check_save",
    "party_rules",
    "read_party",
    "run_party",
    "stored_part",
    "with_members",
]
