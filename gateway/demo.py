"""`battle demo`: a whole battle played through the real HTTP + WebSocket API.

Owns: the demo. It starts the embedded gateway on a free loopback port, stores the
ruleset, creates a battle, and connects one scripted client per player plus the GM's
socket, which prints the log as events arrive (and answers GM-controlled decisions). Each
client answers its prompts with the Engine's suggestion that comes with the prompt (the
tactics' choice, which consumes no dice), falling back to the first option with its first
target. It ends with the outcome and the party's final sheets.

`--open` plays the same battle from the web viewer instead: it prints the page's address
for watching (the spectator link) and one for each player, leaves the players'
decisions to whoever opens those pages, prints the log as it arrives, and keeps serving
the page after the fight until interrupted.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

from shared.ruleset.load import read_json, read_package

from .access_log import AccessLog
from .app import create_app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DEFAULT_RULESET = EXAMPLES / "lantern-marsh.json"
DEFAULT_PARTY = EXAMPLES / "party.json"
DEFAULT_FOES = EXAMPLES / "foes.json"
DEFAULT_BOARD = EXAMPLES / "board-marsh.json"


def _answer(prompt: dict[str, Any]) -> dict[str, Any]:
    suggestion = prompt.get("suggestion")
    if suggestion:
        answer = {"option_id": suggestion["option"], "targets": suggestion.get("targets", [])}
        for key in ("cell", "copies"):
            if suggestion.get(key) is not None:
                answer[key] = suggestion[key]
        return answer
    options = prompt["options"]
    for option in options:
        if option.get("targets"):
            return {"option_id": option["id"], "targets": option["targets"][:1]}
    return {"option_id": options[0]["id"], "targets": []}


async def _client(session: aiohttp.ClientSession, base: str, battle: str, name: str, token: str,
                  prints_log: bool, out: Any) -> None:
    url = f"{base}/v1/battles/{battle}/ws"
    async with session.ws_connect(url, params={"token": token, "after": "0"}) as ws:
        async for msg in ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            data = json.loads(msg.data)
            kind = data["type"]
            if kind == "event" and prints_log:
                print(data["event"]["text"], file=out, flush=True)
            elif kind == "prompt":
                answer = _answer(data)
                aimed = f" at {', '.join(answer['targets'])}" if answer["targets"] else ""
                print(f"  [{name}] {data['actor']} chooses {answer['option_id']}{aimed}", file=out, flush=True)
                await ws.send_json({"type": "choice", "actor": data["actor"], "revision": data["revision"],
                                    "request_id": f"{name}-{data['revision']}", **answer})
            elif kind == "error":
                print(f"  [{name}] refused: {data['code']}: {data['message']}", file=out, flush=True)
            elif kind == "closed":
                break


def page_links(base: str, created: dict[str, Any]) -> list[tuple[str, str]]:
    """(who, address) of the viewer's page: the spectator's, then each player's."""
    page = f"{base}/battles/{created['battle']}?token="
    return [("watch", page + created["spectator_token"])] + [
        (f"play as {name}", page + token) for name, token in created["tokens"].items()]


async def play(ruleset: Any, party: list[Any], foes: list[Any], *, seed: int | None = None,
               board: Any = None, open_page: bool = False, port: int = 0,
               out: Any = sys.stdout, timeout: float | None = 120.0) -> dict[str, Any]:
    runner = web.AppRunner(create_app(), access_log_class=AccessLog)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    port = runner.addresses[0][1]
    base = f"http://127.0.0.1:{port}"
    print(f"embedded gateway on {base}", file=out, flush=True)
    try:
        async with aiohttp.ClientSession() as session:
            async with session.post(f"{base}/v1/rulesets", json=ruleset) as r:
                stored = await r.json()
                if r.status != 201:
                    raise DemoError("ruleset refused:\n" + "\n".join(stored.get("problems") or [stored["message"]]))
            body = {"ruleset": stored["digest"], "party": party, "foes": foes}
            if board is not None:
                body["board"] = board
            if seed is not None:
                body["seed"] = seed
            async with session.post(f"{base}/v1/battles", json=body) as r:
                created = await r.json()
                if r.status != 201:
                    raise DemoError(f"battle refused: {created['message']}")
            battle = created["battle"]
            print(f"battle {battle} on {stored['id']} (players: {', '.join(created['tokens']) or 'none'})",
                  file=out, flush=True)
            clients = [_client(session, base, battle, "gm", created["gm_token"], True, out)]
            if open_page:
                for who, link in page_links(base, created):
                    print(f"{who}: {link}", file=out, flush=True)
                timeout = None
            else:
                clients += [_client(session, base, battle, name, token, False, out)
                            for name, token in created["tokens"].items()]
            await asyncio.wait_for(asyncio.gather(*clients), timeout)
            gm = {"Authorization": f"Bearer {created['gm_token']}"}
            async with session.get(f"{base}/v1/battles/{battle}", headers=gm) as r:
                view = await r.json()
            state = view["state"]
            sheets = {}
            for c in state["combatants"]:
                if c["side"] != "party":
                    continue
                token = created["tokens"].get(c.get("player") or "", created["gm_token"])
                async with session.get(f"{base}/v1/battles/{battle}/sheets/{c['id']}",
                                       headers={"Authorization": f"Bearer {token}"}) as r:
                    sheets[c["id"]] = (await r.json())["sheet"]
            result = {"battle": battle, "outcome": state.get("outcome"), "rounds": state.get("round"),
                      "sheets": sheets}
            if open_page:
                _report(result, out)
                print("The page stays up; Ctrl-C stops the server.", file=out, flush=True)
                await asyncio.Event().wait()
            return result
    finally:
        await runner.cleanup()


class DemoError(Exception):
    pass


def _report(result: dict[str, Any], out: Any) -> None:
    print(f"Outcome: {result['outcome']} after {result['rounds']} round(s).", file=out)
    print("Final sheets:", file=out)
    for member, sheet in result["sheets"].items():
        print(f"  {member}: {json.dumps((sheet or {}).get('live', sheet), sort_keys=True)}", file=out)
    out.flush()


def run_demo(ruleset_path: str | None = None, party_path: str | None = None, foes_path: str | None = None,
             seed: int | None = 2, board_path: str | None = None, open_page: bool = False, port: int = 0) -> int:
    try:
        ruleset = read_package(ruleset_path or DEFAULT_RULESET).data
        party = read_json(party_path or DEFAULT_PARTY)
        foes = read_json(foes_path or DEFAULT_FOES)
        # The example ruleset declares distance, so its demo is fought on the marsh board.
        board = read_json(board_path) if board_path else (read_json(DEFAULT_BOARD) if ruleset_path is None else None)
    except Exception as exc:  # a PackageError names the file problem in one line
        print(f"demo: {exc}", file=sys.stderr)
        return 1
    try:
        result = asyncio.run(play(ruleset, party, foes, seed=seed, board=board, open_page=open_page, port=port))
    except DemoError as exc:
        print(f"demo: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    _report(result, sys.stdout)
    return 0 if result["outcome"] else 1
