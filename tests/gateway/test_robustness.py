"""The gateway under hostile input. schemathesis generates requests from the gateway's own
`/v1/openapi.json` (valid and invalid bodies, parameters and tokens, the GM's token and a
real battle id in half of them): no answer is a 5xx and none violates the document.
Bodies over the limit get 413, malformed JSON 400, socket frames over the limit close
the socket (1009) and binary or malformed frames get an error message."""

from __future__ import annotations

import os
from typing import Any

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gateway.app import ALL_ROUTES
from gateway.openapi import document

from schemathesis.checks import positive_data_acceptance

from tests.gateway.harness import FOES, PARTY, RULESET, SEED, bearer, create, run, socket
from tests.gateway.live import LiveGateway

# `positive_data_acceptance` is left out: a body the document allows may still be refused by
# the rules (a ruleset package refused by its validator, "exactly one of ruleset and
# package", a battle id that names no battle), and those answer documented 4xx.

#: Requests generated per operation (`SCHEMATHESIS_EXAMPLES=500` for a long run).
EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "20"))


@pytest.fixture(scope="module")
def live() -> Any:
    with LiveGateway() as gateway:
        created = requests.post(f"{gateway.url}/v1/battles", json={"package": RULESET, "party": PARTY,
                                                                   "foes": FOES, "seed": SEED}, timeout=30)
        assert created.status_code == 201, created.text
        gateway.created = created.json()
        yield gateway


SCHEMA = schemathesis.openapi.from_dict(document(ALL_ROUTES))
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.label)
def test_no_answer_is_a_server_error_or_outside_the_document(operation: Any, live: Any) -> None:
    created = live.created

    @given(case=operation.as_strategy(), real_battle=st.booleans())
    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def check(case: Any, real_battle: bool) -> None:
        if real_battle and "battle" in (case.path_parameters or {}):
            case.path_parameters["battle"] = created["battle"]
        case.call_and_validate(base_url=live.url, headers={"Authorization": f"Bearer {created['gm_token']}"},
                               excluded_checks=[positive_data_acceptance])

    check()


# -- bodies and frames ------------------------------------------------------------------


def test_a_body_over_the_limit_is_refused_with_413():
    async def go(client):
        r = await client.post("/v1/rulesets", data=b"{" + b" " * 5000 + b"}",
                              headers={"Content-Type": "application/json"})
        return r.status, await r.json()

    status, body = run(go, body_limit=4096)
    assert status == 413
    assert body == {"code": "too-large", "message": "the request body is larger than 4096 bytes"}


@pytest.mark.parametrize("raw, message", [
    (b'{"party": [', "the body is not JSON: Expecting value: line 1 column 12 (char 11)"),
    (b'{"a": "\xc3\x28"}', "the body is not JSON: 'utf-8' codec can't decode byte 0xc3 in position 7: "
                            "invalid continuation byte"),
    (b'{"seed": NaN}', "the body is not JSON: NaN is not a JSON number"),
    (b'[Infinity]', "the body is not JSON: Infinity is not a JSON number"),
    (b"[" * 100_000 + b"]" * 100_000, "the body is nested too deeply to read"),
])
def test_malformed_json_is_refused_with_400(raw: bytes, message: str):
    async def go(client):
        answers = []
        for path in ("/v1/rulesets", "/v1/battles", "/v1/games"):
            r = await client.post(path, data=raw, headers={"Content-Type": "application/json"})
            answers.append((r.status, await r.json()))
        return answers

    assert run(go) == [(400, {"code": "malformed", "message": message})] * 3


def test_a_token_that_is_not_ascii_is_refused_not_a_server_error():
    async def go(client):
        created = await create(client)
        battle = created["battle"]
        answers = []
        for token in ("é.é", created["gm_token"] + "é", "\u0100" * 40):
            r = await client.get(f"/v1/battles/{battle}", params={"token": token})
            answers.append((r.status, (await r.json())["code"]))
        return answers

    assert run(go) == [(403, "unauthorized")] * 3


def test_the_socket_route_without_an_upgrade_answers_400():
    async def go(client):
        created = await create(client)
        r = await client.get(f"/v1/battles/{created['battle']}/ws", headers=bearer(created["gm_token"]))
        return r.status, await r.json()

    assert run(go) == (400, {"code": "bad-request",
                             "message": "this route is a WebSocket: open it with an Upgrade request"})


def test_socket_frames_over_the_limit_close_the_socket_and_odd_frames_get_an_error():
    async def go(client):
        created = await create(client)
        out = {}
        async with socket(client, created, created["gm_token"]) as ws:
            await ws.send_bytes(b"\x00\x01")
            out["binary"] = await _next_error(ws)
            await ws.send_str('{"type": "choice", "actor": ')
            out["broken"] = await _next_error(ws)
            await ws.send_str('{"type": "choice", "actor": "juno", "option_id": "pass", "request_id": "r1", '
                              '"revision": NaN}')
            out["nan"] = await _next_error(ws)
            await ws.send_str('{"type": "choice", "actor": "x", "option_id": "' + "a" * 2000 + '"}')
            msg = await ws.receive(timeout=10)
            while msg.type.name == "TEXT":
                msg = await ws.receive(timeout=10)
            out["oversized"] = (msg.type.name, ws.close_code)
        return out

    out = run(go, ws_max_message=1024)
    assert out["binary"] == {"type": "error", "request_id": None, "code": "malformed",
                             "message": "messages are JSON text"}
    assert out["broken"]["code"] == "malformed"
    assert out["broken"]["message"].startswith("(message): Expecting value")
    assert out["nan"] == {"type": "error", "request_id": None, "code": "malformed",
                          "message": "(message): NaN is not a JSON number"}
    assert out["oversized"] == ("CLOSE", 1009)


async def _next_error(ws: Any) -> dict[str, Any]:
    while True:
        msg = await ws.receive_json(timeout=10)
        if msg["type"] == "error":
            return msg


def test_ids_outside_their_pattern_answer_400_not_a_server_error():
    async def go(client):
        created = await create(client)
        battle, gm = created["battle"], bearer(created["gm_token"])
        out = []
        r = await client.get(f"/v1/battles/{battle}/choices/%C2%8F", headers=gm)
        out.append((r.status, await r.json()))
        r = await client.post("/v1/battles", json={"ruleset": "sha256:bogus", "party": PARTY, "foes": FOES})
        out.append((r.status, await r.json()))
        r = await client.post("/v1/battles", json={"ruleset": "Bogus!", "party": PARTY, "foes": FOES})
        out.append((r.status, await r.json()))
        r = await client.get("/v1/games/-no")
        out.append((r.status, await r.json()))
        return out

    assert run(go) == [
        (400, {"code": "bad-request", "message": "request id '\\x8f' is not 1-200 letters, digits, '.', '_', ':' or '-'"}),
        (400, {"code": "bad-request", "message": "ruleset digest 'sha256:bogus' is not \"sha256:\" and 64 hex digits"}),
        (400, {"code": "bad-request", "message": '"Bogus!" is neither a digest nor a registry name such as '
                                                 '"official/5e-2014", "community/<source>/<id>" or either of them '
                                                 'with "@<version>"'}),
        (400, {"code": "bad-request", "message": "game id '-no' is not 1-128 letters, digits, '.', '_' or '-' "
                                                 "starting with a letter or digit"}),
    ]


def test_a_socket_asking_for_compression_gets_none():
    """Browsers ask for permessage-deflate; the gateway declines it (ws.py says why), and the
    socket works as usual."""

    async def body(client: Any) -> None:
        created = await create(client)
        ws = await client.ws_connect(f"/v1/battles/{created['battle']}/ws", compress=15,
                                     params={"token": created["gm_token"], "after": "0"})
        try:
            assert ws.compress == 0
            first = await ws.receive_json(timeout=10)
            assert first["type"] == "event" and first["event"]["seq"] == 1
        finally:
            await ws.close()

    run(body)
