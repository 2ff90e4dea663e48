"""The pure battle resolver over `(ruleset, state, choice)`: `start_battle`, `menu`,
`advance`. No I/O, no clock, no global random; state is plain JSON data."""

from .engine import (Choice, abandon, advance, decide_for, engine_owes, final_sheets, menu, menu_with_suggestion,
                     resume, start_battle, target_refusal, waits_on_another)
from ..sheet import Refusal
from .plans import Option
from .setup import SetupError
from .state import BattleState, Event

__all__ = ["BattleState", "Choice", "Event", "Option", "Refusal", "SetupError", "abandon", "advance",
           "decide_for", "engine_owes", "final_sheets", "menu", "menu_with_suggestion", "resume", "start_battle",
           "target_refusal", "waits_on_another"]
