"""Per-battle bearer tokens: who the caller is (the GM or a named player) in one battle.

Owns: `Principal` and `Tokens`. A token is `<payload>.<mac>`: the payload names the battle,
the role (`gm`, `player` or `spectator`: a read-only watcher) and the player, with 96
random bits (`n`) so no two tokens are alike; the mac is an HMAC-SHA256 of it under the
gateway's secret, compared in constant time. Tokens are stateless, so any gateway sharing
the secret (`BATTLE_TOKEN_SECRET`) accepts them and the store keeps nothing for them; the
embedded default makes a random secret per process. A token is valid for its own battle
only. Tokens are never logged.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass
from typing import Literal, Mapping

from .errors import ApiError

SECRET_ENV = "BATTLE_TOKEN_SECRET"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True)
class Principal:
    battle: str
    role: Literal["gm", "player", "spectator"]
    player: str | None = None

    @property
    def gm(self) -> bool:
        return self.role == "gm"

    @property
    def spectator(self) -> bool:
        """A spectator watches: reads the public view and the log, never acts."""
        return self.role == "spectator"

    def may_act(self, controller: str, player: str | None) -> bool:
        """Players act only for the characters assigned to them; the GM for GM-controlled
        combatants. Engine-controlled combatants are never anybody's to answer, and a
        spectator answers for nobody."""
        if self.spectator:
            return False
        if self.gm:
            return controller == "gm"
        return controller == "player" and player is not None and player == self.player


class Tokens:
    def __init__(self, secret: bytes | str | None = None) -> None:
        if secret is None:
            secret = os.environ.get(SECRET_ENV) or secrets.token_bytes(32)
        self._key = secret.encode("utf-8") if isinstance(secret, str) else secret

    def _mac(self, payload: str) -> str:
        return _b64(hmac.new(self._key, payload.encode("ascii"), hashlib.sha256).digest()[:24])

    def issue(self, principal: Principal) -> str:
        body = {"b": principal.battle, "r": principal.role, "n": secrets.token_urlsafe(12)}
        if principal.player is not None:
            body["p"] = principal.player
        payload = _b64(json.dumps(body, separators=(",", ":"), sort_keys=True).encode("utf-8"))
        return f"{payload}.{self._mac(payload)}"

    def verify(self, token: str | None, battle: str) -> Principal:
        """The principal a token names for `battle`; `ApiError` 403 otherwise."""
        if not token:
            raise ApiError("unauthorized", "a battle token is required (Authorization: Bearer TOKEN)")
        # A token is ASCII; anything else (a header or query decoded to other characters)
        # cannot be one, and hmac.compare_digest compares only ASCII text.
        if not token.isascii():
            raise ApiError("unauthorized", "the token is not valid")
        payload, _, mac = token.partition(".")
        if not mac or not hmac.compare_digest(mac, self._mac(payload)):
            raise ApiError("unauthorized", "the token is not valid")
        try:
            body = json.loads(_unb64(payload))
        except ValueError:
            raise ApiError("unauthorized", "the token is not valid") from None
        if body.get("b") != battle:
            raise ApiError("unauthorized", "the token belongs to another battle")
        return Principal(battle=battle, role=body["r"], player=body.get("p"))

    def from_request(self, headers: Mapping[str, str], query: Mapping[str, str], battle: str) -> Principal:
        """The bearer token of the Authorization header, else the `token` query parameter
        (browsers cannot set headers on a WebSocket)."""
        auth = headers.get("Authorization", "")
        token = auth[7:].strip() if auth[:7].lower() == "bearer " else query.get("token")
        return self.verify(token, battle)
