"""Logcat Reader (``com.dp.logcatapp``, darshanparajuli/LogcatReader) 1.7.2, for
LogcatReader#65.

A viewer of the device's live logcat: a foreground service (``LogcatService``) runs ``logcat``
and keeps the logs; the main screen ("Device Logs") lists them with their priority, tag,
message, date, time, PID and TID, and its overflow menu opens the Filters and Exclusions lists,
where the Add action's dialog saves keyword, tag, PID, TID and log-level filters in a Room
database.

Sources read at commit 4fe384d ("Fix exclusions bug when multiple log priorities are involved",
2021-03-13), the head of ``master`` when the report was filed (2022-04-26; versionName 1.7.2,
versionCode 33, the last release then); the report was closed in 2025 as fixed by the Compose
rewrite (v2.0.0), which shares no code with 1.7.2. Files read: ``SplashActivity`` (starts
``MainActivity`` and finishes), ``MainActivity`` (Back twice exits: "Press back again to exit",
then ``onDestroy`` stops ``LogcatService``), ``LogcatLiveFragment``, ``LogcatLiveViewModel``,
``MyRecyclerViewAdapter``, ``LogcatService``, ``Logcat`` (``postPendingLogs``,
``getLogsFiltered``: exclusions hide, every filter must match), ``FiltersActivity``,
``FiltersFragment``, ``FiltersViewModel``, ``FilterDialogFragment``, ``MyDB``, the layouts
``fragment_logcat_live(_list_item).xml``, ``filters_fragment(_list_item).xml``,
``filter_dialog.xml``, the menus ``logcat_live.xml``, ``main.xml``, ``filters.xml`` and
``strings.xml``.

Bug LogcatReader#65 (non-crash): the saved filters (and exclusions) are not applied to the live
list when the app is started again after exiting (which stops the logging service); the list
shows every log until the user opens the filter list and comes back, then it is filtered. In the
sources the fragment applies the saved filters to the service's ``Logcat`` only from the
observer of ``LogcatLiveViewModel.getFilters()``, fed by ``reloadFilters()`` from
``onServiceConnected``; on a cold start of the service the logs ``logcat`` dumps at once reach
the list before (or without) that reload taking effect, and only a later bind of the service (on
returning from another screen, ``onStop``/``onStart``) refilters the list with
``adapter.setItems(logcat.getLogsFiltered())``. The model writes that outcome: a bind to a
service that was just started shows the logs unfiltered, a bind to a running one filtered.

Fixed data: READ_LOGS is granted (as the app's instructions ask, with ``adb shell pm grant``),
so no permission dialog; the device's log buffer holds the twelve lines of ``LOGS``. Stubbed:
search (typing filters the shown rows by tag or message), pause and record (their icons toggle),
Save, Restart logcat (no effect), Saved logs and Settings (a title and Up), removing a filter
row, the copy and filter dialogs of a log row, the scroll FABs, ``SplashActivity`` (a
theme-only trampoline: the model launches ``MainActivity``). Uncertain: the root cause (the
sources show no single wrong line; the model reproduces what the reporter and a second user
saw); that the second Back must come within two seconds (the model accepts any second Back);
the subtitle of the toolbar (the log count); the list's position (the app scrolls to the newest
log, the model shows the list from its top).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.dp.logcatapp"
MAIN = ".activities.MainActivity"
FILTERS = ".activities.FiltersActivity"
OTHER = ".activities.SettingsActivity"  # Settings and Saved logs: stubs
# (priority, tag, message, pid, tid, time) of the device's log buffer.
LOGS = (
    (
        "I",
        "ActivityManager",
        "Start proc 2143:com.android.chrome/u0a88 for activity",
        "1021",
        "1043",
        "10:14:02.118",
    ),
    (
        "D",
        "WifiStateMachine",
        "Roaming: wlan0 SSID HomeNet rssi -61",
        "1021",
        "1198",
        "10:14:02.305",
    ),
    (
        "W",
        "chromium",
        "[WARNING:render_frame_host_impl.cc] Unload timeout",
        "2143",
        "2143",
        "10:14:02.917",
    ),
    (
        "I",
        "chatty",
        "uid=1000(system) Binder:1021_3 identical 4 lines",
        "1021",
        "1066",
        "10:14:03.002",
    ),
    ("E", "BluetoothAdapter", "Bluetooth binder is null", "2388", "2401", "10:14:03.450"),
    (
        "D",
        "ConnectivityService",
        "NetworkAgentInfo [WIFI () - 100] validation passed",
        "1021",
        "1187",
        "10:14:04.021",
    ),
    (
        "V",
        "AudioFlinger",
        "setParameters(): io 13, keyvalue routing=2",
        "612",
        "655",
        "10:14:04.377",
    ),
    (
        "I",
        "ActivityManager",
        "Displayed com.android.chrome/.Main: +412ms",
        "1021",
        "1049",
        "10:14:04.530",
    ),
    (
        "W",
        "PackageManager",
        "Failure retrieving resources for com.example.widget",
        "1021",
        "1021",
        "10:14:05.119",
    ),
    ("E", "AndroidRuntime", "FATAL EXCEPTION: main", "3317", "3317", "10:14:06.774"),
    ("D", "NetworkMonitor", "PROBE_DNS www.google.com 23ms OK", "1021", "3402", "10:14:07.010"),
    (
        "I",
        "ActivityManager",
        "Killing 3317:com.example.widget/u0a142 (adj 900): crash",
        "1021",
        "1043",
        "10:14:07.221",
    ),
)
DATE = "04-26"
KEYWORD, TAG, PID, TID, LOG_LEVELS = range(5)
TYPE_NAMES = ("Keyword", "Tag", "PID", "TID", "Log level")
LEVELS = (
    ("checkboxAssert", "Assert", "A"),
    ("checkboxDebug", "Debug", "D"),
    ("checkboxError", "Error", "E"),
    ("checkboxFatal", "Fatal", "F"),
    ("checkboxInfo", "Info", "I"),
    ("checkboxVerbose", "Verbose", "V"),
    ("checkboxWarning", "Warning", "W"),
)
FIELDS = (("keyword", "Keyword"), ("tag", "Tag"), ("pid", "PID"), ("tid", "TID"))
MENU = (
    ("Clear", "clear_action"),
    ("Filters", "filters_action"),
    ("Exclusions", "exclusions_action"),
    ("Save", "action_save"),
    ("Saved logs", "action_view_saved_logs"),
    ("Restart logcat", "action_restart_logcat"),
    ("Settings", "action_settings"),
)


def matches(log: tuple[str, ...], rule: dict[str, Any]) -> bool:
    """``LogcatLiveFragment.LogFilter.apply``."""
    priority, tag, msg, pid, tid, _ = log
    content = rule["content"]
    if not content:
        return True
    kind = rule["type"]
    if kind == LOG_LEVELS:
        return priority in content.split(",")
    value = {KEYWORD: msg, TAG: tag, PID: pid, TID: tid}[kind]
    return content.lower() in value.lower()


def passes(log: tuple[str, ...], rules: list[dict[str, Any]]) -> bool:
    """``Logcat.getLogsFiltered``: no exclusion matches and every filter does."""
    return not any(matches(log, r) for r in rules if r["exclude"]) and all(
        matches(log, r) for r in rules if not r["exclude"]
    )


def ignores_saved_filters(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of LogcatReader#65: the live list shows a log that the filters saved when
    the list was (re)filled hide."""
    return any(not passes(LOGS[i], data["live_rules"]) for i in data["live"])


def open_filters(title: str = "Filters") -> list[dict[str, Any]]:
    return [click(PACKAGE, desc="More options"), click(PACKAGE, "title", title)]


def add_tag_filter(tag: str = "ActivityManager", ok: str = "OK") -> list[dict[str, Any]]:
    """The Add action, a tag typed in the dialog, then OK (or Cancel)."""
    return [
        click(PACKAGE, "add_action", desc="Add"),
        input_text(PACKAGE, "tag", tag, cls="android.widget.EditText", hint="Tag"),
        click(PACKAGE, "android:id/button1" if ok == "OK" else "android:id/button2", ok),
    ]


UP = click(PACKAGE, desc="Navigate up")
BACK = {"kind": "press_back"}
RELAUNCH = click(PACKAGE, "", "Logcat Reader")


class LogcatReader(VirtualApp):
    """Logcat Reader 1.7.2: the live log list, the filter lists and the filter dialog."""

    name: ClassVar[str] = "LogcatReader"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Logcat Reader"
    version: ClassVar[str] = "1.7.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "LogcatReader#65",
            "non-crash",
            "Filters not applied directly after opening the app, only after opening the filter "
            "list",
            ignores_saved_filters,
            human_steps=(*open_filters(), *add_tag_filter(), UP, BACK, BACK, RELAUNCH),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"filters": [], "live": [], "live_rules": []}

    # -- the service and the live list ----------------------------------------------------------
    def _bind(self, ctx: AppContext) -> None:
        """``onServiceConnected``: the list gets the service's logs; the saved filters take
        effect only when the service was already running (the bug)."""
        cold = "service" not in ctx.memory
        if cold:
            ctx.memory["service"] = {"cleared": False, "paused": False}
        service = ctx.memory["service"]
        rules = [] if cold else ctx.data["filters"]
        shown = (
            [] if service["cleared"] else [i for i, log in enumerate(LOGS) if passes(log, rules)]
        )
        ctx.data["live"] = shown
        ctx.data["live_rules"] = [dict(r) for r in ctx.data["filters"]]

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            self._bind(ctx)

    def _return_to_main(self, ctx: AppContext) -> None:
        """A child screen finishes: the list's ``onStart`` binds the running service again."""
        ctx.finish()
        self._bind(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            if w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.ui, "searching"):
                ctx.ui["search"] = ""
                return True
            if not ctx.ui.get("can_exit"):
                ctx.ui["can_exit"] = True
                ctx.toast("Press back again to exit")
                return True
            # onDestroy with canExit: stopService(LogcatService).
            ctx.memory.pop("service", None)
            ctx.data["live"] = []
            return False
        if ctx.activity == FILTERS and (
            w.dismiss(ctx.ui, "dialog", None) or w.dismiss(ctx.ui, "menu")
        ):
            return True
        self._return_to_main(ctx)
        return True

    # -- main screen ----------------------------------------------------------------------------
    def _menu_item(self, ctx: AppContext, rid: str) -> None:
        ctx.ui["menu"] = False
        if rid == "clear_action":
            ctx.memory["service"]["cleared"] = True
            ctx.data["live"] = []
        elif rid in ("filters_action", "exclusions_action"):
            ctx.start_activity(FILTERS, {"exclusions": rid == "exclusions_action"})
        elif rid in ("action_view_saved_logs", "action_settings"):
            titles = {r: t for t, r in MENU}
            ctx.start_activity(OTHER, {"title": titles[rid]})

    def _toggle(self, ctx: AppContext, key: str) -> None:
        ctx.memory["service"][key] = not ctx.memory["service"].get(key)

    def _log_row(self, index: int) -> View:
        priority, tag, msg, pid, tid, time = LOGS[index]
        return w.relative_layout(
            [
                w.text_view(priority, "priority", width=80),
                w.text_view(tag, "tag"),
                w.text_view(msg, "message"),
                w.linear_layout(
                    [
                        w.text_view(DATE, "date"),
                        w.text_view(time, "time"),
                        w.text_view(pid, "pid"),
                        w.text_view(tid, "tid"),
                    ],
                    horizontal=True,
                ),
            ],
            rid="list_item_root",
            height=370,
            on_click=lambda c: None,
        )

    def _main(self, ctx: AppContext) -> Screen:
        service = ctx.memory.get("service", {})
        query = ctx.ui.get("search", "")
        shown = [
            i
            for i in ctx.data["live"]
            if not query or query.lower() in (LOGS[i][1] + " " + LOGS[i][2]).lower()
        ]
        if ctx.ui.get("searching"):
            title: str | View = w.edit_text(
                "search_src_text",
                query,
                lambda c, t: c.ui.update(search=t),
                hint="Search",
                cls="android.widget.AutoCompleteTextView",
            )
        else:
            texts = [w.text_view("Device Logs", height=80)]
            if len(shown) > 1:
                texts.append(w.text_view(str(len(shown)), height=60))
            title = w.linear_layout(texts, height=147)
        paused = bool(service.get("paused"))
        recording = bool(service.get("recording"))
        bar = w.toolbar(
            title,
            actions=[
                w.action_item(
                    "action_search", "Search", lambda c: c.ui.update(searching=True, search="")
                ),
                w.action_item(
                    "action_play_pause",
                    "Resume" if paused else "Pause",
                    w.bind(self._toggle, "paused"),
                ),
                w.action_item(
                    "action_record_toggle",
                    "Stop recording" if recording else "Start recording",
                    w.bind(self._toggle, "recording"),
                ),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
        )
        listing = w.list_view(
            [self._log_row(i) for i in shown],
            rid="recyclerView",
            cls="androidx.recyclerview.widget.RecyclerView",
            scroll_key="logs_scroll",
        )
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [(t, w.bind(self._menu_item, rid)) for t, rid in MENU],
                    lambda c: c.ui.update(menu=False),
                )
            )
        content = w.linear_layout(
            [
                w.linear_layout([bar], rid="toolbar_container", height=147),
                w.frame_layout([listing], rid="content_frame"),
            ]
        )
        return Screen(content=content, windows=windows)

    # -- filters screen -------------------------------------------------------------------------
    def _add_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"keyword": "", "tag": "", "pid": "", "tid": "", "levels": []}

    def _dialog_ok(self, ctx: AppContext) -> None:
        """``FiltersFragment.addFilter``: one row per non-empty field."""
        dialog = ctx.ui.pop("dialog")
        exclude = bool(ctx.extras.get("exclusions"))
        for kind, (key, _) in enumerate(FIELDS):
            if dialog[key].strip():
                ctx.data["filters"].append(
                    {"type": kind, "content": dialog[key].strip(), "exclude": exclude}
                )
        if dialog["levels"]:
            content = ",".join(sorted(dialog["levels"]))
            ctx.data["filters"].append({"type": LOG_LEVELS, "content": content, "exclude": exclude})

    def _field(self, ctx: AppContext, key: str, text: str) -> None:
        ctx.ui["dialog"][key] = text

    def _level(self, ctx: AppContext, letter: str) -> None:
        w.toggle(ctx.ui["dialog"]["levels"], letter)

    def _filter_dialog(self, ctx: AppContext, dialog: dict[str, Any], title: str) -> Window:
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        fields = [
            w.edit_text(key, dialog[key], self._text_handler(key), hint=hint)
            for key, hint in FIELDS
        ]
        boxes = [
            w.check_box(rid, text, letter in dialog["levels"], w.bind(self._level, letter))
            for rid, text, letter in LEVELS
        ]
        body = w.scroll_view(
            [w.linear_layout([*fields, *boxes], weight=0)],
            height=640,
            scrollable=True,
            scroll_key="dialog_scroll",
        )
        buttons = w.dialog_buttons(("OK", self._dialog_ok), ("Cancel", close))
        return w.alert_dialog(w.dialog_title(title), [body], buttons, close)

    def _text_handler(self, key: str) -> Any:
        def handler(ctx: AppContext, text: str) -> None:
            self._field(ctx, key, text)

        return handler

    def _filters(self, ctx: AppContext) -> Screen:
        exclusions = bool(ctx.extras.get("exclusions"))
        title = "Exclusions" if exclusions else "Filters"
        rules = [r for r in ctx.data["filters"] if r["exclude"] == exclusions]
        bar = w.toolbar(
            title,
            navigation=w.up_button(self._return_to_main),
            actions=[
                w.action_item("add_action", "Add", self._add_dialog),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
        )
        rows = [
            w.list_row(
                rule["content"],
                TYPE_NAMES[rule["type"]].upper(),
                title_rid="content",
                subtitle_rid="type",
                rid="listItemRoot",
                trailing=[w.image_button("removeFilterIcon", "", None, width=147)],
            )
            for rule in rules
        ]
        body: View = (
            w.list_view(rows, rid="recyclerView", cls="androidx.recyclerview.widget.RecyclerView")
            if rows
            else w.text_view("Empty", "textViewEmpty")
        )
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window([("Clear", self._clear_filters)], lambda c: c.ui.update(menu=False))
            )
        dialog = ctx.ui.get("dialog")
        if dialog:
            windows.append(
                self._filter_dialog(ctx, dialog, "Exclusion" if exclusions else "Filter")
            )
        return Screen(content=w.linear_layout([bar, body]), windows=windows)

    def _clear_filters(self, ctx: AppContext) -> None:
        exclusions = bool(ctx.extras.get("exclusions"))
        ctx.ui["menu"] = False
        ctx.data["filters"] = [r for r in ctx.data["filters"] if r["exclude"] != exclusions]

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == FILTERS:
            return self._filters(ctx)
        if ctx.activity == OTHER:
            title = str(ctx.extras.get("title", ""))
            bar = w.toolbar(title, navigation=w.up_button(self._return_to_main))
            return Screen(content=w.linear_layout([bar]))
        return self._main(ctx)


WRONG_SEQUENCES = {
    "LogcatReader#65": [
        # The filter added, no exit: the list is filtered on return.
        [*open_filters(), *add_tag_filter(), UP],
        # Exit and start again without a saved filter (the dialog cancelled).
        [*open_filters(), *add_tag_filter(ok="Cancel"), UP, BACK, BACK, RELAUNCH],
        # One Back only: the toast, the service keeps running.
        [*open_filters(), *add_tag_filter(), UP, BACK],
        # After the restart the filter list is opened and closed: filtered again.
        [*open_filters(), *add_tag_filter(), UP, BACK, BACK, RELAUNCH, *open_filters(), UP],
    ],
}
