"""Ombre (L'Hombre): the Royal Game of Ombre as a pure-Python rules engine."""

__version__ = "0.1.0"
