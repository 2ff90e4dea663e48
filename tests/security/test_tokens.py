"""Battle tokens: random (no two alike, even for the same player of the same battle, and
unguessable without the gateway's secret), checked in constant time with
`hmac.compare_digest`, and never written to a log line, whether sent as a header or as
`?token=` (the socket's way), refused or accepted."""

from __future__ import annotations

import asyncio
import hmac
import logging

import aiohttp
import pytest
import requests

from gateway.errors import ApiError
from gateway.tokens import Principal, Tokens
from tests.gateway.harness import FOES, PARTY, RULESET, SEED
from tests.gateway.live import LiveGateway


def test_tokens_are_random_even_for_the_same_player_of_the_same_battle():
    tokens = Tokens()
    issued = {tokens.issue(Principal("b-1", "player", "p1")) for _ in range(1000)}
    assert len(issued) == 1000
    assert all(tokens.verify(t, "b-1") == Principal("b-1", "player", "p1") for t in list(issued)[:20])
    # Another gateway secret: the same principal, a token the first gateway refuses.
    other = Tokens().issue(Principal("b-1", "gm"))
    with pytest.raises(ApiError) as refused:
        tokens.verify(other, "b-1")
    assert (refused.value.code, refused.value.message) == ("unauthorized", "the token is not valid")


def test_the_mac_is_compared_with_hmac_compare_digest(monkeypatch: pytest.MonkeyPatch):
    compared: list[tuple[str, str]] = []
    real = hmac.compare_digest

    def recording(a, b):
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr("gateway.tokens.hmac.compare_digest", recording)
    tokens = Tokens(b"k" * 32)
    token = tokens.issue(Principal("b-1", "player", "p1"))
    tokens.verify(token, "b-1")
    with pytest.raises(ApiError):
        tokens.verify(token[:-2] + "AA", "b-1")
    assert [a for a, _ in compared] == [token.split(".")[1], token.split(".")[1][:-2] + "AA"]


def test_no_token_reaches_a_log_line(caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.DEBUG)
    with LiveGateway() as gateway:
        created = requests.post(f"{gateway.url}/v1/battles", json={"package": RULESET, "party": PARTY, "foes": FOES,
                                                                   "seed": SEED}, timeout=30).json()
        battle = created["battle"]
        secrets_sent = [created["gm_token"], *created["tokens"].values()]
        for token in secrets_sent:
            requests.get(f"{gateway.url}/v1/battles/{battle}", headers={"Authorization": f"Bearer {token}"}, timeout=10)
            requests.get(f"{gateway.url}/v1/battles/{battle}/menu", params={"token": token}, timeout=10)
            requests.get(f"{gateway.url}/v1/battles/other/events", params={"token": token}, timeout=10)
            requests.get(f"{gateway.url}/v1/battles/{battle}/ws", params={"token": token}, timeout=10)
        requests.get(f"{gateway.url}/v1/battles/{battle}", params={"token": created["gm_token"][:-3] + "xyz"},
                     timeout=10)

        async def socket() -> None:
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(f"{gateway.url}/v1/battles/{battle}/ws",
                                              params={"token": created["gm_token"]}) as ws:
                    await ws.receive(timeout=10)
                    await ws.send_str("not json")
                    await ws.receive(timeout=10)

        asyncio.run(socket())
    # The test's own HTTP client (urllib3) logs the URLs it asks for; every other line is ours.
    text = "\n".join(record.getMessage() for record in caplog.records if not record.name.startswith("urllib3"))
    access = [r.getMessage() for r in caplog.records if r.name == "aiohttp.access"]
    assert any(f"/v1/battles/{battle}/menu" in line for line in access), "the access log wrote nothing"
    for token in secrets_sent:
        assert token not in text
        assert token.split(".")[1] not in text
    assert "token=" not in text
