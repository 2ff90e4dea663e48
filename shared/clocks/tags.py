"""The tag grammar of a Game Master reply: `[clock: ...]`, `[sheet: ...]`,
`[skill_check: ...]` and `[use: ...]` commands, found in the text, read into attributes, and written back as
receipts.

Owns: `Tag` (one tag: its word, its tokens, where it sits in the text), `find_tags`,
`render` (the receipt: the tag as the model wrote it, minus any result attributes the
model wrote, plus the Engine's own), `rewrite` (the reply with chosen tags replaced) and
`safe_value` (text that can stand inside a receipt's quotes).

The grammar, exactly: a tag is `[`, optional spaces, the word `clock`, `sheet`,
`skill_check` or `use` (any case), optional spaces, `:`, then anything but square brackets, then `]`. Inside, tokens
are separated by whitespace and read in this order of preference:

- `key="value"`: a quoted value (no double quote inside) closed by a quote that is
  followed by whitespace or the end of the tag; no spaces around `=`;
- `key=value`: an unquoted value (no whitespace, no double quote);
- `key`: a bare flag (`clear`);
- anything else up to the next whitespace is junk, and makes the tag malformed.

`result`, `now` and `reason` are the Engine's attributes: whatever the model wrote under
those names is discarded before the command is read (`Tag.dropped` says which were).
Reading never fails, and a receipt
reads back as the same tokens, so rewriting a rewritten reply changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

TAG = re.compile(r"\[\s*(clock|sheet|skill_check|use)\s*:([^\[\]]*)\]", re.IGNORECASE)

_KEY = r"[A-Za-z_][A-Za-z0-9_-]*"
_QUOTED = re.compile(rf'({_KEY})="([^"]*)"(?=\s|$)')
_UNQUOTED = re.compile(rf'({_KEY})=([^\s"]+)')
_FLAG = re.compile(rf"({_KEY})(?=\s|$)")
_JUNK = re.compile(r"\S+")
_SPACE = re.compile(r"\s+")

#: Rounds of reading a tag as it will be written (see `tokenize`).
MAX_ROUNDS = 16

#: Attributes only the Engine writes; the model's own are dropped.
RESULT_KEYS = frozenset({"result", "now", "reason"})


@dataclass(frozen=True)
class Token:
    """`key="value"` (`value` set), a bare `key` flag (`value` None), or junk (`key` None,
    `text` as written)."""

    key: str | None
    value: str | None = None
    text: str = ""

    def render(self) -> str:
        if self.key is None:
            return self.text
        if self.value is None:
            return self.key
        return f'{self.key}="{self.value}"'


@dataclass
class Tag:
    word: str
    tokens: list[Token]
    start: int
    end: int
    raw: str
    #: The Engine's attributes the model wrote itself (`result`, `now`, `reason`), dropped.
    dropped: frozenset[str] = frozenset()

    @property
    def junk(self) -> list[str]:
        return [t.text for t in self.tokens if t.key is None]

    def attrs(self) -> list[Token]:
        return [t for t in self.tokens if t.key is not None]

    def first(self, key: str) -> Token | None:
        return next((t for t in self.tokens if t.key is not None and t.key.lower() == key), None)


def _tokens(inner: str, dropped: set[str] | None = None) -> list[Token]:
    tokens: list[Token] = []
    at = 0
    size = len(inner)
    while True:
        space = _SPACE.match(inner, at)
        if space:
            at = space.end()
        if at >= size:
            return tokens
        for pattern, flag in ((_QUOTED, False), (_UNQUOTED, False), (_FLAG, True)):
            m = pattern.match(inner, at)
            if m:
                token = Token(m.group(1), None if flag else m.group(2))
                break
        else:
            m = _JUNK.match(inner, at)
            assert m is not None
            token = Token(None, None, m.group(0))
        at = m.end()
        if token.key is not None and token.key.lower() in RESULT_KEYS:
            if dropped is not None:
                dropped.add(token.key.lower())
            continue
        tokens.append(token)


def _render_tokens(tokens: list[Token]) -> str:
    return " ".join(t.render() for t in tokens)


def tokenize(inner: str, dropped: set[str] | None = None) -> list[Token]:
    """Every token of a tag's inside, result attributes dropped. Never fails.

    The tokens are those of the receipt the tag becomes: dropping the model's result
    attributes can bring a stray quote next to text it now pairs with, so the inside is
    read again as it will be written until it reads the same (a few rounds at most)."""
    tokens = _tokens(inner, dropped)
    for _ in range(MAX_ROUNDS):
        again = _tokens(_render_tokens(tokens))
        if again == tokens:
            return tokens
        tokens = again
    return tokens


def find_tags(text: str) -> list[Tag]:
    """The clock, sheet, check and use tags of `text`, in the order they appear."""
    tags = []
    for m in TAG.finditer(text):
        dropped: set[str] = set()
        tokens = tokenize(m.group(2), dropped)
        tags.append(Tag(m.group(1).lower(), tokens, m.start(), m.end(), m.group(0), frozenset(dropped)))
    return tags


_UNSAFE = str.maketrans({'"': "'", "[": "(", "]": ")"})


def safe_value(text: str) -> str:
    """`text` made fit for a receipt's quotes: one line, no double quotes, no brackets."""
    text = text.translate(_UNSAFE)
    return "".join(" " if (ord(ch) < 32 or ord(ch) == 127 or ch in "\u2028\u2029\x85") else ch for ch in text)


def render(tag: Tag, result: list[tuple[str, str]]) -> str:
    """The receipt: `[word: <tokens as written> result="..." ...]`."""
    parts = [t.render() for t in tag.tokens]
    # A value written right after its quote and never blank, so no stray quote the model
    # left can pair with a receipt's quotes when the receipt is read again.
    parts += [f'{key}="{safe_value(value).strip() or "-"}"' for key, value in result]
    return f"[{tag.word}: " + " ".join(parts) + "]"


@dataclass
class Rewrites:
    """Receipts by tag, applied to the reply in one pass."""

    text: str
    receipts: dict[int, str] = field(default_factory=dict)

    def put(self, tag: Tag, receipt: str) -> None:
        self.receipts[tag.start] = receipt

    def result(self, tags: list[Tag]) -> str:
        out: list[str] = []
        at = 0
        for tag in tags:
            receipt = self.receipts.get(tag.start)
            if receipt is None:
                continue
            out.append(self.text[at : tag.start])
            out.append(receipt)
            at = tag.end
        out.append(self.text[at:])
        return "".join(out)
