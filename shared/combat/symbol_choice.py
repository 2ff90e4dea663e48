"""A player choosing their own symbol spends (spec/combat-2: "With 'Choose my own symbol
spends' ticked on the combat screen, when a roll leaves something to buy for a party member
the player controls, the fight waits until the player picks spends one at a time, leaves the
rest to the Engine's choice, or decides to spend no more").

Owns: `wants_to_choose` (a player-controlled party member whose party entry says
`"ownSpends": true`, inside an action step that can be held: one on a turn, or an answer
in a window), `hold` (the decision of its own
kind, `state.pending.decision == "spend"`: the roll, what is left and what was bought are in
the action step's cursor, `pending.spend.resume`, plain JSON saved with the battle),
`spend_items` (the menu: one `spend:<id>` per spend the rules allow now, `spend:engine`
to leave the rest to the Engine, `spend:done` to spend no more), `engine_pick` and `answer`,
which applies the pick and goes on with the held step (window_resume.continue_action, or
window_answers.continue_answer and then the window), so
a battle saved and reloaded mid-spend resolves exactly as one that never stopped. And
`spend_all`, which runs both sides' spending after an attack roll (the attacker's advantage
and triumph first, then the target's threat and despair), asking a player who chooses
their own spends.
"""

from __future__ import annotations

from typing import Any

from . import symbol_dice as S
from . import symbol_spends as SP
from . import windows as W
from .fight import Fight
from .plans import MenuItem, Option, Plan
from .state import ActionStep, Combatant, Pending, SpendHold
from .window_answers import continue_answer
from .window_resume import continue_action

ENGINE = "spend:engine"
DONE = "spend:done"


def wants_to_choose(fight: Fight, chooser: Combatant) -> bool:
    """Only a step that can be held waits for a player: an action, or an answer in a window
    (resolved with windows off, but a step of its own, window_answers.py), never the
    Engine's throwaway trial of an answer."""
    return (chooser.own_spends and chooser.controller == "player" and chooser.side == "party"
            and _can_hold(fight))


def _can_hold(fight: Fight) -> bool:
    step = fight.resolving.step
    if step is None or fight.state.outcome:
        return False
    if step.answer is not None:
        return step.answer.holds
    return W.open_now(fight)


def hold(fight: Fight, chooser: Combatant, held: dict[str, Any], at: dict[str, Any]) -> None:
    step = fight.resolving.step
    assert step is not None
    step.cursor = {**at, "roll": held}
    side = held["side"]
    left = [S.count_words(fight, s, held["left"][s]) for s in SP.SIDE_SYMBOLS[side] if held["left"].get(s)]
    fight.state.pending = Pending(actor=chooser.id, controller=chooser.controller, player=chooser.player,
                                  decision="spend", spend=SpendHold(resume=step))
    fight.emit("spend-decision", f"The fight waits: {chooser.name} chooses what to buy with {', '.join(left)}.",
               actor=chooser.id, left={s: held["left"].get(s, 0) for s in SP.SIDE_SYMBOLS[side]})
    raise W.Held()


def _held(fight: Fight) -> tuple[ActionStep, dict[str, Any], Combatant, Combatant]:
    pending = fight.state.pending
    assert pending is not None and pending.spend is not None
    record = pending.spend.resume
    assert record.cursor is not None, "a held spend's step holds its roll in its cursor"
    held: dict[str, Any] = record.cursor["roll"]
    return record, held, fight.get(record.actor), fight.get(held["target"])


def _effect_text(fight: Fight, actor: Combatant, target: Combatant, spend: Any) -> str:
    words = []
    if spend.critical:
        words.append("a critical")
    if spend.damage:
        words.append(f"+ {spend.damage} damage")
    if spend.condition is not None:
        c = SP.landing(fight, actor, target, spend.condition.on)
        words.append(f"{spend.condition.id} on {c.name}")
    if spend.track is not None:
        c = SP.landing(fight, actor, target, spend.track.on)
        words.append(f"{spend.track.id} {spend.track.by:+d} on {c.name}")
    for key in ("boost", "setback"):
        dice = getattr(spend, key)
        if dice is not None:
            words.append(f"{dice.dice} {key} on {SP.landing(fight, actor, target, dice.on).name}")
    return f"{S.count_words(fight, spend.symbol, spend.cost)}: " + ", ".join(words)


def spend_items(fight: Fight, chooser: Combatant) -> list[MenuItem]:
    p = fight.state.pending
    if p is None or p.decision != "spend" or p.actor != chooser.id:
        return []
    _record, held, actor, target = _held(fight)
    items = [MenuItem(Option(id=f"spend:{s.id}", label=s.label, group="spend",
                             text=_effect_text(fight, actor, target, s)), Plan(kind="spend", name=s.id))
             for s in SP.buyable(fight, actor, target, held, held["side"])]
    items.append(MenuItem(Option(id=ENGINE, label="Leave the rest to the Engine", group="spend",
                                 text="the Engine buys the most valuable spends with what is left"),
                          Plan(kind="spend", name="engine")))
    items.append(MenuItem(Option(id=DONE, label="Spend no more", group="spend",
                                 text="what is left stays on the roll"), Plan(kind="spend", name="done")))
    return items


def engine_pick(items: list[MenuItem]) -> tuple[MenuItem, list[str]]:
    """The Engine's answer for the player (the GM fallback, `battle fight`): it buys the rest."""
    return next(i for i in items if i.option.id == ENGINE), []


def answer(fight: Fight, item: MenuItem) -> None:
    """The player's pick; then the held step goes on (and may ask again): an action, or an
    answer in a window and then that window."""

    record, held, actor, target = _held(fight)
    pending = fight.state.pending
    assert pending is not None
    chooser = fight.get(pending.actor)
    fight.state.pending = None
    if item.option.id == DONE:
        fight.emit("symbols", f"{chooser.name} spends no more.", actor=chooser.id)
        held["side"] = "target" if held["side"] == "attacker" else "done"
    elif item.option.id == ENGINE:
        fight.emit("symbols", f"{chooser.name} leaves the rest to the Engine.", actor=chooser.id)
        held["engine"] = True
    else:
        spend = next(s for s in SP.spends_of(fight, held["side"]) if f"spend:{s.id}" == item.option.id)
        SP.buy(fight, actor, target, held, spend)
    if record.answer is not None:
        continue_answer(fight, record)
    else:
        continue_action(fight, record)


def spend_all(fight: Fight, actor: Combatant, target: Combatant, held: dict[str, Any], at: dict[str, Any]) -> None:
    """Both sides spend what the roll left them; a player who chooses their own spends is
    asked (symbol_choice.py raises windows.Held, and the roll goes on from `held`)."""
    while held["side"] != "done":
        side = held["side"]
        chooser = actor if side == "attacker" else target
        if not held["engine"] and wants_to_choose(fight, chooser) and SP.buyable(fight, actor, target, held, side):
            hold(fight, chooser, held, at)
        _value, chosen = SP.best(fight, actor, target, side, held["hit"], held["left"], held["bought"])
        for spend in chosen:
            # What an earlier purchase did is checked again on the fight as it now stands.
            if SP.applies(fight, actor, target, spend, SP.World()):
                SP.buy(fight, actor, target, held, spend)
        held["side"] = "target" if side == "attacker" else "done"
        held["engine"] = False
    unspent = SP.left_words(fight, held["left"], ("a", "t", "h", "d"))
    if unspent:
        fight.emit("symbols", f"Left on the roll for the Game Master to narrate: {', '.join(unspent)}.",
                   actor=actor.id, target=target.id, left=dict(held["left"]))
