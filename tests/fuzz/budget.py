"""How many examples a fuzz test runs: its own share under `make fuzz` (the `fuzz`
hypothesis profile is loaded), a quick few under `make test`."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis.errors import InvalidArgument

PROFILE = "fuzz"
#: The profile's own number of examples. Each fuzz test states its own share with
#: `budget(quick, fuzz=N)`: packages 4,000 + characters 3,000 + choice sequences 1,500 + 1,500
#: through the service = 10,000 under `make fuzz`.
FUZZ_EXAMPLES = 2500


def _fuzzing() -> bool:
    try:
        return settings.default.max_examples == settings.get_profile(PROFILE).max_examples
    except InvalidArgument:  # the profile is not registered: pytest was not pointed at tests/fuzz
        return False


def budget(quick: int, fuzz: int) -> settings:
    """Settings for one fuzz test: `fuzz` examples when fuzzing, `quick` otherwise."""
    return settings(max_examples=fuzz if _fuzzing() else quick, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))
