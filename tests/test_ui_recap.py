"""The hand-off recap on the curtain: the events since the seat's last turn, nothing secret."""

from __future__ import annotations

from shogun_desktop.rules.save import game_to_dict
from shogun_desktop.ui.recap import build_recap, events_since_turn
from shogun_desktop.ui.scenes.curtain import CurtainScene
from shogun_desktop.ui.scenes.game import GameScene
from tests.test_ui_game_driver import Driver, game_app, settings, start_game


def curtains(app, drv: Driver, count: int):
    """Step through the game; yield each curtain (before it is lifted)."""
    seen = 0
    for _ in range(4000):
        top = app.scenes.top
        if isinstance(top, CurtainScene):
            yield top
            seen += 1
            if seen >= count:
                return
        drv.step()


def test_the_curtain_shows_the_events_since_the_seats_last_decision(tmp_path):
    app = game_app(tmp_path)
    try:
        scene = start_game(app, settings(4, computers=(1, 3), start="designated", seed=21))
        session = scene.session
        drv = Driver(app, seed=1)
        checked = 0
        last_decided: dict[str, int] = {}
        original_apply = session.apply

        def apply(choice):  # what the seat decided last, seen from outside the session
            d = session.pending()
            original_apply(choice)
            last_decided[d.player] = len(session.game.state.events)

        session.apply = apply  # type: ignore[method-assign]
        for curtain in curtains(app, drv, 6):
            seat = curtain.colour
            events = session.game.state.events
            start = last_decided.get(seat, 0)
            expected = [session.presenter.line(e) for e in events[start:]
                        if type(e).__name__ not in ("TowerNote", "HistoryDropped")]
            recap = build_recap(session, seat, limit=10_000)
            got = [line for g in recap.groups for line in g.lines]
            assert got == expected
            if seat in last_decided:
                assert got, "something happened since the seat's last turn"
                checked += 1
            shown = "\n".join(t for t, _ in curtain.ui.by_key("recap").lines)
            assert expected[-1][:20] in shown.replace("\n   ", " ")
        assert checked >= 3
    finally:
        app.close()


def test_the_recap_holds_nothing_secret(tmp_path):
    """Another seat's committed plan and hand change nothing in the recap."""
    app = game_app(tmp_path)
    try:
        scene = start_game(app, settings(3, computers=(2,), start="designated", seed=21))
        session = scene.session
        drv = Driver(app, seed=1)
        players = session.game.state.players
        curtain = next(c for c in curtains(app, drv, 8)  # a seat after another has planned
                       if any(players[o].plan for o in session.seats if o != c.colour))
        seat = curtain.colour
        others = [c for c in session.seats if c != seat]
        recap = build_recap(session, seat)
        text = "\n".join(line for g in recap.groups for line in g.lines)
        # change every hidden thing of the other seats: the recap stays word for word
        saved = game_to_dict(session.game)
        for c in others:
            players[c].plan = {space: "chest-0" for space in players[c].plan}
            players[c].cards = set()
        session.version += 1
        again = build_recap(session, seat)
        assert "\n".join(line for g in again.groups for line in g.lines) == text
        assert saved["plans"]  # the plans were really there (and are not in the text)
        for c in others:
            for space, card in saved["plans"].get(c, {}).items():
                assert f"{card} on {space}" not in text
        assert events_since_turn(session, seat)
    finally:
        app.close()


def test_a_long_recap_is_limited_with_a_count_and_scrolls(tmp_path):
    app = game_app(tmp_path)
    try:
        start_game(app, settings(3, computers=(1, 2), start="designated", seed=21))
        drv = Driver(app, seed=1)
        curtain = next(c for c in curtains(app, drv, 3)
                       if len(events_since_turn(next(s for s in app.scenes
                                                     if isinstance(s, GameScene)).session,
                                                c.colour)) > 5)
        session = next(s for s in app.scenes if isinstance(s, GameScene)).session
        recap = build_recap(session, curtain.colour, limit=5)
        assert recap.count == 5
        assert recap.earlier == len(events_since_turn(session, curtain.colour)) - 5
        small = CurtainScene(app, "Anna", "red", recap=recap)
        log = small.ui.by_key("recap")
        assert log.lines[0][0].startswith(f"… and {recap.earlier} earlier events")
        assert log.scroll == log.max_scroll()  # starts at the top
    finally:
        app.close()
