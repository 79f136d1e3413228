"""The end screen: every number checked against the events of a seeded game; rematch."""

from __future__ import annotations

import pytest

from shogun_desktop.rules import events as ev
from shogun_desktop.ui.end_stats import battle_stats, tie_break, vp_over_time, winter_breakdown
from shogun_desktop.ui.scenes.end import EndScene, rematch_settings
from shogun_desktop.ui.scenes.game import GameScene
from shogun_desktop.ui.scenes.new_game import NewGameSettings, Seat
from shogun_desktop.ui.session import GameSession, probabilistic_tower
from tests.test_ui_game_driver import Driver, game_app


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> GameSession:
    seats = [Seat("Anna", "red", True), Seat("Ben", "blue", True), Seat("Cleo", "yellow", True),
             Seat("Dai", "purple", True)]
    session = GameSession.new(NewGameSettings(seats, "moon", "designated", 17, xray=True),
                              tmp_path_factory.mktemp("end"), probabilistic_tower(),
                              autosave=False)
    while session.play_computer():
        pass
    assert session.is_over()
    return session


def test_vp_over_time_and_the_winter_breakdown_match_the_scored_events(finished):
    view = finished.view(None)
    seats = view["seats"]
    scored = [e for e in view["events"] if isinstance(e, ev.Scored)]
    points = vp_over_time(view["events"], seats)
    assert points[0] == dict.fromkeys(seats, 0)
    years = sorted({e.year for e in scored})
    assert len(points) == len(years) + 1
    for i, year in enumerate(years, start=1):
        for e in (e for e in scored if e.year == year):
            assert points[i][e.player] == e.total
    assert points[-1] == {c: view["players"][c]["vp"] for c in seats}
    breakdown = winter_breakdown(view["scores"], seats)
    for winter in breakdown:
        for e in (e for e in scored if e.year == winter["year"]):
            row = winter["vp"][e.player]
            assert row["total"] == e.gained
            assert row["provinces"] == e.parts.get("provinces", 0)
            assert row["buildings"] == e.parts.get("buildings", 0)
            assert row["majorities"] == sum(v for k, v in e.parts.items()
                                            if k not in ("provinces", "buildings"))


def test_battle_statistics_count_each_battle_and_revolt_once(finished):
    view = finished.view(None)
    events = view["events"]
    stats = battle_stats(events, view["seats"])
    battles = [e for e in events if isinstance(e, ev.BattleResolved)]
    revolts = [e for e in events if isinstance(e, ev.RevoltResolved)]
    assert battles
    for c, s in stats.items():
        mine = [b for b in battles if b.attacker == c]
        assert s.won_attacking == sum(b.outcome == "taken" for b in mine)
        assert s.won_attacking + s.lost_attacking == len(mine)
        defended = [b for b in battles if b.defender == c]
        assert s.won_defending == sum(b.outcome == "held" for b in defended)
        assert s.won_defending + s.lost_defending == len(defended)
        own = [r for r in revolts if r.player == c]
        assert (s.revolts_suppressed, s.revolts_lost) == (
            sum(r.suppressed for r in own), sum(not r.suppressed for r in own))
        fights = [b for b in battles if c in (b.attacker, b.defender)] + own
        assert s.poured == sum(f.dropped.get(c, 0) for f in fights)
        assert s.came_out == sum(f.out.get(c, 0) for f in fights)
    # every attack is one win or loss for its attacker
    assert sum(s.won_attacking + s.lost_attacking for s in stats.values()) == len(battles)


def test_the_tie_break_is_explained():
    names = {"red": "Anna", "blue": "Ben", "yellow": "Cleo"}

    def view(vp, chests, winners):
        return {"seats": list(names), "winners": winners,
                "players": {c: {"vp": vp[i], "chests": chests[i]} for i, c in enumerate(names)}}

    assert "most VP (40)" in tie_break(view((40, 30, 20), (0, 9, 9), ["red"]), names)
    text = tie_break(view((40, 40, 20), (2, 5, 9), ["blue"]), names)
    assert "Anna, Ben tie on 40 VP" in text and "Anna 2, Ben 5" in text and "Ben wins" in text
    text = tie_break(view((40, 40, 20), (5, 5, 9), ["red", "blue"]), names)
    assert "share the victory" in text


def test_the_end_screen_shows_the_map_the_numbers_and_rematches(tmp_path, finished):
    app = game_app(tmp_path)
    try:
        end = app.push(EndScene(app, finished, app.host))
        app.run(max_frames=2, dt=1 / 60)
        assert end.board.rect.w > 500  # the final map stays visible
        assert [r["colour"] for r in end.rows][0] in finished.view(None)["winners"]
        drv = Driver(app)
        drv.click(end.ui.by_key("tab").segment_rects()[1].center)
        assert end.tab == "battles"
        settings = rematch_settings(finished)
        state = finished.game.state
        assert [(s.name, s.colour, s.is_computer) for s in settings.seats] == [
            (state.players[c].name, c, True) for c in state.seats]
        assert (settings.board, settings.start_mode, settings.xray, settings.seed) == (
            "moon", "designated", True, None)
        drv.press("rematch")
        game = next(s for s in app.scenes if isinstance(s, GameScene))
        new = game.session.game.state
        assert new.seats == state.seats and new.board == "moon" and new.xray
        assert [new.players[c].name for c in new.seats] == [
            state.players[c].name for c in state.seats]
        assert not game.session.is_over()
    finally:
        app.close()


def test_the_end_map_names_every_province_inside_it_at_1280x720(tmp_path, finished,
                                                               monkeypatch):
    """At the smallest window the final map still names every province (the smallest ones
    abbreviated): each name is drawn, lies inside its province, overlaps no other, and
    pointing at it shows the full name."""
    from shogun_desktop.ui.board_view import BoardView
    from tests.test_ui_map_layout import check

    drawn: dict[str, tuple[str, ...]] = {}
    real = BoardView._draw_label

    def record(self, surface, rect, label, size, colour):
        name = next(n for n, (_, pl) in self._placements.items()
                    if pl.boxes.get("name") == tuple(rect))
        drawn[name] = label.lines
        return real(self, surface, rect, label, size, colour)

    monkeypatch.setattr(BoardView, "_draw_label", record)
    app = game_app(tmp_path, size=(1280, 720))
    try:
        end = app.push(EndScene(app, finished, app.host))
        app.run(max_frames=2, dt=1 / 60)
        overlays = end._overlays()
        assert end.board.names_visible()
        assert set(drawn) == set(end.board.polygons)  # every province's name is drawn
        assert check(end.board, overlays) == []  # inside its province, overlapping nothing
        placements = end.board.placements(overlays)
        short = [n for n, pl in placements.items() if pl.label is not None and pl.label.short]
        assert short  # the test really covers abbreviations (Shima, Owari at this size)
        for name in short:
            x, y, w, h = placements[name].boxes["name"]
            assert name in end.full_text_at((x + w // 2, y + h // 2))
    finally:
        app.close()
