"""Damage types and the kinds of harm a blow marks on a harm track (spec/combat-1
"damageTypes", "damageKinds"; combat-2 "The target picks the kind of harm", 1.148).

Owns: `DamageTypeList` (compared case-insensitively, so "Fire" and "fire" are one type)
and `DamageKinds` (`default`, `byType`, `marks`, `remap`). Whether the kinds are kinds of
the health track is checked in `checks/combat.py`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from .base import Id, Model, ValueRef, gate

DamageTypeName = Annotated[str, Field(min_length=1, max_length=40)]


def _distinct_ignoring_case(names: list[str]) -> list[str]:
    seen: dict[str, str] = {}
    for name in names:
        key = name.lower()
        if key in seen:
            raise ValueError(f'"{name}" and "{seen[key]}" are the same damage type (compared case-insensitively)')
        seen[key] = name
    return names


DamageTypeList = Annotated[list[DamageTypeName], Field(max_length=40), AfterValidator(_distinct_ignoring_case)]


class Remap(Model):
    """When `when`, read on the target, is non-zero, a blow of kind `from` marks as `to`;
    with `tags`, only attacks carrying one of those item tags. The first match wins."""

    when: ValueRef
    from_: Id = Field(alias="from")
    to: Id
    tags: Annotated[list[Id], Field(min_length=1, max_length=24)] | None = None

    @model_validator(mode="after")
    def _moves(self) -> "Remap":
        if self.from_ == self.to:
            raise ValueError(f'"from" and "to" are both "{self.to}", so the rule changes nothing')
        return self


class DamageKinds(Model):
    """Which kind of the harm track a blow marks (`default` for everything unmapped,
    `byType` by damage type) and whether it marks per point or per blow (no default:
    the two mean opposite things)."""

    default: Id
    byType: dict[DamageTypeName, Id] | None = None
    marks: Literal["per-point", "per-blow"]
    remap: Annotated[list[Remap], Field(min_length=1, max_length=12)] | None = Field(
        default=None, json_schema_extra=gate("1.148")
    )

    @model_validator(mode="after")
    def _keys_once(self) -> "DamageKinds":
        if self.byType:
            _distinct_keys(list(self.byType))
        return self


def _distinct_keys(keys: list[str]) -> None:
    seen: dict[str, str] = {}
    for key in keys:
        low = key.lower()
        if low in seen:
            raise ValueError(
                f'"byType" gives both "{seen[low]}" and "{key}": its keys are case-insensitive, so that is one key twice'
            )
        seen[low] = key
