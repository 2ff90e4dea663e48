"""Tests of the pure battle resolver (shared/combat)."""
