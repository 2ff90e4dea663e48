"""Game Master text: what the ruleset tells the Game Master, and the prompt-safe text rule.

Owns: `Gm` (`checkGuidance`, `sheetGuidance`, `worldGuidance`, `opposition`,
`sheetSummary`), `SheetSummary` (also the party sheet's `summary`), `SummaryList`,
`PROMPT_SAFE` (the validator of prompt-safe single-line text: the top-level
`gmReference`, guidance, layer, clock and party text) and `GmReference`. The prompt-safe rule itself is `base.prompt_safe`,
which every label shares.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, StringConstraints, field_validator

from .base import Id, Model, gate, prompt_safe

# ---------------------------------------------------------------------------
# Prompt-safe text
# ---------------------------------------------------------------------------


#: The rule of prompt-safe text (`base.prompt_safe`), as a validator of a text's type.
PROMPT_SAFE = AfterValidator(prompt_safe)

#: The full rules reference (top-level `gmReference`, Capability API 1.145, schemaVersion 2).
GmReference = Annotated[str, StringConstraints(min_length=1, max_length=16000), PROMPT_SAFE]

#: `checkGuidance`, `sheetGuidance`, `worldGuidance`: prompt-safe, as every text the
#: Game Master's prompt quotes verbatim.
Guidance = Annotated[str, StringConstraints(min_length=1, max_length=1500), PROMPT_SAFE]

# ---------------------------------------------------------------------------
# Sheet summary
# ---------------------------------------------------------------------------


#: `columns` of a summary list (an alias: the model's own `list` key hides the builtin).
SummaryColumns = Annotated[list[Id], Field(min_length=1, max_length=3)]


class SummaryList(Model):
    """Rows of a list shown to the Game Master: the name from `nameColumn` (a text or an
    enum column), up to three more of the row's `columns`, grouped by `groupBy`, and only
    rows whose boolean `onlyWhen` column is set."""

    list: Id
    nameColumn: Id
    columns: SummaryColumns | None = Field(
        default=None, json_schema_extra=gate("1.37")
    )
    groupBy: Id | None = None
    onlyWhen: Id | None = None


def _distinct(ids: list[str], what: str) -> list[str]:
    for i, x in enumerate(ids):
        if x in ids[:i]:
            raise ValueError(f'{what} "{x}" is named twice')
    return ids


class SheetSummary(Model):
    """What the Game Master sees of each sheet beyond ability modifiers, trained skills
    and saves, and live values."""

    fields: Annotated[list[Id], Field(max_length=24)] = Field(default_factory=list)
    derived: Annotated[list[Id], Field(max_length=24)] = Field(default_factory=list)
    lists: Annotated[list[SummaryList], Field(max_length=8)] = Field(default_factory=list)

    @field_validator("fields")
    @classmethod
    def _fields(cls, ids: list[str]) -> list[str]:
        return _distinct(ids, "field")

    @field_validator("derived")
    @classmethod
    def _derived(cls, ids: list[str]) -> list[str]:
        return _distinct(ids, "derived value")

    @field_validator("lists")
    @classmethod
    def _lists(cls, lists: list[SummaryList]) -> list[SummaryList]:
        _distinct([x.list for x in lists], "list")
        return lists


# ---------------------------------------------------------------------------
# gm
# ---------------------------------------------------------------------------


class Gm(Model):
    """`checkGuidance` replaces the built-in paragraph on calling for checks;
    `sheetGuidance` introduces the sheet; `worldGuidance` is read once, at world
    generation; `opposition` says who plays the opposing side (Capability API 1.774)."""

    checkGuidance: Guidance
    sheetGuidance: Guidance | None = None
    worldGuidance: Guidance | None = None
    opposition: Literal["game-master", "engine"] | None = Field(
        default=None, json_schema_extra=gate("1.774")
    )
    sheetSummary: SheetSummary | None = None
