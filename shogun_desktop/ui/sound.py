"""Sound: wood knocks driven by the tower simulation, a tray rattle, quiet UI clicks.

All sounds are synthesised at start-up from a few damped partials and a noise burst (no
asset files, no numpy: PCM is built with :mod:`array`). What plays during a battle is a
*schedule* computed from the drop's recorded impacts (:func:`knock_schedule`, a pure
function: the same drop gives the same schedule), rate-limited so that a 60-cube drop is a
clatter rather than a roar, each knock's volume rising with the hit's strength.

Audio is optional: when the mixer cannot start (no device, a broken driver) :class:`Audio`
stays silent and every call is a no-op; the game never fails or prints because of sound.
Volume and mute come from the settings (:mod:`shogun_desktop.ui.prefs`) at every play.
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
import random
from array import array
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

if TYPE_CHECKING:
    from shogun_desktop.ui.prefs import Prefs

SAMPLE_RATE = 22050  # plenty for knocks and clicks, and quick to synthesise
MIXER_CHANNELS = 32  # many short sounds at once
KNOCK_VARIANTS = 4

# Schedule tuning (strengths are speed changes in cm/s, see tower.physics.Impact).
MIN_STRENGTH = 12.0  # softer touches are silent (sliding, settling)
FULL_STRENGTH = 220.0  # a hit this hard or harder plays at full volume
PER_FRAME = 2  # at most this many knocks start in one frame (1/60 s of the drop)
PER_SECOND = 22  # and at most this many in any second of the drop


class _Impact(Protocol):
    frame: int
    strength: float
    x: float
    y: float
    wall: bool


@dataclass(frozen=True)
class Cue:
    """One sound to start when the replay reaches ``frame``."""

    frame: int
    sound: str  # "knock" (cube on cube), "thud" (cube on the tower), "tray", "click"
    variant: int
    volume: float  # 0..1 before the master volume
    pan: float = 0.0  # -1 left .. 1 right


def knock_volume(strength: float) -> float:
    """Volume for a hit: 0 below MIN_STRENGTH, rising (never falling) to 1 at FULL_STRENGTH."""
    if strength < MIN_STRENGTH:
        return 0.0
    t = min(1.0, (strength - MIN_STRENGTH) / (FULL_STRENGTH - MIN_STRENGTH))
    return 0.15 + 0.85 * math.sqrt(t)


def knock_schedule(
    impacts: Iterable[_Impact],
    *,
    landings: Iterable[int] = (),
    x_range: tuple[float, float] = (-8.0, 8.0),
    fps: int = 60,
    per_frame: int = PER_FRAME,
    per_second: int = PER_SECOND,
) -> tuple[Cue, ...]:
    """The sounds of a recorded drop, in frame order.

    ``impacts`` are the drop's recorded hits; ``landings`` the frames at which a cube lands
    in the tray (one tray sound each, at most one per frame and four per second). Within a
    frame the strongest hits win; the pitch variant follows the hit's place in the tower, so
    the same drop always sounds the same.
    """
    by_frame: dict[int, list[_Impact]] = {}
    for imp in impacts:
        if knock_volume(imp.strength) > 0.0:
            by_frame.setdefault(imp.frame, []).append(imp)
    x0, x1 = x_range
    half = (x1 - x0) / 2 or 1.0
    cues: list[Cue] = []
    recent: deque[int] = deque()
    for frame in sorted(by_frame):
        while recent and recent[0] <= frame - fps:
            recent.popleft()
        hits = sorted(by_frame[frame], key=lambda i: (-i.strength, i.x, i.y))
        for imp in hits[:per_frame]:
            if len(recent) >= per_second:
                break
            recent.append(frame)
            variant = int(abs(imp.x * 3.1 + imp.y * 1.7)) % KNOCK_VARIANTS
            pan = max(-1.0, min(1.0, (imp.x - (x0 + x1) / 2) / half)) * 0.6
            cues.append(Cue(frame, "thud" if imp.wall else "knock", variant,
                            knock_volume(imp.strength), pan))
    tray: list[Cue] = []
    recent.clear()
    last = None
    for frame in sorted(landings):
        while recent and recent[0] <= frame - fps:
            recent.popleft()
        if frame == last or len(recent) >= 4:
            continue
        recent.append(frame)
        last = frame
        tray.append(Cue(frame, "tray", frame % 2, 0.55, 0.4))
    return tuple(sorted(cues + tray, key=lambda c: (c.frame, c.sound)))


# ------------------------------------------------------------------------- synthesis
def _damped(freqs: Sequence[tuple[float, float, float]], seconds: float, rate: int,
            noise: float, noise_decay: float, seed: int) -> list[float]:
    """Sum of damped sinusoids (freq, amplitude, decay time) plus a decaying noise burst.

    Each partial runs as a two-pole resonator recurrence, so a sample costs a few
    multiplications instead of calls to sin and exp.
    """
    n = int(seconds * rate)
    out = [0.0] * n
    for freq, amp, tau in freqs:
        r = math.exp(-1.0 / (tau * rate))
        w = 2.0 * math.pi * freq / rate
        c1, c2 = 2.0 * r * math.cos(w), -r * r
        y1, y2 = amp * math.sin(w), 0.0  # impulse response of the resonator, scaled
        for i in range(n):
            out[i] += y1
            y1, y2 = c1 * y1 + c2 * y2, y1
    if noise:
        rng = random.Random(seed)
        k = math.exp(-1.0 / (noise_decay * rate))
        g = noise
        prev = 0.0
        for i in range(min(n, int(noise_decay * 6 * rate))):
            v = rng.uniform(-1.0, 1.0)
            prev = 0.5 * prev + 0.5 * v  # a touch of low-pass: wood, not hiss
            out[i] += g * prev
            g *= k
    # short fade in/out: no clicks at the ends
    fade_in, fade_out = min(n, 16), min(n, int(0.01 * rate))
    for i in range(fade_in):
        out[i] *= i / fade_in
    for i in range(fade_out):
        out[n - 1 - i] *= i / fade_out
    peak = max((abs(v) for v in out), default=0.0) or 1.0
    return [v / peak for v in out]


@functools.lru_cache(maxsize=2)
def synthesise(rate: int = SAMPLE_RATE) -> dict[str, list[list[float]]]:
    """Every sound of the game as mono samples in -1..1, by name, in pitch variants.

    Pure and memoised per sample rate (a new window reuses the samples; callers must not
    modify them).
    """
    bank: dict[str, list[list[float]]] = {"knock": [], "thud": [], "tray": [], "click": []}
    for v in range(KNOCK_VARIANTS):
        f = 1250.0 * (1.0 + 0.09 * v)  # a small hardwood cube on another
        bank["knock"].append(_damped(((f, 1.0, 0.011), (f * 2.37, 0.45, 0.006),
                                      (f * 3.91, 0.2, 0.004)), 0.09, rate, 0.35, 0.003, v))
        f = 330.0 * (1.0 + 0.11 * v)  # a cube on a wooden baffle or wall: lower, rounder
        bank["thud"].append(_damped(((f, 1.0, 0.03), (f * 2.7, 0.5, 0.012),
                                     (f * 5.2, 0.2, 0.006)), 0.16, rate, 0.5, 0.004, 10 + v))
    for v in range(2):  # a cube landing in the plastic tray: bright tick and a short rattle
        f = 2100.0 * (1.0 + 0.13 * v)
        bank["tray"].append(_damped(((f, 1.0, 0.02), (f * 1.51, 0.6, 0.015), (620.0, 0.5, 0.04)),
                                    0.18, rate, 0.6, 0.006, 20 + v))
    bank["click"].append(_damped(((1900.0, 1.0, 0.004), (3700.0, 0.4, 0.002)), 0.03, rate,
                                 0.2, 0.001, 30))
    return bank


def to_pcm(samples: Sequence[float], size: int, channels: int, gain: float = 0.6) -> bytes:
    """Mono float samples as the mixer's PCM (``size`` as reported by mixer.get_init()).

    ``gain`` below 1 leaves headroom for a few knocks sounding at once without clipping.
    """
    data: array
    if size == -16:
        data = array("h", (int(v * gain * 32767) for v in samples for _ in range(channels)))
    elif size == 16:
        data = array("H", (int(v * gain * 32767) + 32768 for v in samples
                           for _ in range(channels)))
    elif size == 32:
        data = array("f", (v * gain for v in samples for _ in range(channels)))
    elif size == -8:
        data = array("b", (int(v * gain * 127) for v in samples for _ in range(channels)))
    elif size == 8:
        data = array("B", (int(v * gain * 127) + 128 for v in samples for _ in range(channels)))
    else:
        raise ValueError(f"unsupported mixer sample size {size}")
    return data.tobytes()


# ------------------------------------------------------------------------- playback
@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence C libraries writing to file descriptor 2 (ALSA lists every missing card there
    when there is no sound device); Python's own errors are caught by the caller."""
    try:
        saved = os.dup(2)
    except OSError:  # no stderr at all: nothing to silence
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class Audio:
    """The mixer and the game's sounds; silent (every call a no-op) when audio is off."""

    def __init__(self, prefs: Prefs | None = None) -> None:
        self.prefs = prefs
        self.enabled = False
        self.problem: str | None = None  # why there is no sound (for a settings screen)
        self.sounds: dict[str, list[pygame.mixer.Sound]] = {}
        self._owns_mixer = False

    @classmethod
    def start(cls, prefs: Prefs | None = None) -> Audio:
        """Open the mixer and synthesise the sounds; never raises, never prints."""
        audio = cls(prefs)
        try:
            if not pygame.mixer.get_init():
                with _quiet_stderr():
                    pygame.mixer.init(SAMPLE_RATE, -16, 2, 512, allowedchanges=0)
                audio._owns_mixer = True
            init = pygame.mixer.get_init()
            if not init:
                raise pygame.error("the mixer did not start")
            rate, size, channels = init
            pygame.mixer.set_num_channels(MIXER_CHANNELS)
            audio.sounds = {
                name: [pygame.mixer.Sound(buffer=to_pcm(s, size, channels)) for s in variants]
                for name, variants in synthesise(rate).items()
            }
            audio.enabled = True
        except (pygame.error, ValueError, OSError, NotImplementedError) as exc:
            audio.problem = f"no sound: {exc}"
            audio.sounds = {}
            audio.close()
        return audio

    @property
    def master(self) -> float:
        """The master volume now (0 when muted), read from the settings at every play."""
        if self.prefs is None:
            return 0.7
        return 0.0 if self.prefs.get("sound.mute") else float(self.prefs.get("sound.volume"))

    def play(self, sound: str, variant: int = 0, volume: float = 1.0, pan: float = 0.0) -> bool:
        """Start one sound; False when nothing played (audio off, muted, no free channel)."""
        if not self.enabled:
            return False
        level = volume * self.master
        variants = self.sounds.get(sound)
        if level <= 0.0 or not variants:
            return False
        try:
            channel = pygame.mixer.find_channel(False)
            if channel is None:
                return False
            channel.set_volume(level * min(1.0, 1.0 - pan), level * min(1.0, 1.0 + pan))
            channel.play(variants[variant % len(variants)])
        except pygame.error:
            return False
        return True

    def play_cues(self, cues: Iterable[Cue], limit: int = 4) -> int:
        """Start up to ``limit`` cues (the strongest first); returns how many started."""
        started = 0
        for cue in sorted(cues, key=lambda c: -c.volume)[:limit]:
            started += self.play(cue.sound, cue.variant, cue.volume, cue.pan)
        return started

    def click(self) -> None:
        """The quiet click of a pressed button."""
        self.play("click", 0, 0.25)

    def stop(self) -> None:
        if self.enabled:
            with contextlib.suppress(pygame.error):
                pygame.mixer.stop()

    def close(self) -> None:
        self.enabled = False
        if self._owns_mixer:
            with contextlib.suppress(pygame.error):
                pygame.mixer.quit()
            self._owns_mixer = False


class CuePlayer:
    """Plays a schedule along a replay: call :meth:`advance` with each new frame index."""

    def __init__(self, audio: Audio | None, cues: Sequence[Cue]) -> None:
        self.audio = audio
        self.cues = tuple(cues)
        self._next = 0
        self._at = -1

    def advance(self, index: int) -> int:
        """Play the cues of frames after the last call up to ``index``; returns how many."""
        if index <= self._at:
            return 0
        due: list[Cue] = []
        while self._next < len(self.cues) and self.cues[self._next].frame <= index:
            due.append(self.cues[self._next])
            self._next += 1
        self._at = index
        if not due or self.audio is None:
            return 0
        return self.audio.play_cues(due)

    def finish(self) -> None:
        """Skip the rest (the player jumped to the result)."""
        self._next = len(self.cues)
