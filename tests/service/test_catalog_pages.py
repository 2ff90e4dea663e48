"""Properties of a catalog page (shared.service.catalogs), on the 5e-srd sample's spells and
Ember Roads' knacks: paging through with any limit gives every entry holding the chosen
filter values exactly once, in the catalog's order, and `total` counts them; an entry
always holds its own filter values, so choosing them never hides it."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.ruleset import load_package
from shared.ruleset.load import read_package
from shared.service.catalogs import MAX_PAGE_LIMIT, catalog_page
from shared.sheet.refusal import Refusal
from tests.conftest import UPSTREAM

SRD = load_package(read_package(UPSTREAM / "5e-srd").data)
EMBER = load_package(json.loads((UPSTREAM / "ember-roads.json").read_text()))
CATALOGS = [(SRD, "spells"), (SRD, "weapons"), (EMBER, "knacks")]


def _as_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@st.composite
def choices(draw: st.DrawFn) -> tuple[Any, str, str, dict[str, str]]:
    ruleset, catalog_id = draw(st.sampled_from(CATALOGS))
    catalog = next(c for c in ruleset.catalogs if c.id == catalog_id)
    entry = draw(st.sampled_from(catalog.entries))
    own = {k: v for k, v in (entry.filters or {}).items() if v is not None and v != []}
    picked = draw(st.lists(st.sampled_from(sorted(own)), unique=True, max_size=len(own))) if own else []
    chosen = {}
    for fid in picked:
        value = own[fid]
        chosen[fid] = _as_text(draw(st.sampled_from(value)) if isinstance(value, list) else value).upper()
    return ruleset, catalog_id, entry.id, chosen


@settings(max_examples=60, deadline=None)
@given(choice=choices(), limit=st.integers(min_value=1, max_value=MAX_PAGE_LIMIT))
def test_pages_give_every_holding_entry_once_and_never_hide_the_one_chosen_from(choice, limit):
    ruleset, catalog_id, entry_id, chosen = choice
    seen: list[str] = []
    offset, total = 0, None
    while True:
        page = catalog_page("sha256:" + "0" * 64, ruleset, catalog_id, offset=offset, limit=limit, chosen=chosen)
        assert not isinstance(page, Refusal)
        total = page.total
        seen += [e["id"] for e in page.entries]
        assert len(page.entries) <= limit
        if offset + limit >= page.total:
            break
        offset += limit
    assert len(seen) == len(set(seen)) == total
    order = [e.id for e in next(c for c in ruleset.catalogs if c.id == catalog_id).entries]
    assert seen == [i for i in order if i in seen]
    assert entry_id in seen
