"""The JSON objects a store keeps without looking inside them: a battle's `State`, its
`Event`s, the single-window `Hold` mirror and the open `Decision`.

Owns only these names, below everything else in the store: the `BattleStore` contract
(`base.py`) and the event fan-out (`feed.py`) both speak of them, and the contract names the
feed it hands out, so they live here rather than in either, where one would have to import
the other both ways.
"""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]
State = dict[str, Any]
Hold = dict[str, Any]
Decision = dict[str, Any]
"""The open decision saved with a revision (who must decide and their menu): an opaque JSON
object to the store, written by the worker that resolved the revision (see `base.BattleStore.save`)."""
