"""Android Money Manager Ex (``com.money.manager.ex``, moneymanagerex/android-money-manager-ex),
two builds: 2019.02.28.997-beta (versionCode 997), the build published when #1341 was filed
(2019-03-29), and 2018.02.26.981, the last release before #1232 was filed (2018-04-30; the
report names no version).

A personal finance manager: accounts, transactions, budgets, reports, kept in an SQLite
database file the user creates or opens on the first run.

Sources read at commit fd2bc6f76 ("v2019.02.28.997-beta", tag ``2019.02.28.997-beta``):
``AndroidManifest.xml``, ``home/MainActivity.java`` (``showPrerequisite``, the drawer's
``getDrawerMenuItems``/``createExpandableDrawer``, ``onDrawerMenuAndOptionMenuSelected``,
``showCurrentDatabasePath``), ``home/HomeFragment.java`` (``createWelcomeView``),
``tutorial/TutorialActivity.java`` and ``TutorialPagerAdapter.java``,
``settings/GeneralSettingsActivity.java``/``GeneralSettingsFragment.java``/
``BaseSettingsFragmentActivity.java``, ``home/SelectDatabaseActivity.java``,
``home/CreateDatabaseActivity.java``, ``core/database/DatabaseManager.java`` (the default
database path), ``budget/BudgetsActivity``, ``BudgetListFragment``, ``BudgetEditActivity``,
``common/BaseListFragment``, the layouts ``activity_tutorial``, ``fragment_tutorial_*``,
``activity_select_database``, ``activity_create_database``, ``main_activity``,
``merge_drawer``, ``item_drawer_group``/``item_drawer_child``, ``home_fragment``,
``welcome_layout``, ``activity_budgets``, ``abs_list_fragment``, ``activity_budget_edit``,
``xml/preferences_general.xml``, ``arrays.xml`` and ``values/strings.xml``; and their diff to
tag ``2018.02.26.981`` (commit fcc4ea08c): the same code on the support library
(``android.support.*`` classes), plus a sync paragraph and "Configure Synchronization" button
on the database chooser.

Bug android-money-manager-ex#1341 (crash, 2019.02.28.997-beta). The app moved to AndroidX on
2019-02-09 (``android.useAndroidX=true``; Jetifier rewrites libraries, not the app's own
layouts), but ``res/layout/activity_budget_edit.xml`` still declares its Toolbar as
``<android.support.v7.widget.Toolbar>`` (line 64). The Budgets screen's "+" FAB
(``BudgetListFragment.onFloatingActionButtonClicked`` -> ``createBudget``) starts
``BudgetEditActivity``, whose ``onCreate`` calls ``setContentView(R.layout.activity_budget_edit)``
(``BudgetEditActivity.java:57``): the LayoutInflater finds no such class in the APK and the
launch dies with ``RuntimeException: Unable to start activity`` caused by ``InflateException``
caused by ``ClassNotFoundException``. Fix: commit cd0a91a6c ("Update androidx namespaces in
layouts", 2019-03-24), first released in 2019.03.30.998-beta, the build a commenter says no
longer crashes. In 981 the class exists and the editor opens (a stub screen here).

Bug android-money-manager-ex#1232 (crash, 2018.02.26.981; the code is the same in 997).
``GeneralSettingsActivity.onCreate`` always calls ``setSettingFragment(new
GeneralSettingsFragment())``, which ``replace``s the fragment the framework has just restored.
A ListPreference's dialog (``ListPreferenceDialogFragmentCompat``, restored too) keeps the
restored fragment as its target; after the first rotation that fragment is removed, and the
second rotation's ``FragmentManagerImpl.saveAllState`` throws ``IllegalStateException: Failure
saving state: ... has target not in fragment manager``. One rotation, or closing the dialog
first, does not crash. The issue was closed in 2024 unreproduced (later builds use newer
fragment libraries); there is no trace or fix commit: the message follows the support
library's text, the fragments' hash codes are made up, the frames are the library's and API
25's relaunch path with approximate line numbers.

First run (as the code does it): ``MainActivity`` sends a fresh install to the tutorial (five
swipeable pages and a "Close" text); "Close" opens the General settings, and coming back from
them marks the tutorial seen and restarts ``MainActivity``, which, with no database yet, opens
``SelectDatabaseActivity`` (asks for the storage permission); "Create database" opens
``CreateDatabaseActivity``, which creates ``data.mmb`` at once (in ``/storage/emulated/0/
MoneyManagerEx`` with the permission, else in the app's external files directory) and enables
"Run Money Manager Ex"; the main screen then shows the welcome view (no accounts) and a toast
with the database path. The toolbar's drawer toggle has the content description "Open"
(``R.string.open``, ActionBarDrawerToggle's open description). The General settings' four
ListPreferences open their single-choice dialogs (entries from ``arrays.xml``, Cancel).

Stubbed: choosing a language or theme stores it but neither recreates the screen nor changes
the UI language (``restartActivity``); the drawer entries other than Home, Budgets and the two
expandable groups (each opens a screen with its title and an up arrow), the recent database
and "Other" entries (they close the drawer), the welcome view's buttons, Open Database's
document picker, Configure Synchronization (stub screens), the budget list's rows and context
menu (the fresh database has no budgets). The model keeps the finished TutorialActivity under
the database chooser and finishes both when Back would leave the app. Uncertain: whether the
"Close" text shows in capitals in a dump (``textAllCaps``; API 25's accessibility text is the
untransformed "Close"); the drawer header's texts (left empty); the tutorial's images (no
text); the ids of the support library's preference list (``list``) and of AppCompat's dialog
parts (the toolkit's ``android:id`` ones are used).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed
from device_agent.virtual.stacks import launch_frames, message_frames
from device_agent.virtual.views import FRAME, Screen, View

PACKAGE = "com.money.manager.ex"
APP_NAME = "Money Manager Ex"
MAIN = ".home.MainActivity"
TUTORIAL = ".tutorial.TutorialActivity"
GENERAL = ".settings.GeneralSettingsActivity"
SELECT_DB = ".home.SelectDatabaseActivity"
CREATE_DB = ".home.CreateDatabaseActivity"
BUDGETS = ".budget.BudgetsActivity"
BUDGET_EDIT = ".budget.BudgetEditActivity"
STUB = ".StubActivity"
READ_STORAGE = "android.permission.READ_EXTERNAL_STORAGE"
OVER_TUTORIAL = "over_tutorial"  # an extra of the model's (see _close_general)
PUBLIC_DB = "/storage/emulated/0/MoneyManagerEx/data.mmb"
PRIVATE_DB = "/storage/emulated/0/Android/data/com.money.manager.ex/files/databases/data.mmb"

# TutorialPagerAdapter: (title, descriptions) of each page.
TUTORIAL_PAGES = (
    (
        "Accounts",
        (
            "Multiple account types: checking, savings, credit, assets, and investments.",
            "Swipe left to continue…",
        ),
    ),
    ("Transactions", ("Deposits, withdrawals, transfers. Recurring transactions with reminders.",)),
    ("Global", ("Multiple currencies and languages. Open Source. Join our translation team.",)),
    ("Financial Overview", ("Quick overview dashboard, budgets, reports with customizations.",)),
    (
        "Sync",
        (
            "Support for multiple platforms, synchronization via multiple cloud services. "
            "Import and export of your data to other applications.",
        ),
    ),
)
LOCALES = (
    "Default",
    "Arabic",
    "Bosanski",
    "Čeština",
    "Dansk",
    "Deutsch",
    "Ελληνικά",
    "English",
    "Español",
    "Français",
    "עברית",
    "Magyar",
    "bahasa Indonesia",
    "Italiano",
    "日本語",
    "Nederlands",
    "Polski",
    "Português",
    "Português Brasileiro",
    "Română",
    "Русский",
    "slovenský",
    "Türkçe",
    "українська",
    "Tiếng Việt",
    "简体中文",
    "正體中文",
)
# preferences_general.xml: (title, entries, the default entry, whether the fragment writes the
# entry as summary). Theme has no summary set.
GENERAL_PREFS: tuple[tuple[str, tuple[str, ...], int, bool], ...] = (
    ("Application Language", LOCALES, 0, True),
    ("Theme", ("Material Light", "Material Dark"), 0, False),
    ("Default Status", ("None", "Reconciled", "Void", "Follow-up", "Duplicate"), 0, True),
    ("Default Payee", ("None", "Last"), 0, True),
)
# getDrawerMenuItems, in order; the groups with children (createExpandableDrawer).
DRAWER = (
    "Home",
    "Open Database",
    "Synchronize",
    "Entities",
    "Recurring Transactions",
    "Budgets",
    "Asset Allocation",
    "Search",
    "Reports",
    "Settings",
    "Donate",
    "About",
)
ENTITIES = ("Accounts", "Categories", "Currencies", "Payees")
WELCOME_BODY = (
    "All transactions in MoneyManagerEx belong to accounts.\n\nYou currently have no visible "
    "accounts. Either adjust the filter for visible accounts in the Settings, or select one of "
    "the options below."
)

TOOLBAR_CLS = "android.support.v7.widget.Toolbar"
INFLATE_MESSAGE = "Binary XML file line #64: Error inflating class " + TOOLBAR_CLS


def _inflate_crash() -> JavaException:
    """BudgetEditActivity.onCreate's setContentView on a layout naming the pre-AndroidX
    Toolbar: Unable to start activity, caused by InflateException, by ClassNotFoundException."""
    not_found = JavaException(
        "java.lang.ClassNotFoundException",
        f'Didn\'t find class "{TOOLBAR_CLS}" on path: DexPathList[[zip file '
        '"/data/app/com.money.manager.ex-1/base.apk"],nativeLibraryDirectories='
        "[/data/app/com.money.manager.ex-1/lib/x86, /system/lib, /vendor/lib]]",
        frames=[
            "dalvik.system.BaseDexClassLoader.findClass(BaseDexClassLoader.java:56)",
            "java.lang.ClassLoader.loadClass(ClassLoader.java:380)",
            "java.lang.ClassLoader.loadClass(ClassLoader.java:312)",
            "android.view.LayoutInflater.createView(LayoutInflater.java:609)",
            "android.view.LayoutInflater.createViewFromTag(LayoutInflater.java:787)",
        ],
    )
    inner = JavaException(
        "android.view.InflateException",
        INFLATE_MESSAGE,
        frames=[
            "android.view.LayoutInflater.createView(LayoutInflater.java:645)",
            "android.view.LayoutInflater.createViewFromTag(LayoutInflater.java:787)",
            "android.view.LayoutInflater.rInflate(LayoutInflater.java:858)",
            "android.view.LayoutInflater.rInflateChildren(LayoutInflater.java:820)",
            "android.view.LayoutInflater.rInflate(LayoutInflater.java:861)",
            "android.view.LayoutInflater.rInflateChildren(LayoutInflater.java:820)",
            "android.view.LayoutInflater.inflate(LayoutInflater.java:515)",
        ],
        cause=not_found,
    )
    outer_message = f"Binary XML file line #64: {INFLATE_MESSAGE}"
    inflate = JavaException(
        "android.view.InflateException",
        outer_message,
        frames=[
            "android.view.LayoutInflater.inflate(LayoutInflater.java:539)",
            "android.view.LayoutInflater.inflate(LayoutInflater.java:423)",
            "android.view.LayoutInflater.inflate(LayoutInflater.java:374)",
            "androidx.appcompat.app.AppCompatDelegateImpl.setContentView"
            "(AppCompatDelegateImpl.java:469)",
            "androidx.appcompat.app.AppCompatActivity.setContentView(AppCompatActivity.java:140)",
            "com.money.manager.ex.budget.BudgetEditActivity.onCreate(BudgetEditActivity.java:57)",
            "android.app.Activity.performCreate(Activity.java:6679)",
            "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1118)",
            *launch_frames(25, perform_line=2618),
        ],
        cause=inner,
    )
    return JavaException(
        "java.lang.RuntimeException",
        "Unable to start activity ComponentInfo{com.money.manager.ex/"
        "com.money.manager.ex.budget.BudgetEditActivity}: android.view.InflateException: "
        + outer_message,
        frames=launch_frames(25),
        cause=inflate,
    )


def _saving_crash(lib: str, frames: list[str]) -> JavaException:
    """FragmentManagerImpl.saveAllState on a ListPreference dialog whose target fragment was
    replaced: ``lib`` is the fragment library's package prefix."""
    preference = (
        "android.support.v7.preference" if lib.startswith("android.") else "androidx.preference"
    )
    return JavaException(
        "java.lang.IllegalStateException",
        f"Failure saving state: ListPreferenceDialogFragmentCompat{{5a1f0e2 #1 {preference}"
        ".PreferenceFragment.DIALOG} has target not in fragment manager: "
        "GeneralSettingsFragment{8c3b7d4}",
        frames=frames,
    )


def settings_dialog_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of android-money-manager-ex#1232: saving the General settings' state with
    a list dialog whose target fragment was replaced."""
    return crashed(
        system,
        PACKAGE,
        "java.lang.IllegalStateException",
        "Failure saving state",
        "has target not in fragment manager",
    )


def budget_editor_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of android-money-manager-ex#1341: BudgetEditActivity failed to inflate."""
    return crashed(system, PACKAGE, "", "BudgetEditActivity", TOOLBAR_CLS)


# -- steps -------------------------------------------------------------------------------------
CLOSE_TUTORIAL = click(PACKAGE, "skipTextView", "Close")
BACK = {"kind": "press_back"}
ALLOW = allow_permission(PACKAGE)
CREATE = click(PACKAGE, "createDatabaseButton", "Create database")
RUN = click(PACKAGE, "runButton", "Run Money Manager Ex")
OPEN_DRAWER = click(PACKAGE, desc="Open", cls="android.widget.ImageButton")
BUDGETS_ITEM = click(PACKAGE, "textViewItem", "Budgets")
FAB = click(PACKAGE, "fab", cls="android.widget.ImageButton")
FIRST_RUN = [CLOSE_TUTORIAL, BACK, ALLOW, CREATE, RUN]
LANGUAGE = click(PACKAGE, "android:id/title", "Application Language")
LANDSCAPE = {"kind": "rotate", "orientation": "landscape"}
PORTRAIT = {"kind": "rotate", "orientation": "portrait"}


class MoneyManagerEx(VirtualApp):
    """Money Manager Ex 2019.02.28.997-beta: the first run, the drawer and the Budgets list."""

    name: ClassVar[str] = "android-money-manager-ex"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "2019.02.28.997-beta"
    launch_activity: ClassVar[str] = MAIN
    # AndroidX since 2019-02-09; the support library before.
    fragment_lib: ClassVar[str] = "androidx.fragment.app"
    appcompat: ClassVar[str] = "androidx.appcompat.app"
    viewpager_cls: ClassVar[str] = "androidx.viewpager.widget.ViewPager"
    drawer_cls: ClassVar[str] = "androidx.drawerlayout.widget.DrawerLayout"
    preference_list: ClassVar[tuple[str, str]] = (
        "recycler_view",
        "androidx.recyclerview.widget.RecyclerView",
    )
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "android-money-manager-ex#1341",
            "crash",
            "App crashed when I tapped the plus sign on the Budget list.",
            budget_editor_crashed,
            human_steps=(*FIRST_RUN, OPEN_DRAWER, BUDGETS_ITEM, FAB),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "show_tutorial": True,
            "db_path": "",
            "last_db_shown": "",
            "budgets": [],
            "prefs": [default for _, _, default, _ in GENERAL_PREFS],
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        act = ctx.activity
        if act == MAIN:
            # showPrerequisite: the tutorial first, then a database.
            if ctx.data["show_tutorial"] or not ctx.data["db_path"]:
                ctx.start_activity(TUTORIAL if ctx.data["show_tutorial"] else SELECT_DB)
                ctx.finish()
                return
            ctx.ui.setdefault("drawer", False)
            ctx.ui.setdefault("expanded", [])
            path = ctx.data["db_path"]
            if ctx.data["last_db_shown"] != path:  # showCurrentDatabasePath
                ctx.data["last_db_shown"] = path
                ctx.toast(f"You're using the database saved in: {path}")
        elif act == TUTORIAL:
            ctx.ui.setdefault("page", 0)
        elif act == SELECT_DB:
            if READ_STORAGE not in ctx.permissions:  # requestExternalStoragePermissions
                ctx.request_permission(READ_STORAGE)
        elif act == CREATE_DB:
            self._create_database(ctx)
        elif act == GENERAL:
            # setSettingFragment: every onCreate replaces the (restored) fragment with a new one.
            ctx.ui["fragment"] = ctx.ui.get("fragment", 0) + 1
            ctx.ui.setdefault("dialog", None)
        elif act == BUDGET_EDIT:
            self._budget_editor(ctx)

    def _budget_editor(self, ctx: AppContext) -> None:
        raise _inflate_crash()

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        dialog = ctx.ui.get("dialog") if ctx.activity == GENERAL else None
        if dialog is not None and dialog["target"] != ctx.ui["fragment"]:
            # The restored dialog still targets the fragment setSettingFragment replaced.
            raise _saving_crash(self.fragment_lib, self._saving_frames())
        return dict(ctx.ui)

    def _saving_frames(self) -> list[str]:
        lib = self.fragment_lib
        return [
            f"{lib}.FragmentManagerImpl.saveAllState(FragmentManager.java:2939)",
            f"{lib}.FragmentController.saveAllState(FragmentController.java:125)",
            f"{lib}.FragmentActivity.onSaveInstanceState(FragmentActivity.java:528)",
            f"{self.appcompat}.AppCompatActivity.onSaveInstanceState(AppCompatActivity.java:509)",
            "com.money.manager.ex.common.MmxBaseFragmentActivity.onSaveInstanceState"
            "(MmxBaseFragmentActivity.java:130)",
            "android.app.Activity.performSaveInstanceState(Activity.java:1388)",
            "android.app.Instrumentation.callActivityOnSaveInstanceState(Instrumentation.java:1286)",
            "android.app.ActivityThread.callCallActivityOnSaveInstanceState(ActivityThread.java:4500)",
            "android.app.ActivityThread.handleRelaunchActivity(ActivityThread.java:4452)",
            "android.app.ActivityThread.-wrap15(ActivityThread.java)",
            "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1537)",
            *message_frames(25),
        ]

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and w.dismiss(ctx.ui, "drawer"):
            return True
        if ctx.activity in (MAIN, SELECT_DB) and ctx.extras.get(OVER_TUTORIAL):
            ctx.finish()
            ctx.finish()
            return True
        if ctx.activity == GENERAL and ctx.extras.get("from_tutorial"):
            self._close_general(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == TUTORIAL:
            return w.pager_swipe(ctx.ui, "page", len(TUTORIAL_PAGES), direction)
        return False

    # -- handlers ----------------------------------------------------------------------------
    def _close_general(self, ctx: AppContext) -> None:
        """Up or Back on the settings; TutorialActivity.onActivityResult (any result) marks the
        tutorial seen, starts MainActivity and finishes."""
        from_tutorial = bool(ctx.extras.get("from_tutorial"))
        ctx.finish()
        if from_tutorial:
            ctx.data["show_tutorial"] = False
            # MainActivity.showPrerequisite at once starts SelectDatabaseActivity and finishes.
            # The model keeps the finished TutorialActivity below it (``OVER_TUTORIAL``): a Back
            # that would leave the app finishes both (on_back).
            ctx.start_activity(MAIN if ctx.data["db_path"] else SELECT_DB, {OVER_TUTORIAL: True})

    def _create_database(self, ctx: AppContext) -> None:
        """CreateDatabaseActivity.createDatabase: data.mmb at the default location."""
        granted = READ_STORAGE in ctx.permissions
        ctx.data["db_path"] = PUBLIC_DB if granted else PRIVATE_DB
        ctx.toast("Database successfully created")

    def _run(self, ctx: AppContext) -> None:
        """getMainActivityNew: NEW_TASK | CLEAR_TASK."""
        extras = {OVER_TUTORIAL: bool(ctx.extras.get(OVER_TUTORIAL))}
        ctx.finish()
        ctx.finish()
        ctx.start_activity(MAIN, extras)

    def _drawer_group(self, ctx: AppContext, title: str) -> None:
        if title in ("Open Database", "Entities"):  # groups with children expand
            w.toggle(ctx.ui["expanded"], title)
            return
        ctx.ui["drawer"] = False
        if title == "Budgets":
            ctx.start_activity(BUDGETS)
        elif title != "Home":
            ctx.start_activity(STUB, {"title": title})

    def _drawer_child(self, ctx: AppContext, title: str) -> None:
        ctx.ui["drawer"] = False
        if title in ENTITIES:
            ctx.start_activity(STUB, {"title": title})

    def _open(self, ctx: AppContext, title: str) -> None:
        ctx.start_activity(STUB, {"title": title})

    # -- screens -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        act = ctx.activity
        if act == TUTORIAL:
            return self._tutorial(ctx)
        if act == GENERAL:
            return self._general(ctx)
        if act == SELECT_DB:
            return self._select_db()
        if act == CREATE_DB:
            return self._create_db(ctx)
        if act == MAIN:
            return self._main(ctx)
        if act == BUDGETS:
            return self._budgets()
        title = "Budget" if act == BUDGET_EDIT else ctx.extras.get("title", APP_NAME)
        bar = w.toolbar(title, navigation=w.up_button())
        return Screen(content=w.linear_layout([bar, w.scroll_view([])]))

    def _tutorial(self, ctx: AppContext) -> Screen:
        title, texts = TUTORIAL_PAGES[ctx.ui["page"]]
        ids = ("textViewDescription", "textViewDescription2")
        page = w.linear_layout(
            [
                View(
                    cls="com.caverock.androidsvg.SVGImageView", resource_id="imageView", height=700
                ),
                w.text_view(title, "textViewTitle", height=200),
                *[w.text_view(t, rid, height=250) for t, rid in zip(texts, ids, strict=False)],
            ]
        )
        pager = View(
            cls=self.viewpager_cls,
            resource_id="viewpager_default",
            children=[page],
        )
        bottom = w.relative_layout(
            [
                View(
                    cls="me.relex.circleindicator.CircleIndicator", resource_id="indicator_default"
                ),
                w.text_view(
                    "Close",
                    "skipTextView",
                    on_click=lambda c: c.start_activity(GENERAL, {"from_tutorial": True}),
                    width=300,
                ),
            ],
            layout="horizontal",
            height=168,
            weight=0,
        )
        return Screen(content=w.linear_layout([w.relative_layout([pager, bottom])]))

    def _general(self, ctx: AppContext) -> Screen:
        bar = w.toolbar("General", navigation=w.up_button(self._close_general))
        chosen = ctx.data["prefs"]
        rows = [
            w.preference(title, entries[chosen[i]] if shown else "", w.bind(self._open_pref, i))
            for i, (title, entries, _, shown) in enumerate(GENERAL_PREFS)
        ]
        rid, cls = self.preference_list
        listing = w.list_view(rows, rid=rid, cls=cls)
        windows = []
        dialog = ctx.ui["dialog"]
        if dialog is not None:
            title, entries, _, _ = GENERAL_PREFS[dialog["pref"]]
            close = w.bind(self._close_pref)
            windows.append(
                w.long_choice_dialog(
                    title,
                    entries,
                    chosen[dialog["pref"]],
                    self._choose_pref,
                    close,
                    negative=("Cancel", close),
                    visible_rows=8 if ctx.orientation == "portrait" else 3,
                )
            )
        content = w.linear_layout([bar, w.frame_layout([listing], rid="content")])
        return Screen(content=content, windows=windows)

    def _open_pref(self, ctx: AppContext, pref: int) -> None:
        """onDisplayPreferenceDialog: a ListPreferenceDialogFragmentCompat targeting the
        fragment now shown."""
        ctx.ui["dialog"] = {"pref": pref, "target": ctx.ui["fragment"]}

    def _close_pref(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _choose_pref(self, ctx: AppContext, index: int) -> None:
        ctx.data["prefs"][ctx.ui["dialog"]["pref"]] = index
        ctx.ui["dialog"] = None

    def _select_db(self) -> Screen:
        body = w.linear_layout(
            [
                w.text_view(
                    "To start using Money Manager Ex, you need to have a database file to store "
                    "your data. Please select one of the available options below.",
                    height=200,
                ),
                w.text_view("You can create a new file and set up the initial preferences."),
                w.button(
                    "createDatabaseButton",
                    "Create database",
                    lambda c: c.start_activity(CREATE_DB, dict(c.extras)),
                ),
                w.text_view("Or you can select an existing file from your device."),
                w.button(
                    "openDatabaseButton",
                    "Open Database",
                    lambda c: c.start_activity(STUB, {"title": "Open"}),
                ),
                *self._sync_intro(),
            ]
        )
        content = w.linear_layout(
            [w.toolbar(APP_NAME), w.scroll_view([body])], rid="activity_select_database"
        )
        return Screen(content=content)

    def _sync_intro(self) -> list[View]:
        return [
            w.text_view("To use cloud services, open the file from a preferred document provider.")
        ]

    def _create_db(self, ctx: AppContext) -> Screen:
        title = w.linear_layout(
            [w.text_view(APP_NAME, height=80), w.text_view("Create database", height=67)]
        )
        created = bool(ctx.data["db_path"])
        status = w.linear_layout(
            [
                View(cls="com.mikepenz.iconics.view.IconicsImageView", width=147),
                w.text_view("Database successfully created"),
            ],
            rid="statusReport",
            horizontal=True,
            height=147,
            weight=0,
        )
        body = w.linear_layout(
            [
                w.text_view("The default database location is:"),
                w.text_view(ctx.data["db_path"], "dbPathTextView"),
                *([status] if created else []),
                w.button("runButton", "Run Money Manager Ex", self._run, enabled=created),
            ]
        )
        content = w.linear_layout(
            [w.toolbar(title), w.scroll_view([body])], rid="activity_create_database"
        )
        return Screen(content=content)

    def _drawer_row(self, title: str, handler: Any, caret: str = "") -> View:
        trailing = [w.text_view(caret, "caretView", width=80)] if caret else []
        return w.list_row(
            title,
            on_click=handler,
            title_rid="textViewItem",
            leading=w.image_view("imageViewIcon", width=120),
            trailing=trailing,
            height=126,
        )

    def _drawer(self, ctx: AppContext) -> View:
        children = {
            "Open Database": (ctx.data["db_path"].rsplit("/", 1)[-1], "Other"),
            "Entities": ENTITIES,
        }
        rows: list[View] = []
        for title in DRAWER:
            if title in children:
                expanded = title in ctx.ui["expanded"]
                caret = "v" if expanded else ">"
                rows.append(self._drawer_row(title, w.bind(self._drawer_group, title), caret))
                if expanded:
                    rows += [
                        self._drawer_row(child, w.bind(self._drawer_child, child))
                        for child in children[title]
                    ]
            else:
                rows.append(self._drawer_row(title, w.bind(self._drawer_group, title)))
        header = w.linear_layout(
            [
                View(
                    cls="de.hdodenhof.circleimageview.CircleImageView", resource_id="profile_image"
                ),
                w.text_view("", "textViewUserName", height=60),
                w.text_view("", "textViewTotalAccounts", height=60),
            ],
            height=360,
            weight=0,
        )
        listing = w.list_view(
            rows, rid="drawerExpandableList", cls="android.widget.ExpandableListView"
        )
        return w.linear_layout([header, listing], rid="linearLayoutDrawer", width=850)

    def _main(self, ctx: AppContext) -> Screen:
        toggle = w.nav_button("Open", lambda c: c.ui.update(drawer=True))
        bar = w.toolbar(APP_NAME, navigation=toggle)
        welcome = w.scroll_view(
            [
                w.linear_layout(
                    [
                        w.text_view("Welcome to MoneyManagerEx!"),
                        w.text_view(WELCOME_BODY, height=400),
                        w.button(
                            "buttonAddAccount",
                            "Create new account",
                            w.bind(self._open, "New Account"),
                        ),
                        w.text_view("Current database"),
                        w.text_view(ctx.data["db_path"], "currentDatabaseTextView"),
                        w.button("buttonSettings", "Settings", w.bind(self._open, "Settings")),
                    ]
                )
            ]
        )
        home = w.linear_layout(
            [w.relative_layout([welcome], rid="linearLayoutWelcome")], rid="fragmentMain"
        )
        content = w.linear_layout([bar, home])
        drawer = self._drawer(ctx) if ctx.ui["drawer"] else None
        layout = w.drawer_layout(content, drawer, rid="drawerLayout", cls=self.drawer_cls)
        return Screen(content=layout)

    def _budgets(self) -> Screen:
        title = w.linear_layout(
            [w.text_view("Budgets", height=80), w.text_view("Budget list", height=67)]
        )
        bar = w.toolbar(title, navigation=w.up_button())
        fab = w.fab(
            "fab",
            "",
            lambda c: c.start_activity(BUDGET_EDIT, {"action": "android.intent.action.INSERT"}),
        )
        fragment = w.frame_layout(
            [
                w.frame_layout(
                    [
                        w.list_view([]),
                        w.scroll_view([w.text_view("", "android:id/empty")], rid="emptyViewScroll"),
                    ],
                    rid="listContainer",
                    layout=FRAME,
                ),
                fab,
            ],
            layout=FRAME,
        )
        return Screen(
            content=w.linear_layout([bar, w.linear_layout([fragment], rid="fragmentMain")])
        )


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "android-money-manager-ex#1232": [
        # One rotation only: the restored dialog's target is still the restored fragment.
        [CLOSE_TUTORIAL, LANGUAGE, LANDSCAPE],
        # Two rotations with no dialog open.
        [CLOSE_TUTORIAL, LANDSCAPE, PORTRAIT],
        # The dialog cancelled after the first rotation, then rotated back.
        [
            CLOSE_TUTORIAL,
            LANGUAGE,
            LANDSCAPE,
            click(PACKAGE, "android:id/button2", "Cancel"),
            PORTRAIT,
        ],
        # A language chosen (the dialog closes) before the rotations.
        [
            CLOSE_TUTORIAL,
            LANGUAGE,
            click(PACKAGE, "android:id/text1", "Default"),
            LANDSCAPE,
            PORTRAIT,
        ],
    ],
    "android-money-manager-ex#1341": [
        # The Budgets list opened and left without "+".
        [*FIRST_RUN, OPEN_DRAWER, BUDGETS_ITEM, BACK],
        # The drawer opened, Budgets not chosen: Home instead.
        [*FIRST_RUN, OPEN_DRAWER, click(PACKAGE, "textViewItem", "Home")],
        # Another list of the drawer (Entities > Accounts) instead of Budgets.
        [
            *FIRST_RUN,
            OPEN_DRAWER,
            click(PACKAGE, "textViewItem", "Entities"),
            click(PACKAGE, "textViewItem", "Accounts"),
        ],
        # The first run without creating a database: the main screen is never reached.
        [CLOSE_TUTORIAL, BACK, ALLOW, click(PACKAGE, "openDatabaseButton", "Open Database")],
    ],
}


class MoneyManagerEx981(MoneyManagerEx):
    """Money Manager Ex 2018.02.26.981, on the support library: the General settings' list
    dialog does not survive two rotations (android-money-manager-ex#1232)."""

    version: ClassVar[str] = "2018.02.26.981"
    fragment_lib: ClassVar[str] = "android.support.v4.app"
    appcompat: ClassVar[str] = "android.support.v7.app"
    viewpager_cls: ClassVar[str] = "android.support.v4.view.ViewPager"
    drawer_cls: ClassVar[str] = "android.support.v4.widget.DrawerLayout"
    preference_list: ClassVar[tuple[str, str]] = ("list", "android.support.v7.widget.RecyclerView")
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "android-money-manager-ex#1232",
            "crash",
            "App crashes when the screen is rotated",
            settings_dialog_crashed,
            human_steps=(CLOSE_TUTORIAL, LANGUAGE, LANDSCAPE, PORTRAIT),
        ),
    )

    def _budget_editor(self, ctx: AppContext) -> None:
        """The support library's Toolbar is in the APK: the editor opens (a stub here)."""

    def _sync_intro(self) -> list[View]:
        """activity_select_database.xml before 2018-03: the sync option and its button."""
        return [
            w.text_view(
                "Alternatively, you can set up the synchronisation with a cloud service and "
                "download your database file from online storage for start.",
                height=200,
            ),
            w.button(
                "setupSyncButton",
                "Configure Synchronization",
                lambda c: c.start_activity(STUB, {"title": "Synchronization"}),
            ),
        ]
