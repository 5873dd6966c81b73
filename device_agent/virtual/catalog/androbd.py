"""AndrOBD V2.0.7 (``com.fr3ts0n.ecu.gui.androbd``), with bug AndrOBD#144.

Modelled from the sources at tag ``V2.0.7`` (under ``androbd/src/main``: ``AndroidManifest.xml``,
``java/com/fr3ts0n/ecu/gui/androbd/MainActivity.java`` (``onCreate``, ``onStart``, ``setMode``,
``startDemoService``, ``onOptionsItemSelected``, ``onBackPressed``), ``SettingsActivity.java``
(``PrefsFragment.onPreferenceClick``), ``res/layout/startup_layout.xml``, ``res/menu/main.xml``,
``res/xml/settings.xml``, ``res/values/strings.xml`` and ``styles.xml``), the app's build file
(``versionName 'V2.0.7'``, shown as ``app_version``) and the maintainer's answer on the issue:

- ``MainActivity`` (framework ActionBar, DeviceDefault.Light.DarkActionBar): ``onCreate``
  requests the storage permissions (one system dialog), shows ``startup_layout``
  (``tvAppName`` "AndrOBD", ``tvVersion`` "V2.0.7", ``tvCopyright``, ``tvTranslation``). The
  emulator has no Bluetooth adapter, so ``onStart`` starts the DEMO mode: toast "DEMO mode
  started", the ActionBar's subtitle "DEMO", Connect hidden and Disconnect shown. The bar
  holds "Disconnect" and "OBD Services" (always shown) and "More options": Day/Night view
  mode, Save measurement, Load measurement, Reset last pre-selections, Plugin manager,
  Settings. The OBD services sub-menu, the data lists and the other items are stubs;
  "Disconnect" leaves the DEMO mode (subtitle "OFFLINE");
- ``SettingsActivity`` ("Settings", AppTheme.Dark): the PreferenceFragment of
  ``settings.xml``: Common settings, OBD options, CSV export options, Development options
  (their nested screens are stubs) and "AndrOBD" (summary "V2.0.7"), a nested PreferenceScreen
  shown as a full-screen dialog: AndrOBD, Release history …, Graphic design, Translation by
  fr3ts0n, Licensing … (a nested screen again), the category "Support project …" with
  "PayPal.me" and "Bitcoin". Entries with an ``https`` intent open the browser, another app
  (not modelled: the model notes the URL and stays).

The emulator (fixed world): no Bluetooth adapter, a browser installed, no Bitcoin wallet.

The bug (AndrOBD#144; the benchmark lists it as a crash, the app at V2.0.7 catches the
exception): "Bitcoin" has the fragment's click listener, which starts its VIEW intent
``bitcoin:19UApzsc5eDJ5VNDNYCA1bpszPnkcpWeFP``. With no wallet installed
``startActivity`` throws ``android.content.ActivityNotFoundException``; the listener catches it,
logs it (SEVERE, "Settings") and shows its message as a toast: "No Activity found to handle
Intent { act=android.intent.action.VIEW dat=bitcoin:... }" instead of any donation page or
address. V2.3.2 shows the address as the entry's summary. The oracle reads the app's state:
the donation intent failed with that exception.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.fr3ts0n.ecu.gui.androbd"
MAIN = ".MainActivity"
SETTINGS = ".SettingsActivity"
STORAGE = "android.permission.READ_EXTERNAL_STORAGE"
VERSION = "V2.0.7"
BITCOIN_URI = "bitcoin:19UApzsc5eDJ5VNDNYCA1bpszPnkcpWeFP"
NO_ACTIVITY = (
    "No Activity found to handle Intent { act=android.intent.action.VIEW dat=" + BITCOIN_URI + " }"
)
OVERFLOW = (
    ("day_night_mode", "Day/Night view mode"),
    ("save", "Save measurement"),
    ("load", "Load measurement"),
    ("reset_preselections", "Reset last pre-selections"),
    ("plugin_manager", "Plugin manager"),
    ("settings", "Settings"),
)
SERVICES = (
    "OBD Vehicle Info",
    "OBD Data",
    "OBD Freeze Frames",
    "OBD fault codes",
    "OBD fault codes (pending)",
    "OBD fault codes (permanent)",
    "Clear fault codes",
)
# settings.xml's root screen: (title, summary, nested screen key).
ROOT = (
    ("Common settings", "Common settings for app control", "common"),
    ("OBD options ", "Options for OBD protocol / vehicle communication ", "obd"),
    ("CSV export options", "Options for formatting CSV export files", "csv"),
    ("Development options", "Options for debugging and customisation", "dev"),
    ("AndrOBD", VERSION, "about"),
)
# The "AndrOBD" screen: (title, summary, action): a URL opens the browser, "license" the
# nested screen, "bitcoin" the fragment's click listener; "" a category header.
ABOUT = (
    ("AndrOBD", "© 2015-2018 fr3ts0n", "https://github.com/fr3ts0n/AndrOBD/"),
    ("Release history …", VERSION, "https://github.com/fr3ts0n/AndrOBD/releases/"),
    ("Graphic design", "2018 by @anaufalm", "https://github.com/anaufalm"),
    ("Translation by fr3ts0n", "", "https://hosted.weblate.org/projects/androbd/strings/"),
    ("Licensing …", "", "license"),
    ("Support project …", "", ""),
    ("PayPal.me", "", "https://PayPal.me/fr3ts0n"),
    ("Bitcoin", "", "bitcoin"),
)
LICENSE = (
    (
        "AndrOBD",
        "Connect to your car's OBD system\n* GNU General Public License v3.0",
        "https://www.gnu.org/licenses/gpl-3.0",
    ),
    ("Libraries …", "", ""),
    (
        "usb-serial-for-android",
        "Library for USB serial connections\n* GNU Lesser General Public License v2.1",
        "https://github.com/mik3y/usb-serial-for-android",
    ),
    (
        "AChartEngine",
        "Charting library for Android\n* Apache 2.0 license",
        "http://achartengine.org",
    ),
)
SCREEN_TITLES = {key: title.strip() for title, _, key in ROOT} | {"license": "Licensing …"}
ANFE_FRAMES = [
    "android.app.Instrumentation.checkStartActivityResult(Instrumentation.java:1809)",
    "android.app.Instrumentation.execStartActivity(Instrumentation.java:1523)",
    "android.app.Activity.startActivityForResult(Activity.java:4225)",
    "android.app.Activity.startActivityFromFragment(Activity.java:4903)",
    "android.app.Fragment.startActivity(Fragment.java:1101)",
    "com.fr3ts0n.ecu.gui.androbd.SettingsActivity$PrefsFragment.onPreferenceClick"
    "(SettingsActivity.java:325)",
]


def _donation_failed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of AndrOBD#144: the Bitcoin donation intent failed for want of an app."""
    return any(
        e["exception"] == "android.content.ActivityNotFoundException" for e in data["errors"]
    )


BUG_144 = BugSpec(
    bug_id="AndrOBD#144",
    kind="non-crash",
    title="[Bug] No Activity found in Bitcoin option",
    oracle=_donation_failed,
    human_steps=(
        allow_permission(PACKAGE),
        click(PACKAGE, desc=w.MORE_OPTIONS, cls="android.widget.ImageButton"),
        click(PACKAGE, "android:id/title", "Settings", cls="android.widget.TextView"),
        click(PACKAGE, "android:id/title", "AndrOBD", cls="android.widget.TextView"),
        click(PACKAGE, "android:id/title", "Bitcoin", cls="android.widget.TextView"),
    ),
)


class AndrOBD207(VirtualApp):
    """AndrOBD V2.0.7 (see the module docstring)."""

    name: ClassVar[str] = "AndrOBD"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "AndrOBD"
    version: ClassVar[str] = "2.0.7"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_144,)

    def initial_data(self) -> dict[str, Any]:
        return {"night_mode": False, "errors": [], "opened_urls": []}

    # -- lifecycle -------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            ui.setdefault("menu", None)  # None | "overflow" | "services"
            if STORAGE not in ctx.permissions:
                ctx.request_permission(STORAGE)  # READ and WRITE_EXTERNAL_STORAGE: one group
            if "mode" not in ui:
                # onStart: no Bluetooth adapter -> setMode(DEMO) -> startDemoService().
                ui["mode"] = "DEMO"
                ctx.toast("DEMO mode started")
        elif ctx.activity == SETTINGS:
            ui.setdefault("screens", [])  # the nested PreferenceScreen dialogs, in order

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == MAIN and ui["menu"] is not None:
            ui["menu"] = None
            return True
        if ctx.activity == SETTINGS and ui["screens"]:
            ui["screens"].pop()  # the nested screen's dialog is dismissed
            return True
        return False

    # -- main ------------------------------------------------------------------------------
    def _menu_item(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = None
        if item == "settings":
            ctx.start_activity(SETTINGS)
        elif item == "day_night_mode":
            ctx.data["night_mode"] = not ctx.data["night_mode"]
        # save, load, reset and the plugin manager are stubs

    def _disconnect(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None
        if ctx.ui["mode"] == "DEMO":
            ctx.toast("DEMO mode stopped")
        ctx.ui["mode"] = "OFFLINE"

    def _menu_window(
        self, rows: list[tuple[str, Any]], top: int, dismiss: Any, left: int = 500
    ) -> Window:
        """A framework popup menu: rows of ``android:id/title``."""
        bounds = (left, top, 1068, top + 126 * len(rows))
        return w.menu_window(rows, dismiss, title_rid="android:id/title", bounds=bounds)

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        title = w.linear_layout(
            [w.text_view("AndrOBD", height=80), w.text_view(ui["mode"], height=67)], height=147
        )
        actions: list[View] = []
        if ui["mode"] == "DEMO":
            actions.append(w.action_item("disconnect", "Disconnect", self._disconnect))
        else:
            actions.append(
                w.action_item(
                    "secure_connect_scan",
                    "Connect",
                    lambda c: c.toast("No Devices Found"),  # setMode(ONLINE): no adapter
                )
            )
        actions.append(
            w.action_item(
                "obd_services",
                "OBD Services",
                lambda c: c.ui.update(menu="services"),
                enabled=ui["mode"] == "DEMO",
            )
        )
        actions.append(
            w.image_button(
                desc=w.MORE_OPTIONS, handler=lambda c: c.ui.update(menu="overflow"), width=126
            )
        )
        bar = w.toolbar(title, actions=actions, rid="android:id/action_bar")
        startup = w.linear_layout(
            [
                w.image_view("imageView1", height=500),
                w.linear_layout(
                    [
                        w.text_view("AndrOBD", "tvAppName"),
                        w.text_view(VERSION, "tvVersion"),
                        w.text_view("© 2015-2018 fr3ts0n", "tvCopyright"),
                        w.text_view("Translation by fr3ts0n", "tvTranslation"),
                    ],
                    weight=0,
                ),
                View(cls="android.widget.ListView", resource_id="android:id/list"),
            ],
            rid="startup_layout",
        )
        content = w.linear_layout([bar, startup])
        windows: list[Window] = []
        dismiss = lambda c: c.ui.update(menu=None)  # noqa: E731
        if ui["menu"] == "overflow":
            rows = [(t, w.bind(self._menu_item, key)) for key, t in OVERFLOW]
            windows.append(self._menu_window(rows, 63, dismiss))
        elif ui["menu"] == "services":
            rows = [(t, dismiss) for t in SERVICES]
            windows.append(self._menu_window(rows, 63, dismiss, left=360))
        return Screen(content=content, windows=windows)

    # -- settings --------------------------------------------------------------------------
    def _open_url(self, ctx: AppContext, url: str) -> None:
        """Preference.performClick: ``startActivity`` of the VIEW intent; the browser, another
        app, takes it (not modelled)."""
        ctx.data["opened_urls"].append(url)

    def _bitcoin(self, ctx: AppContext) -> None:
        """PrefsFragment.onPreferenceClick for ``bitcoin``: no app handles ``bitcoin:``."""
        # startActivity(intent) throws; the catch logs it and toasts e.getMessage().
        ctx.data["errors"].append(
            {"exception": "android.content.ActivityNotFoundException", "message": NO_ACTIVITY}
        )
        trace = "\n".join(
            ["Settings", f"android.content.ActivityNotFoundException: {NO_ACTIVITY}"]
            + [f"\tat {frame}" for frame in ANFE_FRAMES]
        )
        ctx.log("SettingsActivity", trace, level="E")
        ctx.toast(NO_ACTIVITY)

    def _pref_rows(self, ctx: AppContext, entries: tuple[tuple[str, str, str], ...]) -> list[View]:
        rows: list[View] = []
        for title, summary, action in entries:
            if not action:
                rows.append(w.preference_category(title))
            elif action == "bitcoin":
                rows.append(w.preference(title, summary, self._bitcoin))
            elif action.startswith("http"):
                rows.append(w.preference(title, summary, w.bind(self._open_url, action)))
            else:
                rows.append(w.preference(title, summary, w.bind(self._open_screen, action)))
        return rows

    def _open_screen(self, ctx: AppContext, key: str) -> None:
        """A nested PreferenceScreen opens its dialog."""
        ctx.ui["screens"].append(key)

    def _screen_window(self, ctx: AppContext, key: str) -> Window:
        """A nested PreferenceScreen: a full-screen dialog with its title bar and list."""
        if key == "about":
            rows = self._pref_rows(ctx, ABOUT)
        elif key == "license":
            rows = self._pref_rows(ctx, LICENSE)
        else:
            rows = []  # the other nested screens are stubs
        root = w.linear_layout(
            [
                w.toolbar(SCREEN_TITLES[key], rid="android:id/action_bar"),
                w.list_view(rows, scroll_key=f"scroll_{key}"),
            ],
            style="dialog",
        )
        return Window(
            root=root,
            on_dismiss=lambda c: c.ui["screens"].pop(),
            bounds=(0, 63, 1080, 1794),
        )

    def _render_settings(self, ctx: AppContext) -> Screen:
        rows = self._pref_rows(ctx, ROOT)
        bar = w.toolbar("Settings", rid="android:id/action_bar")
        content = w.linear_layout(
            [
                bar,
                View(resource_id="android:id/content", children=[w.list_view(rows)]),
            ]
        )
        windows = [self._screen_window(ctx, key) for key in ctx.ui["screens"]]
        return Screen(content=content, windows=windows)

    # -- rendering -------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        return self._render_main(ctx)
