"""Layers: variants of the ruleset the player turns on when a game is created.

A layer only narrows and appends: it takes values out of enum fields (never adds any),
hides catalog entries, replaces the difficulty ladder in the shape of the ruleset's own
resolution kind, and adds lines of guidance for the Game Master. So a sheet stays
readable whichever layers a game chose.

Owns: `Layer` and its parts (`LayerGm`, `LayerField`, `CatalogHide`, `LayerCatalog`,
`LayerStep`). What a layer names elsewhere in the package (fields and their values,
catalogs and filters, other layers, the ladder's shape) is checked in `checks/layers.py`.
"""

from __future__ import annotations

from typing import Annotated, Sequence

from pydantic import Field, StringConstraints, field_validator, model_validator

from .base import EntryId, Id, Label, Model, Number
from .gm import PROMPT_SAFE
from .resolution_common import unique_labels

#: A layer's guidance reaches the Game Master's prompt verbatim, so it is prompt-safe.
LayerText = Annotated[str, StringConstraints(min_length=1, max_length=4000), PROMPT_SAFE]
FieldValue = Annotated[str, StringConstraints(min_length=1, max_length=80)]


class LayerGm(Model):
    """A line of guidance for every turn while the layer is on, and one for world
    generation."""

    guidance: LayerText | None = None
    worldGuidance: LayerText | None = None


class LayerField(Model):
    """Values taken out of an enum field while the layer is on, and the value the field
    then starts from (`default`)."""

    id: Id
    removeValues: Annotated[list[FieldValue], Field(min_length=1, max_length=40)]
    default: Annotated[str, Field(max_length=80)] | None = None

    @field_validator("removeValues")
    @classmethod
    def _distinct(cls, values: list[str]) -> list[str]:
        for i, v in enumerate(values):
            if v in values[:i]:
                raise ValueError(f'value "{v}" is listed twice')
        return values

    @model_validator(mode="after")
    def _default_kept(self) -> "LayerField":
        if self.default is not None and self.default in self.removeValues:
            raise ValueError(f'"default" "{self.default}" is one of the values the layer removes')
        return self


class CatalogHide(Model):
    """Hides the entries whose `filter` value is `above` or `below` a number, `equals` a
    word, or is not in `notIn` (exactly one of the four)."""

    filter: Id
    above: Number | None = None
    below: Number | None = None
    equals: Annotated[str, Field(max_length=80)] | None = None
    notIn: Annotated[list[Annotated[str, Field(max_length=80)]], Field(min_length=1, max_length=24)] | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> "CatalogHide":
        given = [k for k in ("above", "below", "equals", "notIn") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(
                'give exactly one of "above", "below", "equals", "notIn"'
                + (f" (found {', '.join(given)})" if given else "")
            )
        return self

    @property
    def test(self) -> str:
        return next(k for k in ("above", "below", "equals", "notIn") if getattr(self, k) is not None)


class LayerCatalog(Model):
    id: EntryId
    hide: CatalogHide


#: The key that gives a ladder step's difficulty in each resolution kind.
STEP_KEY_BY_KIND: dict[str, str] = {"dice-sum": "dc", "dice-pool": "successes", "symbol-pool": "dice"}


class LayerStep(Model):
    """A step of a layer's ladder, in the shape of the ruleset's own resolution kind:
    `dc` (dice-sum), `successes` and an optional `target` (dice-pool), or `dice` and an
    optional `upgrades` (symbol-pool)."""

    label: Label
    dc: Annotated[int, Field(ge=-100, le=1000)] | None = None
    successes: Annotated[int, Field(ge=1, le=100)] | None = None
    target: Annotated[int, Field(ge=2, le=100)] | None = None
    dice: Annotated[int, Field(ge=0, le=10)] | None = None
    upgrades: Annotated[int, Field(ge=0, le=10)] | None = None

    @model_validator(mode="after")
    def _one_shape(self) -> "LayerStep":
        given = [k for k in ("dc", "successes", "dice") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(
                'a ladder step gives exactly one of "dc" (dice-sum), "successes" (dice-pool) '
                'or "dice" (symbol-pool)' + (f" (found {', '.join(given)})" if given else "")
            )
        if self.target is not None and self.successes is None:
            raise ValueError('"target" goes only with "successes"')
        if self.upgrades is not None:
            if self.dice is None:
                raise ValueError('"upgrades" goes only with "dice"')
            if self.upgrades > self.dice:
                raise ValueError(f'"upgrades" {self.upgrades} is more than the {self.dice} dice thrown')
        return self

    @property
    def shape(self) -> str:
        return next(k for k in ("dc", "successes", "dice") if getattr(self, k) is not None)


def _distinct_ids(items: Sequence[Model], what: str) -> None:
    seen: set[str] = set()
    for item in items:
        item_id = getattr(item, "id")
        if item_id in seen:
            raise ValueError(f'{what} "{item_id}" is named twice')
        seen.add(item_id)


class Layer(Model):
    id: Id
    label: Label
    summary: Annotated[str, StringConstraints(min_length=1, max_length=300)] | None = None
    #: Layers that cannot be on together with this one.
    conflicts: Annotated[list[Id], Field(max_length=12)] | None = None
    gm: LayerGm | None = None
    fields: Annotated[list[LayerField], Field(max_length=24)] | None = None
    difficultyLadder: Annotated[list[LayerStep], Field(min_length=1, max_length=12)] | None = None
    catalogs: Annotated[list[LayerCatalog], Field(max_length=24)] | None = None

    @field_validator("conflicts")
    @classmethod
    def _conflicts(cls, conflicts: list[str] | None) -> list[str] | None:
        for i, c in enumerate(conflicts or []):
            if c in (conflicts or [])[:i]:
                raise ValueError(f'layer "{c}" is named twice')
        return conflicts

    @field_validator("fields")
    @classmethod
    def _fields(cls, fields: list[LayerField] | None) -> list[LayerField] | None:
        _distinct_ids(fields or [], "field")
        return fields

    @field_validator("catalogs")
    @classmethod
    def _catalogs(cls, catalogs: list[LayerCatalog] | None) -> list[LayerCatalog] | None:
        _distinct_ids(catalogs or [], "catalog")
        return catalogs

    @field_validator("difficultyLadder")
    @classmethod
    def _ladder(cls, ladder: list[LayerStep] | None) -> list[LayerStep] | None:
        if ladder:
            unique_labels(ladder)
            shapes = {step.shape for step in ladder}
            if len(shapes) > 1:
                raise ValueError("every step gives the same key (" + ", ".join(sorted(shapes)) + " are mixed)")
        return ladder

    @model_validator(mode="after")
    def _not_self(self) -> "Layer":
        if self.id in (self.conflicts or []):
            raise ValueError(f'layer "{self.id}" names itself in "conflicts"')
        return self
