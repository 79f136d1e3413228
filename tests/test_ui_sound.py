"""Sound: the schedule comes from the recorded drop; audio that cannot start stays silent."""

from __future__ import annotations

import random

import pygame
import pytest

from shogun_desktop.rules.tower import HeldCube
from shogun_desktop.tower import PhysicalTower
from shogun_desktop.tower.physics import Impact
from shogun_desktop.ui import sound
from shogun_desktop.ui.prefs import Prefs
from shogun_desktop.ui.sound import Audio, Cue, CuePlayer, knock_schedule, knock_volume

HELD = tuple(HeldCube(i, c) for i, c in enumerate(["red", "blue", "green", "red"], start=1))
DROP = {"red": 24, "blue": 22, "green": 10}


@pytest.fixture(scope="module")
def impacts() -> tuple[Impact, ...]:
    result = PhysicalTower(record=True).drop(HELD, DROP, random.Random(5))
    return result.extra["impacts"]


def test_same_drop_same_schedule(impacts) -> None:
    again = PhysicalTower(record=True).drop(HELD, DROP, random.Random(5)).extra["impacts"]
    assert again == impacts
    a = knock_schedule(impacts, landings=[30, 31, 31, 40])
    assert a == knock_schedule(again, landings=[30, 31, 31, 40])
    assert len(a) > 10
    assert [c.frame for c in a] == sorted(c.frame for c in a)
    assert {c.sound for c in a} >= {"knock", "thud", "tray"}
    assert all(0.0 < c.volume <= 1.0 and -1.0 <= c.pan <= 1.0 for c in a)
    assert len({c.variant for c in a if c.sound == "knock"}) > 1  # a few pitch variants


def test_schedule_respects_the_rate_limit(impacts) -> None:
    assert len(impacts) > 200  # a big drop hits far more often than it may sound
    cues = [c for c in knock_schedule(impacts, per_frame=2, per_second=10)
            if c.sound != "tray"]
    frames = [c.frame for c in cues]
    assert max(frames.count(f) for f in set(frames)) <= 2
    for f in frames:
        assert sum(1 for g in frames if f <= g < f + 60) <= 10
    # the limit keeps the strongest hits of a frame
    burst = [Impact(5, s, 0.0, 0.0, False) for s in (30.0, 200.0, 90.0, 15.0)]
    kept = knock_schedule(burst, per_frame=2)
    assert [c.volume for c in kept] == [knock_volume(200.0), knock_volume(90.0)]


def test_tray_sounds_follow_landings() -> None:
    cues = knock_schedule([], landings=[10, 10, 11, 12, 13, 14, 15, 200])
    assert [c.frame for c in cues] == [10, 11, 12, 13, 200]  # one per frame, four a second
    assert all(c.sound == "tray" for c in cues)


def test_volume_rises_with_the_impact() -> None:
    strengths = [0.0, 5.0, sound.MIN_STRENGTH, 20.0, 50.0, 100.0, 200.0, 400.0, 1000.0]
    volumes = [knock_volume(s) for s in strengths]
    assert volumes == sorted(volumes)
    assert volumes[0] == 0.0 and volumes[-1] == 1.0
    assert knock_volume(50.0) < knock_volume(100.0)
    assert knock_schedule([Impact(3, 1.0, 0.0, 0.0, True)]) == ()  # a touch is silent


class FakeAudio(Audio):
    def __init__(self) -> None:
        super().__init__(None)
        self.enabled = True
        self.played: list[tuple[str, float]] = []

    def play(self, name, variant=0, volume=1.0, pan=0.0) -> bool:
        self.played.append((name, volume))
        return True


def test_cue_player_plays_each_cue_once_in_order() -> None:
    cues = [Cue(2, "knock", 0, 0.5), Cue(2, "thud", 1, 0.9), Cue(5, "tray", 0, 0.5),
            Cue(9, "knock", 2, 0.3)]
    audio = FakeAudio()
    player = CuePlayer(audio, cues)
    assert player.advance(1) == 0
    assert player.advance(3) == 2 and audio.played == [("thud", 0.9), ("knock", 0.5)]
    assert player.advance(3) == 0  # drawing the same frame twice plays nothing new
    player.finish()
    assert player.advance(20) == 0


def test_audio_that_cannot_start_is_silent(monkeypatch, capsys) -> None:
    def broken(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    audio = Audio.start(Prefs())
    assert not audio.enabled and "No available audio device" in (audio.problem or "")
    assert audio.play("knock") is False
    audio.click()
    assert audio.play_cues([Cue(0, "knock", 0, 1.0)]) == 0
    audio.stop()
    audio.close()
    out = capsys.readouterr()
    assert out.out == "" and out.err == ""


def test_mixer_plays_and_settings_mute_it() -> None:
    prefs = Prefs()
    audio = Audio.start(prefs)
    try:
        if not audio.enabled:
            pytest.skip(f"no mixer here: {audio.problem}")
        assert set(audio.sounds) == {"knock", "thud", "tray", "click"}
        assert len(audio.sounds["knock"]) == sound.KNOCK_VARIANTS
        assert pygame.mixer.get_num_channels() >= sound.MIXER_CHANNELS
        assert audio.play("knock", 1, 0.5)
        prefs.set("sound.mute", True)
        assert not audio.play("knock", 1, 0.5)
        prefs.set("sound.mute", False)
        prefs.set("sound.volume", 0.0)
        assert not audio.play("thud")
    finally:
        audio.close()


def test_pcm_formats() -> None:
    samples = [0.0, 1.0, -1.0]
    assert len(sound.to_pcm(samples, -16, 2)) == 3 * 2 * 2
    assert len(sound.to_pcm(samples, 32, 1)) == 3 * 4
    with pytest.raises(ValueError):
        sound.to_pcm(samples, 24, 2)


def test_sound_settings_from_the_menu(tmp_path) -> None:
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.scenes.menu import MenuScene, SoundSettingsScene

    path = tmp_path / "settings.yaml"
    app = App(fps=0, show_new_game=False, prefs=Prefs.load(path))
    try:
        app.push(MenuScene(app, session=None, host=None))  # type: ignore[arg-type]
        menu = app.scenes.top
        menu.ui.by_key("settings").activate()
        scene = app.scenes.top
        assert isinstance(scene, SoundSettingsScene)
        scene.ui.by_key("volume").on_change(0.25)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))
        app.process_events()
        saved = Prefs.load(path)
        assert (saved.get("sound.volume"), saved.get("sound.mute")) == (0.25, True)
        assert scene.ui.by_key("volume").disabled  # muted: the level is moot
        app.render()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r"))
        app.process_events()
        assert app.scenes.top is None
    finally:
        app.close()


def test_a_press_on_a_control_clicks_quietly(tmp_path) -> None:
    from shogun_desktop.ui.app import App

    class Recorder(Audio):
        def __init__(self) -> None:
            super().__init__(None)
            self.clicks = 0

        def click(self) -> None:
            self.clicks += 1

    app = App(fps=0, prefs=Prefs())
    try:
        app._audio = recorder = Recorder()
        scene = app.scenes.top
        for pos in (scene.ui.by_key("xray").rect.center, (800, 20)):  # a control, then nothing
            wpos = app.to_window(pos)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=wpos, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=wpos, button=1))
            app.process_events()
        assert recorder.clicks == 1
    finally:
        app.close()
