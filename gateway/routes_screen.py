"""`GET /v1/battles/{id}/screen`: the battle screen the web viewer draws
(`shared.combat.screen`), for any token of the battle: the GM, a player or a spectator.

Owns: reading the stored battle and its ruleset and answering the `ScreenView`. The view
is the same for every caller (what the table sees, never sheets, blocks or dice), so a
spectator's link shows exactly what the players see of each other.
"""

from __future__ import annotations

from aiohttp import web

from shared.combat.screen import screen_view
from shared.protocol_screen import ScreenView
from shared.service.battles import BattleService

from . import access
from .context import EXECUTOR, SERVICE, battle_id, json_response, principal
from .routing import Route


def _screen(service: BattleService, battle: str) -> ScreenView:
    stored, state = access.load(service, battle)
    ruleset = service.rules_of(state)
    return screen_view(ruleset, state, battle=battle, revision=stored.revision, last_seq=stored.last_seq,
                       status=stored.status)


async def get_screen(request: web.Request) -> web.Response:
    principal(request)
    view = await request.app[EXECUTOR].run(_screen, request.app[SERVICE], battle_id(request))
    return json_response(view)


ROUTES = [
    Route("GET", "/v1/battles/{battle}/screen", get_screen,
          "The battle screen: turn order, health, conditions, budgets, movement, the board (any token)",
          response=ScreenView, auth=True, errors=(403, 404)),
]
