"""Senses and sight (spec/mechanics-1, Capability API 1.178 to 1.182): what the combat
block declares and what conditions, creatures and items grant.

Owns: `SenseDecl` (one `combat.senses` entry), `Sight` (`combat.sight`), `ComponentDecl`
(one `combat.components` entry), `Unseen` (a condition's `unseen`), `SenseAdd` and
`SenseGrants` (`"senses": { "darkvision": 60 }`, or `{ "add": 60 }` from 1.182). No planned
issue resolves senses beyond line of sight on a board, so the keys that carry these are
marked unsupported where they are declared.
"""

from __future__ import annotations

from typing import Annotated, Mapping

from pydantic import Field

from .base import Id, Label, Model, Number, ValueRef


class SenseDecl(Model):
    """A sense that sees where eyes cannot; a character's range is read through
    `sheet` (zero means no sense); a `blind` sense works without eyes."""

    id: Id
    label: Label
    sheet: ValueRef | None = None
    blind: bool | None = None


class Sight(Model):
    unseenAttacks: bool | None = None
    #: The sense that is sight, so a blinded creature sees only with a `blind` sense.
    eyes: Id | None = None


class ComponentDecl(Model):
    id: Id
    label: Label


class Unseen(Model):
    """Hides the holder from anyone without one of the `pierced` senses in range."""

    pierced: Annotated[list[Id], Field(min_length=1, max_length=8)] | None = None


class SenseAdd(Model):
    """Added to the holder's own range for that sense, or given outright (1.182)."""

    add: Annotated[Number, Field(gt=0)]


SenseRange = Annotated[Number, Field(gt=0)]
#: Sense id to a range in the ruleset's distance unit (or an addition to it).
SenseGrants = Annotated[dict[Id, SenseRange | SenseAdd], Field(min_length=1, max_length=8)]
#: A creature's own senses: sense id to a range.
CreatureSenses = Annotated[dict[Id, SenseRange], Field(min_length=1, max_length=8)]


def sense_add_paths(grants: Mapping[str, object] | None) -> list[str]:
    """The sense ids granted in the `{ "add": n }` form (Capability API 1.182)."""
    return [k for k, v in (grants or {}).items() if isinstance(v, SenseAdd)]
