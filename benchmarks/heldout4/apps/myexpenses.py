"""My Expenses (``org.totschnig.myexpenses``, mtotschnig/MyExpenses) 3.8.2, for MyExpenses#1476.

Modelled from the sources at tag ``r731`` (commit ``e6fc37ee20``, 17 Apr 2024, versionName
3.8.2, the release of the report's day, 20 Apr 2024) and the fix ``8c78d1d`` (19 Apr 2024, in
r733): ``activity/SplashActivity``, ``OnboardingActivity.kt``, ``fragment/OnboardingFragment``,
``OnboardingUiFragment``, ``OnBoardingPrivacyFragment``, ``OnboardingDataFragment``,
``activity/BaseMyExpenses.kt`` (``onCreateOptionsMenu`` / ``onPrepareOptionsMenu``,
``contribFeatureCalled``), ``MyExpenses.java`` (``dispatchCommand``),
``dialog/CustomizeMenuDialogFragment.kt`` (the default main menu), ``BaseActivity.kt``
(``contribFeatureRequested``), ``model/ContribFeature.kt``, ``util/licence/LicenceHandler.kt``,
``dialog/ContribDialogFragment.kt``, ``activity/ManageBudgets.kt``, ``fragment/BudgetList.kt``,
``activity/BudgetEdit.kt``, ``ui/filter/ScrollingChip.kt``,
``dialog/select/SelectFilterDialog.kt``, ``SelectMethodsAllDialogFragment.kt``,
``SelectCrStatusDialogFragment.kt``, ``activity/ManageCategories.kt``, the layouts
``onboarding``, ``onboarding_wizzard``, ``onboarding_navigation``, ``onboarding_wizzard_ui``,
``layout-v29/onboarding_theme_selection``, ``onboarding_wizzard_privacy``,
``onboarding_wizzard_data``, ``activity_main``, ``viewpager_main``, ``toolbar``,
``floating_action_button``, ``contrib_dialog``, ``package_container``, ``manage_budgets``,
``budgets``, ``one_budget``, the menus ``onboarding_privacy`` / ``onboarding_data`` and
``values/strings.xml`` / ``arrays.xml``.

A fresh install opens the onboarding pager: "My Expenses adapts to your preference" (theme,
font size, the transaction list preview; Next), "Your data stays in your hands" (the GitHub
build, ``DISTRIBUTION = GITHUB``, hides usage data and crash reports: only Auto-backup; the
Experimental menu; Next) and "Let's set up your first account" (Label "Budget Book", Opening
balance, Currency, More Options, the Restore menu; Get started), then the main screen of the
account "Budget Book" (no transactions). The main menu's default items shown for a new cash
account: Search and Templates as icons, the rest (Budgeting, Parties / Debts, Scan mode, Sort
by, Grouping, Account, Tell a friend, Settings, Help) in the overflow. Budgeting is a
Professional feature: with no licence ``contribFeatureRequested`` opens the contrib dialog
("Premium feature: Budgeting", the 60-day trial card, Professional Key, the single-feature
package, Try / Enter key); Try (nothing selected) finishes it and opens ManageBudgets ("Define
your first budget by tapping the + button.", the FAB "New budget"), whose FAB opens BudgetEdit
("New budget": Title, Description, Allocated amount, Accounts, the Filter chips, Type
"Monthly" with Default, the Save FAB).

The bug (MyExpenses#1476, crash): BudgetEdit's ``startFilterDialog`` shows the method filter as
``SelectMethodsAllDialogFragment()`` with no arguments, and ``SelectFilterDialog.onCreateDialog``
calls ``requireArguments()``: ``java.lang.IllegalStateException: Fragment
SelectMethodsAllDialogFragment{...} does not have any arguments.`` The status chip uses
``SelectCrStatusDialogFragment.newInstance`` (arguments given) and opens "Search for status";
the category, party and tag chips open their Manage screens. The fix gives the method dialog a
``newInstance`` with arguments and reads them with ``arguments?``.

Fixed world data: today is 20 Apr 2024 (the trial ends 6/19/24), the locale en-US (currency
US Dollar, "$0.00"), no licence, no sync account. Stubbed: the design preview's demo
transaction is reduced to its two checkboxes, the theme / font / switch choices are kept but
change nothing else, the Experimental and Restore menus, More Options, the navigation drawer,
every main menu item but Budgeting, the FAB "New Transaction", the contrib dialog's purchase
(Upgrade) and key entry, the package prices (not shown), the Manage screens opened by the
category, party and tag chips (an empty screen with their title), the Accounts and Type
spinners (closed), and saving a budget. Uncertain: the report gives no version or device (the
reporter is the maintainer); the frames below the app's own (AndroidX fragment 1.6.2, API 34)
are approximate, as are the fragment's hash and id in the message.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "org.totschnig.myexpenses"
SPLASH = ".activity.SplashActivity"
ONBOARDING = ".activity.OnboardingActivity"
MAIN = ".activity.MyExpenses"
CONTRIB = ".activity.ContribInfoDialogActivity"
BUDGETS = ".activity.ManageBudgets"
BUDGET_EDIT = ".activity.BudgetEdit"
MANAGE = ".activity.Manage"  # ManageCategories / ManageParties / ManageTags (stubs)

# strings.xml
APP = "My Expenses"
ACCOUNT = "Budget Book"
PAGES = (
    "My Expenses adapts to your preference",
    "Your data stays in your hands",
    "Let's set up your first account",
)
PRIVACY_INTRO = (
    "Your financial data is not sent to any server, neither operated by us nor by any third party."
)
AUTO_BACKUP = "Backup database daily at the specified time (only if data has changed). (03:00)"
TRIAL = (
    "Your current licence status (Free) allows you to try Budgeting for 60 days (until 6/19/24)."
)
REMOVE = "Remove this limitation and access more features by upgrading My Expenses."
OVERFLOW = (
    "Budgeting",
    "Parties / Debts",
    "Scan mode",
    "Sort by",
    "Grouping",
    "Account",
    "Tell a friend",
    "Settings",
    "Help",
)
CHIPS = (
    ("FILTER_CATEGORY_COMMAND", "All categories", "Search for category"),
    ("FILTER_PAYEE_COMMAND", "All parties", "Parties"),
    ("FILTER_METHOD_COMMAND", "All methods", ""),
    ("FILTER_STATUS_COMMAND", "All status", ""),
    ("FILTER_TAG_COMMAND", "All tags", "Tags"),
)
STATUSES = ("unreconciled", "cleared", "reconciled")

_SELECT = "org.totschnig.myexpenses.dialog.select"
_FM = "androidx.fragment.app"


def _no_arguments() -> JavaException:
    """``requireArguments()`` of the method filter dialog created without arguments."""
    return JavaException(
        "java.lang.IllegalStateException",
        "Fragment SelectMethodsAllDialogFragment{b6a2c1e} "
        "(5c0e9f1d-3a7b-4e42-9d15-2f8a6c3b71e0 tag=METHOD_FILTER) does not have any arguments.",
        frames=[
            f"{_FM}.Fragment.requireArguments(Fragment.java:1000)",
            f"{_SELECT}.SelectFilterDialog.onCreateDialog(SelectFilterDialog.kt:21)",
            f"{_SELECT}.SelectFilterDialog.onCreateDialog(SelectFilterDialog.kt:13)",
            f"{_FM}.DialogFragment.prepareDialog(DialogFragment.java:667)",
            f"{_FM}.DialogFragment.onGetLayoutInflater(DialogFragment.java:581)",
            f"{_FM}.Fragment.performGetLayoutInflater(Fragment.java:1958)",
            f"{_FM}.FragmentStateManager.createView(FragmentStateManager.java:511)",
            f"{_FM}.FragmentStateManager.moveToExpectedState(FragmentStateManager.java:261)",
            f"{_FM}.FragmentStore.moveToExpectedState(FragmentStore.java:113)",
            f"{_FM}.FragmentManager.moveToState(FragmentManager.java:1433)",
            f"{_FM}.FragmentManager.dispatchStateChange(FragmentManager.java:2977)",
            f"{_FM}.FragmentManager.executeOpsTogether(FragmentManager.java:2010)",
            f"{_FM}.FragmentManager.removeRedundantOperationsAndExecute(FragmentManager.java:1936)",
            f"{_FM}.FragmentManager.execPendingActions(FragmentManager.java:1859)",
            f"{_FM}.FragmentManager$5.run(FragmentManager.java:531)",
            "android.os.Handler.handleCallback(Handler.java:958)",
            "android.os.Handler.dispatchMessage(Handler.java:99)",
            "android.os.Looper.loopOnce(Looper.java:205)",
            "android.os.Looper.loop(Looper.java:294)",
            "android.app.ActivityThread.main(ActivityThread.java:8177)",
            "java.lang.reflect.Method.invoke(Native Method)",
            "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:552)",
            "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:971)",
        ],
    )


def _new_budget_steps() -> list[dict[str, Any]]:
    """Through the onboarding to the main screen, Budgeting, Try, then the "+" FAB."""
    return [
        click(PACKAGE, "suw_navbar_next", "Next"),
        click(PACKAGE, "suw_navbar_next", "Next"),
        click(PACKAGE, "suw_navbar_done", "Get started"),
        click(PACKAGE, desc=w.MORE_OPTIONS),
        click(PACKAGE, "title", "Budgeting"),
        click(PACKAGE, "android:id/button1", "Try"),
        click(PACKAGE, "CREATE_COMMAND", desc="New budget"),
    ]


BUG_1476 = BugSpec(
    "MyExpenses#1476",
    "crash",
    "Using Method Filter for Budget leads to app crash",
    crash_oracle(PACKAGE, "java.lang.IllegalStateException", "does not have any arguments"),
    human_steps=(*_new_budget_steps(), click(PACKAGE, text="All methods")),
)

WRONG_SEQUENCES = {
    "MyExpenses#1476": [
        # the status filter instead: its dialog has its arguments
        [*_new_budget_steps(), click(PACKAGE, text="All status")],
        # the category filter instead: ManageCategories opens
        [*_new_budget_steps(), click(PACKAGE, text="All categories")],
        # the Professional package chosen, then Upgrade: no trial, no budget screen
        [
            *_new_budget_steps()[:5],
            click(PACKAGE, "professional_feature_container"),
            click(PACKAGE, "android:id/button1", "Upgrade"),
        ],
        # the new budget screen left with its close button
        [*_new_budget_steps(), click(PACKAGE, desc=w.NAVIGATE_UP)],
    ]
}


class MyExpenses(VirtualApp):
    """My Expenses 3.8.2 (GitHub build): onboarding, main screen, contrib dialog, budgets."""

    name: ClassVar[str] = "MyExpenses"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP
    version: ClassVar[str] = "3.8.2"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1476,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "onboarded": False,
            "account": None,
            "prefs": {"compact": False, "category_icons": True, "auto_backup": False},
        }

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            # SplashActivity: the onboarding until an account exists, else the main screen
            ctx.start_activity(MAIN if ctx.data["onboarded"] else ONBOARDING)
            ctx.finish()
        elif ctx.activity == ONBOARDING:
            ctx.ui.setdefault("page", 0)
            ctx.ui.setdefault("label", ACCOUNT)
        elif ctx.activity == CONTRIB:
            ctx.ui.setdefault("selected", None)
        elif ctx.activity == BUDGET_EDIT:
            ctx.ui.setdefault("fields", {"Title": "", "Description": "", "Amount": ""})
            ctx.ui.setdefault("chips", {})

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "menu"):
            return True
        if ctx.activity == ONBOARDING and ctx.ui["page"] > 0:
            ctx.ui["page"] -= 1
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == ONBOARDING:
            return w.pager_swipe(ctx.ui, "page", 3, direction)
        return False

    # -- onboarding ----------------------------------------------------------------------------
    def _next(self, ctx: AppContext) -> None:
        ctx.ui["page"] += 1

    def _get_started(self, ctx: AppContext) -> None:
        label = ctx.ui["label"] or ACCOUNT
        ctx.data.update(onboarded=True, account=label)
        ctx.start_activity(MAIN)
        ctx.finish()

    def _flip(self, key: str) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.data["prefs"][key] = not ctx.data["prefs"][key]

        return handler

    def _page_content(self, ctx: AppContext, page: int) -> tuple[list[View], View, str]:
        """A page's content, its menu toolbar and its navigation button's id."""
        prefs = ctx.data["prefs"]
        if page == 0:
            content = [
                w.text_view("Theme"),
                w.spinner("themeSpinner", "System default", None),
                w.text_view("Font size"),
                View(cls="android.widget.SeekBar", resource_id="font_size", height=100),
                w.text_view("System default", "font_size_display_name"),
                w.text_view("Transaction list"),
                View(
                    cls="androidx.compose.ui.platform.ComposeView",
                    resource_id="design_preview",
                    children=[
                        w.linear_layout(
                            [
                                w.check_box("", "Compact", prefs["compact"], self._flip("compact")),
                                w.check_box(
                                    "",
                                    "Icons for categories",
                                    prefs["category_icons"],
                                    self._flip("category_icons"),
                                ),
                            ],
                            horizontal=True,
                            weight=0,
                        )
                    ],
                ),
            ]
            return content, w.toolbar("", rid="onboarding_menu"), "suw_navbar_next"
        if page == 1:
            content = [
                w.text_view(PRIVACY_INTRO, height=200),
                w.text_view("Auto-backup", "auto_backup_label"),
                View(
                    cls="android.widget.Switch",
                    resource_id="auto_backup",
                    text=AUTO_BACKUP,
                    checkable=True,
                    checked=prefs["auto_backup"],
                    on_click=self._flip("auto_backup"),
                    height=200,
                ),
            ]
            menu = w.toolbar(
                "",
                actions=[w.action_item("", "Experimental", None, text="Experimental", width=400)],
                rid="onboarding_menu",
            )
            return content, menu, "suw_navbar_next"
        content = [
            w.edit_text(
                "Label",
                ctx.ui["label"],
                lambda c, t: c.ui.update(label=t),
                hint="Label",
                cls="com.google.android.material.textfield.TextInputEditText",
            ),
            w.text_view("Opening balance"),
            w.linear_layout(
                [w.edit_text("AmountEditText", "0", None, hint="Opening balance")],
                rid="Amount",
                weight=0,
            ),
            w.text_view("Currency"),
            w.spinner("Currency", "US Dollar (USD)", None),
            w.button("MoreOptionsButton", "More Options", None),
        ]
        menu = w.toolbar(
            "", actions=[w.action_item("SetupMain", "Restore", None)], rid="onboarding_menu"
        )
        return content, menu, "suw_navbar_done"

    def _render_onboarding(self, ctx: AppContext) -> Screen:
        page = int(ctx.ui["page"])
        content, menu, nav_id = self._page_content(ctx, page)
        nav_text, nav_handler = (
            ("Get started", self._get_started) if page == 2 else ("Next", self._next)
        )
        navigation = w.relative_layout(
            [menu, w.button(nav_id, nav_text, nav_handler, width=380)],
            rid="suw_layout_navigation_bar",
            layout=HORIZONTAL,
            height=168,
        )
        wizard = View(
            cls="com.android.setupwizardlib.SetupWizardLayout",
            resource_id="setup_wizard_layout",
            children=[
                w.text_view(PAGES[page], "suw_layout_title", height=300),
                w.scroll_view([w.linear_layout(content, weight=0)]),
                navigation,
            ],
        )
        pager = View(
            cls="androidx.viewpager.widget.ViewPager", resource_id="viewPager", children=[wizard]
        )
        indicator = View(cls="com.rd.PageIndicatorView", resource_id="pageIndicatorView", height=60)
        return Screen(content=w.frame_layout([pager, indicator]))

    # -- main screen ---------------------------------------------------------------------------
    def _menu_item(self, ctx: AppContext, title: str) -> None:
        ctx.ui["menu"] = False
        if title == "Budgeting":
            # contribFeatureRequested(BUDGET): no Professional licence, the contrib dialog
            ctx.start_activity(CONTRIB)

    def _render_main(self, ctx: AppContext) -> Screen:
        title = w.linear_layout(
            [w.text_view(ctx.data["account"] or ACCOUNT), w.text_view("$0.00")], weight=0
        )
        bar = w.toolbar(
            title,
            navigation=w.nav_button("Open navigation drawer", None),
            actions=[
                w.action_item("SEARCH_COMMAND", "Search", None),
                w.action_item("MANAGE_TEMPLATES_COMMAND", "Templates", None),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
        )
        listing = View(
            cls="androidx.compose.ui.platform.ComposeView",
            resource_id="viewPager",
            children=[w.text_view("No Expenses Yet!", height=200)],
        )
        body = w.frame_layout(
            [
                w.relative_layout([listing], rid="viewPagerMain"),
                w.fab("CREATE_COMMAND", "New Transaction", None),
            ],
            rid="fragment_container",
            layout=FRAME,
        )
        root = w.drawer_layout(w.linear_layout([bar, body]), rid="drawer")
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            items = [(t, w.bind(self._menu_item, t)) for t in OVERFLOW]
            windows.append(w.menu_window(items, lambda c: c.ui.update(menu=False)))
        return Screen(content=root, windows=windows)

    # -- contrib dialog ------------------------------------------------------------------------
    def _contrib_positive(self, ctx: AppContext) -> None:
        if ctx.ui["selected"] is None:
            # the trial: ContribInfoDialogActivity.finish(false) -> contribFeatureCalled
            ctx.finish()
            ctx.start_activity(BUDGETS)
        # a package selected: contribBuyDo (the purchase is not modelled)

    def _render_contrib(self, ctx: AppContext) -> Screen:
        selected = ctx.ui["selected"]

        def package(rid: str, button_rid: str, label: str, key: str, extra: list[View]) -> View:
            radio = w.radio_button(
                button_rid, "", selected == key, lambda c: c.ui.update(selected=key), width=147
            )
            row = w.linear_layout(
                [radio, w.text_view(label, "package_label")], horizontal=True, weight=0
            )
            return View(
                cls="com.google.android.material.card.MaterialCardView",
                resource_id=rid,
                on_click=lambda c: c.ui.update(selected=key),
                children=[w.linear_layout([row, *extra], weight=0)],
            )

        trial = View(
            cls="com.google.android.material.card.MaterialCardView",
            resource_id="trial_info_card",
            on_click=lambda c: c.ui.update(selected=None),
            children=[
                w.linear_layout(
                    [
                        w.radio_button(
                            "try_button", "", False, lambda c: c.ui.update(selected=None), width=147
                        ),
                        w.text_view(TRIAL, "trial_info", height=250),
                    ],
                    horizontal=True,
                    weight=0,
                )
            ],
        )
        body = w.scroll_view(
            [
                w.linear_layout(
                    [
                        trial,
                        w.text_view(REMOVE, "intro", height=150),
                        package(
                            "professional_feature_container",
                            "package_button",
                            "Professional Key",
                            "professional",
                            [w.text_view("Budgeting", "package_feature_list")],
                        ),
                        w.text_view(
                            "Alternatively you can buy unlimited access to only this feature.",
                            "single_feature_info",
                            height=150,
                        ),
                        package(
                            "single_feature_container", "package_button", "Budgeting", "single", []
                        ),
                    ],
                    weight=0,
                )
            ],
            rid="aboutscrollview",
            height=1100,
        )
        buttons = [
            w.dialog_button("android:id/button3", "Enter key", None),
            View(cls="android.view.View"),
            w.dialog_button(
                "android:id/button1",
                "Try" if selected is None else "Upgrade",
                self._contrib_positive,
            ),
        ]
        dialog = w.alert_dialog(
            w.dialog_title("Premium feature: Budgeting"), [body], buttons, lambda c: c.finish()
        )
        return Screen(content=w.frame_layout(), windows=[dialog])

    # -- budgets -------------------------------------------------------------------------------
    def _render_budgets(self) -> Screen:
        bar = w.toolbar("Budgeting", navigation=w.up_button())
        fragment = w.linear_layout(
            [w.text_view("Define your first budget by tapping the + button.", "empty")],
            rid="budget_list",
        )
        fab = w.fab("CREATE_COMMAND", "New budget", lambda c: c.start_activity(BUDGET_EDIT))
        container = w.frame_layout([fragment, fab], rid="fragment_container", layout=FRAME)
        return Screen(content=w.linear_layout([bar, container]))

    def _chip(self, ctx: AppContext, rid: str) -> None:
        """``startFilterDialog``: the chip's parent (the ScrollingChip) names the filter."""
        if rid == "FILTER_METHOD_COMMAND":
            raise _no_arguments()
        if rid == "FILTER_STATUS_COMMAND":
            ctx.ui["status"] = []
            return
        title = next(t for r, _, t in CHIPS if r == rid)
        ctx.start_activity(MANAGE, {"title": title})

    def _toggle_status(self, ctx: AppContext, status: str) -> None:
        w.toggle(ctx.ui["status"], status)

    def _status_ok(self, ctx: AppContext) -> None:
        checked = [s for s in STATUSES if s in ctx.ui["status"]]
        if checked:
            ctx.ui["chips"]["FILTER_STATUS_COMMAND"] = ", ".join(checked)
        ctx.ui["status"] = None

    def _set_field(self, key: str) -> Any:
        def on_text(ctx: AppContext, text: str) -> None:
            ctx.ui["fields"][key] = text

        return on_text

    def _render_budget_edit(self, ctx: AppContext) -> Screen:
        fields = ctx.ui["fields"]
        bar = w.toolbar("New budget", navigation=w.up_button())
        chips = [
            View(
                cls="android.widget.HorizontalScrollView",
                resource_id=rid,
                weight=0,
                children=[
                    View(
                        cls="com.google.android.material.chip.Chip",
                        text=ctx.ui["chips"].get(rid, text),
                        on_click=w.bind(self._chip, rid),
                        height=126,
                    )
                ],
            )
            for rid, text, _ in CHIPS
        ]
        rows = [
            w.linear_layout(
                [w.text_view(label, f"{key}Label", width=350), field], horizontal=True, weight=0
            )
            for key, label, field in (
                ("Title", "Title", w.edit_text("Title", fields["Title"], self._set_field("Title"))),
                (
                    "Description",
                    "Description",
                    w.edit_text(
                        "Description", fields["Description"], self._set_field("Description")
                    ),
                ),
                (
                    "Amount",
                    "Allocated amount",
                    w.linear_layout(
                        [
                            w.edit_text(
                                "AmountEditText", fields["Amount"], self._set_field("Amount")
                            )
                        ],
                        rid="Amount",
                        weight=0,
                    ),
                ),
                (
                    "Accounts",
                    "Accounts",
                    w.spinner("Accounts", f"{ctx.data['account']} (USD)", None),
                ),
                (
                    "Filter",
                    "Filter",
                    View(
                        cls="com.google.android.material.chip.ChipGroup", weight=0, children=chips
                    ),
                ),
                (
                    "Type",
                    "Type",
                    w.linear_layout(
                        [
                            w.spinner("Type", "Monthly", None),
                            w.check_box("DefaultBudget", "Default", False, None, width=330),
                        ],
                        horizontal=True,
                        weight=0,
                    ),
                ),
            )
        ]
        table = w.scroll_view(
            [View(cls="android.widget.TableLayout", resource_id="Table", weight=0, children=rows)]
        )
        body = w.frame_layout(
            [
                w.linear_layout([bar, table], rid="edit_container"),
                w.fab("CREATE_COMMAND", "Save", None),
            ],
            layout=FRAME,
        )
        windows: list[Window] = []
        if ctx.ui.get("status") is not None:
            picked = ctx.ui["status"]
            listing = View(
                cls="android.widget.ListView",
                resource_id="android:id/select_dialog_listview",
                weight=0,
                children=[
                    View(
                        cls="android.widget.CheckedTextView",
                        resource_id="android:id/text1",
                        text=s,
                        checkable=True,
                        checked=s in picked,
                        on_click=w.bind(self._toggle_status, s),
                        height=147,
                    )
                    for s in STATUSES
                ],
            )
            cancel = w.bind(lambda c: c.ui.update(status=None))
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Search for status"),
                    [listing],
                    w.dialog_buttons(("OK", self._status_ok), ("Cancel", cancel)),
                    cancel,
                )
            )
        return Screen(content=body, windows=windows)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == ONBOARDING:
            return self._render_onboarding(ctx)
        if ctx.activity == CONTRIB:
            return self._render_contrib(ctx)
        if ctx.activity == BUDGETS:
            return self._render_budgets()
        if ctx.activity == BUDGET_EDIT:
            return self._render_budget_edit(ctx)
        if ctx.activity == MANAGE:
            bar = w.toolbar(ctx.extras["title"], navigation=w.up_button())
            return Screen(content=w.linear_layout([bar, w.frame_layout()]))
        if ctx.activity == SPLASH:
            return Screen(content=w.frame_layout())
        return self._render_main(ctx)
