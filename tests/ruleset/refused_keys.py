"""The exact refusal lines of the keys issue 19 moved from "validated" to "refused for now"
(each changed nothing in play): tests that still check these keys' other rules expect the
refusal beside them."""

from __future__ import annotations

from shared.ruleset.gates import ENGINE_NAME

REASONS: dict[str, tuple[str, str]] = {
    "succeeds": ("1.181", "targets that succeed on a save without rolling are not resolved yet (issue 24, condition mechanics)"),
    "dropsOnFailedSave": ("1.245", "a failed save that drops the target to 0 is not resolved yet (issue 24, health beyond damage)"),
    "except": ("1.55", "weapons that get through a resistance are not resolved yet (issue 23, items in a fight)"),
    "suggestions": ("1.796", "suggestions are offered by Marinara's sheet editor, which this engine does not have"),
    "pick": ("1.797", "suggestions are offered by Marinara's sheet editor, which this engine does not have"),
    "roll": ("1.85", "a column's Roll button is drawn by Marinara's sheet editor, which this engine does not have"),
}


def refused(path: str, api: str | None = None) -> str:
    """The refusal line at `path` (`...mechanics.usesOf`) for the key it ends with; `api`
    where one key is gated differently on two objects (a creature's `reducesMax` is 1.203)."""
    key = path.rsplit(".", 1)[-1]
    known_api, reason = REASONS[key]
    api = api or known_api
    return f'{path}: "{key}" (Capability API {api}) is not supported by {ENGINE_NAME} yet: {reason}'
