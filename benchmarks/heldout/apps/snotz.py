"""sNotz (``com.sunilpaulmathew.snotz``) v0.31, for sNotz#52.

Modelled from the sources at tag ``v0.31`` (commit ``7a8d30c``; ``app/build.gradle`` says
``versionName "v0.31"``, the release current when the report was filed in July 2024):
``AndroidManifest.xml``, ``activities/StartActivity.java``,
``activities/ColorCustomizationsActivity.java``, ``MainActivity.java``,
``activities/WelcomeActivity.java``, ``fragments/sNotzFragment.java``,
``adapters/NotesAdapter.java``, ``utils/dialogs/CreateChecklistDialog.java``,
``interfaces/EditTextInterface.java``, ``activities/CheckListActivity.java``,
``adapters/CheckListAdapter.java``, ``utils/CheckLists.java``, ``utils/CheckListItems.java``,
``utils/Security.java`` (``launchMainActivity``), the layouts ``activity_color_customizations``,
``recycle_view_color_customizations``, ``activity_welcome``, ``fragment_main``,
``recycle_view_main``, ``activity_checklist``, ``recycle_view_checklist``,
``activity_createnote``, ``activity_settings``, ``activity_about``, ``res/values/strings.xml``
and sCommon's ``sSingleItemDialog`` (``setItems``).

First run: the launcher's ``StartActivity`` opens ``ColorCustomizationsActivity`` ("Customize
Colors": four colour rows and the ``start_card`` "Start" card); Start (or Back) opens
``MainActivity``, which on its first start puts ``WelcomeActivity`` on top (a three-page tour
with ``arrow_back``, ``skip`` "SKIP" and ``arrow_front``). The main page (``sNotzFragment``)
has ``search_button``, ``sort_button``, ``settings_button`` and the ``add_note_card`` card,
which opens an item list "Note" / "Checklist"; "Checklist" asks "Create new checklist as?"
(an EditText with no id, Cancel / OK) and opens ``CheckListActivity`` for that name:
``back_button``, ``title`` (the name), ``az_button``, ``save_button`` and one row per item (a
``checkbox`` and a multi-line ``title`` EditText, hint "Add content here…").

The bug (sNotz#52, crash): ``CheckListAdapter.manageData``'s TextWatcher, when an item's text
ends with a new line (the Enter key) on the last row, strips it and appends
``new CheckListItems(null, false)``: a row whose title is ``null``. Left empty, that title is
still ``null`` when Save runs ``CheckListActivity.saveCheckList`` ->
``CheckLists.getChecklists(List)``, whose ``item.getTitle().equals("")`` throws a
``NullPointerException``. (Typing into the new row, or Enter on it, sets its title to a string
first.) The A-Z button's ``String.CASE_INSENSITIVE_ORDER.compare`` also throws on that ``null``
title, in ``String.length()``: a different crash. The report has no trace; the frames are the
model's, unobfuscated (the release build is minified), with the source lines of v0.31.

Stubbed: the colour picker dialog (title, Cancel / OK, no wheel), the notes editor
(``CreateNoteActivity``: its header and text field, no saving), Settings and About (their
headers), QR code scanning/reading and the notes list's long-press menu (not modelled);
snackbars are shown as toasts; biometric/PIN lock is off on a fresh install and not modelled.
sCommon's crash reporter saves a log before the crash; the model shows the system crash.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.sunilpaulmathew.snotz"
START = ".activities.StartActivity"
COLORS = ".activities.ColorCustomizationsActivity"
MAIN = ".MainActivity"
WELCOME = ".activities.WelcomeActivity"
CHECKLIST = ".activities.CheckListActivity"
CREATE_NOTE = ".activities.CreateNoteActivity"
SETTINGS = ".activities.SettingsActivity"
ABOUT = ".activities.AboutActivity"

CARD = "androidx.cardview.widget.CardView"  # MaterialCardView's accessibility class
LLC = "androidx.appcompat.widget.LinearLayoutCompat"
RECYCLER = "androidx.recyclerview.widget.RecyclerView"
EDIT = "android.widget.EditText"

COLOR_ROWS = (
    "Choose default Accent Color of sNotz",
    "Choose default Background Color of the notes",
    "Choose default Text Color of the notes",
    "Choose default color for Checklist Widgets",
)
WELCOME_NOTES = (
    "Welcome to sNotz, an open-source, privacy- friendly, and completely offline application "
    "to manage your notes.",
    "sNotz will let you create, customize, and manage simple notes & checklists.",
    "sNotz supports creating notes in your favourite color and font size/style. Please be sure "
    'to checkout the "Settings" page for more info.',
)
WELCOME_MESSAGES = (
    ("click_fab_message", "Click bottom 'Plus' icon to create a note"),
    ("click_note_message", "Single click on a note to edit"),
    (
        "longclick_note_message",
        "Long click a note for advanced options, such as 'share', 'hide' & 'delete'",
    ),
)
CONTENT_HINT = "Add content here…"
CREATE_QUESTION = "Create new checklist as?"
NAME_EMPTY = "Checklist name shouldn't be empty. Aborting"
EXISTS = "A checklist with same name already exists. Do you want to replace it?"
DISCARD = "Discard changes made on this page?"
PRESS_BACK = "Press the 'Back' button again to Exit"

CLICK_FRAMES = [
    "android.view.View.performClick(View.java:5637)",
    "android.view.View$PerformClick.run(View.java:22429)",
    *callback_frames(25),
]
NPE = "java.lang.NullPointerException"
EQUALS_NULL = (
    "Attempt to invoke virtual method 'boolean java.lang.String.equals(java.lang.Object)' on a "
    "null object reference"
)
LENGTH_NULL = (
    "Attempt to invoke virtual method 'int java.lang.String.length()' on a null object reference"
)


def _llc(children: list[View], *, rid: str = "", horizontal: bool = False, **kw: Any) -> View:
    """A ``LinearLayoutCompat`` (which reports its own class name to accessibility)."""
    return View(
        cls=LLC,
        resource_id=rid,
        layout="horizontal" if horizontal else "vertical",
        children=children,
        **kw,
    )


def java_trim(text: str) -> str:
    """``String.trim()``: strips the characters up to U+0020 at both ends."""
    start, end = 0, len(text)
    while start < end and text[start] <= " ":
        start += 1
    while end > start and text[end - 1] <= " ":
        end -= 1
    return text[start:end]


def save_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of sNotz#52: Save threw the NPE of ``getChecklists``' ``equals`` call."""
    return crashed(system, PACKAGE, NPE, "java.lang.String.equals(java.lang.Object)")


def _s(kind: str) -> dict[str, Any]:
    return {"kind": kind}


STEP_START = click(PACKAGE, "start_card", cls=CARD)
STEP_SKIP = click(PACKAGE, "skip", "SKIP", cls="android.widget.TextView")
STEP_ADD = click(PACKAGE, "add_note_card", cls=CARD)
STEP_CHECKLIST = click(PACKAGE, "android:id/text1", "Checklist", cls="android.widget.TextView")
STEP_NAME = input_text(PACKAGE, "", "Shopping", bounds=[66, 853, 1014, 1003])
STEP_OK = click(PACKAGE, "android:id/button1", "OK", cls="android.widget.Button")
STEP_ITEM = input_text(PACKAGE, "title", "Milk", hint=CONTENT_HINT)
STEP_SAVE = click(PACKAGE, "save_button", cls="android.widget.ImageButton")
STEP_AZ = click(PACKAGE, "az_button", cls="android.widget.ImageButton")
STEP_BACK_BUTTON = click(PACKAGE, "back_button", cls="android.widget.ImageButton")
STEP_DISCARD = click(PACKAGE, "android:id/button1", "Discard", cls="android.widget.Button")
STEP_SECOND_ITEM = input_text(
    PACKAGE, "title", "Eggs", hint=CONTENT_HINT, bounds=[120, 360, 1080, 510]
)
TO_CHECKLIST = [STEP_START, STEP_SKIP, STEP_ADD, STEP_CHECKLIST, STEP_NAME, STEP_OK]

BUG_52 = BugSpec(
    "sNotz#52",
    "crash",
    "Checklist, blank crash",
    save_crashed,
    human_steps=(*TO_CHECKLIST, STEP_ITEM, _s("press_enter"), STEP_SAVE),
)

WRONG_SEQUENCES = {
    "sNotz#52": [
        # No Enter: the only item has a title; the checklist is saved.
        [*TO_CHECKLIST, STEP_ITEM, STEP_SAVE],
        # The new row gets a title before Save.
        [*TO_CHECKLIST, STEP_ITEM, _s("press_enter"), STEP_SECOND_ITEM, STEP_SAVE],
        # The A-Z button instead of Save (a different NullPointerException).
        [*TO_CHECKLIST, STEP_ITEM, _s("press_enter"), STEP_AZ],
        # Leaving instead of saving.
        [*TO_CHECKLIST, STEP_ITEM, _s("press_enter"), STEP_BACK_BUTTON, STEP_DISCARD],
        # Save before Enter.
        [*TO_CHECKLIST, STEP_ITEM, STEP_SAVE, _s("press_enter")],
    ]
}


class SNotz031(VirtualApp):
    """sNotz v0.31 (see the module docstring)."""

    name: ClassVar[str] = "sNotz"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "sNotz"
    version: ClassVar[str] = "0.31"
    launch_activity: ClassVar[str] = START
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_52,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "prefs": {"color_customized": False, "welcome_message": False, "colors": {}},
            # The files under getExternalFilesDir("checklists"): name -> [{title, done}].
            "checklists": {},
            "checklist_order": [],
            # CheckLists.mCheckListName (a static field).
            "checklist_name": None,
            "search": None,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == START:
            prefs = ctx.data["prefs"]
            if not prefs["color_customized"]:
                prefs["color_customized"] = True
                ctx.start_activity(COLORS)
                ctx.finish()
            else:
                self._launch_main(ctx)
        elif ctx.activity == MAIN:
            if not ctx.data["prefs"]["welcome_message"]:
                ctx.start_activity(WELCOME)
                ctx.data["prefs"]["welcome_message"] = True
        elif ctx.activity == WELCOME:
            ctx.ui.setdefault("page", 0)
        elif ctx.activity == CHECKLIST and "items" not in ctx.ui:
            saved = ctx.data["checklists"].get(ctx.data["checklist_name"])
            if saved:
                ctx.ui["items"] = [{"title": i["title"], "checked": i["done"]} for i in saved]
            else:
                ctx.ui["items"] = [{"title": "", "checked": False}]

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # Nothing the model keeps survives re-creation: the builder dialogs and popup menus are
        # not restored, the welcome tour and the search field restart from their layouts, and
        # CheckListActivity reloads its items from the saved file.
        return {}

    def _launch_main(self, ctx: AppContext) -> None:
        """``Security.launchMainActivity``: no notes and no auto-backup on a fresh install."""
        ctx.start_activity(MAIN)
        ctx.finish()

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("dialog") or ctx.ui.get("menu"):
            ctx.ui["dialog"] = None
            ctx.ui["menu"] = None
            return True
        if ctx.activity == COLORS:
            self._launch_main(ctx)
            return True
        if ctx.activity == CHECKLIST:
            ctx.ui["dialog"] = {"kind": "discard"}
            return True
        if ctx.activity == MAIN:
            if ctx.ui.get("searching"):
                ctx.ui["searching"] = False
                ctx.data["search"] = None
                return True
            if ctx.ui.get("exit"):
                ctx.finish()
            else:
                ctx.toast(PRESS_BACK)
                ctx.ui["exit"] = True
            return True
        return False

    # -- render ------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        act = ctx.activity
        if act == COLORS:
            return self._colors(ctx)
        if act == MAIN:
            return self._main(ctx)
        if act == WELCOME:
            return self._welcome(ctx)
        if act == CHECKLIST:
            return self._checklist(ctx)
        if act == CREATE_NOTE:
            return self._create_note(ctx)
        if act == SETTINGS:
            return self._stub_page(ctx, "Settings")
        if act == ABOUT:
            return self._about(ctx)
        return Screen(
            content=_llc(
                [w.image_view("app_logo"), w.text_view("", "authentication_status")],
            )
        )

    def _dismiss(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.ui["menu"] = None

    # ColorCustomizationsActivity
    def _colors(self, ctx: AppContext) -> Screen:
        rows = [
            View(
                cls=CARD,
                on_click=w.bind(self._open_picker, i),
                height=200,
                children=[
                    w.frame_layout(
                        [
                            w.text_view(text, "text"),
                            View(
                                cls=CARD, resource_id="circle", width=158, height=158, gravity="end"
                            ),
                        ],
                        layout=FRAME,
                    )
                ],
            )
            for i, text in enumerate(COLOR_ROWS)
        ]
        start = View(
            cls=CARD,
            resource_id="start_card",
            on_click=self._launch_main,
            height=131,
            children=[
                _llc(
                    [
                        w.text_view("START"),
                        View(cls="android.widget.ImageButton", width=100, clickable=False),
                    ],
                    horizontal=True,
                )
            ],
        )
        content = w.relative_layout(
            [
                _llc(
                    [
                        w.text_view("Customize Colors", "title", height=140),
                        View(cls=RECYCLER, resource_id="recycler_view", children=rows),
                    ],
                ),
                start,
            ]
        )
        windows = []
        if ctx.ui.get("dialog"):
            windows.append(
                w.confirm_dialog(
                    "Choose Color",
                    "",
                    ("OK", self._picker_ok),
                    ("Cancel", self._dismiss),
                    self._dismiss,
                )
            )
        return Screen(content=content, windows=windows)

    def _open_picker(self, ctx: AppContext, position: int) -> None:
        ctx.ui["dialog"] = {"kind": "picker", "position": position}

    def _picker_ok(self, ctx: AppContext) -> None:
        position = ctx.ui["dialog"]["position"]
        ctx.data["prefs"]["colors"][str(position)] = "picked"
        self._dismiss(ctx)

    # WelcomeActivity
    def _welcome(self, ctx: AppContext) -> Screen:
        page = ctx.ui.get("page", 0)
        header = w.frame_layout(
            [
                w.text_view("sNotz", "title"),
                w.image_button("search_button", width=126),
                w.image_button("sort_button", width=126),
                w.image_button("settings_button", width=126),
            ],
            layout="horizontal",
            height=147,
        )
        card = View(
            cls=CARD,
            weight=0,
            children=[
                _llc(
                    [
                        w.text_view(WELCOME_NOTES[page], "note", height=330),
                        w.text_view("Jul 10, 2024 9:00:00 AM", "date"),
                    ],
                    rid="layout_welcome",
                    weight=0,
                )
            ],
        )
        body: list[View] = [header, card]
        if page == 1:
            body += [
                w.image_view("click_note"),
                w.text_view(WELCOME_MESSAGES[1][1], WELCOME_MESSAGES[1][0]),
            ]
        elif page == 2:
            body += [
                w.image_view("longclick_note"),
                w.text_view(WELCOME_MESSAGES[2][1], WELCOME_MESSAGES[2][0]),
            ]
        body.append(View(cls="android.view.View"))
        if page == 0:
            body.append(
                _llc(
                    [
                        w.text_view(WELCOME_MESSAGES[0][1], WELCOME_MESSAGES[0][0]),
                        w.image_view("click_fab", width=120),
                        View(cls=CARD, width=147, children=[w.image_button("add_button")]),
                    ],
                    horizontal=True,
                    height=160,
                )
            )
        body.append(
            _llc(
                [
                    w.image_button("arrow_back", handler=self._welcome_back, width=150),
                    w.text_view("SKIP", "skip", on_click=w.finish),
                    w.image_button("arrow_front", handler=self._welcome_next, width=150),
                ],
                horizontal=True,
                height=150,
            )
        )
        body.append(
            _llc(
                [w.text_view("1", "one"), w.text_view("2", "two"), w.text_view("3", "three")],
                horizontal=True,
                height=110,
            )
        )
        return Screen(content=w.relative_layout([_llc(body)]))

    def _welcome_next(self, ctx: AppContext) -> None:
        if ctx.ui["page"] >= 2:
            ctx.finish()
        else:
            ctx.ui["page"] += 1

    def _welcome_back(self, ctx: AppContext) -> None:
        if ctx.ui["page"] > 0:
            ctx.ui["page"] -= 1

    # MainActivity / sNotzFragment
    def _main(self, ctx: AppContext) -> Screen:
        searching = bool(ctx.ui.get("searching"))
        header_children: list[View] = []
        if searching:
            header_children.append(
                w.edit_text("search_word", ctx.data["search"] or "", self._search, hint="Search…")
            )
        header_children.append(w.text_view("sNotz", "app_title", width=300 if searching else None))
        if not searching:
            header_children += [
                w.image_button("search_button", handler=self._start_search, width=126),
                w.image_button("sort_button", handler=self._open_menu("sort"), width=126),
                w.image_button("settings_button", handler=self._open_menu("more"), width=126),
            ]
        header = w.frame_layout(header_children, layout="horizontal", height=165)
        rows = []
        word = ctx.data["search"]
        for name in ctx.data["checklist_order"]:
            items = ctx.data["checklists"][name]
            text = (
                name
                + "\n\n"
                + "".join(
                    ("\u2611  " if i["done"] else "\u2610  ") + i["title"] + "\n" for i in items
                )
            )
            if word and word not in text.lower():
                continue
            rows.append(
                View(
                    cls=CARD,
                    resource_id="rv_card",
                    on_click=w.bind(self._open_checklist, name),
                    height=260,
                    children=[
                        _llc(
                            [
                                w.frame_layout(
                                    [
                                        w.text_view(text, "contents"),
                                        w.image_button("expand", width=126, gravity="end"),
                                    ],
                                    layout=FRAME,
                                ),
                                w.text_view("", "date"),
                            ],
                        )
                    ],
                )
            )
        content = w.relative_layout(
            [
                _llc(
                    [header, View(cls=RECYCLER, resource_id="recycler_view", children=rows)],
                ),
                w.fab(
                    "add_note_card",
                    "",
                    self._add_clicked,
                    size=180,
                    cls=CARD,
                    children=[w.image_button("add_note_icon", clickable=False)],
                ),
            ],
            layout=FRAME,
        )
        return Screen(content=content, windows=self._main_windows(ctx))

    def _main_windows(self, ctx: AppContext) -> list[Window]:
        menu = ctx.ui.get("menu")
        dialog = ctx.ui.get("dialog") or {}
        windows: list[Window] = []
        if menu == "more":
            windows.append(
                w.menu_window(
                    [
                        ("Settings", self._go(SETTINGS)),
                        ("QR Code", self._open_menu("qr")),
                        ("About", self._go(ABOUT)),
                    ],
                    self._dismiss,
                )
            )
        elif menu == "qr":
            windows.append(
                w.menu_window(
                    [("Scan QR Code", self._scan_qr), ("Read from Image", self._dismiss)],
                    self._dismiss,
                )
            )
        elif menu == "sort":
            windows.append(
                w.menu_window(
                    [
                        ("Show", self._open_menu("show")),
                        ("Sort By", self._open_menu("sort_by")),
                        ("Reverse Order", self._dismiss),
                    ],
                    self._dismiss,
                )
            )
        elif menu == "show":
            windows.append(
                w.menu_window(
                    [
                        ("Notes & Checklists", self._dismiss),
                        ("Only Checklists", self._dismiss),
                        ("Only Notes", self._dismiss),
                    ],
                    self._dismiss,
                )
            )
        elif menu == "sort_by":
            windows.append(
                w.menu_window(
                    [
                        ("Date Modified", self._dismiss),
                        ("Background Color", self._dismiss),
                        ("A-Z Order", self._dismiss),
                    ],
                    self._dismiss,
                )
            )
        kind = dialog.get("kind")
        if kind == "add":
            items = View(
                cls="android.widget.ListView",
                resource_id="android:id/select_dialog_listview",
                weight=0,
                children=[
                    w.text_view("Note", "android:id/text1", on_click=self._new_note, height=147),
                    w.text_view(
                        "Checklist", "android:id/text1", on_click=self._new_checklist, height=147
                    ),
                ],
            )
            windows.append(w.alert_dialog(items, [], [], self._dismiss))
        elif kind == "name":
            field = w.edit_text(
                "", dialog.get("text", ""), self._name_typed, cls="android.widget.EditText"
            )
            windows.append(
                w.input_dialog(
                    CREATE_QUESTION,
                    field,
                    ("OK", self._name_ok),
                    ("Cancel", self._dismiss),
                    self._dismiss,
                )
            )
        elif kind == "exists":
            windows.append(
                w.alert_dialog(
                    w.dialog_message(EXISTS),
                    [],
                    w.dialog_buttons(
                        ("Replace", self._replace), ("Change Name", self._change_name)
                    ),
                    self._dismiss,
                )
            )
        return windows

    def _open_menu(self, name: str) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.ui["menu"] = name

        return handler

    def _go(self, activity: str) -> Any:
        def handler(ctx: AppContext) -> None:
            self._dismiss(ctx)
            ctx.start_activity(activity)

        return handler

    def _scan_qr(self, ctx: AppContext) -> None:
        self._dismiss(ctx)
        ctx.request_permission("android.permission.CAMERA")

    def _start_search(self, ctx: AppContext) -> None:
        ctx.ui["searching"] = True

    def _search(self, ctx: AppContext, text: str) -> None:
        ctx.data["search"] = text.lower()

    def _add_clicked(self, ctx: AppContext) -> None:
        ctx.ui["exit"] = False
        ctx.ui["dialog"] = {"kind": "add"}

    def _new_note(self, ctx: AppContext) -> None:
        self._dismiss(ctx)
        ctx.start_activity(CREATE_NOTE)

    def _new_checklist(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"kind": "name", "text": ""}

    def _name_typed(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"]["text"] = text.replace("\n", "")

    def _name_ok(self, ctx: AppContext) -> None:
        name = java_trim(ctx.ui["dialog"].get("text", ""))
        if not name:
            self._dismiss(ctx)
            ctx.toast(NAME_EMPTY)
            return
        if name in ctx.data["checklists"]:
            ctx.ui["dialog"] = {"kind": "exists", "name": name}
            return
        self._dismiss(ctx)
        self._open_checklist(ctx, name)

    def _change_name(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"kind": "name", "text": ""}

    def _replace(self, ctx: AppContext) -> None:
        name = ctx.ui["dialog"]["name"]
        self._dismiss(ctx)
        self._open_checklist(ctx, name)

    def _open_checklist(self, ctx: AppContext, name: str) -> None:
        ctx.data["checklist_name"] = name
        ctx.start_activity(CHECKLIST)

    # CheckListActivity
    def _checklist(self, ctx: AppContext) -> Screen:
        rows = [
            w.frame_layout(
                [
                    w.check_box(
                        "checkbox",
                        "",
                        item["checked"],
                        w.bind(self._toggle, i),
                        width=120,
                        gravity="start",
                    ),
                    w.edit_text(
                        "title",
                        item["title"] or "",
                        self._item_watcher(i),
                        hint=CONTENT_HINT,
                        extra={"multiline": True},
                        padding=0,
                    ),
                ],
                layout="horizontal",
                weight=0,
                height=150,
            )
            for i, item in enumerate(ctx.ui["items"])
        ]
        header = w.frame_layout(
            [
                w.image_button("back_button", handler=self._ask_discard, width=126),
                w.text_view(ctx.data["checklist_name"] or "", "title"),
                w.image_button("az_button", handler=self._sort_az, width=126),
                w.image_button("save_button", handler=self._save, width=126),
            ],
            layout="horizontal",
            height=147,
        )
        content = _llc([header, View(cls=RECYCLER, resource_id="recycler_view", children=rows)])
        windows = []
        if (ctx.ui.get("dialog") or {}).get("kind") == "discard":
            windows.append(
                Window(
                    root=w.confirm_dialog(
                        "Warning", DISCARD, ("Discard", w.finish), ("Cancel", self._dismiss), None
                    ).root,
                    cancelable=False,
                )
            )
        return Screen(content=content, windows=windows)

    def _ask_discard(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"kind": "discard"}

    def _toggle(self, ctx: AppContext, i: int) -> None:
        ctx.ui["items"][i]["checked"] = not ctx.ui["items"][i]["checked"]

    def _item_watcher(self, i: int) -> Any:
        def on_text(ctx: AppContext, text: str) -> None:
            self._item_text(ctx, i, text)

        return on_text

    def _item_text(self, ctx: AppContext, i: int, text: str) -> None:
        """``CheckListAdapter.manageData``'s ``afterTextChanged`` (with its re-entrant
        ``setText`` calls)."""
        items = ctx.ui["items"]
        trimmed = java_trim(text)
        if trimmed:
            new_text = trimmed.replace("\n", "")
            if text.endswith("\n"):
                self._item_text(ctx, i, new_text)  # editText.setText(newText)
                if i == len(items) - 1:
                    # The bug: the new row's title is null.
                    items.append({"title": None, "checked": False})
            elif "\n" in text:
                self._item_text(ctx, i, new_text)
            items[i]["title"] = new_text
        elif text == "\n":
            self._item_text(ctx, i, "")  # editText.setText(null)
        else:
            items[i]["title"] = ""

    def _sort_az(self, ctx: AppContext) -> None:
        items = ctx.ui["items"]
        if len(items) > 1:
            if any(item["title"] is None for item in items):
                raise JavaException(
                    NPE,
                    LENGTH_NULL,
                    frames=[
                        "java.lang.String$CaseInsensitiveComparator.compare(String.java:1200)",
                        "java.lang.String$CaseInsensitiveComparator.compare(String.java:1186)",
                        "com.sunilpaulmathew.snotz.activities.CheckListActivity."
                        "lambda$onCreate$2(CheckListActivity.java:109)",
                        "com.sunilpaulmathew.snotz.activities.CheckListActivity$$"
                        "ExternalSyntheticLambda3.compare(Unknown Source:0)",
                        "java.util.TimSort.countRunAndMakeAscending(TimSort.java:355)",
                        "java.util.TimSort.sort(TimSort.java:220)",
                        "java.util.Arrays.sort(Arrays.java:1498)",
                        "java.util.ArrayList.sort(ArrayList.java:1470)",
                        "java.util.Collections.sort(Collections.java:206)",
                        "com.sunilpaulmathew.snotz.activities.CheckListActivity."
                        "lambda$onCreate$3(CheckListActivity.java:109)",
                        "com.sunilpaulmathew.snotz.activities.CheckListActivity$$"
                        "ExternalSyntheticLambda2.onClick(Unknown Source:2)",
                        *CLICK_FRAMES,
                    ],
                )
            items.sort(key=lambda item: item["title"].lower())

    def _save(self, ctx: AppContext) -> None:
        """``saveCheckList``: ``CheckLists.getChecklists(mData)`` first."""
        saved = []
        for item in ctx.ui["items"]:
            if item["title"] is None:
                raise JavaException(
                    NPE,
                    EQUALS_NULL,
                    frames=[
                        "com.sunilpaulmathew.snotz.utils.CheckLists.getChecklists("
                        "CheckLists.java:55)",
                        "com.sunilpaulmathew.snotz.activities.CheckListActivity.saveCheckList("
                        "CheckListActivity.java:127)",
                        "com.sunilpaulmathew.snotz.activities.CheckListActivity."
                        "lambda$onCreate$0(CheckListActivity.java:103)",
                        "com.sunilpaulmathew.snotz.activities.CheckListActivity$$"
                        "ExternalSyntheticLambda0.onClick(Unknown Source:2)",
                        *CLICK_FRAMES,
                    ],
                )
            if item["title"] != "":
                saved.append({"title": item["title"], "done": item["checked"]})
        if not saved:
            return
        name = ctx.data["checklist_name"]
        ctx.data["checklists"][name] = saved
        if name not in ctx.data["checklist_order"]:
            ctx.data["checklist_order"].append(name)
        ctx.finish()

    # Stubs
    def _create_note(self, ctx: AppContext) -> Screen:
        header = w.frame_layout(
            [
                w.image_button("back_button", handler=w.finish, width=126),
                w.text_view("sNotz", "title"),
                w.image_button("reading_mode", width=126),
                View(
                    cls="android.widget.Switch",
                    resource_id="hidden",
                    text="Hide",
                    checkable=True,
                    width=250,
                ),
                w.image_button("save_button", width=126),
            ],
            layout="horizontal",
            height=147,
        )
        field = w.edit_text(
            "contents",
            ctx.ui.get("text", ""),
            self._note_text,
            hint="Add text here…",
            extra={"multiline": True},
        )
        return Screen(content=_llc([header, field, View(cls="android.view.View")]))

    def _note_text(self, ctx: AppContext, text: str) -> None:
        ctx.ui["text"] = text

    def _about(self, ctx: AppContext) -> Screen:
        links = [
            _llc(
                [w.image_button(width=126, clickable=False), w.text_view(text)],
                rid=rid,
                horizontal=True,
                on_click=self._dismiss,
                height=147,
            )
            for rid, text in (
                ("source_code", "Source Code"),
                ("play_store", "More Apps"),
                ("report_issue", "Report an Issue"),
            )
        ]
        return Screen(
            content=_llc(
                [
                    w.image_view(height=300),
                    w.text_view("sNotz", "app_title"),
                    w.text_view(
                        "An open-source, privacy-friendly, and completely offline application "
                        "to manage notes"
                    ),
                    View(
                        cls="android.widget.ScrollView",
                        children=[
                            _llc([View(cls=CARD, weight=0, children=[_llc(links, weight=0)])])
                        ],
                    ),
                    w.text_view("Made with \u2665 by", "made_by"),
                    View(
                        cls=CARD,
                        resource_id="cancel_card",
                        on_click=w.finish,
                        height=131,
                        children=[w.text_view("Cancel", "cancel_button")],
                    ),
                ],
            )
        )

    def _stub_page(self, ctx: AppContext, title: str) -> Screen:
        header = w.frame_layout(
            [
                w.image_button("back_button", handler=w.finish, width=126),
                w.text_view(title, "title"),
            ],
            layout="horizontal",
            height=147,
        )
        return Screen(content=_llc([header, View(cls="android.view.View")]))
