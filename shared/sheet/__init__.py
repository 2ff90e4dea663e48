"""The sheet engine: characters validated against their ruleset, every number the sheet
yields, and the sheet operations and rests, by the sheet's own rules.

Pure: no I/O, no clock. A character's sheet, live state included, is plain JSON data
(`{abilities, skills, saves, bonuses, fields, lists, live}`); operations return a new
sheet or a `Refusal` and never change their input. What the engine needs from a ruleset
is worked out once per ruleset (`index.py`).
"""

from .character import (Character, as_sheet, check_sheet_values, load_character, read_stored_character,
                        validate_character)
# The checks register how a disease's save is rolled at a rest (diseases.ROLL_SAVE).
from .checks import CheckAsk, CheckRecord, roll_check
from .ops import advance, apply, damage, heal, mark, move_track, restore, set_condition, set_state, set_temp, set_text, spend
from .output import compute_sheet_json
from .picks import rescale
from .refusal import Refusal, is_refusal
from .rests import Rested, rest, take_rest
from .view import CheckNumber, CheckValue, PoolInfo, SheetView, TrackInfo

__all__ = [
    "Character",
    "CheckAsk",
    "CheckRecord",
    "CheckNumber",
    "CheckValue",
    "PoolInfo",
    "Refusal",
    "SheetView",
    "TrackInfo",
    "advance",
    "apply",
    "as_sheet",
    "check_sheet_values",
    "compute_sheet_json",
    "damage",
    "heal",
    "is_refusal",
    "load_character",
    "mark",
    "move_track",
    "rescale",
    "roll_check",
    "rest",
    "Rested",
    "take_rest",
    "restore",
    "set_condition",
    "set_state",
    "set_temp",
    "set_text",
    "spend",
    "read_stored_character",
    "validate_character",
]
