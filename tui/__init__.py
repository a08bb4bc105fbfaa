"""Parlor's terminal front end (command line and, later, the Textual app)."""
