"""Interval Timer (``dev.randombits.intervaltimer``, randombits-dev/interval-timer) 1.1.1, for
interval-timer#11.

A HIIT timer of one activity (``MainActivity``) holding two fragments in ``mainFrame``: the
settings (``SettingsFragment``: the "Active" and "Rest" seconds, each an EditText between a
minus and a plus ImageButton, and the round Start button ``beginBtn``) and, pushed on the
back stack by Start, the timer (``TimerFragment``: "SET", the set count, the status PREPARE /
ACTIVE / REST, the seconds left, and the Pause / Resume and Stop buttons). Stop pops the back
stack to the settings. The two values are kept in the app's preferences (defaults 45 and 15).

Sources read at tag v1.1.1 (commit 19c7374, 2024-10-14, versionName 1.1.1, versionCode 11),
the release current when the report was filed (2024-11-14): ``MainActivity.kt``,
``SettingsFragment.kt``, ``TimerFragment.kt``, ``HiitTimer.kt``, the layouts ``layout_main``,
``fragment_settings``, ``fragment_timer``, ``values/strings.xml``, ``themes.xml`` (no action
bar) and ``AndroidManifest.xml`` (portrait only). The fix is 1e0992d ("Allow setting rest to
0", 2025-04-09: the filter removed) with f73b5bb ("Improve error handling").

Bug interval-timer#11 (crash): both fields carry ``rangeFilter``, an InputFilter that rejects
an edit when ``(dest + source).toIntOrNull()`` is null or 0. A deletion passes it (its
``source`` is empty and ``dest`` is the old text), so removing the "1" of "10" leaves "0" in the
Rest field, and Start runs the timer with rest 0. Stop pops the back stack and the recreated
view restores the field's saved text through ``setText``, which runs the filter with an empty
``dest``: "0" is rejected and the field comes back empty. Typing "0" into a field is rejected
the same way. ``SettingsFragment.startTimer`` then calls ``Integer.parseInt("")``:
``java.lang.NumberFormatException: For input string: ""`` (``SettingsFragment.kt:133``).

Modelled: the filter on every edit (a typed text is compared with the old one: a removed part
always passes; each inserted character is checked as the filter checks it, against the whole
old text followed by that character), the restore through the filter when the settings view
comes back, the minus/plus buttons (``decreaseTimerValue`` keeps at least 5; an empty field
counts as the fragment's argument value), Start saving the preferences, and
``SettingsFragment.onDestroy`` parsing the fields when Back closes the app (the same exception
from another site, not counted by the oracle). Stubbed: the countdown itself (time does not
pass on the virtual device: the timer shows the first tick of the 5-second PREPARE phase), the
sounds and keep-screen-on flag. Uncertain: the report names no Android release; the framework
frames and ``Integer.parseInt``'s lines are Android 7.1's; ``onSaveInstanceState`` (Home with an
empty field) would crash too and is not modelled.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import FRAME, Screen, View

PACKAGE = "dev.randombits.intervaltimer"
MAIN = ".MainActivity"
NFE = "java.lang.NumberFormatException"
FRAGMENT = f"{PACKAGE}.SettingsFragment"
PARSE_FRAMES = [
    "java.lang.Integer.parseInt(Integer.java:533)",
    "java.lang.Integer.parseInt(Integer.java:556)",
]
START_FRAMES = [
    *PARSE_FRAMES,
    f"{FRAGMENT}.startTimer(SettingsFragment.kt:133)",
    f"{FRAGMENT}.setupFields$lambda$4(SettingsFragment.kt:79)",
    "android.view.View.performClick(View.java:5637)",
    "android.view.View$PerformClick.run(View.java:22429)",
    *callback_frames(25),
]
INT = re.compile(r"[+-]?\d+")


def _to_int_or_null(text: str) -> int | None:
    """Kotlin's ``String.toIntOrNull``."""
    if not INT.fullmatch(text):
        return None
    value = int(text)
    return value if -(2**31) <= value < 2**31 else None


def _passes(text: str) -> bool:
    """``rangeFilter`` accepts ``source`` when ``dest + source`` reads as a number >= 1."""
    value = _to_int_or_null(text)
    return value is not None and value >= 1


def filtered_edit(old: str, new: str) -> str:
    """The field's text after the user turns ``old`` into ``new`` through ``rangeFilter``:
    the removed middle always goes; each inserted character is kept only when the old text
    followed by it (``dest.toString() + source.toString()``) passes."""
    prefix = 0
    while prefix < min(len(old), len(new)) and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(old), len(new)) - prefix and old[-1 - suffix] == new[-1 - suffix]:
        suffix += 1
    current = old[:prefix] + old[len(old) - suffix :]
    position = prefix
    for char in new[prefix : len(new) - suffix]:
        if _passes(current + char):
            current = current[:position] + char + current[position:]
            position += 1
    return current


def filtered_set(text: str) -> str:
    """``setText`` through the filter (``dest`` empty): the text, or "" when it is rejected."""
    return text if _passes(text) else ""


def start_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of interval-timer#11: Start parsed an empty field
    (``SettingsFragment.startTimer``)."""
    return data.get("crash_site") == "startTimer" and crashed(
        system, PACKAGE, NFE, 'For input string: ""'
    )


# -- steps -------------------------------------------------------------------------------------
START = click(PACKAGE, "beginBtn", desc="Start")
STOP = click(PACKAGE, "stopBtn", desc="Stop")
PAUSE = click(PACKAGE, "pauseBtn", desc="Pause")
MORE_REST = click(PACKAGE, "restTime_more", desc="Increase Rest Time")


def active(text: str) -> dict[str, Any]:
    return input_text(PACKAGE, "activeTime", text)


def rest(text: str) -> dict[str, Any]:
    return input_text(PACKAGE, "restTime", text)


class IntervalTimer(VirtualApp):
    """Interval Timer 1.1.1: the settings and timer fragments of MainActivity."""

    name: ClassVar[str] = "interval-timer"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Interval Timer"
    version: ClassVar[str] = "1.1.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "interval-timer#11",
            "crash",
            "App still crashes on Rest = 0",
            start_crashed,
            human_steps=(active("5"), rest("10"), rest("0"), START, STOP, START),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # SharedPreferences(packageName): activeTime and restTime, read with these defaults.
        return {"activeTime": 45, "restTime": 15, "crash_site": None}

    def on_create(self, ctx: AppContext) -> None:
        if "stack" not in ctx.ui:
            # SettingsFragment.newInstance(activeTime, restTime): its arguments and fields.
            args = {"active": ctx.data["activeTime"], "rest": ctx.data["restTime"]}
            ctx.ui.update(
                stack=["settings"],
                args=args,
                fields={k: str(v) for k, v in args.items()},
                timer=None,
            )

    # -- settings ----------------------------------------------------------------------------
    def _type(self, ctx: AppContext, key: str, text: str) -> None:
        fields = ctx.ui["fields"]
        fields[key] = filtered_edit(fields[key], text)

    def _typer(self, key: str) -> Callable[[AppContext, str], None]:
        def typed(ctx: AppContext, text: str) -> None:
            self._type(ctx, key, text)

        return typed

    def _step(self, ctx: AppContext, key: str, change: int) -> None:
        """``decreaseTimerValue`` / ``increaseTimerValue``."""
        current = _to_int_or_null(ctx.ui["fields"][key])
        value = (current if current is not None else ctx.ui["args"][key]) + change
        if change < 0:
            value = max(value, 5)
        ctx.ui["fields"][key] = filtered_set(str(value))

    def _parse(self, ctx: AppContext, site: str, frames: list[str]) -> tuple[int, int]:
        """``Integer.parseInt`` of the Active then the Rest field."""
        values = []
        for key in ("active", "rest"):
            text = ctx.ui["fields"][key]
            if not INT.fullmatch(text) or not -(2**31) <= int(text) < 2**31:
                ctx.data["crash_site"] = site
                raise JavaException(NFE, f'For input string: "{text}"', frames)
            values.append(int(text))
        return values[0], values[1]

    def _start(self, ctx: AppContext) -> None:
        """``SettingsFragment.startTimer`` then ``MainActivity.startTimer``."""
        active_time, rest_time = self._parse(ctx, "startTimer", START_FRAMES)
        ctx.data.update(activeTime=active_time, restTime=rest_time)  # savePreferences
        ctx.ui["stack"].append("timer")
        ctx.ui["timer"] = {"active": active_time, "rest": rest_time, "paused": False}

    def on_back(self, ctx: AppContext) -> bool:
        if len(ctx.ui["stack"]) > 1:
            self._pop(ctx)
            return True
        # The activity finishes: SettingsFragment.onDestroy parses both fields.
        frames = [*PARSE_FRAMES, f"{FRAGMENT}.onDestroy(SettingsFragment.kt:114)"]
        active_time, rest_time = self._parse(ctx, "onDestroy", frames)
        ctx.data.update(activeTime=active_time, restTime=rest_time)
        return False

    def _pop(self, ctx: AppContext) -> None:
        """``popBackStack``: the timer goes; the settings view is recreated and its fields'
        saved texts come back through ``setText`` and the filter."""
        ctx.ui["stack"].pop()
        ctx.ui["timer"] = None
        fields = ctx.ui["fields"]
        for key in fields:
            fields[key] = filtered_set(fields[key])

    def _settings(self, ctx: AppContext) -> View:
        fields = ctx.ui["fields"]
        children: list[View] = []
        for key, label, noun in (("active", "Active", "Active"), ("rest", "Rest", "Rest")):
            rid = f"{key}Time"
            children.append(w.text_view(label, f"{rid}Label"))
            children.append(
                w.linear_layout(
                    [
                        w.image_button(
                            f"{rid}_less",
                            f"Decrease {noun} Time",
                            w.bind(self._step, key, -5),
                            width=147,
                        ),
                        w.edit_text(rid, fields[key], self._typer(key)),
                        w.image_button(
                            f"{rid}_more",
                            f"Increase {noun} Time",
                            w.bind(self._step, key, 5),
                            width=147,
                        ),
                    ],
                    horizontal=True,
                    width=525,
                    height=150,
                    weight=0,
                )
            )
        start = w.button("beginBtn", "", self._start, content_desc="Start", width=263, height=263)
        return w.linear_layout([*children, start], rid="settingsLayout")

    # -- timer -------------------------------------------------------------------------------
    def _pause(self, ctx: AppContext, paused: bool) -> None:
        ctx.ui["timer"]["paused"] = paused

    def _timer(self, ctx: AppContext) -> View:
        paused = ctx.ui["timer"]["paused"]
        rid, desc = ("resumeBtn", "Resume") if paused else ("pauseBtn", "Pause")
        size = {"width": 263, "height": 263}
        toggle = w.button(rid, "", w.bind(self._pause, not paused), content_desc=desc, **size)
        buttons = w.linear_layout(
            [
                toggle,
                w.button("stopBtn", "", self._pop, content_desc="Stop", width=263, height=263),
            ],
            horizontal=True,
            height=263,
            weight=0,
        )
        return w.linear_layout(
            [
                w.text_view("SET"),
                w.text_view("1", "setCount", height=220),
                w.text_view("PREPARE", "status", height=220),
                w.text_view("5", "timeLeft", height=450),
                buttons,
            ],
            rid="timerLayout",
        )

    def render(self, ctx: AppContext) -> Screen:
        top = ctx.ui["stack"][-1]
        page = self._timer(ctx) if top == "timer" else self._settings(ctx)
        frame = w.frame_layout([page], rid="mainFrame", layout=FRAME)
        return Screen(content=View(cls="android.view.ViewGroup", children=[frame]))


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "interval-timer#11": [
        # Rest kept at 10: the restored field still reads 10 and Start works again.
        [active("5"), rest("10"), START, STOP, START],
        # Rest set to 0 and the timer started once, never stopped.
        [active("5"), rest("10"), rest("0"), START],
        # The empty field is refilled with the plus button before the second Start.
        [active("5"), rest("10"), rest("0"), START, STOP, MORE_REST, START],
        # Paused instead of stopped: the settings are not recreated.
        [active("5"), rest("10"), rest("0"), START, PAUSE],
    ],
}
