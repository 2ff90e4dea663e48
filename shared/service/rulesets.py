"""The ruleset registry: packages listed by namespace, id and version over their digests.

Owns: `RulesetRegistry(battles, games)` (add, list, resolve, remove), its answers (`Added`,
`Removed`, `StillPinned`) and refusal codes. The gateway's `/v1/rulesets` routes and
`battle rulesets list|add|remove` both call it, so they refuse alike.

- A package is stored by its digest (as every package is) and listed under
  `<namespace>/<id>@<version>` (`shared.ruleset.registry`). Adding the same package again
  is a no-op that answers the entry listed; another package under a listed version is
  refused (`version-taken`), asking its author to raise `version`.
- A game pins the digest it was created on (its record's `ruleset`), never a name: a later
  version under the same name leaves it playing the rules it started with.
- Removing takes entries off the list. When games pin one of them the removal is refused
  with their count (`ruleset-pinned`) unless forced. The package text stays under its
  digest either way (stored rulesets never expire), so a game or battle pinned to it keeps
  playing: a removed ruleset only loses its name, and no new game can be started by it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shared.ruleset.registry import (
    LOCAL_SOURCE,
    OFFICIAL,
    RegistryEntry,
    RulesetName,
    check_source,
    namespace_of,
    read_name,
)
from shared.sheet.refusal import Refusal
from shared.store.games_base import GameStore

from .battles import BattleService

#: Refusal codes (the gateway's statuses: 400, 400, 404, 409, 409).
BAD_NAME = "bad-request"
BAD_SOURCE = "bad-source"
UNKNOWN_RULESET = "unknown-ruleset"
VERSION_TAKEN = "version-taken"
PINNED = "ruleset-pinned"

#: What a digest starts with: a `ruleset` that is one names its package directly.
DIGEST_PREFIX = "sha256:"


@dataclass(frozen=True)
class Added:
    """The entry listed for the package; `new` is False when this very package was listed
    under its version already (nothing changed)."""

    entry: RegistryEntry
    new: bool


@dataclass(frozen=True)
class Removed:
    """The entries taken off the list, and how many games still pin one of them (0 unless
    the removal was forced)."""

    entries: list[RegistryEntry]
    games: int


@dataclass(frozen=True)
class StillPinned(Refusal):
    """A removal refused because `games` games pin what it would remove."""

    games: int = 0


def _games(n: int) -> str:
    return f"{n} game pins" if n == 1 else f"{n} games pin"


class RulesetRegistry:
    def __init__(self, battles: BattleService, games: GameStore) -> None:
        self.battles = battles
        self.games = games

    # -- reading -----------------------------------------------------------------------
    def entries(self, namespace: str | None = None, ruleset_id: str | None = None) -> list[RegistryEntry]:
        """Every listed entry (of one namespace and id when given), by namespace, id, version."""
        found = [RegistryEntry.model_validate_json(text) for text in self.battles.store.registered_rulesets().values()]
        found = [e for e in found if (namespace is None or e.namespace == namespace)
                 and (ruleset_id is None or e.id == ruleset_id)]
        return sorted(found, key=lambda e: (e.namespace != OFFICIAL, e.namespace, e.id, e.version))

    def named(self, name: RulesetName) -> list[RegistryEntry]:
        """The entries `name` names: its one version, or every version when it names none."""
        return [e for e in self.entries(name.namespace, name.id) if name.version in (None, e.version)]

    def resolve(self, ruleset: str) -> str | Refusal:
        """The digest `ruleset` names: a digest as it is, or a registry name (`official/5e-2014`,
        `community/acme/ember-roads@2`, a bare id for the official one), whose newest
        version is meant when it names none."""
        if ruleset.startswith(DIGEST_PREFIX):
            return ruleset
        name = read_name(ruleset)
        if name is None:
            return Refusal(BAD_NAME, f'"{ruleset}" is neither a digest nor a registry name such as '
                           '"official/5e-2014", "community/<source>/<id>" or either of them with "@<version>"')
        found = self.named(name)
        if not found:
            return Refusal(UNKNOWN_RULESET, f"no ruleset is listed as {name}")
        return found[-1].digest

    # -- writing -----------------------------------------------------------------------
    def add(self, package: Any, source: str = LOCAL_SOURCE) -> Added | Refusal:
        """Validates and stores `package` (JSON, or `Shipped`) and lists it under its
        source's namespace. Raises PackageError for a package that is refused."""
        bad = check_source(source)
        if bad is not None:
            return Refusal(BAD_SOURCE, bad)
        digest = self.battles.put_ruleset(package)
        ruleset = self.battles.ruleset(digest)
        namespace = namespace_of(source)
        name = RulesetName(namespace, ruleset.id, ruleset.version)
        entry = RegistryEntry(ref=str(name), namespace=namespace, id=ruleset.id, version=ruleset.version,
                              digest=digest, name=ruleset.name,
                              license=ruleset.license.spdx if ruleset.license is not None else None)
        listed = self.battles.store.register_ruleset(entry.ref, entry.model_dump_json())
        if listed is None:
            return Added(entry, new=True)
        other = RegistryEntry.model_validate_json(listed)
        if other.digest == digest:
            return Added(other, new=False)
        newest = max(e.version for e in self.entries(namespace, ruleset.id))
        return Refusal(VERSION_TAKEN,
                       f"{name.name} version {ruleset.version} is already stored with other content "
                       f'({other.digest}): raise "version" above {newest} to add this package as a new version')

    def remove(self, name: RulesetName, force: bool = False) -> Removed | Refusal:
        """Takes `name` (one version, or every version when it names none) off the list;
        refused with the count of games that pin it unless `force`."""
        found = self.named(name)
        if not found:
            return Refusal(UNKNOWN_RULESET, f"no ruleset is listed as {name}")
        games = self.games.count_pinning({e.digest for e in found})
        if games and not force:
            return StillPinned(PINNED, f"{_games(games)} {name}: remove it with force to take it off the list "
                               "anyway (those games keep playing it)", games=games)
        for entry in found:
            self.battles.store.unregister_ruleset(entry.ref)
        return Removed(found, games)
