"""The Celery side of marinara-battle: the app, the tasks that resolve turns, the GM
director and the LLM client. Built on the pure core in `shared/` (issue 4 onwards)."""
