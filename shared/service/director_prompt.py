"""What the director tells the GM model, and how it reads the answer.

Owns: `director_messages` (the ruleset's own numbers: the menu with its option ids, costs,
budgets and forecast chances, and the visible state; never a die rolled or to be rolled,
never the log) and `read_choice`, which finds exactly one option id of the current menu in
the reply (prose around it is fine), with the targets named after it, and checks them
against that option. A reply it cannot use answers `Unusable(reason)`, and the director
lets the Engine's tactics decide, saying why.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from shared.combat import BattleState, Option
from shared.combat import numbers as N
from shared.combat.fight import Fight
from shared.combat.state import Window
from shared.plain_text import plain
from shared.ruleset.package import Ruleset

#: An option or combatant id as the menu writes them (`attack:kit:lamp-hook`, `action:bite@act`).
TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9:@._-]*")


@dataclass(frozen=True)
class Unusable:
    """Why a reply cannot be applied, as the end of a sentence ("... so the Engine decides")."""

    reason: str


def _pct(p: float | None) -> str | None:
    return None if p is None else f"{round(p * 100)}%"


def _forecast_line(state: BattleState, f: Any) -> str:
    target = state.combatant(f.target)
    parts = [f"{f.target} ({target.name if target else f.target})"]
    for label, value in (("hit", _pct(f.hit)), ("they save", _pct(f.save)), ("win", _pct(f.win))):
        if value is not None:
            parts.append(f"{label} {value}")
    if f.damage is not None:
        parts.append(f"expected damage {f.damage:.3g}")
    if f.heal is not None:
        parts.append(f"expected healing {f.heal:.3g}")
    return "    - " + ", ".join(parts)


def _option_lines(state: BattleState, option: Option) -> list[str]:
    head = f"- {option.id}: {option.label}"
    facts = []
    if option.budget:
        facts.append(f"spends {option.budget}")
    for cost in option.costs:
        facts.append(f"costs {cost.get('amount')} {cost.get('label') or cost.get('pool')}")
    if option.count:
        facts.append(f"aim at up to {option.count} of: {', '.join(option.targets)}")
    if facts:
        head += " (" + "; ".join(facts) + ")"
    if option.text:
        head += f". {option.text}"
    lines = [head]
    lines += [_forecast_line(state, f) for f in option.forecasts]
    lines += _alter_lines(option)
    return lines


def _alter_lines(option: Option) -> list[str]:
    """The metamagic an option may be used with (mechanics-2 1.253): each id, what it costs
    and changes; the one it needs now, if any."""
    if not option.alters:
        return []
    lines = ["    metamagic you may add (write its id after the option id; one, unless it joins another):"]
    for offer in option.alters:
        facts = [f"costs {c.get('amount')} {c.get('label') or c.get('pool')}" for c in offer.costs]
        if offer.budget:
            facts.append(f"spends {offer.budget} instead")
        if offer.twins:
            facts.append("one more target")
        if offer.spares is not None:
            facts.append(f"up to {offer.spares} of your side caught succeed on the save")
        if offer.heightens:
            facts.append("the first target rolls its first save with disadvantage")
        if offer.joins:
            facts.append("joins another")
        lines.append(f"    - {offer.id}: {offer.label} ({'; '.join(facts)})")
    if option.alterNeeded:
        lines.append(f"    only castable now with {' or '.join(option.alterNeeded)}")
    far = {t: info["alterNeeded"] for t, info in ((option.board or {}).get("targets") or {}).items()
           if info.get("alterNeeded")} if not option.alterNeeded else {}
    for tid, needs in far.items():
        lines.append(f"    {tid} only reachable with {' or '.join(needs)}")
    return lines


def _state_lines(ruleset: Ruleset, state: BattleState) -> list[str]:
    fight = Fight(ruleset, state)
    actor = state.combatant(state.pending.actor) if state.pending else None
    side = actor.side if actor else "foes"
    health = N.health_label(ruleset)
    lines = [f"Round {state.round}."]
    for c in state.combatants:
        current, maximum, temp = N.health(fight, c)
        bits = [f"{health} {current}/{maximum}" + (f" (+{temp} temporary)" if temp else "")]
        if c.conditions:
            bits.append("conditions: " + ", ".join(h.id for h in c.conditions))
        if c.out:
            bits.append("out of the fight")
        elif c.down:
            bits.append("down")
        lines.append(f"- {c.id}: {c.name}, {'your side' if c.side == side else 'the other side'}; " + "; ".join(bits))
    return lines


def _window_line(state: BattleState, window: Window) -> str:
    """The open window as the shared record names it: its moment, who set it off, on whom."""
    def named(cid: str | None) -> str | None:
        c = state.combatant(cid) if cid is not None else None
        return c.name if c is not None else None

    source, target = named(window.source), named(window.target)
    about = ", ".join(part for part in (f"set off by {source}" if source else None,
                                        f"on {target}" if target else None) if part)
    return (f" A window is open ({window.moment}{': ' + about if about else ''}): answer it with one "
            "of the options, or pass (`pass`), which costs nothing.")


#: Ends a reference shortened to fit the request (prompt-safe itself: one line, no brackets).
TRUNCATED = " ... (the rules reference was truncated here: the whole of it would not fit the request)"
REFERENCE_HEADING = "\n\nGame Master rules reference:\n"


def reference_section(ruleset: Ruleset, room: int = 0) -> str:
    """The ruleset's full rules reference for the Game Master (top-level `gmReference`,
    spec/sheet.md "Full GM rules reference"): once per request, under its own heading in the
    system prompt, after the instructions; nothing when the ruleset has none. The validator
    already holds it to one prompt-safe line of at most 16,000 characters.

    `room` is how many characters the section may take (0: no limit). A reference too long
    for it is cut, ending with the `TRUNCATED` marker, before anything else of the request
    is; when not even the heading and the marker fit, it is left out."""
    if not ruleset.gmReference:
        return ""
    text = str(ruleset.gmReference)
    if not room or len(REFERENCE_HEADING) + len(text) <= room:
        return REFERENCE_HEADING + text
    keep = room - len(REFERENCE_HEADING) - len(TRUNCATED)
    return REFERENCE_HEADING + text[:keep].rstrip() + TRUNCATED if keep > 0 else ""


def with_reference(system: str, user: str, ruleset: Ruleset, limit: int) -> list[dict[str, str]]:
    """The request's two messages, the reference closing the system one, within `limit`
    characters in all (0: no limit; `GmModel.context`)."""
    room = limit - len(system) - len(user)
    reference = reference_section(ruleset) if not limit else reference_section(ruleset, room) if room > 0 else ""
    return [{"role": "system", "content": system + reference}, {"role": "user", "content": user}]


def director_messages(ruleset: Ruleset, state: BattleState, options: list[Option],
                      limit: int = 0) -> list[dict[str, str]]:
    """The chat the GM model answers for the pending decision, within `limit` characters
    when one is set (only the rules reference is shortened to fit)."""
    pending = state.pending
    actor = state.combatant(pending.actor) if pending else None
    name = actor.name if actor else (pending.actor if pending else "?")
    system = (
        f"You are the Game Master running the opposition in a fight under the rules of {plain(ruleset.name)}. "
        "The Engine owns every number: it rolls the dice and applies the rules. You only choose one "
        "option from the menu it offers. Answer with the option id exactly as written, and for an option "
        "aimed at someone, the target ids after an arrow: `<option id> -> <target id>`. One line, no other ids "
        "(but a metamagic id the menu lists under that option, written after the option id)."
    )
    window = _window_line(state, pending.window) if pending and pending.window else ""
    menu_lines: list[str] = []
    for option in options:
        menu_lines += _option_lines(state, option)
    # Every line carries names and labels from the ruleset, the party or the GM's own
    # inventions: each stays one line and opens no tag.
    user = "\n".join(plain(line) for line in [
        "The fight now:",
        *_state_lines(ruleset, state),
        "",
        f"You decide for {name} ({pending.actor if pending else '?'}).{window} The menu:",
        *menu_lines,
        "",
        "Percentages are the Engine's own chances; expected damage averages hits and misses.",
        "Reply with one option id (and its targets).",
    ])
    return with_reference(system, user, ruleset, limit)


def _from_json(text: str) -> dict[str, Any] | None:
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        return None
    try:
        data = json.loads(text[start:end + 1])
    except ValueError:
        return None
    return data if isinstance(data, dict) and isinstance(data.get("option"), str) else None


def _tokens(text: str) -> list[tuple[int, str]]:
    # Sentence punctuation after an id is not part of it ("... lamp-hook.").
    return [(m.start(), m.group().rstrip(".:-")) for m in TOKEN.finditer(text)]


def read_choice(text: str, actor: str, options: list[Option], state: BattleState) -> dict[str, Any] | Unusable:
    """The choice the reply names: exactly one option id of `options`, with its targets."""
    by_id = {o.id: o for o in options}
    names = {c.id for c in state.combatants}
    data = _from_json(text)
    if data is not None:
        option_ids = [data["option"]] if data["option"] in by_id else []
        named = [t for t in data.get("targets") or [] if isinstance(t, str)]
        if not option_ids:
            return Unusable(f"the GM's reply named {data['option']!r}, which is not on the menu")
    else:
        tokens = _tokens(text)
        found = list(dict.fromkeys(tok for _, tok in tokens if tok in by_id))
        if not found:
            return Unusable("the GM's reply named no option on the menu")
        if len(found) > 1:
            return Unusable(f"the GM's reply named {len(found)} options ({', '.join(found)}), not one")
        option_ids = found
        at = next(pos for pos, tok in tokens if tok == found[0])
        after = [tok for pos, tok in tokens if pos > at and tok in names]
        named = after or [tok for pos, tok in tokens if pos < at and tok in names]
    option = by_id[option_ids[0]]
    offered = {o.id: o for o in option.alters or []}
    if data is not None:
        alters = [a for a in data.get("alters") or [] if isinstance(a, str) and a in offered]
    else:
        alters = list(dict.fromkeys(tok for _, tok in tokens if tok in offered))
    if option.alterNeeded and not any(a in option.alterNeeded for a in alters):
        # Castable now only with it: the menu offered it only so.
        alters.insert(0, option.alterNeeded[0])
    # One more target with a `twins` change (Twinned).
    count = option.count + (1 if any(offered[a].twins for a in alters) else 0)
    targets = list(dict.fromkeys(t for t in named if t in option.targets))[: max(count, 0)]
    needs = option.needed_for(targets)
    if needs and not any(a in needs for a in alters):
        # A target only a change reaches (Distant): the menu offered it only so.
        alters.insert(0, needs[0])
    if option.count and not targets:
        if named:
            return Unusable(f"{option.label} cannot be aimed at {', '.join(dict.fromkeys(named))}")
        return Unusable(f"the GM chose {option.label} but named no one to aim it at")
    choice: dict[str, Any] = {"actor": actor, "option": option.id, "targets": targets}
    if alters:
        choice["alters"] = alters
    return choice
