"""Bats! HIIT (``org.jfet.batsHIIT``) 1.08060461, an interval timer for HIIT workouts, for
batsHIIT#5.

Modelled from the sources at commit ``213afa779efe8bc963ba288e5ff351d0b1165073`` ("convert to
Android Studio"; later commits only touch the README), whose ``AndroidManifest.xml`` says
``versionName "1.08060461"`` (targetSdk 19): ``HIITMain.java``, ``HIITRun.java``,
``res/layout/activity_hiitmain.xml``, ``activity_hiitrun_rest.xml``, ``res/menu/hiitmain.xml``,
``res/values/strings.xml``. There is no fix commit in the repository.

Screens:

- ``HIITMain`` (a plain ``Activity`` with the DarkActionBar action bar "Bats! HIIT" and its
  overflow menu "Help", which opens the AlertDialog "Help" with an OK button): five number fields
  (``edit_work`` 50, ``edit_break`` 10, ``edit_rest`` 60, ``edit_intv`` 7, ``edit_block`` 3) with
  their labels, "Workout time:" and ``hiit_time`` (recomputed on every edit as
  ``(1+blocks)*rest + blocks*intervals*(work+break)``, values below 1 counted as 1, a field that
  does not parse leaving the shown time as it was), the "Go!" button, the ``edit_sName`` field
  (hint "Save As…") with "Save", and the ``spin_lName`` Spinner with "Load" and "Delete";
- "Go!" parses the fields (on a parse failure it restores the "Last workout" settings into the
  fields and stays), stores them as the "Last workout" preference and starts ``HIITRun``;
- ``HIITRun`` ("HIIT!" with the Up arrow) first shows the warm-up rest page ("Rest!",
  ``nSecondsRest``, "seconds remaining", ``nBlocksRest``, "blocks remaining"); Back finishes it
  and returns to the same ``HIITMain`` instance; Up is ``NavUtils.navigateUpFromSameTask``, which
  (no singleTop) finishes and re-creates ``HIITMain``, so its Spinner is filled anew.

Saved workouts are the activity's private preferences ``org.jfet.batsHIIT.<name>`` =
``"work:break:rest:intv:block"`` (the field texts); ``populateLoadSpinner`` (run in ``onCreate``,
after Save and after Delete) sets a new adapter listing the names only when there is at least one
preference, so with none it leaves the Spinner as it was (no adapter on a fresh start).

The bug (batsHIIT#5): ``delButton`` removes the preference named by
``pSpin.getSelectedItem().toString()`` (``HIITMain.java:245``); with no adapter,
``getSelectedItem()`` is null and ``toString()`` throws a NullPointerException, which the
framework's ``android:onClick`` dispatch wraps in ``IllegalStateException: Could not execute
method for android:onClick``. ``loadButton`` (line 231) has the same null dereference; both crash
identically, so the oracle (a crash of that shape) cannot tell them apart.

Stubbed or simplified: ``HIITRun``'s timer thread, sounds and wake lock (no time passes on the
virtual device, so the run screen stays on its first page); the finished-workout page and its
share menu; the activity's portrait lock (a rotation keeps the whole instance state, as the lock
keeps the activity). Uncertain: the order of the Spinner's names (``SharedPreferences.getAll()``
is a HashMap; the model lists them in saving order); the device's release (the report names
none; the crash frames are Android 7.1's, API 25). No network content.
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "org.jfet.batsHIIT"
MAIN = ".HIITMain"
RUN = ".HIITRun"
PREFIX = "org.jfet.batsHIIT."
LAST = "Last workout"
FIELDS = ("work", "break", "rest", "intv", "block")
DEFAULTS = {"work": "50", "break": "10", "rest": "60", "intv": "7", "block": "3"}
LABELS = {
    "work": "Work (seconds)",
    "break": "Break (seconds)",
    "rest": "Rest (seconds)",
    "intv": "Intervals per block",
    "block": "Blocks",
}
HELP_MESSAGE = (
    "A Bats! HIIT workout is an alternating sequence of rest intervals and work blocks.\n"
    "\nA workout always starts and ends with rest intervals for warmup and cool-down.\n"
    "\nIn each work block, there are a number of work/break pairs equal to the number of "
    "intervals you have selected.\n"
    "\nFor example, set work=30, break=10, rest=60, 5 intervals per block, 2 blocks. This workout "
    "looks like this:\n\n1. Warmup (60 sec)\n2. 5 x (30 sec work / 10 sec break)\n"
    "3. Rest (60 sec)\n4. 5 x (30 sec work / 10 sec break)\n5. Cooldown (60 sec)\n"
)
INT_MAX = 2**31 - 1
NPE_TO_STRING = (
    "Attempt to invoke virtual method 'java.lang.String java.lang.Object.toString()' "
    "on a null object reference"
)


def _click_frames() -> list[str]:
    """A button's ``android:onClick`` dispatch on Android 7.1 (API 25)."""
    return [
        "android.view.View.performClick(View.java:5637)",
        "android.view.View$PerformClick.run(View.java:22429)",
        *callback_frames(25),
    ]


def _on_click_failure(method: str, line: int) -> JavaException:
    """The NPE of ``HIITMain.<method>`` as the framework's ``android:onClick`` reports it."""
    npe = JavaException(
        "java.lang.NullPointerException",
        NPE_TO_STRING,
        frames=[
            f"org.jfet.batsHIIT.HIITMain.{method}(HIITMain.java:{line})",
            "java.lang.reflect.Method.invoke(Native Method)",
            "android.view.View$DeclaredOnClickListener.onClick(View.java:4720)",
            *_click_frames(),
        ],
    )
    invocation = JavaException(
        "java.lang.reflect.InvocationTargetException",
        "",
        frames=[
            "java.lang.reflect.Method.invoke(Native Method)",
            "android.view.View$DeclaredOnClickListener.onClick(View.java:4720)",
            *_click_frames(),
        ],
        cause=npe,
    )
    return JavaException(
        "java.lang.IllegalStateException",
        "Could not execute method for android:onClick",
        frames=[
            "android.view.View$DeclaredOnClickListener.onClick(View.java:4725)",
            *_click_frames(),
        ],
        cause=invocation,
    )


def _delete_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of batsHIIT#5: the app crashed in a button's onClick dispatch."""
    return crashed(
        system, PACKAGE, "java.lang.IllegalStateException", "Could not execute method for android"
    )


def _parse_int(text: str) -> int | None:
    """``Integer.parseInt``: None where it throws NumberFormatException."""
    body = text[1:] if text[:1] in "+-" else text
    if not body or not body.isdigit():
        return None
    value = int(text)
    return value if -(2**31) <= value <= INT_MAX else None


def _java_int(value: int) -> int:
    """A Java int's wrap-around."""
    return (value + 2**31) % 2**32 - 2**31


def _java_div(a: int, b: int) -> tuple[int, int]:
    """Java's ``/`` and ``%`` (truncating toward zero)."""
    q = abs(a) // b * (1 if a >= 0 else -1)
    return q, a - q * b


def _total_time(values: dict[str, str]) -> str | None:
    """``recomputeHIITTime``'s text, or None when a field does not parse."""
    parsed = {}
    for key in FIELDS:
        number = _parse_int(values[key])
        if number is None:
            return None
        parsed[key] = max(number, 1)
    block, rest, intv = parsed["block"], parsed["rest"], parsed["intv"]
    total = _java_int(
        _java_int((1 + block) * rest)
        + _java_int(_java_int(block * intv) * _java_int(parsed["work"] + parsed["break"]))
    )
    minutes, seconds = _java_div(total, 60)
    return f"{minutes}:{seconds:02d}"


BUG_5 = BugSpec(
    bug_id="batsHIIT#5",
    kind="crash",
    title="Null Pointer Exception",
    oracle=_delete_crashed,
    human_steps=(click(PACKAGE, text="Delete", cls="android.widget.Button"),),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "batsHIIT#5": [
        # A workout saved first: the Spinner has an adapter.
        [
            input_text(PACKAGE, "edit_sName", "Tabata", hint="Save As…"),
            click(PACKAGE, text="Save", cls="android.widget.Button"),
            click(PACKAGE, text="Delete", cls="android.widget.Button"),
        ],
        # Deleting the only saved workout twice: the old adapter stays.
        [
            input_text(PACKAGE, "edit_sName", "Tabata", hint="Save As…"),
            click(PACKAGE, text="Save", cls="android.widget.Button"),
            click(PACKAGE, text="Delete", cls="android.widget.Button"),
            click(PACKAGE, text="Delete", cls="android.widget.Button"),
        ],
        # Go! then Up: HIITMain is re-created and lists "Last workout".
        [
            click(PACKAGE, text="Go!", cls="android.widget.Button"),
            click(PACKAGE, desc="Navigate up", cls="android.widget.ImageButton"),
            click(PACKAGE, text="Delete", cls="android.widget.Button"),
        ],
        # Go!, Back, then a restart of the app before Delete.
        [
            click(PACKAGE, text="Go!", cls="android.widget.Button"),
            {"kind": "press_back"},
            {"kind": "restart_app"},
            click(PACKAGE, text="Delete", cls="android.widget.Button"),
        ],
        # The help menu instead of Delete.
        [
            click(PACKAGE, desc="More options"),
            click(PACKAGE, "android:id/title", text="Help"),
            click(PACKAGE, "android:id/button1", text="OK", cls="android.widget.Button"),
        ],
    ],
}


class BatsHIIT(VirtualApp):
    """Bats! HIIT 1.08060461 (see the module docstring)."""

    name: ClassVar[str] = "batsHIIT"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Bats! HIIT"
    version: ClassVar[str] = "1.08060461"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_5,)

    def initial_data(self) -> dict[str, Any]:
        # The activity's private SharedPreferences: key -> "work:break:rest:intv:block".
        return {"prefs": {}}

    # -- HIITMain state ---------------------------------------------------------------------
    def _fresh_main(self, data: dict[str, Any]) -> dict[str, Any]:
        """HIITMain's state right after ``onCreate``: the "Last workout" settings restored into
        the fields and the Spinner populated (or left without an adapter)."""
        state: dict[str, Any] = {"fields": dict(DEFAULTS), "sname": "", "time": "0"}
        state["spinner"] = None
        state["sel"] = 0
        state["menu"] = False
        state["help"] = False
        state["dropdown"] = False
        self._restore(state, data, LAST)
        self._populate(state, data)
        return state

    def _main(self, ctx: AppContext) -> dict[str, Any]:
        """The state HIITMain shows (render only reads it)."""
        if ctx.memory.get("main_recreated") or "fields" not in ctx.ui:
            return self._fresh_main(ctx.data)
        return ctx.ui

    def _settle(self, ctx: AppContext) -> dict[str, Any]:
        """HIITMain's live state; after Up's re-creation, the new instance's."""
        if ctx.memory.pop("main_recreated", False) or "fields" not in ctx.ui:
            ctx.ui.clear()
            ctx.ui.update(self._fresh_main(ctx.data))
        return ctx.ui

    @staticmethod
    def _populate(state: dict[str, Any], data: dict[str, Any]) -> None:
        """``populateLoadSpinner``: a new adapter only when preferences exist."""
        keys = list(data["prefs"])
        if keys:
            trim = len(PREFIX)
            state["spinner"] = [k[trim:] if len(k) > trim else k for k in keys]
            state["sel"] = 0

    @staticmethod
    def _restore(state: dict[str, Any], data: dict[str, Any], name: str) -> None:
        """``restoreSettings``: the saved string (or the defaults) split by ``:`` into the
        fields (a Scanner: a trailing empty token is no token), then the time recomputed."""
        dflt = ":".join(DEFAULTS[k] for k in FIELDS)
        saved = data["prefs"].get(PREFIX + name, dflt)
        tokens = saved.split(":")
        if tokens and tokens[-1] == "":
            tokens = tokens[:-1]
        if len(tokens) < len(FIELDS):
            raise JavaException(
                "java.util.NoSuchElementException",
                "",
                frames=[
                    "java.util.Scanner.throwFor(Scanner.java:862)",
                    "java.util.Scanner.next(Scanner.java:1371)",
                    "org.jfet.batsHIIT.HIITMain.restoreSettings(HIITMain.java:211)",
                ],
            )
        state["fields"] = dict(zip(FIELDS, tokens[: len(FIELDS)], strict=True))
        time = _total_time(state["fields"])
        if time is not None:
            state["time"] = time

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            self._settle(ctx)

    # -- HIITMain handlers ------------------------------------------------------------------
    def _edit_field(self, key: str, ctx: AppContext, text: str) -> None:
        state = self._settle(ctx)
        state["fields"][key] = text
        time = _total_time(state["fields"])
        if time is not None:
            state["time"] = time

    def _edit_name(self, ctx: AppContext, text: str) -> None:
        self._settle(ctx)["sname"] = text

    def _save_settings(self, ctx: AppContext, state: dict[str, Any], name: str) -> None:
        ctx.data["prefs"][PREFIX + name] = ":".join(state["fields"][k] for k in FIELDS)

    def _go(self, ctx: AppContext) -> None:
        state = self._settle(ctx)
        parsed = {k: _parse_int(state["fields"][k]) for k in FIELDS}
        if any(v is None for v in parsed.values()):
            self._restore(state, ctx.data, LAST)
            return
        self._save_settings(ctx, state, LAST)
        ctx.start_activity(RUN, {k: max(v or 0, 1) for k, v in parsed.items()})

    def _save(self, ctx: AppContext) -> None:
        state = self._settle(ctx)
        if state["sname"]:
            self._save_settings(ctx, state, state["sname"])
        self._populate(state, ctx.data)

    def _selected(self, state: dict[str, Any], method: str, line: int) -> str:
        if not state["spinner"]:
            raise _on_click_failure(method, line)
        return str(state["spinner"][state["sel"]])

    def _load(self, ctx: AppContext) -> None:
        state = self._settle(ctx)
        name = self._selected(state, "loadButton", 231)
        state["sname"] = name
        self._restore(state, ctx.data, name)

    def _delete(self, ctx: AppContext) -> None:
        state = self._settle(ctx)
        name = self._selected(state, "delButton", 245)
        ctx.data["prefs"].pop(PREFIX + name, None)
        self._populate(state, ctx.data)

    def _open_dropdown(self, ctx: AppContext) -> None:
        state = self._settle(ctx)
        if state["spinner"]:
            state["dropdown"] = True

    def _choose(self, ctx: AppContext, index: int) -> None:
        state = self._settle(ctx)
        state["sel"] = index
        state["dropdown"] = False

    def _set(self, ctx: AppContext, **values: Any) -> None:
        self._settle(ctx).update(values)

    def _help(self, ctx: AppContext) -> None:
        self._set(ctx, menu=False, help=True)

    # -- HIITRun ----------------------------------------------------------------------------
    def _up(self, ctx: AppContext) -> None:
        # NavUtils.navigateUpFromSameTask: CLEAR_TOP finishes and re-creates HIITMain.
        ctx.memory["main_recreated"] = True
        ctx.finish()

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and "fields" in ctx.ui and ctx.ui.get("dropdown"):
            ctx.ui["dropdown"] = False
            return True
        return False

    # -- rendering --------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == RUN:
            return self._render_run(ctx)
        return self._render_main(ctx)

    def _render_run(self, ctx: AppContext) -> Screen:
        extras = ctx.extras
        bar = w.toolbar("HIIT!", navigation=w.up_button(self._up), rid="android:id/action_bar")
        page = w.linear_layout(
            [
                w.text_view("Rest!", height=200),
                w.text_view(str(extras.get("rest", 60)), "nSecondsRest", height=300),
                w.text_view("seconds remaining"),
                w.text_view(str(extras.get("block", 3)), "nBlocksRest", height=200),
                w.text_view("blocks remaining"),
            ],
            rid="hiitRunLayoutRest",
        )
        return Screen(content=w.linear_layout([bar, page]))

    def _field_row(self, state: dict[str, Any], key: str) -> View:
        return w.linear_layout(
            [
                View(cls="android.view.View", width=360, height=15),
                w.edit_text(
                    f"edit_{key}",
                    state["fields"][key],
                    functools.partial(self._edit_field, key),
                    width=360,
                ),
                w.text_view(LABELS[key]),
            ],
            horizontal=True,
            weight=0,
        )

    def _render_main(self, ctx: AppContext) -> Screen:
        state = self._main(ctx)
        bar = w.toolbar(
            "Bats! HIIT",
            actions=[w.overflow_button(lambda c: self._set(c, menu=True))],
            rid="android:id/action_bar",
        )
        names = state["spinner"]
        spin_children = (
            [w.text_view(str(names[state["sel"]]), "android:id/text1", height=126)] if names else []
        )
        spinner = View(
            cls="android.widget.Spinner",
            resource_id="spin_lName",
            height=126,
            on_click=self._open_dropdown,
            children=spin_children,
        )
        body = w.linear_layout(
            [
                *(self._field_row(state, key) for key in FIELDS),
                w.linear_layout(
                    [w.text_view("Workout time:"), w.text_view(state["time"], "hiit_time")],
                    horizontal=True,
                    weight=0,
                ),
                w.button(text="Go!", handler=self._go, height=200),
                View(cls="android.view.View", height=40),
                w.linear_layout(
                    [
                        w.edit_text("edit_sName", state["sname"], self._edit_name, hint="Save As…"),
                        w.button(text="Save", handler=self._save, width=270),
                    ],
                    horizontal=True,
                    weight=0,
                ),
                View(cls="android.view.View", height=40),
                w.linear_layout(
                    [
                        spinner,
                        w.linear_layout(
                            [
                                w.button(text="Load", handler=self._load),
                                w.button(text="Delete", handler=self._delete),
                            ],
                            width=270,
                            weight=0,
                        ),
                    ],
                    horizontal=True,
                    weight=0,
                ),
            ],
            rid="main_layout",
        )
        windows: list[Window] = []
        if state["menu"]:
            windows.append(
                w.menu_window(
                    [("Help", self._help)],
                    lambda c: self._set(c, menu=False),
                    title_rid="android:id/title",
                )
            )
        if state["dropdown"] and names:
            windows.append(
                w.spinner_dropdown(
                    [str(n) for n in names],
                    state["sel"],
                    self._choose,
                    lambda c: self._set(c, dropdown=False),
                )
            )
        if state["help"]:
            windows.append(
                w.confirm_dialog(
                    "Help",
                    HELP_MESSAGE,
                    ("OK", lambda c: self._set(c, help=False)),
                    None,
                    lambda c: self._set(c, help=False),
                )
            )
        return Screen(content=w.linear_layout([bar, body]), windows=windows)
