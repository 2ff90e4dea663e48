"""The combat kinds (spec/combat-2, `combat.kind`) as one table: what the core asks of the
kind of fight it plays, and the answers of attack-vs-defense, the core's own d20 way.

Owns: `CombatKind` (the questions), `KINDS` (the table keyed by `combat.kind`) and
`kind_of(fight)`. dice-pool (`pool_kind`) and symbol-pool (`symbol_kind`) are plugins
registered from above with `register`: the core looks its kind up here, as d20 dispatches
its node types, instead of asking "which kind am I" in `if` chains, and never imports the
pool modules. Every question answers None (or "not mine") when the kind plays it the
core's way, so the attack-vs-defense answers are the defaults below.
"""

from __future__ import annotations

from typing import Any

from ..dice import Mode
from ..ruleset.combat_contests import Contest
from ..ruleset.combat_pool import InitiativeResource
from .fight import Fight
from .hits import Hit, Part
from .numbers import Bonus
from .plans import Forecast, MenuItem, Plan
from .saves_against import SaveContext
from .state import Combatant


class CombatKind:
    """attack-vs-defense: an attack roll against a defense, saves and checks rolled on the
    attack die, initiative rolled; the core plays every step itself."""

    name = "attack-vs-defense"
    #: Checks, saves and contests are thrown pools of dice (no natural die, no rescue after
    #: a failed roll) rather than rolls on the attack die.
    throws_pools = False
    #: Something besides `menu_rules.refine` changes the menu afterwards (a dice pool's
    #: initiative styles), so a menu cannot be judged before it is drawn whole.
    menu_changes_after_refine = False

    # -- the menu ------------------------------------------------------------------
    def forecasts(self, fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant]) -> list[Forecast] | None:
        """The option's forecasts for each target, or None for the core's own."""
        return None

    def weapon_text(self, fight: Fight, actor: Combatant, plan: Plan) -> str | None:
        """A weapon option's text, or None for "to hit +N, damage"."""
        return None

    def styled(self, fight: Fight, actor: Combatant, items: list[MenuItem]) -> list[MenuItem]:
        """The drawn menu after the kind's own changes (none here)."""
        return items

    def unnamed(self, fight: Fight, items: list[MenuItem], option_id: str) -> MenuItem | None:
        """The menu item an option id not on the menu names after all, or None."""
        return None

    def style_score(self, fight: Fight, actor: Combatant, item: MenuItem) -> tuple[float, list[str]]:
        """The Engine's worth of an option made in an initiative style, and its best target."""
        return 0.0, []

    # -- resolution ----------------------------------------------------------------
    def attack(self, fight: Fight, actor: Combatant, target: Combatant, what: str, plan: Plan,
               cursor: dict[str, Any] | None, at: dict[str, Any]) -> tuple[bool, bool] | None:
        """(hit, critical) of the kind's own attack, or None for the core's attack roll."""
        return None

    def weapon(self, fight: Fight, actor: Combatant, plan: Plan, target: Combatant,
               cursor: dict[str, Any] | None) -> bool:
        """Plays a weapon attack the kind's own way; False when the core plays it."""
        return False

    def entry(self, fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], start: int,
              cursor: dict[str, Any] | None) -> bool:
        """Plays an ability entry the kind's own way; False when the core plays it."""
        return False

    def creature_action(self, fight: Fight, actor: Combatant, action: Any, targets: list[Combatant], plan: Plan | None,
                        cursor: dict[str, Any] | None, at: dict[str, Any] | None) -> bool:
        """Plays a creature action the kind's own way; False when the core plays it."""
        return False

    def miss_chance(self, fight: Fight, actor: Combatant, target: Combatant, held: dict[str, Any]) -> float | None:
        """The chance a hit held in a window misses against the defense as it now is, when the
        kind throws against it (a hit on the attack die is checked against the total)."""
        return None

    def roll_save(self, fight: Fight, c: Combatant, save: str, dc: int, name: str, why: str, mode: Mode,
                  against: SaveContext | None, cover: Bonus | None) -> bool | None:
        """Whether `c` makes the save thrown the kind's way, or None for the core's roll."""
        return None

    def throw_side(self, fight: Fight, c: Combatant, checks: list[str]) -> tuple[int, str] | None:
        """One side of a contest thrown the kind's way (total, text), or None."""
        return None

    def contest_win_chance(self, fight: Fight, actor: Combatant, target: Combatant, contest: Contest) -> float | None:
        """The chance `actor` wins `contest`, or None for the core's exact count."""
        return None

    def throw_initiative(self, fight: Fight, c: Combatant) -> str | None:
        """Throws `c`'s initiative pool and returns its log part, or None for a rolled one."""
        return None

    def initiative_resource(self, fight: Fight) -> InitiativeResource | None:
        """`initiative.resource` when initiative is a number blows take from, else None."""
        return None

    # -- damage --------------------------------------------------------------------
    def add_hit(self, fight: Fight, target: Combatant, parts: list[Part], hit: Hit | None) -> tuple[str, ...] | None:
        """The tags a blow's hit adds before its damage changes, or None when the kind has none."""
        return None

    def deal(self, fight: Fight, actor: Combatant, target: Combatant, parts: list[Part], critical: bool,
             tags: tuple[str, ...] | None) -> int | None:
        """Deals a blow the kind's own way and returns what landed, or None for the core's."""
        return None


ATTACK_VS_DEFENSE = CombatKind()

#: `combat.kind` -> what plays it.
KINDS: dict[str, CombatKind] = {ATTACK_VS_DEFENSE.name: ATTACK_VS_DEFENSE}


def register(kind: CombatKind) -> None:
    KINDS[kind.name] = kind


def kind_of(fight: Fight) -> CombatKind:
    return KINDS[fight.combat.kind]
