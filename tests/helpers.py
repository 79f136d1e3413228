"""Small shared helpers for tests (imported explicitly, not fixtures)."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


def record_texts(monkeypatch) -> list[tuple[str, object, int]]:
    """Every (text, rect, size) that ``theme.blit_text`` draws from now on in this test."""
    from shogun_desktop.ui import theme as th

    texts: list[tuple[str, object, int]] = []
    original = th.blit_text

    def spy(surface, fonts, text, pos, size=18, colour=th.INK, *, bold=False,
            anchor="topleft"):
        rect = original(surface, fonts, text, pos, size, colour, bold=bold, anchor=anchor)
        texts.append((text, rect, size))
        return rect

    monkeypatch.setattr(th, "blit_text", spy)
    return texts
