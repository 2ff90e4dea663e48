"""Keys spec/mechanics-1 adds to an `applies` item: how a hold is escaped and when a
condition ends as its holder acts.

Owns: `ApplyExt1` (re-exported by `ext_m1`, which the other blocks import) and
`EndsWhenHolder`. Kept in its own module so `applies` can import it without importing
the mixins that themselves hold `Apply` lists.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .base import EntryId, Id, Model, unsupported


class EndsWhenHolder(Model):
    """Removes the condition once its holder has attacked, or used an entry from one of
    `casts` (an item use that casts from such a catalog counts)."""

    attacks: bool | None = None
    casts: Annotated[list[EntryId], Field(min_length=1, max_length=12)] | None = None

    @model_validator(mode="after")
    def _one(self) -> "EndsWhenHolder":
        if not self.attacks and self.casts is None:
            raise ValueError('"endsWhenHolder" needs "attacks": true or "casts"')
        return self


class ApplyExt1(Model):
    #: The escape contest from this hold is rolled against the entry's own save DC.
    escapeDc: Literal["save"] | None = Field(
        default=None,
        json_schema_extra=unsupported("1.174", "escaping against an entry's save DC is resolved by no planned issue"),
    )
    #: The contest checks that can shake off this hold (spell holds).
    escapeChecks: Annotated[list[Id], Field(min_length=1, max_length=12)] | None = Field(
        default=None,
        json_schema_extra=unsupported("1.175", "spell holds are resolved by no planned issue"),
    )
    endsWhenHolder: EndsWhenHolder | None = Field(
        default=None,
        json_schema_extra=unsupported("1.180", "conditions that end as their holder acts are resolved by no planned issue"),
    )
