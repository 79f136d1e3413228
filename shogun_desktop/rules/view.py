"""Per-seat views: only what that player may see (rules §6).

The window draws views, never raw state, and computer players decide from them, so a
leak here would be a leak everywhere; tests check every seat's view at every phase.
"""

from __future__ import annotations

from typing import Any

from shogun_desktop.data.board import BUILDINGS
from shogun_desktop.rules.engine import VISIBLE_ACTIONS, Game
from shogun_desktop.rules.state import BID_SPACE, Decision, GameState, Phase, PicksCursor

HIDDEN = "hidden"  # a face-down card of another player


def public_action_row(s: GameState) -> list[str]:
    """The action row as everyone sees it: 5 cards face up, one more after each action,
    all of them in winter; the rest HIDDEN."""
    visible = VISIBLE_ACTIONS
    if s.phase in (Phase.ACTIONS, Phase.PICKS):
        visible += s.actions_done
    if s.phase == Phase.WINTER:
        visible = len(s.action_row)
    return [a if i < visible else HIDDEN for i, a in enumerate(s.action_row)]


def public_provinces(s: GameState) -> dict[str, dict[str, Any]]:
    """Every province's owner, armies, revolt markers and buildings (all public)."""
    return {name: {"owner": p.owner, "armies": p.armies, "revolts": p.revolts,
                   **{k: p.has(k) for k in BUILDINGS}}
            for name, p in s.provinces.items()}


def player_view(game: Game, seat: str | None) -> dict[str, Any]:
    """What ``seat`` may see; ``None`` gives the public view (e.g. for the hand-off curtain)."""
    s = game.state
    players: dict[str, Any] = {}
    for colour in s.seats:
        p = s.players[colour]
        own = colour == seat
        board_cards: dict[str, str] = {}
        for space, card in p.plan.items():
            board_cards[space] = card if (own or space in p.revealed) else HIDDEN
        players[colour] = {
            "name": p.name,
            "computer": p.computer,
            "chests": p.chests,
            "rice": p.rice,
            "vp": p.vp,
            "special": p.special,
            "provinces": s.owned(colour),
            "hand_size": len(p.hand()),
            "hand": p.hand() if own else None,
            "board": board_cards,
            "planned": p.planned,
            "voided": sorted(p.voided & p.revealed) if not own else sorted(p.voided),
            "supply": s.supply[colour],
        }
    picks = s.cursor if isinstance(s.cursor, PicksCursor) else None
    decision = game.pending()
    pending: dict[str, Any] | None = None
    if decision is not None:
        pending = {"kind": str(decision.kind), "player": decision.player,
                   "about": decision.public_context()}
        if decision.player == seat:
            pending["options"] = list(decision.options)
            pending["context"] = dict(decision.context)
    return {
        "seat": seat,
        "board": s.board,
        "seats": list(s.seats),
        "year": s.year,
        "season": s.season,
        "phase": str(s.phase),
        "players": players,
        "provinces": public_provinces(s),
        "in_play": sorted(game.in_play()),
        "farmer_supply": s.supply["green"],
        "buildings_left": dict(s.buildings_left),
        "revolt_markers_left": s.markers_left,
        "tray": dict(s.tray),
        "turn_order": list(s.turn_order),
        "special_layout": list(s.special_layout),
        "action_row": public_action_row(s),
        "action_names": {a.id: game.data.action_name(a.id) for a in game.data.actions},
        "actions_done": s.actions_done,
        "event": s.event_current.split(":")[0] if s.event_current else None,
        "event_candidates": [k.split(":")[0] for k in s.event_candidates],
        # each face-up candidate shows its winter loss (copies of one event differ)
        "winter_loss_candidates": [game.data.event_card(k).winter_loss
                                   for k in s.event_candidates],
        "winter_loss": (game.data.event_card(s.winter_card).winter_loss
                        if s.winter_card else None),
        "bid_space": BID_SPACE,
        "bid_order": list(picks.order) if picks else [],
        "bid_ties": [list(t) for t in picks.ties] if picks else [],
        "pending": pending,
        "battles": s.battles,
        "winners": list(s.winners),
        "scores": [{"year": e["year"], "vp": {c: dict(p) for c, p in e["vp"].items()}}
                   for e in s.scores],
        "events": list(s.events),  # every event is public; frozen, so shared safely
    }


def seat_view(game: Game, seat: str, decision: Decision | None = None) -> dict[str, Any]:
    """The lighter view computer players decide from: ``player_view``'s public fields only.

    It leaves out the log, scores, display names and the (hidden or own) plan boards'
    bookkeeping that only the window needs, and takes the pending decision from the caller
    instead of recomputing it, so a rollout pays little for it. Everything in it is in
    ``player_view(game, seat)`` too (a test checks that), so it cannot leak more.
    """
    s = game.state
    provinces = public_provinces(s)
    owned: dict[str, list[str]] = {c: [] for c in s.seats}
    for name, prov in s.provinces.items():
        if prov.owner is not None:
            owned[prov.owner].append(name)
    players: dict[str, Any] = {}
    for colour in s.seats:
        p = s.players[colour]
        hand = p.hand()
        players[colour] = {
            "chests": p.chests, "rice": p.rice, "vp": p.vp, "special": p.special,
            "provinces": sorted(owned[colour]), "hand_size": len(hand),
            "hand": hand if colour == seat else None, "planned": p.planned, "supply": s.supply[colour],
            "plan": dict(p.plan) if colour == seat else None,  # the seat's own face-down cards
            "shown": {space: p.plan[space] for space in p.revealed if space in p.plan},
            "voided": sorted(p.voided if colour == seat else p.voided & p.revealed),
        }
    if decision is None:
        decision = game.pending()
    pending = None
    if decision is not None:
        pending = {"kind": decision.kind, "player": decision.player}
    return {
        "seat": seat,
        "board": s.board,
        "seats": list(s.seats),
        "year": s.year,
        "season": s.season,
        "phase": s.phase,
        "players": players,
        "provinces": provinces,
        "in_play": sorted(game.in_play()),
        "farmer_supply": s.supply["green"],
        "buildings_left": dict(s.buildings_left),
        "revolt_markers_left": s.markers_left,
        "tray": dict(s.tray),
        "turn_order": list(s.turn_order),
        "special_layout": list(s.special_layout),
        "action_row": public_action_row(s),
        "actions_done": s.actions_done,
        "event": s.event_current.split(":")[0] if s.event_current else None,
        "event_candidates": [k.split(":")[0] for k in s.event_candidates],
        "winter_loss_candidates": [game.data.event_card(k).winter_loss
                                   for k in s.event_candidates],
        "winter_loss": (game.data.event_card(s.winter_card).winter_loss
                        if s.winter_card else None),
        "pending": pending,
    }
