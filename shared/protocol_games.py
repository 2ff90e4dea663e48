"""Messages of the game routes (`/v1/games/...`) and the battle bridge (`/v1/bridge/...`),
pydantic v2; the gateway's OpenAPI document is generated from them with the rest of
`shared.protocol`.

Owns: creating a game, a Game Master reply and its receipt, the clocks and the party
sheet as read, a party save, the members present, choosing a snapshot, the GM reminder;
the bridge's import and write-back bodies. Sheets and receipts pass through as the pure
core's own JSON.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from .dice.rng import SEED_MAX
from .protocol import Message

SnapshotId = Field(min_length=1, max_length=200, pattern=r"^[A-Za-z0-9][A-Za-z0-9._:-]*$")
MAX_REPLY = 200_000


class RulesetChoice(Message):
    """A stored ruleset (`ruleset`: its digest, or its registry name such as `official/5e-2014`
    or `community/acme/ember-roads@2`, the newest version when it names none; the game pins
    that version's digest) or an inline `package`: the package's JSON,
    `{"ruleset": {...}, "assets": {"catalogs/spells.json": {...}}}` carrying the catalog
    files it names, or `{"zip": "<base64>"}`, a zip of its folder."""

    ruleset: str | None = None
    package: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _one_ruleset(self) -> "RulesetChoice":
        if (self.ruleset is None) == (self.package is None):
            raise ValueError('give exactly one of "ruleset" (a digest) and "package"')
        return self


class CreateGame(RulesetChoice):
    """A new game: its id, its ruleset, the characters present (`{name, sheet}`; a member
    without a sheet is `{name}` and rolls checks on the blank build) and, optionally, the
    seed of its dice (a random one when left out) and the ruleset's `layers` it turns on (ids;
    an unknown layer or a conflicting pair is refused, `bad-layers`)."""

    game: str = Field(min_length=1, max_length=128, pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
    members: list[dict[str, Any]] = Field(default_factory=list, max_length=64)
    seed: int | None = Field(default=None, ge=0, le=SEED_MAX)
    layers: list[str] = Field(default_factory=list, max_length=12)


class GameReply(Message):
    """A Game Master reply stored as snapshot `snapshot`. `parent` names the snapshot it
    follows: a regeneration names the one before the reply it replaces, `null` is the
    game's beginning, and leaving it out continues from the current snapshot."""

    snapshot: str = SnapshotId
    parent: str | None = Field(default=None, min_length=1, max_length=200)
    text: str = Field(max_length=MAX_REPLY)
    #: Who wrote it: the Game Master (the default), or a member in their own turn, which
    #: applies no sheet or clock command (they are kept as written).
    author: Literal["gm", "member"] = "gm"


class ClockOut(Message):
    name: str
    size: int
    filled: int


class Receipt(Message):
    """One command's receipt. A check's carries every attribute its receipt tag shows
    (`check`: the ask in numbers, `rolls`, `total`, `result`, ...)."""

    tag: str
    result: str
    now: str | None = None
    reason: str | None = None
    #: A refused character command's reason in words (`Hit dice has 0 left, not enough to
    #: spend 1`); the tag itself carries only the code.
    message: str | None = None
    #: Left out of the JSON when not a check, so other receipts read as they always did.
    check: dict[str, str] | None = Field(default=None, exclude_if=lambda value: value is None)
    #: A use's attributes (`paid`, `dice`, `rolls`, `amount`, `did`, ...); left out when not a use.
    use: dict[str, str] | None = Field(default=None, exclude_if=lambda value: value is None)


class GameCheck(Message):
    """A check or save for a member, asked as the `[skill_check: ...]` tag asks it: `skill`
    names a skill, a save or an ability (id, label or short form); the difficulty is `dc`
    (a number, or a ladder step's name) or `difficulty` (a step). The rest are the Game
    Master's per-check freedoms, each honoured only where the ruleset allows it."""

    skill: str = Field(min_length=1, max_length=100)
    who: str | None = Field(default=None, min_length=1, max_length=80)
    dc: int | str | None = None
    difficulty: str | None = Field(default=None, min_length=1, max_length=100)
    with_: str | None = Field(default=None, alias="with", min_length=1, max_length=100)
    mode: Literal["normal", "advantage", "disadvantage"] = "normal"
    threshold: int | None = Field(default=None, ge=-100, le=1000)
    bonus: int | None = Field(default=None, ge=-100, le=100)
    spend: str | None = Field(default=None, min_length=1, max_length=100)
    reroll: str | None = Field(default=None, min_length=1, max_length=100)
    explode: int | None = Field(default=None, ge=-100, le=1000)
    double: int | None = Field(default=None, ge=-100, le=1000)
    upgrades: int | None = Field(default=None, ge=0, le=100)
    rolls: int | None = Field(default=None, ge=1, le=1000)


class CheckRolled(Message):
    """A check rolled: `result`, every attribute of its receipt (`check`), the receipt as
    the tag a reply would carry, and the game's revision after the dice it took."""

    game: str
    snapshot: str | None
    result: Literal["success", "failure"]
    check: dict[str, str]
    receipt: str
    revision: int


class GameUse(Message):
    """An ability, feature or spell used for a member, asked as the `[use: ...]` tag asks
    it: `entry` by the name the Game Master was shown or the entry's label; `level` pays a
    spell slot of that level or higher (upcasting); `target` names whom it is aimed at."""

    entry: str = Field(min_length=1, max_length=100)
    who: str | None = Field(default=None, min_length=1, max_length=80)
    level: int | None = Field(default=None, ge=1, le=99)
    target: str | None = Field(default=None, min_length=1, max_length=80)


class UseMade(Message):
    """A use made: every attribute of its receipt (`use`: `paid`, `level`, `dice`, `rolls`,
    `amount`, the typical enemy's roll, `did`), the receipt as the tag a reply would carry,
    and the game's revision after the dice it took."""

    game: str
    snapshot: str | None
    result: Literal["used"]
    use: dict[str, str]
    receipt: str
    revision: int


class ReplyApplied(Message):
    """The reply with every command rewritten as a receipt, and the clocks after it.
    `duplicate` is true when this snapshot id was already stored with this text."""

    game: str
    snapshot: str
    parent: str | None
    text: str
    clocks: list[ClockOut]
    receipts: list[Receipt]
    revision: int
    partyRevision: int
    duplicate: bool


class GameClocks(Message):
    game: str
    snapshot: str | None
    current: str | None
    clocks: list[ClockOut]


class GameParty(Message):
    """The shared party sheet as shown (`label`, visible `fields`, `pools` as
    `{current, max}`, `lists`, `fromMembers`, `notes`), and the revision a save names."""

    game: str
    snapshot: str | None
    partyRevision: int
    party: dict[str, Any]


class GameReminder(Message):
    game: str
    snapshot: str | None
    text: str


class GameView(Message):
    """A game at a snapshot; `flags` lists, per member, each value their stored sheet holds
    that the ruleset (with the game's `layers` on) no longer offers (kept as stored, not
    refused)."""

    game: str
    snapshot: str | None
    current: str | None
    revision: int
    partyRevision: int
    ruleset: str
    #: The layers the game turned on at creation, frozen with `ruleset` (its pin).
    layers: list[str] = Field(default_factory=list)
    clocks: list[ClockOut]
    party: dict[str, Any] | None = None
    reminder: str
    flags: dict[str, list[str]] = Field(default_factory=dict)
    #: Each member's live state at this snapshot by name (pools, marks, tracks, states...),
    #: only what differs from a fresh sheet: `{"Brom": {"pools": {"hp": 23}}}`.
    live: dict[str, dict[str, Any]] = Field(default_factory=dict)


class PartySave(Message):
    """A player's save of the party's permanent values, opened at `revision`."""

    revision: int = Field(ge=0)
    fields: dict[str, Any] | None = None
    lists: dict[str, Any] | None = None


class GameMembers(Message):
    members: list[dict[str, Any]] = Field(max_length=64)


class MemberPicks(Message):
    """Catalog entries to pick onto a member's sheet, in order (`<catalog>/<entry>`)."""

    entries: list[str] = Field(min_length=1, max_length=50)

    @model_validator(mode="after")
    def _refs(self) -> "MemberPicks":
        for ref in self.entries:
            if not 3 <= len(ref) <= 200 or "/" not in ref:
                raise ValueError(f'an entry is named "<catalog>/<entry>", not {ref!r}')
        return self


class MemberSheet(Message):
    """A member's stored sheet after a pick or a refresh, at the game's new revision."""

    game: str
    member: str
    sheet: dict[str, Any]
    revision: int


class RefreshOfferOut(Message):
    """One cell "refresh from ruleset" offers: row `row` of list `list` (picked from
    `entry`) holds `current` in `column`, and the ruleset writes `offered`. Taken back as
    it was offered."""

    list: str = Field(min_length=1, max_length=100)
    row: int = Field(ge=0, le=10_000)
    entry: str = Field(min_length=1, max_length=200)
    column: str = Field(min_length=1, max_length=100)
    current: Any = None
    offered: Any = None


class MemberRefreshOffers(Message):
    """What a refresh offers a member: from `ruleset` (a digest), and with `since` (the
    game's pin) only what that version changed since."""

    game: str
    member: str
    ruleset: str
    since: str | None = None
    offers: list[RefreshOfferOut]
    revision: int


class MemberRefresh(Message):
    """The offers a player takes: from `ruleset` (a digest or a registry name; absent: the
    game's pin), each as it was offered."""

    ruleset: str | None = Field(default=None, min_length=1, max_length=300)
    take: list[RefreshOfferOut] = Field(max_length=500)


class MemberRefreshed(MemberSheet):
    """The sheet with the offers taken written, how many were, and what is still offered."""

    ruleset: str
    taken: int
    offers: list[RefreshOfferOut]


class GameFight(Message):
    """A fight started from the game (`POST /v1/battles` with `game`), written back as the
    new snapshot `snapshot`, continuing the current one. Sending the same battle under the
    same snapshot id again answers the stored receipt and writes nothing."""

    snapshot: str = SnapshotId
    battle: str = Field(min_length=1, max_length=200)


class ChooseSnapshot(Message):
    """Shows `snapshot` (a swipe or a message chosen; `null` is the beginning)."""

    snapshot: str | None = Field(min_length=1, max_length=200)


# -- the battle bridge -------------------------------------------------------------------


class HostCombatant(Message):
    """What Marinara's own combat built for a character: its health bar's maximum."""

    maxHealth: int = Field(ge=1, le=1_000_000)


class BridgeImportBody(RulesetChoice):
    """Characters (`{name, sheet}`) lent to a host battle, each with the health bar the
    host built for it (`host`, by member name)."""

    members: list[dict[str, Any]] = Field(min_length=1, max_length=64)
    host: dict[str, HostCombatant]


class BridgeImported(Message):
    """Per member: where the host's bars start, slots by level, skills, and the entries
    left out with why (see docs/games.md)."""

    members: list[dict[str, Any]]


class BridgeEnd(Message):
    """How one combatant left the host battle."""

    health: int = Field(ge=0)
    maxHealth: int = Field(ge=1)
    mp: int | None = Field(default=None, ge=0)
    slots: dict[str, int] | None = None


class BridgeWriteBackBody(RulesetChoice):
    """The sheets as they were when the fight began and how each combatant ended (by
    member name). The import is worked out again from those sheets. `abandoned` writes
    nothing back."""

    members: list[dict[str, Any]] = Field(min_length=1, max_length=64)
    ended: dict[str, BridgeEnd]
    abandoned: bool = False


class BridgeWritten(Message):
    """Each member's sheet after the fight and the changes applied, skipped or refused."""

    members: list[dict[str, Any]]

