"""Where a stored ruleset is listed: its registry name, its version and what it says of itself.

Owns: `RegistryEntry` (one registered package: `ref`, `namespace`, `id`, `version`, `digest`,
`name`, `license`), the source namespaces (`OFFICIAL`, `community_namespace`) and the
grammar of what names a registered ruleset (`RulesetName`, `read_name`).

A package names itself: its `id` and `version` are its own keys and nobody renames it. What
the registry adds is *where it comes from*, which the package cannot say of itself (a
community package may copy an official id word for word). So the one who adds a package
names its source, and the source picks the namespace:

- `official/<id>`: Marinara's first-party rulesets (source `official`), such as
  `official/5e-2014`, the SRD 5.1 package `ruleset-5e-2014`;
- `community/<source>/<id>`: everyone else, under the source's own name
  (`community/acme/ember-roads`); a package added with no source is `community/local/<id>`.

A version is `<name>@<version>` (`official/5e-2014@7`). A bare id (`5e-2014`, `5e-2014@7`)
names the official ruleset and nothing else, so no community package can shadow an official
one whatever id it copies: it lives in a namespace of its own and is reached only by it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from pydantic import BaseModel, ConfigDict

#: The source, and namespace, of Marinara's first-party rulesets.
OFFICIAL: Final = "official"
#: The namespace every other source lives under.
COMMUNITY: Final = "community"
#: The source of a package added without one.
LOCAL_SOURCE: Final = "local"

_SLUG = r"[a-z0-9][a-z0-9_-]{0,79}"
SOURCE_PATTERN: Final = f"^{_SLUG}$"
_SOURCE = re.compile(_SLUG)
# official/<id>, community/<source>/<id>, or a bare <id>; each may end in @<version>.
_NAME = re.compile(rf"(?:(?P<official>{OFFICIAL})/|{COMMUNITY}/(?P<source>{_SLUG})/)?(?P<id>{_SLUG})"
                   r"(?:@(?P<version>[1-9][0-9]{0,8}))?")


def check_source(source: str) -> str | None:
    """None when `source` is a source's name, else why not."""
    if not isinstance(source, str) or not _SOURCE.fullmatch(source):
        return (f'source {source!r} is not 1-80 lowercase letters, digits, "_" or "-" starting with a letter '
                "or digit")
    return None


def namespace_of(source: str) -> str:
    """`official` for the official source, else `community/<source>`."""
    return OFFICIAL if source == OFFICIAL else f"{COMMUNITY}/{source}"


@dataclass(frozen=True)
class RulesetName:
    """A registered ruleset as named: its namespace and id, and a version or None (every
    version, or the newest, as the reader wants)."""

    namespace: str
    id: str
    version: int | None = None

    @property
    def name(self) -> str:
        return f"{self.namespace}/{self.id}"

    def __str__(self) -> str:
        return self.name if self.version is None else f"{self.name}@{self.version}"


def read_name(text: str) -> RulesetName | None:
    """What `official/<id>[@v]`, `community/<source>/<id>[@v]` or a bare `<id>[@v]` (the
    official one) names; None when `text` is none of these."""
    found = _NAME.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        return None
    source = found["source"]
    namespace = namespace_of(source) if source is not None else OFFICIAL
    version = found["version"]
    return RulesetName(namespace, found["id"], int(version) if version is not None else None)


class RegistryEntry(BaseModel):
    """One registered package: `ref` is `<namespace>/<id>@<version>`; `name` and `license`
    (its SPDX id) are the package's own words, kept so a list reads no package."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ref: str
    namespace: str
    id: str
    version: int
    digest: str
    name: str
    license: str | None = None

    @property
    def registry_name(self) -> RulesetName:
        return RulesetName(self.namespace, self.id, self.version)
