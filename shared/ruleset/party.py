"""The party sheet: one shared sheet per game (a crew, a ship, shared Story Points).
Top-level `party`, Capability API 1.144 (schemaVersion 2); `lists`, `builder` and
`fromMembers` are Capability API 1.163.

Owns: `Party`, `Advancement`, `FromMember`, `PartyBuilder`. Fields, pools and lists use
the character sheet's own models (`sheet_fields.Field`, `sheet_live.LivePool`,
`sheet_lists.SheetList`), so party pools follow the same current/max rules as character
pools. What the party's parts name (a pool's maximum, `hideWhen`, advancement and summary
ids, the member fields `fromMembers` sums) is checked in `checks/party.py`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, field_validator, model_validator

from .base import Id, Label, Model, gate, unsupported
from .gm import PROMPT_SAFE, SheetSummary
from .sheet_fields import Field as SheetField
from .sheet_lists import SheetList
from .sheet_live import LivePool

#: `advancement.text` and `text`.
PartyText = Annotated[str, StringConstraints(min_length=1, max_length=400), PROMPT_SAFE]


class Advancement(Model):
    """The fields the Game Master may change permanently (`[sheet: sheet="party"
    op="advance" ...]`), and a line on when to."""

    fields: Annotated[list[Id], Field(min_length=1, max_length=24)] | None = None
    text: PartyText | None = None

    @field_validator("fields")
    @classmethod
    def _distinct(cls, ids: list[str] | None) -> list[str] | None:
        for i, x in enumerate(ids or []):
            if x in (ids or [])[:i]:
                raise ValueError(f'field "{x}" is named twice')
        return ids


class FromMember(Model):
    """A party number field computed from the characters present whenever the shared
    sheet is read: how many there are (`count: true`) or the sum of one of their number
    fields (`sum`)."""

    field: Id
    count: Literal[True] | None = None
    sum: Id | None = None

    @model_validator(mode="after")
    def _one(self) -> "FromMember":
        if (self.count is None) == (self.sum is None):
            raise ValueError('give exactly one of "count": true and "sum"')
        return self


class BuilderStep(Model):
    """A guided-setup step; `rows` adds rows to one of the party's lists."""

    id: Id
    label: Label
    kind: Literal["rows"]
    list: Id


class PartyBuilder(Model):
    steps: Annotated[list[BuilderStep], Field(min_length=1, max_length=24)]

    @field_validator("steps")
    @classmethod
    def _ids(cls, steps: list[BuilderStep]) -> list[BuilderStep]:
        seen: set[str] = set()
        for step in steps:
            if step.id in seen:
                raise ValueError(f'step id "{step.id}" is used twice')
            seen.add(step.id)
        return steps


class Party(Model):
    label: Label
    fields: Annotated[list[SheetField], Field(max_length=60)] | None = None
    pools: Annotated[list[LivePool], Field(max_length=60)] | None = None
    lists: Annotated[list[SheetList], Field(max_length=12)] | None = Field(
        default=None, json_schema_extra=gate("1.163")
    )
    builder: PartyBuilder | None = Field(
        default=None,
        json_schema_extra=unsupported(
            "1.163",
            "the guided party builder is an editor feature written like the character "
            "builder, whose shape the spec does not give",
        ),
    )
    fromMembers: Annotated[list[FromMember], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.163")
    )
    advancement: Advancement | None = None
    text: PartyText | None = None
    summary: SheetSummary | None = None

    @model_validator(mode="after")
    def _shape(self) -> "Party":
        if not self.fields and not self.pools:
            raise ValueError('the party sheet needs at least one of "fields" and "pools"')
        seen: dict[str, str] = {}
        for what, items in (("field", self.fields), ("pool", self.pools), ("list", self.lists)):
            for item in items or []:
                if item.id in seen:
                    raise ValueError(
                        f'id "{item.id}" is used twice in the party sheet ({seen[item.id]} and {what})'
                    )
                seen[item.id] = what
        for field in self.fields or []:
            if field.section is not None:
                raise ValueError(f'field "{field.id}" names a section, but the party sheet has no sections')
        for lst in self.lists or []:
            if lst.section is not None:
                raise ValueError(f'list "{lst.id}" names a section, but the party sheet has no sections')
        if self.summary is not None and self.summary.derived:
            raise ValueError('the party sheet has no derived values, so "summary.derived" must be empty')
        return self

    def party_field(self, field_id: str) -> SheetField | None:
        return next((f for f in self.fields or [] if f.id == field_id), None)

    def party_list(self, list_id: str) -> SheetList | None:
        return next((x for x in self.lists or [] if x.id == list_id), None)
