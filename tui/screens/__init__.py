"""Parlor screens, one per mode, and their dialogs."""
