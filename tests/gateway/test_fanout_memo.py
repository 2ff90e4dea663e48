"""One feed message reaches every socket of its battle on a gateway; what they send of it
(the events' frames, a caller's prompt or notice) is drawn once, by the first of them."""

from __future__ import annotations

import json

from shared.protocol import EventMessage
from shared.store import FeedMessage
from shared.store.feed import FanOut, Subscription

from gateway.ws import event_texts


def test_every_subscription_gets_the_same_message_and_its_event_texts_are_drawn_once() -> None:
    fanout = FanOut()
    subs = [Subscription(fanout, "b1") for _ in range(3)]
    for sub in subs:
        fanout.add(sub)
    events = [{"seq": 4, "kind": "attack", "text": "Brom hits the Ghoul for 9."},
              {"seq": 5, "kind": "turn", "text": "Ghoul's turn."}]
    fanout.dispatch("b1", json.dumps({"battle_id": "b1", "revision": 7, "status": "active", "events": events,
                                      "hold_changed": False, "hold": None}))
    got = [sub.get_nowait() for sub in subs]
    assert got[0] is not None and got[0] is got[1] is got[2]
    texts = event_texts(got[0])
    assert texts == [EventMessage(event=e).model_dump_json() for e in events]
    assert event_texts(got[0]) is texts  # drawn once: the second socket takes the first one's
    assert FeedMessage.lost("b1") == FeedMessage.lost("b1")  # the memo takes no part in equality
