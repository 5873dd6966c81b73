"""Simple Contacts Pro (``com.simplemobiletools.contacts.pro``) 6.22.5, for Simple-Contacts#1023.

Modelled from the sources at commit ``f7cf57b`` ("update version to 6.22.5";
``gradle/libs.versions.toml`` says ``app-version-versionName = "6.22.5"``, the release of 29
August 2023, the latest when the report was filed the next day) with Simple-Commons at
``5bba536d73`` (the version the app pins): ``AndroidManifest.xml``, ``SplashActivity.kt``,
``activities/MainActivity.kt`` (``checkContactPermissions``, ``setupTabs``, the options menu),
``fragments/MyViewPagerFragment.kt`` (the FAB), ``extensions/Activity.kt`` (a tap views the
contact: ``onContactClick`` defaults to ``ON_CLICK_VIEW_CONTACT``),
``activities/ViewContactActivity.kt``, ``activities/EditContactActivity.kt``, the layouts
``activity_main``, ``fragment_letters_layout``, ``fragment_layout``, ``activity_view_contact``,
``activity_edit_contact``, ``item_edit_group``, ``item_edit_phone_number``,
``item_view_phone_number``, the menus ``menu``, ``menu_view_contact``, ``menu_edit_contact``,
``res/values/strings.xml`` and Simple-Commons' ``menu_search``, ``item_contact_without_number``,
``bottom_tablayout_item``, ``BaseConfig.showContactFields`` and strings; and the fix, commit
``c91c035`` ("Fix wrong reference when inflating groups in EditContactActivity", released in
6.22.6).

First run: the launcher's ``SplashActivity`` opens ``MainActivity``, which asks for the
contacts permission (READ_CONTACTS; WRITE_CONTACTS and GET_ACCOUNTS are of the same group and
granted with it). The main screen has the search bar (``top_toolbar_search_icon``,
``top_toolbar_search`` "Search", ``top_toolbar`` with "Sort by", "Filter" and the overflow menu),
the contacts list (``fragment_list``: ``item_contact_frame`` rows with ``item_contact_name``),
the ``fragment_fab`` "Create new contact", the ``main_dialpad_button`` and the bottom tabs
Contacts / Favorites / Groups. A tap on a contact opens ``ViewContactActivity`` (toolbar
``contact_toolbar``: "Edit contact", "Share", "Delete", overflow "Open with" / "Manage shown
contact fields"); "Edit contact" opens ``EditContactActivity`` (the same toolbar with "Save"),
whose fields follow the default ``showContactFields``.

The bug (Simple-Contacts#1023, crash): the ViewBinding migration left, in
``EditContactActivity.setupGroups``, the branch for a contact with no groups inflating an
``item_edit_group`` row and calling ``contactGroupHolder.addView(root)``: the row's root
(``contact_group_holder``) is added to itself instead of to ``binding.contactGroupsHolder``.
``ViewGroup.addViewInner`` then calls ``resetRtlProperties`` on the new child, and
``ViewGroup.resetResolvedLayoutDirection`` recurses into its own child (itself) until the main
thread's stack overflows. ``setupGroups`` runs when an existing contact is opened for editing
(``setupEditContact``, after the contact is read on a background thread) and after the groups
dialog; a new contact's editor does not call it, and a contact with groups takes the other
branch. The fix adds the row to ``binding.contactGroupsHolder``. The report has no trace: the
exception (``java.lang.StackOverflowError``, ART's "stack size 8MB") follows from the framework
code and is the model's reading; the frames are the model's (the release build is minified;
the framework's line numbers are guesses and the looper frames below are the toolkit's API 25
ones, not the reporter's Android 13).

Fixed data: the device's contacts provider holds two contacts, "Anna Smith" (no groups) and
"Bob Jones" (in the "Family" group); the reporter's contacts are not known. Stubbed: search,
sorting, filtering, the overflow menus' entries, the Favorites and Groups tabs (placeholder and
FAB only), share, delete, "Open with", photos, the type pickers, the groups dialog, and saving
(a new contact is stored with its first name, surname and number; edits of an existing contact
are not modelled past the crash). The dialpad button starts another app: not modelled.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed, input_text
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.simplemobiletools.contacts.pro"
SPLASH = ".activities.SplashActivity"
MAIN = ".activities.MainActivity"
VIEW_CONTACT = ".activities.ViewContactActivity"
EDIT_CONTACT = ".activities.EditContactActivity"
READ_CONTACTS = "android.permission.READ_CONTACTS"

RECYCLER = "androidx.recyclerview.widget.RecyclerView"
TABS = ("Contacts", "Favorites", "Groups")
FAB_DESC = ("Create new contact", "Add favorites", "Create group")
SOE = "java.lang.StackOverflowError"
PHONE_STORAGE = "Phone storage"

RECURSION = "android.view.ViewGroup.resetResolvedLayoutDirection(ViewGroup.java:8398)"
CRASH_FRAMES = [
    *[RECURSION] * 6,
    "android.view.View.resetRtlProperties(View.java:21460)",
    "android.view.ViewGroup.addViewInner(ViewGroup.java:5325)",
    "android.view.ViewGroup.addView(ViewGroup.java:5114)",
    "android.view.ViewGroup.addView(ViewGroup.java:5054)",
    "android.view.ViewGroup.addView(ViewGroup.java:5026)",
    "com.simplemobiletools.contacts.pro.activities.EditContactActivity.setupGroups("
    "EditContactActivity.kt:779)",
    "com.simplemobiletools.contacts.pro.activities.EditContactActivity.setupEditContact("
    "EditContactActivity.kt:501)",
    "com.simplemobiletools.contacts.pro.activities.EditContactActivity.gotContact("
    "EditContactActivity.kt:172)",
    "com.simplemobiletools.contacts.pro.activities.EditContactActivity.initContact$lambda$2$lambda$1("
    "EditContactActivity.kt:165)",
    "com.simplemobiletools.contacts.pro.activities.EditContactActivity$$ExternalSyntheticLambda5.run("
    "Unknown Source:2)",
    *callback_frames(25),
]


def edit_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Simple-Contacts#1023: the contact editor overflowed the stack."""
    return crashed(system, PACKAGE, SOE)


def _click(rid: str = "", text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, desc, cls)


STEP_ALLOW = allow_permission(PACKAGE)
STEP_ANNA = _click("item_contact_name", "Anna Smith", cls="android.widget.TextView")
STEP_BOB = _click("item_contact_name", "Bob Jones", cls="android.widget.TextView")
STEP_EDIT = _click("edit", desc="Edit contact", cls="android.widget.TextView")
STEP_SHARE = _click("share", desc="Share", cls="android.widget.TextView")
STEP_FAB = _click("fragment_fab", desc="Create new contact", cls="android.widget.ImageButton")
STEP_FIRST = input_text(PACKAGE, "contact_first_name", "Carl", hint="First name")
STEP_SAVE = _click("save", desc="Save", cls="android.widget.TextView")
STEP_CARL = _click("item_contact_name", "Carl", cls="android.widget.TextView")

BUG_1023 = BugSpec(
    "Simple-Contacts#1023",
    "crash",
    "Latest release crashes when trying to edit contact",
    edit_crashed,
    human_steps=(STEP_ALLOW, STEP_ANNA, STEP_EDIT),
)

WRONG_SEQUENCES = {
    "Simple-Contacts#1023": [
        # Viewing the contact only.
        [STEP_ALLOW, STEP_ANNA, STEP_SHARE],
        # A contact in a group: setupGroups takes the other branch.
        [STEP_ALLOW, STEP_BOB, STEP_EDIT],
        # A new contact's editor does not call setupGroups; saving it is fine.
        [STEP_ALLOW, STEP_FAB, STEP_FIRST, STEP_SAVE],
        # Permission denied: no contact to edit, only the new-contact editor.
        [
            _click("com.android.permissioncontroller:id/permission_deny_button", "Don't allow"),
            STEP_FAB,
        ],
        # The contact opened, then Back instead of Edit.
        [STEP_ALLOW, STEP_ANNA, {"kind": "press_back"}, STEP_FAB],
    ]
}


class SimpleContacts6225(VirtualApp):
    """Simple Contacts Pro 6.22.5 (see the module docstring)."""

    name: ClassVar[str] = "Simple-Contacts"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Contacts"
    version: ClassVar[str] = "6.22.5"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1023,)

    def initial_data(self) -> dict[str, Any]:
        return {
            # The device's contacts provider (fixed data) and the app's private database.
            "device_contacts": [
                {
                    "id": 1,
                    "first": "Anna",
                    "surname": "Smith",
                    "number": "+1 555 0100",
                    "groups": [],
                },
                {
                    "id": 2,
                    "first": "Bob",
                    "surname": "Jones",
                    "number": "+1 555 0111",
                    "groups": ["Family"],
                },
            ],
            "next_id": 3,
            "asked": False,
            "granted": False,
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            ctx.start_activity(MAIN)
            ctx.finish()
        elif ctx.activity == MAIN:
            ctx.ui.setdefault("tab", 0)
            if not ctx.data["granted"]:
                ctx.request_permission(READ_CONTACTS)
        elif ctx.activity == EDIT_CONTACT and "fields" not in ctx.ui:
            self._init_editor(ctx)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        ctx.data["asked"] = True
        ctx.data["granted"] = granted

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {k: v for k, v in ctx.ui.items() if k in ("tab", "fields")}

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "menu", None)

    def _contacts(self, ctx: AppContext) -> list[dict[str, Any]]:
        """What the app reads: the provider's contacts with the permission (its private ones
        are none on a fresh install), sorted by first name."""
        granted = ctx.data["granted"]
        found = [c for c in ctx.data["device_contacts"] if granted or c.get("private")]
        return sorted(found, key=lambda c: (c["first"] + " " + c["surname"]).lower())

    def _contact(self, ctx: AppContext) -> dict[str, Any] | None:
        wanted = ctx.extras.get("contact_id")
        return next((c for c in ctx.data["device_contacts"] if c["id"] == wanted), None)

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == VIEW_CONTACT:
            return self._view_contact(ctx)
        if ctx.activity == EDIT_CONTACT:
            return self._edit_contact(ctx)
        return self._main(ctx)

    def _main(self, ctx: AppContext) -> Screen:
        tab = ctx.ui.get("tab", 0)
        bar = View(
            cls="android.widget.LinearLayout",
            resource_id="top_app_bar_layout",
            height=w.TOOLBAR_HEIGHT,
            children=[
                w.relative_layout(
                    [
                        w.image_view("top_toolbar_search_icon", "Search", width=126),
                        w.edit_text(
                            "top_toolbar_search",
                            ctx.ui.get("query", ""),
                            self._query,
                            hint="Search",
                        ),
                        w.toolbar(
                            "",
                            rid="top_toolbar",
                            actions=[
                                w.action_item("sort", "Sort by", None),
                                w.action_item("filter", "Filter", None),
                                w.overflow_button(self._open_menu),
                            ],
                        ),
                    ],
                    rid="top_toolbar_holder",
                    layout="horizontal",
                )
            ],
        )
        content: list[View] = []
        if tab == 0 and self._contacts(ctx):
            rows = [
                View(
                    cls="androidx.constraintlayout.widget.ConstraintLayout",
                    resource_id="item_contact_frame",
                    layout="horizontal",
                    height=168,
                    on_click=w.bind(self._view, c["id"]),
                    children=[
                        w.image_view("item_contact_image", width=168),
                        w.text_view(f"{c['first']} {c['surname']}".strip(), "item_contact_name"),
                    ],
                )
                for c in self._contacts(ctx)
            ]
            content.append(w.list_view(rows, rid="fragment_list", cls=RECYCLER))
            content.append(
                View(cls="android.view.View", resource_id="letter_fastscroller", width=60)
            )
        else:
            content.append(w.text_view("No contacts found", "fragment_placeholder", height=200))
            if tab == 0:
                content.append(w.text_view("Change filter", "fragment_placeholder_2", height=120))
            content.append(View(cls="android.view.View"))
        page = View(
            cls="android.widget.RelativeLayout",
            resource_id="fragment_wrapper",
            layout=FRAME,
            children=[
                w.linear_layout(content, horizontal=tab == 0 and bool(self._contacts(ctx))),
                w.fab("fragment_fab", FAB_DESC[tab], self._fab if tab == 0 else None),
            ],
        )
        tabs = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="main_tabs_holder",
            layout="horizontal",
            height=168,
            children=[
                View(
                    cls="android.widget.LinearLayout",
                    selected=tab == i,
                    on_click=w.bind(self._tab, i),
                    children=[
                        w.image_view("tab_item_icon", height=70),
                        w.text_view(title, "tab_item_label", height=98),
                    ],
                )
                for i, title in enumerate(TABS)
            ],
        )
        holder = View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            resource_id="main_holder",
            children=[
                View(
                    cls="androidx.viewpager.widget.ViewPager",
                    resource_id="view_pager",
                    layout=FRAME,
                    children=[
                        page,
                        w.image_view(
                            "main_dialpad_button",
                            "Dialpad",
                            None,
                            width=168,
                            height=168,
                            gravity="bottom_start",
                        ),
                    ],
                ),
                tabs,
            ],
        )
        root = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            resource_id="main_coordinator",
            children=[bar, holder],
        )
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Import contacts from a .vcf file", self._dismiss),
                        ("Export contacts to a .vcf file", self._dismiss),
                        ("Settings", self._dismiss),
                        ("About", self._dismiss),
                        ("More apps from us", self._dismiss),
                    ],
                    self._dismiss,
                )
            )
        return Screen(content=root, windows=windows)

    def _contact_toolbar(self, ctx: AppContext, first: tuple[str, str, Any]) -> View:
        return w.toolbar(
            "",
            navigation=w.up_button(),
            rid="contact_toolbar",
            actions=[
                w.action_item(first[0], first[1], first[2]),
                w.action_item("share", "Share", None),
                w.action_item("delete", "Delete", None),
                w.overflow_button(self._open_menu),
            ],
        )

    def _menu_windows(self, ctx: AppContext) -> list[Window]:
        if not ctx.ui.get("menu"):
            return []
        return [
            w.menu_window(
                [("Open with", self._dismiss), ("Manage shown contact fields", self._dismiss)],
                self._dismiss,
            )
        ]

    def _view_contact(self, ctx: AppContext) -> Screen:
        contact = self._contact(ctx)
        if contact is None:
            return Screen(content=View())
        name = f"{contact['first']} {contact['surname']}".strip()
        body: list[View] = [
            w.image_view("contact_photo", "Change photo", height=500),
            w.linear_layout(
                [
                    w.image_view("contact_send_email", "Send email"),
                    w.image_view("contact_start_call", "Call contact"),
                    w.image_view("contact_send_sms", "Send SMS"),
                ],
                rid="contact_actions_holder",
                horizontal=True,
                height=147,
            ),
            w.text_view(name, "contact_name", height=147),
            w.linear_layout(
                [
                    w.relative_layout(
                        [
                            w.text_view(contact["number"], "contact_number"),
                            w.text_view("Mobile", "contact_number_type"),
                        ],
                        rid="contact_number_holder",
                        height=147,
                    )
                ],
                rid="contact_numbers_holder",
                weight=0,
            ),
        ]
        if contact["groups"]:
            body.append(
                w.linear_layout(
                    [w.text_view(g, "contact_group") for g in contact["groups"]],
                    rid="contact_groups_holder",
                    weight=0,
                )
            )
        body.append(w.text_view(PHONE_STORAGE, "contact_source", height=147))
        root = w.relative_layout(
            [
                self._contact_toolbar(ctx, ("edit", "Edit contact", self._edit)),
                w.scroll_view(
                    [w.linear_layout(body, rid="contact_holder")], rid="contact_scrollview"
                ),
            ],
            rid="contact_wrapper",
        )
        return Screen(content=root, windows=self._menu_windows(ctx))

    def _edit_contact(self, ctx: AppContext) -> Screen:
        fields = ctx.ui["fields"]

        def field(rid: str, hint: str) -> View:
            return w.edit_text(rid, fields.get(rid, ""), self._field(rid), hint=hint)

        body: list[View] = [
            w.image_view("contact_photo", "Change photo", height=400),
            w.image_view("contact_toggle_favorite", "Toggle favorite", width=147),
            field("contact_first_name", "First name"),
            field("contact_surname", "Surname"),
            w.relative_layout(
                [
                    field("contact_number", "Number"),
                    w.text_view("Mobile", "contact_number_type", width=300),
                ],
                rid="contact_number_holder",
                layout="horizontal",
                height=150,
            ),
            w.image_view("contact_numbers_add_new", width=147),
            w.relative_layout(
                [field("contact_email", "Email"), w.text_view("Home", "contact_email_type")],
                rid="contact_email_holder",
                layout="horizontal",
                height=150,
            ),
            w.image_view("contact_emails_add_new", width=147),
            field("contact_notes", "Notes"),
            w.linear_layout(
                [
                    w.relative_layout(
                        [w.text_view(g, "contact_group")],
                        rid="contact_group_holder",
                        height=147,
                    )
                    for g in (fields.get("groups") or ["No groups"])
                ],
                rid="contact_groups_holder",
                weight=0,
            ),
            w.image_view("contact_groups_add_new", width=147),
            w.text_view(PHONE_STORAGE, "contact_source", height=147),
        ]
        root = w.relative_layout(
            [
                self._contact_toolbar(ctx, ("save", "Save", self._save)),
                w.scroll_view(
                    [w.linear_layout(body, rid="contact_holder")], rid="contact_scrollview"
                ),
            ],
            rid="contact_wrapper",
        )
        return Screen(content=root, windows=self._menu_windows(ctx))

    # -- handlers ------------------------------------------------------------------------------
    def _dismiss(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None

    def _open_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = True

    def _query(self, ctx: AppContext, text: str) -> None:
        ctx.ui["query"] = text

    def _tab(self, ctx: AppContext, index: int) -> None:
        ctx.ui["tab"] = index

    def _view(self, ctx: AppContext, contact_id: int) -> None:
        ctx.start_activity(VIEW_CONTACT, {"contact_id": contact_id})

    def _fab(self, ctx: AppContext) -> None:
        ctx.start_activity(EDIT_CONTACT, {})

    def _edit(self, ctx: AppContext) -> None:
        ctx.start_activity(EDIT_CONTACT, {"contact_id": ctx.extras.get("contact_id")})

    def _field(self, rid: str) -> Any:
        def handler(ctx: AppContext, text: str) -> None:
            ctx.ui["fields"][rid] = text

        return handler

    def _init_editor(self, ctx: AppContext) -> None:
        """``initContact`` / ``gotContact``: a new contact gets ``setupNewContact``; an existing
        one ``setupEditContact``, whose ``setupGroups`` has the bug."""
        contact = self._contact(ctx)
        if contact is None:
            ctx.ui["fields"] = {"groups": []}
            return
        ctx.ui["fields"] = {
            "contact_first_name": contact["first"],
            "contact_surname": contact["surname"],
            "contact_number": contact["number"],
            "groups": list(contact["groups"]),
        }
        self._setup_groups(contact["groups"])

    def _setup_groups(self, groups: list[str]) -> None:
        """``setupGroups``: with no groups, the "No groups" row is added to itself."""
        if not groups:
            raise JavaException(SOE, "stack size 8MB", frames=CRASH_FRAMES)

    def _save(self, ctx: AppContext) -> None:
        """``saveContact``: at least one field filled; a new contact is inserted (into the
        provider with the permission), then the editor finishes."""
        fields = ctx.ui["fields"]
        texts = [
            fields.get(k, "")
            for k in (
                "contact_first_name",
                "contact_surname",
                "contact_number",
                "contact_email",
                "contact_notes",
            )
        ]
        if not any(texts):
            ctx.toast("At least 1 field has to be filled out")
            return
        if self._contact(ctx) is None:
            data = ctx.data
            data["device_contacts"].append(
                {
                    "id": data["next_id"],
                    "first": fields.get("contact_first_name", ""),
                    "surname": fields.get("contact_surname", ""),
                    "number": fields.get("contact_number", ""),
                    "groups": [],
                    # Without the permission it goes to the app's own database (SMT_PRIVATE).
                    "private": not data["granted"],
                }
            )
            data["next_id"] += 1
        ctx.finish()
