"""Tricky Tripper 1.6.0 (``de.koelle.christian.trickytripper``), with bug trickytripper#42.

Modelled from the sources at tag ``1.6.0`` (under ``app/src/main``: ``AndroidManifest.xml``,
``TrickyTripperActivity.java``, ``activities/ParticipantTabActivity.java``,
``activities/ParticipantEditActivity.java``, ``activitysupport/MainPagerAdapter.java``,
``common/changelog/ChangeLog.java``, ``common/options/OptionsSupport.java``,
``dataaccess/impl/OpenHelper.java`` (the initial trip), ``res/layout/tricky_tripper_main_view.xml``,
``list_view.xml``, ``participant_tab_row_view.xml``, ``participant_edit_view.xml``,
``report_tab_view.xml``, ``res/menu/options.xml``, ``options_participant.xml``,
``res/raw/changelog.txt`` and ``res/values/strings.xml``), the fix commit ``f56d676`` ("Fixes #42
NPE on Tab-Swipe while option menu is open") and the reporter's steps in the issue's comments:

- first run: the database holds the trip "My first trip" in the locale's currency (US Dollar,
  shown "[US$]"), and ``ChangeLog`` shows its first-run-ever dialog "Change Log" (the full
  change log in a WebView, OK);
- ``TrickyTripperActivity``: the ActionBar (``action_bar``: "Open navigation drawer", the
  title "My first trip [US$]", the actions "Add traveler to trip" ``option_add_participant``
  and "Export" ``option_export`` (disabled while the trip has no payments), "More options":
  Settings, Help & Info), the ViewPager ``drawer_content_pager`` with its PagerTitleStrip
  ``drawer_content_pager_title_strip`` over three pages (a FragmentStatePagerAdapter:
  Travelers, Payments, Report; swiping turns them), and the drawer "Manage trips"
  (``drawer_drawer_list_view_trips``);
- Travelers: the ListFragment's ``android:id/list`` of rows
  (``participantTabRowView_output_participantName``, ``participantTabRowView_output_Balance``,
  Paid:/Spent:) or ``android:id/empty`` "No travelers yet...". A tap opens "Create Payment"
  (a stub); a long press starts the contextual action mode (``action_mode_bar``: "Done"
  ``action_mode_close_button``, the traveler's name ``action_bar_title`` and "More options"
  with ``options_participant.xml``'s items, the groups enabled as ``onCreateActionMode``
  says);
- ``ParticipantEditActivity`` "Add traveler to trip": "Name:" and the AutoCompleteTextView
  ``editParticipantView_autocomplete_name``; the action "Add" (``option_accept``, enabled when
  the name is not blank) saves and clears the field ("Already added:" lists the names); a
  duplicate name is refused with a toast. Typing the second letter asks for ``READ_CONTACTS``
  (name suggestions); after a denial the rationale dialog comes first;
- Payments, Report, Settings, Help, Export and the payment and money transfer screens are
  stubs (their title and Back).

The bug (trickytripper#42, crash): the traveler's action mode stays open while the pager turns
to Report; the FragmentStatePagerAdapter (offscreen limit 1) then destroys the Travelers
fragment, whose action mode callback remains. Choosing "Create payment" (any item that reaches
``getApp()``) calls ``getActivity().getApplication()`` on the detached fragment:
``java.lang.NullPointerException``. Closing that action mode also dereferences the missing
activity (``setRunningActionMode``), a different NullPointerException (its ProGuard method
names are the model's guess; the report's trace gives those of the first). The fix (1.6.1) blocks
swiping while an action mode runs. The oracle reads the recorded crash.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text, long_click
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "de.koelle.christian.trickytripper"
MAIN = ".TrickyTripperActivity"
PARTICIPANT_EDIT = ".activities.ParticipantEditActivity"
PAYMENT_EDIT = ".activities.PaymentEditActivity"
MONEY_TRANSFER = ".activities.MoneyTransferActivity"
PREFERENCES = ".activities.PreferencesActivity"
CONTACTS = "android.permission.READ_CONTACTS"

TRIP = "My first trip"
SYMBOL = "US$"
TABS = ("Travelers", "Payments", "Report")
NO_TRAVELERS = (
    "No travelers yet. \n\n\n\nCreate new travelers with '+' from the action bar or menu."
)
NO_PAYMENTS = (
    "No payments yet. \n\n\n\nCreate new payments by tapping on a traveler who pays the money."
)
DENIAL = (
    "A participant with the name entered already exists in this trip. Please modify your input."
)
RATIONALE = (
    "On typing, TrickyTripper would like to auto suggest names from your phone book. However, "
    "the permission for that has not been granted. \n\nNote:\nTrickyTripper works without this "
    "permission."
)
CHANGELOG = (
    "Version 1.6.0",
    "2018-10-01",
    "Fix online retrieval of currencies, but without support for El Salvador Colon and Sambian "
    "Kwacha.",
    "Version 1.5.9",
    "2017-09-23",
    "Report export: The Android application chooser now lets you pick the destination "
    "application of your choice, like e.g. Google Drive.",
)
# options_participant.xml: (item id, title, enabling group).
PARTICIPANT_ITEMS = (
    ("option_participant_create_payment", "Create payment", "active"),
    ("option_participant_create_money_transfer", "Transfer money", "another"),
    ("option_participant_show_report", "Show report", ""),
    ("option_participant_deactivate_for_costs", "Deactivate (for costs)", ""),
    ("option_participant_activate_for_costs", "Activate (for costs)", ""),
    ("option_participant_edit", "Edit", ""),
    ("option_participant_delete", "Delete", "deletable"),
)
# The line of ParticipantTabActivity$MyActionModeCallback.onActionItemClicked reaching getApp().
ITEM_LINES = {
    "option_participant_create_payment": 154,
    "option_participant_create_money_transfer": 158,
    "option_participant_show_report": 162,
    "option_participant_deactivate_for_costs": 169,
    "option_participant_activate_for_costs": 175,
    "option_participant_edit": 180,
    "option_participant_delete": 184,
}
GET_APPLICATION = (
    "Attempt to invoke virtual method 'android.app.Application "
    "android.support.v4.app.FragmentActivity.getApplication()' on a null object reference"
)
SET_RUNNING = (
    "Attempt to invoke virtual method 'void de.koelle.christian.trickytripper."
    "TrickyTripperActivity.a(android.support.v7.view.b)' on a null object reference"
)
# The menu click path below onActionItemClicked, as the report's trace has it (ProGuard names).
MENU_FRAMES = [
    "android.support.v7.app.AppCompatDelegateImplV9$b.a(AppCompatDelegateImplV9.java:1790)",
    "android.support.v7.app.q$a.a(WindowDecorActionBar.java:1101)",
    "android.support.v7.view.menu.h.a(MenuBuilder.java:817)",
    "android.support.v7.view.menu.j.b(MenuItemImpl.java:156)",
    "android.support.v7.view.menu.h.a(MenuBuilder.java:964)",
    "android.support.v7.view.menu.m.onItemClick(MenuPopup.java:127)",
    "android.widget.AdapterView.performItemClick(AdapterView.java:310)",
    "android.widget.AbsListView.performItemClick(AbsListView.java:1145)",
    "android.widget.AbsListView$PerformClick.run(AbsListView.java:3042)",
    "android.widget.AbsListView$3.run(AbsListView.java:3879)",
    *callback_frames(23),
]
TAB = "de.koelle.christian.trickytripper.activities.a"  # ParticipantTabActivity, obfuscated

BUG_42 = BugSpec(
    bug_id="trickytripper#42",
    kind="crash",
    title="NPE on create payment",
    oracle=crash_oracle(PACKAGE, "java.lang.NullPointerException", "getApplication()"),
    human_steps=(
        click(PACKAGE, "android:id/button1", "OK", cls="android.widget.Button"),
        click(PACKAGE, "option_add_participant", desc="Add traveler to trip"),
        input_text(
            PACKAGE,
            "editParticipantView_autocomplete_name",
            "Ting",
            cls="android.widget.AutoCompleteTextView",
        ),
        click(
            PACKAGE,
            "com.android.permissioncontroller:id/permission_deny_button",
            "Don't allow",
            cls="android.widget.Button",
        ),
        click(PACKAGE, "option_accept", desc="Add"),
        {"kind": "press_back"},
        long_click(PACKAGE, "participantTabRowView_output_participantName", "Ting"),
        {"kind": "swipe", "direction": "left"},
        {"kind": "swipe", "direction": "left"},
        click(PACKAGE, desc=w.MORE_OPTIONS, cls="android.widget.ImageView"),
        click(PACKAGE, "title", "Create payment", cls="android.widget.TextView"),
    ),
)


def _npe(message: str, frames: list[str]) -> JavaException:
    return JavaException("java.lang.NullPointerException", message, frames)


class TrickyTripper160(VirtualApp):
    """Tricky Tripper 1.6.0 (see the module docstring)."""

    name: ClassVar[str] = "trickytripper"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Tricky Tripper"
    version: ClassVar[str] = "1.6.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_42,)
    # The fix (1.6.1): no tab swipe while an action mode runs.
    swipe_blocked_by_action_mode: ClassVar[bool] = False

    def initial_data(self) -> dict[str, Any]:
        return {
            "changelog_version": "",  # ChangeLog's PREFS_VERSION_KEY
            "participants": [],  # [{"name", "active"}]
            "payments": [],
            "contacts_denied": False,
        }

    # -- lifecycle -------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            if ctx.data["changelog_version"] != self.version:
                # new ChangeLog(this) stores the version; firstRun() shows the dialog once.
                ctx.data["changelog_version"] = self.version
                ui["changelog"] = True
            ui.setdefault("changelog", False)
            ui.setdefault("page", 0)
            ui.setdefault("menu", None)  # None | "options" | "mode"
            ui.setdefault("drawer", False)
            ui["mode"] = None  # an action mode does not survive re-creation
            ui["next_fragment"] = ui.get("next_fragment", 0)
            ui["travelers_fragment"] = None
            self._sync_fragments(ctx)
        elif ctx.activity == PARTICIPANT_EDIT:
            ui.setdefault("name", "")
            ui.setdefault("added", [])
            ui.setdefault("rationale", False)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == MAIN:
            return {"page": ctx.ui["page"], "next_fragment": ctx.ui["next_fragment"]}
        return dict(ctx.ui)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity != MAIN:
            return False
        if ui["menu"] is not None:
            ui["menu"] = None
            return True
        if ui["drawer"]:
            ui["drawer"] = False
            return True
        if ui["mode"] is not None:
            self._finish_mode(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        ui = ctx.ui
        if ctx.activity != MAIN or ui["menu"] is not None or ui["drawer"]:
            return False
        if ui["mode"] is not None and self.swipe_blocked_by_action_mode:
            return False
        step = {"left": 1, "right": -1}.get(direction, 0)
        page = ui["page"] + step
        if step == 0 or not 0 <= page < len(TABS):
            return False
        ui["page"] = page
        self._sync_fragments(ctx)
        return True

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission == CONTACTS and not granted:
            ctx.data["contacts_denied"] = True

    # -- the pager's fragments -------------------------------------------------------------
    def _sync_fragments(self, ctx: AppContext) -> None:
        """FragmentStatePagerAdapter with the offscreen limit 1: the Travelers fragment lives
        while the current page is 0 or 1, and a new instance is made when it comes back."""
        ui = ctx.ui
        alive = ui["page"] <= 1
        if alive and ui["travelers_fragment"] is None:
            ui["travelers_fragment"] = ui["next_fragment"]
            ui["next_fragment"] += 1
        elif not alive:
            ui["travelers_fragment"] = None  # destroyed: its getActivity() is null

    def _mode_detached(self, ctx: AppContext) -> bool:
        mode = ctx.ui["mode"]
        return mode is not None and mode["fragment"] != ctx.ui["travelers_fragment"]

    # -- action mode -----------------------------------------------------------------------
    def _start_mode(self, ctx: AppContext, name: str) -> None:
        if ctx.ui["mode"] is not None:
            return  # getRunningActionMode() != null
        ctx.ui["mode"] = {"participant": name, "fragment": ctx.ui["travelers_fragment"]}

    def _finish_mode(self, ctx: AppContext) -> None:
        """mode.finish() -> onDestroyActionMode -> setRunningActionMode(null)."""
        ctx.ui["menu"] = None
        if self._mode_detached(ctx):
            raise _npe(
                SET_RUNNING,
                [
                    f"{TAB}.a(ParticipantTabActivity.java:229)",
                    f"{TAB}$b.a(ParticipantTabActivity.java:202)",
                ],
            )
        ctx.ui["mode"] = None

    def _participant(self, ctx: AppContext, name: str) -> dict[str, Any]:
        return next(p for p in ctx.data["participants"] if p["name"] == name)

    def _groups(self, ctx: AppContext, name: str) -> dict[str, bool]:
        person = self._participant(ctx, name)
        return {
            "": True,
            "active": bool(person["active"]),
            "another": len(ctx.data["participants"]) > 1,
            "deletable": not ctx.data["payments"],
        }

    def _mode_item(self, ctx: AppContext, item: str) -> None:
        ui = ctx.ui
        ui["menu"] = None
        name = ui["mode"]["participant"]
        if self._mode_detached(ctx):
            frames = [f"{TAB}.c(ParticipantTabActivity.java:96)"]
            if item in (
                "option_participant_deactivate_for_costs",
                "option_participant_activate_for_costs",
            ):
                frames.append(f"{TAB}.a(ParticipantTabActivity.java:101)")
            frames.append(f"{TAB}.a(ParticipantTabActivity.java:36)")
            frames.append(f"{TAB}$b.a(ParticipantTabActivity.java:{ITEM_LINES[item]})")
            raise _npe(GET_APPLICATION, frames + MENU_FRAMES)
        person = self._participant(ctx, name)
        if item == "option_participant_create_payment":
            ctx.start_activity(PAYMENT_EDIT, {"payer": name})
        elif item == "option_participant_create_money_transfer":
            ctx.start_activity(MONEY_TRANSFER, {"payer": name})
        elif item == "option_participant_show_report":
            ui["page"] = 2
            self._sync_fragments(ctx)
        elif item == "option_participant_deactivate_for_costs":
            person["active"] = False
        elif item == "option_participant_activate_for_costs":
            person["active"] = True
        elif item == "option_participant_edit":
            ctx.start_activity(PARTICIPANT_EDIT, {"edit": name})
        elif item == "option_participant_delete":
            ctx.data["participants"].remove(person)
        if ui["mode"] is not None:
            self._finish_mode(ctx)

    # -- main screen -----------------------------------------------------------------------
    def _title(self) -> str:
        return f"{TRIP} [{SYMBOL}]"

    def _options(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = None
        if item == "Settings":
            ctx.start_activity(PREFERENCES)
        else:
            ctx.toast("Help & Info")  # the help dialog is a stub

    def _action_bar(self, ctx: AppContext) -> View:
        ui = ctx.ui
        if ui["mode"] is not None:
            return View(
                cls="android.view.ViewGroup",
                resource_id="action_mode_bar",
                layout=HORIZONTAL,
                height=147,
                style="toolbar",
                children=[
                    w.image_view("action_mode_close_button", "Done", self._finish_mode, width=147),
                    w.text_view(ui["mode"]["participant"], "action_bar_title", height=147),
                    w.overflow_button(lambda c: c.ui.update(menu="mode")),
                ],
            )
        return w.toolbar(
            self._title(),
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
            actions=[
                w.action_item(
                    "option_add_participant",
                    "Add traveler to trip",
                    lambda c: c.start_activity(PARTICIPANT_EDIT),
                ),
                w.action_item(
                    "option_export",
                    "Export",
                    lambda c: c.toast("Export"),
                    enabled=bool(ctx.data["payments"]),
                ),
                w.overflow_button(lambda c: c.ui.update(menu="options")),
            ],
            rid="action_bar",
        )

    def _travelers_page(self, ctx: AppContext) -> View:
        people = sorted(ctx.data["participants"], key=lambda p: p["name"].lower())
        if not people:
            return w.linear_layout([w.text_view(NO_TRAVELERS, "android:id/empty", height=500)])
        selected = ctx.ui["mode"]["participant"] if ctx.ui["mode"] else None
        rows = []
        for person in people:
            name = person["name"] + ("" if person["active"] else " [Inactive]")
            rows.append(
                w.relative_layout(
                    [
                        w.linear_layout(
                            [
                                w.text_view(name, "participantTabRowView_output_participantName"),
                                w.text_view(
                                    f"0.00 {SYMBOL}",
                                    "participantTabRowView_output_Balance",
                                    width=300,
                                ),
                            ],
                            rid="participantTabRowView_upperLayout",
                            horizontal=True,
                            height=120,
                        ),
                        View(
                            cls="android.widget.TableLayout",
                            layout=HORIZONTAL,
                            height=100,
                            children=[
                                w.text_view("Paid:", "participant_tab_row_view_label_paid"),
                                w.text_view(
                                    f"0.00 {SYMBOL}", "participant_tab_row_view_output_paid"
                                ),
                                w.text_view("Spent:", "participant_tab_row_view_label_spent"),
                                w.text_view(
                                    f"0.00 {SYMBOL}", "participant_tab_row_view_output_spent"
                                ),
                            ],
                        ),
                    ],
                    height=260,
                    selected=person["name"] == selected,
                    on_click=w.bind(self._tap_traveler, person["name"]),
                    on_long_click=w.bind(self._start_mode, person["name"]),
                )
            )
        return w.linear_layout([w.list_view(rows)])

    def _tap_traveler(self, ctx: AppContext, name: str) -> None:
        if ctx.ui["mode"] is not None:
            return
        if self._participant(ctx, name)["active"]:
            ctx.start_activity(PAYMENT_EDIT, {"payer": name})

    def _report_page(self, ctx: AppContext) -> View:
        return w.relative_layout(
            [
                w.relative_layout(
                    [
                        w.text_view("For:", "reportViewSpinnerLabel", width=200),
                        w.spinner("reportViewBaseSpinner", "All travelers", None),
                    ],
                    rid="reportViewTopLayout",
                    layout=HORIZONTAL,
                    height=147,
                    weight=0,
                ),
                w.scroll_view(
                    [
                        View(
                            cls="android.widget.TableLayout",
                            resource_id="reportViewTableLayout",
                            weight=0,
                            children=[
                                w.text_view("Expenditure"),
                                View(
                                    layout=HORIZONTAL,
                                    height=110,
                                    children=[
                                        w.text_view("Total spent:"),
                                        w.text_view(f"0.00 {SYMBOL}", "reportViewOutputTotalSpent"),
                                    ],
                                ),
                                View(
                                    layout=HORIZONTAL,
                                    height=110,
                                    children=[
                                        w.text_view("Total payment count:"),
                                        w.text_view("0", "reportViewOutputPaymentCount"),
                                    ],
                                ),
                                w.text_view("Spending by category"),
                                w.text_view("No spending"),
                            ],
                        ),
                        View(
                            cls="android.widget.TableLayout",
                            resource_id="reportViewTableLayoutDebts",
                            weight=0,
                            children=[w.text_view("Owing debts"), w.text_view("No debts")],
                        ),
                    ]
                ),
            ]
        )

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        page_no = ui["page"]
        if page_no == 0:
            page = self._travelers_page(ctx)
        elif page_no == 1:
            page = w.linear_layout([w.text_view(NO_PAYMENTS, "android:id/empty", height=500)])
        else:
            page = self._report_page(ctx)
        strip = View(
            cls="android.view.ViewGroup",
            resource_id="drawer_content_pager_title_strip",
            layout=HORIZONTAL,
            height=100,
            weight=0,
            children=[
                w.text_view(TABS[page_no - 1] if page_no > 0 else ""),
                w.text_view(TABS[page_no]),
                w.text_view(TABS[page_no + 1] if page_no + 1 < len(TABS) else ""),
            ],
        )
        pager = View(
            cls="android.support.v4.view.ViewPager",
            resource_id="drawer_content_pager",
            children=[strip, page],
        )
        drawer = None
        if ui["drawer"]:
            drawer = View(
                cls="android.widget.ListView",
                resource_id="drawer_drawer_list_view_trips",
                width=840,
                gravity="top",
                children=[
                    w.text_view(
                        f"{TRIP} ({SYMBOL})",
                        "android:id/text1",
                        on_click=lambda c: c.ui.update(drawer=False),
                    )
                ],
            )
        content = w.linear_layout(
            [
                self._action_bar(ctx),
                w.drawer_layout(pager, drawer, cls="android.support.v4.widget.DrawerLayout"),
            ]
        )
        windows: list[Window] = []
        if ui["menu"] == "options":
            windows.append(
                w.menu_window(
                    [(t, w.bind(self._options, t)) for t in ("Settings", "Help & Info")],
                    lambda c: c.ui.update(menu=None),
                    bounds=(560, 63, 1068, 315),
                )
            )
        elif ui["menu"] == "mode":
            windows.append(self._mode_menu(ctx))
        if ui["changelog"]:
            windows.append(self._changelog())
        return Screen(content=content, windows=windows)

    def _mode_menu(self, ctx: AppContext) -> Window:
        name = ctx.ui["mode"]["participant"]
        groups = self._groups(ctx, name)
        active = self._participant(ctx, name)["active"]
        rows = []
        for rid, title, group in PARTICIPANT_ITEMS:
            if rid.endswith("activate_for_costs") and (
                (rid == "option_participant_activate_for_costs") == active
            ):
                continue  # onCreateActionMode removes the one that does not apply
            enabled = groups[group]
            rows.append(
                w.linear_layout(
                    [w.text_view(title, "title", height=126, enabled=enabled)],
                    height=126,
                    enabled=enabled,
                    on_click=w.bind(self._mode_item, rid) if enabled else None,
                    clickable=True,
                )
            )
        listing = View(cls="android.widget.ListView", weight=0, children=rows)
        return Window(
            root=listing,
            kind="menu",
            on_dismiss=lambda c: c.ui.update(menu=None),
            bounds=(460, 63, 1068, 63 + 126 * len(rows)),
        )

    def _changelog(self) -> Window:
        web = View(
            cls="android.webkit.WebView",
            height=900,
            children=[
                w.text_view(line, height=100 if len(line) < 40 else 240) for line in CHANGELOG
            ],
        )
        ok = w.dialog_button("android:id/button1", "OK", lambda c: c.ui.update(changelog=False))
        return Window(
            root=w.alert_dialog(w.dialog_title("Change Log"), [web], [ok], None).root,
            cancelable=False,
        )

    # -- add traveler ----------------------------------------------------------------------
    def _type_name(self, ctx: AppContext, text: str) -> None:
        old = ctx.ui["name"]
        ctx.ui["name"] = text
        if len(old) < 2 <= len(text) and CONTACTS not in ctx.permissions:
            # QueryTriggeringTextWatcher: the second letter asks for the phone book.
            if ctx.data["contacts_denied"]:
                ctx.ui["rationale"] = True
            else:
                ctx.request_permission(CONTACTS)

    def _add(self, ctx: AppContext) -> None:
        name = ctx.ui["name"].strip()
        if not name:
            return
        if any(p["name"] == name for p in ctx.data["participants"]):
            ctx.toast(DENIAL)
            return
        ctx.data["participants"].append({"name": name, "active": True})
        ctx.ui["added"].insert(0, name)
        ctx.ui["name"] = ""

    def _rationale_ok(self, ctx: AppContext) -> None:
        ctx.ui["rationale"] = False
        ctx.request_permission(CONTACTS)

    def _render_participant_edit(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = w.toolbar(
            "Add traveler to trip",
            navigation=w.up_button(),
            actions=[
                w.action_item("option_accept", "Add", self._add, enabled=bool(ui["name"].strip())),
                w.overflow_button(lambda c: c.toast("Help & Info")),
            ],
            rid="action_bar",
        )
        body: list[View] = [
            w.text_view("Name:", "editParticipantView_label_name_input"),
            w.edit_text(
                "editParticipantView_autocomplete_name",
                ui["name"],
                self._type_name,
                cls="android.widget.AutoCompleteTextView",
            ),
            View(
                cls="android.view.View", resource_id="editParticipantView_button_spacer", height=40
            ),
        ]
        if ui["added"]:
            body.append(w.text_view("Already added:", "editParticipantView_label_already_created"))
            body.append(
                w.list_view(
                    [w.text_view(n, "android:id/text1") for n in ui["added"]],
                    rid="editParticipantViewListViewAlreadyCreated",
                )
            )
        content = w.linear_layout(
            [
                bar,
                w.relative_layout(body, rid="create_trip_view_tableLayout"),
            ]
        )
        windows = []
        if ui["rationale"]:
            # PermissionRationaleDialog: a message and OK, no title.
            ok = w.dialog_button("android:id/button1", "OK", self._rationale_ok)
            windows.append(
                w.alert_dialog(
                    View(cls="android.view.View", height=0),
                    [w.dialog_message(RATIONALE)],
                    [ok],
                    self._rationale_ok,
                )
            )
        return Screen(content=content, windows=windows)

    # -- rendering -------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == PARTICIPANT_EDIT:
            return self._render_participant_edit(ctx)
        titles = {
            PAYMENT_EDIT: "Create Payment",
            MONEY_TRANSFER: "Money transfer",
            PREFERENCES: "Settings",
        }
        bar = w.toolbar(
            titles.get(ctx.activity, ""),
            navigation=w.up_button(),
            rid="action_bar",
        )
        return Screen(content=w.linear_layout([bar, View()]))
