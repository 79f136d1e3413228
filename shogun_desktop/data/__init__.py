"""Loaders and validation for the YAML files in the repository's ``data/`` folder."""

from pathlib import Path

DATA_DIR = Path(__file__).resolve().parents[2] / "data"
