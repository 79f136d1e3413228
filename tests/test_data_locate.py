"""Where the data and assets folders are found: checkout, installed wheel, frozen bundle."""

from __future__ import annotations

import sys

from shogun_desktop import data


def test_checkout_then_wheel_layout(tmp_path):
    package = tmp_path / "repo" / "shogun_desktop"
    package.mkdir(parents=True)
    assert data._locate("data", "board.yaml", package=package) == package / "_data"
    (tmp_path / "repo" / "data").mkdir()
    (tmp_path / "repo" / "data" / "board.yaml").write_text("{}")
    assert data._locate("data", "board.yaml", package=package) == tmp_path / "repo" / "data"


def test_frozen_bundle_reads_from_its_unpacked_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "bundle"), raising=False)
    package = tmp_path / "elsewhere" / "shogun_desktop"
    assert data._locate("data", "board.yaml", package=package) == tmp_path / "bundle" / "data"
    assert data._locate("assets", "fonts", package=package) == tmp_path / "bundle" / "assets"
