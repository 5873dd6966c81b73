"""Aard 2 (``itkach.aard2``) 0.14, for aard2-android#17.

Modelled from the sources of the 0.14 tag (commit ``bc96277``, "bump version"):
``AndroidManifest.xml`` (``minSdkVersion 15``, ``targetSdkVersion 19``: storage is an
install-time permission, so no permission dialog), ``MainActivity.java``, ``Application.java``,
``DictionariesFragment.java``, ``BaseListFragment.java``, ``BlobDescriptorListFragment.java``,
``LookupFragment.java``, ``SettingsListAdapter.java``, ``ArticleCollectionActivity.java``,
``res/layout/dictionaries_empty_view_extra.xml``, ``empty_view.xml``, ``action_lookup.xml``,
``res/menu/dictionaries.xml``, ``blob_descriptor_list.xml``, ``lookup.xml`` and
``res/values/strings.xml``; and the fix, commit ``b409110`` (in 0.15: "Prevent dictionary
discovery progress dialog from disappearing on touch outside, cancel discovery on back button"):

- ``MainActivity`` (Holo light theme, framework ActionBar in tab mode; ``configChanges``
  includes ``orientation``, so rotating does not re-create it): the action bar with the app
  icon (home enabled: it opens ``ArticleCollectionActivity`` for a random article, which with
  no dictionary toasts "Nothing found" and finishes), the title "Aard 2" and the subtitle of
  the current page, then the current page's menu items (icons, their titles as content
  descriptions); below it five icon-only tabs (Lookup, Bookmarks, History, Dictionaries,
  Settings) over a ``ViewPager`` (``pager``) that swipes between the pages;
- on creation, when no dictionary is known (``app.dictionaries.size() == 0``) the pager goes to
  Dictionaries and ``DictionariesFragment.findDictionaries()`` runs when the fragment attaches:
  it starts ``Application.findDictionaries`` (a thread scanning the device's storage for
  ``.slob`` files) and shows a ``ProgressDialog`` "Please wait" / "Scanning device for
  dictionaries..." that is dismissed when the scan's callback runs;
- the Dictionaries page, empty: the empty view ("No dictionaries", ``empty_text``) with
  ``dictionaries_empty_btn_scan`` "Find Dictionaries" and the home page link; its menu "Add"
  (``action_add_dictionaries``, opens ``FileSelectActivity``, a stub here) and "Find
  Dictionaries" (``action_find_dictionaries``);
- Lookup (the expanded ``SearchView`` "Lookup"; with no dictionary a query finds nothing),
  Bookmarks and History (empty views, "Filter", sort order and direction items) and Settings
  (its four items, not interactive) are small stubs.

Fixed device facts: the device's shared storage holds no ``.slob`` dictionary but many files,
so a scan outlasts a person's taps: the model has no clock, and a scan started in a process
runs until that process dies (a fresh start scans again). Not modelled: the scan's end (the
dialog closing by itself with still "No dictionaries"), the Settings page's controls and the
contents of ``FileSelectActivity``.

The bug (aard2-android#17, crash): in 0.14 the discovery ``ProgressDialog`` is cancelable, so
Back or a touch outside it closes it while the scan goes on. ``Application.findDictionaries``
throws ``RuntimeException("Dictionary discovery is already running")`` when its
``discoveryThread`` is still set, so tapping "Find Dictionaries" (the empty view's button, as
in the report's trace, or the action bar item) while the first-run scan runs crashes the app.
The frames are the report's (Application.java:282, DictionariesFragment.java:113 and :62);
framework frames are API 25's. Reopening the app after Back finished the activity, while the
scan still runs, meets the same exception in ``onAttach`` (a launch crash), as the real app.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.stacks import callback_frames, launch_frames
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "itkach.aard2"
MAIN = ".MainActivity"
FILE_SELECT = ".FileSelectActivity"

PAGES = ("Lookup", "Bookmarks", "History", "Dictionaries", "Settings")
DICTIONARIES = 3
RUNNING = "Dictionary discovery is already running"
FIND = "Find Dictionaries"

CLICK_FRAMES = (
    "android.view.View.performClick(View.java:5637)",
    "android.view.View$PerformClick.run(View.java:22429)",
    *callback_frames(25),
)
MENU_FRAMES = (
    "android.support.v4.app.Fragment.performOptionsItemSelected(Fragment.java:1792)",
    "android.support.v4.app.FragmentManagerImpl.dispatchOptionsItemSelected"
    "(FragmentManager.java:1981)",
    "android.support.v4.app.FragmentActivity.onMenuItemSelected(FragmentActivity.java:347)",
    "com.android.internal.policy.PhoneWindow.onMenuItemSelected(PhoneWindow.java:1249)",
    "com.android.internal.view.menu.MenuBuilder.dispatchMenuItemSelected(MenuBuilder.java:761)",
    "com.android.internal.view.menu.MenuItemImpl.invoke(MenuItemImpl.java:152)",
    "com.android.internal.view.menu.MenuBuilder.performItemAction(MenuBuilder.java:904)",
    "android.widget.ActionMenuView.invokeItem(ActionMenuView.java:616)",
    "com.android.internal.view.menu.ActionMenuItemView.onClick(ActionMenuItemView.java:152)",
    *CLICK_FRAMES,
)
ATTACH_FRAMES = (
    "android.support.v4.app.FragmentManagerImpl.moveToState(FragmentManager.java:871)",
    "android.support.v4.app.FragmentManagerImpl.moveToState(FragmentManager.java:1083)",
    "android.support.v4.app.BackStackRecord.run(BackStackRecord.java:635)",
    "android.support.v4.app.FragmentManagerImpl.execPendingActions(FragmentManager.java:1454)",
    "android.support.v4.app.FragmentActivity.onStart(FragmentActivity.java:545)",
    "android.app.Instrumentation.callActivityOnStart(Instrumentation.java:1248)",
    "android.app.Activity.performStart(Activity.java:6696)",
    *launch_frames(25, perform_line=2628),
)
APP_FRAMES = (
    f"{PACKAGE}.Application.findDictionaries(Application.java:282)",
    f"{PACKAGE}.DictionariesFragment.findDictionaries(DictionariesFragment.java:113)",
)


def _already_running(caller: tuple[str, ...]) -> JavaException:
    return JavaException("java.lang.RuntimeException", RUNNING, frames=[*APP_FRAMES, *caller])


def _discovery_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of aard2-android#17: the app died of the "already running" exception."""
    return crashed(system, PACKAGE, "java.lang.RuntimeException", RUNNING)


FIND_BUTTON = click(PACKAGE, "dictionaries_empty_btn_scan", FIND, cls="android.widget.Button")
BACK = {"kind": "press_back"}

BUG_17 = BugSpec(
    bug_id="aard2-android#17",
    kind="crash",
    title="V 0.14 slob search",
    oracle=_discovery_crash,
    human_steps=(
        BACK,  # closes the first-run "Scanning device for dictionaries..." dialog
        FIND_BUTTON,
    ),
)

WRONG_SEQUENCES = {
    "aard2-android#17": (
        # Back twice: the dialog closes, then MainActivity finishes; nothing searches again.
        (BACK, BACK),
        # "Add" instead of "Find Dictionaries".
        (
            BACK,
            click(PACKAGE, "action_add_dictionaries", desc="Add", cls="android.widget.TextView"),
        ),
        # A restart between: the old scan dies with its process, the new one's dialog is up.
        (BACK, {"kind": "restart_app"}, BACK),
        # Another page: no "Find Dictionaries" there.
        (BACK, {"kind": "swipe", "direction": "right"}),
    )
}


class Aard2(VirtualApp):
    """Aard 2 0.14: the tabbed main screen, the first-run dictionary scan and its dialog."""

    name: ClassVar[str] = "aard2-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Aard 2"
    version: ClassVar[str] = "0.14"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_17,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "dictionaries": [],  # DescriptorStore "dictionaries": none on the device
            "remote_content": "wifi",
            "sort": {"bookmarks": ["TIME", False], "history": ["TIME", False]},
        }

    # -- lifecycle -------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN or ctx.ui.get("created"):
            return  # MainActivity handles rotation itself: nothing re-runs
        ctx.ui.update(created=True, page=0, progress=False, query="", searched="")
        if not ctx.data["dictionaries"]:
            ctx.ui["page"] = DICTIONARIES
            # The fragment is not attached yet: findDictionariesOnAttach, then onAttach.
            attach = "itkach.aard2.DictionariesFragment.onAttach(DictionariesFragment.java:126)"
            self.find_dictionaries(ctx, (attach, *ATTACH_FRAMES), launching=True)

    def find_dictionaries(
        self, ctx: AppContext, caller: tuple[str, ...], *, launching: bool = False
    ) -> None:
        """``DictionariesFragment.findDictionaries`` and ``Application.findDictionaries``."""
        if ctx.memory.get("discovery_running"):
            if launching:  # thrown from onStart: the launch fails
                component = f"ComponentInfo{{{PACKAGE}/{PACKAGE}.MainActivity}}"
                raise JavaException(
                    "java.lang.RuntimeException",
                    f"Unable to start activity {component}: java.lang.RuntimeException: {RUNNING}",
                    frames=launch_frames(25),
                    cause=_already_running(caller),
                )
            raise _already_running(caller)
        ctx.memory["discovery_running"] = True  # discoveryThread; the scan never ends here
        ctx.ui["progress"] = True

    # -- handlers --------------------------------------------------------------------------
    def select_page(self, ctx: AppContext, page: int) -> None:
        ctx.ui["page"] = page

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN:
            return False
        return w.pager_swipe(ctx.ui, "page", len(PAGES), direction)

    def dismiss_progress(self, ctx: AppContext) -> None:
        ctx.ui["progress"] = False  # ProgressDialog.cancel(): the scan goes on

    def find_from_button(self, ctx: AppContext) -> None:
        self.find_dictionaries(
            ctx,
            (
                "itkach.aard2.DictionariesFragment$1.onClick(DictionariesFragment.java:62)",
                *CLICK_FRAMES,
            ),
        )

    def find_from_menu(self, ctx: AppContext) -> None:
        self.find_dictionaries(
            ctx,
            (
                "itkach.aard2.DictionariesFragment.onOptionsItemSelected"
                "(DictionariesFragment.java:90)",
                *MENU_FRAMES,
            ),
        )

    def random_article(self, ctx: AppContext) -> None:
        ctx.toast("Nothing found")  # ArticleCollectionActivity "showRandom", then finish()

    def lookup(self, ctx: AppContext, text: str) -> None:
        ctx.ui["query"] = text
        ctx.ui["searched"] = text  # no dictionary: the result list stays empty

    def toggle_sort(self, ctx: AppContext, ns: str, which: int) -> None:
        order, ascending = ctx.data["sort"][ns]
        if which == 0:
            order = "NAME" if order == "TIME" else "TIME"
        else:
            ascending = not ascending
        ctx.data["sort"][ns] = [order, ascending]

    # -- screens ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == FILE_SELECT:
            return Screen(content=w.child_page("Select Dictionary File"))
        page = ctx.ui.get("page", 0)
        windows: list[Window] = []
        if ctx.ui.get("progress"):
            windows.append(self.progress_dialog())
        content = w.linear_layout(
            [
                self.action_bar(ctx, page),
                View(
                    cls="android.widget.HorizontalScrollView",
                    layout=HORIZONTAL,
                    height=126,
                    children=[
                        View(
                            cls="android.app.ActionBar$Tab",
                            selected=page == i,
                            on_click=w.bind(self.select_page, i),
                            naf=True,
                            children=[w.image_view(height=126)],
                        )
                        for i in range(len(PAGES))
                    ],
                ),
                View(
                    cls="android.support.v4.view.ViewPager",
                    resource_id="pager",
                    children=[self.page(ctx, page)],
                ),
            ]
        )
        return Screen(content=content, windows=windows)

    def progress_dialog(self) -> Window:
        body = w.linear_layout(
            [
                View(
                    cls="android.widget.ProgressBar", resource_id="android:id/progress", width=147
                ),
                w.dialog_message("Scanning device for dictionaries..."),
            ],
            rid="android:id/body",
            horizontal=True,
            weight=0,
        )
        return w.alert_dialog(w.dialog_title("Please wait"), [body], [], self.dismiss_progress)

    def action_bar(self, ctx: AppContext, page: int) -> View:
        home = w.frame_layout(
            [w.image_view("android:id/home")],
            content_desc="Navigate home",
            on_click=self.random_article,
            width=147,
        )
        titles = w.linear_layout(
            [
                w.text_view("Aard 2", "android:id/action_bar_title", height=80),
                w.text_view(PAGES[page], "android:id/action_bar_subtitle", height=67),
            ]
        )
        return w.toolbar(
            titles,
            navigation=home,
            actions=self.actions(ctx, page),
            rid="android:id/action_bar",
        )

    def actions(self, ctx: AppContext, page: int) -> list[View]:
        if page == DICTIONARIES:
            return [
                w.action_item(
                    "action_add_dictionaries",
                    "Add",
                    lambda c: c.start_activity(FILE_SELECT),
                ),
                w.action_item("action_find_dictionaries", FIND, self.find_from_menu),
            ]
        if page == 0:
            search = w.edit_text(
                "android:id/search_src_text", ctx.ui.get("query", ""), self.lookup, hint="Lookup"
            )
            return [w.linear_layout([search], rid="fldLookup", width=560)]
        if page in (1, 2):
            ns = "bookmarks" if page == 1 else "history"
            order, ascending = ctx.data["sort"][ns]
            return [
                w.action_item("action_filter", "Filter", None),
                w.action_item(
                    "action_sort_asc",
                    "Ascending" if ascending else "Descending",
                    w.bind(self.toggle_sort, ns, 1),
                ),
                w.action_item(
                    "action_sort_order",
                    "By Time" if order == "TIME" else "By Title",
                    w.bind(self.toggle_sort, ns, 0),
                ),
            ]
        return []

    def empty_view(self, text: str, extra: list[View] | None = None) -> View:
        row = w.linear_layout(
            [w.image_view("empty_icon"), w.text_view(text, "empty_text")],
            horizontal=True,
            weight=0,
        )
        return w.linear_layout([row, *(extra or [])])

    def page(self, ctx: AppContext, page: int) -> View:
        if page == DICTIONARIES:
            extra = w.linear_layout(
                [
                    w.button("dictionaries_empty_btn_scan", FIND, self.find_from_button, width=640),
                    w.text_view("http://aarddict.org"),
                ],
                weight=0,
            )
            return self.empty_view("No dictionaries", [extra])
        if page == 0:
            return self.empty_view("Nothing found" if ctx.ui.get("searched") else "")
        if page == 1:
            return self.empty_view("No bookmarks")
        if page == 2:
            return self.empty_view("No history")
        remote = {"always": "Always", "wifi": "When on Wi-Fi", "never": "Never"}
        return View(
            cls="android.widget.ListView",
            resource_id="android:id/list",
            children=[
                w.linear_layout(
                    [
                        w.text_view("Load Remote Content"),
                        w.text_view(remote[ctx.data["remote_content"]]),
                    ],
                    weight=0,
                ),
                w.linear_layout([w.text_view("User Styles"), w.text_view("No styles")], weight=0),
                w.linear_layout(
                    [
                        w.text_view("Clear Cache"),
                        w.text_view("Delete cached content including remote images"),
                    ],
                    weight=0,
                ),
                w.linear_layout(
                    [w.text_view("About Aard 2"), w.text_view("Version 0.14")], weight=0
                ),
            ],
        )
