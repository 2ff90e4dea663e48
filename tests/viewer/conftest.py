"""Fixtures of the browser tests: Debian's Chromium driven by playwright (the system
browser through `executable_path`; playwright never downloads one), the live gateway,
and the folder the screenshots are saved in (`test-artifacts/viewer/`, not committed).

Without a Chromium (`apt-get install chromium`; `.ci/run` installs it) or without the
playwright package (the dev extras), every browser test is skipped saying which is missing.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.conftest import ROOT
from tests.viewer.scenario import LiveGateway

ARTIFACTS = ROOT / "test-artifacts" / "viewer"
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")


def chromium_path() -> str | None:
    found = os.environ.get("MARINARA_CHROMIUM")
    if found:
        return found
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the playwright package is not installed (pip install -e '.[dev]')")
    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium on this machine (apt-get install chromium; .ci/run installs it)")
    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=path, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def gateway() -> Iterator[LiveGateway]:
    with LiveGateway() as live:
        yield live


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
