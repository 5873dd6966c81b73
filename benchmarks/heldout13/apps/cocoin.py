"""CoCoin 1.2.0 (``com.nightonke.cocoin``), an expense tracker with an account book behind a
4-digit password, with bug CoCoin#47 (non-crash).

Sources read: github.com/Nightonke/CoCoin at commit 5566b05 (2016-05-23, the last commit; the
app's code and ``APK/CoCoin V1.2.0.apk`` date from 2016-02-04..04-07, ``versionName "1.2.0"``):
``SplashActivity``, ``ShowActivity``, ``MainActivity``, ``AccountBookTodayViewActivity``,
``AccountBookListViewActivity``, ``EditRecordActivity``, ``EditMoneyFragment``,
``PasswordChangeFragment``, ``MySwipeableItemAdapter``, ``RecordManager``, ``SettingManager``,
``CoCoinUtil`` and the layouts ``activity_show``, ``activity_main``, ``guillotine``,
``edit_money_fragment``, ``item_tag_choose``, ``button_gridview_item``, ``drawer_today_view``,
``activity_account_book_list_view``, ``drawer_list_view``, ``account_book_list_view_item``,
``activity_edit_record`` and ``values/strings.xml``. The Java classes live in
``com.nightonke.saver`` while the application id is ``com.nightonke.cocoin`` (the dump's
resource ids use the latter).

Screens (first run as a fresh install shows it):
- ``SplashActivity`` animates and opens ``MainActivity``; on the first run ``MainActivity``
  opens ``ShowActivity``: five pages ("30 Tags", "Multi Charts", "Cloud Sync", "Intelligent
  Reminder", then the password page: toolbar "CoCoin", four radio dots, the tip "Hey! Welcome
  to use CoCoin! ..." and the 12-key pad). Four digits, then the same four again ("You gonna do
  it! Just input your password again!") set the password (toast "You did it!") and close the
  intro; different digits toast "Password different!" and start over. Back does nothing there.
  The main guide dialog defaults to off (``SHOW_MAIN_ACTIVITY_GUIDE`` false) and is not shown.
- ``MainActivity``: toolbar (``content_hamburger``, title "CoCoin"), the amount (``money``,
  not editable, "0") with the picked tag (``tag_image``/``tag_name``), the tag pager (8 tags a
  page, 4 pages, sorted by weight: Breakfast, Lunch, Dinner, ...; swipe left/right) and the key
  pad (1-9, eraser, 0, check: ``material_ripple_layout`` cells holding ``textview`` or
  ``icon``). The check saves a record (needs a tag: "Just...give me a tag~"; and an amount:
  "How much U spend?"). The hamburger (or a swipe down) drops the guillotine menu: "Input
  password to account book", four dots (``radio_button_0..3``), ``status_button`` (closes it);
  the pad then types the password: right opens the account book (toast "That's it!"), wrong
  toasts "Ooops...That's wrong!". Back closes the menu, else "Press again to say goodbye".
- ``AccountBookTodayViewActivity``: toolbar ("Navigate up" toggles the drawer), title "CoCoin",
  the tabs Today ... Last Year; the Today page lists today's records (else "New day!"). The
  drawer: Custom view, Tags view, Months view, List view, Expense report, Sync to server,
  Settings, Help, Feedback, About; List view opens the list, the others are stubs.
- ``AccountBookListViewActivity``: toolbar ("Navigate up" toggles the filter drawer, the title
  ``title_expense`` "$<sum> " / ``title_sum`` "<n>'s", Search), the records newest first
  (``money``, ``remark``, ``date``, ``index``), "No records." when empty. A swipe left on the
  list pins the top record and opens ``EditRecordActivity`` for it; a swipe right deletes it
  (snackbar "Delete this coCoinRecord" / Undo). The filter drawer shows its conditions and
  "Filter" (re-selects all records: no condition is settable in the model).
- ``EditRecordActivity``: ``back``, the record's amount and tag, the tag pager and the pad; the
  first digit replaces the amount; the check updates the record and returns to the list.

The bug (CoCoin#47): ``EditRecordActivity.commit`` writes the edited record to the database
(``RecordManager.updateRecord``, which also fixes ``RecordManager.SUM``) and into
``RecordManager.SELECTED_RECORDS``, but never adjusts ``RecordManager.SELECTED_SUM``; back in the
list, ``onActivityResult`` -> ``changeTitleSlider`` shows ``SELECTED_SUM`` in ``title_expense``,
so the list's total keeps the old amount while the row shows the new one. (The delete path does
``SELECTED_SUM -= money``, and re-opening the list recomputes it, so both show the right total.)
``SELECTED_*`` are static fields (``ctx.memory``); what the list shows is mirrored into
``data["list_shown"]`` for the oracle: the list is on screen and its title's total differs from
the sum of the amounts of its rows.

Stubbed: charts, the other account-book views, settings, sync/login (Bmob: not logged in, no
"Welcome back"), the update check (network; no dialog), remarks, the search, the filter
conditions, shake-to-open, the 2-second double-Back exit timer. Timed steps (the intro closing
after 1 s, the account book opening 1 s after the password) happen at once. Records get a fixed
time (10:30 Mar 20 2019) instead of the device clock. Uncertain: the exact whitespace of the
multi-line intro tips; toasts are SuperToasts in the app (drawn as toasts here).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.nightonke.cocoin"
JAVA = "com.nightonke.saver.activity."
SPLASH = JAVA + "SplashActivity"
MAIN = JAVA + "MainActivity"
SHOW = JAVA + "ShowActivity"
TODAY = JAVA + "AccountBookTodayViewActivity"
LIST = JAVA + "AccountBookListViewActivity"
EDIT = JAVA + "EditRecordActivity"
STUB = JAVA + "StubActivity"  # stands for the account book's other screens

# RecordManager.TAGS after sortTAGS (by weight), without the two "Sum" pseudo tags.
TAGS = (
    "Breakfast", "Lunch", "Dinner", "Midnight Snack", "Clothing & Footwear", "Home", "Traffic",
    "Vehicle Maintenance", "Book", "Hobby", "Internet", "Friend", "Education", "Entertainment",
    "Medical", "Insurance", "Donation", "Sport", "Snack", "Music", "Fund", "Drink", "Fruit",
    "Film", "Baby", "Partner", "Housing Loan", "Pet", "Telephone Bill", "Travel",
)  # fmt: skip
TAG_PAGES = 4  # (30 + 2) / 8
BUTTONS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "D", "0", "Y")
SHOW_TEXTS = ("30 Tags", "Multi Charts", "Cloud Sync", "Intelligent Reminder")
FIRST_PASSWORD_TIP = (
    "Hey!\nWelcome to use CoCoin!\nTo protect your account book,\n you need a password to do so."
)
AGAIN_PASSWORD_TIP = "You gonna do it!\n Just input your password again!"
TODAY_TABS = (
    "Today", "Yesterday", "This Week", "Last Week", "This Month", "Last Month", "This Year",
    "Last Year",
)  # fmt: skip
DRAWER = (
    ("custom_layout", "custom_text", "Custom view"),
    ("tag_layout", "tag_text", "Tags view"),
    ("month_layout", "month_text", "Months view"),
    ("list_layout", "list_text", "List view"),
    ("report_layout", "report_text", "Expense report"),
    ("sync_layout", "sync_text", "Sync to server"),
    ("settings_layout", "settings_text", "Settings"),
    ("help_layout", "help_text", "Help"),
    ("feedback_layout", "feedback_text", "Feedback"),
    ("about_layout", "about_text", "About"),
)
RECORD_TIME = "10:30 Mar 20 2019"
KEY_H = 200  # a key pad cell's height
CHECK_BOUNDS = [720, 1594, 1080, 1794]  # the pad's check key (bottom right)


def _oracle_47(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """The list view is on screen and its title's total is not the sum of its rows."""
    shown = data.get("list_shown")
    return (
        system.get("foreground") == "app"
        and system.get("activity") == LIST
        and shown is not None
        and shown["title"] != sum(shown["rows"])
    )


def _key(text: str) -> dict[str, Any]:
    return click(PACKAGE, "textview", text)


def _password(digits: str) -> list[dict[str, Any]]:
    return [_key(d) for d in digits]


CHECK = click(PACKAGE, "icon", bounds=CHECK_BOUNDS)
INTRO = [{"kind": "swipe", "direction": "left"}] * 4 + _password("1234") + _password("1234")
ADD_DINNER_5 = [click(PACKAGE, "tag_name", "Dinner"), _key("5"), CHECK]
OPEN_BOOK = [click(PACKAGE, "content_hamburger"), *_password("1234")]
OPEN_LIST = [click(PACKAGE, desc="Navigate up"), click(PACKAGE, "list_text", "List view")]
EDIT_TOP = [{"kind": "swipe", "direction": "left"}]

BUG_47 = BugSpec(
    "CoCoin#47",
    "non-crash",
    "After I edit an old record, the total expense didn't update.",
    _oracle_47,
    human_steps=(*INTRO, *ADD_DINNER_5, *OPEN_BOOK, *OPEN_LIST, *EDIT_TOP, _key("8"), CHECK),
)

_BASE = (*INTRO, *ADD_DINNER_5, *OPEN_BOOK, *OPEN_LIST)
WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "CoCoin#47": [
        # the record is edited to the same amount: the total is right
        [*_BASE, *EDIT_TOP, _key("5"), CHECK],
        # the editor is left with its back arrow: nothing changes
        [*_BASE, *EDIT_TOP, _key("8"), click(PACKAGE, "back")],
        # the record is deleted instead (swipe right): the delete path fixes the total
        [*_BASE, {"kind": "swipe", "direction": "right"}],
        # edited, then the list is left and opened again from the still open drawer: onCreate
        # recomputes the total
        [*_BASE, *EDIT_TOP, _key("8"), CHECK, {"kind": "press_back"}, OPEN_LIST[1]],
    ]
}


def _pager(rid: str, height: int, page: View) -> View:
    """A ViewPager ``height`` px high showing ``page``."""
    return View(
        cls="android.support.v4.view.ViewPager",
        resource_id=rid,
        height=height,
        weight=0,
        children=[page],
    )


class CoCoin(VirtualApp):
    """CoCoin 1.2.0."""

    name: ClassVar[str] = "CoCoin"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "CoCoin"
    version: ClassVar[str] = "1.2.0"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_47,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_time": True,  # SettingManager FIRST_TIME
            "password": "1234",  # SettingManager DEFAULT_PASSWORD
            "records": [],  # the database: {"id", "money", "tag", "remark", "time"}
            "next_id": 1,
            "list_shown": None,  # what the list view shows (title total, row amounts)
        }

    # -- RecordManager's statics -------------------------------------------------------------
    @staticmethod
    def _sum(ctx: AppContext) -> int:
        """RecordManager.SUM: the (int) amounts of all records."""
        return sum(int(r["money"]) for r in ctx.data["records"])

    @staticmethod
    def _mirror(ctx: AppContext) -> None:
        """What the list view shows: ``title_expense`` from SELECTED_SUM, the rows' amounts."""
        selected = ctx.memory.get("selected")
        if selected is None:
            ctx.data["list_shown"] = None
            return
        ctx.data["list_shown"] = {
            "title": int(ctx.memory["selected_sum"]),
            "rows": [int(r["money"]) for r in selected],
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == SPLASH:
            ctx.start_activity(MAIN)
            ctx.finish()
        elif ctx.activity == MAIN:
            for key, value in (("tag", None), ("number", "0"), ("menu", False), ("pwd", "")):
                ui.setdefault(key, value)
            ui.setdefault("tag_page", 0)
            if ctx.data["first_time"] and not ui.get("intro_started"):
                ui["intro_started"] = True
                ctx.start_activity(SHOW)
        elif ctx.activity == SHOW:
            ui.setdefault("page", 0)
            ui.setdefault("state", 0)
            ui.setdefault("typed", "")
            ui.setdefault("first", "")
        elif ctx.activity == TODAY:
            ui.setdefault("drawer", False)
            ui.setdefault("tab", 0)
        elif ctx.activity == LIST:
            # onCreate copies RECORDS into SELECTED_RECORDS and SUM into SELECTED_SUM
            ctx.memory["selected"] = [dict(r) for r in ctx.data["records"]]
            ctx.memory["selected_sum"] = float(self._sum(ctx))
            ui.setdefault("drawer", False)
            ui.setdefault("snackbar", False)
            self._mirror(ctx)
        elif ctx.activity == EDIT:
            selected = ctx.memory.get("selected") or []
            index = len(selected) - 1 - int(ctx.extras.get("position", 0))
            ui.setdefault("index", index)
            if "number" not in ui:
                record = selected[index] if 0 <= index < len(selected) else None
                ui["number"] = str(int(record["money"])) if record else "0"
                ui["tag"] = record["tag"] if record else None
                ui["first_edit"] = True
                ui["changed"] = False
            ui.setdefault("tag_page", 0)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == SHOW:
            return True  # ShowActivity.onBackPressed does nothing
        if ctx.activity == MAIN:
            if ui.get("menu"):
                self._close_menu(ctx)
                return True
            if not ui.get("back_once"):
                ui["back_once"] = True
                ctx.toast("Press again to say goodbye")
                return True
            return False
        if ctx.activity in (TODAY, LIST):
            if w.dismiss(ui, "drawer"):
                return True
            if ctx.activity == LIST:
                self._leave_list(ctx)
            return False
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        ui = ctx.ui
        if ctx.activity == SHOW and ui["state"] == 0 and not ui["typed"]:
            return w.pager_swipe(ui, "page", 5, direction)
        if ctx.activity == MAIN:
            if direction == "down" and not ui["menu"]:
                ui["menu"] = True
                return True
            if direction == "up" and ui["menu"]:
                self._close_menu(ctx)
                return True
            if direction in ("left", "right") and not ui["menu"]:
                return w.pager_swipe(ui, "tag_page", TAG_PAGES, direction)
        if ctx.activity == EDIT and direction in ("left", "right"):
            return w.pager_swipe(ui, "tag_page", TAG_PAGES, direction)
        if ctx.activity == TODAY and direction == "right" and not ui["drawer"]:
            ui["drawer"] = True
            return True
        if ctx.activity == LIST and not ui["drawer"] and ctx.memory.get("selected"):
            if direction == "left":
                # SwipeLeftResultAction pins the row, then onItemPinned opens the editor
                ctx.start_activity(EDIT, {"position": 0})
                return True
            if direction == "right":
                self._delete_top(ctx)
                return True
        return False

    # -- handlers ----------------------------------------------------------------------------
    def _show_key(self, ctx: AppContext, key: str, long: bool = False) -> None:
        """ShowActivity.buttonClickOperation on the password page."""
        ui = ctx.ui
        if ui["page"] != 4 or ui["state"] not in (0, 1):
            return
        if key == "D":
            ui["typed"] = "" if long else ui["typed"][:-1]
            return
        if key == "Y":
            return
        ui["typed"] += key
        if len(ui["typed"]) < 4:
            return
        if ui["state"] == 0:
            ui["first"], ui["typed"], ui["state"] = ui["typed"], "", 1
        elif ui["typed"] == ui["first"]:
            ui["state"] = -1
            ctx.toast("You did it!")
            ctx.data["password"] = ui["typed"]
            ctx.data["first_time"] = False
            ctx.finish()  # after 1 s in the app
        else:
            ui["state"], ui["typed"], ui["first"] = 0, "", ""
            ctx.toast("Password different!")

    def _main_key(self, ctx: AppContext, key: str, long: bool = False) -> None:
        """MainActivity.buttonClickOperation: the amount, or the password with the menu down."""
        ui = ctx.ui
        if ui["menu"]:
            if key == "D":
                ui["pwd"] = "" if long else ui["pwd"][:-1]
            elif key != "Y" and len(ui["pwd"]) < 4:
                ui["pwd"] += key
            if len(ui["pwd"]) == 4:
                if ui["pwd"] == ctx.data["password"]:
                    ctx.toast("That's it!")
                    self._close_menu(ctx)
                    ctx.start_activity(TODAY)
                else:
                    ctx.toast("Ooops...That's wrong!")
                    ui["pwd"] = ""
            return
        ui["number"] = self._typed(ui["number"], key, long)
        if key == "Y":
            self._commit_new(ctx)

    @staticmethod
    def _typed(number: str, key: str, long: bool) -> str:
        if key == "Y":
            return number
        if number == "0":
            return number if key in ("D", "0") else key
        if key == "D":
            return "0" if long or len(number) == 1 else number[:-1]
        return number + key

    def _commit_new(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ui["tag"] is None:
            ctx.toast("Just...give me a tag~")
        elif ui["number"] == "0":
            ctx.toast("How much U spend?")
        else:
            data = ctx.data
            data["records"].append(
                {
                    "id": data["next_id"],
                    "money": float(ui["number"]),
                    "tag": ui["tag"],
                    "remark": "",
                    "time": RECORD_TIME,
                }
            )
            data["next_id"] += 1
            ui["tag"] = None
            ui["number"] = "0"

    @staticmethod
    def _close_menu(ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.ui["pwd"] = ""

    def _edit_key(self, ctx: AppContext, key: str, long: bool = False) -> None:
        """EditRecordActivity.buttonClickOperation and commit."""
        ui = ctx.ui
        if ui["changed"]:
            return
        if key == "Y":
            self._commit_edit(ctx)
            return
        if ui["number"] != "0" and key not in ("D",) and ui["first_edit"]:
            ui["number"], ui["first_edit"] = key, False
            return
        ui["number"] = self._typed(ui["number"], key, long)

    def _commit_edit(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ui["tag"] is None:
            ctx.toast("Just...give me a tag~")
            return
        if ui["number"] == "0":
            ctx.toast("How much U spend?")
            return
        selected = ctx.memory.get("selected") or []
        index = ui["index"]
        record = dict(selected[index])
        record["money"] = float(ui["number"])
        record["tag"] = ui["tag"]
        # RecordManager.updateRecord: the database row (and SUM, computed from it here)
        for row in ctx.data["records"]:
            if row["id"] == record["id"]:
                row.update(record)
        selected[index] = record
        # the bug: SELECTED_SUM is left as it was
        ui["changed"] = True
        self._mirror(ctx)
        ctx.finish()

    def _delete_top(self, ctx: AppContext) -> None:
        """SwipeRightResultAction: the top row leaves SELECTED_RECORDS and SELECTED_SUM."""
        selected = ctx.memory["selected"]
        self._flush_delete(ctx)
        backup = selected.pop(len(selected) - 1)
        ctx.memory["backup"] = backup
        ctx.memory["selected_sum"] -= backup["money"]
        ctx.ui["snackbar"] = True
        self._mirror(ctx)

    def _flush_delete(self, ctx: AppContext) -> None:
        """The snackbar gone: the backed-up record is deleted from the database."""
        backup = ctx.memory.pop("backup", None)
        if backup is not None:
            ctx.data["records"] = [r for r in ctx.data["records"] if r["id"] != backup["id"]]
        ctx.ui["snackbar"] = False

    def _undo(self, ctx: AppContext) -> None:
        backup = ctx.memory.pop("backup", None)
        if backup is not None:
            ctx.memory["selected"].append(backup)
            ctx.memory["selected_sum"] += backup["money"]
        ctx.ui["snackbar"] = False
        self._mirror(ctx)

    def _leave_list(self, ctx: AppContext) -> None:
        """finish() deletes a pending backup; onDestroy clears SELECTED_*."""
        self._flush_delete(ctx)
        ctx.memory["selected"] = None
        ctx.memory["selected_sum"] = 0.0
        ctx.data["list_shown"] = None

    def _filter(self, ctx: AppContext) -> None:
        """SelectRecords with no condition: every record, SELECTED_SUM recomputed."""
        ctx.ui["drawer"] = False
        ctx.memory["selected"] = [dict(r) for r in ctx.data["records"]]
        ctx.memory["selected_sum"] = float(sum(r["money"] for r in ctx.data["records"]))
        self._mirror(ctx)

    @staticmethod
    def _toggle(ctx: AppContext, key: str) -> None:
        ctx.ui[key] = not ctx.ui.get(key)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SHOW:
            return self._render_show(ctx)
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == TODAY:
            return self._render_today(ctx)
        if ctx.activity == LIST:
            return self._render_list(ctx)
        if ctx.activity == EDIT:
            return self._render_edit(ctx)
        if ctx.activity == STUB:
            return Screen(content=w.child_page(str(ctx.extras.get("title", ""))))
        return Screen(content=w.frame_layout(rid="reveal"))  # the splash

    @staticmethod
    def _pad(handler: Any) -> View:
        """The 12-key GridView (``gridview``): 1-9, eraser, 0, check."""
        rows = []
        for r in range(4):
            cells = []
            for key in BUTTONS[r * 3 : r * 3 + 3]:
                if key in ("D", "Y"):
                    inner = w.image_view("icon", height=KEY_H)
                else:
                    inner = w.text_view(key, "textview", height=KEY_H)
                cells.append(
                    w.frame_layout(
                        [w.frame_layout([inner], rid="frame_layout", height=KEY_H)],
                        rid="material_ripple_layout",
                        height=KEY_H,
                        on_click=w.bind(handler, key),
                        on_long_click=w.bind(handler, key, True),
                    )
                )
            rows.append(w.linear_layout(cells, horizontal=True, height=KEY_H, weight=0))
        return View(
            cls="android.widget.GridView",
            resource_id="gridview",
            height=4 * KEY_H,
            weight=0,
            children=rows,
        )

    def _tag_pager(self, ctx: AppContext, pick: Any) -> View:
        page = ctx.ui["tag_page"]
        names = TAGS[page * 8 : page * 8 + 8]
        rows = []
        for r in range(0, len(names), 4):
            rows.append(
                w.linear_layout(
                    [
                        w.linear_layout(
                            [w.image_view("tag_image", height=90), w.text_view(n, "tag_name")],
                            on_click=w.bind(pick, n),
                            height=230,
                        )
                        for n in names[r : r + 4]
                    ],
                    horizontal=True,
                    height=230,
                    weight=0,
                )
            )
        grid = View(cls="android.widget.GridView", resource_id="gridview", children=rows)
        return _pager("viewpager", 470, grid)

    @staticmethod
    def _money(tag: str | None, number: str) -> View:
        """edit_money_fragment in the ``edit_pager``."""
        fragment = w.linear_layout(
            [
                w.linear_layout(
                    [w.image_view("tag_image", height=120), w.text_view(tag or "", "tag_name")],
                    width=300,
                ),
                View(cls="android.widget.EditText", resource_id="money", text=number, height=240),
            ],
            horizontal=True,
            height=240,
        )
        return _pager("edit_pager", 240, fragment)

    def _render_show(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        dots = View(cls="android.view.View", resource_id="dotsview_main", height=60, weight=0)
        if ui["page"] < 4:
            i = ui["page"]
            body: list[View] = [
                w.image_view(f"icon_{(4, 11, 12, 19)[i]}", height=300),
                w.text_view(SHOW_TEXTS[i], f"text_{i}", height=200),
            ]
            pager = View(
                cls="android.support.v4.view.ViewPager",
                resource_id="viewpager_main_activity",
                children=body,
            )
            return Screen(content=w.relative_layout([pager, dots], layout=FRAME))
        tip = AGAIN_PASSWORD_TIP if ui["state"] == 1 else FIRST_PASSWORD_TIP
        typed = len(ui["typed"]) if ui["state"] in (0, 1) else 4
        radios = [w.radio_button(f"button{k}", "", k < typed, None, width=120) for k in range(4)]
        fragment = w.linear_layout(
            [
                w.linear_layout(radios, rid="buttonLy", horizontal=True, height=150, weight=0),
                w.text_view(tip, "password_tip", height=400),
            ]
        )
        content = w.relative_layout(
            [
                w.linear_layout(
                    [w.toolbar(w.text_view("CoCoin", "title"), cls="android.view.ViewGroup")],
                    rid="toolbar_layout",
                    height=147,
                    weight=0,
                ),
                View(
                    cls="android.support.v4.view.ViewPager",
                    resource_id="viewpager",
                    children=[fragment],
                ),
                self._pad(self._show_key),
            ]
        )
        return Screen(content=content)

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = w.toolbar(
            w.text_view("CoCoin", "guillotine_title", height=147),
            navigation=w.image_view("content_hamburger", "", lambda c: self._open_menu(c)),
        )
        if ui["menu"]:
            typed = len(ui["pwd"])
            menu = w.linear_layout(
                [
                    w.toolbar(
                        w.text_view("CoCoin", "guillotine_title", height=147),
                        navigation=w.image_view("guillotine_hamburger", "", self._close_menu),
                    ),
                    w.text_view("Input password to account book", "password_tip"),
                    w.linear_layout(
                        [
                            w.radio_button(f"radio_button_{k}", "", k < typed, None, width=150)
                            for k in range(4)
                        ],
                        rid="radio_button_ly",
                        horizontal=True,
                        height=150,
                        weight=0,
                    ),
                    View(
                        cls="android.view.View",
                        resource_id="status_button",
                        height=120,
                        weight=0,
                        on_click=self._close_menu,
                    ),
                ],
                rid="guillotine_ly",
            )
            top = w.linear_layout([menu], rid="guillotine_color_ly")
        else:
            tag = TAGS[ui["tag"]] if ui["tag"] is not None else None
            top = w.linear_layout(
                [
                    bar,
                    w.linear_layout(
                        [self._money(tag, ui["number"])], rid="edit_view_ly", height=240, weight=0
                    ),
                    self._tag_pager(ctx, self._pick_main),
                ]
            )
        root = w.frame_layout(
            [w.linear_layout([top, self._pad(self._main_key)])], rid="root", layout=FRAME
        )
        return Screen(content=root)

    def _open_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = True
        ctx.ui["pwd"] = ""

    @staticmethod
    def _pick_main(ctx: AppContext, name: str) -> None:
        ctx.ui["tag"] = TAGS.index(name)

    def _drawer_item(self, ctx: AppContext, title: str) -> None:
        if title == "List view":
            ctx.start_activity(LIST)
        elif title == "Sync to server":
            return  # disabled when not logged in
        else:
            ctx.start_activity(STUB, {"title": title})

    def _render_today(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = w.toolbar(
            w.text_view("CoCoin", "logo_white", height=147),
            navigation=w.nav_button(w.NAVIGATE_UP, lambda c: self._toggle(c, "drawer")),
        )
        rows = [
            w.linear_layout(
                [w.text_view(TAGS[r["tag"]]), w.text_view(str(int(r["money"])))],
                horizontal=True,
                height=150,
                weight=0,
            )
            for r in reversed(ctx.data["records"])
        ] or [w.text_view("New day!", "empty_tip")]
        page = View(
            cls="android.support.v7.widget.RecyclerView", resource_id="recyclerView", children=rows
        )
        content = w.linear_layout(
            [
                bar,
                w.tabs(TODAY_TABS, ui["tab"], lambda c, i: c.ui.update(tab=i)),
                page if ui["tab"] == 0 else w.text_view("No records.", "empty_tip"),
            ],
            rid="materialViewPager",
        )
        drawer = None
        if ui["drawer"]:
            items = [
                w.frame_layout(
                    [w.text_view(title, text_id, height=140)],
                    rid=layout,
                    on_click=w.bind(self._drawer_item, title),
                    height=140,
                    weight=0,
                )
                for layout, text_id, title in DRAWER
            ]
            drawer = w.linear_layout(
                [
                    w.image_view("profile_image", height=300),
                    w.scroll_view([w.linear_layout(items)]),
                ],
                rid="left_drawer",
                width=800,
            )
        return Screen(
            content=w.drawer_layout(content, drawer, cls="android.support.v4.widget.DrawerLayout")
        )

    def _render_list(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        selected = ctx.memory.get("selected") or []
        title = w.linear_layout(
            [
                w.text_view(f"${int(ctx.memory.get('selected_sum', 0.0))} ", "title_expense"),
                w.text_view("/"),
                w.text_view(f"{len(selected)}'s", "title_sum"),
            ],
            rid="title_ly",
            horizontal=True,
            height=147,
        )
        bar = w.toolbar(
            title,
            navigation=w.nav_button(w.NAVIGATE_UP, lambda c: self._toggle(c, "drawer")),
            actions=[w.action_item("action_search", "Search…", None)],
        )
        rows = [
            w.frame_layout(
                [
                    w.linear_layout(
                        [
                            w.image_view("image_view", height=120, width=150),
                            w.text_view(str(int(r["money"])), "money", width=250),
                            w.linear_layout(
                                [w.text_view(r["remark"], "remark"), w.text_view(r["time"], "date")]
                            ),
                            w.text_view(str(i + 1), "index", width=120),
                        ],
                        horizontal=True,
                        height=200,
                    )
                ],
                rid="container",
                height=200,
                weight=0,
                on_click=lambda c: None,
            )
            for i, r in enumerate(reversed(selected))
        ]
        body: list[View] = (
            [
                View(
                    cls="android.support.v7.widget.RecyclerView",
                    resource_id="recycler_view",
                    children=rows,
                )
            ]
            if rows
            else [w.text_view("No records.", "empty_tip")]
        )
        content = w.frame_layout([w.linear_layout([bar, *body])], rid="root")
        drawer = None
        if ui["drawer"]:
            drawer = w.linear_layout(
                [
                    w.image_view("profile_image", height=250),
                    w.text_view(" ● Conditions", "tag_title"),
                    w.text_view(" ● Expense Conditions:", "tag_title_expense"),
                    w.text_view("No limit", "left_expense"),
                    w.text_view("No limit", "right_expense"),
                    w.text_view(" ● Time Conditions:", "tag_title_time"),
                    w.text_view("No limit", "left_time"),
                    w.text_view("No limit", "right_time"),
                    w.text_view(" ● Tag Conditions:", "tag_title_tag"),
                    w.text_view("No limit", "tag_name"),
                    w.text_view("Filter", "select", on_click=self._filter),
                ],
                rid="left_drawer",
                width=800,
            )
        windows: list[Window] = []
        if ui["snackbar"]:
            bar_view = w.linear_layout(
                [
                    w.text_view("Delete this coCoinRecord", width=700),
                    w.button("", "Undo", self._undo),
                ],
                horizontal=True,
                height=160,
            )
            windows.append(
                Window(bar_view, kind="sheet", modal=False, bounds=(40, 1700, 1040, 1860))
            )
        return Screen(
            content=w.drawer_layout(content, drawer, cls="android.support.v4.widget.DrawerLayout"),
            windows=windows,
        )

    def _render_edit(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = w.toolbar(
            w.frame_layout(height=147),
            navigation=w.image_view("back", "", w.finish, width=147, height=147),
        )
        tag = TAGS[ui["tag"]] if ui["tag"] is not None else None
        content = w.frame_layout(
            [
                w.linear_layout(
                    [
                        bar,
                        w.linear_layout(
                            [self._money(tag, ui["number"])],
                            rid="edit_view_ly",
                            height=240,
                            weight=0,
                        ),
                        self._tag_pager(ctx, self._pick_edit),
                        self._pad(self._edit_key),
                    ]
                )
            ],
            rid="root",
        )
        return Screen(content=content)

    @staticmethod
    def _pick_edit(ctx: AppContext, name: str) -> None:
        ctx.ui["tag"] = TAGS.index(name)
