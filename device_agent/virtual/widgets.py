"""Small view builders every app model uses: bound click handlers, text views, the overflow
button, a popup menu, dialog buttons and an AlertDialog window. One place, so app models differ
only where the real apps do."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from device_agent.virtual.app import AppContext
from device_agent.virtual.views import HORIZONTAL, View, Window


def bind(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Callable[[AppContext], None]:
    """A click handler calling ``fn(ctx, *args, **kwargs)`` (binds a list row's own values)."""

    def handler(ctx: AppContext) -> None:
        fn(ctx, *args, **kwargs)

    return handler


def text_view(text: str, rid: str = "", **kw: Any) -> View:
    """An ``android.widget.TextView`` with ``text`` and the (short) resource id ``rid``."""
    return View(cls="android.widget.TextView", text=text, resource_id=rid, **kw)


def dialog_button(rid: str, text: str, handler: Any, width: int = 300) -> View:
    """A dialog's text button (``android:id/button1`` positive, ``button2`` negative,
    ``button3`` neutral, as AlertDialog lays them out), ``width`` px wide."""
    return View(
        cls="android.widget.Button",
        resource_id=rid,
        text=text,
        on_click=handler,
        width=width,
        style="text",
    )


def overflow_button(handler: Any) -> View:
    """The toolbar's "More options" (⋮) button, 126 px wide."""
    return View(
        cls="android.widget.ImageView", content_desc="More options", on_click=handler, width=126
    )


def popup_menu(items: list[tuple[str, Any]]) -> View:
    """A popup menu's list: one 126 px row per ``(title, handler)``, the title in a TextView
    with id ``title`` (as Android's popup menus lay it out)."""
    return View(
        cls="android.widget.ListView",
        weight=0,
        children=[
            View(
                cls="android.widget.LinearLayout",
                on_click=handler,
                height=126,
                children=[text_view(title, "title", height=126)],
            )
            for title, handler in items
        ],
    )


def alert_dialog(title: View, body: list[View], buttons: list[View], on_dismiss: Any) -> Window:
    """An AlertDialog window as the framework lays it out: ``android:id/parentPanel`` holding
    the ``title`` view (the app's own ``android:id/alertTitle`` text), the ``body`` and, when
    there are ``buttons``, an ``android:id/buttonPanel`` with a spacer then the buttons."""
    children = [title, *body]
    if buttons:
        children.append(
            View(
                cls="android.widget.LinearLayout",
                resource_id="android:id/buttonPanel",
                layout=HORIZONTAL,
                height=140,
                children=[View(cls="android.view.View"), *buttons],
            )
        )
    return Window(
        root=View(
            cls="android.widget.LinearLayout",
            resource_id="android:id/parentPanel",
            weight=0,
            children=children,
        ),
        on_dismiss=on_dismiss,
    )
