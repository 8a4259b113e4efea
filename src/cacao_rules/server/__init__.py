"""The game server: ``pip install ".[server]"`` in a clone, then ``cacao-rules serve``.

An authoritative server on Starlette and uvicorn (the ``server`` extra) that keeps its games
in a SQL database (SQLite by default), pushes each seat its own view over a WebSocket, and
serves a page where people play in the browser. See ``docs/server.md``.

- :mod:`.settings`: where games are kept and the limits on clients;
- :mod:`.schemas`: the JSON shapes of the API;
- :mod:`.storage`: the database; :mod:`.sqlite_lock`: one process per SQLite file;
- :mod:`.players`: who may sit at a seat; :mod:`.clocks`: the seats' clocks of a timed game;
- :mod:`.programs`: the external bots' programs at work; :mod:`.bot_processes`: the
  built-in bots' processes;
- :mod:`.live`: one game in memory and each seat's view of it;
- :mod:`.lobby`: every game, and the only code that changes one;
- :mod:`.app`: the routes; :mod:`.page`: the browser page; :mod:`.run`: uvicorn;
  :mod:`.interrupts`: a Ctrl-C for the server alone.
"""
