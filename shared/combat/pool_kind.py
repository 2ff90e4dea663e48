"""dice-pool (spec/combat-2, `combat.kind: "dice-pool"`) as a plugin of the core: each of
`CombatKind`'s questions answered by the pool modules (a pool of dice thrown against a
target number, successes counted; initiative thrown or spent as a number)."""

from __future__ import annotations

from typing import Any

from . import (
    initiative_pool,
    pool_actions,
    pool_contests,
    pool_forecast,
    pool_saves,
    pool_styles,
)
from ..dice import Mode
from .fight import Fight
from .kinds import CombatKind, register
from .numbers import Bonus
from .saves_against import SaveContext
from .plans import helps
from .state import Combatant


class DicePool(CombatKind):
    name = "dice-pool"
    throws_pools = True
    menu_changes_after_refine = True

    def forecasts(self, fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant]) -> list[Any] | None:
        return pool_forecast.forecasts(fight, actor, plan, targets)

    def weapon_text(self, fight: Fight, actor: Combatant, plan: Any) -> str | None:
        return pool_actions.weapon_text(fight, actor, plan)

    def styled(self, fight: Fight, actor: Combatant, items: list[Any]) -> list[Any]:
        # Initiative styles (combat.initiative.resource) split each attack into one option a style.
        if fight.combat.initiative.resource is None:
            return items
        return pool_styles.styled(fight, actor, items)

    def unnamed(self, fight: Fight, items: list[Any], option_id: str) -> Any:
        return pool_styles.unnamed(fight, items, option_id)

    def style_score(self, fight: Fight, actor: Combatant, item: Any) -> tuple[float, list[str]]:
        return pool_styles.score(fight, actor, item)

    def weapon(self, fight: Fight, actor: Combatant, plan: Any, target: Combatant,
               cursor: dict[str, Any] | None) -> bool:
        pool_actions.weapon(fight, actor, plan, target, cursor)
        return True

    def entry(self, fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant], start: int,
              cursor: dict[str, Any] | None) -> bool:
        # Healing and buffs are not thrown: the core plays them alike in every kind.
        if helps(plan.mechanics):
            return False
        pool_actions.entry(fight, actor, plan, targets, start, cursor)
        return True

    def creature_action(self, fight: Fight, actor: Combatant, action: Any, targets: list[Combatant], plan: Any,
                        cursor: dict[str, Any] | None, at: dict[str, Any] | None) -> bool:
        pool_actions.creature_action(fight, actor, action, targets, plan, cursor, at)
        return True

    def roll_save(self, fight: Fight, c: Combatant, save: str, dc: int, name: str, why: str, mode: Mode,
                  against: SaveContext | None, cover: Bonus | None) -> bool | None:
        return pool_saves.roll_save(fight, c, save, dc, name, why, mode, against, cover)

    def throw_side(self, fight: Fight, c: Combatant, checks: list[str]) -> tuple[int, str] | None:
        return pool_contests.throw_side(fight, c, checks)

    def contest_win_chance(self, fight: Fight, actor: Combatant, target: Combatant, contest: Any) -> float | None:
        return pool_contests.win_chance(fight, actor, target, contest)

    def throw_initiative(self, fight: Fight, c: Combatant) -> str | None:
        if fight.combat.initiative.pool is None:
            return None
        return initiative_pool.throw_initiative(fight, c)

    def initiative_resource(self, fight: Fight) -> Any:
        return fight.combat.initiative.resource


register(DicePool())
