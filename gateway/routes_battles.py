"""Battle routes: create, read (as the caller may see it), menu, events, sheets, abandon.

Creating a battle whose foes ask the GM to invent opponents first runs
`battle.invent_opponents` through the executor (the `llm` queue, or in-process when
embedded) and waits for it at most `MARINARA_GM_INVENT_WAIT` seconds; a refusal or a
timeout answers an error and creates nothing. Bosses and `gm.opposition` decide which
foes the GM plays (`shared.combat.opposition`)."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from shared.combat import abandon as start_sheets
from shared.combat.invention import asks_in
from shared.combat.opposition import assign_controllers
from shared.protocol import (
    Abandoned,
    BattleView,
    CreateBattle,
    CreatedBattle,
    EventsPage,
    MenuView,
    SheetOut,
)
from shared.service.battles import BattleService
from shared.service.gm import GmModel
from shared.store import BattleNotFound, EventSeqError

from . import access, metrics
from .context import EXECUTOR, SERVICE, SETTINGS, TOKENS, TRACKER, battle_id, json_response, parse_body, principal
from .errors import ApiError
from .routes_games import GAMES, game_party
from .routes_rulesets import REGISTRY, pinned_digest
from .routing import Route
from .tokens import Principal

#: Events one `GET /events` answers at the most; ask again after the last seq.
EVENTS_PAGE = 500


def _create(service: BattleService, body: CreateBattle, digest: str, foes: list[Any], adjustments: list[str],
            gm: GmModel) -> dict[str, Any]:
    foes = assign_controllers(service.ruleset(digest), foes, model=gm.configured, gm_runs_bosses=body.gm_runs_bosses)
    result = service.create(digest, body.party, foes, seed=body.seed, adjustments=adjustments,
                            board=body.board, style=body.style,
                            window_seconds=body.window_seconds, layers=body.layers)
    if not result["ok"]:
        raise ApiError(result["code"], result["message"])
    result["digest"] = digest
    pending = result["pending"] if not result["outcome"] else None
    result["gm_decides"] = pending is not None and pending["controller"] == "gm"
    return result


async def _invented(request: web.Request, body: CreateBattle, digest: str) -> tuple[list[Any], list[str]]:
    """The foes with every "let the GM invent N of tier T" entry answered by the GM model
    through the queue (`battle.invent_opponents`), and the sentences that open the log."""
    asks, problems = asks_in(body.foes)
    if problems:
        raise ApiError("malformed", "; ".join(problems), problems=problems)
    if not asks:
        return body.foes, []
    settings = request.app[SETTINGS]
    answer = await request.app[EXECUTOR].invent(
        {"ruleset": digest, "party": body.party, "foes": body.foes, "difficulty": body.difficulty},
        settings["invent_wait"])
    if not answer.get("ok"):
        raise ApiError(str(answer.get("code")), f"the GM could not invent the opponents: {answer.get('message')}")
    return answer["foes"], answer["adjustments"]


async def create_battle(request: web.Request) -> web.Response:
    body = await parse_body(request, CreateBattle)
    executor, service = request.app[EXECUTOR], request.app[SERVICE]
    if body.game is not None:
        digest, layers, party = await executor.run(game_party, request.app[GAMES], body.game, body.party)
        body = body.model_copy(update={"ruleset": digest, "party": party, "layers": layers})
    digest = await executor.run(pinned_digest, request.app[REGISTRY], body.ruleset, body.package)
    foes, adjustments = await _invented(request, body, digest)
    result = await executor.run(_create, service, body, digest, foes, adjustments, request.app[SETTINGS]["gm"])
    battle = result["battle"]
    tokens = request.app[TOKENS]
    players = sorted({m["player"] for m in body.party
                      if isinstance(m, dict) and isinstance(m.get("player"), str)})
    metrics.BATTLES_CREATED.inc()
    request.app[TRACKER].created(battle)
    if result["gm_decides"]:
        # Later GM decisions are enqueued by the worker that saved the revision asking them.
        await executor.ask_director(battle, result["revision"], "created")
    return json_response(CreatedBattle(
        battle=battle, revision=result["revision"], ruleset=result["digest"],
        gm_token=tokens.issue(Principal(battle, "gm")),
        tokens={p: tokens.issue(Principal(battle, "player", p)) for p in players},
        spectator_token=tokens.issue(Principal(battle, "spectator")),
        last_seq=result["events"][-1]["seq"] if result["events"] else 0,
    ), status=201)


def _view(service: BattleService, battle: str, who: Principal) -> BattleView:
    stored, _state = access.load(service, battle)
    return BattleView(battle=battle, revision=stored.revision, status=stored.status, last_seq=stored.last_seq,
                      role=who.role, player=who.player, state=access.visible_state(stored.state, who))


async def get_battle(request: web.Request) -> web.Response:
    who = principal(request)
    return json_response(await request.app[EXECUTOR].run(_view, request.app[SERVICE], battle_id(request), who))


async def get_menu(request: web.Request) -> web.Response:
    who = principal(request)
    battle = battle_id(request)
    revision, status, decision = await request.app[EXECUTOR].decision_now(battle)
    return json_response(access.view_of(battle, revision, status, decision, who))


def _int_query(request: web.Request, name: str, default: int) -> int:
    text = request.query.get(name)
    if text is None:
        return default
    try:
        value = int(text)
    except ValueError:
        raise ApiError("malformed", f'"{name}" is a whole number') from None
    if value < 0:
        raise ApiError("malformed", f'"{name}" is not negative')
    return value


def _events(service: BattleService, battle: str, after: int, limit: int) -> EventsPage:
    try:
        events = service.store.events_after(battle, after, limit)
    except BattleNotFound:
        raise ApiError("not-found", f"there is no battle {battle}") from None
    return EventsPage(battle=battle, events=events, last_seq=events[-1]["seq"] if events else after)


async def get_events(request: web.Request) -> web.Response:
    principal(request)
    after = _int_query(request, "after", 0)
    limit = min(max(_int_query(request, "limit", EVENTS_PAGE), 1), EVENTS_PAGE)
    page = await request.app[EXECUTOR].run(_events, request.app[SERVICE], battle_id(request), after, limit)
    return json_response(page)


async def get_sheet(request: web.Request) -> web.Response:
    who = principal(request)
    out = await request.app[EXECUTOR].run(access.sheet, request.app[SERVICE], battle_id(request),
                                          request.match_info["member"], who)
    return json_response(out)


def _abandon(service: BattleService, battle: str) -> Abandoned:
    # The closing event must continue the stream; a choice saved between the read and the
    # write moves the stream on, so read again (the write itself is unconditional).
    for _attempt in range(5):
        stored, state = access.load(service, battle)
        if not stored.active:
            return Abandoned(battle=battle, revision=stored.revision, status="abandoned",
                             sheets=start_sheets(state))
        event = {"seq": stored.last_seq + 1, "kind": "abandoned", "data": {},
                 "text": "The Game Master abandons the fight: nothing it did is written to the sheets."}
        try:
            revision = service.store.abandon(battle, [event])
        except EventSeqError:
            continue
        return Abandoned(battle=battle, revision=revision, status="abandoned", sheets=start_sheets(state))
    raise ApiError("conflict", "the battle kept changing; try again")


async def post_abandon(request: web.Request) -> web.Response:
    who = principal(request)
    if not who.gm:
        raise ApiError("forbidden", "only the GM may abandon a battle")
    return json_response(await request.app[EXECUTOR].run(_abandon, request.app[SERVICE], battle_id(request)))


_ID = "/v1/battles/{battle}"

ROUTES = [
    Route("POST", "/v1/battles", create_battle,
          "Create a battle (from a game: 404 when there is no such game); answers its id, revision and tokens",
          ok=201, response=CreatedBattle, body=CreateBattle, errors=(400, 404, 413, 422, 502, 503, 504)),
    Route("GET", _ID, get_battle, "The battle as the caller may see it", response=BattleView, auth=True,
          errors=(403, 404)),
    Route("GET", _ID + "/menu", get_menu, "The caller's menu for the pending decision", response=MenuView,
          auth=True, errors=(403, 404)),
    Route("GET", _ID + "/events", get_events, "Events after a seq, in order", response=EventsPage, auth=True,
          errors=(400, 403, 404), query={"after": "integer", "limit": "integer"}),
    Route("GET", _ID + "/sheets/{member}", get_sheet, "A combatant's sheet (players: their own only)",
          response=SheetOut, auth=True, errors=(403, 404)),
    Route("POST", _ID + "/abandon", post_abandon, "Abandon the battle (GM only); nothing is written to sheets",
          response=Abandoned, auth=True, errors=(403, 404, 409)),
]
