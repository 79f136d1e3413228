"""Saves: readable YAML, exact round trips, continuation, hostile files refused, atomic writes."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shogun_desktop.ai.driver import decide
from shogun_desktop.ai.random_player import RandomPlayer
from shogun_desktop.rules import save as save_module
from shogun_desktop.rules.engine import Game, GameConfig
from shogun_desktop.rules.save import (
    SaveError,
    dump_game,
    load_game,
    load_game_text,
    save_game,
)

COLOURS = ["red", "yellow", "blue", "purple", "black"]


def _game_after(seed: int, players: int, board: str, decisions: int) -> tuple[Game, RandomPlayer]:
    start = "designated" if seed % 3 == 0 and not (players == 3 and board == "moon") else "draft"
    game = Game.new(GameConfig(COLOURS[:players], board=board, start=start, seed=seed))
    bot = RandomPlayer(seed + 17)
    for _ in range(decisions):
        if game.is_over():
            break
        game.apply(decide(bot, game))
    return game, bot


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.sampled_from([3, 4, 5]),
       board=st.sampled_from(["sun", "moon"]), decisions=st.integers(0, 180))
def test_round_trip_is_exact_and_the_resumed_game_continues_identically(
        seed: int, players: int, board: str, decisions: int) -> None:
    game, bot = _game_after(seed, players, board, decisions)
    text = dump_game(game)
    loaded = load_game_text(text, "roundtrip")
    assert dump_game(loaded) == text
    bot_copy = RandomPlayer(0)
    bot_copy.rng.setstate(bot.rng.getstate())
    for _ in range(40):
        if game.is_over():
            break
        choice = decide(bot, game)
        assert decide(bot_copy, loaded) == choice
        game.apply(choice)
        loaded.apply(choice)
    assert dump_game(loaded) == dump_game(game)


def test_save_is_readable_yaml_with_the_position_schema() -> None:
    game, _ = _game_after(4, 4, "sun", 60)
    doc = yaml.safe_load(dump_game(game))
    assert doc["format"] == "shogun-desktop-save"
    assert set(doc["position"]) >= {"year", "season", "provinces", "tower", "chests"}
    assert doc["pending"].startswith(game.pending().kind)
    assert isinstance(doc["log"], list) and doc["log"][0].startswith("New game")


def _mutated(mutate) -> str:
    game, _ = _game_after(7, 3, "sun", 50)
    doc = yaml.safe_load(dump_game(game))
    mutate(doc)
    return yaml.safe_dump(doc, sort_keys=False)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["position"]["chests"].update(red="ten"),
         "position.chests.red: must be an integer, not 'ten'"),
        (lambda d: d.update(cheat=True), "cheat: unknown key"),
        (lambda d: d["position"]["provinces"].update(Omi={"owner": "red", "armies": 99}),
         "red would need"),
        (lambda d: d["position"]["provinces"].update(Izumo={"owner": "red", "armies": 1}),
         "Izumo is out of play with 3 players"),
        (lambda d: d.update(phase="party"), "phase: 'party' is not one of"),
        (lambda d: d["held"].append([999, "green", 1.0, 2.0, 0.0]),
         "held: does not match position.tower.inside"),
        (lambda d: d["rng"].update(state=[1, 2, 3]), "rng.state: must be 625"),
        (lambda d: d["hands"].update(red=["Omi"]), "hands.red: must hold exactly the cards"),
        (lambda d: d.pop("log"), "log: missing"),
        (lambda d: d["position"].update(season=7), "position.season: 7 is not one of"),
    ],
    ids=["wrong-type", "unknown-key", "impossible-count", "out-of-play", "bad-phase",
         "held-mismatch", "bad-rng", "hand-mismatch", "missing-key", "season-type"],
)
def test_damaged_saves_are_refused_with_the_key_named(mutate, message: str) -> None:
    text = _mutated(mutate)
    with pytest.raises(SaveError) as err:
        load_game_text(text, "damaged.yaml")
    assert str(err.value).startswith("damaged.yaml: ")
    assert message in str(err.value)


def test_yaml_tags_never_execute(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    text = f"format: !!python/object/apply:os.system ['touch {marker}']\n"
    with pytest.raises(SaveError, match="not valid YAML"):
        load_game_text(text, "hostile.yaml")
    assert not marker.exists()


def test_not_yaml_and_not_a_mapping_are_refused() -> None:
    with pytest.raises(SaveError, match="x.yaml: not valid YAML"):
        load_game_text("a: [unclosed", "x.yaml")
    with pytest.raises(SaveError, match="x.yaml: .*must be a mapping"):
        load_game_text("- 1\n- 2\n", "x.yaml")


def test_atomic_save_replaces_the_file_and_keeps_the_old_one_on_failure(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "saves" / "autosave.yaml"
    game, bot = _game_after(9, 4, "moon", 30)
    save_game(game, path)
    first = path.read_text(encoding="utf-8")
    assert dump_game(load_game(path)) == first
    game.apply(decide(bot, game))

    def broken(_game: Game) -> str:
        raise OSError("disk full")

    monkeypatch.setattr(save_module, "dump_game", broken)
    with pytest.raises(OSError):
        save_game(game, path)
    assert path.read_text(encoding="utf-8") == first
    assert [p.name for p in path.parent.iterdir()] == ["autosave.yaml"]


def test_resumed_game_with_the_physical_tower_continues_exactly() -> None:
    from shogun_desktop.tower.physics import PhysicalTower

    game = Game.new(GameConfig(COLOURS[:4], board="sun", start="designated", seed=31),
                    tower=PhysicalTower())
    bot = RandomPlayer(8)
    while game.state.battles < 3:
        game.apply(decide(bot, game))
    assert any(c.x or c.y for c in game.state.held)  # real resting positions are saved
    loaded = load_game_text(dump_game(game), "physical.yaml", tower=PhysicalTower())
    twin = RandomPlayer(0)
    twin.rng.setstate(bot.rng.getstate())
    while game.state.battles < 8 and not game.is_over():
        choice = decide(bot, game)
        assert decide(twin, loaded) == choice
        game.apply(choice)
        loaded.apply(choice)
    assert game.state.battles >= 8
    assert dump_game(loaded) == dump_game(game)


def test_computer_levels_are_saved_and_restored() -> None:
    game = Game.new(GameConfig(COLOURS[:3], seed=2, computer=["yellow", "blue"]))
    game.state.players["yellow"].level = "hard"
    game.state.players["blue"].level = "normal"
    loaded = load_game_text(dump_game(game), "levels")
    assert {c: p.level for c, p in loaded.state.players.items()} == {
        "red": "", "yellow": "hard", "blue": "normal"}
    doc = yaml.safe_load(dump_game(game))
    del doc["levels"]  # a save from before levels: computers play Easy
    older = load_game_text(yaml.safe_dump(doc), "old")
    assert older.state.players["yellow"].level == ""
    doc["levels"] = {"yellow": "expert"}
    with pytest.raises(SaveError, match="levels.yellow"):
        load_game_text(yaml.safe_dump(doc), "bad")
