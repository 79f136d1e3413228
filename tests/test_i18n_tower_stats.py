"""``tower-stats`` speaks the command's language: its report, its notes and the labels of its
plot come from the catalogue; ``--json`` stays the same in every language."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from shogun_desktop import cli, i18n
from shogun_desktop.tower import stats
from tests.i18n_audit import install

PSEUDO_WORD = re.compile(r"[A-Za-z]{2,}")  # a plain ASCII word never went through _()


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _run(argv: list[str], capsys) -> list[str]:
    assert cli.main(["tower-stats", "--tower", "probabilistic", "--drops", "12", *argv]) == 0
    return capsys.readouterr().out.splitlines()


def test_the_report_is_czech_under_lang_cs(capsys) -> None:
    out = _run(["--lang", "cs"], capsys)
    assert out[0] == "tower-stats: 12 hodů do jedné věže (pravděpodobnostní model), seed 1"
    body = "\n".join(out[1:])
    for words in ("podíl vypadlých kostek na hod", "zásoba ve věži", "zácpy (ve věži > 30)",
                  "průchody stěnou", "medián"):
        assert words in body
    assert re.search(r"průměr \d+,\d{3}", body)  # the Czech decimal mark
    assert not re.search(r"\b(mean|held|drops|escapes|median)\b", body)


def test_values_line_up_in_one_column_whatever_the_labels_language() -> None:
    # a Chinese character takes two terminal columns
    assert stats.table([("ms", "1"), ("穿牆次數", "2"), ("jams", "3")]) == [
        "  ms        1", "  穿牆次數  2", "  jams      3"]


def test_russian_plurals_in_the_header(capsys) -> None:
    assert _run(["--lang", "ru", "--drops", "1"], capsys)[0].startswith(
        "tower-stats: 1 бросок в одну башню")
    assert _run(["--lang", "ru", "--drops", "3"], capsys)[0].startswith(
        "tower-stats: 3 броска в одну башню")


def test_json_is_the_same_in_every_language(capsys) -> None:
    docs = [json.loads(_run(["--lang", code, "--json"], capsys)[0]) for code in ("en", "zh_Hant")]
    docs = [{k: v for k, v in d.items() if not k.startswith("ms_")} for d in docs]
    assert docs[0] == docs[1] and docs[0]["tower"] == "probabilistic model"


def test_every_line_and_plot_label_is_pseudo_translated(monkeypatch, capsys, tmp_path) -> None:
    install(monkeypatch, "qps")
    drawn: list[str] = []
    real = stats.plot_font

    def recording(text, *args, **kwargs):
        drawn.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(stats, "plot_font", recording)
    png = tmp_path / "p.png"
    assert stats.run(_parse(["--tower", "probabilistic", "--drops", "8", "--plot", str(png)])) == 0
    out = capsys.readouterr().out.replace(str(png), "")
    for line in out.splitlines():
        assert "⟦" in line and not PSEUDO_WORD.findall(line), line
    notes = stats.drop_notes(3, {"capped": True, "sim_time": 4.0, "escapes": 2}, "")
    assert len(notes) == 2 and all(not PSEUDO_WORD.findall(n) for n in notes)
    labels = [t for t in drawn if re.search(r"[^\W\d_]", t)]
    assert len(labels) == 4, drawn
    for text in labels:
        assert text.startswith("⟦") and not PSEUDO_WORD.findall(text), text


def _parse(argv: list[str]):
    import argparse

    parser = argparse.ArgumentParser()
    stats.add_arguments(parser)
    return parser.parse_args(argv)


def test_plot_labels_in_chinese_have_every_glyph_in_the_face_that_draws_them(
        tmp_path: Path) -> None:
    pygame.font.init()
    i18n.set_language("zh_Hant")
    run = stats.run_stats(stats.make_tower("probabilistic"), 10, seed=2)
    labels = stats.plot_labels(run, 35, 4)
    assert "骰塔" in labels["held"] and "平均" in labels["exit"]
    for text in labels.values():
        assert stats.missing_glyphs(stats.plot_font(text, 16, 800), text) == set(), text
    stats.plot(run, tmp_path / "zh.png")
    assert (tmp_path / "zh.png").read_bytes()[:4] == b"\x89PNG"


def test_the_missing_glyph_check_can_fail() -> None:
    pygame.font.init()
    from shogun_desktop.data import ASSETS_DIR

    dejavu = pygame.font.Font(str(ASSETS_DIR / "fonts" / stats.PLOT_FONT), 16)
    assert stats.missing_glyphs(dejavu, "Aж骰塔") == {"骰", "塔"}
    assert stats.plot_font("骰塔", 16).size("骰")[0] > 0
