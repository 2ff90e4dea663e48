"""The registry's names and its first-add-wins rule as properties (issue 22, section 5): a
name reads back as written; a community name is never official whatever id it copies, and a
bare id names only the official one; and over any sequence of adds on a store, every ref lists
the first package added under it for good, official entries come only from the official
source, and each add answers new, no-op or `version-taken` exactly as that rule says."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.ruleset.load import package_digest
from shared.ruleset.registry import OFFICIAL, RulesetName, namespace_of, read_name
from shared.service.battles import BattleService
from shared.service.rulesets import VERSION_TAKEN, Added, RulesetRegistry
from shared.sheet.refusal import Refusal
from shared.store import MemoryBattleStore
from shared.store.games import MemoryGameStore
from tests.ruleset.minimal import minimal_package

SLUG = st.from_regex(r"[a-z0-9][a-z0-9_-]{0,20}", fullmatch=True)
VERSION = st.integers(min_value=1, max_value=999_999_999)


@given(SLUG, SLUG, st.none() | VERSION)
def test_a_name_reads_back_as_written(source, ruleset_id, version):
    name = RulesetName(namespace_of(source), ruleset_id, version)
    assert read_name(str(name)) == name


@given(SLUG.filter(lambda s: s != OFFICIAL), SLUG, st.none() | VERSION)
def test_a_community_name_is_never_official_and_a_bare_id_is(source, ruleset_id, version):
    community = read_name(f"community/{source}/{ruleset_id}" + (f"@{version}" if version else ""))
    assert community is not None and community.namespace == f"community/{source}" != OFFICIAL
    bare = read_name(ruleset_id + (f"@{version}" if version else ""))
    assert bare == RulesetName(OFFICIAL, ruleset_id, version)


ADD = st.tuples(st.sampled_from(["official", "acme", "tavern"]), st.integers(1, 3), st.integers(0, 2))


@settings(max_examples=25, deadline=None)
@given(st.lists(ADD, min_size=1, max_size=8))
def test_the_first_package_under_a_version_is_the_one_listed(adds):
    registry = RulesetRegistry(BattleService(MemoryBattleStore()), MemoryGameStore())
    first: dict[str, str] = {}
    for source, version, variant in adds:
        package = {**minimal_package(), "version": version, "name": f"Test Roads {variant}"}
        digest = package_digest(package)
        ref = f"{namespace_of(source)}/test-roads@{version}"
        answer = registry.add(package, source)
        if ref not in first:
            assert isinstance(answer, Added) and answer.new and answer.entry.ref == ref
            first[ref] = digest
        elif first[ref] == digest:
            assert isinstance(answer, Added) and not answer.new
        else:
            assert isinstance(answer, Refusal) and answer.code == VERSION_TAKEN
    entries = registry.entries()
    assert {e.ref: e.digest for e in entries} == first
    assert {e.ref for e in entries if e.namespace == OFFICIAL} == {
        f"official/test-roads@{version}" for source, version, _ in adds if source == OFFICIAL}
    for ref, digest in first.items():
        assert registry.resolve(ref) == digest
