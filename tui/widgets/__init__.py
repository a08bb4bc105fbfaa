"""Reusable widgets of the Parlor app."""
