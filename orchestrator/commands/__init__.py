"""One module per ``reprofarm`` subcommand, each with ``register(subparsers)`` (adds its parser
and sets ``handler``) and a handler returning the exit status. ``orchestrator.cli`` lists them in
``COMMANDS``; a new subcommand is a new module plus one line there."""
