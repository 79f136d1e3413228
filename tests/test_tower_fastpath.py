"""The tower's pymunk shortcuts: one module, a public-API twin with bit-identical drops."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pymunk
import pytest

from shogun_desktop.tower import PhysicalTower, _fastpath
from shogun_desktop.tower.physics import Impact
from tests.test_tower_physics import fingerprint, play

PACKAGE = Path(__file__).resolve().parents[1] / "shogun_desktop"


@pytest.mark.skipif(not _fastpath.fast_path_available(), reason="needs the pinned pymunk")
def test_fast_and_public_paths_give_bit_identical_drops() -> None:
    fast = play(PhysicalTower(public_api=False), 12, seed=5)
    public = play(PhysicalTower(public_api=True), 12, seed=5)
    assert [fingerprint(r) for _, _, r in fast] == [fingerprint(r) for _, _, r in public]
    # position-less held cubes go through the settling path (gate, no pour)
    held, dropped, _ = fast[6]
    unplaced = tuple(type(c)(c.id, c.colour) for c in held)
    a = PhysicalTower(public_api=False).drop(unplaced, dropped, random.Random(3))
    b = PhysicalTower(public_api=True).drop(unplaced, dropped, random.Random(3))
    assert fingerprint(a) == fingerprint(b) and a.extra["settle_steps"] > 0


def test_only_the_fast_path_module_touches_pymunk_internals() -> None:
    private = re.compile(r"\._(space|body|shape|bodies|shapes|removed_shapes)\b|_chipmunk_cffi"
                         r"|\blib\.|\bffi\.")
    offenders = []
    for path in (PACKAGE / "tower").glob("*.py"):
        if path.name == "_fastpath.py":
            continue
        text = path.read_text(encoding="utf-8")
        offenders += [f"{path.name}: {m.group()}" for m in private.finditer(text)]
    assert offenders == []


def test_version_notice_names_both_versions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pymunk, "version", "7.9.0")
    assert not _fastpath.fast_path_available()
    notice = _fastpath.version_notice()
    assert notice is not None and "7.9.0" in notice and _fastpath.PINNED_PYMUNK in notice
    space = pymunk.Space()
    assert isinstance(_fastpath.bind(space, 1 / 240), _fastpath.PublicSpace)
    assert not isinstance(_fastpath.bind(space, 1 / 240), _fastpath.FastSpace)
    with pytest.raises(RuntimeError):
        _fastpath.FastSpace(space, 1 / 240)


def test_another_pymunk_is_announced_once_at_start_up() -> None:
    code = (
        "import pymunk; pymunk.version = '7.9.0'\n"
        "from shogun_desktop.tower import PhysicalTower\n"
        "PhysicalTower(); PhysicalTower()\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=PACKAGE.parent, check=True)
    assert run.stderr.count("pymunk 7.9.0 is installed") == 1
    quiet = subprocess.run([sys.executable, "-c", "from shogun_desktop.tower import "
                            "PhysicalTower; PhysicalTower()"], capture_output=True, text=True,
                           cwd=PACKAGE.parent, check=True)
    if _fastpath.fast_path_available():
        assert quiet.stderr == ""


def test_recording_impacts_does_not_change_the_drop() -> None:
    log = play(PhysicalTower(), 10, seed=8)
    for held, dropped, _ in log[4:7]:
        plain = PhysicalTower().drop(held, dropped, random.Random(44))
        recorded = PhysicalTower(record=True).drop(held, dropped, random.Random(44))
        assert fingerprint(plain) == fingerprint(recorded)
        impacts = recorded.extra["impacts"]
        assert impacts and all(isinstance(i, Impact) for i in impacts)
        frames = recorded.extra["frames"]
        assert all(1 <= i.frame < len(frames) and i.strength > 0 for i in impacts)
        assert [i.frame for i in impacts] == sorted(i.frame for i in impacts)
        assert any(i.wall for i in impacts) and any(not i.wall for i in impacts)
        assert "impacts" not in plain.extra
