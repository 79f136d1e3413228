"""Small data-driven widgets and the group that routes inputs to them, one module per element.

A scene describes its screen as a list of widgets built from its own model and rebuilds the
list when the model changes; :class:`WidgetGroup` carries hover, focus and text-caret state
over a rebuild by each widget's ``key``. A disabled widget carries the reason as data
(``disabled``), shown as its tooltip, so "why can't I?" is always answered on screen.
"""

from __future__ import annotations

from shogun_desktop.ui.widgets.base import Painter, Widget
from shogun_desktop.ui.widgets.button import Button
from shogun_desktop.ui.widgets.choice import Choice, Option
from shogun_desktop.ui.widgets.dialog import ConfirmDialog
from shogun_desktop.ui.widgets.group import WidgetGroup
from shogun_desktop.ui.widgets.label import Label
from shogun_desktop.ui.widgets.layer import LayerCache
from shogun_desktop.ui.widgets.log import ScrollableLog
from shogun_desktop.ui.widgets.native import NativeScene, Sheet, draw_veil
from shogun_desktop.ui.widgets.panel import Panel
from shogun_desktop.ui.widgets.text import wrap_text
from shogun_desktop.ui.widgets.text_input import TextInput
from shogun_desktop.ui.widgets.toggle import Toggle
from shogun_desktop.ui.widgets.tooltip import Tooltip, draw_tooltip

__all__ = [
    "Button",
    "Choice",
    "ConfirmDialog",
    "Label",
    "LayerCache",
    "NativeScene",
    "Option",
    "Painter",
    "Panel",
    "ScrollableLog",
    "Sheet",
    "TextInput",
    "Toggle",
    "Tooltip",
    "Widget",
    "WidgetGroup",
    "draw_tooltip",
    "draw_veil",
    "wrap_text",
]
