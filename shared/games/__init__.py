"""Game state outside a battle: each game-state snapshot's clocks and party sheet
(`state.py`), a Game Master reply applied to it (`reply.py`), the GM's reminder
(`reminder.py`) and the history of snapshots with the current one and the party
revision (`history.py`). Pure: the stores in `shared/store/games*.py` keep it.
"""
