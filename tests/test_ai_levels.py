"""Computer levels cannot peek: determinized games, the light view, and same-seed decisions."""

from __future__ import annotations

import copy
import random

import pytest

from shogun_desktop.ai.base import make_player
from shogun_desktop.ai.hard import HardPlayer
from shogun_desktop.ai.random_player import RandomPlayer
from shogun_desktop.rules.determinize import DeterminizeError, determinize
from shogun_desktop.rules.engine import Game, GameConfig
from shogun_desktop.rules.invariants import check_invariants
from shogun_desktop.rules.save import dump_game, load_game_text
from shogun_desktop.rules.state import CHEST_CARDS
from shogun_desktop.rules.tower import HeldCube
from shogun_desktop.rules.view import player_view, seat_view

COLOURS = ["red", "yellow", "blue", "purple", "black"]


def _advance(game: Game, until, seed: int = 1, limit: int = 2000) -> None:
    """Random-legal play until ``until(game)`` holds."""
    bot = RandomPlayer(seed)
    for _ in range(limit):
        if until(game):
            return
        d = game.pending()
        game.apply(bot.choose(seat_view(game, d.player, d), d))
    raise AssertionError("the situation never came up")


def _planning_after_others(players: int = 4, seed: int = 3) -> Game:
    """A planning decision of a later seat, in summer, after earlier seats planned."""
    game = Game.new(GameConfig(COLOURS[:players], seed=seed))
    _advance(game, lambda g: g.state.season == "summer" and g.state.phase == "planning"
             and g.pending().player == g.state.seats[2], seed)
    return game


def _hide_differently(game: Game, rng: random.Random) -> Game:
    """A copy that differs only in what the pending seat cannot see."""
    twin = load_game_text(dump_game(game), "twin")
    s = twin.state
    me = twin.pending().player
    for colour in s.seats:
        p = s.players[colour]
        if colour == me or not p.plan:
            continue
        hidden = [sp for sp in p.plan if sp not in p.revealed]
        cards = [p.plan[sp] for sp in hidden]
        rng.shuffle(cards)
        for sp, card in zip(hidden, cards, strict=True):
            p.plan[sp] = card
    visible = 5 + s.actions_done if s.phase in ("actions", "picks") else 5
    face_down = s.action_row[visible:]
    rng.shuffle(face_down)
    s.action_row[visible:] = face_down
    rng.shuffle(s.event_deck)
    colours = [c.colour for c in s.held]
    rng.shuffle(colours)
    s.held = [HeldCube(i + 100, c, x=rng.random(), y=rng.random()) for i, c in enumerate(colours)]
    twin.rng.seed(rng.random())
    return twin


def test_the_light_view_shows_nothing_the_full_view_hides() -> None:
    game = Game.new(GameConfig(COLOURS[:4], seed=5))
    bot = RandomPlayer(2)
    for _ in range(400):
        if game.is_over():
            break
        d = game.pending()
        light = seat_view(game, d.player, d)
        full = player_view(game, d.player)
        for key in ("provinces", "tray", "turn_order", "special_layout", "action_row",
                    "event_candidates", "winter_loss_candidates", "in_play", "year", "season"):
            assert light[key] == full[key], key
        for colour, info in light["players"].items():
            other = full["players"][colour]
            for key in ("chests", "rice", "vp", "special", "provinces", "hand_size", "hand",
                        "supply", "planned"):
                assert info[key] == other[key], (colour, key)
            if colour != d.player:
                assert info["plan"] is None
                shown = {sp: c for sp, c in other["board"].items() if c != "hidden"}
                assert info["shown"] == shown
        game.apply(bot.choose(light, d))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_determinize_rebuilds_exactly_what_the_seat_sees(players: int) -> None:
    game = Game.new(GameConfig(COLOURS[:players], seed=players))
    bots = {c: make_player("normal", game.data) for c in game.state.seats}
    rng = random.Random(1)
    checked = 0
    while not game.is_over():
        d = game.pending()
        view = seat_view(game, d.player, d)
        if game.state.phase in ("planning", "actions"):
            world = determinize(view, random.Random(checked), game.data, d)
            assert check_invariants(world.state, world.data) == []
            again = world.pending()
            assert (again.kind, again.player, again.options) == (d.kind, d.player, d.options)
            assert seat_view(world, d.player, again) == view
            checked += 1
        game.apply(bots[d.player].choose(view, d, rng))
    assert checked > 40


def test_a_determinized_game_plays_to_the_end() -> None:
    game = _planning_after_others()
    d = game.pending()
    normal = make_player("normal", game.data)
    world = determinize(seat_view(game, d.player, d), random.Random(4), game.data, d,
                        planner=normal.choose)
    others = [c for c in world.state.seats[:2]]
    assert all(world.state.players[c].planned and world.state.players[c].plan for c in others)
    while not world.is_over():
        wd = world.pending()
        world.apply(normal.choose(seat_view(world, wd.player, wd), wd, random.Random(1)))
    assert world.state.winners


def test_determinize_refuses_phases_it_does_not_model() -> None:
    game = Game.new(GameConfig(COLOURS[:3], seed=1))  # the draft
    d = game.pending()
    with pytest.raises(DeterminizeError, match="draft"):
        determinize(seat_view(game, d.player, d), random.Random(1), game.data, d)


def _levels(data):
    return {"easy": make_player("easy", data), "normal": make_player("normal", data),
            "hard": HardPlayer(data, max_worlds=4, max_candidates=4)}


@pytest.mark.parametrize("phase", ["planning", "battle"])
def test_hidden_differences_never_change_a_decision(phase: str) -> None:
    if phase == "planning":
        game = _planning_after_others(4, seed=1)  # a position where Hard really searches
    else:
        game = Game.new(GameConfig(COLOURS[:4], seed=8))
        _advance(game, lambda g: g.pending() is not None and g.pending().kind == "battle"
                 and any(not p.revealed >= set(p.plan) for p in g.state.players.values()), 8)
    twins = [game] + [_hide_differently(game, random.Random(k)) for k in (1, 2)]
    # the twins really differ in what is hidden
    me = game.pending().player
    assert any(dump_game(t) != dump_game(game) for t in twins[1:])
    for level, player in _levels(game.data).items():
        choices, searches = [], []
        for twin in twins:
            d = twin.pending()
            assert d.player == me
            choices.append(player.choose(seat_view(twin, d.player, d), d, random.Random(7)))
            searches.append({k: v for k, v in getattr(player, "stats", {}).items()
                             if k != "seconds"})
        assert all(c == choices[0] for c in choices), level
        if level == "hard" and phase == "planning":
            # a real search (several candidates, each played out), and the very same one:
            # every candidate scored alike on every twin
            assert searches[0]["candidates"] >= 3 and searches[0]["rollouts"] >= 12
            assert all(s == searches[0] for s in searches[1:])


def test_hard_keeps_normals_plan_without_time_and_plays_legal_plans() -> None:
    game = _planning_after_others()
    d = game.pending()
    view = seat_view(game, d.player, d)
    normal = make_player("normal", game.data).choose(view, d, random.Random(3))
    lazy = HardPlayer(game.data, budget=0.0)
    assert lazy.choose(view, d, random.Random(3)) == normal
    hard = HardPlayer(game.data, max_worlds=4)
    searched = 0
    bot = RandomPlayer(5)
    while not game.is_over() and searched < 2:
        d = game.pending()
        view = seat_view(game, d.player, d)
        if d.kind == "plan":
            plan = hard.choose(view, d, random.Random(3))
            assert game.check(plan) is None
            if hard.stats["candidates"] >= 2:  # a real choice: every candidate was played out
                assert hard.stats["rollouts"] == 4 * hard.stats["candidates"] or \
                    hard.stats["rollouts"] >= 4 * 2
                searched += 1
        game.apply(bot.choose(view, d))
    assert searched == 2


def test_plans_fill_every_space_while_cards_remain() -> None:
    game = _planning_after_others(5, seed=9)
    d = game.pending()
    view = seat_view(game, d.player, d)
    for level, player in _levels(game.data).items():
        plan = player.choose(view, d, random.Random(1))
        assert game.check(plan) is None, level
        assert len(plan) == min(11, len(d.context["cards"]))
        assert set(plan.values()) <= set(d.context["cards"]) | set(CHEST_CARDS)


def test_views_handed_to_players_are_plain_data() -> None:
    # nothing in a view leads back to the game: only dicts, lists and scalars
    game = _planning_after_others()
    d = game.pending()
    view = copy.deepcopy(seat_view(game, d.player, d))

    def plain(value) -> bool:
        if isinstance(value, dict):
            return all(isinstance(k, str) and plain(v) for k, v in value.items())
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return value is None or isinstance(value, str | int | float | bool)

    assert plain(view)
    assert plain(dict(d.context)) and all(plain(o) for o in d.options)
