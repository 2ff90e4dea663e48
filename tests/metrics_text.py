"""Reading a `/metrics` page in the tests: one sample's value by its name and labels, parsed
by prometheus-client's own text parser."""

from __future__ import annotations


def samples(text: str) -> dict[tuple[str, frozenset], float]:
    """Prometheus text -> {(sample name, its labels): value}."""
    from prometheus_client.parser import text_string_to_metric_families

    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def sample(text: str, name: str, **labels: str) -> float:
    """The value of the sample `name` with exactly `labels`; 0 when the page has none."""
    return samples(text).get((name, frozenset(labels.items())), 0.0)
