"""docs/spec-index.md maps every spec section to its model, module and tests, and stays true.

The mapping is docs/spec-index.toml; tests/spec_index.py reads, checks and renders it. Renaming
a model class, moving a module or a test, or adding a spec heading fails here, naming the
section to update.
"""

from __future__ import annotations

import pytest

from tests import spec_index


@pytest.fixture(scope="module")
def sections() -> list[spec_index.Section]:
    return spec_index.load()


def test_every_spec_heading_is_in_the_mapping_in_order(sections):
    folder = spec_index.spec_folder()
    if folder is None:
        pytest.skip(f"the spec is not beside this checkout (looked in {', '.join(map(str, spec_index.SPEC_CANDIDATES))})")
    headings = spec_index.spec_headings(folder)
    assert [(s.file, s.level, s.heading) for s in sections] == headings


def test_every_model_module_test_and_refused_key_named_exists(sections):
    assert spec_index.check(sections, None) == []


def test_every_section_but_notes_and_titles_names_where_it_lives(sections):
    # A section with neither module nor refusal must say why in a note (a translator's
    # note, a title, a list of other sections' keys).
    empty = [f"{s.file}: {s.heading}" for s in sections if not (s.modules or s.refused or s.note)]
    assert empty == []
    untested = [f"{s.file}: {s.heading}" for s in sections if (s.modules or s.refused) and not s.tests]
    assert untested == []


def test_the_page_is_generated_from_the_mapping(sections):
    page = spec_index.PAGE.read_text(encoding="utf-8")
    assert page == spec_index.render(sections), "regenerate: python -m tests.spec_index"


def test_a_wrong_name_is_reported_by_section():
    # The checker's own messages, on a section naming one thing of each kind that is not there.
    bad = spec_index.Section(
        file="mechanics-2.md",
        level=2,
        heading="Surprise (Capability API 1.237)",
        models=("NoSuchModel",),
        modules=("shared/combat/no_such.py",),
        tests=("tests/ruleset/test_entry_class_kit.py::test_no_such_test",),
        refused=("Mechanics.initiativeMode",),
    )
    assert spec_index.check([bad], None) == [
        "mechanics-2.md: Surprise (Capability API 1.237): model 'NoSuchModel': "
        "no package model is called that (write it as module:Class)",
        "mechanics-2.md: Surprise (Capability API 1.237): module shared/combat/no_such.py does not exist",
        "mechanics-2.md: Surprise (Capability API 1.237): test "
        "tests/ruleset/test_entry_class_kit.py::test_no_such_test does not exist",
        "mechanics-2.md: Surprise (Capability API 1.237): refused key Mechanics.initiativeMode "
        "is not marked unsupported in the package model",
    ]
