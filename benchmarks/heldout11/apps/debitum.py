"""Debitum 1.7.0 (``org.ebur.debitum``, versionCode 21), with bug debitum#111 (crash).

Sources read: github.com/Marmo/debitum at f118d21 (master right before the fix, the 1.7.x
release code; ``app/build.gradle`` says versionName 1.7.0 / versionCode 21), and the fix commit
4682b76 ("fix crash when creating new transaction with presets"). Navigation is 2.4.2, AppCompat
action modes, Material components.

What the model shows (ids, texts and content descriptions from the layouts, menus and
``values/strings.xml``):

- first run: ``MainActivity`` on the People destination with the "Changelog" dialog
  (``HtmlFragment``: ``dialog_toolbar`` with a close icon that has no content description, the
  changelog in a WebView ``html_view``); it is shown once per version code;
- the main screen: ``toolbar`` titled after the destination, the totals header
  (``header_label`` "Total", ``header_total``), the ``recyclerview`` or the empty view
  (``emptyDbView``), the BottomAppBar's ``bottom_navigation`` (People, Money, an empty
  placeholder, Items, Settings) and the FAB ``fab`` ("Create Transaction");
- People: toolbar actions "Create Person" (``miAddPerson``) and "Order By" (its sub menu of six
  orders); rows with avatar letter, ``list_item_name``, ``list_item_owe_lent`` and
  ``list_item_sum``; a tap filters the Money list by that person (``filter_bar`` with "Edit
  Person" and "dismiss filter"), a long press starts the selection action mode;
- Money: rows with ``list_item_name``, ``list_item_gave_received``, ``list_item_description``,
  ``list_item_amount``, ``list_item_timestamp``; a tap opens "Edit Transaction", a long press
  selects the row and starts the action mode (``action_mode_bar``: "Done", "N selected", and the
  items ``miReturned`` "Create return transaction" (money lists, exactly one row selected),
  ``miEdit`` "Edit" (one row), ``miDelete`` "Delete" with its confirmation dialog);
- the full-screen "Create Transaction"/"Edit Transaction" dialog: ``dialog_toolbar`` (close icon,
  ``miSaveTransaction`` "Save"), person drop-down ``spinner_name_editText`` ("Person *"),
  ``button_new_person``, ``radioButton_received``/``radioButton_gave``, the amount field
  ("Amount *", inside ``edit_amount``), ``switch_monetary``, description ("Description", inside
  ``edit_description``), ``edit_date_editText``, ``edit_returndate_editText`` (items only),
  ``images`` with the "add image" placeholder; the checks and error texts of
  ``onSaveTransactionAction``;
- the full-screen "Create Person"/"Edit Person" dialog: Name, Note, linked contact, Save
  (``miSavePerson``); opening it asks for READ_CONTACTS while that is not granted (the system
  stops asking after two denials); its checks and error texts.

Bug debitum#111 (crash): ``TransactionListFragment.onActionModeReturned`` (the action mode's
"Create return transaction") navigates with ``R.id.action_global_editTransaction`` and a bundle
of presets (amount, description, name) but no ``idTransaction``. That action has no default
arguments and the destination's ``idTransaction`` argument (``app:argType="integer"``) had no
``android:defaultValue`` in the nav graph, so Navigation 2.4.2's
``NavDestination.addInDefaultArgs`` verifies the merged bundle with ``NavArgument.verify``,
whose ``IntType.get`` casts the missing value (``bundle[key] as Int``) and throws
``java.lang.NullPointerException: null cannot be cast to non-null type kotlin.Int``. The FAB's
way to a new transaction with presets (``action_global_add_money_transaction``) carries the
default ``idTransaction=-1`` in the action, so it does not crash; editing passes the id. The fix
adds ``android:defaultValue="-1"`` to the argument.

Stubbed: the Items list (rows only; its filter menu and action mode are not modelled), Settings
(the preference titles; only "Changelog" does something), the date pickers (tapping a date field
does nothing), the image picker and the contact picker (other apps: taps do nothing), sorting
beyond the order of the rows. "Today" is fixed to 2022-07-01 (the report's date) and dates are
written in the default format yyyy-MM-dd; amounts use 2 decimals (the default).

Uncertain: the line numbers of the Navigation, AppCompat and framework frames (the report has no
stack trace; they are those of Navigation 2.4.x, AppCompat 1.4 and Android 12 as far as known);
whether a tap on a row while a selection exists also opens the editor (modelled: it only toggles
the row's selection, as recyclerview-selection handles it); whether the selection survives a
rotation (modelled: no, the action mode is finished in ``onDestroyView``); the changelog's
close icon has no content description in the sources, so it is modelled without one.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed, input_text
from device_agent.virtual.catalog._steps import long_click as long_press
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "org.ebur.debitum"
MAIN = ".ui.MainActivity"
VERSION_CODE = 21
TODAY = "2022-07-01"
READ_CONTACTS = "android.permission.READ_CONTACTS"

DESTS = (("people_dest", "People"), ("money_dest", "Money"), ("btm_placeholder", ""))
DESTS_END = (("item_dest", "Items"), ("settings_dest", "Settings"))
EMPTY_DB = 'Nothing recorded yet.\nCreate a new transaction using the "+" button below.'
CHANGELOG_LINES = (
    "v1.7.0",
    "new: people list can be sorted by date, sum, name",
    "new: backup location pickable (thanks @rikhwanto)",
    "new: changelog shown on first launch after update (also accessible from settings)",
    "changed: in-app guides replaced with link to FAQ on Github",
    "fixed: position of date labels in edit transaction screen",
    'fixed: crash when entering "," in amount',
    "translations update",
    "library+gradle update",
    "v1.6.5",
    "new: option to reverse owe/lent colors",
    "new: enter edit transaction screen with single tap on transaction",
)
ORDERS = (
    ("miOrderByNameAsc", "Name (ascending)"),
    ("miOrderByNameDesc", "Name (descending)"),
    ("miOrderByDateAsc", "Date (ascending)"),
    ("miOrderByDateDesc", "Date (descending)"),
    ("miOrderByAmntAsc", "You owe least"),
    ("miOrderByAmntDesc", "You owe most"),
)
SETTINGS = (
    "General",
    "Date format",
    "Invert owe/lent colors",
    "Nr of decimals",
    "When dismissing person filter …",
    "Standard item-list filter",
    "Maintenance",
    "Backup data",
    "Restore data",
    "Info",
    "Frequently Asked Questions",
    "GitHub",
    "Libre third-party licenses",
    "Changelog",
)

HEADERS = ("General", "Maintenance", "Info")

NPE = "java.lang.NullPointerException"
NPE_MESSAGE = "null cannot be cast to non-null type kotlin.Int"
RETURN_FRAMES = [
    "androidx.navigation.NavType$Companion$IntType$1.get(NavType.kt:97)",
    "androidx.navigation.NavType$Companion$IntType$1.get(NavType.kt:88)",
    "androidx.navigation.NavArgument.verify(NavArgument.kt:80)",
    "androidx.navigation.NavDestination.addInDefaultArgs(NavDestination.kt:497)",
    "androidx.navigation.NavController.navigate(NavController.kt:1655)",
    "androidx.navigation.NavController.navigate(NavController.kt:1592)",
    "androidx.navigation.NavController.navigate(NavController.kt:1526)",
    "androidx.navigation.NavController.navigate(NavController.kt:1508)",
    "org.ebur.debitum.ui.list.TransactionListFragment.onActionModeReturned"
    "(TransactionListFragment.java:249)",
    "org.ebur.debitum.ui.list.AbstractBaseListFragment$4.onActionItemClicked"
    "(AbstractBaseListFragment.java:240)",
    "androidx.appcompat.view.SupportActionModeWrapper$CallbackWrapper.onActionItemClicked"
    "(SupportActionModeWrapper.java:169)",
    "androidx.appcompat.app.AppCompatDelegateImpl$ActionModeCallbackWrapperV9"
    ".onActionItemClicked(AppCompatDelegateImpl.java:3459)",
    "androidx.appcompat.view.StandaloneActionMode.onMenuItemSelected"
    "(StandaloneActionMode.java:144)",
    "androidx.appcompat.view.menu.MenuBuilder.dispatchMenuItemSelected(MenuBuilder.java:834)",
    "androidx.appcompat.view.menu.MenuItemImpl.invoke(MenuItemImpl.java:158)",
    "androidx.appcompat.view.menu.MenuBuilder.performItemAction(MenuBuilder.java:985)",
    "androidx.appcompat.view.menu.MenuBuilder.performItemAction(MenuBuilder.java:975)",
    "androidx.appcompat.widget.ActionMenuView.invokeItem(ActionMenuView.java:625)",
    "androidx.appcompat.view.menu.ActionMenuItemView.onClick(ActionMenuItemView.java:151)",
    "android.view.View.performClick(View.java:7448)",
    "android.view.View.performClickInternal(View.java:7425)",
    "android.view.View.access$3600(View.java:810)",
    "android.view.View$PerformClick.run(View.java:28305)",
    "android.os.Handler.handleCallback(Handler.java:938)",
    "android.os.Handler.dispatchMessage(Handler.java:99)",
    "android.os.Looper.loopOnce(Looper.java:201)",
    "android.os.Looper.loop(Looper.java:288)",
    "android.app.ActivityThread.main(ActivityThread.java:7839)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:548)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:1003)",
]


def _oracle_111(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, NPE, NPE_MESSAGE)


def _fmt(cents: int) -> str:
    return f"{cents / 100:,.2f}"


def _parse_amount(text: str) -> float | None:
    """``Utilities.parseAmount`` in an English locale: ``,`` groups, ``.`` is the decimal point."""
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return None


# The steps from a fresh install: close the changelog, create a money transaction with a new
# person, then select it in the Money list and take the action mode's return action.
_CREATE_TRANSACTION = [
    {"kind": "press_back"},
    click(PACKAGE, "fab", desc="Create Transaction", cls="android.widget.ImageButton"),
    click(PACKAGE, "button_new_person", cls="android.widget.Button"),
    allow_permission(PACKAGE),
    input_text(PACKAGE, "", "Maria", hint="Name"),
    click(PACKAGE, "miSavePerson", "Save"),
    input_text(PACKAGE, "", "20", hint="Amount *"),
    click(PACKAGE, "miSaveTransaction", "Save"),
    click(PACKAGE, "money_dest", desc="Money"),
]
_SELECT = long_press(PACKAGE, "list_item_name", "Maria", cls="android.widget.TextView")
_RETURN = click(PACKAGE, "miReturned", desc="Create return transaction")

BUG_111 = BugSpec(
    bug_id="debitum#111",
    kind="crash",
    title="When I repaid money pressing the three dots in the initial transaction, the app crash.",
    oracle=_oracle_111,
    human_steps=(*_CREATE_TRANSACTION, _SELECT, _RETURN),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "debitum#111": [
        # Edit instead of the return action: the id is passed, the editor opens.
        [*_CREATE_TRANSACTION, _SELECT, click(PACKAGE, "miEdit", desc="Edit")],
        # The FAB with the row selected: presets through the action that has idTransaction=-1.
        [
            *_CREATE_TRANSACTION,
            _SELECT,
            click(PACKAGE, "fab", desc="Create Transaction", cls="android.widget.ImageButton"),
        ],
        # A plain tap on the transaction opens it for editing.
        [*_CREATE_TRANSACTION, click(PACKAGE, "list_item_name", "Maria")],
        # Delete instead, confirmed.
        [
            *_CREATE_TRANSACTION,
            _SELECT,
            click(PACKAGE, "miDelete", desc="Delete"),
            click(PACKAGE, "android:id/button1", "Delete"),
        ],
        # The person selected in the People list: its action mode has no return action.
        [
            *_CREATE_TRANSACTION[:-1],
            long_press(PACKAGE, "list_item_name", "Maria", cls="android.widget.TextView"),
            click(PACKAGE, "miEdit", desc="Edit"),
        ],
    ]
}


class Debitum170(VirtualApp):
    """Debitum 1.7.0 (see the module docstring)."""

    name: ClassVar[str] = "debitum"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Debitum"
    version: ClassVar[str] = "1.7.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_111,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "changelog_seen": 0,
            "persons": [],  # {"id", "name", "note"}
            "txns": [],  # {"id", "person", "amount" (signed, >0 gave), "money", "desc", "date"}
            "next_person": 1,
            "next_txn": 1,
            "contacts_denied": 0,
            "order": "miOrderByNameAsc",
        }

    # -- lifecycle -------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        for key, value in (
            ("dest", "People"),
            ("dialogs", []),
            ("selection", []),
            ("confirm", False),
            ("sort_menu", False),
            ("filter", None),
        ):
            ui.setdefault(key, value)
        if ctx.data["changelog_seen"] < VERSION_CODE:
            ui["dialogs"].append({"kind": "changelog"})
            ctx.data["changelog_seen"] = VERSION_CODE

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # The dialog fragments come back; onDestroyView finishes the action mode (clearing the
        # selection), and the delete AlertDialog, the sort menu and the drop-down are dismissed.
        saved = dict(ctx.ui)
        saved.update(selection=[], confirm=False, sort_menu=False)
        saved["dialogs"] = [dict(d, dropdown=False) for d in ctx.ui["dialogs"]]
        return saved

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui["selection"]:
            ui["selection"] = []
            return True
        if ui["dest"] != "People":
            self._navigate(ctx, "People")
            return True
        return False

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission == READ_CONTACTS and not granted:
            ctx.data["contacts_denied"] += 1

    # -- data helpers ----------------------------------------------------------------------------
    def _person(self, ctx: AppContext, pid: int) -> dict[str, Any]:
        return next(p for p in ctx.data["persons"] if p["id"] == pid)

    def _txn(self, ctx: AppContext, tid: int) -> dict[str, Any]:
        return next(t for t in ctx.data["txns"] if t["id"] == tid)

    def _money_rows(self, ctx: AppContext) -> list[dict[str, Any]]:
        rows = [t for t in ctx.data["txns"] if t["money"]]
        if ctx.ui["filter"] is not None:
            rows = [t for t in rows if t["person"] == ctx.ui["filter"]]
        return sorted(rows, key=lambda t: (t["date"], t["id"]), reverse=True)

    def _person_sum(self, ctx: AppContext, pid: int) -> int:
        return sum(t["amount"] for t in ctx.data["txns"] if t["money"] and t["person"] == pid)

    # -- navigation ------------------------------------------------------------------------------
    def _navigate(self, ctx: AppContext, dest: str) -> None:
        ui = ctx.ui
        ui["selection"] = []  # onDestroyView finishes the action mode
        ui["sort_menu"] = False
        ui["dest"] = dest

    def _select_dest(self, ctx: AppContext, title: str) -> None:
        if title:
            self._navigate(ctx, title)

    def _push(self, ctx: AppContext, dialog: dict[str, Any]) -> None:
        ctx.ui["dialogs"].append(dialog)

    def _pop(self, ctx: AppContext) -> None:
        if ctx.ui["dialogs"]:
            ctx.ui["dialogs"].pop()

    def _top(self, ctx: AppContext) -> dict[str, Any]:
        return dict(ctx.ui["dialogs"][-1])

    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui["dialogs"][-1].update(values)

    # -- FAB and transactions --------------------------------------------------------------------
    def _on_fab(self, ctx: AppContext) -> None:
        ui = ctx.ui
        dialog = self._new_txn_dialog(ctx, money=ui["dest"] != "Items")
        # getPresetsFromSelection: one selected transaction presets the new one.
        if ui["dest"] == "Money" and len(ui["selection"]) == 1:
            txn = self._txn(ctx, ui["selection"][0])
            dialog.update(
                person=self._person(ctx, txn["person"])["name"],
                amount=_fmt(abs(txn["amount"])),
                gave=txn["amount"] > 0,
                desc=txn["desc"],
                date=txn["date"],
            )
        elif ui["dest"] == "People" and len(ui["selection"]) == 1:
            dialog["person"] = self._person(ctx, ui["selection"][0])["name"]
        elif ui["filter"] is not None and ui["dest"] == "Money":
            dialog["person"] = self._person(ctx, ui["filter"])["name"]
        ui["selection"] = []
        self._push(ctx, dialog)

    def _new_txn_dialog(self, ctx: AppContext, money: bool) -> dict[str, Any]:
        return {
            "kind": "txn",
            "id": None,
            "person": "",
            "gave": False,
            "amount": "" if money else "1",
            "money": money,
            "desc": "",
            "date": TODAY,
            "errors": {},
            "dropdown": False,
        }

    def _edit_txn(self, ctx: AppContext, tid: int) -> None:
        txn = self._txn(ctx, tid)
        amount = abs(txn["amount"])
        self._push(
            ctx,
            {
                "kind": "txn",
                "id": tid,
                "person": self._person(ctx, txn["person"])["name"],
                "gave": txn["amount"] > 0,
                "amount": _fmt(amount) if txn["money"] else str(amount),
                "money": txn["money"],
                "desc": txn["desc"],
                "date": txn["date"],
                "errors": {},
                "dropdown": False,
            },
        )

    def _save_txn(self, ctx: AppContext) -> None:
        d = self._top(ctx)
        errors = {}
        if not d["person"]:
            errors["person"] = "Please select a person."
        if not d["amount"]:
            errors["amount"] = "Please enter an amount."
        if not d["money"] and not d["desc"]:
            errors["desc"] = "Please enter a description."
        if errors:
            self._set(ctx, errors=errors)
            return
        value = _parse_amount(d["amount"])
        if value is None:
            ctx.toast("Something is wrong with your amount format.")
            return
        factor = (1 if d["gave"] else -1) * (100 if d["money"] else 1)
        person = next(p for p in ctx.data["persons"] if p["name"] == d["person"])
        record = {
            "person": person["id"],
            "amount": round(factor * value),
            "money": d["money"],
            "desc": d["desc"],
            "date": d["date"],
        }
        if d["id"] is None:
            record["id"] = ctx.data["next_txn"]
            ctx.data["next_txn"] += 1
            ctx.data["txns"].append(record)
        else:
            self._txn(ctx, d["id"]).update(record)
        self._pop(ctx)

    # -- persons ---------------------------------------------------------------------------------
    def _open_person(self, ctx: AppContext, pid: int | None, from_txn: bool) -> None:
        person = self._person(ctx, pid) if pid is not None else {"name": "", "note": ""}
        self._push(
            ctx,
            {
                "kind": "person",
                "id": pid,
                "name": person["name"],
                "note": person["note"],
                "original": person["name"],
                "error": "",
                "from_txn": from_txn,
            },
        )
        if READ_CONTACTS not in ctx.permissions and ctx.data["contacts_denied"] < 2:
            ctx.request_permission(READ_CONTACTS)

    def _save_person(self, ctx: AppContext) -> None:
        d = self._top(ctx)
        name = d["name"]
        if not name:
            self._set(ctx, error="Please enter a name.")
            return
        names = [p["name"] for p in ctx.data["persons"]]
        if name != d["original"] and name in names:
            self._set(ctx, error=f"{name} already exists. Please enter a different name.")
            return
        if d["id"] is None:
            ctx.data["persons"].append(
                {"id": ctx.data["next_person"], "name": name, "note": d["note"]}
            )
            ctx.data["next_person"] += 1
        else:
            self._person(ctx, d["id"]).update(name=name, note=d["note"])
        self._pop(ctx)
        if d["from_txn"] and ctx.ui["dialogs"] and ctx.ui["dialogs"][-1]["kind"] == "txn":
            self._set(ctx, person=name)

    # -- selection and action mode ---------------------------------------------------------------
    def _toggle(self, ctx: AppContext, key: int) -> None:
        w.toggle(ctx.ui["selection"], key)

    def _row_click(self, ctx: AppContext, key: int, opener: Any) -> None:
        if ctx.ui["selection"]:
            self._toggle(ctx, key)
        else:
            opener(ctx, key)

    def _filter_by(self, ctx: AppContext, pid: int) -> None:
        self._navigate(ctx, "Money")
        ctx.ui["filter"] = pid

    def _dismiss_filter(self, ctx: AppContext) -> None:
        ctx.ui["filter"] = None
        self._navigate(ctx, "People")  # the "dismiss filter" preference defaults to true

    def _on_edit(self, ctx: AppContext) -> None:
        key = ctx.ui["selection"][0]
        ctx.ui["selection"] = []
        if ctx.ui["dest"] == "People":
            self._open_person(ctx, key, from_txn=False)
        else:
            self._edit_txn(ctx, key)

    def _on_returned(self, ctx: AppContext) -> None:
        tid = ctx.ui["selection"][0]
        ctx.ui["selection"] = []
        self._txn(ctx, tid)  # getTransactionFromDatabase, getPersonFromDatabase
        # navigate(R.id.action_global_editTransaction, presets): no idTransaction in the bundle,
        # no default for it in the action or the destination.
        raise JavaException(NPE, NPE_MESSAGE, RETURN_FRAMES)

    def _on_delete(self, ctx: AppContext) -> None:
        ctx.ui["confirm"] = True

    def _confirm_delete(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ids = list(ui["selection"])
        count = len(ids)
        if ui["dest"] == "People":
            ctx.data["persons"] = [p for p in ctx.data["persons"] if p["id"] not in ids]
            ctx.data["txns"] = [t for t in ctx.data["txns"] if t["person"] not in ids]
            ctx.toast(f"{count} person deleted" if count == 1 else f"{count} persons deleted")
        else:
            ctx.data["txns"] = [t for t in ctx.data["txns"] if t["id"] not in ids]
            noun = "transaction" if count == 1 else "transactions"
            ctx.toast(f"{count} {noun} deleted")
        ui["selection"] = []
        ui["confirm"] = False

    def _close_confirm(self, ctx: AppContext) -> None:
        ctx.ui["confirm"] = False

    def _set_order(self, ctx: AppContext, rid: str) -> None:
        ctx.data["order"] = rid
        ctx.ui["sort_menu"] = False

    # -- rendering -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        dest = ui["dest"]
        if dest == "People":
            body = self._people(ctx)
        elif dest == "Money":
            body = self._money(ctx)
        elif dest == "Items":
            body = self._items(ctx)
        else:
            body = self._settings(ctx)
        column = w.linear_layout(
            [self._app_bar(ctx), body, self._bottom_bar(ctx)], rid="coordinator"
        )
        children = [column]
        if dest != "Settings":
            children.append(
                w.fab("fab", "Create Transaction", self._on_fab, gravity="bottom_center_horizontal")
            )
        windows = self._windows(ctx)
        return Screen(content=w.frame_layout(children, layout=FRAME), title=dest, windows=windows)

    def _app_bar(self, ctx: AppContext) -> View:
        ui = ctx.ui
        selection = ui["selection"]
        if selection:
            count = len(selection)
            items = []
            if ui["dest"] == "Money" and count == 1:
                items.append(
                    w.action_item("miReturned", "Create return transaction", self._on_returned)
                )
            if count == 1:
                items.append(w.action_item("miEdit", "Edit", self._on_edit))
            items.append(w.action_item("miDelete", "Delete", self._on_delete))
            title: list[View] = [w.text_view(f"{count} selected", "action_bar_title")]
            if count > 1 and ui["dest"] == "Money":
                total = sum(self._txn(ctx, t)["amount"] for t in selection)
                title.append(w.text_view(f"Sum: {_fmt(total)}", "action_bar_subtitle"))
            close = w.image_view(
                "action_mode_close_button", "Done", w.bind(self._clear_selection), width=147
            )
            return w.toolbar(
                w.linear_layout(title, rid="action_bar_title_item"),
                navigation=close,
                actions=items,
                rid="action_mode_bar",
                cls="androidx.appcompat.widget.ActionBarContextView",
            )
        actions: list[View] = []
        if ui["dest"] == "People":
            actions = [
                w.action_item(
                    "miAddPerson", "Create Person", w.bind(self._open_person, None, False)
                ),
                w.action_item("", "Order By", w.bind(self._open_sort)),
            ]
        elif ui["dest"] == "Items":
            actions = [w.action_item("", "Filter by returned state", None)]
        return w.toolbar(ui["dest"], actions=actions, cls="android.view.ViewGroup")

    def _clear_selection(self, ctx: AppContext) -> None:
        ctx.ui["selection"] = []

    def _open_sort(self, ctx: AppContext) -> None:
        ctx.ui["sort_menu"] = True

    def _close_sort(self, ctx: AppContext) -> None:
        ctx.ui["sort_menu"] = False

    def _header(self, total: int) -> View:
        return w.linear_layout(
            [w.text_view("Total", "header_label"), w.text_view(_fmt(total), "header_total")],
            horizontal=True,
            height=147,
        )

    def _list_or_empty(self, ctx: AppContext, rows: list[View], total: int) -> View:
        body: View
        if rows:
            body = w.list_view(
                rows,
                rid="recyclerview",
                cls="androidx.recyclerview.widget.RecyclerView",
                scroll_key="scroll",
            )
        else:
            body = View(
                cls="android.view.ViewGroup",
                resource_id="emptyDbView",
                children=[w.text_view(EMPTY_DB, height=400)],
            )
        return w.frame_layout(
            [w.linear_layout([self._header(total), body])], rid="nav_host_fragment"
        )

    def _people(self, ctx: AppContext) -> View:
        persons = list(ctx.data["persons"])
        order = ctx.data["order"]
        if order.startswith("miOrderByName"):
            persons.sort(key=lambda p: p["name"].lower(), reverse=order.endswith("Desc"))
        elif order.startswith("miOrderByAmnt"):
            persons.sort(
                key=lambda p: self._person_sum(ctx, p["id"]), reverse=order.endswith("Desc")
            )
        rows = []
        for person in persons:
            total = self._person_sum(ctx, person["id"])
            label = "you owe" if total > 0 else "you lent" if total < 0 else "no debt"
            texts = [
                w.text_view(person["name"][:1].upper(), "list_item_avatar_text", width=147),
                w.text_view(person["name"], "list_item_name"),
                w.text_view(label, "list_item_owe_lent", width=250),
            ]
            if total:
                texts.append(w.text_view(_fmt(abs(total)), "list_item_sum", width=250))
            rows.append(
                View(
                    cls="android.view.ViewGroup",
                    layout="horizontal",
                    height=168,
                    selected=person["id"] in ctx.ui["selection"],
                    on_click=w.bind(self._row_click, person["id"], self._filter_by),
                    on_long_click=w.bind(self._toggle, person["id"]),
                    children=texts,
                )
            )
        total = sum(t["amount"] for t in ctx.data["txns"] if t["money"])
        return self._list_or_empty(ctx, rows, total)

    def _txn_row(self, ctx: AppContext, txn: dict[str, Any], selectable: bool) -> View:
        amount = abs(txn["amount"])
        return View(
            cls="android.view.ViewGroup",
            height=200,
            selected=txn["id"] in ctx.ui["selection"],
            on_click=w.bind(self._row_click, txn["id"], self._edit_txn),
            on_long_click=w.bind(self._toggle, txn["id"]) if selectable else None,
            children=[
                w.linear_layout(
                    [
                        w.text_view(self._person(ctx, txn["person"])["name"], "list_item_name"),
                        w.text_view(
                            "gave" if txn["amount"] >= 0 else "received",
                            "list_item_gave_received",
                            width=250,
                        ),
                        w.text_view(
                            _fmt(amount) if txn["money"] else str(amount),
                            "list_item_amount",
                            width=250,
                        ),
                    ],
                    horizontal=True,
                    height=100,
                ),
                w.linear_layout(
                    [
                        w.text_view(txn["desc"], "list_item_description"),
                        w.text_view(txn["date"], "list_item_timestamp", width=300),
                    ],
                    horizontal=True,
                    height=100,
                ),
            ],
        )

    def _money(self, ctx: AppContext) -> View:
        txns = self._money_rows(ctx)
        rows = [self._txn_row(ctx, t, True) for t in txns]
        total = sum(t["amount"] for t in txns)
        content = self._list_or_empty(ctx, rows, total)
        if ctx.ui["filter"] is None:
            return content
        person = self._person(ctx, ctx.ui["filter"])
        bar = w.toolbar(
            person["name"],
            actions=[
                w.action_item(
                    "miEditPerson",
                    "Edit Person",
                    w.bind(self._open_person, person["id"], False),
                ),
                w.action_item("miDismiss_filter", "dismiss filter", self._dismiss_filter),
            ],
            rid="filter_bar",
        )
        return w.linear_layout([bar, content])

    def _items(self, ctx: AppContext) -> View:
        txns = [t for t in ctx.data["txns"] if not t["money"]]
        rows = [self._txn_row(ctx, t, False) for t in txns]
        return self._list_or_empty(ctx, rows, 0)

    def _settings(self, ctx: AppContext) -> View:
        rows = [
            w.preference_category(title)
            if title in HEADERS
            else w.preference(title, "", self._show_changelog if title == "Changelog" else None)
            for title in SETTINGS
        ]
        return w.frame_layout(
            [
                w.list_view(
                    rows, rid="recycler_view", cls="androidx.recyclerview.widget.RecyclerView"
                )
            ],
            rid="nav_host_fragment",
        )

    def _show_changelog(self, ctx: AppContext) -> None:
        self._push(ctx, {"kind": "changelog"})

    def _bottom_bar(self, ctx: AppContext) -> View:
        items = [*DESTS, *DESTS_END]
        if ctx.ui["dest"] == "Settings":
            items = [i for i in items if i[0] != "btm_placeholder"]
        nav = w.bottom_navigation(items, ctx.ui["dest"], self._select_dest)
        return View(
            cls="android.view.ViewGroup",
            resource_id="bottom_navigation_bar",
            height=168,
            children=[nav],
        )

    # -- windows ---------------------------------------------------------------------------------
    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["sort_menu"]:
            order = ctx.data["order"]
            windows.append(
                w.menu_window(
                    [
                        (("● " if rid == order else "") + title, w.bind(self._set_order, rid), rid)
                        for rid, title in ORDERS
                    ],
                    self._close_sort,
                )
            )
        if ui["confirm"]:
            count = len(ui["selection"])
            if ui["dest"] == "People":
                title = f"Delete {count} person?" if count == 1 else f"Delete {count} persons?"
                message = "This can't be undone and will delete transactions to and from them too."
            else:
                noun = "transaction" if count == 1 else "transactions"
                title = f"Delete {count} {noun}?"
                message = "This can't be undone."
            windows.append(
                w.confirm_dialog(
                    title,
                    message,
                    ("Delete", self._confirm_delete),
                    ("Cancel", self._close_confirm),
                    self._close_confirm,
                )
            )
        width, height = ctx.screen_size
        for index, dialog in enumerate(ui["dialogs"]):
            top = index == len(ui["dialogs"]) - 1
            if dialog["kind"] == "changelog":
                windows.append(Window(root=self._changelog(), on_dismiss=self._pop))
            elif dialog["kind"] == "txn":
                windows.append(
                    Window(
                        root=self._txn_dialog(ctx, dialog),
                        on_dismiss=self._pop,
                        bounds=(0, 0, width, height),
                    )
                )
                if top and dialog["dropdown"]:
                    windows.append(self._dropdown(ctx))
            else:
                windows.append(
                    Window(
                        root=self._person_dialog(ctx, dialog),
                        on_dismiss=self._pop,
                        bounds=(0, 0, width, height),
                    )
                )
        return windows

    def _dialog_toolbar(self, title: str, save_rid: str, on_save: Any) -> View:
        return w.toolbar(
            title,
            navigation=w.nav_button("", self._pop),
            actions=[w.action_item(save_rid, "Save", on_save, text="Save")] if save_rid else [],
            rid="dialog_toolbar",
        )

    def _changelog(self) -> View:
        page = View(
            cls="android.webkit.WebView",
            resource_id="html_view",
            weight=0,
            children=[w.text_view(line, height=90) for line in CHANGELOG_LINES],
        )
        return w.linear_layout([self._dialog_toolbar("Changelog", "", None), page], weight=0)

    def _field(self, layout_rid: str, hint: str, text: str, on_text: Any, error: str = "") -> View:
        children = [w.edit_text("", text, on_text, hint=hint)]
        if error:
            children.append(w.text_view(error, "textinput_error", height=70))
        return w.linear_layout(children, rid=layout_rid, weight=0)

    def _txn_dialog(self, ctx: AppContext, d: dict[str, Any]) -> View:
        errors = d["errors"]
        title = "Create Transaction" if d["id"] is None else "Edit Transaction"
        person_children = [
            View(
                cls="android.widget.AutoCompleteTextView",
                resource_id="spinner_name_editText",
                text=d["person"],
                hint="Person *",
                on_click=w.bind(self._set, dropdown=True),
            ),
            w.text_view(errors.get("person", "* Required"), "textinput_helper_text", height=70),
        ]
        person_row = w.linear_layout(
            [
                w.linear_layout(person_children, rid="spinner_name"),
                w.button("button_new_person", "", w.bind(self._open_person, None, True), width=170),
            ],
            horizontal=True,
            height=230,
        )
        radios = w.linear_layout(
            [
                w.radio_button(
                    "radioButton_received", "received", not d["gave"], w.bind(self._set, gave=False)
                ),
                w.radio_button("radioButton_gave", "gave", d["gave"], w.bind(self._set, gave=True)),
            ],
            rid="radioGroupGaveReceived",
            horizontal=True,
            height=130,
        )
        amount_row = w.linear_layout(
            [
                self._field(
                    "edit_amount",
                    "Amount *" if d["money"] else "Number of items *",
                    d["amount"],
                    self._type_amount,
                    errors.get("amount", ""),
                ),
                View(
                    cls="android.widget.Switch",
                    resource_id="switch_monetary",
                    checkable=True,
                    checked=d["money"],
                    on_click=self._flip_money,
                    width=200,
                ),
            ],
            horizontal=True,
            height=230,
        )
        fields = [
            person_row,
            radios,
            amount_row,
            self._field(
                "edit_description",
                "Description" if d["money"] else "Description *",
                d["desc"],
                lambda c, t: self._set(c, desc=t, errors={}),
                errors.get("desc", ""),
            ),
            w.linear_layout(
                [
                    View(
                        cls="android.widget.AutoCompleteTextView",
                        resource_id="edit_date_editText",
                        text=d["date"],
                        hint="Date",
                        on_click=lambda c: None,
                    )
                ],
                rid="edit_date",
                weight=0,
            ),
        ]
        if not d["money"]:
            fields.append(
                w.linear_layout(
                    [
                        View(
                            cls="android.widget.AutoCompleteTextView",
                            resource_id="edit_returndate_editText",
                            hint="Date returned",
                            on_click=lambda c: None,
                        )
                    ],
                    rid="edit_returndate",
                    weight=0,
                )
            )
        fields.append(
            View(
                cls="androidx.recyclerview.widget.RecyclerView",
                resource_id="images",
                height=250,
                children=[w.image_view("image", "add image", lambda c: None, width=250)],
            )
        )
        return w.linear_layout(
            [
                self._dialog_toolbar(title, "miSaveTransaction", self._save_txn),
                w.scroll_view([w.linear_layout(fields, weight=0)]),
            ]
        )

    def _type_amount(self, ctx: AppContext, text: str) -> None:
        allowed = "".join(ch for ch in text if ch in "0123456789.,")
        if len(allowed.replace(".", "").replace(",", "")) > 9:
            ctx.toast("Max. 9 digits allowed")
            return
        self._set(ctx, amount=allowed, errors={})

    def _flip_money(self, ctx: AppContext) -> None:
        d = self._top(ctx)
        self._set(ctx, money=not d["money"])

    def _dropdown(self, ctx: AppContext) -> Window:
        names = sorted(p["name"] for p in ctx.data["persons"])
        rows = [
            w.text_view(name, height=147, on_click=w.bind(self._pick_person, name))
            for name in names
        ]
        listing = View(cls="android.widget.ListView", weight=0, children=rows)
        return Window(root=listing, kind="menu", on_dismiss=w.bind(self._set, dropdown=False))

    def _pick_person(self, ctx: AppContext, name: str) -> None:
        self._set(ctx, person=name, dropdown=False, errors={})

    def _person_dialog(self, ctx: AppContext, d: dict[str, Any]) -> View:
        title = "Create Person" if d["id"] is None else "Edit Person"
        linked = READ_CONTACTS in ctx.permissions
        contact_children = [
            w.edit_text(
                "",
                "",
                None,
                hint="No linked contact",
                enabled=linked,
                on_click=(lambda c: None) if linked else None,
            )
        ]
        if not linked:
            contact_children.append(
                w.text_view("Unavailable due to missing permissions", "textinput_helper_text")
            )
        fields = [
            self._field(
                "edit_person_name",
                "Name",
                d["name"],
                lambda c, t: self._set(c, name=t, error=""),
                d["error"],
            ),
            self._field("edit_person_note", "Note", d["note"], lambda c, t: self._set(c, note=t)),
            w.linear_layout(
                [
                    w.image_view("edit_person_avatar", width=200),
                    w.text_view(d["name"][:1].upper(), "edit_person_avatar_text", width=200),
                ],
                horizontal=True,
                height=200,
            ),
            w.linear_layout(contact_children, rid="edit_person_linked_contact", weight=0),
        ]
        return w.linear_layout(
            [
                self._dialog_toolbar(title, "miSavePerson", self._save_person),
                w.scroll_view([w.linear_layout(fields, weight=0)]),
            ]
        )
