"""The exact refusal lines of the keys issue 19 moved from "validated" to "refused for now"
(each changed nothing in play): tests that still check these keys' other rules expect the
refusal beside them."""

from __future__ import annotations

from shared.ruleset.gates import ENGINE_NAME

REASONS: dict[str, tuple[str, str]] = {
    "succeeds": ("1.181", "targets that succeed on a save without rolling are not resolved yet (issue 24, condition mechanics)"),
    "actions": ("1.236", "uses a condition gives its holder are not offered in a fight yet (issue 24, condition mechanics)"),
    "grantsStrike": ("1.242", "the strike economy is not resolved yet (issue 28, class kit)"),
    "beforeAttack": ("1.247", "the strike economy is not resolved yet (issue 28, class kit)"),
    "afterAttack": ("1.242", "the strike economy is not resolved yet (issue 28, class kit)"),
    "items": ("1.246", "the held weapon the Attack action was taken with is not resolved yet (issue 23, items in a fight)"),
    "dropsOnFailedSave": ("1.245", "a failed save that drops the target to 0 is not resolved yet (issue 24, health beyond damage)"),
    "halfOnMiss": ("1.255", "half damage on a miss is resolved by no planned issue"),
    "notSelf": ("1.256", "keeping the user out of its own targets is resolved by no planned issue"),
    "usesOf": ("1.239", "uses spent from another row, or several at once, are not resolved yet (issue 28, class resources)"),
    "usesSpent": ("1.245", "uses spent from another row, or several at once, are not resolved yet (issue 28, class resources)"),
    "oneOf": ("1.248", "one answer of a group per hit is not resolved yet (issue 28, strike economy)"),
    "targetsWithin": ("1.267", "targets chosen within a distance of each other are resolved by no planned issue"),
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
