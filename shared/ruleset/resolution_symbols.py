"""The `symbol-pool` resolution: narrative symbol dice (Genesys-style).

The spec names this kind without defining it; this is the smallest shape consistent with
every mention (docs/format-resolution.md has the whole design and an example):

* six fixed symbols: `s` success, `f` failure, `a` advantage, `h` threat, `t` triumph,
  `d` despair. Successes and failures cancel one for one, and so do advantages and
  threats; a triumph also counts as one success and a despair as one failure, and
  neither is cancelled itself;
* the ruleset's own dice (`dice`: an id, a label and its faces, each face a list of
  symbols), and which die plays which part: the check's dice and the die they upgrade to
  (`pool`), the difficulty dice and theirs (`difficulty`), and the `boost` and `setback`
  dice that modifiers, penalties and leaning rolls add;
* how a check is built from the sheet (`pool.build`: `sum` throws ability plus rank;
  `larger-upgraded` throws the larger and upgrades as many as the smaller) and the net
  successes a success needs (`success.needed`).

Owns: `SYMBOLS`, `FOR_ROLLER`, `AGAINST_ROLLER`, `SymbolDie`, `SymbolPoolBuild`,
`SymbolDifficulty`, `SymbolStep`, `SymbolPool`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from .base import Id, Label, Model
from .resolution_common import ResolutionBase, unique_labels

Symbol = Literal["s", "f", "a", "h", "t", "d"]

#: Every symbol a face may show, in the order the log prints them.
SYMBOLS: tuple[str, ...] = ("s", "a", "t", "f", "h", "d")
#: Symbols that favour whoever rolls (the attacker in a fight spends `a` and `t`).
FOR_ROLLER: frozenset[str] = frozenset({"s", "a", "t"})
#: Symbols that favour the other side (the target spends `h` and `d`).
AGAINST_ROLLER: frozenset[str] = frozenset({"f", "h", "d"})
#: What each symbol is called when the ruleset gives no `symbolLabels`.
DEFAULT_LABELS: dict[str, str] = {
    "s": "Success",
    "f": "Failure",
    "a": "Advantage",
    "h": "Threat",
    "t": "Triumph",
    "d": "Despair",
}

#: One face: the symbols it shows, none for a blank face, at most four.
Face = Annotated[list[Symbol], Field(max_length=4)]


class SymbolDie(Model):
    """One of the ruleset's dice: `faces` lists what each face shows (2 to 20 faces)."""

    id: Id
    label: Label
    faces: Annotated[list[Face], Field(min_length=2, max_length=20)]

    @model_validator(mode="after")
    def _shows_something(self) -> "SymbolDie":
        if not any(self.faces):
            raise ValueError(f'die "{self.id}" has only blank faces')
        return self

    def symbols(self) -> set[str]:
        return {s for face in self.faces for s in face}


class SymbolPoolBuild(Model):
    """How a check's dice come from the sheet. `sum`: ability and rank added up, all of
    `die`. `larger-upgraded`: the larger of the two is the number of dice thrown and the
    smaller the number of them upgraded to `upgrade` dice."""

    build: Literal["sum", "larger-upgraded"]
    die: Id
    upgrade: Id | None = None

    @model_validator(mode="after")
    def _upgrade(self) -> "SymbolPoolBuild":
        if self.build == "larger-upgraded" and self.upgrade is None:
            raise ValueError('"build" "larger-upgraded" needs an "upgrade" die')
        if self.upgrade is not None and self.upgrade == self.die:
            raise ValueError(f'"upgrade" names "{self.die}", the die it upgrades')
        return self


class SymbolDifficulty(Model):
    """The dice thrown against a check (`die`) and what they upgrade to (`upgrade`)."""

    die: Id
    upgrade: Id | None = None

    @model_validator(mode="after")
    def _upgrade(self) -> "SymbolDifficulty":
        if self.upgrade is not None and self.upgrade == self.die:
            raise ValueError(f'"upgrade" names "{self.die}", the die it upgrades')
        return self


class Success(Model):
    """`needed`: the net successes a check (or a blow) needs to succeed."""

    needed: Annotated[int, Field(ge=1, le=10)] = 1


class SymbolLabels(Model):
    """The ruleset's own names for the six symbols (the log prints these)."""

    s: Label | None = None
    f: Label | None = None
    a: Label | None = None
    h: Label | None = None
    t: Label | None = None
    d: Label | None = None

    def label(self, symbol: str) -> str:
        return getattr(self, symbol) or DEFAULT_LABELS[symbol]


class SymbolStep(Model):
    """A difficulty: how many difficulty dice are thrown, and how many of them upgraded."""

    label: Label
    dice: Annotated[int, Field(ge=0, le=10)]
    upgrades: Annotated[int, Field(ge=0, le=10)] | None = None

    @model_validator(mode="after")
    def _upgrades_fit(self) -> "SymbolStep":
        if self.upgrades is not None and self.upgrades > self.dice:
            raise ValueError(f'"upgrades" {self.upgrades} is more than the {self.dice} dice thrown')
        return self


#: Which part each die plays, and so which symbols its faces may show.
_ROLES: tuple[tuple[str, bool], ...] = (
    ("pool.die", True),
    ("pool.upgrade", True),
    ("boost", True),
    ("difficulty.die", False),
    ("difficulty.upgrade", False),
    ("setback", False),
)


class SymbolPool(ResolutionBase):
    kind: Literal["symbol-pool"]
    dice: Annotated[list[SymbolDie], Field(min_length=2, max_length=8)]
    pool: SymbolPoolBuild
    difficulty: SymbolDifficulty
    boost: Id
    setback: Id
    success: Success = Field(default_factory=Success)
    symbolLabels: SymbolLabels | None = None
    difficultyLadder: Annotated[list[SymbolStep], Field(min_length=1, max_length=12)]

    @field_validator("dice")
    @classmethod
    def _die_ids(cls, dice: list[SymbolDie]) -> list[SymbolDie]:
        seen: set[str] = set()
        for die in dice:
            if die.id in seen:
                raise ValueError(f'die id "{die.id}" is used twice')
            seen.add(die.id)
        return dice

    @field_validator("difficultyLadder")
    @classmethod
    def _labels(cls, ladder: list[SymbolStep]) -> list[SymbolStep]:
        unique_labels(ladder)
        return ladder

    def role_die(self, role: str) -> str | None:
        """The die id a role (`pool.die`, `difficulty.upgrade`, `boost`, ...) names."""
        head, _, tail = role.partition(".")
        value: object = getattr(self, head)
        die = getattr(value, tail) if tail else value
        return die if isinstance(die, str) else None

    def die(self, die_id: str) -> SymbolDie | None:
        return next((d for d in self.dice if d.id == die_id), None)

    @model_validator(mode="after")
    def _roles(self) -> "SymbolPool":
        sides: dict[str, bool] = {}
        for role, for_roller in _ROLES:
            die_id = self.role_die(role)
            if die_id is None:
                continue
            die = self.die(die_id)
            if die is None:
                raise ValueError(f'"{role}" names "{die_id}", which is not one of "dice"')
            if sides.setdefault(die_id, for_roller) != for_roller:
                raise ValueError(
                    f'die "{die_id}" is thrown both for and against the roller ("{role}")'
                )
            allowed = FOR_ROLLER if for_roller else AGAINST_ROLLER
            wrong = sorted(die.symbols() - allowed, key=SYMBOLS.index)
            if wrong:
                side = "for the roller" if for_roller else "against the roller"
                raise ValueError(
                    f'die "{die_id}" ("{role}") is thrown {side}, so its faces show only '
                    f'{", ".join(sorted(allowed, key=SYMBOLS.index))}, not {", ".join(wrong)}'
                )
        unused = [d.id for d in self.dice if d.id not in sides]
        if unused:
            raise ValueError(
                f'die "{unused[0]}" plays no part: name it in "pool", "difficulty", "boost" or "setback"'
            )
        if self.difficulty.upgrade is None:
            for i, step in enumerate(self.difficultyLadder):
                if step.upgrades:
                    raise ValueError(
                        f'"difficultyLadder[{i}].upgrades" needs a "difficulty.upgrade" die'
                    )
        return self

    def symbols_shown(self) -> set[str]:
        """Every symbol some die of this ruleset can show."""
        return {s for die in self.dice for s in die.symbols()}
