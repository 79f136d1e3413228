"""The rules-scenario runner: ``shogun-desktop scenario PATH...``.

A scenario is a position, a few steps and expectations (see the project's scenario format).
The tower and every chance event are scripted, so a scenario states one rule situation
exactly. Exit status: 0 all pass, 1 any fails, 2 a file is not a valid scenario.

The report keywords (``PASS``, ``FAIL``, ``INVALID``), paths and keys are stable tokens; the
reasons after them are in the command's language. ``log_contains`` is matched against the
English log, the language scenario files are written in.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shogun_desktop.data import DataError
from shogun_desktop.data.board import (
    ACTION_IDS,
    BUILDINGS,
    FARMER,
    PLAYER_COLOURS,
    SIDES,
    SPECIAL_IDS,
    BoardData,
    default_board,
)
from shogun_desktop.i18n import DEFAULT, _, current, ngettext, set_language
from shogun_desktop.presenter import presenter_for
from shogun_desktop.rules import events as ev
from shogun_desktop.rules.engine import BATTLE_ACTIONS, Chance, Game
from shogun_desktop.rules.save import Reader, SaveError, parse_cube_counts, state_from_position
from shogun_desktop.rules.state import BID_SPACE, DecisionKind, Move, Phase
from shogun_desktop.rules.tower import ScriptedTower
from shogun_desktop.yamlio import YamlFormatError, describe, load_yaml_file

TOP_KEYS = {"name", "board", "players", "position", "steps", "expect"}
ACTION_STEP_KEYS = {"player", "action", "province", "to", "armies", "move", "drop", "result"}
EXPECT_KEYS = {"provinces", "chests", "rice", "vp", "supply", "tower", "turn_order", "specials",
               "buildings_left", "revolt_markers_left", "year", "season", "game_over", "winners",
               "log_contains"}
RESULTS = ("performed", "skipped", "rejected")


class ScenarioError(SaveError):
    """The file is not a valid scenario (exit 2)."""


@dataclass
class ScenarioResult:
    path: str
    passed: bool
    failures: list[str]


class ScriptedChance(Chance):
    """Chance outcomes stated by the scenario; anything unstated is an error."""

    def __init__(self, r: Reader) -> None:
        super().__init__(random.Random(0))
        self.r = r
        self.tie_order: list[str] | None = None
        self.draws: dict[str, list[str]] = {}
        self.asked: set[str] = set()  # players whose provisions demanded a draw
        self.where = ""

    def tie_break(self, tied: Sequence[str]) -> list[str]:
        order = self.tie_order or []
        missing = [c for c in tied if c not in order]
        if missing:
            raise self.r.fail(f"{self.where}.tie_break",
                              _("must order the tied players {players}").format(
                                  players=", ".join(tied)))
        return sorted(tied, key=order.index)

    def revolt_draw(self, player: str, hand: Sequence[str], count: int) -> list[str]:
        self.asked.add(player)
        drawn = self.draws.get(player, [])
        if len(drawn) != count:
            raise self.r.fail(f"{self.where}.revolts.{player}",
                              ngettext("the provisions table demands {n} revolt, {given} given",
                                       "the provisions table demands {n} revolts, {given} given",
                                       count).format(n=count, given=len(drawn)))
        for p in drawn:
            if p not in hand:
                raise self.r.fail(f"{self.where}.revolts.{player}",
                                  _("{province} is not in the hand of {player}").format(
                                      province=p, player=player))
        return list(drawn)


class Scenario:
    """One parsed scenario file, ready to run."""

    def __init__(self, path: Path, data: BoardData) -> None:
        self.path = path
        self.data = data
        self.r = Reader(str(path))
        try:
            doc = load_yaml_file(path)
        except YamlFormatError as exc:
            raise ScenarioError(str(exc)) from None
        r = self.r
        top = r.mapping(doc, "", TOP_KEYS)
        if doc is None or not top:
            raise r.fail("", _("empty file"))
        for key in ("board", "players", "steps"):
            if key not in top:
                raise r.fail(key, _("missing"))
        name = top.get("name", path.stem)
        if not isinstance(name, str) or len(name) > 200:
            raise r.fail("name", _("must be a text of at most 200 characters, not {what}").format(
                what=describe(name)))
        self.name = name
        self.board = r.choice(top["board"], "board", SIDES)
        players = r.listing(top["players"], "players")
        for i, c in enumerate(players):
            r.choice(c, f"players[{i}]", PLAYER_COLOURS)
        if not 3 <= len(players) <= 5 or len(set(players)) != len(players):
            raise r.fail("players", _("must list 3-5 distinct colours"))
        self.players: list[str] = list(players)
        self.state = state_from_position(r, top.get("position"), self.board, self.players, data)
        self.steps = r.listing(top["steps"], "steps")
        for i, step in enumerate(self.steps):
            self._check_step(i, step)
        self.expect = r.mapping(top.get("expect"), "expect", EXPECT_KEYS)
        self._check_expect()

    # ------------------------------------------------------------------ validation
    def _check_step(self, i: int, step: Any) -> None:
        r = self.r
        key = f"steps[{i}]"
        step = r.mapping(step, key)
        if "bids" in step:
            r.mapping(step, key, {"bids"})
            b = r.mapping(step["bids"], f"{key}.bids", {"layout", "bids", "tie_break", "picks"})
            layout = r.listing(b.get("layout"), f"{key}.bids.layout")
            for j, special in enumerate(layout):
                r.choice(special, f"{key}.bids.layout[{j}]", SPECIAL_IDS)
            if sorted(layout) != sorted(SPECIAL_IDS):
                raise r.fail(f"{key}.bids.layout", _("must place the 5 special cards"))
            bids = r.mapping(b.get("bids"), f"{key}.bids.bids")
            for colour, bid in bids.items():
                r.choice(colour, f"{key}.bids.bids.{colour}", self.players)
                r.choice(bid, f"{key}.bids.bids.{colour}", (0, 1, 2, 3, 4, "province", "none"))
            for j, c in enumerate(r.listing(b.get("tie_break"), f"{key}.bids.tie_break")):
                r.choice(c, f"{key}.bids.tie_break[{j}]", self.players)
            picks = r.mapping(b.get("picks"), f"{key}.bids.picks")
            for colour, special in picks.items():
                r.choice(colour, f"{key}.bids.picks.{colour}", self.players)
                r.choice(special, f"{key}.bids.picks.{colour}", SPECIAL_IDS)
            if sorted(picks) != sorted(self.players):
                raise r.fail(f"{key}.bids.picks", _("every player picks one special card"))
            if len(set(picks.values())) != len(picks):
                raise r.fail(f"{key}.bids.picks", _("two players pick the same special card"))
            return
        if "winter" in step:
            r.mapping(step, key, {"winter"})
            w = r.mapping(step["winter"], f"{key}.winter", {"rice_loss", "revolts", "drops"})
            if "rice_loss" not in w:
                raise r.fail(f"{key}.winter.rice_loss", _("missing"))
            r.integer(w["rice_loss"], f"{key}.winter.rice_loss")
            revolts = r.mapping(w.get("revolts"), f"{key}.winter.revolts")
            for colour, provinces in revolts.items():
                r.choice(colour, f"{key}.winter.revolts.{colour}", self.players)
                items = r.listing(provinces, f"{key}.winter.revolts.{colour}")
                for j, p in enumerate(items):
                    r.choice(p, f"{key}.winter.revolts.{colour}[{j}]", tuple(self.data.provinces))
                if len(set(items)) != len(items):
                    raise r.fail(f"{key}.winter.revolts.{colour}", _("a province is drawn twice"))
            drops = r.listing(w.get("drops"), f"{key}.winter.drops")
            for j, d in enumerate(drops):
                parse_cube_counts(r, d, f"{key}.winter.drops[{j}]", (*self.players, FARMER))
            total = sum(len(v or []) for v in revolts.values())
            if len(drops) != total:
                raise r.fail(f"{key}.winter.drops", ngettext(
                    "one drop per revolt: {revolts} revolt, drops given: {drops}",
                    "one drop per revolt: {revolts} revolts, drops given: {drops}", total).format(
                    revolts=total, drops=len(drops)))
            return
        r.mapping(step, key, ACTION_STEP_KEYS)
        for required in ("player", "action", "province"):
            if required not in step:
                raise r.fail(f"{key}.{required}",
                             _("missing (a step is an action, bids or winter)"))
        r.choice(step["player"], f"{key}.player", self.players)
        action = r.choice(step["action"], f"{key}.action", ACTION_IDS)
        r.choice(step["province"], f"{key}.province", tuple(self.data.provinces))
        if "result" in step:
            r.choice(step["result"], f"{key}.result", RESULTS)
        if action in ("battle-a", "battle-b"):
            for required in ("to", "armies"):
                if required not in step:
                    raise r.fail(f"{key}.{required}",
                                 _("missing: {action} needs `to` and `armies`").format(
                                     action=action))
            r.choice(step["to"], f"{key}.to", tuple(self.data.provinces))
            r.integer(step["armies"], f"{key}.armies")
        else:
            for extra in ("to", "armies"):
                if extra in step:
                    raise r.fail(f"{key}.{extra}",
                                 _("only Battle/Move actions take `{key}`").format(key=extra))
        if "move" in step:
            if action != "recruit-1-move":
                raise r.fail(f"{key}.move", _("only recruit-1-move takes `move`"))
            m = r.mapping(step["move"], f"{key}.move", {"to", "armies"})
            r.choice(m.get("to"), f"{key}.move.to", tuple(self.data.provinces))
            r.integer(m.get("armies"), f"{key}.move.armies")
        if "drop" in step:
            parse_cube_counts(r, step["drop"], f"{key}.drop", (*self.players, FARMER))

    def _check_expect(self) -> None:
        r = self.r
        e = self.expect
        _refuse_nulls(r, e, "expect")
        colours = (*self.players, FARMER)
        for name, spec in r.mapping(e.get("provinces"), "expect.provinces").items():
            r.choice(name, f"expect.provinces.{name}", tuple(self.data.provinces))
            spec = r.mapping(spec, f"expect.provinces.{name}",
                             {"owner", "armies", "castle", "temple", "theater", "revolts"})
            if "owner" in spec:
                r.choice(spec["owner"], f"expect.provinces.{name}.owner", (*self.players, "none"))
            for count in ("armies", "revolts"):
                if count in spec:
                    r.integer(spec[count], f"expect.provinces.{name}.{count}")
            for kind in BUILDINGS:
                if kind in spec:
                    r.boolean(spec[kind], f"expect.provinces.{name}.{kind}")
        for key in ("chests", "rice", "vp"):
            for c, n in r.mapping(e.get(key), f"expect.{key}").items():
                r.choice(c, f"expect.{key}.{c}", self.players)
                r.integer(n, f"expect.{key}.{c}")
        parse_cube_counts(r, e.get("supply"), "expect.supply", colours)
        tower = r.mapping(e.get("tower"), "expect.tower", {"inside", "tray"})
        for part in ("inside", "tray"):
            parse_cube_counts(r, tower.get(part), f"expect.tower.{part}", colours)
        for j, c in enumerate(r.listing(e.get("turn_order"), "expect.turn_order")):
            r.choice(c, f"expect.turn_order[{j}]", self.players)
        for c, sp in r.mapping(e.get("specials"), "expect.specials").items():
            r.choice(c, f"expect.specials.{c}", self.players)
            r.choice(sp, f"expect.specials.{c}", (*SPECIAL_IDS, "none"))
        for k, n in r.mapping(e.get("buildings_left"), "expect.buildings_left").items():
            r.choice(k, f"expect.buildings_left.{k}", BUILDINGS)
            r.integer(n, f"expect.buildings_left.{k}")
        if "revolt_markers_left" in e:
            r.integer(e["revolt_markers_left"], "expect.revolt_markers_left")
        if "year" in e:
            r.integer(e["year"], "expect.year", 1, 2)
        if "season" in e:
            r.choice(e["season"], "expect.season", ("spring", "summer", "autumn", "winter"))
        if "game_over" in e:
            r.boolean(e["game_over"], "expect.game_over")
        for j, c in enumerate(r.listing(e.get("winners"), "expect.winners")):
            r.choice(c, f"expect.winners[{j}]", self.players)
        for j, s in enumerate(r.listing(e.get("log_contains"), "expect.log_contains")):
            r.string(s, f"expect.log_contains[{j}]")

    # ------------------------------------------------------------------ running
    # The runner drives the engine through its public path only: a step puts the position
    # into the phase it exercises (the engine's own ``begin_*`` entries, the ones a full
    # game uses), then every choice goes through ``check``/``apply`` as in the window and
    # ``simulate``. The tower and chance are scripted; nothing else differs from a game.
    def run(self) -> ScenarioResult:
        self.tower = ScriptedTower()
        self.chance = ScriptedChance(self.r)
        game = Game(self.state, random.Random(0), self.tower, self.data, self.chance)
        self.game = game
        failures: list[str] = []
        for i, step in enumerate(self.steps):
            key = f"steps[{i}]"
            if "bids" in step:
                run_bids_step(self, key, step["bids"])
            elif "winter" in step:
                run_winter_step(self, key, step["winter"])
            else:
                failures += run_action_step(self, key, step)
        failures += self._compare()
        return ScenarioResult(str(self.path), not failures, failures)

    def _compare(self) -> list[str]:
        s = self.game.state
        e = self.expect
        out: list[str] = []

        def check(label: str, expected: Any, actual: Any) -> None:
            if expected != actual:
                out.append(_("{label}: expected {expected}, got {actual}").format(
                    label=label, expected=expected, actual=actual))

        for name, spec in (e.get("provinces") or {}).items():
            prov = s.provinces[name]
            for field_name, expected in spec.items():
                if field_name == "owner":
                    check(f"provinces.{name}.owner", expected, prov.owner or "none")
                else:
                    check(f"provinces.{name}.{field_name}", expected, getattr(prov, field_name))
        for key in ("chests", "rice", "vp"):
            for c, n in (e.get(key) or {}).items():
                check(f"{key}.{c}", n, getattr(s.players[c], key))
        for c, n in (e.get("supply") or {}).items():
            check(f"supply.{c}", n, s.supply[c])
        tower = e.get("tower") or {}
        actual_parts = {"inside": s.inside(), "tray": s.tray}
        for part, counts in tower.items():
            counts = counts or {}
            actual = {c: n for c, n in actual_parts[part].items() if n}
            expected = {c: n for c, n in counts.items() if n}
            check(f"tower.{part}", dict(sorted(expected.items())), dict(sorted(actual.items())))
        if "turn_order" in e:
            check("turn_order", e["turn_order"], s.turn_order)
        for c, sp in (e.get("specials") or {}).items():
            check(f"specials.{c}", sp, s.players[c].special or "none")
        for k, n in (e.get("buildings_left") or {}).items():
            check(f"buildings_left.{k}", n, s.buildings_left[k])
        if "revolt_markers_left" in e:
            check("revolt_markers_left", e["revolt_markers_left"], s.markers_left)
        if "year" in e:
            check("year", e["year"], s.year)
        if "season" in e:
            check("season", e["season"], s.season)
        if "game_over" in e:
            check("game_over", e["game_over"], s.phase == "over")
        if "winners" in e:
            check("winners", sorted(e["winners"]), sorted(s.winners))
        with english():  # the file's log_contains is English, whatever the reader speaks
            log = presenter_for(self.game).lines(s.events)
        for text in e.get("log_contains") or []:
            if not any(text in line for line in log):
                out.append(_("log_contains: no log line contains {text!r}").format(text=text))
        return out


def _choice_of(step: dict) -> Move | None:
    if step["action"] in BATTLE_ACTIONS:
        return Move(step["to"], step["armies"])
    if "move" in step:
        return Move(step["move"]["to"], step["move"]["armies"])
    return None


SKIP_EVENTS = (ev.ActionSkipped, ev.CardVoided, ev.NoCard, ev.ChestRevealed)


def run_action_step(sc: Scenario, key: str, step: dict) -> list[str]:
    """One planned action, played as a turn of the action phase; returns failures."""
    game = sc.game
    player, action = step["player"], step["action"]
    choice = _choice_of(step)
    if "drop" in step:
        sc.tower.push(parse_cube_counts(sc.r, step["drop"], f"{key}.drop",
                                        (*sc.players, FARMER)))
    calls = sc.tower.calls
    before = copy.deepcopy(game.state)  # a rejected choice changes nothing
    first_event = len(game.state.events)
    rejected = False
    try:
        game.begin_action_turn(player, action, step["province"])
        game.advance()
        decision = game.pending()
        if decision is not None:
            if game.check(choice, player) is not None:
                rejected = True
            else:
                game.apply(choice, player)
        elif choice is not None and action == "recruit-1-move" and not _skipped(
                game.state.events[first_event:], player):
            rejected = True  # a move named where no move is possible
    except LookupError:
        raise sc.r.fail(key, _("this step drops cubes into the tower but gives no `drop`")) from None
    except ValueError as exc:
        if isinstance(exc, SaveError):
            raise
        raise sc.r.fail(f"{key}.drop", str(exc)) from None
    if rejected:
        game.state = before
        result = "rejected"
    else:
        result = "skipped" if _skipped(game.state.events[first_event:], player) else "performed"
    failures = []
    if "result" in step and result != step["result"]:
        failures.append(_("{label}: expected {expected}, got {actual}").format(
            label=f"{key}.result", expected=step["result"], actual=result)
                        + _why(sc, game.state.events[first_event:], player))
    if "drop" in step and sc.tower.calls == calls:
        sc.tower.outcomes.clear()
        failures.append(_("{key}: given, but the step dropped no cubes ({result})").format(
            key=f"{key}.drop", result=result))
    return failures


def _skipped(events: Sequence[ev.Event], player: str) -> bool:
    return any(isinstance(e, SKIP_EVENTS) and e.player == player for e in events)


def _why(sc: Scenario, events: Sequence[ev.Event], player: str) -> str:
    text = presenter_for(sc.game)
    reasons = [text.line(e) for e in events if isinstance(e, SKIP_EVENTS) and e.player == player]
    return f" ({reasons[0]})" if reasons else ""


def run_bids_step(sc: Scenario, key: str, b: dict) -> None:
    """The bid reveal and the picks, from the bids stated as planned bid cards."""
    game = sc.game
    s = game.state
    s.special_layout = list(b["layout"])
    bids = b.get("bids") or {}
    for colour in sc.players:
        player = s.players[colour]
        player.plan.pop(BID_SPACE, None)
        bid = bids.get(colour, "none")
        if bid == "province":
            # the rules only need "a province card": which one does not matter for bids
            cards = sorted(player.cards - set(player.plan.values()))
            player.plan[BID_SPACE] = cards[0] if cards else "(a province card)"
        elif bid != "none":
            player.plan[BID_SPACE] = f"chest-{bid}"
        player.special = None
    sc.chance.tie_order = list(b.get("tie_break") or [])
    sc.chance.where = f"{key}.bids"
    game.begin_bids()
    game.advance()
    picks = b["picks"]
    while s.phase == Phase.PICKS:
        decision = game.pending()
        assert decision is not None
        pick = picks[decision.player]
        if game.check(pick, decision.player) is not None:
            raise sc.r.fail(f"{key}.bids.picks.{decision.player}",
                            _("{pick} is no longer available when {player} chooses").format(
                                pick=pick, player=decision.player))
        game.apply(pick, decision.player, advance=False)  # the actions are the steps' business


def run_winter_step(sc: Scenario, key: str, w: dict) -> None:
    """The whole winter, with the stated rice loss, revolt draws and drops."""
    game = sc.game
    s = game.state
    sc.chance.where = f"{key}.winter"
    sc.chance.draws = {c: list(v or []) for c, v in (w.get("revolts") or {}).items()}
    sc.chance.asked = set()
    for j, d in enumerate(w.get("drops") or []):
        sc.tower.push(parse_cube_counts(sc.r, d, f"{key}.winter.drops[{j}]",
                                        (*sc.players, FARMER)))
    try:
        game.begin_winter(w["rice_loss"])
        game.advance()
        while s.phase == Phase.WINTER:
            decision = game.pending()
            assert decision is not None and decision.kind == DecisionKind.REVOLT_ORDER
            game.apply(tuple(sc.chance.draws[decision.player]), decision.player)
    except ValueError as exc:
        if isinstance(exc, SaveError):
            raise
        raise sc.r.fail(f"{key}.winter.drops", str(exc)) from None
    for colour, drawn in sc.chance.draws.items():
        if drawn and colour not in sc.chance.asked:
            raise sc.r.fail(f"{key}.winter.revolts.{colour}",
                            _("this player has enough rice: no revolt is drawn"))


@contextmanager
def english() -> Iterator[None]:
    """Run a block in English (the language the files' expected log lines are written in),
    then give the process its language back."""
    before = current().code
    if before == DEFAULT:
        yield
        return
    set_language(DEFAULT)
    try:
        yield
    finally:
        set_language(before)


def _refuse_nulls(r: Reader, value: Any, key: str) -> None:
    """An expectation left empty (``key:`` with no value) states nothing: refuse it."""
    if value is None:
        raise r.fail(key, _("is empty (null): give the expected value or leave the key out"))
    if isinstance(value, dict):
        for k, v in value.items():
            _refuse_nulls(r, v, f"{key}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _refuse_nulls(r, v, f"{key}[{i}]")


def collect(paths: Sequence[str]) -> list[Path]:
    """The scenario files the paths name; a folder without any, or a path that is not a
    regular file (a FIFO or a device would block or never end), is refused."""
    files: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            found = sorted(f for f in path.glob("*.yaml") if f.is_file())
            if not found:
                raise ScenarioError(_("{path}: no scenario files (*.yaml) in this folder").format(
                    path=p))
            files.extend(found)
        elif path.is_file():
            files.append(path)
        elif path.exists():
            raise ScenarioError(_("{path}: not a regular file (a pipe or a device?)").format(
                path=p))
        else:
            raise ScenarioError(_("{path}: no such file or folder").format(path=p))
    return files


def run_file(path: Path, data: BoardData | None = None) -> ScenarioResult:
    """Run one scenario; raises ScenarioError when the file is not a valid scenario."""
    data = data if data is not None else default_board()
    return Scenario(path, data).run()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH",
                        help=_("scenario files, or folders (every *.yaml inside, sorted)"))


def run(args: argparse.Namespace) -> int:
    try:
        files = collect(args.paths)
    except ScenarioError as exc:
        print(_("error: {reason}").format(reason=exc), file=sys.stderr)
        return 2
    try:
        data = default_board()
    except DataError as exc:
        print(_("error: {reason}").format(reason=exc), file=sys.stderr)
        return 2
    passed = failed = invalid = 0
    for path in files:
        try:
            scenario = Scenario(path, data)  # validation only: an invalid file is never run
        except SaveError as exc:
            invalid += 1
            print(f"INVALID {exc}")
            continue
        except Exception as exc:  # a gap in validation: still INVALID, never a FAIL or a traceback
            invalid += 1
            print("INVALID " + _("{path}: cannot be validated ({error})").format(
                path=path, error=f"{type(exc).__name__}: {str(exc)[:200]}"))
            continue
        try:
            result = scenario.run()
        except SaveError as exc:
            invalid += 1
            print(f"INVALID {exc}")
            continue
        except Exception as exc:  # an engine bug must not hide the other scenarios' results
            failed += 1
            print("FAIL " + _("{path}: the engine raised {error}").format(
                path=path, error=f"{type(exc).__name__}: {exc}"))
            continue
        if result.passed:
            passed += 1
            print(f"PASS {path}")
        else:
            failed += 1
            print(f"FAIL {path}: " + "; ".join(result.failures))
    if invalid:
        print(_("{passed} passed, {failed} failed, {invalid} invalid").format(
            passed=passed, failed=failed, invalid=invalid))
    else:
        print(_("{passed} passed, {failed} failed").format(passed=passed, failed=failed))
    if invalid:
        return 2
    return 1 if failed else 0
