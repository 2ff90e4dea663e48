"""A package's own Game Master verbs (`gm-verbs.json`, Marinara's Capability API 1.16): the
names a verb may not take.

Owns: `GM_VERBS_FILE`, `ENGINE_TAGS` (the bracket tags the Engine reads out of a Game
Master's reply itself: this worker's command tags, and Marinara's built-in tags its own
reminders render and its parsers read) and `verb_problems(document)`. A verb named like
one of them (case-folded, as Marinara checks it) would be read as the Engine's own command,
a `[sheet: ...]` verb as a character sheet command, so a package that declares one is
refused at import, naming the verb. Other verbs are Marinara's to carry out (its agent
runtime executes them); this worker reads none of them, and a package carrying them is
otherwise loaded as it is.
"""

from __future__ import annotations

import re
from typing import Any

from .errors import Problems

GM_VERBS_FILE = "gm-verbs.json"

#: Tag word -> what the Engine reads it as. The first rows are this worker's own reply
#: commands (`shared/games/reply.py` TAG_KINDS reads `clock`, `sheet` and `skill_check`);
#: the rest are Marinara's own reminder and narration tags.
ENGINE_TAGS: dict[str, str] = {
    "sheet": "the character and party sheet command",
    "clock": "the progress clock command",
    "check": "the check and save command",
    "skill_check": "the check and save command",
    "use": "the ability and item use command",
    "note": "the journal's note tag",
    "book": "the journal's book tag",
    "action": "a dialogue tag",
    "state": "a built-in Game tag",
    "status": "a built-in Game tag",
    "main": "a dialogue tag",
    "side": "a dialogue tag",
    "extra": "a dialogue tag",
    "thought": "a dialogue tag",
    "whisper": "a dialogue tag",
    "qte_bonus": "the quick-time event tag",
    "qte_result": "the quick-time event tag",
}

#: What a verb's name looks like (Marinara: lowercase, a letter first, at most 32).
VERB_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")


def verb_problems(document: Any, where: str = GM_VERBS_FILE) -> Problems:
    """Why `gm-verbs.json` refuses the package: not `{schemaVersion, verbs: [...]}`, a verb
    without a name of the verb shape, or a verb named like an Engine tag."""
    problems = Problems()
    verbs = document.get("verbs") if isinstance(document, dict) else None
    if not isinstance(verbs, list):
        problems.add(where, 'must be {"schemaVersion": 1, "verbs": [{"name", ...}]}')
        return problems
    for i, verb in enumerate(verbs):
        name = verb.get("name") if isinstance(verb, dict) else None
        at = f"{where}: verbs[{i}].name"
        if not isinstance(name, str) or not VERB_NAME.fullmatch(name.casefold()):
            problems.add(at, "must be 1-32 lowercase letters, digits or '_', starting with a letter")
            continue
        taken = ENGINE_TAGS.get(name.casefold())
        if taken is not None:
            problems.add(at, f'"{name}" is {taken} the Engine reads itself, so no package verb may take it')
    return problems
