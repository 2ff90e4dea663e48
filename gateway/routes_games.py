"""Game routes: Game Master replies with their clock, party, character, check and use
commands, a check asked directly (`POST /v1/games/{game}/checks`), an ability used directly
(`POST /v1/games/{game}/uses`), the clocks, the shared party sheet and its saves, the
members present, picks and "refresh from ruleset" on a member's sheet, swipes, fights
started from a game and written back, and the GM reminder.

Owns: the routes under `/v1/games`, the `GAMES` app key and `games_ctx`, which opens the
game store beside the battle store (in memory beside memory, the same Redis and
namespace beside Redis) once the store context has opened it. Every call runs the pure
core through `shared.service.games.GameService` on the executor's thread pool.
"""

from __future__ import annotations

from typing import Any, AsyncIterator

from aiohttp import web

from shared.games.checks import ask_of
from shared.games.uses import ask_of as use_ask_of
from shared.protocol_games import (
    CheckRolled,
    ChooseSnapshot,
    CreateGame,
    GameCheck,
    GameClocks,
    GameFight,
    GameMembers,
    GameParty,
    GameReminder,
    GameReply,
    GameView,
    GameUse,
    MemberPicks,
    MemberRefresh,
    MemberRefreshed,
    MemberRefreshOffers,
    MemberSheet,
    PartySave,
    ReplyApplied,
    UseMade,
)
from shared.combat.engine import final_sheets
from shared.games.members import find_member
from shared.service.battles import BattleService
from shared.service.games import MISSING, GameService
from shared.service.rulesets import RulesetRegistry
from shared.sheet.refusal import Refusal
from shared.store.errors import StoreError
from shared.store.games import GameExists, game_store_for

from . import access
from .context import EXECUTOR, SERVICE, STORE, json_response, parse_body
from .errors import ApiError
from .routes_rulesets import REGISTRY, pinned_digest
from .routing import Route

GAMES = web.AppKey("games", GameService)

#: HTTP status of the game service's refusal codes (others are 422, refused by the rules).
STATUS = {
    "not-found": 404,
    "unknown-snapshot": 404,
    "snapshot-exists": 409,
    "stale-party-revision": 409,
    "conflict": 409,
    "no-party-sheet": 422,
    "bad-members": 422,
    "bad-layers": 400,
    "bad-save": 422,
    "skill_check_untrained": 400,
    # A use refused by the rules, in the spec's words: nothing paid, nothing rolled.
    "unknown-entry": 400,
    "unknown-character": 400,
    "ambiguous-character": 400,
    "not-usable": 400,
    "spent": 400,
    "no-slot": 400,
    "not-enough": 400,
    "bad-level": 400,
    # An item's use refused: not carried, not in use, no use, nothing left on the stack.
    "unknown-item": 400,
    "not-in-use": 400,
    "no-use": 400,
    "insufficient": 400,
    "no-charges": 400,
    # A pick refused by the rules (a member or entry not found above): nothing written.
    "unknown-catalog": 400,
    "not-pickable": 400,
    "list-full": 400,
    "hidden-by-layer": 400,
}


async def games_ctx(app: web.Application) -> AsyncIterator[None]:
    store = game_store_for(app[STORE])
    service = app[SERVICE]

    def ruleset_of(digest: str) -> Any:
        return service.ruleset(digest)

    app[GAMES] = GameService(store, ruleset_of)
    app[REGISTRY] = RulesetRegistry(service, store)
    try:
        yield
    finally:
        store.close()


def _game(request: web.Request) -> str:
    return request.match_info["game"]


def _answer(result: Any) -> Any:
    if isinstance(result, Refusal):
        raise ApiError(result.code, result.message, status=STATUS.get(result.code, 422))
    return result


async def _run(request: web.Request, fn: Any, *args: Any) -> Any:
    try:
        return _answer(await request.app[EXECUTOR].run(fn, *args))
    except StoreError as exc:
        raise ApiError("bad-request", str(exc)) from None


def _snapshot_query(request: web.Request) -> Any:
    return request.query.get("snapshot", MISSING)


async def create_game(request: web.Request) -> web.Response:
    body = await parse_body(request, CreateGame)
    registry, games = request.app[REGISTRY], request.app[GAMES]

    def create() -> Any:
        digest = pinned_digest(registry, body.ruleset, body.package)
        try:
            return games.create(body.game, digest, body.members, body.seed, body.layers)
        except GameExists as exc:
            raise ApiError("game-exists", str(exc), status=409) from None

    view = await _run(request, create)
    return json_response(GameView.model_validate(view), status=201)


async def get_game(request: web.Request) -> web.Response:
    view = await _run(request, request.app[GAMES].view, _game(request), _snapshot_query(request))
    return json_response(GameView.model_validate(view))


async def post_reply(request: web.Request) -> web.Response:
    body = await parse_body(request, GameReply)
    parent = body.parent if "parent" in body.model_fields_set else MISSING
    answer = await _run(request, request.app[GAMES].reply, _game(request), body.snapshot, parent, body.text,
                        body.author)
    return json_response(ReplyApplied.model_validate(answer), status=200 if answer["duplicate"] else 201)


async def post_check(request: web.Request) -> web.Response:
    body = await parse_body(request, GameCheck)
    asked = body.model_dump(by_alias=True, exclude_none=True)
    ask = ask_of({key: str(value) for key, value in asked.items()})
    if isinstance(ask, str):
        raise ApiError("bad-check", ask, status=422)
    answer = await _run(request, request.app[GAMES].check, _game(request), ask)
    return json_response(CheckRolled.model_validate(answer))


async def post_use(request: web.Request) -> web.Response:
    body = await parse_body(request, GameUse)
    asked = body.model_dump(exclude_none=True)
    ask = use_ask_of({key: str(value) for key, value in asked.items()})
    if isinstance(ask, str):
        raise ApiError("bad-use", ask, status=422)
    answer = await _run(request, request.app[GAMES].use, _game(request), ask)
    return json_response(UseMade.model_validate(answer))


async def get_clocks(request: web.Request) -> web.Response:
    view = await _run(request, request.app[GAMES].view, _game(request), _snapshot_query(request))
    return json_response(GameClocks(game=view["game"], snapshot=view["snapshot"], current=view["current"],
                                    clocks=view["clocks"]))


def _party(view: dict[str, Any]) -> GameParty:
    if view["party"] is None:
        raise ApiError("no-party-sheet", "this game's ruleset has no party sheet", status=404)
    return GameParty(game=view["game"], snapshot=view["snapshot"], partyRevision=view["partyRevision"],
                     party=view["party"])


async def get_party(request: web.Request) -> web.Response:
    view = await _run(request, request.app[GAMES].view, _game(request), _snapshot_query(request))
    return json_response(_party(view))


async def put_party(request: web.Request) -> web.Response:
    body = await parse_body(request, PartySave)
    draft = body.model_dump(exclude={"revision"}, exclude_none=True)
    view = await _run(request, request.app[GAMES].save_party, _game(request), body.revision, draft)
    return json_response(_party(view))


async def put_members(request: web.Request) -> web.Response:
    body = await parse_body(request, GameMembers)
    view = await _run(request, request.app[GAMES].set_members, _game(request), body.members)
    return json_response(GameView.model_validate(view))


def _who(request: web.Request) -> str:
    return request.match_info["who"]


async def post_picks(request: web.Request) -> web.Response:
    body = await parse_body(request, MemberPicks)
    answer = await _run(request, request.app[GAMES].pick, _game(request), _who(request), body.entries)
    return json_response(MemberSheet.model_validate(answer))


def _offering(registry: RulesetRegistry, ruleset: str | None) -> str | None:
    """The digest a refresh offers from: a digest or registry name, or None for the game's pin."""
    return None if ruleset is None else pinned_digest(registry, ruleset, None)


async def get_refresh(request: web.Request) -> web.Response:
    registry, games = request.app[REGISTRY], request.app[GAMES]
    asked = request.query.get("ruleset") or None

    def offers() -> Any:
        return games.refresh_offers(_game(request), _who(request), _offering(registry, asked))

    answer = await _run(request, offers)
    return json_response(MemberRefreshOffers.model_validate(answer))


async def post_refresh(request: web.Request) -> web.Response:
    body = await parse_body(request, MemberRefresh)
    registry, games = request.app[REGISTRY], request.app[GAMES]
    taken = [offer.model_dump() for offer in body.take]

    def write() -> Any:
        return games.refresh(_game(request), _who(request), taken, _offering(registry, body.ruleset))

    answer = await _run(request, write)
    return json_response(MemberRefreshed.model_validate(answer))


async def choose_snapshot(request: web.Request) -> web.Response:
    body = await parse_body(request, ChooseSnapshot)
    view = await _run(request, request.app[GAMES].select, _game(request), body.snapshot)
    return json_response(GameView.model_validate(view))


async def remove_snapshot(request: web.Request) -> web.Response:
    view = await _run(request, request.app[GAMES].remove, _game(request), request.match_info["snapshot"])
    return json_response(GameView.model_validate(view))


def game_party(games: GameService, game_id: str, party: list[Any]) -> tuple[str, list[str], list[dict[str, Any]]]:
    """A fight started from a game: the game's ruleset digest and layers (its pin), and the
    party with each entry's sheet read from the game's current snapshot (live state
    included)."""
    now = _answer(games.members_now(game_id))
    out: list[dict[str, Any]] = []
    problems: list[str] = []
    for i, entry in enumerate(party):
        member = find_member(now["members"], entry.get("name") if isinstance(entry, dict) else None)
        if isinstance(member, Refusal):
            problems.append(f"party[{i}].name: {member.message}")
            continue
        out.append({**entry, "name": member["name"], "sheet": member["sheet"]})
    if problems:
        raise ApiError("bad-party", "; ".join(problems), problems=problems)
    return now["ruleset"], now["layers"], out


def _fight(service: BattleService, games: GameService, game_id: str, body: GameFight) -> Any:
    stored, state = access.load(service, body.battle)
    if not stored.active:
        raise ApiError("fight-abandoned", f"the fight {body.battle} was abandoned, so nothing is written back",
                       status=409)
    if state.outcome is None:
        raise ApiError("fight-not-over", f"the fight {body.battle} is not over yet", status=409)
    names = {c.id: c.name for c in state.combatants}
    sheets = {names[cid]: sheet for cid, sheet in final_sheets(state).items()}
    note = f"The fight {body.battle} is over ({state.outcome}): its sheets are written back."
    return _answer(games.write_fight(game_id, body.snapshot, body.battle, sheets, note))


async def post_fight(request: web.Request) -> web.Response:
    body = await parse_body(request, GameFight)
    answer = await request.app[EXECUTOR].run(_fight, request.app[SERVICE], request.app[GAMES], _game(request), body)
    return json_response(ReplyApplied.model_validate(answer), status=200 if answer["duplicate"] else 201)


async def get_reminder(request: web.Request) -> web.Response:
    view = await _run(request, request.app[GAMES].view, _game(request), _snapshot_query(request))
    return json_response(GameReminder(game=view["game"], snapshot=view["snapshot"], text=view["reminder"]))


_AT = {"snapshot": "string"}

ROUTES = [
    Route("POST", "/v1/games", create_game, "Create a game on a ruleset with the characters present",
          ok=201, response=GameView, body=CreateGame, errors=(400, 409, 413, 422)),
    Route("GET", "/v1/games/{game}", get_game, "The game at its current snapshot (or ?snapshot=)",
          response=GameView, errors=(404,), query=_AT),
    Route("POST", "/v1/games/{game}/replies", post_reply,
          "Apply a Game Master reply's clock and party commands and store it as a new snapshot",
          ok=201, response=ReplyApplied, body=GameReply, errors=(400, 404, 409, 413)),
    Route("POST", "/v1/games/{game}/checks", post_check,
          "Roll a check or save for a member with the game's own dice (an untrained refusal is 400 "
          "skill_check_untrained)", response=CheckRolled, body=GameCheck, errors=(400, 404, 409, 422)),
    Route("POST", "/v1/games/{game}/uses", post_use,
          "Use an ability, feature or spell for a member: pays its cost from the member's live state, all "
          "or nothing, and rolls with the game's own dice (a refusal is 400 with its code and the reason in "
          "words, and pays nothing)", response=UseMade, body=GameUse, errors=(400, 404, 409, 422)),
    Route("GET", "/v1/games/{game}/clocks", get_clocks, "The progress clocks at the current snapshot",
          response=GameClocks, errors=(404,), query=_AT),
    Route("GET", "/v1/games/{game}/party", get_party, "The shared party sheet as shown, with its revision",
          response=GameParty, errors=(404,), query=_AT),
    Route("PUT", "/v1/games/{game}/party", put_party,
          "Save the party's permanent values; refused when opened at an older party revision",
          response=GameParty, body=PartySave, errors=(400, 404, 409, 422)),
    Route("PUT", "/v1/games/{game}/members", put_members, "The characters present now (member fields follow)",
          response=GameView, body=GameMembers, errors=(400, 404, 422)),
    Route("POST", "/v1/games/{game}/members/{who}/picks", post_picks,
          "Pick catalog entries onto a member's stored sheet as marked row copies, all or nothing (an entry the "
          "game's layers hide is refused)", response=MemberSheet, body=MemberPicks, errors=(400, 404, 409, 422)),
    Route("GET", "/v1/games/{game}/members/{who}/refresh", get_refresh,
          "What refresh from ruleset offers a member: newer text-like cells of its picked rows (?ruleset= a "
          "newer version: only what it changed since the game's pin)", response=MemberRefreshOffers,
          errors=(400, 404, 422), query={"ruleset": "string"}),
    Route("POST", "/v1/games/{game}/members/{who}/refresh", post_refresh,
          "Write the refresh offers a player took onto the member's stored sheet (an offer that no longer "
          "matches is skipped)", response=MemberRefreshed, body=MemberRefresh, errors=(400, 404, 409, 422)),
    Route("POST", "/v1/games/{game}/current", choose_snapshot,
          "Show a snapshot (choose a swipe or a message), restoring its clocks and party sheet",
          response=GameView, body=ChooseSnapshot, errors=(400, 404)),
    Route("DELETE", "/v1/games/{game}/snapshots/{snapshot}", remove_snapshot,
          "Remove a swipe or a message and what continued it", response=GameView, errors=(404,)),
    Route("POST", "/v1/games/{game}/fights", post_fight,
          "Write a finished fight started from the game back as a new snapshot (once)",
          ok=201, response=ReplyApplied, body=GameFight, errors=(400, 404, 409)),
    Route("GET", "/v1/games/{game}/reminder", get_reminder,
          "The Game Master's reminder: clocks and how full they are, the party sheet, the commands",
          response=GameReminder, errors=(404,), query=_AT),
]
