"""A package's own Game Master verbs (`gm-verbs.json`, Marinara's Capability API 1.16):
one named like a tag the Engine reads itself (a `sheet` verb would be read as the character
sheet command) refuses the package at import, in a folder, a zip or a bundle sent as JSON;
other verbs leave the package as it is."""

from __future__ import annotations

import io
import json
import re
import zipfile

import pytest

from shared.clocks.tags import TAG
from shared.ruleset.errors import PackageError
from shared.ruleset.gm_verbs import ENGINE_TAGS
from shared.ruleset.shipped import package_from_json, package_from_zip, read_package
from tests.conftest import UPSTREAM, needs_upstream

pytestmark = needs_upstream

SHEET = ('gm-verbs.json: verbs[0].name: "sheet" is the character and party sheet command the Engine reads '
         "itself, so no package verb may take it")


def gravewatch() -> dict:
    return json.loads((UPSTREAM / "gravewatch.json").read_text())


def verbs(*names: str) -> dict:
    return {"schemaVersion": 1, "verbs": [{"name": n, "description": "x", "effect": "state"} for n in names]}


def test_a_verb_named_like_the_sheet_command_refuses_a_folder(tmp_path):
    (tmp_path / "ruleset.json").write_text(json.dumps(gravewatch()))
    (tmp_path / "gm-verbs.json").write_text(json.dumps(verbs("sheet", "weather")))
    with pytest.raises(PackageError) as refused:
        read_package(tmp_path)
    assert refused.value.problems.lines() == [SHEET]
    (tmp_path / "gm-verbs.json").write_text(json.dumps(verbs("weather")))
    assert read_package(tmp_path).data["id"] == gravewatch()["id"]


def test_in_a_zip_and_in_a_bundle_whatever_the_case():
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w") as z:
        z.writestr("ruleset.json", json.dumps(gravewatch()))
        z.writestr("gm-verbs.json", json.dumps(verbs("sheet")))
    with pytest.raises(PackageError) as refused:
        package_from_zip(raw.getvalue())
    assert refused.value.problems.lines() == [SHEET]
    with pytest.raises(PackageError) as refused:
        package_from_json({"ruleset": gravewatch(), "assets": {"gm-verbs.json": verbs("weather", "Clock")}})
    assert refused.value.problems.lines() == [
        'gm-verbs.json: verbs[1].name: "Clock" is the progress clock command the Engine reads itself, '
        "so no package verb may take it"]
    shipped = package_from_json({"ruleset": gravewatch(), "assets": {"gm-verbs.json": verbs("weather")}})
    assert shipped.data["id"] == gravewatch()["id"]
    with pytest.raises(PackageError) as refused:
        package_from_json({"ruleset": gravewatch(), "assets": {"gm-verbs.json": {"verbs": [{"name": "9lives"}]}}})
    assert refused.value.problems.lines() == [
        "gm-verbs.json: verbs[0].name: must be 1-32 lowercase letters, digits or '_', starting with a letter"]


def test_every_tag_word_a_reply_is_read_for_is_reserved():
    # The reply parser's tag words (shared/clocks/tags.py TAG): a kind added there without its
    # word here would let a package verb shadow it.
    words = re.search(r"\(([a-z_|]+)\)", TAG.pattern).group(1).split("|")
    assert set(words) <= set(ENGINE_TAGS)
