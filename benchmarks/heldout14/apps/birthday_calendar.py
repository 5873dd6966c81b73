"""Birthday Calendar 1.7.9 (saschpe/BirthdayCalendar, package ``saschpe.contactevents``).

Sources read: saschpe/BirthdayCalendar at commit 0d42b62 (2020-03-21, "Merge pull request #22",
the 1.7.9 release b7db409, versionCode 160179), module ``mobile``: MainActivity,
OnBoardingActivity, SourcesFragment, BirthdaysFragment, ContactAccountListLoader,
PreferencesHelper, the layouts activity_main / activity_on_boarding / fragment_on_boarding /
fragment_sources / fragment_birthdays, menu/main.xml and values/strings.xml. The issue is
open: no fix commit.

Bug BirthdayCalendar#35 (crash): ``ContactAccountListLoader.loadInBackground`` reads the
ACCOUNT_NAME and ACCOUNT_TYPE of every row of ``ContactsContract.RawContacts`` and calls
``account_name.isEmpty()`` without a null check. A contact stored on the device itself (no
sync account) has a null ACCOUNT_NAME, so the loader throws a NullPointerException on the
loader's ModernAsyncTask thread, rethrown as "An error occurred while executing
doInBackground()". The loader runs from SourcesFragment once the calendar and contacts runtime
permissions are all granted: in onActivityCreated of a new MainActivity, or in
onRequestPermissionsResult when the MainActivity that asked comes back to the front.

The first run as the sources lay it out: MainActivity.onCreate starts OnBoardingActivity (three
slides: Never / Universal / Remember, SKIP, the indicator dots, the NEXT chevron, DONE on the
last slide); its fragments then request CALENDAR (READ/WRITE) and CONTACTS (READ_CONTACTS,
GET_ACCOUNTS), so the system dialogs come up over the intro, one per permission group. DONE and
SKIP start a new MainActivity (DONE also stores onboarding_finished). The MainActivity below the
intro gets its permission result only when it is back in front (Back out of the intro).

Fixed data instead of the device's contact provider: three raw contacts, one of them stored on
the phone only (account name and type null), the other two in a synced account. Nothing of the
network is used.

Stubbed: Settings and Help & feedback (a title and Navigate up); the calendar FAB tries to open
a calendar app, which this device has none of (the app's own snackbar and hide, as coded); the
Birthdays tab shows the empty event list (no sync has run).

Uncertain: whether the permission dialogs come up before or after the intro on the reporter's
phone (the order here follows the order of the startActivity calls in the sources); the stack
frames past those quoted in the report.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed
from device_agent.virtual.views import FRAME, Screen, View, Window

PKG = "saschpe.contactevents"
MAIN = ".app.MainActivity"
ONBOARDING = ".app.OnBoardingActivity"
SETTINGS = ".app.SettingsActivity"
HELP = ".app.HelpActivity"

CALENDAR = "android.permission.READ_CALENDAR"  # the CALENDAR group (READ and WRITE_CALENDAR)
CONTACTS = "android.permission.READ_CONTACTS"  # the CONTACTS group (READ_CONTACTS, GET_ACCOUNTS)

SLIDES = (
    (
        "Never",
        "Miss birthdays again. Get birthdays for all your social networks right inside Google "
        "Calendar.",
    ),
    (
        "Universal",
        "Supports Facebook, LinkedIn, Xing, Skype and all other apps which sync contacts with "
        "your Android device.",
    ),
    (
        "Remember",
        "Enable reminder alarms and decide which contacts you want to see. You'll get "
        "notifications for all of them.",
    ),
)
ACCOUNT_LIST_DESCRIPTION = (
    "Remind me about my contacts birthdays, anniversaries and other events from these accounts:"
)
NO_CALENDAR_APP = "You don't seem to have a Calendar app installed"

NPE_MESSAGE = (
    "Attempt to invoke virtual method 'boolean java.lang.String.isEmpty()' on a null object "
    "reference"
)
DO_IN_BACKGROUND = "An error occurred while executing doInBackground()"


def loader_crash() -> JavaException:
    """The crash of the reporter's build (R8-renamed support-library classes, as quoted)."""
    cause = JavaException(
        "java.lang.NullPointerException",
        NPE_MESSAGE,
        [
            "saschpe.birthdays.service.loader.ContactAccountListLoader.loadInBackground"
            "(SourceFile:9)",
            "saschpe.birthdays.service.loader.ContactAccountListLoader.loadInBackground"
            "(SourceFile:1)",
            "android.support.v4.content.AsyncTaskLoader.onLoadInBackground(SourceFile:1)",
            "android.support.v4.content.AsyncTaskLoader$a.a(SourceFile:2)",
            "android.support.v4.content.AsyncTaskLoader$a.a(SourceFile:1)",
            "android.support.v4.content.ModernAsyncTask$b.call(SourceFile:4)",
            "java.util.concurrent.FutureTask.run(FutureTask.java:264)",
        ],
    )
    return JavaException(
        "java.lang.RuntimeException",
        DO_IN_BACKGROUND,
        [
            "android.support.v4.content.ModernAsyncTask$c.done(SourceFile:6)",
            "java.util.concurrent.FutureTask.finishCompletion(FutureTask.java:381)",
            "java.util.concurrent.FutureTask.setException(FutureTask.java:250)",
            "java.util.concurrent.FutureTask.run(FutureTask.java:269)",
            "java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1145)",
            "java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:644)",
            "java.lang.Thread.run(Thread.java:1012)",
        ],
        cause=cause,
        thread="ModernAsyncTask #1",
    )


def loader_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of BirthdayCalendar#35: the contact account loader crashed."""
    return crashed(system, PKG, "java.lang.RuntimeException", "doInBackground")


HUMAN_STEPS = (
    allow_permission(PKG),  # calendar
    allow_permission(PKG),  # contacts
    click(PKG, "next", desc="Next"),
    click(PKG, "next", desc="Next"),
    click(PKG, "done", "DONE"),
)

WRONG_SEQUENCES = {
    "BirthdayCalendar#35": [
        # contacts refused: the sources list never loads
        [
            allow_permission(PKG),
            click(PKG, "com.android.permissioncontroller:id/permission_deny_button"),
            click(PKG, "next", desc="Next"),
            click(PKG, "next", desc="Next"),
            click(PKG, "done", "DONE"),
        ],
        # calendar refused
        [
            click(PKG, "com.android.permissioncontroller:id/permission_deny_button"),
            allow_permission(PKG),
            click(PKG, "next", desc="Next"),
            click(PKG, "next", desc="Next"),
            click(PKG, "done", "DONE"),
        ],
        # both allowed, still on the intro
        [
            allow_permission(PKG),
            allow_permission(PKG),
            click(PKG, "next", desc="Next"),
            click(PKG, "next", desc="Next"),
        ],
    ]
}


class BirthdayCalendar(VirtualApp):
    """Birthday Calendar 1.7.9: the intro, the Birthdays / Sources tabs and the account loader."""

    name: ClassVar[str] = "BirthdayCalendar"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "Birthday Calendar"
    version: ClassVar[str] = "1.7.9"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "BirthdayCalendar#35",
            "crash",
            "Startup crash",
            loader_crashed,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "prefs": {"first_run": True, "onboarding_finished": False},
            # Fixed data standing for ContactsContract.RawContacts on the device.
            "raw_contacts": [
                {"name": "Anna Berger", "account_name": None, "account_type": None},
                {
                    "name": "Ben Carter",
                    "account_name": "ben.owner@example.org",
                    "account_type": "org.example.sync",
                },
                {
                    "name": "Clara Diaz",
                    "account_name": "ben.owner@example.org",
                    "account_type": "org.example.sync",
                },
            ],
            "accounts": [],
        }

    # -- permissions and the loader -----------------------------------------------------------
    @staticmethod
    def _all_granted(ctx: AppContext) -> bool:
        return CALENDAR in ctx.permissions and CONTACTS in ctx.permissions

    def _load_contact_accounts(self, ctx: AppContext) -> None:
        """ContactAccountListLoader.loadInBackground: the null account name is dereferenced."""
        accounts = []
        for row in ctx.data["raw_contacts"]:
            name, kind = row["account_name"], row["account_type"]
            if name is None or kind is None:
                raise loader_crash()
            if name and kind and [name, kind] not in accounts:
                accounts.append([name, kind])
        ctx.data["accounts"] = accounts

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            ctx.ui.setdefault("tab", 1 if ctx.data["prefs"]["first_run"] else 0)
            if not ctx.data["prefs"]["onboarding_finished"]:
                ctx.start_activity(ONBOARDING)
            # SourcesFragment.onActivityCreated (the current page's fragment is added first)
            if self._all_granted(ctx):
                self._load_contact_accounts(ctx)
            else:
                for permission in (CALENDAR, CONTACTS):
                    if permission not in ctx.permissions:
                        ctx.request_permission(permission)
        elif ctx.activity == ONBOARDING:
            ctx.ui.setdefault("page", 0)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity == MAIN:
            if self._all_granted(ctx):
                self._load_contact_accounts(ctx)
        else:
            # delivered to the MainActivity below once it is back in front
            ctx.memory["pending_result"] = True

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and w.dismiss(ctx.ui, "menu"):
            return True
        if ctx.activity == ONBOARDING:
            ctx.finish()
            if ctx.memory.pop("pending_result", False) and self._all_granted(ctx):
                self._load_contact_accounts(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == ONBOARDING:
            return w.pager_swipe(ctx.ui, "page", len(SLIDES), direction)
        if ctx.activity == MAIN:
            return w.pager_swipe(ctx.ui, "tab", 2, direction)
        return False

    # -- handlers ------------------------------------------------------------------------------
    def _next(self, ctx: AppContext) -> None:
        ctx.ui["page"] = min(ctx.ui["page"] + 1, len(SLIDES) - 1)

    def _skip(self, ctx: AppContext) -> None:
        ctx.start_activity(MAIN)
        ctx.finish()

    def _done(self, ctx: AppContext) -> None:
        ctx.start_activity(MAIN)
        ctx.finish()
        ctx.data["prefs"]["onboarding_finished"] = True

    def _select_tab(self, ctx: AppContext, i: int) -> None:
        ctx.ui["tab"] = i

    def _open_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = True

    def _menu_open(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(activity)

    def _open_calendar(self, ctx: AppContext) -> None:
        # ACTION_VIEW content://com.android.calendar/time: no calendar app on this device
        ctx.ui["snackbar"] = NO_CALENDAR_APP
        ctx.ui["fab_hidden"] = True

    # -- screens -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == ONBOARDING:
            return self._onboarding(ctx)
        if ctx.activity == SETTINGS:
            return Screen(content=w.child_page("Settings"))
        if ctx.activity == HELP:
            return Screen(content=w.child_page("Help & feedback"))
        return self._main(ctx)

    def _onboarding(self, ctx: AppContext) -> Screen:
        page = ctx.ui.get("page", 0)
        title, description = SLIDES[page]
        last = page == len(SLIDES) - 1
        slide = View(
            cls="android.view.ViewGroup",
            resource_id="constraint_layout",
            children=[
                w.image_view("image", "Birthday Calendar", height=600),
                w.text_view(title, "title", height=160),
                w.text_view(description, "description", height=300),
            ],
        )
        dots = w.linear_layout(
            [
                w.image_view(rid, "Next", width=40, height=40, selected=i == page)
                for i, rid in enumerate(("indicator_one", "indicator_two", "indicator_three"))
            ],
            horizontal=True,
            width=200,
        )
        advance = (
            w.button("done", "DONE", self._done, width=300)
            if last
            else w.image_button("next", "Next", self._next, width=168)
        )
        bar = w.frame_layout(
            [
                w.linear_layout(
                    [w.button("skip", "SKIP", self._skip, width=300), dots, advance],
                    horizontal=True,
                    height=168,
                )
            ],
            height=168,
        )
        pager = View(
            cls="android.support.v4.view.ViewPager",
            resource_id="pager",
            children=[slide],
        )
        root = View(cls="android.view.ViewGroup", children=[pager, bar])
        return Screen(content=root)

    def _main(self, ctx: AppContext) -> Screen:
        tab = ctx.ui.get("tab", 0)
        bar = w.toolbar(
            "Birthday Calendar",
            actions=[
                w.action_item("settings", "Settings", w.bind(self._menu_open, SETTINGS)),
                w.overflow_button(self._open_menu),
            ],
        )
        tabs = w.tabs(
            ["BIRTHDAYS", "SOURCES"],
            tab,
            self._select_tab,
            rid="tab_layout",
            tab_cls="android.support.v7.app.ActionBar$Tab",
        )
        app_bar = w.linear_layout([bar, tabs], weight=0)
        page = self._birthdays_page(ctx) if tab == 0 else self._sources_page(ctx)
        pager = View(
            cls="android.support.v4.view.ViewPager", resource_id="view_pager", children=[page]
        )
        children = [w.linear_layout([app_bar, pager])]
        if not ctx.ui.get("fab_hidden"):
            children.append(w.fab("calendar_fab", "", self._open_calendar))
        if ctx.ui.get("snackbar"):
            children.append(
                w.text_view(ctx.ui["snackbar"], "snackbar_text", gravity="bottom_start", height=140)
            )
        root = View(
            cls="android.view.ViewGroup",
            resource_id="coordinator_layout",
            layout=FRAME,
            children=children,
        )
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [("Help & feedback", w.bind(self._menu_open, HELP))],
                    lambda c: c.ui.update(menu=False),
                )
            )
        return Screen(content=root, windows=windows)

    def _birthdays_page(self, ctx: AppContext) -> View:
        loaded = CALENDAR in ctx.permissions
        children = (
            [View(cls="android.support.v7.widget.RecyclerView", resource_id="recycler_view")]
            if loaded
            else [View(cls="android.widget.ProgressBar", resource_id="progress_bar", height=150)]
        )
        return View(cls="android.view.ViewGroup", resource_id="container", children=children)

    def _sources_page(self, ctx: AppContext) -> View:
        children: list[View] = [w.text_view(ACCOUNT_LIST_DESCRIPTION, "description", height=200)]
        accounts = ctx.data["accounts"]
        if accounts:
            rows = [
                w.list_row(f"{name} ({kind})", title_rid="title", height=168)
                for name, kind in accounts
            ]
            children.append(
                w.list_view(rows, rid="recycler_view", cls="android.support.v7.widget.RecyclerView")
            )
        else:
            children.append(
                View(cls="android.widget.ProgressBar", resource_id="progress_bar", height=150)
            )
        return View(cls="android.view.ViewGroup", resource_id="container", children=children)
