"""Rules engine: setup, decisions, planning validation, bids, void rule, determinism, views."""

from __future__ import annotations

import random

import pytest

from shogun_desktop.ai.driver import decide, play_out
from shogun_desktop.ai.random_player import RandomPlayer
from shogun_desktop.data.board import default_board
from shogun_desktop.presenter import presenter_for
from shogun_desktop.rules import events as ev
from shogun_desktop.rules.engine import (
    PHASE_TABLE,
    Game,
    GameConfig,
    IllegalChoiceError,
    PlanProblem,
    RejectCode,
    ShogunError,
)
from shogun_desktop.rules.save import Reader, dump_game, state_from_position
from shogun_desktop.rules.state import ActionsCursor, Move, Phase
from shogun_desktop.rules.tower import ScriptedTower
from shogun_desktop.rules.view import HIDDEN, player_view

COLOURS = ["red", "yellow", "blue", "purple", "black"]


def new_game(n: int = 4, board: str = "sun", start: str = "draft", seed: int = 3,
             tower=None) -> Game:
    return Game.new(GameConfig(COLOURS[:n], board=board, start=start, seed=seed), tower=tower)


def test_draft_first_decision_offers_two_face_up_cards_and_the_deck() -> None:
    game = new_game(3)
    d = game.pending()
    assert d is not None and d.kind == "draft-take" and d.player == "red"
    assert len(d.options) == 3 and d.options[-1] == "deck"
    excluded = default_board().excluded_with_3["sun"]
    assert not set(d.options[:2]) & excluded
    face_up = d.options[0]
    game.apply(face_up)
    place = game.pending()
    assert place.kind == "draft-place" and place.options == (5, 4, 3, 2)
    game.apply(4)
    assert game.state.provinces[face_up].owner == "red"
    assert game.state.provinces[face_up].armies == 4
    assert face_up in game.state.players["red"].cards
    nxt = game.pending()
    assert nxt.player == "yellow" and face_up not in nxt.options and len(nxt.options) == 3


def test_draft_rotates_face_up_cards_after_a_full_round_of_blind_draws() -> None:
    game = new_game(3)
    before = list(game.pending().options[:2])
    for _ in range(3):
        game.apply("deck")
        game.apply(game.pending().options[0])
    after = list(game.pending().options[:2])
    assert not set(before) & set(after)
    assert list(game.state.cursor.deck[-2:]) == before
    assert ev.DraftFaceUp(tuple(after), renewed=True) in game.state.events


def test_designated_start_places_the_table_and_loads_the_tower() -> None:
    tower = ScriptedTower([{"red": 5, "yellow": 6, "blue": 7, "purple": 4, "green": 8}])
    game = new_game(4, start="designated", tower=tower)
    s = game.state
    table = default_board().start[4]
    for colour, row in zip(COLOURS[:4], table.designated_sun, strict=True):
        assert s.owned(colour) == sorted(row)
        assert [s.provinces[p].armies for p in row] == list(table.groups)
        assert s.players[colour].chests == 15
    assert s.inside() == {"red": 2, "yellow": 1, "purple": 3, "green": 2}
    assert s.supply["red"] == 62 - sum(table.groups) - 2
    assert s.supply["green"] == 18
    assert s.tray == {}
    assert len(s.event_candidates) == 4 and len(s.event_deck) == 8
    assert game.pending().kind == "plan"


def test_designated_three_players_on_the_moon_side_is_refused() -> None:
    with pytest.raises(ShogunError, match="sun side only"):
        new_game(3, board="moon", start="designated")


def _to_planning(seed: int = 5) -> Game:
    game = new_game(3, start="designated", seed=seed)
    assert game.pending().kind == "plan"
    return game


def test_plan_validation_rejects_with_reasons_and_changes_nothing() -> None:
    game = _to_planning()
    d = game.pending()
    cards = d.context["cards"]
    assert len(cards) == 9 + 5
    before = dump_game(game)
    spaces = ["castle", "temple", "theater", "rice", "tax", "recruit-5", "recruit-3",
              "recruit-1-move", "battle-a", "battle-b", "bid"]
    good = dict(zip(spaces, cards, strict=False))
    twice = dict(good, bid=good["castle"])
    short = dict(list(good.items())[:10])
    foreign = dict(good, bid="Echigo")
    unknown = dict(good)
    unknown["nap"] = unknown.pop("bid")
    words = presenter_for(game)
    for plan, detail, reason in (
            (twice, PlanProblem.PLACED_TWICE, "placed twice"),
            (short, PlanProblem.INCOMPLETE, "Every space must be filled"),
            (foreign, PlanProblem.NOT_IN_HAND, "is not a card in Red's hand"),
            (unknown, PlanProblem.UNKNOWN_SPACE, "no space called nap")):
        rejection = game.check(plan)
        assert rejection is not None and rejection.code == RejectCode.BAD_PLAN
        assert rejection.detail == detail
        assert reason in words.rejection(rejection)
        with pytest.raises(IllegalChoiceError):
            game.apply(plan)
        assert dump_game(game) == before
    assert game.check(good) is None
    with pytest.raises(IllegalChoiceError, match="not-your-turn"):
        game.apply(good, player="blue")
    game.apply(good, player="red")
    assert game.pending().player == "yellow"


def test_fewer_than_eleven_cards_leave_spaces_empty() -> None:
    game = _to_planning()
    s = game.state
    for p in list(s.owned("red"))[3:]:  # red keeps 3 provinces + 5 chests = 8 cards
        game.neutralise(p)
    cards = game.pending().context["cards"]
    assert len(cards) == 8
    spaces = ["castle", "rice", "tax", "recruit-5", "recruit-3", "battle-a", "battle-b", "bid"]
    assert game.check(dict(zip(spaces, cards, strict=True))) is None
    assert game.check(dict(zip(spaces[:7], cards, strict=False))) is not None


def _plan_all(game: Game, bids: dict[str, str]) -> None:
    spaces = ["castle", "temple", "theater", "rice", "tax", "recruit-5", "recruit-3",
              "recruit-1-move", "battle-a", "battle-b"]
    while game.pending().kind == "plan":
        colour = game.pending().player
        cards = [c for c in game.pending().context["cards"] if c != bids[colour]]
        plan = dict(zip(spaces, cards, strict=False))
        plan["bid"] = bids[colour]
        game.apply(plan)


def test_bid_ranking_payment_and_unaffordable_bid() -> None:
    game = _to_planning()
    s = game.state
    s.players["blue"].chests = 1
    province = s.owned("yellow")[0]
    _plan_all(game, {"red": "chest-3", "yellow": province, "blue": "chest-4"})
    d = game.pending()
    assert d.kind == "pick-special"
    assert s.cursor.order == ("red", "yellow", "blue")
    assert s.players["red"].chests == 15 and s.players["blue"].chests == 1
    assert ev.BidRevealed("blue", "chest", 4, 0, unaffordable=True) in s.events
    assert any("cannot pay: counts as 0" in line for line in presenter_for(game).lines(s.events))
    assert s.event_current is not None and len(s.event_candidates) == 3
    first = d.options[-1]
    game.apply(first)
    assert first not in game.pending().options


def test_attack_voids_the_defenders_later_action_on_that_card() -> None:
    data = default_board()
    r = Reader("test")
    state = state_from_position(r, {
        "chests": {"red": 5, "blue": 5},
        "provinces": {"Mino": {"owner": "red", "armies": 6},
                      "Omi": {"owner": "blue", "armies": 2},
                      "Owari": {"owner": "blue", "armies": 1}},
    }, "sun", ["red", "blue", "yellow"], data)
    state.action_row = ["battle-a", "tax", "castle", "temple", "theater", "rice",
                        "recruit-5", "recruit-3", "recruit-1-move", "battle-b"]
    state.special_layout = list(data.specials)
    state.turn_order = ["red", "blue", "yellow"]
    state.players["red"].plan = {"battle-a": "Mino"}
    state.players["blue"].plan = {"tax": "Omi", "castle": "Owari"}
    state.phase = Phase.ACTIONS
    state.cursor = ActionsCursor()
    tower = ScriptedTower([{"red": 4, "blue": 1}])
    game = Game(state, random.Random(1), tower, data)
    game.advance()
    d = game.pending()
    assert d.kind == "battle" and d.player == "red"
    assert Move("Omi", 5) in d.options and Move("Omi", 6) not in d.options
    assert Move("Iwami", 1) not in d.options  # out of play with 3 players? not adjacent anyway
    game.apply(Move("Omi", 4), advance=False)
    assert state.provinces["Omi"].owner == "red" and state.provinces["Omi"].armies == 3
    battle = state.events[-1]
    assert battle == ev.BattleResolved("red", "Mino", "Omi", 4, "blue", 2, {},
                                       {"red": 4, "blue": 2}, {"red": 4, "blue": 1}, "taken", 3)
    assert game.drops[-1].event is battle
    words = presenter_for(game)
    assert words.line(battle) == ("Red attacks Omi from Mino with 4 armies against Blue's 2 — "
                                  "out: Blue 1, Red 4 — Red takes Omi with 3 armies")
    while game.pending() is None and state.cursor.index < 2:
        PHASE_TABLE[state.phase].step(game)
    assert ev.CardVoided("blue", "tax", "Omi") in state.events
    assert "Blue's Tax in Omi is void: the card left their hand" in words.lines(state.events)
    assert state.players["blue"].chests == 5


def test_same_seed_and_decisions_give_the_same_game() -> None:
    def play(seed: int) -> str:
        game = new_game(4, seed=seed)
        play_out(game, RandomPlayer(99))
        return dump_game(game)

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_views_hide_other_plans_and_the_tower_at_every_decision() -> None:
    game = new_game(3, seed=21)
    bot = RandomPlayer(5)
    checked = 0
    while not game.is_over():
        for seat in [*game.state.seats, None]:
            view = player_view(game, seat)
            assert "held" not in view and "inside" not in str(view.keys())
            for colour, pv in view["players"].items():
                real = game.state.players[colour]
                if colour == seat:
                    assert pv["hand"] == real.hand()
                    continue
                assert pv["hand"] is None
                for space, shown in pv["board"].items():
                    if space in real.revealed:
                        assert shown == real.plan[space]
                    else:
                        assert shown == HIDDEN
            if view["pending"] and view["pending"]["player"] != seat:
                assert "options" not in view["pending"]
            hidden_actions = [a for a in view["action_row"] if a == HIDDEN]
            if game.state.phase == "planning":
                assert len(hidden_actions) == 5
            checked += 1
        game.apply(decide(bot, game))
    assert checked > 100


def test_game_runs_to_the_end_with_winners() -> None:
    game = new_game(5, board="moon", seed=8)
    decisions = play_out(game, RandomPlayer(8))
    s = game.state
    assert s.phase == "over" and s.year == 2 and s.winners
    best = max(p.vp for p in s.players.values())
    assert all(s.players[w].vp == best for w in s.winners)
    assert decisions > 100
    assert any(isinstance(e, ev.WinterRiceLoss) and e.year == 2 for e in s.events)
    assert isinstance(s.events[-1], ev.GameOver) and list(s.events[-1].winners) == s.winners
    assert [e["year"] for e in s.scores] == [1, 2]  # the structured record the window shows
    for colour, player in s.players.items():
        assert sum(sum(e["vp"].get(colour, {}).values()) for e in s.scores) == player.vp
