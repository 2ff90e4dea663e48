"""The `battle` console script (`battle.cli`), the one package above both processes."""
