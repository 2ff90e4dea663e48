"""symbol-pool (spec/combat-2, `combat.kind: "symbol-pool"`) as a plugin of the core: each of
`CombatKind`'s questions answered by the symbol modules (dice of symbols thrown against
difficulty dice, symbols cancelled and spent)."""

from __future__ import annotations

from typing import Any

from . import (
    symbol_attack,
    symbol_contests,
    symbol_damage,
    symbol_forecast,
    symbol_hold,
    symbol_saves,
)
from ..dice import Mode
from .fight import Fight
from .hits import Hit, Part
from .kinds import CombatKind, register
from .numbers import Bonus
from .saves_against import SaveContext
from .state import Combatant


class SymbolPool(CombatKind):
    name = "symbol-pool"
    throws_pools = True

    def forecasts(self, fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant]) -> list[Any] | None:
        return symbol_forecast.forecasts(fight, actor, plan, targets)

    def weapon_text(self, fight: Fight, actor: Combatant, plan: Any) -> str | None:
        return symbol_forecast.weapon_text(fight, actor, plan)

    def attack(self, fight: Fight, actor: Combatant, target: Combatant, what: str, plan: Any,
               cursor: dict[str, Any] | None, at: dict[str, Any]) -> tuple[bool, bool] | None:
        return symbol_attack.strike(fight, actor, target, what, plan, cursor, at)

    def miss_chance(self, fight: Fight, actor: Combatant, target: Combatant, held: dict[str, Any]) -> float | None:
        return symbol_hold.miss_chance(fight, actor, target, held)

    def roll_save(self, fight: Fight, c: Combatant, save: str, dc: int, name: str, why: str, mode: Mode,
                  against: SaveContext | None, cover: Bonus | None) -> bool | None:
        return symbol_saves.roll_save(fight, c, save, dc, name, why, mode, against, cover)

    def throw_side(self, fight: Fight, c: Combatant, checks: list[str]) -> tuple[int, str] | None:
        return symbol_contests.throw_side(fight, c, checks)

    def contest_win_chance(self, fight: Fight, actor: Combatant, target: Combatant, contest: Any) -> float | None:
        return symbol_contests.win_chance(fight, actor, target, contest)

    def throw_initiative(self, fight: Fight, c: Combatant) -> str | None:
        if fight.combat.initiative.pool is None:
            return None
        return symbol_saves.throw_initiative(fight, c)

    def add_hit(self, fight: Fight, target: Combatant, parts: list[Part], hit: Hit | None) -> tuple[str, ...] | None:
        return symbol_damage.add_hit(fight, target, parts, hit)

    def deal(self, fight: Fight, actor: Combatant, target: Combatant, parts: list[Part], critical: bool,
             tags: tuple[str, ...] | None) -> int | None:
        return symbol_damage.deal(fight, actor, target, parts, critical, tags or ())


register(SymbolPool())
