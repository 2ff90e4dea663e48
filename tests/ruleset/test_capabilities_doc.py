"""docs/capabilities.md is generated from the models; it must say what the code does."""

from __future__ import annotations

import re

from shared.ruleset.capabilities import capability_table, render_markdown
from tests.conftest import ROOT


def test_capabilities_doc_is_up_to_date():
    doc = (ROOT / "docs" / "capabilities.md").read_text()
    assert doc == render_markdown(), "regenerate: python -m shared.ruleset.capabilities > docs/capabilities.md"


def test_table_knows_keys_from_every_part():
    keys = {(row.model, row.key): row for row in capability_table()}
    assert keys[("Ruleset", "clocks")].api == "1.143" and keys[("Ruleset", "clocks")].schema == 2
    assert keys[("ValueRef", "itemStat")].api == "1.52"
    refused = [row for row in capability_table() if row.unsupported]
    assert any(row.model == "InventoryLine" and row.key == "table" for row in refused)


def test_value_gates_are_built_only_from_declarations():
    # One source: a value-level gate is built by `declared_gate` from a model's VALUE_GATES,
    # the same declarations the table lists, so no refusal can be missing from the table.


    built = []
    for path in sorted((ROOT / "shared" / "ruleset").rglob("*.py")):
        if path.name == "gates.py":
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"(?<![A-Za-z_])Gate\(", line):
                built.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert built == []


def test_values_refused_for_now_are_listed_as_refused():
    rows = {(row.model, row.key): row for row in capability_table()}
    # An aura with only harm or a save (no conditions) plays since issue 28 (aura_harms.py,
    # aura_saves.py): its value row stays, with no refusal.
    assert rows[("Aura", "conditions = 'left out'")].unsupported is None
    # `at: "action"` plays since issue 28 (source_saves.py).
    assert rows[("SaveEnds", "at = 'action'")].unsupported is None
    # A value played now keeps its row, with no refusal (hiding.py plays Search).
    assert rows[("Combat", "standard = 'search'")].unsupported is None
    # A gate declared inside a model (not on a field) is listed too.
    assert rows[("ReducesMax", "save = 'left out'")].api == "1.235"
    assert rows[("Sheet", "derived = 'more than 60 entries'")].api == "1.84"
