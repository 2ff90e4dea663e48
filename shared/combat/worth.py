"""What the Engine's tactics count things as worth, in points of damage: the one scale every
scorer (tactics, contests, symbol spends) shares, below all of them."""

#: What one condition put on a foe (or on an ally, for buffs) is worth, in points of damage.
CONDITION_WORTH = 2.0
