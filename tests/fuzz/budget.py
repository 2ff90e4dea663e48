"""How many examples a fuzz test runs: FUZZ_EXAMPLES under `make fuzz` (the `fuzz`
hypothesis profile is loaded), a quick few under `make test`."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis.errors import InvalidArgument

PROFILE = "fuzz"
#: Examples per fuzz test under `make fuzz`. Five fuzz tests make 12,500 in all.
FUZZ_EXAMPLES = 2500


def _fuzzing() -> bool:
    try:
        return settings.default.max_examples == settings.get_profile(PROFILE).max_examples
    except InvalidArgument:  # the profile is not registered: pytest was not pointed at tests/fuzz
        return False


def budget(quick: int) -> settings:
    """Settings for one fuzz test: the profile's examples when fuzzing, `quick` otherwise."""
    return settings(max_examples=FUZZ_EXAMPLES if _fuzzing() else quick, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))
