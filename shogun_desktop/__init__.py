"""Shogun Desktop: a pass-and-play digital edition of Dirk Henn's *Shogun*."""

__version__ = "0.1.0"
