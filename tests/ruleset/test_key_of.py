"""`key_of` reads a key the way `getattr(obj, key, default)` does, `any_key` answers what
`any(key_of(...))` answers, and `Ruleset.sets_key` names every key a package sets (upstream
packages)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from shared.ruleset import load_package
from pydantic import BaseModel

from shared.combat.cures import CURE_KEYS, OTHER_EFFECT_KEYS
from shared.combat.targeting import RESTRICTING_KEYS
from shared.ruleset.base import any_key, key_of
from shared.ruleset.creature_actions import CreatureAction
from shared.ruleset.mechanics.block import Mechanics

UPSTREAM = Path(__file__).resolve().parent.parent / "data" / "upstream"


FIVE_E = load_package(UPSTREAM / "ruleset-5e-2014.example.json")


def _objects(node: object) -> list[object]:
    """Every package object under `node` (models in models, lists and dicts)."""
    found: list[object] = []
    if isinstance(node, BaseModel):
        found.append(node)
        for value in node.__dict__.values():
            found += _objects(value)
    elif isinstance(node, (list, tuple)):
        for item in node:
            found += _objects(item)
    elif isinstance(node, dict):
        for item in node.values():
            found += _objects(item)
    return found


#: Every object of the upstream packages, and a few that are not package objects.
OBJECTS = [o for name in ("ruleset-5e-2014.example.json", "ember-roads.json", "gravewatch.json")
           for o in _objects(load_package(UPSTREAM / name))] + [None, {"ends": 1}, "text"]
#: The key tuples the menu asks `any_key` about, and keys no shape has or only a class answers.
KEYS = sorted(set(CURE_KEYS + OTHER_EFFECT_KEYS + RESTRICTING_KEYS + ("id", "kind", "xyz", "model_fields_set", "layers_on")))


def _entry(catalog: str, entry: str) -> object:
    found = next(c for c in FIVE_E.catalogs or [] if c.id == catalog)
    return next(e for e in found.entries if e.id == entry)


def test_a_key_the_shape_lacks_reads_as_the_default_and_one_it_has_as_its_value() -> None:
    lurker = _entry("creatures", "thorn-lurker").creature  # type: ignore[attr-defined]
    action = lurker.actions[0]
    assert isinstance(action, CreatureAction)
    assert key_of(action, "stabilizes") is None  # entries' mechanics have it, creature actions do not
    assert key_of(action, "stabilizes", "none") == "none"
    assert key_of(action, "id") == action.id
    assert key_of(action, "model_fields_set") == action.model_fields_set  # what the class answers still reads
    assert key_of(None, "kind") is None


@given(st.sampled_from(sorted(Mechanics.model_fields) + ["teleportz", "stabilizes_", "xyz", "model_dump"]))
def test_key_of_reads_what_getattr_reads_on_entry_mechanics(key: str) -> None:
    mech = _entry("feats", "second-effort").mechanics  # type: ignore[attr-defined]
    assert isinstance(mech, Mechanics)
    read, expected = key_of(mech, key, "absent"), getattr(mech, key, "absent")
    assert read == expected if not callable(expected) else read.__func__ is expected.__func__


@given(st.sampled_from(OBJECTS), st.lists(st.sampled_from(KEYS), max_size=6).map(tuple))
def test_any_key_answers_what_key_of_answers_on_every_upstream_object(obj: object, keys: tuple[str, ...]) -> None:
    assert any_key(obj, keys) == any(key_of(obj, key) for key in keys)


@pytest.mark.parametrize("keys", [CURE_KEYS, OTHER_EFFECT_KEYS, RESTRICTING_KEYS])
def test_the_menus_key_tuples_read_alike_on_every_upstream_object(keys: tuple[str, ...]) -> None:
    # Exhaustive over the objects (a few thousand) for the three tuples the menu asks about.
    assert [any_key(o, keys) for o in OBJECTS] == [any(key_of(o, k) for k in keys) for o in OBJECTS]
    if keys is not RESTRICTING_KEYS:  # no upstream package narrows its targets
        assert any(any_key(o, keys) for o in OBJECTS)  # they do cure, and do more than cure


@pytest.mark.parametrize(("package", "used", "unused"), [
    ("ruleset-5e-2014.example.json", "attackRoll", "teleport"),
    ("gravewatch.json", "pool", "zone"),
])
def test_sets_key_names_keys_the_package_sets_anywhere(package: str, used: str, unused: str) -> None:
    rs = load_package(UPSTREAM / package)
    assert rs.sets_key(used)
    assert not rs.sets_key(unused)


def test_a_missing_key_still_raises_naming_it_and_private_attributes_still_read() -> None:
    mech = _entry("feats", "second-effort").mechanics  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match="'Mechanics' object has no attribute 'teleportz'"):
        mech.teleportz  # noqa: B018
    assert FIVE_E.layers_on == ()  # a private attribute, read through the models' __getattr__
