"""TBLauncher ("TinyBit launcher", ``rocks.tbog.tblauncher``, the GitHub repository TBog/TBLauncher)
6.8 (versionCode 30), a search-first home-screen launcher derived from KISS, for bug
TBLauncher#236.

Sources read at tag ``v6.8`` (commit 02f605a7, 2021-11-21, the reporter's version):
``TBLauncherActivity.java``, ``Behaviour.java`` (desktop modes, button actions, Back),
``entry/AppEntry.java`` (the long-press popup and ``launchRenameDialog``),
``utils/DialogHelper.java`` (``makeRenameDialog``), ``ui/dialog/EditTextDialog.java``,
``ui/DialogFragment.java``, ``utils/PrefCache.java``, ``preference/ContentLoadHelper.java``,
the layouts ``activity_fullscreen``, ``search_bar``, ``result_list``, ``item_app``,
``popup_title``, ``popup_list_item``, ``dialog_rename``, ``ok_cancel_button_bar``,
``xml/preferences.xml`` (defaults) and ``values/strings.xml``; and the fix, commit e79f9d82
("fix \\"Default name\\" not working when renaming", 2022-01-23, released in 6.9), after which
``EditTextDialog.Builder.show()`` no longer resets the dialog's listeners.

Bug TBLauncher#236 (non-crash). ``DialogHelper.makeRenameDialog`` puts the rename callback on
the builder's dialog itself (``builder.getDialog().setOnConfirmListener(...)``); commit
06e644c9 (6.8, "fix crash when editing search engines") made ``EditTextDialog.Builder.show()``
call ``mDialog.setOnConfirmListener(mOnConfirm)``, and ``mOnConfirm`` is null unless the
builder's own ``setConfirmListener`` was used, so showing the dialog throws the callback away.
The "Rename" button (``button1``) calls ``dialog.onConfirm(text)``, which has no listener: the
dialog closes, the name stays, no "The app name is now …" toast appears, and the app keeps
its name after a restart. "Default name" (``button3``, a builder button listener) still works.
The oracle: a new, non-empty name was confirmed with "Rename" for an app whose shown name is
still not that name.

Screens. ``TBLauncherActivity`` starts in the "search" desktop mode (``initial-desktop`` =
``showSearchBar``): the search bar at the bottom (``searchBarContainer``: ``launcherButton``
"Show all apps", the ``launcherSearch`` field with the hint "Search in apps, contacts, …",
``menuButton`` "Menu", or ``clearButton`` "Clear search bar" while results show); the history
it opens is empty on a fresh install. "Show all apps" (``button-launcher`` = ``showAllAppsZA``)
or typing in the field shows the ``resultList`` of ``item_app`` rows (``item_app_name``), the
first entry at the bottom. A tap on a row launches the app (recorded) and returns to the
"widget" mode (no search bar); a long press opens the entry's popup (``ListPopup``: the
"Preferences", "Customize" and "Links" titles and their items, ``android:id/text1``). "Rename
app" opens the ``dialog_rename`` dialog ("Choose a custom name for this app", the ``rename``
field holding the current name, "Default name", "Cancel", "Rename"). Back clears the search,
applies ``dm-search-back`` (``showEmpty``) and, the launcher not being the default home, leaves
the app. A tap on the empty screen toggles the search and widget modes (``gesture-click``).
The menu button opens the main menu popup (its items are stubs).
Fixed data: the installed apps (a phone with Firefox, as the reporter's): label -> package.
Stubbed: launching apps and the "Links" items (recorded), the other popup items (they only
close the popup), the widgets, the dock (empty on a fresh install), contacts and search
providers, the keyboard's Enter in the rename field, the fuzzy search (a plain substring
match here) and the settings.
Uncertain: the exact order of the rows (the result list stacks from the bottom), whether the
empty dock leaves a view in the tree; ``root_layout``'s gesture detector is drawn as a
clickable node (the app's root only has a touch listener).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text, long_click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "rocks.tbog.tblauncher"
MAIN = ".TBLauncherActivity"
BUG = "TBLauncher#236"
TEXT1 = "android:id/text1"

# The installed apps (fixed data): label -> package.
APPS: dict[str, str] = {
    "Calculator": "com.google.android.calculator",
    "Calendar": "com.google.android.calendar",
    "Camera": "com.android.camera2",
    "Chrome": "com.android.chrome",
    "Clock": "com.google.android.deskclock",
    "Contacts": "com.google.android.contacts",
    "Files": "com.google.android.documentsui",
    "Firefox": "org.mozilla.firefox",
    "Messages": "com.google.android.apps.messaging",
    "Phone": "com.google.android.dialer",
    "Settings": "com.android.settings",
}
USER_APPS = {"org.mozilla.firefox"}  # not FLAG_SYSTEM: their popup offers "Uninstall"
# AppEntry.buildPopupMenu in the default category order (no dynamic shortcuts here).
POPUP: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Preferences", ("Remove from history", "Add to dock", "Remove from dock", "Hide")),
    ("Customize", ("Add tags", "Rename app", "Change icon")),
    ("Links", ("App info", "View in store")),
)
MAIN_MENU = (
    ("Main menu", ("Change wallpaper", "Add Widget…")),
    ("Settings", ("TinyBit settings", "Tag manager", "Tags menu", "Device settings")),
)
RENAME_TITLE = "Choose a custom name for this app"
HINT = "Search in apps, contacts, …"


def _shown_name(data: dict[str, Any], package: str) -> str:
    label = next(name for name, pkg in APPS.items() if pkg == package)
    return str(data["names"].get(package, label))


def rename_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #236: a new name confirmed with "Rename" that the app does not show."""
    return any(
        request["name"].strip()
        and request["name"].strip() != request["old"]
        and _shown_name(data, request["package"]) != request["name"].strip()
        for request in data["renames"]
    )


SHOW_ALL = click(PACKAGE, "launcherButton", desc="Show all apps")
RENAME_ITEM = click(PACKAGE, TEXT1, "Rename app")
RENAME_BUTTON = click(PACKAGE, "android:id/button1", "Rename")


def _long_app(label: str) -> dict[str, Any]:
    return long_click(PACKAGE, "item_app_name", label)


def _type_name(text: str) -> dict[str, Any]:
    return input_text(PACKAGE, "rename", text)


class TBLauncher(VirtualApp):
    """TBLauncher 6.8 (see the module docstring)."""

    name: ClassVar[str] = "TBLauncher"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "TinyBit launcher"
    version: ClassVar[str] = "6.8"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            BUG,
            "non-crash",
            "Apps not getting renamed",
            rename_lost,
            human_steps=(
                SHOW_ALL,
                _long_app("Firefox"),
                RENAME_ITEM,
                _type_name("Firefoxkkk"),
                RENAME_BUTTON,
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # names: the custom names (DataHandler.renameApp); renames: every name confirmed with
        # "Rename" (what the user asked for); hidden, launched, actions: the stubs' records.
        return {"names": {}, "renames": [], "hidden": [], "launched": [], "actions": []}

    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("mode", "search")  # initial-desktop = showSearchBar

    # -- search and results -----------------------------------------------------------------
    def _labels(self, ctx: AppContext) -> list[tuple[str, str]]:
        """``(shown name, package)`` of the visible apps."""
        return [
            (_shown_name(ctx.data, pkg), pkg)
            for pkg in APPS.values()
            if pkg not in ctx.data["hidden"]
        ]

    def _results(self, ctx: AppContext) -> list[tuple[str, str]]:
        query = ctx.ui.get("query", "")
        entries = self._labels(ctx)
        if query:
            return sorted(e for e in entries if query.lower() in e[0].lower())
        if ctx.ui.get("all_apps"):
            # show/apps/byNameReversed: Z to A, the first entry at the bottom of the list.
            return sorted(entries, key=lambda e: e[0].lower())
        return []

    def _show_all(self, ctx: AppContext) -> None:
        # The list stacks from the bottom: it opens scrolled to its end (clamped by the list).
        ctx.ui.update(all_apps=True, query="", mode="search", results=len(APPS))

    def _type(self, ctx: AppContext, text: str) -> None:
        ctx.ui.update(query=text, all_apps=False)

    def _clear(self, ctx: AppContext) -> None:
        ctx.ui.update(query="", all_apps=False)

    def _launch(self, ctx: AppContext, package: str) -> None:
        ctx.data["launched"].append(package)
        ctx.log("ActivityManager", f"START u0 {{pkg={package}}} from {PACKAGE}", "I")
        # behaviour-clear-search-after-launch, behaviour-widget-after-launch
        ctx.ui.update(query="", all_apps=False, mode="widget")

    def _toggle_mode(self, ctx: AppContext) -> None:
        # gesture-click = toggleSearchAndWidget
        ctx.ui["mode"] = "widget" if ctx.ui.get("mode") == "search" else "search"

    # -- popups -----------------------------------------------------------------------------
    def _open_popup(self, ctx: AppContext, package: str) -> None:
        ctx.ui["popup"] = package

    def _close(self, ctx: AppContext, key: str) -> None:
        ctx.ui.pop(key, None)

    def _popup_item(self, ctx: AppContext, item: str) -> None:
        package = ctx.ui.pop("popup")
        if item == "Rename app":
            ctx.ui["rename"] = {"package": package, "text": _shown_name(ctx.data, package)}
        elif item == "Hide":
            ctx.data["hidden"].append(package)
        elif item in ("App info", "View in store", "Uninstall"):
            self._launch(ctx, package)
        else:
            ctx.data["actions"].append([item, package])

    def _menu_item(self, ctx: AppContext, item: str) -> None:
        ctx.ui.pop("menu", None)
        ctx.data["actions"].append([item, ""])

    def _popup_window(self, sections: list[tuple[str, tuple[str, ...]]], handler: Any) -> Window:
        rows: list[View] = []
        for title, items in sections:
            rows.append(w.linear_layout([w.text_view(title, TEXT1)], height=126, weight=0))
            rows += [
                w.text_view(item, TEXT1, height=126, on_click=w.bind(handler, item))
                for item in items
            ]
        root = View(cls="android.widget.ListView", weight=0, children=rows)
        return Window(root=root, kind="menu", on_dismiss=self._dismiss_popups)

    def _dismiss_popups(self, ctx: AppContext) -> None:
        ctx.ui.pop("popup", None)
        ctx.ui.pop("menu", None)

    # -- the rename dialog ------------------------------------------------------------------
    def _rename_text(self, ctx: AppContext, text: str) -> None:
        ctx.ui["rename"]["text"] = text

    def _rename_confirm(self, ctx: AppContext) -> None:
        dialog = ctx.ui.pop("rename")
        package = dialog["package"]
        ctx.data["renames"].append(
            {"package": package, "name": dialog["text"], "old": _shown_name(ctx.data, package)}
        )
        self._on_confirm(ctx, package, dialog["text"])

    def _on_confirm(self, ctx: AppContext, package: str, name: str) -> None:
        # The bug: Builder.show() replaced the rename callback with the builder's null
        # OnConfirmListener, so DialogFragment.onConfirm has nothing to call.
        return None

    def _default_name(self, ctx: AppContext) -> None:
        package = ctx.ui.pop("rename")["package"]
        ctx.data["names"].pop(package, None)
        ctx.toast(f"The app name is now {_shown_name(ctx.data, package)}")

    def _rename_window(self, ctx: AppContext) -> Window:
        dialog = ctx.ui["rename"]
        field = w.edit_text("rename", dialog["text"], self._rename_text)
        buttons = [
            w.button("android:id/button3", "Default name", self._default_name),
            View(height=0, width=0),
            w.button("android:id/button2", "Cancel", w.bind(self._close, "rename")),
            w.button("android:id/button1", "Rename", self._rename_confirm),
        ]
        root = w.linear_layout(
            [
                w.text_view(RENAME_TITLE, "android:id/title"),
                w.linear_layout([field], rid="android:id/hint", weight=0),
                w.linear_layout(buttons, rid="buttonPanel", horizontal=True, height=140),
            ],
            weight=0,
        )
        return Window(root=root, on_dismiss=w.bind(self._close, "rename"))

    # -- screen -----------------------------------------------------------------------------
    def _row(self, label: str, package: str) -> View:
        return View(
            cls="android.view.ViewGroup",
            resource_id="linearLayout2",
            layout=HORIZONTAL,
            height=168,
            on_click=w.bind(self._launch, package),
            on_long_click=w.bind(self._open_popup, package),
            children=[
                w.image_view("android:id/icon", width=168),
                w.text_view(label, "item_app_name", height=168),
            ],
        )

    def _search_bar(self, ctx: AppContext, showing: bool) -> View:
        query = ctx.ui.get("query", "")
        if query or showing:
            end = w.image_view("clearButton", "Clear search bar", self._clear, width=147)
        else:
            end = w.image_view("menuButton", "Menu", self._open_menu, width=147)
        field = w.edit_text("launcherSearch", query, self._type, hint=HINT)
        return w.linear_layout(
            [
                w.image_view("launcherButton", "Show all apps", self._show_all, width=147),
                field,
                w.frame_layout([end], width=147),
            ],
            rid="searchBarContainer",
            horizontal=True,
            height=147,
        )

    def _open_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = True

    def render(self, ctx: AppContext) -> Screen:
        results = self._results(ctx)
        # the free space above the list (the result list stacks from the bottom)
        column: list[View] = [w.frame_layout(width=0)]
        if results and ctx.ui.get("mode") == "search":
            listing = View(
                cls="androidx.recyclerview.widget.RecyclerView",
                resource_id="resultList",
                scrollable=True,
                scroll_key="results",
                children=[self._row(label, pkg) for label, pkg in results],
            )
            column.append(w.frame_layout([listing], rid="resultLayout", weight=0))
        if ctx.ui.get("mode") == "search":
            column.append(self._search_bar(ctx, bool(results)))
        # root_layout's gesture detector: a tap on the empty screen toggles the modes
        root = w.frame_layout(
            [w.linear_layout(column)], rid="root_layout", layout=FRAME, on_click=self._toggle_mode
        )
        windows: list[Window] = []
        if ctx.ui.get("popup"):
            sections = list(POPUP)
            if ctx.ui["popup"] in USER_APPS:
                sections[-1] = ("Links", (*POPUP[-1][1], "Uninstall"))
            windows.append(self._popup_window(sections, self._popup_item))
        elif ctx.ui.get("menu"):
            windows.append(self._popup_window(list(MAIN_MENU), self._menu_item))
        if ctx.ui.get("rename"):
            windows.append(self._rename_window(ctx))
        return Screen(content=root, windows=windows)

    def on_back(self, ctx: AppContext) -> bool:
        # Behaviour.onBackPressed: clear the search, dm-search-back = showEmpty (the others
        # back to the search bar); not the default home, so the activity finishes.
        mode = ctx.ui.get("mode")
        ctx.ui.update(query="", all_apps=False, mode="empty" if mode == "search" else "search")
        return False


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    BUG: [
        # the dialog cancelled instead of confirmed
        [
            SHOW_ALL,
            _long_app("Firefox"),
            RENAME_ITEM,
            _type_name("Firefoxkkk"),
            click(PACKAGE, "android:id/button2", "Cancel"),
        ],
        # "Default name" instead of "Rename": its button listener still works
        [SHOW_ALL, _long_app("Firefox"), RENAME_ITEM, click(PACKAGE, "android:id/button3")],
        # "Rename" with the name left as it is
        [SHOW_ALL, _long_app("Firefox"), RENAME_ITEM, RENAME_BUTTON],
        # a tap on the app instead of a long press: it launches
        [SHOW_ALL, click(PACKAGE, "item_app_name", "Firefox")],
        # another popup item ("Hide") instead of "Rename app"
        [SHOW_ALL, _long_app("Firefox"), click(PACKAGE, TEXT1, "Hide")],
    ],
}
