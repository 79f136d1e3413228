"""Word wrapping measured with the game fonts."""

from __future__ import annotations

from shogun_desktop.ui import theme as th

_WRAPPED: dict[tuple[int, str, int, int], list[str]] = {}


def wrap_text(fonts: th.Fonts, text: str, size: int, width: int) -> list[str]:
    """Greedy word wrap; explicit newlines start new lines. Chinese (no spaces between
    words) wraps by the script's line rules instead (theme.Fonts.wrap). Remembered: a
    tooltip or a panel re-wraps the same text every frame it is drawn."""
    key = (id(fonts), text, size, width)
    found = _WRAPPED.get(key)
    if found is None:
        if len(_WRAPPED) > 2000:
            _WRAPPED.clear()
        found = _WRAPPED[key] = _wrap_text(fonts, text, size, width)
    return list(found)


def _wrap_text(fonts: th.Fonts, text: str, size: int, width: int) -> list[str]:
    if th.is_cjk(text):
        return fonts.wrap(text, size, width)
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in _split_long(fonts, para.split(" "), size, width):
            trial = f"{line} {word}" if line else word
            if fonts.size(trial, size)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def _split_long(fonts: th.Fonts, words: list[str], size: int, width: int) -> list[str]:
    """Words wider than width (paths, long names) cut into pieces that fit."""
    out: list[str] = []
    for word in words:
        while fonts.size(word, size)[0] > width and len(word) > 1:
            n = len(word) - 1
            while n > 1 and fonts.size(word[:n], size)[0] > width:
                n -= 1
            out.append(word[:n])
            word = word[n:]
        out.append(word)
    return out
