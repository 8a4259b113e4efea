"""The library's version: written once here, read by the build (``[tool.hatch.version]``),
the package's ``__version__``, the command line's ``--version`` and the bot protocol's
handshake."""

__version__ = "0.1.0"
