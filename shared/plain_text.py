"""Text from outside (a ruleset's names and labels, a character's name, the GM model's
words) made safe to put in a battle log line or a prompt.

Owns: `plain(text)`. A log line is one line, and a Game Master reply's commands are
bracketed tags (`[clock: name="x" tick="1"]`, `[sheet: ...]`) that the game service
rewrites as receipts; so a name that carried a line break could fake a log line of its
own, and one that opened a tag could forge a command or a receipt wherever the log or a
prompt is read again. `plain` turns every line break, control or direction-changing
character into a space and the bracket of every tag opener (`[` then a word and a colon)
into a parenthesis. Brackets that open no tag (`actions[0].toHit`) stay, and text that
needs nothing (every sentence the Engine writes from its own words) comes back as it was.
"""

from __future__ import annotations

import re

#: `[` opening a tag: a word and a colon after it, as `shared.clocks.tags` and the host read them.
_TAG_OPENER = re.compile(r"\[(?=\s*[A-Za-z][\w-]*\s*:)")


def plain(text: str) -> str:
    """`text` on one line, opening no tag (see the module docstring)."""
    if text.isprintable() and "[" not in text:
        return text
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else " " for ch in text)
    return _TAG_OPENER.sub("(", text)
