"""docs/capabilities.md is generated from the models; it must say what the code does."""

from __future__ import annotations

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
    assert any(row.key == "loot" for row in refused)
