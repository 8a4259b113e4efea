"""The revisions of the database's schema, oldest first (see :mod:`..migrations`)."""
