"""Build a PyInstaller bundle of Shogun Desktop for the platform this runs on.

Run from the repository root, with the `build` extra installed
(``pip install -e '.[build]'``)::

    python tools/build_bundle.py                # both: dist/shogun-desktop/ and the single file
    python tools/build_bundle.py --mode onedir  # only the one-folder bundle
    python tools/build_bundle.py --mode onefile --dist out/

The one-folder bundle is ``<dist>/shogun-desktop/shogun-desktop[.exe]`` (start-up is instant;
ship the whole folder); the single file is ``<dist>/shogun-desktop-<version>-<platform>[.exe]``
(unpacks itself to a temporary folder on every start). Both carry data/ (board, cards,
tables, tower, map), assets/ (fonts, icon) and every subcommand: cli.py imports subcommand
modules by name, which PyInstaller cannot see, so each module named in ``cli.SUBCOMMANDS``
becomes a hidden import. The package's data locator finds the folders in ``sys._MEIPASS``.

The executable is a console program, because the subcommands print; without arguments it opens
the game window as ``shogun-desktop`` does. Never imported by the game.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "shogun-desktop"


def subcommand_modules() -> list[str]:
    """The modules cli.py loads by name (derived from cli.SUBCOMMANDS, never a copied list)."""
    sys.path.insert(0, str(ROOT))
    try:
        from shogun_desktop.cli import SUBCOMMANDS
    finally:
        sys.path.remove(str(ROOT))
    return sorted({module for module, _help in SUBCOMMANDS.values()})


def version() -> str:
    """shogun_desktop.__version__, read without importing the package (the one source)."""
    import ast

    tree = ast.parse((ROOT / "shogun_desktop" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets):
            return str(ast.literal_eval(node.value))
    raise SystemExit("shogun_desktop/__init__.py has no __version__")


def platform_tag() -> str:
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform)
    machine = platform.machine().lower().replace("amd64", "x86_64").replace("aarch64", "arm64")
    return f"{system}-{machine}"


def icon_option() -> list[str]:
    """The executable's icon where the platform has one (the window sets its own at start-up).

    Windows takes the .ico as is; macOS would need Pillow to convert the PNG, so it is used
    only when Pillow is present; Linux executables carry no icon.
    """
    if sys.platform == "win32":
        return ["--icon", str(ROOT / "assets" / "icon.ico")]
    if sys.platform == "darwin":
        try:
            import PIL  # noqa: F401
        except ImportError:
            return []
        return ["--icon", str(ROOT / "assets" / "icon.png")]
    return []


def pyinstaller_args(mode: str, dist: Path, work: Path) -> list[str]:
    sep = os.pathsep  # PyInstaller's SOURCE<sep>DEST for --add-data
    name = NAME if mode == "onedir" else f"{NAME}-{version()}-{platform_tag()}"
    args = [
        str(ROOT / "shogun_desktop" / "__main__.py"),
        "--name", name,
        f"--{mode}",
        "--console",
        "--noconfirm",
        "--clean",
        "--log-level", "WARN",
        "--distpath", str(dist),
        "--workpath", str(work / mode),
        "--specpath", str(work),
        "--paths", str(ROOT),
        "--add-data", f"{ROOT / 'data'}{sep}data",
        "--add-data", f"{ROOT / 'assets'}{sep}assets",
        # the translations (.po, plus .mo when `tools/i18n.py compile` has run)
        "--add-data", f"{ROOT / 'shogun_desktop' / 'locale'}{sep}shogun_desktop/locale",
        # tools, tests and the optional dev/plot libraries are never needed at run time
        "--exclude-module", "tkinter",
        "--exclude-module", "matplotlib",
        "--exclude-module", "pytest",
        "--exclude-module", "hypothesis",
        *icon_option(),
    ]
    for module in subcommand_modules():
        args += ["--hidden-import", module]
    return args


def executable(mode: str, dist: Path) -> Path:
    exe = ".exe" if sys.platform == "win32" else ""
    if mode == "onedir":
        return dist / NAME / f"{NAME}{exe}"
    return dist / f"{NAME}-{version()}-{platform_tag()}{exe}"


def folder_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    # links (PyInstaller's onedir layout has a few) would count their target twice
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def build(mode: str, dist: Path, work: Path) -> Path:
    """Run PyInstaller for one mode; returns the executable."""
    try:
        import PyInstaller.__main__ as pyinstaller  # type: ignore[import-untyped]
    except ImportError:
        raise SystemExit("PyInstaller is not installed: pip install -e '.[build]'") from None
    target = dist / NAME if mode == "onedir" else executable(mode, dist)
    if target.is_dir():
        shutil.rmtree(target)
    start = time.perf_counter()
    pyinstaller.run(pyinstaller_args(mode, dist, work))
    exe = executable(mode, dist)
    if not exe.exists():
        raise SystemExit(f"PyInstaller finished but {exe} is missing")
    size = folder_size(target) / 1e6
    print(f"{mode}: {exe} ({size:.1f} MB) in {time.perf_counter() - start:.0f} s")
    return exe


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build a PyInstaller bundle of Shogun Desktop.")
    parser.add_argument("--mode", choices=("onedir", "onefile", "both"), default="both")
    parser.add_argument("--dist", default=str(ROOT / "dist"), help="output folder")
    parser.add_argument("--work", default=str(ROOT / "build" / "pyinstaller"),
                        help="PyInstaller's scratch folder")
    args = parser.parse_args(argv)
    dist, work = Path(args.dist).resolve(), Path(args.work).resolve()
    for mode in ("onedir", "onefile") if args.mode == "both" else (args.mode,):
        build(mode, dist, work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
