"""The engine as data: phase table, cursor schema, typed events, the presenter, exact ints,
the window reading events only, and the scenario runner on the public path."""

from __future__ import annotations

import ast
import copy
import dataclasses
import importlib.util
import random
import re
import subprocess
import sys
import typing
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shogun_desktop.ai.driver import decide, play_out
from shogun_desktop.ai.random_player import RandomPlayer
from shogun_desktop.data.board import default_board
from shogun_desktop.presenter import Presenter, plural, presenter_for
from shogun_desktop.rules import events as ev
from shogun_desktop.rules.engine import (
    PHASE_TABLE,
    Game,
    GameConfig,
    IllegalChoiceError,
    RejectCode,
    Rejection,
)
from shogun_desktop.rules.save import Reader, dump_game, state_from_position
from shogun_desktop.rules.state import (
    CURSOR_TYPES,
    ActionsCursor,
    ActionStage,
    CursorError,
    DecisionKind,
    DraftCursor,
    EmptyCursor,
    Move,
    Phase,
    PicksCursor,
    WinterCursor,
    WinterStage,
    cursor_from_data,
)
from shogun_desktop.rules.tower import ScriptedTower
from tests.helpers import REPO

COLOURS = ["red", "yellow", "blue", "purple", "black"]


# ---------------------------------------------------------------------- phase table
def test_the_phase_table_covers_every_phase_and_every_decision_kind() -> None:
    assert set(PHASE_TABLE) == set(Phase)
    assert set(CURSOR_TYPES) == set(Phase)
    answered = [k for rules in PHASE_TABLE.values() for k in rules.answers]
    assert sorted(answered) == sorted(DecisionKind)  # each kind answered in exactly one phase
    for phase, rules in PHASE_TABLE.items():
        assert callable(rules.pending), phase
        if rules.step is None and not rules.answers:
            assert phase in (Phase.SETUP, Phase.OVER, Phase.FREE)


def test_enums_still_compare_equal_to_their_strings() -> None:
    game = Game.new(GameConfig(COLOURS[:3], seed=2))
    decision = game.pending()
    assert decision is not None and decision.kind == "draft-take"
    assert game.state.phase == "draft" and Phase("winter") is Phase.WINTER


def test_every_phase_met_in_whole_games_has_its_cursor_type() -> None:
    seen: set[Phase] = set()
    for seed, start in ((3, "draft"), (6, "designated")):
        game = Game.new(GameConfig(COLOURS[:4], start=start, seed=seed))
        bot = RandomPlayer(seed)
        while True:
            seen.add(game.state.phase)
            assert isinstance(game.state.cursor, CURSOR_TYPES[game.state.phase])
            if game.is_over():
                break
            game.apply(decide(bot, game))
    assert {Phase.DRAFT, Phase.PLANNING, Phase.PICKS, Phase.ACTIONS, Phase.WINTER,
            Phase.OVER} <= seen


# ---------------------------------------------------------------------- cursor schema
names = st.sampled_from(["Omi", "Mino", "Owari", "Kai", "Awa-Boso"])
colours = st.sampled_from(COLOURS)
small = st.integers(0, 12)
cursors = st.one_of(
    st.just(EmptyCursor()),
    st.builds(DraftCursor, deck=st.lists(names).map(tuple), face_up=st.lists(names, max_size=2)
              .map(tuple), turn=small, taken=st.none() | names, blind_turns=small,
              groups=st.lists(st.tuples(colours, st.lists(st.integers(1, 5)).map(tuple)),
                              unique_by=lambda g: g[0]).map(tuple)),
    st.builds(PicksCursor, order=st.lists(colours).map(tuple), index=small,
              ties=st.lists(st.lists(colours).map(tuple)).map(tuple)),
    st.builds(lambda i, t, p, single: ActionsCursor(
        i, t, None if p is None else ActionStage.BATTLE, p, single),
        small, small, st.none() | names, st.booleans()),
    st.builds(WinterCursor, stage=st.sampled_from(list(WinterStage)), index=small,
              draws=st.none() | st.lists(names).map(tuple), extra=small,
              loss=st.none() | small),
)


@settings(max_examples=200, deadline=None)
@given(cursor=cursors)
def test_cursor_data_round_trips_exactly(cursor: Any) -> None:
    data = cursor.to_data()
    again = type(cursor).from_data(copy.deepcopy(data))
    if isinstance(cursor, WinterCursor) and cursor.draws is None:
        cursor = dataclasses.replace(cursor, extra=0)  # extra belongs to draws only
    assert again == cursor
    assert again.to_data() == type(cursor)(**dataclasses.asdict(again)).to_data()


@pytest.mark.parametrize(("phase", "doc", "message"), [
    (Phase.ACTIONS, {"index": 2.0, "turn": 0, "stage": None}, "cursor.index: must be an integer"),
    (Phase.ACTIONS, {"index": True, "turn": 0, "stage": None}, "cursor.index: must be an integer"),
    (Phase.ACTIONS, {"index": 0, "turn": 0, "stage": "dance", "province": "Omi"},
     "cursor.stage: must be battle or move"),
    (Phase.ACTIONS, {"index": 0, "turn": 0, "stage": "battle"}, "cursor.province"),
    (Phase.PICKS, {"order": ["red", 3], "index": 0, "ties": []}, "cursor.order[1]: must be a string"),
    (Phase.WINTER, {"index": 0, "stage": "spring"}, "cursor.stage: must be loss"),
    (Phase.DRAFT, {"deck": [], "face_up": [], "turn": 0, "taken": None, "blind_turns": 0,
                   "groups": {"red": [2, "3"]}}, "cursor.groups.red[1]: must be an integer"),
    (Phase.PLANNING, {"index": 0}, "cursor.index: unknown key"),
    (Phase.WINTER, ["loss"], "cursor: must be a mapping"),
])
def test_bad_cursor_data_names_the_key(phase: Phase, doc: Any, message: str) -> None:
    with pytest.raises(CursorError, match=re.escape(message)):
        cursor_from_data(phase, doc)


# ---------------------------------------------------------------------- events and presenter
PLAYER_FIELDS = {"player", "attacker", "defender", "drawer", "seats", "players", "ranking",
                 "winners"}


def _sample(tp: Any, name: str) -> Any:
    """A value of the field's type: colours for player fields, provinces otherwise."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    who = name in PLAYER_FIELDS
    if tp is int:
        return 2
    if tp is bool:
        return True
    if tp is str:
        return "red" if who else "Omi"
    if origin is tuple:
        return ("red", "blue") if who else ("Omi", "Mino")
    if origin is dict:
        return {"red": 2}
    return _sample(next(a for a in args if a is not type(None)), name)


def _example(cls: type[ev.Event]) -> ev.Event:
    hints = typing.get_type_hints(cls)
    values = {f.name: _sample(hints[f.name], f.name) for f in dataclasses.fields(cls)}
    overrides: dict[str, dict[str, Any]] = {
        "round-started": {"season": "spring", "actions": ("rice", "tax"),
                          "specials": ("tax-bonus",), "event_candidates": ("farmers-2",)},
        "event-drawn": {"season": "summer", "event": "farmers-2"},
        "event-ended": {"season": "summer", "event": "farmers-2"},
        "special-picked": {"special": "attack-bonus"},
        "action-turned": {"action": "castle"}, "no-card": {"action": "castle"},
        "chest-revealed": {"action": "castle"}, "card-voided": {"action": "tax"},
        "action-skipped": {"action": "castle", "reason": "already-built"},
        "building-built": {"kind": "theater"}, "collected": {"action": "rice"},
        "recruited": {"action": "recruit-5"}, "battle": {"outcome": "taken",
                                                        "bonuses": {"attack-bonus": 1}},
        "winter-rice-loss": {"card": "castle-defence"},
        "scored": {"parts": {"provinces": 3, "green castle": 3}},
        "bid-revealed": {"bid": "chest"},
    }
    values.update(overrides.get(cls.type, {}))
    return cls(**values)


@pytest.mark.parametrize("tag", sorted(ev.EVENT_TYPES))
def test_every_event_type_renders_and_round_trips(tag: str) -> None:
    cls = ev.EVENT_TYPES[tag]
    event = _example(cls)
    data = ev.to_data(event)
    assert data["type"] == tag and ev.event_from_data(data) == event
    words = Presenter({"red": "Aiko", "blue": "Ben"})
    line = words.line(event)
    assert line and "{" not in line and "None" not in line
    fields = dataclasses.fields(cls)
    if any(f.name in PLAYER_FIELDS for f in fields):
        assert "Aiko" in line and not re.search(r"\b(red|blue)\b", line), line


def test_every_skip_reason_and_rejection_has_words() -> None:
    words = Presenter({"red": "Aiko"})
    for reason in ev.SkipReason:
        text = words.skip_reason(reason, {"cost": 3, "chests": 1, "supply": 2, "needed": 5},
                                 "castle")
        assert text and text != reason
    game = Game.new(GameConfig(COLOURS[:3], start="designated", seed=5))
    rejections = [game.check({"bid": "chest-9"}), game.check("x", "blue")]
    for plan in ("nonsense", {"nap": "chest-1"}, {"bid": "chest-1", "castle": "chest-1"},
                 {"bid": "chest-1"}):
        rejections.append(game.check(plan))
    texts = {words.rejection(r) for r in rejections if r is not None}
    assert len(texts) == 6 and all(t.endswith(".") for t in texts)
    assert words.rejection(Rejection(RejectCode.NO_DECISION)) == "No decision is waiting."


def test_every_decision_kind_has_a_prompt_in_player_names() -> None:
    words = Presenter({"red": "Aiko"})
    about = {"province": "Omi", "action": "battle-a", "provinces": ["Omi", "Mino"]}
    prompts = {words.prompt({"kind": str(k), "player": "red", "about": about})
               for k in DecisionKind}
    assert len(prompts) == len(DecisionKind)
    assert all(p.startswith("Aiko: ") and "red" not in p for p in prompts)
    assert "Aiko: choose the order of the revolts in Omi and Mino" in prompts


def test_views_share_what_a_decision_is_about_but_never_a_hand() -> None:
    from shogun_desktop.rules.view import player_view

    game = Game.new(GameConfig(COLOURS[:3], start="designated", seed=5))
    assert game.pending().kind == "plan"
    public = player_view(game, None)["pending"]
    assert public == {"kind": "plan", "player": "red", "about": {}}
    assert "context" in player_view(game, "red")["pending"]


def test_presenter_counts_and_names() -> None:
    assert plural(1, "army") == "1 army" and plural(3, "army") == "3 armies"
    assert plural(1, "farmer") == "1 farmer" and plural(0, "farmer") == "0 farmers"
    words = Presenter({"red": "Aiko", "blue": "Boris"})
    battle = ev.BattleResolved("red", "Mino", "Omi", 1, "blue", 1, {}, {"red": 1, "blue": 1},
                               {"red": 1}, "taken", 1)
    assert words.line(battle) == ("Aiko attacks Omi from Mino with 1 army against Boris' 1 — "
                                  "out: Aiko 1 — Aiko takes Omi with 1 army")


def test_verbs_agree_with_counts() -> None:
    words = Presenter({"red": "Aiko"})

    def revolt(n: int) -> ev.RevoltResolved:
        return ev.RevoltResolved("red", "Omi", 2, 1, 0, {"red": 2, "green": 1}, {"red": 2},
                                 True, n, False)

    assert words.verdict(revolt(1)) == "suppressed; 1 army stays"
    assert words.verdict(revolt(2)) == "suppressed; 2 armies stay"
    assert words.survivors(revolt(1)).startswith("1 army of Aiko stays in Omi")
    skipped = ev.ActionSkipped("red", "recruit-5", "Omi", "supply-short",
                               {"supply": 1, "needed": 5})
    assert words.line(skipped).endswith("only 1 army in supply, 5 needed")


def test_a_different_presenter_changes_words_not_outcomes() -> None:
    """The log is a rendering: reworded messages leave the game and its save untouched."""
    game = Game.new(GameConfig(COLOURS[:3], seed=9))
    play_out(game, RandomPlayer(9))
    shout = Presenter({c: p.name.upper() for c, p in game.state.players.items()})
    normal = presenter_for(game)
    assert shout.lines(game.state.events) != normal.lines(game.state.events)
    twin = Game.new(GameConfig(COLOURS[:3], seed=9))
    play_out(twin, RandomPlayer(9))
    assert dump_game(twin) == dump_game(game)


def test_listeners_receive_every_event_as_it_happens() -> None:
    game = Game.new(GameConfig(COLOURS[:3], seed=4), auto_advance=False)
    heard: list[ev.Event] = []
    game.listeners.append(heard.append)
    before = len(game.state.events)
    play_out(game, RandomPlayer(4))
    assert heard == game.state.events[before:] and len(heard) > 100


# ---------------------------------------------------------------------- exact integers
def _battle_game() -> Game:
    data = default_board()
    state = state_from_position(Reader("t"), {
        "provinces": {"Mino": {"owner": "red", "armies": 6}, "Omi": {"owner": "blue", "armies": 2}},
    }, "sun", ["red", "blue", "yellow"], data)
    state.players["red"].plan = {"battle-a": "Mino"}
    game = Game(state, random.Random(1), ScriptedTower([{"red": 2}]), data)
    game.begin_action_turn("red", "battle-a", "Mino")
    game.advance()
    return game


@pytest.mark.parametrize("armies", [2.0, True, Fraction(2), Decimal(2), "2", -1, 99])
def test_battle_armies_must_be_an_exact_int_and_nothing_changes(armies: Any) -> None:
    game = _battle_game()
    assert game.pending().kind == "battle"
    before = dump_game(game)
    rejection = game.check(Move("Omi", armies))
    assert rejection is not None and rejection.code == RejectCode.NOT_LEGAL
    with pytest.raises(IllegalChoiceError):
        game.apply(Move("Omi", armies))
    assert dump_game(game) == before
    assert game.state.provinces["Mino"].armies == 6
    game.apply(Move("Omi", 2))  # the real int still works
    assert game.state.provinces["Mino"].armies == 4


@pytest.mark.parametrize("size", [4.0, Fraction(4), Decimal(4), True])
def test_draft_sizes_must_be_exact_ints(size: Any) -> None:
    game = Game.new(GameConfig(COLOURS[:3], seed=3))
    game.apply(game.pending().options[0])
    assert game.pending().kind == "draft-place"
    before = dump_game(game)
    assert game.check(size) is not None
    with pytest.raises(IllegalChoiceError):
        game.apply(size)
    assert dump_game(game) == before


def test_revolt_order_and_specials_need_exact_strings() -> None:
    game = Game.new(GameConfig(COLOURS[:3], start="designated", seed=5))
    game.state.phase = Phase.PICKS
    game.state.cursor = PicksCursor(("red", "yellow", "blue"))
    option = game.pending().options[0]

    class Sneaky(str):
        pass

    assert game.check(option) is None and game.check(Sneaky(option)) is not None


# ---------------------------------------------------------------------- the window and events
LOG_PARSING = re.compile(r'\["log"\]|state\.log\b|\.summary\b|SCORE_RE|" skips "|" is void"'
                         r'|startswith\("Winter|_log_colour\(line'
                         r'|(words|presenter)\.(line|lines)\([^)]*\)\s*(==|!=|\.|\[)'
                         r'|\bin\s+[\w.]*(words|presenter)\.(line|lines)\(')
# the screens that show what happened in the game: no regular expressions at all there
OUTCOME_SCREENS = ("session.py", "game.py", "winter.py", "battle.py", "drop_notice.py",
                   "end.py", "battle_report.py")


def test_the_window_never_reads_or_parses_log_text() -> None:
    offenders = []
    for path in sorted((REPO / "shogun_desktop" / "ui").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for n, line in enumerate(text.splitlines(), 1):
            if LOG_PARSING.search(line) or (path.name in OUTCOME_SCREENS
                                            and re.search(r"\bre\.\w+\(|^import re\b", line)):
                offenders.append(f"{path.relative_to(REPO)}:{n}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_views_carry_events_not_text() -> None:
    from shogun_desktop.rules.view import player_view

    game = Game.new(GameConfig(COLOURS[:3], seed=1))
    view = player_view(game, None)
    assert "log" not in view
    assert view["events"] and all(isinstance(e, ev.Event) for e in view["events"])


# ---------------------------------------------------------------------- the scenario runner
def _private_calls(path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not (
                node.attr.startswith("__") and node.attr.endswith("__")):
            owner = ast.unparse(node.value)
            if owner not in ("self", "cls", "super()"):
                found.append(f"{owner}.{node.attr}")
        if isinstance(node, ast.Attribute) and node.attr in ("cursor", "phase") and isinstance(
                getattr(node, "ctx", None), ast.Store):
            found.append(f"sets {ast.unparse(node)}")
    return found


def test_the_scenario_runner_uses_only_the_public_engine() -> None:
    path = REPO / "shogun_desktop" / "scenario.py"
    assert _private_calls(path) == []
    text = path.read_text(encoding="utf-8")
    assert "perform_action" not in text
    assert not hasattr(Game, "perform_action")


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_mypy_is_clean() -> None:
    proc = subprocess.run([sys.executable, "-m", "mypy", "shogun_desktop"], cwd=REPO,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:]


# ---------------------------------------------------------------------- card numbers from data
def test_event_and_special_numbers_come_from_cards_yaml(tmp_path) -> None:
    import shutil

    from shogun_desktop.data import DATA_DIR
    from shogun_desktop.data.board import load_board_data

    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    cards = folder / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    for old, new in (("recruit: {recruit-5: 3, recruit-3: 2}", "recruit: {recruit-5: 4, recruit-3: 2}"),
                     ("yield_max: {rice: 3}", "yield_max: {rice: 2}"),
                     ("neutral_farmers: 2,", "neutral_farmers: 3,"),
                     ("recruit_bonus: {recruit-5: 1}", "recruit_bonus: {recruit-5: 2}")):
        assert old in text
        text = text.replace(old, new)
    cards.write_text(text, encoding="utf-8")
    data = load_board_data(folder)

    def game(event: str, special: str | None = None) -> Game:
        pos: dict[str, Any] = {"event": event, "chests": {"red": 9},
                               "provinces": {"Mino": {"owner": "red", "armies": 3}}}
        if special:
            pos["specials"] = {"red": special}
        state = state_from_position(Reader("t"), pos, "sun", ["red", "blue", "yellow"], data)
        return Game(state, random.Random(1), ScriptedTower([{"red": 1, "green": 3}]), data)

    g = game("recruit-reduced")
    assert g.recruit_count("red", "recruit-5") == 4
    g.begin_action_turn("red", "recruit-5", "Mino")
    g.advance()
    assert g.state.provinces["Mino"].armies == 7
    assert game("recruit-reduced", "recruit-bonus").recruit_count("red", "recruit-5") == 6
    assert game("rice-max-3", "rice-bonus").collect_amount("red", "rice", "Mino") == 2
    g = game("farmers-2")
    g.begin_action_turn("red", "battle-a", "Mino")
    g.advance()
    g.apply(Move("Omi", 1))
    battle = g.state.events[-1]
    assert isinstance(battle, ev.BattleResolved) and battle.defenders == 3


def test_the_presenter_never_fails_on_an_id_it_does_not_know() -> None:
    words = Presenter({"red": "Aiko"})
    assert words.line(ev.NoCard("red", "nap")) == "Aiko has no card on nap"
    assert words.line(ev.EventDrawn("summer", "eclipse")) == "Event for summer: eclipse"
    assert "Pink 2" in words.line(ev.TowerLoaded({"pink": 2}, {}))
