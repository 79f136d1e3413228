"""Checks that must hold after every transition; used by tests, `simulate` and load."""

from __future__ import annotations

from shogun_desktop.data.board import BUILDINGS, FARMER, BoardData
from shogun_desktop.rules.state import GameState


def check_invariants(state: GameState, data: BoardData) -> list[str]:
    """Every broken invariant, described in one line each (empty when all hold)."""
    problems: list[str] = []
    comp = data.components
    inside = state.inside()
    on_board: dict[str, int] = {}
    for prov in state.provinces.values():
        if prov.owner is not None:
            on_board[prov.owner] = on_board.get(prov.owner, 0) + prov.armies
    for colour in state.seats:
        total = (state.supply[colour] + on_board.get(colour, 0) + inside.get(colour, 0)
                 + state.tray.get(colour, 0))
        if total != comp.armies_per_player:
            problems.append(f"{colour} has {total} cubes, not {comp.armies_per_player}")
        if state.supply[colour] < 0:
            problems.append(f"{colour} supply is negative")
    farmers = state.supply[FARMER] + inside.get(FARMER, 0) + state.tray.get(FARMER, 0)
    if farmers != comp.farmers:
        problems.append(f"{farmers} farmers exist, not {comp.farmers}")
    if state.supply[FARMER] < 0:
        problems.append("farmer supply is negative")
    for colour in set(inside) | set(state.tray):
        if colour != FARMER and colour not in state.seats:
            problems.append(f"cubes of absent colour {colour} in the tower")
    for kind in BUILDINGS:
        built = sum(1 for p in state.provinces.values() if p.has(kind))
        left = state.buildings_left[kind]
        if left < 0 or built + left != comp.building_limit(kind):
            problems.append(f"{kind}s: {built} built + {left} left != {comp.building_limit(kind)}")
    markers = sum(p.revolts for p in state.provinces.values())
    if state.markers_left < 0 or markers + state.markers_left != comp.revolt_markers:
        problems.append(f"revolt markers: {markers} placed + {state.markers_left} left")
    in_play = data.in_play(state.board, state.n_players)
    for name, prov in state.provinces.items():
        if prov.owner is None:
            if prov.armies or prov.building_count() or prov.revolts:
                problems.append(f"neutral {name} is not empty")
            continue
        if name not in in_play:
            problems.append(f"{name} is out of play but owned by {prov.owner}")
        if prov.armies < 1:
            problems.append(f"{prov.owner}'s {name} has no army")
        if name not in state.players[prov.owner].cards:
            problems.append(f"{prov.owner} owns {name} without its card")
        if prov.building_count() > data.provinces[name].slots:
            problems.append(f"{name} has more buildings than spaces")
    for colour, player in state.players.items():
        for card in player.cards:
            if state.provinces[card].owner != colour:
                problems.append(f"{colour} holds the card of {card} without owning it")
        if player.chests < 0:
            problems.append(f"{colour} has negative war chests")
        if player.rice < 0:
            problems.append(f"{colour} has negative rice")
    return problems
