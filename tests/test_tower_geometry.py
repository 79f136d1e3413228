"""data/tower.yaml loads, and broken tower files are rejected with a message naming the key."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from shogun_desktop.tower.geometry import (
    DEFAULT_PATH,
    TowerDataError,
    load_geometry,
    parse_geometry,
)


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    return yaml.safe_load(DEFAULT_PATH.read_text(encoding="utf-8"))


def test_default_file_loads_and_names_itself() -> None:
    g = load_geometry()
    assert g.source == "data/tower.yaml"
    assert g.simulation.dt == pytest.approx(1 / 240)
    assert g.simulation.iterations == 8
    assert {s.kind for s in g.segments} >= {"walls", "baffles", "lips", "ledges", "tray"}
    assert all(s.radius >= 0.2 for s in g.segments)  # real thickness, no zero-width walls


def test_static_parts_lie_inside_the_hull() -> None:
    g = load_geometry()
    for s in g.segments:
        if s.kind == "tray":
            continue
        for x, y in (s.a, s.b, ((s.a[0] + s.b[0]) / 2, (s.a[1] + s.b[1]) / 2)):
            assert g.hull_contains(x, y), s.name


def test_passages_are_wide_enough_for_cubes_not_to_arch() -> None:
    """Every baffle end is > 5 cube widths from the opposite wall (tower-notes: jamming)."""
    g = load_geometry()
    walls = {s.name: s for s in g.segments_of("walls")}
    inner = walls["column-right"].a[0] - walls["column-right"].radius
    for b in g.segments_of("baffles"):
        end_x = b.b[0]
        gap = inner - abs(end_x) - b.radius
        assert gap > 5 * g.cube.size, b.name


def broken(raw: dict[str, Any], change) -> str:
    data = copy.deepcopy(raw)
    change(data)
    with pytest.raises(TowerDataError) as info:
        parse_geometry(data, "data/tower.yaml")
    return str(info.value)


def _set(path: str, value: Any):
    def change(d: dict[str, Any]) -> None:
        keys = path.split(".")
        node: Any = d
        for k in keys[:-1]:
            node = node[int(k)] if isinstance(node, list) else node[k]
        last = keys[-1]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return change


def _delete(path: str):
    def change(d: dict[str, Any]) -> None:
        keys = path.split(".")
        node: Any = d
        for k in keys[:-1]:
            node = node[int(k)] if isinstance(node, list) else node[k]
        del node[keys[-1]]

    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            _set("baffles.2.radius", -0.3),
            "data/tower.yaml: baffles[2].radius: must be a positive number",
        ),
        (
            _set("baffles.0.radius", 0),
            "data/tower.yaml: baffles[0].radius: must be a positive number",
        ),
        (
            _set("baffles.1.radius", "thick"),
            "data/tower.yaml: baffles[1].radius: must be a number, not 'thick'",
        ),
        (_delete("cube.size"), "data/tower.yaml: cube.size: missing"),
        (_delete("simulation"), "data/tower.yaml: simulation: missing"),
        (_delete("walls"), "data/tower.yaml: walls: missing"),
        (_set("walls", []), "data/tower.yaml: walls: must list at least one segment"),
        (_set("ledges", {"a": 1}), "data/tower.yaml: ledges: must be a list of segments, not a mapping of 1 key"),
        (_set("lips.0.a", [1.0]), "data/tower.yaml: lips[0].a: must be a point [x, y], not [1.0]"),
        (_delete("ledges.1.b"), "data/tower.yaml: ledges[1].b: missing"),
        (
            _set("simulation.iterations", 2.5),
            "data/tower.yaml: simulation.iterations: must be a whole number, not 2.5",
        ),
        (
            _set("simulation.steps_per_second", 60),
            "data/tower.yaml: simulation.steps_per_second: must be between 120 and 2000",
        ),
        (
            _set("simulation.time_cap", -1),
            "data/tower.yaml: simulation.time_cap: must be a positive number",
        ),
        (_set("cube.friction", True), "data/tower.yaml: cube.friction: must be a number, not true"),
        (
            _set("cube.bevel", 0.6),
            "data/tower.yaml: cube.bevel: must be less than half of cube.size",
        ),
        (_set("pour.row_size", 0), "data/tower.yaml: pour.row_size: must be at least 1"),
        (_set("pour.y", 100.0), "data/tower.yaml: pour: pour point"),
        (
            _set("hull", [[0, 0], [1, 1]]),
            "data/tower.yaml: hull: must be a list of at least 3 points",
        ),
        (_set("exit_box.x_max", -100), "data/tower.yaml: exit_box: x_max/y_max must be greater"),
        (_set("rest_slots.0", [1, 2]), "data/tower.yaml: rest_slots[0]: must be [x, y, angle]"),
        (
            _set("rest_slots.1", [100.0, 100.0, 0.0]),
            "data/tower.yaml: rest_slots[1]: (100.0, 100.0) lies outside the hull",
        ),
        (_set("gate", None), "data/tower.yaml: gate: must be a mapping, not null"),
        (_set("static.restitution", 1.5), "data/tower.yaml: static.restitution: must be at most 1"),
    ],
)
def test_broken_values_name_the_key(raw: dict[str, Any], change, message: str) -> None:
    assert broken(raw, change).startswith(message)


def test_top_level_must_be_a_mapping() -> None:
    with pytest.raises(TowerDataError, match=r"^x.yaml: \(top level\): must be a mapping"):
        parse_geometry([1, 2], "x.yaml")


def test_file_errors_name_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "none.yaml"
    with pytest.raises(TowerDataError, match=r"none\.yaml: cannot read"):
        load_geometry(missing)
    bad = tmp_path / "bad.yaml"
    bad.write_text("walls: [unclosed\n", encoding="utf-8")
    with pytest.raises(TowerDataError, match=r"bad\.yaml: not valid YAML"):
        load_geometry(bad)


def test_a_modified_copy_loads_from_its_own_path(raw: dict[str, Any], tmp_path: Path) -> None:
    data = copy.deepcopy(raw)
    data["baffles"][2]["radius"] = -1
    path = tmp_path / "tower.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(
        TowerDataError, match=r"tower\.yaml: baffles\[2\]\.radius: must be a positive"
    ):
        load_geometry(path)


@pytest.mark.parametrize(("path", "value", "message"), [
    ("simulation.steps_per_second", 10**9, "must be between 120 and 2000"),
    ("simulation.steps_per_second", 1e9, "must be a whole number"),
    ("simulation.time_cap", 1e6, "must be between 0.1 and 60"),
    ("simulation.iterations", 10**6, "must be between 1 and 100"),
    ("pour.row_interval_steps", 10**7, "must be between 1 and 10000"),
    ("gravity", 1e300, "must be between 1 and 10000"),
])
def test_every_physical_setting_has_a_sane_range(raw: dict[str, Any], path: str, value: Any,
                                                 message: str) -> None:
    data = copy.deepcopy(raw)
    group, _, key = path.rpartition(".")
    (data[group] if group else data)[key] = value
    with pytest.raises(TowerDataError, match=f"{path}: {message}"):
        parse_geometry(data)


def test_steps_per_drop_are_capped(raw: dict[str, Any]) -> None:
    data = copy.deepcopy(raw)
    data["simulation"]["steps_per_second"] = 2000
    data["simulation"]["time_cap"] = 60.0
    with pytest.raises(TowerDataError, match="simulation.time_cap: x steps_per_second"):
        parse_geometry(data)
