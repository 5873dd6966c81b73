"""Daily Diary 1.2.1 (``com.voklen.daily_diary``), with bug Daily-Diary#11; 1.2.2 fixes it.

Daily Diary is a Flutter app (sources: github.com/Voklen/Daily-Diary, tag ``v1.2.1``,
``lib/screens/home.dart``, ``lib/storage.dart``): one ``.MainActivity`` whose pages are Flutter
routes. In a ``uiautomator`` dump Flutter's semantics show labels as ``content-desc`` on
``android.view.View`` nodes, buttons as ``android.widget.Button`` (the app bar's icon buttons have
no tooltip, so they are unlabelled, NAF), the text field as an ``android.widget.EditText`` with
its hint, and no resource-ids; the model renders it that way.

Pages (routes of the Navigator, ``ctx.ui["routes"]``):

- home: app bar "Daily Diary" with two unlabelled icon buttons, the list icon (Previous Entries)
  and the gear (Settings), then the day's entry: one multi-line text field, hint
  "Start typing…", filled from today's file ``<save path>/<yyyy-mm-dd>.txt`` when the page
  starts;
- Previous Entries: "Back", title "Previous Entries", one button per ``.txt`` file of the save
  folder, newest first, labelled with the date as ``DateFormat.yMMMd`` writes it ("Apr 3, 2023");
  a tap opens the view-only page (the date as title, a gear button, the file's text);
- Settings: "Back", "Settings" and the section labels (inert in the model).

The model's "today" is fixed at 2023-04-03 (the report's date), so the entry file is
``2023-04-03.txt``; the save folder starts empty.

Saving (1.2.1): the text typed is kept only in the page's ``TextEditingController`` (here
``ctx.ui["text"]``); it is written to the file when the app goes to the ``paused`` lifecycle
state (``didChangeAppLifecycleState``), which on Home completes normally. The bug: pressing Back
on the home page closes the app (the root route is popped and the activity finishes); the
``paused`` callback then starts ``File.writeAsString``, which truncates the file, and the engine
is torn down before the write finishes, so the day's file is left empty and the entry is gone when
the app is opened again (the maintainer's analysis in commit 3ec14f2). The oracle: a save of
non-empty text was cut off this way and the day's file is empty. 1.2.2 saves (and waits) before
popping, and no longer saves from the lifecycle callback while exiting.

Not modelled: the desktop-only quit handler, Ctrl-S, the settings' effects.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import Screen, View

PACKAGE = "com.voklen.daily_diary"
MAIN = ".MainActivity"
TODAY = "2023-04-03"
HINT = "Start typing\u2026"
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
ENTRY = "Went for a long walk by the river and finished my book."


def human_date(iso: str) -> str:
    """``DateFormat.yMMMd()`` in English: ``2023-04-03`` -> ``Apr 3, 2023``."""
    year, month, day = iso.split("-")
    return f"{MONTHS[int(month) - 1]} {int(day)}, {year}"


def _oracle_11(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Daily-Diary#11: exiting with Back cut off the save of a non-empty entry,
    leaving today's file empty."""
    return bool(data.get("cut_off_saves")) and data["files"].get(TODAY) == ""


_TYPE = input_text(PACKAGE, "", ENTRY, hint=HINT)
_BACK = {"kind": "press_back"}

BUG_11 = BugSpec(
    bug_id="Daily-Diary#11",
    kind="non-crash",
    title="Entries are gone when I restart the app",
    oracle=_oracle_11,
    human_steps=(
        _TYPE,
        _BACK,  # hides the soft keyboard
        _BACK,  # closes the app
        {"kind": "restart_app"},
    ),
)


def _bar(title: str, leading: list[View], actions: list[View]) -> View:
    """A Flutter AppBar: the leading button, the title label, the action buttons."""
    return View(
        cls="android.view.View",
        layout="horizontal",
        height=w.TOOLBAR_HEIGHT,
        style="toolbar",
        children=[*leading, w.flutter_text(title, height=w.TOOLBAR_HEIGHT), *actions],
    )


def _icon_button(handler: Any) -> View:
    """An ``IconButton`` without a tooltip: an unlabelled (NAF) Button."""
    return View(cls="android.widget.Button", on_click=handler, width=147, naf=True)


class DailyDiary121(VirtualApp):
    """Daily Diary 1.2.1 (see the module docstring)."""

    name: ClassVar[str] = "Daily-Diary"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Daily Diary"
    version: ClassVar[str] = "1.2.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_11,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "files": {},  # the save folder: "yyyy-mm-dd" -> the file's text
            "cut_off_saves": [],  # ground truth: texts whose save was cut off on exit
        }

    # -- lifecycle -------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("routes", [{"page": "home"}])
        # initState: widget.storage.readFile() fills the controller.
        ctx.ui.setdefault("text", ctx.data["files"].get(TODAY, ""))

    def on_activity_stop(self, ctx: AppContext) -> None:
        # AppLifecycleState.paused: _updateStorage() runs to the end while the process lives.
        self._write(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if w.pop_back_stack(ctx.ui["routes"]):
            return True
        self._exit(ctx)
        return False  # the root route is popped: the activity finishes

    def _write(self, ctx: AppContext) -> None:
        ctx.data["files"][TODAY] = ctx.ui["text"]

    def _exit(self, ctx: AppContext) -> None:
        """Back on the home page: ``paused`` starts ``writeAsString``, which truncates the file,
        and the engine is destroyed before the text is written."""
        text = ctx.ui["text"]
        ctx.data["files"][TODAY] = ""
        if text:
            ctx.data["cut_off_saves"].append(text)
        ctx.log("flutter", "AppLifecycleState.paused: saving entry " + TODAY)

    # -- handlers ----------------------------------------------------------------------------------
    def _type(self, ctx: AppContext, text: str) -> None:
        ctx.ui["text"] = text

    def _push(self, ctx: AppContext, page: str, **extra: Any) -> None:
        ctx.ui["routes"].append({"page": page, **extra})

    def _pop(self, ctx: AppContext) -> None:
        w.pop_back_stack(ctx.ui["routes"])

    # -- rendering -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        route = ctx.ui["routes"][-1]
        page = route["page"]
        if page == "previous":
            return self._render_previous(ctx)
        if page == "view":
            return self._render_view(ctx, route["date"])
        if page == "settings":
            return self._render_settings()
        return self._render_home(ctx)

    def _back(self) -> View:
        return w.flutter_button("Back", self._pop, width=147)

    def _render_home(self, ctx: AppContext) -> Screen:
        bar = _bar(
            "Daily Diary",
            [],
            [
                _icon_button(w.bind(self._push, "previous")),
                _icon_button(w.bind(self._push, "settings")),
            ],
        )
        field = w.edit_text(
            "",
            ctx.ui["text"],
            self._type,
            hint=HINT,
            extra={"multiline": True},
            height=1500,
            padding=32,
        )
        return Screen(content=w.frame_layout([w.linear_layout([bar, field])]))

    def _render_previous(self, ctx: AppContext) -> Screen:
        dates = sorted(ctx.data["files"], reverse=True)
        rows = [
            w.flutter_button(
                human_date(d), w.bind(self._push, "view", date=d), height=126, weight=0
            )
            for d in dates
        ]
        listing = View(
            cls="android.view.View", scrollable=bool(rows), scroll_key="list_scroll", children=rows
        )
        bar = _bar("Previous Entries", [self._back()], [])
        return Screen(content=w.frame_layout([w.linear_layout([bar, listing])]))

    def _render_view(self, ctx: AppContext, date: str) -> Screen:
        bar = _bar(human_date(date), [self._back()], [_icon_button(w.bind(self._push, "settings"))])
        text = ctx.data["files"].get(date, "")
        body = [w.flutter_text(text, weight=0, height=300)] if text else []
        return Screen(content=w.frame_layout([w.linear_layout([bar, *body, View()])]))

    def _render_settings(self) -> Screen:
        labels = [
            "Theme:",
            "Light",
            "System",
            "Dark",
            "Check spelling:",
            "Font size:",
            "App color scheme:",
            "Change folder",
        ]
        body = [w.flutter_text(label, height=120, weight=0) for label in labels]
        bar = _bar("Settings", [self._back()], [])
        return Screen(content=w.frame_layout([w.linear_layout([bar, *body, View()])]))


class DailyDiary122(DailyDiary121):
    """Daily Diary 1.2.2: Back saves the entry and waits for the write before popping."""

    version: ClassVar[str] = "1.2.2"
    bugs: ClassVar[tuple[BugSpec, ...]] = ()

    def _exit(self, ctx: AppContext) -> None:
        self._write(ctx)


def _leave_and_return() -> dict[str, Any]:
    return {"kind": "leave_and_return"}


WRONG_SEQUENCES = {
    "Daily-Diary#11": (
        # Home instead of Back: the paused save completes.
        (_TYPE, _BACK, _leave_and_return(), {"kind": "restart_app"}),
        # Back only hides the keyboard and pops the Previous Entries page; the app stays open.
        (
            _TYPE,
            _BACK,
            click(PACKAGE, cls="android.widget.Button", bounds=[786, 63, 933, 210]),
            _BACK,
            _leave_and_return(),
        ),
        # Closing with Back before typing anything: nothing to lose.
        (_BACK, {"kind": "restart_app"}, _TYPE),
    ),
}
