"""Rests: a list of recovery steps and things to clear.

Owns: `Rest`, `RestStep` (one target among `pool`, `poolGroup`, `listPools`, `track`,
`state`; `to` or `by`; `recharge`, `kind` and `shared` where they apply), the two shapes of
`by` (`{ "const": n }`, `{ "fractionOfMax": f, "round": ..., "min": n }`) and `RestClear`.
What a step names is checked in checks/rests.py; what it does is shared/sheet/rests.py.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Iterable, Literal

from pydantic import Discriminator, Field, Tag, model_validator

from .base import Id, Label, Model, gate
from .conditions import CONDITION_LIST_GATES, CONDITION_LIST_MAX, condition_list_gates
from .gates import Gate, ValueGate
from .sheet_derived import Rounding

STEP_TARGETS = ("pool", "poolGroup", "listPools", "track", "state")


class ByConst(Model):
    const: int


class ByFraction(Model):
    fractionOfMax: Annotated[float, Field(gt=0, le=1)]
    round: Rounding = "down"
    min: Annotated[int, Field(ge=0)] = 0


def _by_shape(value: Any) -> str:
    # Pick the shape by its key, so a wrong fraction is reported once, at "fractionOfMax".
    if isinstance(value, ByFraction) or (isinstance(value, dict) and "fractionOfMax" in value):
        return "fraction"
    return "const"


By = Annotated[
    Annotated[ByConst, Tag("const")] | Annotated[ByFraction, Tag("fraction")],
    Discriminator(_by_shape),
]


class RestStep(Model):
    pool: Id | None = None
    poolGroup: Id | None = None
    listPools: Id | None = None
    recharge: Annotated[list[Annotated[str, Field(min_length=1, max_length=80)]], Field(min_length=1, max_length=12)] | None = None
    track: Id | None = None
    kind: Id | None = Field(default=None, json_schema_extra=gate("1.40"))
    state: Id | None = Field(default=None, json_schema_extra=gate("1.42"))
    to: Literal["max", "min"] | int | Annotated[str, Field(min_length=1, max_length=80)] | None = None
    by: By | None = None
    shared: bool | None = Field(default=None, json_schema_extra=gate("1.77"))

    @property
    def target(self) -> str:
        return next(k for k in STEP_TARGETS if getattr(self, k) is not None)

    @model_validator(mode="after")
    def _one_target(self) -> "RestStep":
        targets = [k for k in STEP_TARGETS if getattr(self, k) is not None]
        if len(targets) != 1:
            raise ValueError(
                "a recovery step names exactly one of "
                + ", ".join(f'"{k}"' for k in STEP_TARGETS)
                + (f" (found {', '.join(targets)})" if targets else " (found none)")
            )
        if (self.to is None) == (self.by is None):
            raise ValueError('a recovery step has exactly one of "to" and "by"')
        if self.state is not None:
            if self.by is not None or not isinstance(self.to, str):
                raise ValueError('a "state" step only sets: give "to" as "default" or one of the state\'s values')
        elif isinstance(self.to, str) and self.to not in ("max", "min"):
            raise ValueError(f'"to" is "max", "min" or a whole number, not "{self.to}"')
        if self.recharge is not None and self.listPools is None:
            raise ValueError('"recharge" picks the rows of "listPools", so it goes only with "listPools"')
        if self.kind is not None and self.track is None:
            raise ValueError('"kind" picks the marks of a harm track, so it goes only with "track"')
        if self.shared is not None:
            if self.poolGroup is None or not isinstance(self.by, ByFraction):
                raise ValueError('"shared" hands out a fraction of a whole group: it needs "poolGroup" and "by" with "fractionOfMax"')
        return self


class RestClear(Model):
    #: A rest clears as many conditions as a sheet holds (mechanics-1: up to 640 by
    #: Capability API, 80 before 1.188).
    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = dict(CONDITION_LIST_GATES)

    text: Annotated[list[Id], Field(max_length=12)] = Field(default_factory=list)
    conditions: Literal["all"] | Annotated[list[Id], Field(max_length=CONDITION_LIST_MAX)] = Field(default_factory=list)

    def extra_gates(self) -> Iterable[Gate]:
        if isinstance(self.conditions, list):
            yield from condition_list_gates(RestClear, self.conditions)


class Rest(Model):
    id: Id
    label: Label
    restore: Annotated[list[RestStep], Field(max_length=40)] = Field(default_factory=list)
    clear: RestClear | None = None
