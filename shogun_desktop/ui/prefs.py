"""The player's settings: a small key/value store with a schema, kept in one YAML file.

Every setting is declared once in :data:`SCHEMA` (type, default, range or choices, a line of
help), so a new setting is one entry there. The file lives in the user's config folder
(``platformdirs``; ``$SHOGUN_DESKTOP_CONFIG`` overrides the folder) and is written
atomically on every change. Settings are a comfort, never a reason not to start: a missing
file gives the defaults, a broken file or a bad value gives the defaults for what is broken
and a one-line ``problem`` the window may show; unknown keys (from a newer version) are kept.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from shogun_desktop.i18n import LANGUAGES, N_, _
from shogun_desktop.yamlio import YamlFormatError, load_yaml_file, write_text_atomic

PREFS_VERSION = 1
FILE_NAME = "settings.yaml"


class PrefsError(ValueError):
    """A value that does not fit its setting; the message names the key.

    The words are kept as a template and worded when shown: settings are read before the
    language is chosen (the language is one of them), and the window shows them later.
    """

    def __init__(self, template: str, **params: Any) -> None:
        super().__init__(template)
        self.template, self.params = template, params

    def __str__(self) -> str:
        return _(self.template).format(**self.params)


@dataclass(frozen=True)
class Setting:
    """One setting: its key, type and default, and what values are allowed."""

    key: str
    kind: type  # bool, int, float or str
    default: Any
    help: str = ""
    minimum: float | None = None
    maximum: float | None = None
    choices: Sequence[Any] = ()

    def check(self, value: Any) -> Any:
        """``value`` converted to this setting's type, or PrefsError saying what is wrong."""
        kind = self.kind
        if kind is bool:
            if not isinstance(value, bool):
                raise PrefsError(N_("{key}: must be true or false, not {value}"),
                                 key=self.key, value=repr(value))
        elif kind in (int, float):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise PrefsError(N_("{key}: must be a number, not {value}"), key=self.key,
                                 value=repr(value))
            if kind is int and value != int(value):
                raise PrefsError(N_("{key}: must be a whole number, not {value}"),
                                 key=self.key, value=repr(value))
            value = kind(value)
            if not math.isfinite(value):
                raise PrefsError(N_("{key}: must be a finite number"), key=self.key)
            if self.minimum is not None and value < self.minimum:
                raise PrefsError(N_("{key}: must be at least {limit}"), key=self.key,
                                 limit=f"{self.minimum:g}")
            if self.maximum is not None and value > self.maximum:
                raise PrefsError(N_("{key}: must be at most {limit}"), key=self.key,
                                 limit=f"{self.maximum:g}")
        elif kind is str:
            if not isinstance(value, str):
                raise PrefsError(N_("{key}: must be text, not {value}"), key=self.key,
                                 value=repr(value))
        else:  # pragma: no cover - a schema mistake
            raise TypeError(f"{self.key}: unsupported setting type {kind!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise PrefsError(N_("{key}: must be one of {allowed}, not {value}"), key=self.key,
                             allowed=allowed, value=repr(value))
        return value


def _schema(*settings: Setting) -> dict[str, Setting]:
    return {s.key: s for s in settings}


SCHEMA: dict[str, Setting] = _schema(
    Setting("sound.volume", float, 0.7, "Master volume, 0 (silent) to 1", 0.0, 1.0),
    Setting("sound.mute", bool, False, "No sound at all"),
    # the key keeps its first name (saved files have it); it now paces every animation
    Setting("tower.speed", float, 1.0, "Animation speed: the tower replay, drop notices, "
            "overlays", choices=(0.5, 1.0, 2.0, 4.0)),
    Setting("flow.auto_continue", bool, False,
            "Computer battles and drops close by themselves after their animation"),
    Setting("flow.skip_computer", bool, False,
            "No animation at all for drops between computer players (the log keeps them)"),
    Setting("flow.confirm", bool, True, "Ask before committing a plan, leaving or quitting"),
    Setting("guide.enabled", bool, True, "Show the first-game pointers (first planning and "
            "first battle)"),
    Setting("language", str, "", "Language of the window ('' = the system's language)",
            choices=("", *LANGUAGES)),
)


def prefs_dir() -> Path:
    """$SHOGUN_DESKTOP_CONFIG, else the user's config folder for the game."""
    env = os.environ.get("SHOGUN_DESKTOP_CONFIG")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_config_dir("shogun-desktop"))


class Prefs:
    """Settings in memory, saved to ``path`` on every change (``path=None``: memory only)."""

    def __init__(
        self,
        path: Path | None = None,
        values: Mapping[str, Any] | None = None,
        *,
        schema: Mapping[str, Setting] = SCHEMA,
    ) -> None:
        self.path = path
        self.schema = dict(schema)
        self._values: dict[str, Any] = {}
        self._unknown: dict[str, Any] = {}
        # the last load/save trouble, for the window to show: worded when it is shown
        self._problem: Callable[[], str] | None = None
        for key, value in (values or {}).items():
            self.set(key, value, save=False)

    # ---------------------------------------------------------------- loading
    @classmethod
    def load(cls, path: Path | None = None, *, schema: Mapping[str, Setting] = SCHEMA) -> Prefs:
        """The settings in ``path`` (default: the user's settings file); never raises."""
        path = path if path is not None else prefs_dir() / FILE_NAME
        prefs = cls(path, schema=schema)
        if not path.exists():
            return prefs
        problems: list[PrefsError] = []
        try:
            doc = load_yaml_file(path)
        except YamlFormatError as exc:
            error = exc  # worded when shown: the language is not applied yet
            prefs._problem = lambda: _("{error}; using the default settings").format(error=error)
            return prefs
        if doc is None:
            doc = {}
        settings = doc.get("settings") if isinstance(doc, dict) else None
        if not isinstance(settings, dict):
            prefs._problem = lambda: _("{file}: settings: expected a mapping; using the "
                                       "default settings").format(file=path)
            return prefs
        for key, value in settings.items():
            key = str(key)
            if key not in prefs.schema:
                prefs._unknown[key] = value
                continue
            try:
                prefs._values[key] = prefs.schema[key].check(value)
            except PrefsError as exc:
                problems.append(exc)
        if problems:
            prefs._problem = lambda: _("{problems} (the default is used)").format(
                problems="; ".join(f"{path}: {p}" for p in problems))
        return prefs

    @property
    def problem(self) -> str | None:
        """The last load or save trouble in the current language, or None."""
        return self._problem() if self._problem is not None else None

    @problem.setter
    def problem(self, text: str | None) -> None:
        self._problem = None if text is None else (lambda: text)

    # ---------------------------------------------------------------- access
    def setting(self, key: str) -> Setting:
        try:
            return self.schema[key]
        except KeyError:
            raise KeyError(f"no setting named {key!r}") from None

    def get(self, key: str) -> Any:
        return self._values.get(key, self.setting(key).default)

    def __getitem__(self, key: str) -> Any:
        return self.get(key)

    def as_dict(self) -> dict[str, Any]:
        """Every setting of the schema with its current value."""
        return {key: self.get(key) for key in self.schema}

    def set(self, key: str, value: Any, *, save: bool = True) -> bool:
        """Change a setting (PrefsError for a bad value); saves unless ``save`` is False.

        Returns False when the file could not be written (the value is kept in memory and
        ``problem`` says why).
        """
        self._values[key] = self.setting(key).check(value)
        return self.save() if save else True

    def reset(self, key: str) -> bool:
        self.setting(key)
        self._values.pop(key, None)
        return self.save()

    def save(self) -> bool:
        if self.path is None:
            return True
        doc = {
            "version": PREFS_VERSION,
            "settings": {**self._unknown, **{k: self.get(k) for k in self.schema}},
        }
        text = "# Shogun Desktop settings (written by the game)\n" + yaml.safe_dump(
            doc, sort_keys=False, allow_unicode=True
        )
        try:
            write_text_atomic(self.path, text)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            self._problem = lambda: _("{file}: cannot save the settings: {reason}").format(
                file=self.path, reason=reason)
            return False
        return True
