"""The wheel (what `pipx install .` builds and installs) carries the data, fonts and icon, has
the package's version, and runs from an installed copy with no checkout beside it.

Marked slow: building the wheel takes pip a few seconds (an isolated build environment).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from shogun_desktop import __version__

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[1]


def test_wheel_installs_and_runs_without_the_checkout(tmp_path):
    src = tmp_path / "src"  # a copy, so the build leaves nothing in the checkout
    for name in ("shogun_desktop", "data", "assets"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    wheels = tmp_path / "wheels"
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
                           str(wheels), str(src)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    (wheel,) = wheels.glob("*.whl")
    assert wheel.name == f"shogun_desktop-{__version__}-py3-none-any.whl"
    names = set(zipfile.ZipFile(wheel).namelist())
    for rel in ("_data/board.yaml", "_data/map.yaml", "_data/tower.yaml",
                "_assets/fonts/DejaVuSans.ttf", "_assets/icon.png", "py.typed",
                "_assets/fonts/NotoSansCJKtc-Regular-subset.otf",
                "locale/cs/LC_MESSAGES/shogun_desktop.po",
                "locale/zh_Hant/LC_MESSAGES/shogun_desktop.po"):
        assert f"shogun_desktop/{rel}" in names, rel
    entry = zipfile.ZipFile(wheel).read(
        f"shogun_desktop-{__version__}.dist-info/entry_points.txt").decode()
    assert "shogun-desktop = shogun_desktop.cli:main" in entry

    # install it (dependencies come from this environment) and run it from elsewhere
    target = tmp_path / "site"
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps",
                           "--target", str(target), str(wheel)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]); "
        "import shogun_desktop, shogun_desktop.data as d; "
        "assert shogun_desktop.__file__.startswith(sys.argv[1]), shogun_desktop.__file__; "
        "assert d.DATA_DIR.name == '_data' and d.ASSETS_DIR.name == '_assets', d.DATA_DIR; "
        "from shogun_desktop import i18n; "
        "assert i18n.Translator('ru').ngettext('{n} army', '{n} armies', 5) == '{n}\\u00a0армий'; "
        "from shogun_desktop.cli import main; "
        "sys.exit(main(sys.argv[2:]))"
    )
    work = tmp_path / "elsewhere"
    work.mkdir()
    for args in (["--version"], ["simulate", "--games", "1"]):
        proc = subprocess.run([sys.executable, "-c", script, str(target), *args], cwd=work,
                              capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr[-3000:]
        if args == ["--version"]:
            assert proc.stdout.strip() == f"shogun-desktop {__version__}"
        else:
            assert "1 game finished" in proc.stdout
