"""The `fuzz` hypothesis profile: `make fuzz` loads it (`--hypothesis-profile=fuzz`) and every
fuzz test then runs its own share of examples (`budget.py`). Registered here, an initial
conftest when pytest is pointed at tests/fuzz, so it exists before the profile is loaded."""

from hypothesis import HealthCheck, settings

from tests.fuzz.budget import FUZZ_EXAMPLES, PROFILE

settings.register_profile(PROFILE, max_examples=FUZZ_EXAMPLES, deadline=None, database=None,
                          suppress_health_check=list(HealthCheck))
