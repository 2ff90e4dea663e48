"""`key_of` reads a key the way `getattr(obj, key, default)` does, and `Ruleset.sets_key` names
every key a package sets (upstream packages)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from shared.ruleset import load_package
from shared.ruleset.base import key_of
from shared.ruleset.creature_actions import CreatureAction
from shared.ruleset.mechanics.block import Mechanics

UPSTREAM = Path(__file__).resolve().parent.parent / "data" / "upstream"


FIVE_E = load_package(UPSTREAM / "ruleset-5e-2014.example.json")


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
