"""Card drawings shared by the game and planning screens: faces, backs, short names.

A card back never depends on the card: the one function that draws backs takes no card, so
a face-down card cannot leak through its back.
"""

from __future__ import annotations

import pygame

from shogun_desktop.data.board import default_board
from shogun_desktop.i18n import N_, _, ngettext, pgettext
from shogun_desktop.ui import theme as th


def short_action(action: str) -> str:
    """The name printed on a small action card (from data/cards.yaml)."""
    try:
        return default_board().action_short(action)
    except KeyError:
        return action


def special_name(special: str) -> str:
    """A special card's display name (from data/cards.yaml)."""
    board = default_board()
    return board.special_name(special) if special in board.special_defs else special


BACK = (120, 36, 28)
# printed on every chest card face (tests count faces by it); translated where it is drawn
CHEST_FACE_LABEL = N_("war chests")


def chest_value(card: str) -> int | None:
    if card.startswith("chest-") and card[6:].isdigit():
        return int(card[6:])
    return None


def face_scale(scale: float) -> float:
    """The factor a card face is printed at: the layout's scale, never below the 1600x900
    face (its sizes are already the smallest that read well on a card)."""
    return max(1.0, scale)


def draw_back(surface: pygame.Surface, rect: pygame.Rect, fonts: th.Fonts,
              scale: float = 1.0) -> None:
    """A face-down card: the same picture for every card."""
    s = face_scale(scale)
    pygame.draw.rect(surface, BACK, rect, border_radius=round(5 * s))
    inner = rect.inflate(-round(6 * s), -round(6 * s))
    pygame.draw.rect(surface, th.GOLD, inner, round(s), border_radius=round(4 * s))
    if min(rect.size) >= 30:
        k = fonts.kanji("将", max(12, min(rect.w, rect.h) // 2), th.GOLD)
        if k is not None:
            surface.blit(k, k.get_rect(center=rect.center))


def draw_frame(surface: pygame.Surface, rect: pygame.Rect, fill=th.PAPER_LIGHT,
               border=th.INK_SOFT, width: int = 1, scale: float = 1.0) -> None:
    """A card's paper and frame; ``width`` in design px (a selected card's thicker frame)."""
    s = face_scale(scale)
    pygame.draw.rect(surface, fill, rect, border_radius=round(5 * s))
    pygame.draw.rect(surface, border, rect, round(width * s), border_radius=round(5 * s))


def draw_province_card(surface: pygame.Surface, rect: pygame.Rect, fonts: th.Fonts,
                       name: str, region: str | None, tax: int, rice: int, slots: int,
                       extra: str = "", *, selected: bool = False, scale: float = 1.0) -> None:
    """Province card: region stripe, name, tax / rice / building spaces."""
    s = face_scale(scale)

    def px(v: float) -> int:
        return round(v * s)

    draw_frame(surface, rect, border=th.VERMILION if selected else th.INK_SOFT,
               width=3 if selected else 1, scale=s)
    roomy = rect.h >= px(56)  # small cards (a scaled-down window) get smaller text, not clipping
    stripe_h = px(8) if roomy else max(3, min(px(8), rect.h // 10))
    stripe = pygame.Rect(rect.x + px(3), rect.y + px(3), rect.w - px(6), stripe_h)
    pygame.draw.rect(surface, th.REGION_COLOURS.get(region or "", th.LAND), stripe,
                     border_radius=min(px(3), stripe_h // 2))
    values = _("tax {tax} · rice {rice}").format(tax=tax, rice=rice)
    if roomy:
        size = px(16 if rect.w >= px(100) else 14)
        th.blit_text(surface, fonts, fonts.fit(name, size, rect.w - px(8), True),
                     (rect.centerx, rect.y + px(14)), size, th.INK, bold=True, anchor="midtop")
        small = px(13)
        th.blit_text(surface, fonts, fonts.fit(values, small, rect.w - px(6)),
                     (rect.centerx, rect.y + px(34)), small, th.INK_SOFT, anchor="midtop")
    else:
        # name and values stacked in the room under the stripe, never over each other:
        # both sizes step down together until the two lines fit (the tooltip has the rest)
        top = stripe.bottom + 1
        room = rect.bottom - px(2) - top
        size, small = px(14), px(12)
        while size > 10 and (fonts.size(name, size, True)[1]
                             + fonts.size(values, small)[1]) > room:
            size, small = size - 1, max(9, small - 1)
        name_h = fonts.size(name, size, True)[1]
        th.blit_text(surface, fonts, fonts.fit(name, size, rect.w - px(8), True),
                     (rect.centerx, top), size, th.INK, bold=True, anchor="midtop")
        if name_h + fonts.size(values, small)[1] <= room:
            th.blit_text(surface, fonts, fonts.fit(values, small, rect.w - px(6)),
                         (rect.centerx, rect.bottom - px(2)), small, th.INK_SOFT,
                         anchor="midbottom")
    spaces = ngettext("{n} space", "{n} spaces", slots).format(n=slots)
    line = f"{spaces} · {extra}" if extra else spaces
    if rect.h >= px(64):
        th.blit_text(surface, fonts, fonts.fit(line, px(13), rect.w - px(6)),
                     (rect.centerx, rect.y + px(51)), px(13), th.INK_SOFT, anchor="midtop")


def draw_chest_card(surface: pygame.Surface, rect: pygame.Rect, fonts: th.Fonts, value: int,
                    *, selected: bool = False, scale: float = 1.0) -> None:
    s = face_scale(scale)
    draw_frame(surface, rect, fill=th.mix(th.PAPER_LIGHT, th.GOLD, 0.35),
               border=th.VERMILION if selected else th.INK_SOFT, width=3 if selected else 1,
               scale=s)
    # CHEST_FACE_LABEL in English; its own context lets a language print a shorter word on
    # the small card than its rules' full term (Russian "расходы" for "маркеры расходов")
    label = pgettext("chest card face", "war chests")
    size = round(12 * s)  # printed small on the card; a longer word a little smaller
    while size > 10 and fonts.size(label, size)[0] > rect.w - 4:
        size -= 1
    label_rect = th.blit_text(surface, fonts, fonts.fit(label, size, rect.w - 4),
                              (rect.centerx, rect.bottom - round(6 * s)), size, th.INK_SOFT,
                              anchor="midbottom")
    # the value in the room above the label: on a short card (a small window) the digit
    # shrinks rather than printing over the word
    above = label_rect.top - rect.y - 2
    digit = round(28 * s)
    while digit > 12 and fonts.size(str(value), digit, True)[1] * 0.8 > above:
        digit -= 1
    th.blit_text(surface, fonts, str(value),
                 (rect.centerx, min(rect.centery - round(6 * s), rect.y + 2 + above // 2)),
                 digit, th.INK, bold=True, anchor="center")


def draw_action_card(surface: pygame.Surface, rect: pygame.Rect, fonts: th.Fonts,
                     position: int, action: str | None, *, done: bool = False,
                     current: bool = False, scale: float = 1.0) -> None:
    """One position of the action row: number, and the action when face up."""
    s = face_scale(scale)
    number = round(NUMBER * s)
    corner = (rect.x + round(5 * s), rect.y + round(3 * s))
    if action is None:
        draw_back(surface, rect, fonts, s)
        th.blit_text(surface, fonts, str(position), corner, number, th.GOLD, bold=True)
        return
    fill = th.PAPER_DARK if done else th.PAPER_LIGHT
    draw_frame(surface, rect, fill=fill, border=th.GOLD if current else th.INK_SOFT,
               width=3 if current else 1, scale=s)
    ink = th.INK_FAINT if done else th.INK
    th.blit_text(surface, fonts, str(position), corner, number, th.INK_SOFT, bold=True)
    th.draw_block(surface, fonts, short_action(action), action_label_box(rect, fonts, s),
                  max(12, min(round(16 * s), rect.w // 4)), ink, bold=True)


NUMBER = 13  # design px: the position number in an action card's corner


def action_label_box(rect: pygame.Rect, fonts: th.Fonts, scale: float = 1.0) -> pygame.Rect:
    """Where a face-up action card's name goes: the card below its position number. The
    name wraps and shrinks into it (theme.fit_block), so a longer translation stays inside."""
    s = face_scale(scale)
    # the position number, 13 design px bold at y + 3
    top = round(3 * s) + fonts.size("10", round(NUMBER * s), True)[1]
    return pygame.Rect(rect.x + 2, rect.y + top, rect.w - 4, rect.h - top - 2)


def chest_tip(value: int) -> str:
    """What a war chest card does where it can be placed (from the rules, 3.1)."""
    if value == 0:
        bid = _("On the bid: bids 0: after every province card, ahead of an empty bid; it "
                "costs nothing.")
    else:
        bid = ngettext(
            "On the bid: bids {n} for the turn order and costs {n} war chest when bids are "
            "revealed; if you cannot pay then, it counts as a 0 bid and costs nothing.",
            "On the bid: bids {n} for the turn order and costs {n} war chests when bids are "
            "revealed; if you cannot pay then, it counts as a 0 bid and costs nothing.",
            value).format(n=value)
    return "\n".join((
        _("War chest card {value}").format(value=value),
        _("On an action space: nothing happens there (a filler; its value is ignored)."),
        bid + " " + _("Ranking: 4 > 3 > 2 > 1 > province card > 0 > empty; ties are drawn "
                      "at random.")))


def province_card_tip(name: str) -> str:
    """What a province card does on an action space and on the bid."""
    return "\n".join((
        _("Province card {province}").format(province=name),
        _("On an action space: carry that action out in {province} this round.").format(
            province=name),
        _("On the bid: a free bid ranked below chest card 1 and above chest card 0.")))
