"""Capability API gates: which keys a package may use for the API it declares.

Owns: `ApiVersion` (`{"major": 1, "minor": 145}`, compared as numbers, so 1.108 is after
1.47), and `check_gates`, which walks a validated package and refuses

* a key marked `gate(api, schema=2)` in a schemaVersion 1 package, or in a package whose
  declared `capabilityApi` is older than `api`;
* a key marked `gate(api)` in a package whose declared `capabilityApi` is older than
  `api` (a schemaVersion 1 package declares no API and is read as written for the
  baseline the published files use; see docs/format.md);
* a key marked `unsupported(...)`: the format knows it, this engine does not resolve it
  yet, so the package is refused rather than the rule silently ignored.

Models add value-level gates (an enum value newer than its key, a list longer than it used
to be, a key that an object gained later than another object did) by declaring them in
`VALUE_GATES` (`{(key, label): api or ValueGate}`) and yielding `declared_gate(...)` from
`extra_gates(self)`. The declaration is the one source: the refusal reads it, and so does
the capability table (docs/capabilities.md); a gate nobody declared cannot be built.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from .base import Model
from .errors import PathPart, Problems, format_path

ENGINE_NAME = "marinara-battle"


@dataclass(frozen=True, order=True)
class ApiVersion:
    major: int
    minor: int

    @classmethod
    def parse(cls, text: str) -> "ApiVersion":
        major, _, minor = text.partition(".")
        return cls(int(major), int(minor or 0))

    def __str__(self) -> str:
        return f"{self.major}.{self.minor}"


class CapabilityApi(Model):
    """The package's declared Capability API: `{"major": 1, "minor": 145}`."""

    major: int
    minor: int

    def version(self) -> ApiVersion:
        return ApiVersion(self.major, self.minor)


@dataclass(frozen=True)
class Gate:
    """A key at `path` that needs `api` (and `schema`, when the spec says so)."""

    path: tuple[PathPart, ...]
    api: str | None
    schema: int | None = None
    unsupported: str | None = None
    #: The value that needs the gate, for value-level gates (an enum value newer than its key).
    value: str | None = None
    #: The declared `VALUE_GATES` label of a value-level gate.
    label: str | None = None


@dataclass(frozen=True)
class ValueGate:
    """What a value-level gate needs: a Capability API, a schemaVersion, or (`unsupported`)
    nothing will do yet — the value is refused with that reason."""

    api: str | None
    schema: int | None = None
    unsupported: str | None = None


def declared_value_gates(model: type) -> dict[tuple[str, str], ValueGate]:
    """Every value-level gate `model` declares, its bases' and mixins' included; a class
    that declares an empty `VALUE_GATES` has none of its bases' (a stat block's area takes
    no shape a catalog entry's area gained later)."""
    out: dict[tuple[str, str], ValueGate] = {}
    for cls in reversed(model.__mro__):
        own = cls.__dict__.get("VALUE_GATES")
        if own is None:
            continue
        if not own:
            out = {}
        for key, spec in own.items():
            out[key] = spec if isinstance(spec, ValueGate) else ValueGate(spec)
    return out


def declared_gate(model: type, key: str, label: str, path: tuple[PathPart, ...] | None = None) -> Gate:
    """The gate `model` declares for (`key`, `label`), at `path` (the key itself when not
    given). A KeyError here is a gate the model yields without declaring it."""
    spec = declared_value_gates(model)[(key, label)]
    return Gate(path if path is not None else (key,), spec.api, spec.schema, spec.unsupported, label=label)


@dataclass(frozen=True)
class FieldMarks:
    """What `gate()` or `unsupported()` wrote on a field: its Capability API, schemaVersion
    and the reason it is refused (each None when not marked)."""

    api: str | None
    schema: int | None
    unsupported: str | None


def field_marks(info: FieldInfo) -> FieldMarks:
    """The gate marks of a model field (read by the refusals here and the capability table)."""
    extra = info.json_schema_extra
    if not isinstance(extra, dict):
        return FieldMarks(None, None, None)
    api, schema, reason = extra.get("x-capabilityApi"), extra.get("x-schemaVersion"), extra.get("x-unsupported")
    return FieldMarks(
        api if isinstance(api, str) else None,
        schema if isinstance(schema, int) else None,
        reason if isinstance(reason, str) else None,
    )


def _field_gate(model: BaseModel, name: str, path: tuple[PathPart, ...]) -> Gate | None:
    marks = field_marks(type(model).model_fields[name])
    if marks.api is None and marks.schema is None and marks.unsupported is None:
        return None
    return Gate(path, marks.api, marks.schema, marks.unsupported)


def _scalar_at(node: Any, steps: Sequence[PathPart]) -> str | None:
    """The scalar a value-level gate points at, so its message can name it."""
    cur = node
    for step in steps:
        if isinstance(step, int) and isinstance(cur, list | tuple) and 0 <= step < len(cur):
            cur = cur[step]
        elif isinstance(step, str) and isinstance(cur, BaseModel):
            name = next(
                (n for n, f in type(cur).model_fields.items() if (f.alias or n) == step), None
            )
            if name is None:
                return None
            cur = getattr(cur, name, None)
        else:
            return None
    if isinstance(cur, bool):
        return None  # a flag newer than its key is named by the key alone
    if isinstance(cur, str | int | float):
        return str(cur)
    return None


def collect_gates(node: Any, path: tuple[PathPart, ...] = ()) -> Iterable[Gate]:
    """Every gated key actually written in the package, with its JSON path."""
    if isinstance(node, BaseModel):
        extra_gates = getattr(node, "extra_gates", None)
        if callable(extra_gates):
            for g in extra_gates():
                value = g.value if g.value is not None else _scalar_at(node, g.path)
                yield Gate(path + tuple(g.path), g.api, g.schema, g.unsupported, value, g.label)
        fields_set = node.model_fields_set
        # Field order, not set order: the same package reports its lines in the same order.
        for name in type(node).model_fields:
            if name not in fields_set or name == "comment":
                continue
            value = getattr(node, name, None)
            if value is None:
                continue
            info = type(node).model_fields[name]
            key = info.alias or name
            sub = path + (key,)
            g = _field_gate(node, name, sub)
            if g is not None:
                yield g
            yield from collect_gates(value, sub)
    elif isinstance(node, list | tuple):
        for i, item in enumerate(node):
            yield from collect_gates(item, path + (i,))
    elif isinstance(node, dict):
        for k, item in node.items():
            yield from collect_gates(item, path + (str(k),))


def check_gates(
    package: BaseModel,
    schema_version: int,
    declared: ApiVersion | None,
    problems: Problems,
    prefix: Sequence[PathPart] = (),
) -> None:
    for g in collect_gates(package, tuple(prefix)):
        where = format_path(g.path)
        key = next((p for p in reversed(g.path) if isinstance(p, str)), where)
        if g.value is not None:
            key = f'{key}" value "{g.value}'
        if g.unsupported is not None:
            api = f" (Capability API {g.api})" if g.api else ""
            problems.add(
                where, f'"{key}"{api} is not supported by {ENGINE_NAME} yet: {g.unsupported}'
            )
            continue
        if g.api is None:
            continue
        needed = ApiVersion.parse(g.api)
        if g.schema is not None and schema_version < g.schema:
            problems.add(
                where,
                f'"{key}" needs schemaVersion {g.schema} and capabilityApi {g.api} or later '
                f"(this package declares schemaVersion {schema_version})",
            )
        elif declared is not None and declared < needed:
            problems.add(
                where,
                f'"{key}" needs capabilityApi {g.api} or later (this package declares {declared})',
            )
