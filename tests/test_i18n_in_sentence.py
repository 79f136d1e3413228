"""A data name inside a sentence reads as the language writes it there: Czech, Russian and
Dutch write seasons (and nl buildings) in lower case mid-sentence ("rok 2, jaro", "год 2,
весна", "er staat al een kasteel"), while headings and cards keep their capitals ("Jaro")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from shogun_desktop import i18n
from shogun_desktop.data.board import default_board
from shogun_desktop.i18n.datatexts import data_messages
from shogun_desktop.presenter import Presenter
from shogun_desktop.rules import events as ev
from shogun_desktop.rules.events import SkipReason


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


CASES = [
    # language, heading, inside a sentence, the round's log line, the event that ends
    ("cs", "Jaro", "jaro", "Rok 2, jaro: ", "Konec kola (zima): "),
    ("ru", "Весна", "весна", "Год 2, весна: ", "Конец сезона (зима): "),
    ("nl", "Lente", "lente", "Jaar 2, lente: ", "Einde van de winter: "),
    ("en", "Spring", "spring", "Year 2, spring: ", "End of winter: "),
]


@pytest.mark.parametrize(("code", "heading", "inside", "round_line", "end_line"), CASES)
def test_seasons_in_the_log_are_written_as_inside_a_sentence(
        code, heading, inside, round_line, end_line) -> None:
    i18n.set_language(code)
    words = Presenter({"red": "Aiko"})
    assert words.season("spring") == heading  # headings and the status line keep it
    assert words.season_in_sentence("spring") == inside
    assert words.line(ev.RoundStarted(2, "spring", (), (), ())).startswith(round_line)
    event = next(iter(default_board().event_defs))
    assert words.line(ev.EventEnded("winter", event)).startswith(end_line)
    drawn = words.line(ev.EventDrawn("autumn", event))
    assert words.season_in_sentence("autumn") in drawn and words.season("autumn") not in drawn


def test_dutch_buildings_inside_a_sentence_are_lower_case() -> None:
    i18n.set_language("nl")
    words = Presenter({"red": "Aiko"})
    line = words.line(ev.ActionSkipped("red", "castle", "Owari", SkipReason.ALREADY_BUILT))
    assert line.endswith("er staat al een kasteel")
    assert words.building("castle") == "Kasteel"  # as a name on its own
    i18n.set_language("en")
    assert Presenter({"red": "Aiko"}).line(ev.ActionSkipped(
        "red", "temple", "Owari", SkipReason.NO_BUILDING_LEFT)).endswith(
        "no Temple left in the supply")


def test_every_season_and_building_has_an_in_sentence_entry_for_translators() -> None:
    contexts = {context for context, _text, _src in data_messages()}
    board = default_board()
    for season in board.names.seasons:
        assert f"season-in-sentence:{season}" in contexts
    for building in board.names.buildings:
        assert f"building-in-sentence:{building}" in contexts


@pytest.mark.parametrize(("code", "expected"), [
    ("cs", "tajný plán, rok 1, jaro"), ("ru", "тайный план, год 1, весна"),
    ("en", "secret plan, year 1, spring"),
])
def test_the_planning_header_names_the_season_inside_its_sentence(
        tmp_path, code, expected) -> None:
    from shogun_desktop.ui.scenes.planning import PlanningScene
    from tests.test_ui_game_driver import Driver, game_app, settings, start_game

    i18n.set_language(code)
    app = game_app(tmp_path / "saves")
    try:
        drv = Driver(app, seed=3)
        start_game(app, settings(3, start="designated", seed=5))
        drv.step()  # lift the curtain
        scene = app.scenes.top
        assert isinstance(scene, PlanningScene)
        assert scene.header_text().endswith(expected)
    finally:
        app.close()
