"""GPSLogger (``com.mendhak.gpslogger``, mendhak/gpslogger) version 57, for gpslogger#294.

A GPS logger: the main screen (its "Simple View" with the Start Logging button, a bottom
toolbar of actions) and a navigation drawer opening one settings screen per topic (General
Options, Logging details, Performance, the upload targets Google Drive, Dropbox, Email, FTP,
OpenGTS, OpenStreetMap), each a ``MainPreferenceActivity`` hosting one preference fragment.

Modelled from the sources at tag ``v57`` (commit ``2336e7b``, 17 Mar 2015, the reporter's
version): ``AndroidManifest.xml`` (targetSdk 19: no runtime permission is asked),
``GpsMainActivity.java`` (the toolbar with the drawer toggle, the view spinner and the help
button; the drawer's items; the bottom toolbar's menu ``res/menu/gps_main.xml``),
``res/layout/activity_gps_main.xml``, ``fragment_simple_view.xml``,
``MainPreferenceActivity.java`` (Back and the up arrow leave only when the fragment's
``IsValid()`` holds, else ``Utilities.MsgBox`` shows "Invalid values"),
``common/PreferenceValidationFragment.java``, ``senders/opengts/OpenGTSFragment.java``,
``res/xml/opengtssettings.xml``, ``senders/email/AutoEmailFragment.java`` and
``senders/ftp/AutoFtpFragment.java`` (both valid while their "Allow auto sending" is off),
``res/values/strings.xml`` and ``arrays.xml``; and the fix, commit ``0f8f6b5`` ("Wasn't checking
OpenGTS validation properly", version 59).

The bug (gpslogger#294, non-crash): ``OpenGTSFragment.IsFormValid()`` requires a server, a
numeric port, a communication method, a device ID and a valid URL even when OpenGTS's "Allow auto
sending" is off (the fix returns true first when it is off). On a fresh install those fields are
empty, so Back and the up arrow on the OpenGTS screen only show the "Invalid values" message
and the user cannot leave the screen. The oracle reads the model's record of a Back or up
arrow refused on the OpenGTS screen while auto sending to OpenGTS is off.

First run: the main screen, nothing asked. Stubbed: logging (Start Logging toggles its label
only; no location is shown), the bottom toolbar's actions and the view spinner do nothing; the
help button and "Help and FAQ" open a screen with only a toolbar; the settings screens other than
OpenGTS show only their title (Email and FTP are valid, so they are left normally); OpenGTS's
"Communication Method" list is not opened (its default value "0" counts as set). Uncertain: the
resource ids of the drawer library's (heinrichreimer materialdrawer 1.4.2) rows and of
material-dialogs 0.6.3.1's views (taken as ``title``, ``content``, ``buttonDefaultPositive``
and ``buttonDefaultNegative``), and how its custom views dump (as their framework classes).
"""

from __future__ import annotations

from typing import Any, ClassVar
from urllib.parse import urlsplit

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.mendhak.gpslogger"
MAIN = ".GpsMainActivity"
PREFS = ".MainPreferenceActivity"
FAQ = ".Faqtivity"
TOOLBAR_CLS = "android.view.ViewGroup"

OPENGTS = "OpenGTSFragment"
# Drawer rows: (id, title, summary, the preference fragment or activity it opens).
DRAWER: tuple[tuple[int, str, str, str], ...] = (
    (0, "General Options", "Startup and display options", "GeneralSettingsFragment"),
    (1, "Logging details", "File types, creation and naming", "LoggingSettingsFragment"),
    (2, "Performance", "Timings, filters and listeners", "PerformanceSettingsFragment"),
    (3, "Auto send, email and upload", "Email, share and upload options", "UploadSettingsFragment"),
    (4, "Google Drive", "", "GDocsSettingsFragment"),
    (5, "Dropbox", "", "DropBoxAuthorizationFragment"),
    (6, "Email", "", "AutoEmailFragment"),
    (7, "FTP", "", "AutoFtpFragment"),
    (8, "OpenGTS", "", OPENGTS),
    (9, "OpenStreetMap", "", "OSMAuthorizationFragment"),
    (10, "Help and FAQ", "", FAQ),
    (11, "Exit", "", ""),
)
# MainPreferenceActivity's title per fragment.
TITLES = {
    "GeneralSettingsFragment": "GPSLogger Settings",
    "LoggingSettingsFragment": "Logging details",
    "PerformanceSettingsFragment": "Performance",
    "UploadSettingsFragment": "Upload settings",
    "GDocsSettingsFragment": "Google Drive",
    "DropBoxAuthorizationFragment": "Dropbox",
    "AutoEmailFragment": "Email",
    "AutoFtpFragment": "FTP",
    OPENGTS: "OpenGTS",
    "OSMAuthorizationFragment": "OpenStreetMap",
}
# OpenGTS's text preferences: (key, title, summary); each opens a dialog titled by its title.
GTS_FIELDS: tuple[tuple[str, str, str], ...] = (
    ("opengts_server", "Server", "Hostname or IP"),
    ("opengts_server_port", "Port", ""),
    (
        "autoopengts_server_path",
        "Server Path",
        "Optional and only for HTTP-based communication. For example '/gprmc/Data'",
    ),
    ("opengts_accountname", "Account name", ""),
    ("opengts_device_id", "Device ID", ""),
)
INVALID = "Invalid values"
INVALID_TEXT = "Please ensure that all of the fields have been filled in properly"
STATS = (
    ("simpleview_imgSatelliteCount", "Satellites:", "simpleview_txtSatelliteCount"),
    ("simpleview_imgAccuracy", "Accuracy:", "simpleview_txtAccuracy"),
    ("simpleview_imgAltitude", "Altitude:", "simpleview_txtAltitude"),
    ("simpleview_imgDuration", "Duration:", "simpleview_txtDuration"),
    ("simpleview_imgDirection", "Direction:", "simpleview_txtDirection"),
    ("simpleview_imgSpeed", "Speed:", "simpleview_txtSpeed"),
    ("simpleview_distance", "Travelled:", "simpleview_txtDistance"),
    ("simpleview_points", "Number of points", "simpleview_txtPoints"),
)


def left_opengts_refused(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of gpslogger#294: Back or the up arrow on the OpenGTS screen was refused
    ("Invalid values") while auto sending to OpenGTS was off."""
    return bool(data["refused_while_disabled"])


# -- steps -------------------------------------------------------------------------------------
DRAWER_TOGGLE = click(PACKAGE, desc="Open navigation drawer")
BACK = {"kind": "press_back"}
UP = click(PACKAGE, desc=w.NAVIGATE_UP)


def _drawer(title: str) -> dict[str, Any]:
    return click(PACKAGE, text=title)


def _fill(title: str, typed: str) -> list[dict[str, Any]]:
    return [
        click(PACKAGE, "android:id/title", title),
        input_text(PACKAGE, "android:id/edit", typed),
        click(PACKAGE, "buttonDefaultPositive", "OK"),
    ]


BUG_294 = BugSpec(
    "gpslogger#294",
    "non-crash",
    "Settings OpenGTS",
    left_opengts_refused,
    human_steps=(DRAWER_TOGGLE, _drawer("OpenGTS"), BACK),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "gpslogger#294": [
        # The Email screen (also a validated form) is left normally while its sending is off.
        [DRAWER_TOGGLE, _drawer("Email"), BACK],
        # FTP likewise, with the up arrow.
        [DRAWER_TOGGLE, _drawer("FTP"), UP],
        # The OpenGTS screen is opened but not left.
        [DRAWER_TOGGLE, _drawer("OpenGTS")],
        # Every required OpenGTS field is filled in first: Back leaves.
        [
            DRAWER_TOGGLE,
            _drawer("OpenGTS"),
            *_fill("Server", "demo.opengts.org"),
            *_fill("Port", "8080"),
            *_fill("Device ID", "phone1"),
            BACK,
        ],
    ],
}


class GPSLogger57(VirtualApp):
    """GPSLogger version 57 (see the module docstring)."""

    name: ClassVar[str] = "gpslogger"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "GPSLogger"
    version: ClassVar[str] = "57"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_294,)

    def initial_data(self) -> dict[str, Any]:
        gts: dict[str, Any] = {key: None for key, _, _ in GTS_FIELDS}
        gts.update(autoopengts_enabled=False, opengts_server_communication_method="0")
        return {"opengts": gts, "logging": False, "refused_while_disabled": False}

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("drawer", False)
        ctx.ui.setdefault("dialog", None)  # "invalid" | an OpenGTS text key being edited
        ctx.ui.setdefault("typed", "")

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            return w.dismiss(ctx.ui, "drawer")
        if ctx.activity == PREFS:
            return not self._may_leave(ctx)
        return False

    # -- main screen ---------------------------------------------------------------------------
    def _drawer_item(self, ctx: AppContext, target: str) -> None:
        ctx.ui["drawer"] = False
        if target == FAQ:
            ctx.start_activity(FAQ)
        elif target:
            ctx.start_activity(PREFS, {"preference_fragment": target})
        else:
            ctx.finish()  # Exit

    def _toggle_logging(self, ctx: AppContext) -> None:
        ctx.data["logging"] = not ctx.data["logging"]

    def _main(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            w.spinner("", "Simple View", None, height=w.TOOLBAR_HEIGHT),
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
            actions=[
                View(cls="android.widget.ProgressBar", width=66),
                w.image_view("notification_bulb", width=79),
                w.image_button(
                    "imgHelp", "Frequently asked questions", lambda c: c.start_activity(FAQ)
                ),
            ],
            cls=TOOLBAR_CLS,
        )
        label = "Stop Logging" if ctx.data["logging"] else "Start Logging"
        stats = [
            w.linear_layout(
                [w.image_view(img, desc, width=140), w.text_view("", txt)],
                horizontal=True,
                height=120,
            )
            for img, desc, txt in STATS
        ]
        simple = w.scroll_view(
            [
                w.relative_layout(
                    [
                        w.edit_text("simple_lat_text", "", None, focusable=False),
                        w.button("btnActionProcess", label, self._toggle_logging, width=630),
                        *stats,
                    ]
                )
            ]
        )
        actions = [
            w.action_item("mnuAnnotate", "Annotate", None, width=270),
            w.action_item("mnuOnePoint", "Log one point", None, width=270),
            w.action_item("mnuUpload", "Upload", None, width=270),
            w.action_item("mnuShare", "Share", None, width=270),
        ]
        bottom = View(
            cls=TOOLBAR_CLS,
            resource_id="toolbarBottom",
            layout=HORIZONTAL,
            height=w.TOOLBAR_HEIGHT,
            style="toolbar",
            children=actions,
        )
        content = w.frame_layout(
            [w.linear_layout([bar, w.frame_layout([simple], rid="container"), bottom])],
            rid="supercontainer",
        )
        drawer = None
        if ctx.ui["drawer"]:
            rows = [
                w.list_row(
                    title,
                    summary,
                    on_click=w.bind(self._drawer_item, target),
                    title_rid="",
                    subtitle_rid="",
                    leading=w.image_view(width=170),
                )
                for _, title, summary, target in DRAWER
            ]
            drawer = w.frame_layout(
                [w.list_view(rows, rid="", scroll_key="drawer_scroll")], rid="drawer"
            )
        return Screen(content=w.drawer_layout(content, drawer))

    # -- preference screens --------------------------------------------------------------------
    def _fragment(self, ctx: AppContext) -> str:
        return str(ctx.extras.get("preference_fragment", ""))

    def _gts_valid(self, ctx: AppContext) -> bool:
        """``OpenGTSFragment.IsFormValid()`` of version 57: the enabled switch is not looked
        at (the bug)."""
        gts = ctx.data["opengts"]
        server, port = gts["opengts_server"], gts["opengts_server_port"]
        path = gts["autoopengts_server_path"] or ""
        if not server or port is None or not all(ch.isdigit() for ch in port):
            return False
        if not gts["opengts_server_communication_method"] or not gts["opengts_device_id"]:
            return False
        return bool(urlsplit(f"http://{server}:{port}{path}").hostname)

    def _may_leave(self, ctx: AppContext) -> bool:
        """MainPreferenceActivity.isFormValid(): a PreferenceValidationFragment must be valid,
        else "Invalid values" is shown and the screen stays."""
        if self._fragment(ctx) != OPENGTS or self._gts_valid(ctx):
            return True
        ctx.ui["dialog"] = "invalid"
        if not ctx.data["opengts"]["autoopengts_enabled"]:
            ctx.data["refused_while_disabled"] = True
        return False

    def _up(self, ctx: AppContext) -> None:
        if self._may_leave(ctx):
            ctx.finish()  # NavUtils: up to the parent GpsMainActivity

    def _flip_enabled(self, ctx: AppContext) -> None:
        gts = ctx.data["opengts"]
        gts["autoopengts_enabled"] = not gts["autoopengts_enabled"]

    def _edit(self, ctx: AppContext, key: str) -> None:
        ctx.ui["dialog"] = key
        ctx.ui["typed"] = ctx.data["opengts"][key] or ""

    def _close(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _save(self, ctx: AppContext) -> None:
        ctx.data["opengts"][ctx.ui["dialog"]] = ctx.ui["typed"]
        ctx.ui["dialog"] = None

    def _gts_rows(self, ctx: AppContext) -> list[View]:
        gts = ctx.data["opengts"]
        enabled = w.switch_widget(bool(gts["autoopengts_enabled"]))
        rows = [
            w.preference("Allow auto sending", "", self._flip_enabled, widget=enabled, height=150),
            w.preference_category("OpenGTS Settings"),
        ]
        for key, title, summary in GTS_FIELDS:
            rows.append(w.preference(title, summary, w.bind(self._edit, key), height=200))
            if key == "opengts_server_port":
                rows.append(
                    w.preference(
                        "Communication Method",
                        "HTTP-based or Raw Socket Based communication",
                        None,
                    )
                )
        return rows

    def _material_dialog(self, title: str, body: View, buttons: list[View]) -> Window:
        """A material-dialogs MaterialDialog: its title, the body, then its text buttons."""
        bar = w.linear_layout(
            [View(cls="android.view.View"), *buttons], horizontal=True, height=140
        )
        root = w.linear_layout([w.text_view(title, "title", height=140), body, bar], weight=0)
        return Window(root=root, on_dismiss=self._close)

    def _dialog(self, ctx: AppContext) -> Window | None:
        dialog = ctx.ui["dialog"]
        ok = w.dialog_button("buttonDefaultPositive", "OK", self._close)
        if dialog == "invalid":
            return self._material_dialog(INVALID, w.text_view(INVALID_TEXT, "content"), [ok])
        if dialog is None:
            return None
        title = next(t for key, t, _ in GTS_FIELDS if key == dialog)
        field = w.edit_text("android:id/edit", ctx.ui["typed"], lambda c, t: c.ui.update(typed=t))
        cancel = w.dialog_button("buttonDefaultNegative", "Cancel", self._close)
        ok = w.dialog_button("buttonDefaultPositive", "OK", self._save)
        return self._material_dialog(title, field, [cancel, ok])

    def _prefs(self, ctx: AppContext) -> Screen:
        fragment = self._fragment(ctx)
        bar = w.toolbar(TITLES.get(fragment, ""), navigation=w.up_button(self._up), cls=TOOLBAR_CLS)
        rows = self._gts_rows(ctx) if fragment == OPENGTS else []
        listing = w.list_view(rows)
        dialog = self._dialog(ctx)
        return Screen(
            content=w.relative_layout([bar, w.frame_layout([listing], rid="content_frame")]),
            windows=[] if dialog is None else [dialog],
        )

    # -- render --------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PREFS:
            return self._prefs(ctx)
        if ctx.activity == FAQ:
            bar = w.toolbar("Frequently asked questions", navigation=w.up_button(), cls=TOOLBAR_CLS)
            return Screen(content=w.linear_layout([bar, View(cls="android.view.View")]))
        return self._main(ctx)
