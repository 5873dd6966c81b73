"""Tracker, a hand-written app model for decision 0034's tests: the setting a report's launch
starts from lives in the app's settings, behind the overflow menu, below the fold of a list
with other switches.

Tracker#1 (non-crash): with "Log file" on, a rotation re-creates the main activity, which
starts a second log file while the first is open (the toast "Logging to new file N"). The
oracle: a second log file was started.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import Screen, View
from device_agent.virtual.widgets import (
    checkbox_widget,
    list_view,
    menu_window,
    overflow_button,
    preference,
    switch_widget,
    text_view,
    toolbar,
)

MAIN = ".MainActivity"
SETTINGS = ".SettingsActivity"
# (title, summary, key): switches a person looking for the log file must leave alone.
OTHER_SWITCHES = (
    ("Dark theme", "Use a dark background", "dark"),
    ("Keep screen on", "Never dim while tracking", "awake"),
    ("Vibrate", "Buzz on every reading", "vibrate"),
    ("Sound", "Beep on every reading", "sound"),
    ("Show grid", "Draw a grid on the chart", "grid"),
    ("Auto start", "Start tracking at launch", "auto"),
    ("Compact chart", "Smaller chart lines", "compact"),
    ("Show seconds", "Times with seconds", "seconds"),
)


def second_log_file(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Tracker#1: a log file was started while another was open."""
    return int(data["files"]) >= 2


class Tracker(VirtualApp):
    """Tracker 1.0: a main screen with an overflow menu, and a settings list."""

    name: ClassVar[str] = "tracker"
    package: ClassVar[str] = "org.example.tracker"
    label: ClassVar[str] = "Tracker"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Tracker#1",
            "non-crash",
            "A new log file on rotation",
            second_log_file,
            human_steps=(
                {"kind": "click", "target": {"content_desc": "More options"}},
                {"kind": "click", "target": {"text": "Settings"}},
                {"kind": "swipe", "direction": "up"},
                {"kind": "click", "target": {"text": "Log file"}},
                {"kind": "press_back"},
                {"kind": "rotate", "orientation": "landscape"},
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"log": False, "files": 0, **{key: False for _, _, key in OTHER_SWITCHES}}

    def _start_log(self, ctx: AppContext) -> None:
        ctx.data["files"] += 1
        ctx.toast(f"Logging to new file {ctx.data['files']}")

    def on_create(self, ctx: AppContext) -> None:
        # The bug: a re-created main activity starts a new file although one is open.
        if ctx.activity == MAIN and ctx.data["log"]:
            self._start_log(ctx)

    def _toggle_log(self, ctx: AppContext) -> None:
        ctx.data["log"] = not ctx.data["log"]
        if ctx.data["log"]:
            self._start_log(ctx)

    def _open_settings(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(SETTINGS)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            rows = [
                preference(
                    title,
                    summary,
                    lambda c, k=key: c.data.update({k: not c.data[k]}),
                    widget=switch_widget(bool(ctx.data[key])),
                )
                for title, summary, key in OTHER_SWITCHES
            ]
            rows.append(
                preference(
                    "Log file",
                    "Writes every reading to a file",
                    self._toggle_log,
                    widget=checkbox_widget(bool(ctx.data["log"])),
                )
            )
            return Screen(
                content=View(
                    cls="android.widget.LinearLayout",
                    children=[toolbar("Settings"), list_view(rows, scroll_key="top")],
                )
            )
        windows = []
        if ctx.ui.get("menu"):
            windows.append(
                menu_window(
                    [("Settings", self._open_settings), ("About", lambda c: c.toast("1.0"))],
                    lambda c: c.ui.update(menu=False),
                )
            )
        return Screen(
            content=View(
                cls="android.widget.LinearLayout",
                children=[
                    toolbar("Tracker", actions=[overflow_button(lambda c: c.ui.update(menu=True))]),
                    text_view(f"Files: {ctx.data['files']}", "files"),
                ],
            ),
            windows=windows,
        )
