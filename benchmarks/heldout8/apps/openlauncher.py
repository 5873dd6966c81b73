"""OpenLauncher (``com.benny.openlauncher``, the GitHub repository OpenLauncherTeam/openlauncher)
0.6.1-nightly-181223, a home-screen launcher with a paged desktop, a dock, a search bar and an
app drawer, for bug openlauncher#461.

Sources read at commit 9957dbe5 ("remove duplicate enum for item position", 2018-12-24 04:50
+0900, i.e. 2018-12-23 UTC, the last commit before the fix whose line numbers match the report's
stack trace: ``Desktop.java:368``, ``DragHandler.java:24``/``37``, ``CellContainer.java:405``):
``activity/OnBoardActivity.java``, ``activity/HomeActivity.java``, ``widget/Desktop.java``,
``widget/CellContainer.java``, ``widget/DesktopOptionView.java``, ``widget/WidgetView.java``,
``util/DragHandler.java``, ``viewutil/ItemViewFactory.java``, ``viewutil/DialogHelper.java``,
``activity/homeparts/HpDesktopPickAction.java`` and ``HpEventHandler.java``,
``util/AppSettings.java`` (defaults), ``model/Item.java``, the layouts ``activity_home``,
``view_home``, ``view_widget_container``, ``item_icon_label`` and ``values/strings.xml``; and
the fix, commit 11af1b1b ("fix a few bugs introduced during dev", 2018-12-24), which gives the
widget view its own long-click listener that drags ``widgetContainer`` instead of the widget.

Bug openlauncher#461 (crash). ``ItemViewFactory.getItemView`` wraps a desktop widget's
``WidgetView`` (an ``AppWidgetHostView``) in the ``view_widget_container`` FrameLayout, adds the
container to the page's ``CellContainer`` and sets ``DragHandler.getLongClick(...)`` on the
*widget view*. ``WidgetView.onInterceptTouchEvent`` calls that listener when a touch has lasted
over 300 ms (a long press); when the desktop is not locked ``DragHandler.startDrag`` calls
``Desktop.setLastItem(item, view)`` with the widget view, whose ``getCurrentPage().removeView``
casts its layout params to ``CellContainer.LayoutParams``: they are the container's
``FrameLayout.LayoutParams``, so a ``ClassCastException`` kills the launcher, for any widget.
App icons and action items are themselves the page's children and drag normally. With the
desktop locked (the edit mode's "Lock") the listener returns false and nothing happens. While
the desktop is in edit mode the pages block touches to their items (``setBlockTouch``), so the
widget cannot be long-pressed before the edit mode is left. The oracle: the app crashed with
that ``ClassCastException``.

Screens. The launcher icon starts ``OnBoardActivity``, which (``pref_key__show_intro`` false
by default) starts ``HomeActivity`` and finishes. The home screen (``drawer_layout``,
``item_option``): the ``searchBar`` (the date clock, "MMMM dd" over "EEEE, yyyy", and the
search button), the ``desktop`` ViewPager with one empty 5x6 ``CellContainer`` page, the
``desktopIndicator``, the ``dock`` holding the app-drawer button the first launch adds at
x=2 (an ``AppItemView`` without label). A long press on the page enters the edit mode: the
search bar and dock hide and ``desktop_option`` shows two rows of ``item_icon_label`` TextViews,
"Remove", "Home", "Lock" at the top, "Widget", "Action", "Settings" at the bottom; a tap on the
page (or Back, ``handleLauncherResume``) leaves it. "Widget" starts the system's
``APPWIDGET_PICK`` activity ("Choose widget", a dialog-themed list of the installed widget
providers); a pick adds the widget at the page's first free space (``findFreeSpace``, spans
from the provider's minimum size) and the launcher stays in edit mode (``ignoreResume``);
Back in the picker cancels it. "Action" opens the "Action" MaterialDialog ("Open App Drawer",
which adds that action item to the desktop). "Lock" flips the desktop lock; "Widget", "Action"
and "Remove" then only toast "Desktop is locked.". "Remove" removes an empty page (a new empty
one replaces the last page and the edit mode ends) or asks "This page is not empty. Those items
will also be removed.". The dock button (or a desktop action item) opens the app drawer.

Fixed data: the installed apps (a stock emulator image's) and the widget providers of the picker
with their spans on this grid: "Analog clock" (com.android.deskclock, 2x2), "Digital clock"
(com.android.deskclock, 4x1) and "Calendar" (com.android.calendar, 4x3); the clock shows the
report's date, December 27, 2018. Stubbed: the widgets' contents (the analog clock is an
``AnalogClock`` view; tapping any widget opens its app, recorded in ``launched``), launching apps
from the drawer (recorded), the settings (a stub screen), the minibar, the search, desktop
gestures, page swipes and the drag and drop an app or action item's long press starts (it is
dropped back where it was). The desktop is not scaled down in edit mode; an item not at the
page's top-left corner is placed by a wrapper FrameLayout the real tree does not have; the
resize arrows a new widget shows for two seconds are left out.
Uncertain: the framework frames below the app's in the crash (the report's trace stops after
``DragHandler$1.onLongClick``; the model's are API 25's touch dispatch), the picker's exact
layout (AOSP Settings' ``AppWidgetPickActivity``) and the widgets' spans.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, long_click
from device_agent.virtual.stacks import looper_frames
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.benny.openlauncher"
ONBOARD = ".activity.OnBoardActivity"
HOME = ".activity.HomeActivity"
SETTINGS = ".activity.SettingsActivity"
BUG = "openlauncher#461"
CAST_MESSAGE = (
    "android.widget.FrameLayout$LayoutParams cannot be cast to "
    "com.benny.openlauncher.widget.CellContainer$LayoutParams"
)

COLUMNS, ROWS = 5, 6
CELL_W, CELL_H = 216, 198  # 1080 px / 5 columns; the desktop's 1188 px / 6 rows
VIEWGROUP = "android.view.ViewGroup"  # CellContainer, Dock
APP_ITEM = "android.view.View"  # AppItemView draws its icon and label itself
MD = "md_"  # MaterialDialogs' ids
SETTINGS_PICKER = "com.android.settings"

# Widget providers of the picker: label -> (package, spanX, spanY).
PROVIDERS: dict[str, tuple[str, int, int]] = {
    "Analog clock": ("com.android.deskclock", 2, 2),
    "Calendar": ("com.android.calendar", 4, 3),
    "Digital clock": ("com.android.deskclock", 4, 1),
}
APPS = (
    "Calculator",
    "Calendar",
    "Camera",
    "Chrome",
    "Clock",
    "Contacts",
    "Files",
    "Messages",
    "Phone",
    "Settings",
)
OPEN_APP_DRAWER = "Open App Drawer"
LOCKED = "Desktop is locked."
NOT_EMPTY = "This page is not empty. Those items will also be removed."


def _cast_crash() -> JavaException:
    """``Desktop.setLastItem`` removing the widget view from the page (the report's frames,
    then ``WidgetView``'s interception of the touch)."""
    return JavaException(
        "java.lang.ClassCastException",
        CAST_MESSAGE,
        frames=[
            f"{PACKAGE}.widget.CellContainer.removeView(CellContainer.java:405)",
            f"{PACKAGE}.widget.Desktop.setLastItem(Desktop.java:368)",
            f"{PACKAGE}.util.DragHandler.startDrag(DragHandler.java:24)",
            f"{PACKAGE}.util.DragHandler$1.onLongClick(DragHandler.java:37)",
            f"{PACKAGE}.widget.WidgetView.onInterceptTouchEvent(WidgetView.java:37)",
            "android.view.ViewGroup.dispatchTouchEvent(ViewGroup.java:2112)",
            "android.view.ViewGroup.dispatchTransformedTouchEvent(ViewGroup.java:2629)",
            "android.view.ViewGroup.dispatchTouchEvent(ViewGroup.java:2306)",
            "com.android.internal.policy.DecorView.superDispatchTouchEvent(DecorView.java:413)",
            "android.app.Activity.dispatchTouchEvent(Activity.java:3061)",
            "android.view.View.dispatchPointerEvent(View.java:10243)",
            "android.view.ViewRootImpl.deliverInputEvent(ViewRootImpl.java:4438)",
            "android.view.ViewRootImpl$WindowInputEventReceiver.onInputEvent"
            "(ViewRootImpl.java:6247)",
            "android.view.InputEventReceiver.dispatchInputEvent(InputEventReceiver.java:185)",
            "android.os.MessageQueue.nativePollOnce(Native Method)",
            "android.os.MessageQueue.next(MessageQueue.java:323)",
            *looper_frames(25),
        ],
    )


def widget_long_press_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #461: the launcher died of the widget view's layout-params cast."""
    return crashed(system, PACKAGE, "java.lang.ClassCastException", "CellContainer$LayoutParams")


def _occupied(items: list[dict[str, Any]]) -> set[tuple[int, int]]:
    return {
        (item["x"] + dx, item["y"] + dy)
        for item in items
        for dx in range(item["spanX"])
        for dy in range(item["spanY"])
    }


def _free_space(items: list[dict[str, Any]], span_x: int, span_y: int) -> tuple[int, int] | None:
    """``CellContainer.findFreeSpace(spanX, spanY)``: the first cell, row by row, where the
    spans fit on the 5x6 grid."""
    taken = _occupied(items)
    for y in range(ROWS):
        for x in range(COLUMNS):
            cells = {(x + dx, y + dy) for dx in range(span_x) for dy in range(span_y)}
            fits = x + span_x <= COLUMNS and y + span_y <= ROWS
            if fits and not cells & taken:
                return x, y
    return None


def _step_click(text: str) -> dict[str, Any]:
    return click(PACKAGE, text=text)


DESKTOP_LONG = long_click(PACKAGE, "desktop")
DESKTOP_TAP = click(PACKAGE, "desktop")
ANALOG = "com.android.deskclock:id/analog_appwidget"
WIDGET_LONG = long_click(PACKAGE, ANALOG)
ADD_ANALOG = [DESKTOP_LONG, _step_click("Widget"), _step_click("Analog clock")]


class OpenLauncher(VirtualApp):
    """OpenLauncher 0.6.1-nightly-181223 (see the module docstring)."""

    name: ClassVar[str] = "openlauncher"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "OpenLauncher"
    version: ClassVar[str] = "0.6.1-nightly-181223"
    launch_activity: ClassVar[str] = ONBOARD
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            BUG,
            "crash",
            "Long pressing widgets crashes launcher.",
            widget_long_press_crash,
            human_steps=(*ADD_ANALOG, DESKTOP_TAP, WIDGET_LONG),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # items: the desktop page's items (DatabaseHelper); lock: pref_key__desktop_lock;
        # launched: what was started in other apps (not modelled further).
        return {"items": [], "lock": False, "home_page": 0, "launched": []}

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == ONBOARD:
            # OnBoardActivity.skipStart: the intro is off unless pref_key__show_intro is set.
            ctx.start_activity(HOME)
            ctx.finish()

    # -- desktop ----------------------------------------------------------------------------
    def _enter_edit(self, ctx: AppContext) -> None:
        ctx.ui["edit"] = True

    def _exit_edit(self, ctx: AppContext) -> None:
        ctx.ui["edit"] = False

    def _launch(self, ctx: AppContext, package: str) -> None:
        ctx.data["launched"].append(package)
        ctx.log("ActivityManager", f"START u0 {{pkg={package}}} from {PACKAGE}", "I")

    def _widget_long_press(self, ctx: AppContext) -> None:
        # DragHandler.getLongClick's listener, given the widget view, not its container.
        if ctx.data["lock"]:
            return
        raise _cast_crash()

    def _item_long_press(self, ctx: AppContext) -> None:
        # An action item is the page's own child: startDrag works; the drag is not modelled.
        if not ctx.data["lock"]:
            ctx.ui["dragged"] = ctx.ui.get("dragged", 0) + 1

    def _open_drawer(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = True

    def _item_view(self, item: dict[str, Any], edit: bool, gravity: str) -> View:
        size = {"width": item["spanX"] * CELL_W, "height": item["spanY"] * CELL_H}
        if item["type"] == "action":
            return View(
                cls=APP_ITEM,
                on_click=None if edit else self._open_drawer,
                on_long_click=None if edit else self._item_long_press,
                gravity=gravity,
                **size,
            )
        analog = item["label"] == "Analog clock"
        content = View(
            cls="android.widget.AnalogClock" if analog else APP_ITEM,
            resource_id=ANALOG if analog else "",
            content_desc="" if analog else item["label"],
            # WidgetView intercepts the touches of its whole content; its long-click listener
            # is not the framework's, so the node is not long-clickable in a dump.
            on_click=None if edit else w.bind(self._launch, PROVIDERS[item["label"]][0]),
            on_long_click=None if edit else self._widget_long_press,
            long_clickable=False,
        )
        widget_view = w.frame_layout([content], layout=FRAME)
        return w.frame_layout([widget_view], layout=FRAME, gravity=gravity, **size)

    def _page(self, ctx: AppContext, edit: bool) -> View:
        children = []
        for item in ctx.data["items"]:
            if not (item["x"] or item["y"]):
                children.append(self._item_view(item, edit, "top_start"))
                continue
            # The model's wrapper: it spans from the page's corner to the item's far corner.
            wrapper = w.frame_layout(
                [self._item_view(item, edit, "bottom_end")],
                layout=FRAME,
                width=(item["x"] + item["spanX"]) * CELL_W,
                height=(item["y"] + item["spanY"]) * CELL_H,
                gravity="top_start",
            )
            children.append(wrapper)
        return View(
            cls=VIEWGROUP,
            layout=FRAME,
            on_click=self._exit_edit,
            on_long_click=self._enter_edit,
            children=children,
        )

    # -- the edit mode's options ------------------------------------------------------------
    def _option(self, ctx: AppContext, option: str) -> None:
        locked = ctx.data["lock"]
        if option == "Lock":
            ctx.data["lock"] = not locked
        elif option == "Home":
            ctx.data["home_page"] = 0
        elif option == "Settings":
            ctx.start_activity(SETTINGS)
        elif locked:
            ctx.toast(LOCKED)
        elif option == "Widget":
            ctx.ui["picker"] = True  # HomeActivity.pickWidget: ignoreResume = true
        elif option == "Action":
            ctx.ui["action_dialog"] = True
        elif ctx.data["items"]:
            ctx.ui["remove_dialog"] = True
        else:
            self._remove_page(ctx)

    def _remove_page(self, ctx: AppContext) -> None:
        # Desktop.removeCurrentPage: the last page goes, a new empty one replaces it.
        ctx.data["items"] = []
        ctx.ui["remove_dialog"] = False
        ctx.ui["edit"] = False

    def _options_view(self) -> View:
        def row(labels: tuple[str, ...], gravity: str) -> View:
            items = [
                w.text_view(label, width=286, height=160, on_click=w.bind(self._option, label))
                for label in labels
            ]
            # the RecyclerView's 42 dp side padding: an empty start, left out of the dump
            return View(
                cls="android.support.v7.widget.RecyclerView",
                layout=HORIZONTAL,
                height=160,
                gravity=gravity,
                children=[View(width=110, height=0), *items],
            )

        return w.frame_layout(
            [
                row(("Remove", "Home", "Lock"), "top"),
                row(("Widget", "Action", "Settings"), "bottom"),
            ],
            rid="desktop_option",
            layout=FRAME,
        )

    # -- windows ----------------------------------------------------------------------------
    def _close(self, ctx: AppContext, key: str) -> None:
        ctx.ui[key] = False

    def _pick_widget(self, ctx: AppContext, label: str) -> None:
        # HomeActivity.onActivityResult -> configureWidget (no configure activity) ->
        # createWidget: the first free space that fits the provider's minimum size.
        ctx.ui["picker"] = False
        _, span_x, span_y = PROVIDERS[label]
        point = _free_space(ctx.data["items"], span_x, span_y)
        if point is None:
            ctx.toast("Not enough space.")
            return
        ctx.data["items"].append(
            {"type": "widget", "label": label, "x": point[0], "y": point[1]}
            | {"spanX": span_x, "spanY": span_y}
        )

    def _add_action(self, ctx: AppContext) -> None:
        # HpDesktopPickAction.onAdd: the first free cell.
        ctx.ui["action_dialog"] = False
        point = _free_space(ctx.data["items"], 1, 1)
        if point is None:
            ctx.toast("Not enough space.")
            return
        ctx.data["items"].append(
            {"type": "action", "label": OPEN_APP_DRAWER, "x": point[0], "y": point[1]}
            | {"spanX": 1, "spanY": 1}
        )

    def _picker(self) -> Window:
        rows = [
            w.text_view(label, height=147, on_click=w.bind(self._pick_widget, label))
            for label in sorted(PROVIDERS)
        ]
        listing = View(
            cls="android.widget.ListView",
            resource_id="android:id/select_dialog_listview",
            weight=0,
            children=rows,
        )
        return w.alert_dialog(
            w.dialog_title("Choose widget"), [listing], [], w.bind(self._close, "picker")
        )

    def _md_dialog(self, title: str, body: list[View], buttons: list[View], key: str) -> Window:
        """A MaterialDialog: its MDRootLayout, the ``md_titleFrame`` title, the body, then the
        ``MDButton`` buttons."""
        title_frame = w.linear_layout(
            [w.text_view(title, MD + "title", height=140)], rid=MD + "titleFrame", weight=0
        )
        children = [title_frame, *body]
        if buttons:
            children.append(w.frame_layout(buttons, layout=HORIZONTAL, height=140))
        root = View(cls=VIEWGROUP, weight=0, children=children)
        return Window(root=root, on_dismiss=w.bind(self._close, key))

    def _windows(self, ctx: AppContext) -> list[Window]:
        if ctx.ui.get("picker"):
            return [self._picker()]
        if ctx.ui.get("action_dialog"):
            row = w.text_view(OPEN_APP_DRAWER, MD + "title", height=147, on_click=self._add_action)
            listing = View(
                cls="android.support.v7.widget.RecyclerView",
                resource_id=MD + "contentRecyclerView",
                weight=0,
                children=[w.linear_layout([row], weight=0, on_click=self._add_action)],
            )
            return [self._md_dialog("Action", [listing], [], "action_dialog")]
        if ctx.ui.get("remove_dialog"):
            buttons = [
                w.text_view(
                    "Cancel",
                    MD + "buttonDefaultNegative",
                    on_click=w.bind(self._close, "remove_dialog"),
                ),
                w.text_view("OK", MD + "buttonDefaultPositive", on_click=self._remove_page),
            ]
            body = [w.text_view(NOT_EMPTY, MD + "content")]
            return [self._md_dialog("Remove", body, buttons, "remove_dialog")]
        return []

    # -- screens ----------------------------------------------------------------------------
    def _drawer(self) -> View:
        apps = [
            w.text_view(label, height=160, on_click=w.bind(self._launch, label)) for label in APPS
        ]
        grid = View(cls="android.support.v7.widget.RecyclerView", children=apps)
        return View(
            cls="android.widget.FrameLayout", resource_id="appDrawerController", children=[grid]
        )

    def _search(self, ctx: AppContext) -> None:
        ctx.ui["search"] = True  # SearchBar's search mode is stubbed

    def _home(self, ctx: AppContext) -> Screen:
        edit = bool(ctx.ui.get("edit"))
        desktop = View(
            cls="android.support.v4.view.ViewPager",
            resource_id="desktop",
            children=[self._page(ctx, edit)],
        )
        indicator = View(cls="android.view.View", resource_id="desktopIndicator", height=53)
        if edit:
            # The search bar and the dock are INVISIBLE: they keep their room, off the dump.
            column = [View(height=230, width=0), desktop, indicator, View(height=260, width=0)]
        else:
            clock = w.text_view("December 27\nThursday, 2018", width=600, gravity="top")
            search = w.image_view(handler=self._search, width=147, height=147, gravity="bottom_end")
            search_bar = w.frame_layout([clock, search], rid="searchBar", layout=FRAME, height=230)
            drawer_button = View(
                cls=APP_ITEM,
                width=CELL_W,
                height=CELL_H,
                gravity="center",
                on_click=self._open_drawer,
            )
            dock = View(
                cls=VIEWGROUP,
                resource_id="dock",
                layout=FRAME,
                height=260,
                children=[drawer_button],
            )
            column = [search_bar, desktop, indicator, dock]
        layers = [w.linear_layout(column)]
        if edit:
            layers.append(self._options_view())
        if ctx.ui.get("drawer"):
            layers.append(self._drawer())
        content = View(
            cls="android.support.v4.widget.DrawerLayout",
            resource_id="drawer_layout",
            children=[w.frame_layout(layers, rid="item_option", layout=FRAME)],
        )
        return Screen(content=content, windows=self._windows(ctx))

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            bar = w.toolbar("Settings", navigation=w.up_button())
            return Screen(content=w.linear_layout([bar]), title="Settings")
        return self._home(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == SETTINGS:
            ctx.finish()
            return True
        # HomeActivity.onBackPressed -> handleLauncherResume: close the drawer, leave the
        # edit mode; the launcher itself never finishes.
        if ctx.ui.get("edit"):
            ctx.ui["edit"] = False
        elif ctx.ui.get("drawer"):
            ctx.ui["drawer"] = False
        return True


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    BUG: [
        # the widget long-pressed while the desktop is still in edit mode: the page takes it
        [*ADD_ANALOG, WIDGET_LONG],
        # a tap on the widget instead of a long press: the Clock app opens
        [*ADD_ANALOG, DESKTOP_TAP, click(PACKAGE, ANALOG)],
        # the desktop locked before the long press: the listener returns false
        [*ADD_ANALOG, _step_click("Lock"), DESKTOP_TAP, WIDGET_LONG],
        # the picker cancelled: no widget, the long press lands on the empty page
        [DESKTOP_LONG, _step_click("Widget"), {"kind": "press_back"}, DESKTOP_TAP, DESKTOP_LONG],
        # the widget added, the edit mode left, then a long press on the empty page
        [*ADD_ANALOG, DESKTOP_TAP, DESKTOP_LONG],
    ],
}
