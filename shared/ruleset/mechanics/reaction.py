"""The moment an entry waits for: `mechanics.reaction` written as an object.

Owns: `Reaction` (`on`, `at`, `cancels`, `against`, `upTo`/`above` 1.116, `also` 1.117,
`blow`/`seesSource` 1.118, `for`/`within` 1.131, `cancelSave`), `ReactionAgainst`,
`ReactionAbove`, `CancelSave` and `AlsoMoment` (spec/combat-3 "Windows"). `reaction: true`
only keeps an entry off the turn menu and is offered in no window.

Mechanics-2 adds keys and moments (spec/mechanics-2.md 1.241, 1.245, 1.248-1.250, 1.256,
1.257), owned here too: `Reaction`'s `by: "self"`, `weapon`, `names`, `budget` and `oneOf`
on a hit moment (a creature action's `reaction` is the same object), `Rescue` (an entry
spent when its owner's own roll has failed) and `LowersRoll` (dice subtracted from someone
else's roll: Cutting Words). `mechanics.reaction` is `ReactionField` (true/false or a `Reaction`),
so an error inside the object is not also reported as "must be true or false".
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import Discriminator, Field, StringConstraints, Tag, model_validator

from ..base import DiceText, EntryId, Id, Model, Number, ValueRef, gate
from ..gates import Gate, declared_gate
from .shapes import IdList, Names, StepDie, no_repeats

Moment = Literal["used", "aimed", "hit", "harmed", "falls", "turn-start"]

#: `<catalog>/<entry>`, e.g. "spells/magic-missile".
EntryRef = Annotated[
    str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*/[a-z0-9][a-z0-9_-]*$", max_length=161)
]
#: A stat-block action matched by its whole name, case-insensitively.
ActionName = Annotated[str, StringConstraints(min_length=1, max_length=80)]

MOMENT_GATES: dict[str, str] = {"used": "1.44", "hit": "1.46", "falls": "1.124", "turn-start": "1.131"}


MOMENT_VALUE_GATES: dict[tuple[str, str], str] = {("on", k): v for k, v in MOMENT_GATES.items()}


def _moment_gates(owner: type, on: str) -> Iterable[Gate]:
    if on in MOMENT_GATES:
        yield declared_gate(owner, "on", on)


class ReactionAgainst(Model):
    """Narrows what the entry answers: things used from these catalogs, these entries
    (1.117) or these stat-block actions; a match on any one opens the moment."""

    catalogs: Annotated[list[EntryId], Field(min_length=1, max_length=12)] | None = None
    entries: Annotated[list[EntryRef], Field(min_length=1, max_length=12)] | None = Field(
        default=None, json_schema_extra=gate("1.117")
    )
    actions: Annotated[list[ActionName], Field(min_length=1, max_length=12)] | None = None

    @model_validator(mode="after")
    def _one(self) -> "ReactionAgainst":
        if self.catalogs is None and self.entries is None and self.actions is None:
            raise ValueError('"against" needs "catalogs", "entries" or "actions"')
        return self


class ReactionAbove(Model):
    """A check (`check` read from the answerer's sheet) against `dc` plus the level of
    what was paid, to stop something paid above the answer's own level."""

    check: ValueRef
    dc: int


class CancelSave(Model):
    """The holder's save against `dc`: on a success the action is cancelled."""

    save: Id
    dc: Annotated[int, Field(ge=0, le=1000)]


def _moment_rules(
    on: str,
    *,
    blow: object,
    sees_source: object,
    against: object,
    for_: str | None,
    within: object,
) -> None:
    """Rules every moment (the first and each `also`) follows."""
    if blow is not None and on != "hit":
        raise ValueError('"blow" goes only on a "hit" moment')
    if on == "falls" and (sees_source is not None or against is not None):
        raise ValueError('a fall has no source entry, so a "falls" moment cannot have "seesSource" or "against"')
    if on == "turn-start" and against is not None:
        raise ValueError('a "turn-start" moment cannot have "against"')
    if for_ in ("ally", "any"):
        if on not in ("aimed", "hit"):
            raise ValueError(f'"for": "{for_}" goes only on an "aimed" or "hit" moment')
        if within is None:
            raise ValueError(f'"for": "{for_}" needs "within"')
    elif within is not None:
        raise ValueError('"within" goes only with "for": "ally" or "any"')


class AlsoMoment(Model):
    """The same answer taken at another moment, with its own narrowing."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = dict(MOMENT_VALUE_GATES)

    on: Moment
    against: ReactionAgainst | None = None
    blow: Literal["melee", "ranged"] | None = None
    seesSource: bool | None = None
    for_: Literal["self", "ally", "any"] | None = Field(default=None, alias="for")
    within: Annotated[Number, Field(ge=0)] | None = None

    @model_validator(mode="after")
    def _rules(self) -> "AlsoMoment":
        _moment_rules(
            self.on, blow=self.blow, sees_source=self.seesSource, against=self.against,
            for_=self.for_, within=self.within,
        )
        return self

    def extra_gates(self) -> Iterable[Gate]:
        yield from _moment_gates(AlsoMoment, self.on)


#: A group of answers to the owner's own hit, one of which is taken per hit.
GroupId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=40)]


class Reaction(Model):
    """`{"on": "aimed", "at": "source", "cancels": true}`: puts the entry on that
    window's menu."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = dict(MOMENT_VALUE_GATES)

    on: Moment
    at: Literal["source", "target", "chosen"] | None = None
    cancels: Literal[True] | None = None
    against: ReactionAgainst | None = Field(default=None, json_schema_extra=gate("1.44"))
    upTo: Literal["paid"] | None = Field(default=None, json_schema_extra=gate("1.116"))
    above: ReactionAbove | None = Field(default=None, json_schema_extra=gate("1.116"))
    also: Annotated[list[AlsoMoment], Field(min_length=1, max_length=3)] | None = Field(
        default=None, json_schema_extra=gate("1.117")
    )
    blow: Literal["melee", "ranged"] | None = Field(default=None, json_schema_extra=gate("1.118"))
    seesSource: bool | None = Field(default=None, json_schema_extra=gate("1.118"))
    for_: Literal["self", "ally", "any"] | None = Field(
        default=None, alias="for", json_schema_extra=gate("1.131")
    )
    within: Annotated[Number, Field(ge=0)] | None = Field(default=None, json_schema_extra=gate("1.131"))
    cancelSave: CancelSave | None = None
    #: Answers a hit by the owner's own attack, after everyone hit has answered.
    by: Literal["self"] | None = Field(default=None, json_schema_extra=gate("1.241"))
    #: Only a weapon blow: an attack or a single creature action, not a catalog entry.
    weapon: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.241"))
    #: Only a hit by one of these attacks (matched without regard to case).
    names: Names | None = Field(default=None, json_schema_extra=gate("1.245"))
    #: Only a hit by a strike paid from this budget.
    budget: Id | None = Field(default=None, json_schema_extra=gate("1.248"))
    #: Answers to the owner's own hit sharing this group: one of them per hit.
    oneOf: GroupId | None = Field(default=None, json_schema_extra=gate("1.248"))

    def _answers_hits(self) -> bool:
        return self.on == "hit" or any(m.on == "hit" for m in self.also or [])

    @model_validator(mode="after")
    def _rules(self) -> "Reaction":
        if self.cancels and self.on not in ("used", "aimed"):
            raise ValueError('"cancels" goes only on a "used" or "aimed" moment: what has happened cannot be cancelled')
        if self.cancels and self.also is not None:
            raise ValueError('only the first moment can cancel, so a cancelling reaction has no "also"')
        if self.cancelSave is not None and not self.cancels:
            raise ValueError('"cancelSave" needs "cancels"')
        if self.upTo is not None and not (self.cancels and self.on == "used"):
            raise ValueError('"upTo" goes only on a cancelling "used" reaction')
        if self.above is not None and self.upTo is None:
            raise ValueError('"above" needs "upTo"')
        if self.on == "turn-start" and (self.cancels or self.upTo is not None):
            raise ValueError('a "turn-start" reaction cannot have "cancels" or "upTo"')
        _moment_rules(
            self.on, blow=self.blow, sees_source=self.seesSource, against=self.against,
            for_=self.for_, within=self.within,
        )
        if self.by is not None:
            if self.on != "hit":
                raise ValueError('"by": "self" answers the owner\'s own hit, so it needs "on": "hit"')
            if self.for_ in ("ally", "any"):
                raise ValueError(f'"by": "self" answers the owner\'s own hit, so "for": "{self.for_}" is rejected with it')
        for key in ("weapon", "names", "budget"):
            if getattr(self, key) is not None and not self._answers_hits():
                raise ValueError(f'"{key}" narrows a hit, so it needs a "hit" moment')
        if self.oneOf is not None and (self.on != "hit" or self.by is None or self.also is not None):
            raise ValueError('"oneOf" goes on a "hit" moment with "by": "self" and no "also"')
        no_repeats(self.names, "names", fold=True)
        return self

    def extra_gates(self) -> Iterable[Gate]:
        yield from _moment_gates(Reaction, self.on)


def _reaction_form(value: object) -> str:
    return "flag" if isinstance(value, bool) else "object"


#: `mechanics.reaction`: `true`/`false`, or a `Reaction`. Told apart by the JSON type, so a
#: defect inside the object is reported once, at its own path, rather than also as "must
#: be true or false".
ReactionField = Annotated[
    Annotated[bool, Tag("flag")] | Annotated[Reaction, Tag("object")], Discriminator(_reaction_form)
]


class Rescue(Model):
    """Spent when the owner's own roll of kind `roll` has failed (1.249): roll the save
    again (`reroll`), count it a success (`success`), count the d20 as a 20 (`twenty`,
    checks only, 1.256) or add the owner's own die (`die`, 1.256)."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = {("by", "twenty"): "1.256", ("by", "die"): "1.256"}

    roll: Literal["saves", "attacks", "checks"]
    by: Literal["reroll", "success", "twenty", "die"]
    dice: DiceText | None = Field(default=None, json_schema_extra=gate("1.256"))
    die: StepDie | None = Field(default=None, json_schema_extra=gate("1.256"))
    #: Spent only on these saving throws.
    saves: IdList | None = Field(default=None, json_schema_extra=gate("1.257"))
    #: Also takes one of this budget, and is not spent without it.
    budget: Id | None = Field(default=None, json_schema_extra=gate("1.257"))

    @model_validator(mode="after")
    def _fits(self) -> "Rescue":
        if self.by == "reroll" and self.roll != "saves":
            raise ValueError('"by": "reroll" rolls a saving throw again, so it needs "roll": "saves"')
        if self.by == "twenty" and self.roll != "checks":
            raise ValueError('"by": "twenty" goes only with "roll": "checks"')
        if self.by == "die":
            if (self.dice is None) == (self.die is None):
                raise ValueError('"by": "die" adds the owner\'s own die: give exactly one of "dice" and "die"')
        elif self.dice is not None or self.die is not None:
            raise ValueError('"dice" and "die" go only with "by": "die"')
        if self.saves is not None and self.roll != "saves":
            raise ValueError('"saves" narrows a "saves" rescue only')
        no_repeats(self.saves, "saves")
        return self

    def extra_gates(self) -> Iterable[Gate]:
        if self.by in ("twenty", "die"):
            yield declared_gate(Rescue, "by", self.by)


class LowersRoll(Model):
    """Subtracts `dice` (or one `die` sized by the sheet) from someone else's attack roll
    that hit, and with `also` from their checks or damage rolls (1.257)."""

    dice: DiceText | None = None
    die: StepDie | None = None
    #: Also taken off someone else's checks and damage rolls as they are made, spent on its own.
    also: Annotated[list[Literal["checks", "damage"]], Field(min_length=1, max_length=2)] | None = Field(
        default=None, json_schema_extra=gate("1.257")
    )

    @model_validator(mode="after")
    def _one_die(self) -> "LowersRoll":
        if (self.dice is None) == (self.die is None):
            raise ValueError('"lowersRoll" subtracts "dice" or one "die": give exactly one of them')
        no_repeats(self.also, "also")
        return self
