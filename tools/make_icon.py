"""One-off: draw the game's icon (a three-tier castle keep in a gold crest on vermilion).

Run from the repository root::

    python tools/make_icon.py [--out assets]

Writes ``icon.png`` (256 px, the window icon the game loads at start-up) and ``icon.ico``
(16-256 px PNG images in one ICO container, the Windows executable icon for the bundle).
Drawn at 4x and smoothly scaled down per size, so each size is antialiased rather than a
resampled 256 px image. Needs pygame only; never imported by the game.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

VERMILION = (178, 45, 32)
VERMILION_DARK = (120, 26, 18)
GOLD = (214, 170, 72)
PAPER = (248, 243, 230)
INK = (36, 31, 27)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
MASTER = 1024


def _roof(surface: pygame.Surface, cx: float, y: float, half: float, height: float) -> None:
    """A roof with upturned eaves: a trapezoid whose lower corners curl upwards."""
    tip = half * 0.18
    pts = [
        (cx - half * 0.55, y - height),
        (cx + half * 0.55, y - height),
        (cx + half - tip, y - height * 0.25),
        (cx + half + tip * 0.6, y - height * 0.55),  # the upturned eave
        (cx + half * 0.92, y),
        (cx - half * 0.92, y),
        (cx - half - tip * 0.6, y - height * 0.55),
        (cx - half + tip, y - height * 0.25),
    ]
    pygame.draw.polygon(surface, INK, pts)


def draw_icon(size: int = MASTER) -> pygame.Surface:
    """The master drawing (size x size, with alpha)."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    u = size / 64  # design grid: 64 units
    # rounded tile, darker rim
    pygame.draw.rect(s, VERMILION_DARK, (0, 0, size, size), border_radius=round(12 * u))
    pygame.draw.rect(s, VERMILION, (round(2 * u), round(2 * u), size - round(4 * u),
                                    size - round(4 * u)), border_radius=round(10 * u))
    c = size / 2
    # the crest: a gold ring with a paper disc
    pygame.draw.circle(s, GOLD, (c, c), 27 * u)
    pygame.draw.circle(s, PAPER, (c, c), 23.5 * u)
    # the keep (k: its own unit, a little larger than the grid so small sizes stay legible):
    # stone base, three storeys, each under a roof, a finial on top
    k = u * 1.15
    base_y = c + 19.5 * u
    pygame.draw.polygon(s, INK, [(c - 15 * k, base_y), (c + 15 * k, base_y),
                                 (c + 11 * k, base_y - 5 * k), (c - 11 * k, base_y - 5 * k)])
    y = base_y - 5 * k
    for half_wall, half_roof, wall_h, roof_h in ((9, 15, 4.5, 5.0), (7, 12, 4.0, 4.5),
                                                 (5, 9, 3.5, 4.0)):
        wall = pygame.Rect(0, 0, round(2 * half_wall * k), round(wall_h * k))
        wall.midbottom = (round(c), round(y))
        pygame.draw.rect(s, PAPER, wall)
        pygame.draw.rect(s, INK, wall, width=max(1, round(0.8 * k)))
        # two windows per storey
        for dx in (-half_wall * 0.45, half_wall * 0.45):
            win = pygame.Rect(0, 0, round(1.6 * k), round(wall_h * 0.5 * k))
            win.center = (round(c + dx * k), round(y - wall_h * 0.5 * k))
            pygame.draw.rect(s, INK, win)
        y -= wall_h * k
        _roof(s, c, y, half_roof * k, roof_h * k)
        y -= roof_h * k
    pygame.draw.rect(s, GOLD, (round(c - 0.8 * k), round(y - 3 * k), round(1.6 * k),
                               round(3.2 * k)))
    return s


def scaled(master: pygame.Surface, size: int) -> pygame.Surface:
    """Scale down in halving steps (a single smoothscale from 1024 to 16 loses the shape)."""
    img = master
    while img.get_width() // 2 >= size:
        img = pygame.transform.smoothscale(img, (img.get_width() // 2, img.get_height() // 2))
    if img.get_width() != size:
        img = pygame.transform.smoothscale(img, (size, size))
    return img


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(images: list[bytes], sizes: list[int]) -> bytes:
    """An ICO container holding PNG images (valid since Windows Vista)."""
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b"", b""
    for data, size in zip(images, sizes, strict=True):
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICO directory entry
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return head + entries + blobs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="assets", help="folder for icon.png and icon.ico")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    master = draw_icon()
    (out / "icon.png").write_bytes(png_bytes(scaled(master, 256)))
    pngs = [png_bytes(scaled(master, n)) for n in ICO_SIZES]
    (out / "icon.ico").write_bytes(ico_bytes(pngs, list(ICO_SIZES)))
    print(f"wrote {out / 'icon.png'} and {out / 'icon.ico'} ({', '.join(map(str, ICO_SIZES))} px)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
