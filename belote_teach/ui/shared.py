"""Layout and style models that the widgets of a page share, so that a page stays light.

ipywidgets gives every widget a ``Layout`` model of its own, and every button, HTML
text or text box a style model too (``ButtonStyle``, ``HTMLStyle``, ...): two models in
three, about 1.1 KB of state each, that a Voilà page must fetch from the kernel before it
draws anything, within 4 seconds (``CONTROL_COMM_TIMEOUT`` of ``@jupyter-widgets/base``).
Widgets that look alike can point to one model instead: the browser draws each widget
with its own view of the shared model, exactly as with a model of its own.

:func:`lean` builds a widget whose layout and style are the kernel's shared models for
the values asked (the defaults when none); :func:`shared_model` gives one such model. A
shared model is read-only: changing it would change every widget that uses it, so a
widget whose layout or style changes later (``layout.display = "none"`` to hide it) is
built with a model of its own, as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

import ipywidgets as widgets

__all__ = ["SharedModelError", "lean", "shared_model"]

#: A Layout or a style model class (``widgets.Layout``, ``widgets.ButtonStyle``, ...).
ModelT = TypeVar("ModelT", bound=widgets.Widget)
#: A widget class (``widgets.HTML``, ``widgets.Button``, ...).
WidgetT = TypeVar("WidgetT", bound=widgets.DOMWidget)

# The kernel's shared models, by class and values; a closed one is replaced.
_MODELS: dict[tuple[type, tuple[tuple[str, str], ...]], widgets.Widget] = {}
# The read-only subclass of each model class.
_SEALED: dict[type, type] = {}


class SharedModelError(AttributeError):
    """A shared layout or style model was asked to change: the message names the model,
    the attribute and what to do instead (give the widget a model of its own)."""


class _Sealed:
    """Refuses to change a synced attribute once built (mixed into a model class)."""

    _sealed = False
    _shared_of = ""                                  # the model class's name, for errors

    def __setattr__(self, name: str, value: object) -> None:
        if self._sealed and name in self.keys:       # type: ignore[attr-defined]
            raise SharedModelError(
                f"{type(self).__name__}.{name} = {value!r} refused: this model is shared by "
                "many widgets of the page (belote_teach.ui.shared); build the widget whose "
                f"{name} changes with a {self._shared_of} of its own")
        super().__setattr__(name, value)


def _sealed_class(cls: type[ModelT]) -> type[ModelT]:
    if cls not in _SEALED:
        _SEALED[cls] = type(f"Shared{cls.__name__}", (_Sealed, cls),
                            {"__module__": __name__, "__doc__": f"A read-only {cls.__name__}.",
                             "_shared_of": cls.__name__})
    return _SEALED[cls]


def shared_model(cls: type[ModelT], **values: str) -> ModelT:
    """The kernel's one read-only ``cls(**values)`` model, built the first time it is
    asked for (and again if it was closed).

    Args:
        cls: a layout or style model class: ``widgets.Layout``, ``widgets.HTMLStyle``,
            ``widgets.ButtonStyle``, ...
        values: its traits, e.g. ``max_width="780px"`` (CSS values are text).

    Raises:
        traitlets.TraitError: a value the model refuses (nothing is kept).
        SharedModelError: on any later change of the model's synced traits.
    """
    key = (cls, tuple(sorted(values.items())))
    model = _MODELS.get(key)
    if model is None or model.comm is None:
        model = _sealed_class(cls)(**values)
        object.__setattr__(model, "_sealed", True)
        _MODELS[key] = model
    return model


def lean(cls: type[WidgetT], /, *args: Any, layout: Mapping[str, str] | None = None,
         style: Mapping[str, str] | None = None, **kwargs: Any) -> WidgetT:
    """``cls(*args, **kwargs)`` whose layout and style models are the page's shared ones
    (:func:`shared_model`) for ``layout`` and ``style`` (the defaults when ``None``).

    Use it for a widget whose layout and style never change once built.

    Args:
        cls: a widget class (``widgets.HTML``, ``widgets.Button``, ``widgets.HBox``...).
        args, kwargs: what ``cls`` takes besides ``layout`` and ``style``.
        layout: the layout's values, e.g. ``{"margin": "8px 0 0 0"}``.
        style: the style's values, e.g. ``{"description_width": "initial"}``; only for a
            class with a style model.

    Raises:
        TypeError: ``style`` given for a class without a style model.
        traitlets.TraitError: a value the layout, the style or ``cls`` refuses.
    """
    models: dict[str, widgets.Widget] = {"layout": shared_model(widgets.Layout,
                                                                **(layout or {}))}
    style_trait = cls.class_traits().get("style")
    if style_trait is not None:
        models["style"] = shared_model(style_trait.klass, **(style or {}))
    elif style:
        raise TypeError(f"{cls.__name__} has no style model: style={dict(style)!r} refused")
    return cls(*args, **models, **kwargs)
