"""Transistor (y20k/transistor) 3.0.5, package ``org.y20k.transistor``: a radio app.

Source read: tag v3.0.5, commit 9d62957a62104060219b892950ba1dff423574b7 (2018-04-11,
``versionName = '3.0.5'``); the fix is ab38b661 ("fixes crash describes in #179", v3.0.6).
Screens: ``fragment_main.xml`` (the ``list_recyclerview`` of ``list_item_station`` rows and the
footer row ``list_item_add_new`` "Add a new station"; ``fragment_main_onboarding.xml`` "Get
started" / "Transistor" / "Radio App" while the collection is empty; the player sheet, shown
here once a station is tapped), ``dialog_add_station.xml`` (``DialogAdd``: "Add new station",
the ``dialog_add_station_input`` field "Paste streaming link", the how-to text, Cancel/Add),
``dialog_add_choose_stream.xml`` (``DialogAddChooseStream``: "Multiple streams found", "Please
select a stream", the ``dialog_add_choose_stream_spinner`` of ``list_item_select_station``
entries, Cancel/Select) and ``dialog_error.xml`` (``DialogError``). No toolbar
(``Theme.AppCompat.DayNight.NoActionBar``); no permission is asked on start.

Bug transistor#179 (crash): ``StationFetcher`` downloads the link; ``Station.parse`` collects
the stream URLs (lines starting with ``http``) and the names (``#EXTINF:-1,`` lines, PLS
``TitleN=``). With more than one URL it returns CONTAINS_MULTIPLE_STREAMS and
``DialogAddChooseStream.show`` lets the user choose; its Select button
(``DialogAddChooseStream$2.onClick``, line 84) reads ``stationNames.get(mStationSelectionId)``.
An M3U playlist listing several streams without ``#EXTINF`` names leaves ``stationNames`` empty:
IndexOutOfBoundsException. v3.0.6 reads the name only when there is one.

Network content replaced by fixed data (uncertain: the real files of 2018 are not known):
``http://stream.srg-ssr.ch/couleur3/mp3_128.m3u`` (the report's link) answers
``audio/x-mpegurl`` with two stream URLs and no ``#EXTINF`` line, which is what the fix
addresses; ``http://stream.srg-ssr.ch/m/couleur3/mp3_128`` answers ``audio/mpeg`` (a raw
stream: one station, named from the link as ``Station.getStationName`` does); any other link
fails to download ("Download Issue") and text that is no link gives the default error. The
fetch (an AsyncTask) completes at once here; the "Download started." toast is shown.
Stubbed: playback (a tap on a station shows the player sheet with its name and link), the
station context menu, sleep timer, image picking, the other stations' details.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "org.y20k.transistor"
MAIN = ".MainActivity"

COULEUR3_M3U = "http://stream.srg-ssr.ch/couleur3/mp3_128.m3u"
RAW_STREAM = "http://stream.srg-ssr.ch/m/couleur3/mp3_128"
# link -> (content type, body): what the network answers here
NETWORK: dict[str, tuple[str, str]] = {
    COULEUR3_M3U: (
        "audio/x-mpegurl",
        "http://stream.srg-ssr.ch/m/couleur3/mp3_128\n"
        "http://stream.srg-ssr.ch/couleur3/mp3_128.mp3\n",
    ),
    RAW_STREAM: ("audio/mpeg", ""),
}
PLAYLIST_TYPES = (
    "audio/x-mpegurl",
    "audio/mpegurl",
    "application/x-mpegurl",
    "audio/x-scpls",
    "application/pls+xml",
)

HOWTO = (
    "You can add raw audio streams encoded in MP3, AAC and Ogg/Opus as well as streams "
    "encapsulated in PLS or M3U files. Alternatively you can add new stations by tapping on "
    "streaming links (.pls or .m3u) in your web browser."
)

IOOBE_FRAMES = [
    "jdk.internal.util.Preconditions.outOfBounds(Preconditions.java:64)",
    "jdk.internal.util.Preconditions.outOfBoundsCheckIndex(Preconditions.java:70)",
    "jdk.internal.util.Preconditions.checkIndex(Preconditions.java:248)",
    "java.util.Objects.checkIndex(Objects.java:372)",
    "java.util.ArrayList.get(ArrayList.java:459)",
    "org.y20k.transistor.helpers.DialogAddChooseStream$2.onClick(DialogAddChooseStream.java:84)",
    "com.android.internal.app.AlertController$ButtonHandler.handleMessage(AlertController.java:177)",
    "android.os.Handler.dispatchMessage(Handler.java:106)",
    "android.os.Looper.loop(Looper.java:223)",
    "android.app.ActivityThread.main(ActivityThread.java:7656)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:592)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)",
]

ADD_NEW = click(PACKAGE, "list_item_add_new")
ADD = click(PACKAGE, "android:id/button1", "Add")
SELECT = click(PACKAGE, "android:id/button1", "Select")


def _link(url: str) -> dict[str, Any]:
    return input_text(PACKAGE, "dialog_add_station_input", url, hint="Paste streaming link")


BUG_179 = BugSpec(
    "transistor#179",
    "crash",
    "App crash when adding a station",
    crash_oracle(PACKAGE, "java.lang.IndexOutOfBoundsException"),
    human_steps=(ADD_NEW, _link(COULEUR3_M3U), ADD, SELECT),
)

WRONG_SEQUENCES = {
    "transistor#179": [
        # the playlist fetched, the choice cancelled
        [ADD_NEW, _link(COULEUR3_M3U), ADD, click(PACKAGE, "android:id/button2", "Cancel")],
        # a raw stream link: one stream, added without a choice
        [ADD_NEW, _link(RAW_STREAM), ADD],
        # the link typed, then Cancel instead of Add
        [ADD_NEW, _link(COULEUR3_M3U), click(PACKAGE, "android:id/button2", "Cancel")],
        # a link that does not download
        [
            ADD_NEW,
            _link("http://stream.srg-ssr.ch/couleur3/mp3_128.pls"),
            ADD,
            click(PACKAGE, "android:id/button1", "Okay"),
        ],
    ],
}


def _dialog(body: list[View], buttons: list[View], on_dismiss: Any) -> Window:
    """An AlertDialog built on the app's own view (no framework title)."""
    return w.alert_dialog(View(cls="android.view.View", height=0), body, buttons, on_dismiss)


def _station_name(url: str) -> str:
    """``Station.getStationName``: the link's last segment up to its last dot, else the link."""
    start = url.rfind("/") + 1
    end = url.rfind(".")
    return url[start:end] if start < end else url


def _parse(body: str) -> tuple[list[str], list[str]]:
    """``Station.parse``: the stream URLs and the names a playlist lists."""
    uris: list[str] = []
    names: list[str] = []
    for line in body.splitlines():
        if "#EXTINF:-1," in line:
            names.append(line[11:].strip())
        elif line.startswith("http"):
            uris.append(line.strip())
        elif line.startswith("Title") and "=" in line and line[5:].split("=")[0].isdigit():
            names.append(line[line.index("=") + 1 :].strip())
        elif line.startswith("File") and "=http" in line and line[4:].split("=")[0].isdigit():
            uris.append(line[line.index("=") + 1 :].strip())
    return uris, names


class Transistor305(VirtualApp):
    """Transistor 3.0.5 (see the module docstring)."""

    name: ClassVar[str] = "transistor"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Transistor"
    version: ClassVar[str] = "3.0.5"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_179,)

    def initial_data(self) -> dict[str, Any]:
        # the collection folder's stations: name and stream link
        return {"stations": []}

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "dropdown") or w.dismiss(ctx.ui, "dialog", None)

    # -- adding a station ----------------------------------------------------------------------
    def _open_add(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"kind": "add", "input": ""}

    def _add(self, ctx: AppContext) -> None:
        """DialogAdd's Add: ``StationFetcher`` with the trimmed input and no name."""
        typed = str(ctx.ui["dialog"]["input"]).strip()
        ctx.ui["dialog"] = None
        self._fetch(ctx, typed, None)

    def _fetch(self, ctx: AppContext, url: str, name: str | None) -> None:
        scheme = url.split(":", 1)[0] if ":" in url else ""
        if not scheme.startswith("http"):
            ctx.ui["dialog"] = {
                "kind": "error",
                "title": "Error",
                "message": "An error occurred",
                "details": "No details available",
            }
            return
        ctx.toast("Download started.")
        answer = NETWORK.get(url)
        if answer is not None and answer[0] in PLAYLIST_TYPES:
            uris, names = _parse(answer[1])
            if len(uris) > 1:
                ctx.ui["dialog"] = {"kind": "choose", "uris": uris, "names": names}
                return
            if len(uris) == 1:
                station = names[0] if names else _station_name(url)
                self._store(ctx, name or station, uris[0])
                return
        elif answer is not None and answer[0].startswith("audio/"):
            self._store(ctx, name or _station_name(url), url)
            return
        ctx.ui["dialog"] = {
            "kind": "error",
            "title": "Download Issue",
            "message": "Transistor tried hard but could not make sense of the link.",
            "details": f"Station URL:\n{url}",
        }

    def _store(self, ctx: AppContext, name: str, stream: str) -> None:
        """``MainActivity.handleStationAdd``: the station joins the collection."""
        ctx.data["stations"].append({"name": name, "stream": stream})

    def _select_stream(self, ctx: AppContext) -> None:
        """``DialogAddChooseStream$2.onClick``: the chosen stream's name, then its link."""
        dialog = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        chosen = int(ctx.memory.get("selection_id", 0))  # a static field
        names, uris = dialog["names"], dialog["uris"]
        if chosen >= len(names):
            raise JavaException(
                "java.lang.IndexOutOfBoundsException",
                f"Index {chosen} out of bounds for length {len(names)}",
                IOOBE_FRAMES,
            )
        self._fetch(ctx, uris[chosen], names[chosen])

    def _choose(self, ctx: AppContext, index: int) -> None:
        ctx.memory["selection_id"] = index
        ctx.ui["dropdown"] = False

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        stations = ctx.data["stations"]
        rows: list[View] = [
            w.linear_layout(
                [
                    w.image_view("list_item_station_icon", "Icon of radio station", width=168),
                    w.text_view(
                        str(s["name"]), "list_item_textview", content_desc="Name of radio station"
                    ),
                ],
                horizontal=True,
                height=200,
                on_click=w.bind(lambda c, i: c.ui.update(playing=i), i),
            )
            for i, s in enumerate(stations)
        ]
        rows.append(
            View(
                cls="android.view.ViewGroup",
                resource_id="list_item_add_new",
                height=200,
                on_click=self._open_add,
                children=[w.text_view("Add a new station", "textView", height=200)],
            )
        )
        body: list[View] = [
            View(
                cls="android.support.v4.widget.SwipeRefreshLayout",
                resource_id="swipeRefreshLayout",
                weight=0,
                children=[
                    View(
                        cls="android.support.v7.widget.RecyclerView",
                        resource_id="list_recyclerview",
                        weight=0,
                        children=rows,
                    )
                ],
            )
        ]
        playing = ctx.ui.get("playing")
        if not stations:
            body.append(self._onboarding())
        elif playing is not None and playing < len(stations):
            station = stations[playing]
            body.append(w.frame_layout())
            body.append(
                w.linear_layout(
                    [
                        w.text_view(str(station["name"]), "player_station_name"),
                        w.text_view(str(station["stream"]), "player_sheet_p_stream_url"),
                    ],
                    rid="player_sheet",
                    height=300,
                )
            )
        content = View(
            cls="android.support.design.widget.CoordinatorLayout",
            resource_id="main_container",
            children=[w.linear_layout(body)],
        )
        return Screen(content=content, windows=self._windows(ctx))

    def _onboarding(self) -> View:
        arrow = "Arrow facing upward"
        return w.linear_layout(
            [
                w.text_view("Get started", "onboarding_headline"),
                w.linear_layout(
                    [
                        w.image_view("arrow_left", arrow),
                        w.frame_layout(),
                        w.image_view("arrow_right", arrow),
                    ],
                    horizontal=True,
                    height=147,
                ),
                w.image_view("app_icon", "App icon depicting an old radio", height=400),
                w.text_view("Transistor", "app_name"),
                w.text_view("Radio App", "app_description"),
                w.text_view("It started out with butterflies", "rodriguez_quote_1"),
                w.text_view("On a velvet afternoon", "rodriguez_quote_2"),
            ],
            rid="onboarding_layout",
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui.get("dialog")
        if not dialog:
            return []
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        kind = dialog["kind"]
        if kind == "add":
            field = w.edit_text(
                "dialog_add_station_input",
                str(dialog["input"]),
                lambda c, t: c.ui["dialog"].update(input=t),
                hint="Paste streaming link",
            )
            body = [
                w.text_view("Add new station", "dialog_add_station_message"),
                field,
                w.text_view(HOWTO, "dialog_add_station_howto", height=330),
            ]
            buttons = w.dialog_buttons(("Add", self._add), ("Cancel", close))
            return [_dialog(body, buttons, close)]
        if kind == "choose":
            chosen = int(ctx.memory.get("selection_id", 0))
            uris, names = dialog["uris"], dialog["names"]
            if chosen >= len(uris):
                chosen = 0
            spinner = View(
                cls="android.widget.Spinner",
                resource_id="dialog_add_choose_stream_spinner",
                content_desc="Dropdown menu that hold a selection of streams",
                height=220,
                on_click=lambda c: c.ui.update(dropdown=True),
                children=[self._stream_item(names, uris, chosen)],
            )
            body = [
                w.text_view("Multiple streams found", "dialog_rename_station_heading"),
                w.text_view("Please select a stream", "dialog_rename_station_message"),
                spinner,
            ]
            buttons = w.dialog_buttons(("Select", self._select_stream), ("Cancel", close))
            windows = [
                w.alert_dialog(View(cls="android.view.View", height=0), body, buttons, close)
            ]
            if ctx.ui.get("dropdown"):
                items = [
                    w.linear_layout(
                        [self._stream_item(names, uris, i)],
                        height=220,
                        on_click=w.bind(self._choose, i),
                    )
                    for i in range(len(uris))
                ]
                windows.append(
                    Window(
                        root=View(cls="android.widget.ListView", weight=0, children=items),
                        kind="menu",
                        on_dismiss=lambda c: c.ui.update(dropdown=False),
                    )
                )
            return windows
        # DialogError
        shown = bool(dialog.get("shown"))
        body = [
            w.text_view(str(dialog["title"]), "dialog_error_title"),
            w.text_view(str(dialog["message"]), "dialog_error_message"),
            w.text_view(
                "Show details",
                "dialog_error_details_link",
                on_click=lambda c: c.ui["dialog"].update(shown=not c.ui["dialog"].get("shown")),
            ),
        ]
        if shown:
            body.append(w.text_view(str(dialog["details"]), "dialog_error_details", height=300))
        buttons = w.dialog_buttons(("Okay", close))
        return [_dialog(body, buttons, close)]

    def _stream_item(self, names: list[str], uris: list[str], i: int) -> View:
        """``list_item_select_station``: the stream's name ("" without one) and link."""
        return w.linear_layout(
            [
                w.text_view(
                    names[i] if i < len(names) else "",
                    "select_station_name",
                    content_desc="Name of radio station",
                ),
                w.text_view(
                    uris[i],
                    "select_station_url",
                    content_desc="Streaming link of selected radio station",
                ),
            ],
            height=220,
        )
