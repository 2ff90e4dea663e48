"""The shared subtypes of a `mechanics` block, in one place for the other parts (and
item uses, creature actions) to import: amounts and damage clauses, cost, area, save,
target types, reaction, rider, and `Apply`.
"""

from ..applies import Apply
from ..durations import Duration, RoundsDuration, SaveEnds
from .amounts import Amount, ClauseSave, DamageClause, DamageType, Scales
from .area import Area
from .check import CheckChange
from .cost import BudgetGift, CostItem, StandardAction, StandardGrant
from .cures import Ends, Revives
from .reaction import AlsoMoment, CancelSave, Reaction, ReactionAbove, ReactionAgainst
from .rider import Rider
from .saves import EntrySave, SaveCountsAgainst, SaveMode, SaveSucceeds
from .summons import Summons
from .targeting import TargetTypes
from .zones import Zone

__all__ = [
    "AlsoMoment", "Amount", "Apply", "Area", "BudgetGift", "CancelSave", "CheckChange",
    "ClauseSave", "CostItem", "DamageClause", "DamageType", "Duration", "Ends", "EntrySave",
    "Reaction", "ReactionAbove", "ReactionAgainst", "Revives", "Rider", "RoundsDuration",
    "SaveCountsAgainst", "SaveEnds", "SaveMode", "SaveSucceeds", "Scales", "StandardAction",
    "StandardGrant", "Summons", "TargetTypes", "Zone",
]
