"""The hand-off recap: what happened since a seat's last turn, told from public events.

Shown on the curtain before the next human seat lifts it, so a player who looked away (or
went for tea) knows what the others did. It reads the *public* view's typed events only and
renders them with the game's one presenter, so it can hold nothing a player's view would not
(no plan, no hand) and never parses text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from shogun_desktop.i18n import _
from shogun_desktop.rules import events as ev

if TYPE_CHECKING:
    from shogun_desktop.presenter import Presenter
    from shogun_desktop.ui.session import GameSession

MAX_EVENTS = 60  # older ones are counted ("and N earlier") and stay in the game log
QUIET = (ev.TowerNote, ev.HistoryDropped)  # diagnostics, not table news


@dataclass
class RecapGroup:
    """One round (or winter, or the setup) and what happened in it."""

    title: str
    lines: list[str] = field(default_factory=list)


@dataclass
class Recap:
    groups: list[RecapGroup]
    earlier: int = 0  # events left out above the limit

    @property
    def count(self) -> int:
        return sum(len(g.lines) for g in self.groups)

    def is_empty(self) -> bool:
        return not self.groups


def events_since_turn(session: GameSession, seat: str) -> list[ev.Event]:
    """The public events since seat's last decision (all of them before its first)."""
    events = session.view(None)["events"]
    return [e for e in events[session.last_turn(seat):] if not isinstance(e, QUIET)]


def _group_title(p: Presenter, event: ev.Event) -> str | None:
    if isinstance(event, ev.RoundStarted):
        return _("Year {year} · {season}").format(year=event.year,
                                                   season=p.season(event.season))
    if isinstance(event, ev.WinterRiceLoss):
        return _("Year {year} · {season}").format(year=event.year, season=p.season("winter"))
    if isinstance(event, ev.GameStarted):
        return _("Setup and draft")
    return None


def build_recap(session: GameSession, seat: str, limit: int = MAX_EVENTS) -> Recap:
    """Seat's recap: the newest ``limit`` events grouped by round, as the presenter words them."""
    p = session.presenter
    events = events_since_turn(session, seat)
    earlier = max(0, len(events) - limit)
    shown = events[earlier:]
    groups: list[RecapGroup] = []
    # the group the first shown event belongs to: the last title before it
    title = _("Earlier")
    for e in reversed(session.view(None)["events"][: session.last_turn(seat)]
                      + events[:earlier]):
        found = _group_title(p, e)
        if found is not None:
            title = found
            break
    for e in shown:
        found = _group_title(p, e)
        if found is not None or not groups:
            groups.append(RecapGroup(found or title))
        groups[-1].lines.append(p.line(e))
    return Recap(groups, earlier)
