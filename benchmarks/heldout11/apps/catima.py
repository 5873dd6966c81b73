"""Catima 2.0 (``me.hackerchick.catima``, repository CatimaLoyalty/Android), with bug Android#283
(non-crash).

Modelled from the sources at tag ``v2.0`` (commit ``cb979bfbecaa30441bc9cbb9e9cc21619eb3dbc3``):
``MainActivity.java``, ``ScanActivity.java``, ``BarcodeSelectorActivity.java``,
``BarcodeImageWriterTask.java``, ``LoyaltyCardEditActivity.java``, ``res/layout/main_activity.xml``,
``content_main.xml``, ``loyalty_card_layout.xml``, ``scan_activity.xml``,
``custom_barcode_scanner.xml``, ``barcode_selector_activity.xml``,
``loyalty_card_edit_activity.xml``, ``res/menu/main_menu.xml``, ``scan_menu.xml``,
``res/values/strings.xml``, ``AndroidManifest.xml`` and ``app/build.gradle`` (app name "Catima").
The fix is commit ``19afe8e69c5f1e984147d11a64b7e3b9d6345078`` (released in 2.0.2).

Screens:
- ``MainActivity`` (no first-run dialog in 2.0: the privacy-policy popup is commented out):
  toolbar "Catima" with Search, Groups and Import/Export icons and the overflow Settings,
  Privacy Policy, About; the ``helpText`` or the card list; the ``fabAdd`` button ("Add"), which
  starts ``ScanActivity`` for a result;
- ``ScanActivity`` ("Scan Card Barcode"): the zxing scanner (asks for the camera permission on a
  fresh install), a flashlight action, "Select image from gallery" and "Manually enter card ID";
  the model's camera never sees a barcode;
- ``BarcodeSelectorActivity`` ("Select Barcode"): instructions, the Card ID field (hint
  "AB1234"), "This card has no barcode", and one image per format with its name below; an image
  whose value is invalid for its format answers with a toast;
- the chosen value goes back through ``ScanActivity`` to ``MainActivity.onActivityResult``,
  which starts ``LoyaltyCardEditActivity`` ("Add Card") with ``cardId`` and ``barcodeType``;
- ``LoyaltyCardEditActivity``: tabs Card / Barcode / Photos; Card holds the thumbnail, Name,
  Card ID, Note, Balance, Currency ("Points") and Expiry date ("Never"); Barcode holds the
  "Barcode value" drop-down ("Same as card ID" / "Set barcode value", which opens a dialog with a
  text field), the "Barcode type" drop-down, the barcode image and "Edit barcode"; Photos the two
  image holders; the Save FAB (``fabSave``).

Android#283: changing the Card ID after the screen was set up stores the old barcode value in
``tempStoredOldBarcodeValue``; ``doSave`` then calls ``askBarcodeChange(this::doSave)``, whose
"Update barcode value?" dialog runs the callback from its Yes and No buttons AND again from its
``OnDismissListener``, which fires when the button dismisses the dialog. ``doSave`` thus runs
twice and ``insertLoyaltyCard`` stores two cards. Dismissing the dialog without a button (Back,
outside) runs it once. The same dialog is asked on a tab change with a pending value (the
callback then only switches tabs). The oracle: one Add Card screen inserted two or more cards.

Stubbed: the camera preview (black, no barcode is ever decoded), the flashlight, the gallery
picker, the colour picker of the thumbnail, the photo holders, the Currency and Expiry drop-downs
(shown, their choices not offered), Search, the Groups, Import/Export, Settings and About screens
(title and Navigate up), Privacy Policy (opens a browser: nothing happens), the card viewer (title
and Navigate up), and "Edit barcode" (opens the scanner; a value chosen from there is not applied
to the edit screen). Uncertain: the zxing camera-permission denial dialog's texts (zxing's
"Sorry, the Android camera encountered a problem..." message with OK), the validity rules of the
barcode formats (approximations of zxing's writers). No network content.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "me.hackerchick.catima"
MAIN = ".MainActivity"
SCAN = ".ScanActivity"
SELECT = ".BarcodeSelectorActivity"
EDIT = ".LoyaltyCardEditActivity"
VIEW = ".LoyaltyCardViewActivity"
GROUPS = ".ManageGroupsActivity"
IMPORT_EXPORT = ".ImportExportActivity"
SETTINGS = ".preferences.SettingsActivity"
ABOUT = ".AboutActivity"
CAMERA = "android.permission.CAMERA"

APP_NAME = "Catima"
NO_CARDS = "Click the + plus button to add a card, or import some from the ⋮ menu first."
INSTRUCTIONS = (
    "Enter the card ID, and either pick its barcode type below, or \u201cThis card has no "
    "barcode\u201d."
)
CAMERA_PROBLEM = (
    "Sorry, the Android camera encountered a problem. You may need to restart the device."
)
WRONG_VALUE = "The value is not valid for the selected barcode type"
SAME_AS_CARD_ID = "Same as card ID"
SET_BARCODE_ID = "Set barcode value"
NO_BARCODE = "No barcode"
TABS = ("Card", "Barcode", "Photos")
# BarcodeSelectorActivity.barcodeViewMap: format -> (image id, text id), in layout order.
FORMATS = (
    ("AZTEC", "aztecBarcode"),
    ("CODE_39", "code39Barcode"),
    ("CODE_128", "code128Barcode"),
    ("CODABAR", "codabarBarcode"),
    ("DATA_MATRIX", "datamatrixBarcode"),
    ("EAN_8", "ean8Barcode"),
    ("EAN_13", "ean13Barcode"),
    ("ITF", "itfBarcode"),
    ("PDF_417", "pdf417Barcode"),
    ("QR_CODE", "qrcodeBarcode"),
    ("UPC_A", "upcaBarcode"),
    ("UPC_E", "upceBarcode"),
)
PENDING = "barcode_result"  # the RESULT_OK extras travelling back to MainActivity


def _valid(fmt: str, value: str) -> bool:
    """Whether zxing's writer for ``fmt`` encodes ``value`` (BarcodeImageWriterTask's
    ``isSuccesful``; an approximation of the writers' checks)."""
    if not value:
        return False
    digits = value.isdigit()
    if fmt == "EAN_8":
        return digits and len(value) in (7, 8)
    if fmt == "EAN_13":
        return digits and len(value) in (12, 13)
    if fmt == "UPC_A":
        return digits and len(value) in (11, 12)
    if fmt == "UPC_E":
        return digits and len(value) in (7, 8) and value[0] in "01"
    if fmt == "ITF":
        return digits and len(value) % 2 == 0
    if fmt == "CODABAR":
        guards = "ABCDTN*E"
        body = value
        if value[0].upper() in guards:
            if value[-1].upper() not in guards or len(value) < 2:
                return False
            body = value[1:-1]
        return all(c in "0123456789-$:/.+" for c in body)
    return value.isascii()


def _duplicated(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Android#283: one Add Card screen inserted two or more cards."""
    sessions = [card.get("session") for card in data.get("cards", [])]
    return any(sessions.count(s) > 1 for s in set(sessions) if s is not None)


_ADD = click(PACKAGE, "fabAdd", desc="Add")
_ALLOW = allow_permission(PACKAGE)
_MANUAL = click(PACKAGE, "add_manually", "Manually enter card ID")
_TYPE_ID = input_text(PACKAGE, "cardId", "AB1234")
_HIDE_KEYBOARD = {"kind": "press_back"}
_AZTEC = click(PACKAGE, "aztecBarcode")
_NAME = input_text(PACKAGE, "storeNameEdit", "card")
_BARCODE_TAB = click(PACKAGE, text="Barcode")
_CARD_TAB = click(PACKAGE, text="Card")
_BARCODE_VALUE = click(PACKAGE, "barcodeIdField")
_SET_VALUE = click(PACKAGE, "android:id/text1", SET_BARCODE_ID)
# the dialog's EditText is created in code: no id
_DIALOG_INPUT = {
    "kind": "input_text",
    "target": {"class_name": "android.widget.EditText", "bounds": [66, 853, 1014, 1003]},
    "text": "AB1234",
}
_OK = click(PACKAGE, "android:id/button1", "OK")
_NEW_ID = input_text(PACKAGE, "cardIdView", "CD890")
_SAVE = click(PACKAGE, "fabSave", desc="Save")
_NO = click(PACKAGE, "android:id/button2", "No")
_YES = click(PACKAGE, "android:id/button1", "Yes")
_BACK = {"kind": "press_back"}

_TO_EDIT = [_ADD, _ALLOW, _MANUAL, _TYPE_ID, _HIDE_KEYBOARD, _AZTEC, _NAME, _HIDE_KEYBOARD]
_SET_BARCODE = [_BARCODE_TAB, _BARCODE_VALUE, _SET_VALUE, _DIALOG_INPUT, _OK]

BUG_283 = BugSpec(
    bug_id="Android#283",
    kind="non-crash",
    title="Specific workflow during creation creates 2 cards",
    oracle=_duplicated,
    human_steps=(*_TO_EDIT, *_SET_BARCODE, _CARD_TAB, _NEW_ID, _HIDE_KEYBOARD, _SAVE, _NO),
)

WRONG_SEQUENCES = {
    "Android#283": [
        # the Card ID is never changed: no question, one card
        [*_TO_EDIT, *_SET_BARCODE, _CARD_TAB, _SAVE],
        # the question is dismissed with Back instead of a button: one card
        [*_TO_EDIT, *_SET_BARCODE, _CARD_TAB, _NEW_ID, _HIDE_KEYBOARD, _SAVE, _BACK],
        # answered before saving (on the tab change), so Save asks nothing: one card
        [*_TO_EDIT, _NEW_ID, _HIDE_KEYBOARD, _BARCODE_TAB, _NO, _SAVE],
        # never saved
        [*_TO_EDIT, *_SET_BARCODE, _CARD_TAB, _NEW_ID, _HIDE_KEYBOARD],
    ],
}


class Catima(VirtualApp):
    """Catima 2.0."""

    name: ClassVar[str] = "Android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "2.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_283,)

    def initial_data(self) -> dict[str, Any]:
        return {"cards": [], "next_id": 1, "next_session": 1}

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SCAN and "scan_started" not in ctx.ui:
            ctx.ui["scan_started"] = True
            if CAMERA not in ctx.permissions:
                ctx.request_permission(CAMERA)
        elif ctx.activity == SELECT and "card_id" not in ctx.ui:
            ctx.ui["card_id"] = (ctx.extras or {}).get("initialCardId") or ""
        elif ctx.activity == EDIT and "session" not in ctx.ui:
            # onCreate + the first onResume of an add: defaults, then the intent's values.
            ctx.ui["session"] = ctx.data["next_session"]
            ctx.data["next_session"] += 1
            extras = ctx.extras or {}
            ctx.ui.update(
                tab=0,
                store="",
                card_id=extras.get("cardId") or "",
                note="",
                balance="0",
                barcode_id_text=SAME_AS_CARD_ID,
                barcode_id_tag=None,
                barcode_type=extras.get("barcodeType") or NO_BARCODE,
                temp_old=None,
                has_changed=False,
                window=None,
                callback=None,
                finishing=False,
                snackbar="",
            )

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity == SCAN and not granted:
            ctx.ui["camera_problem"] = True

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("menu"):
            ctx.ui["menu"] = False
            return True
        if ctx.activity == EDIT:
            if ctx.ui.get("window") is not None:
                self._close_window(ctx)
                return True
            self._ask_before_quit(ctx)
            return True
        return False

    # -- main and scanner ----------------------------------------------------------------------
    def _menu(self, ctx: AppContext, open_: bool) -> None:
        ctx.ui["menu"] = open_

    def _menu_pick(self, ctx: AppContext, target: str) -> None:
        ctx.ui["menu"] = False
        if target:
            ctx.start_activity(target)

    def _pick(self, ctx: AppContext, fmt: str) -> None:
        value = ctx.ui.get("card_id", "")
        if fmt and not _valid(fmt, value):
            ctx.toast(WRONG_VALUE)
            return
        self._return_barcode(ctx, value, fmt)

    def _no_barcode(self, ctx: AppContext) -> None:
        self._return_barcode(ctx, ctx.ui.get("card_id", ""), "")

    def _return_barcode(self, ctx: AppContext, value: str, fmt: str) -> None:
        """The selector's RESULT_OK: ScanActivity.onActivityResult passes it on and finishes,
        then MainActivity.onActivityResult starts the edit screen with it. The first finish()
        closes the selector; the second, queued for the same (by then finished) instance,
        closes the activity below it, ScanActivity."""
        ctx.finish()
        ctx.finish()
        if ctx.memory.get("scan_caller", "main") == "main":
            ctx.start_activity(EDIT, {"cardId": value, "barcodeType": fmt or None})

    def _open_scan(self, ctx: AppContext, caller: str) -> None:
        ctx.memory["scan_caller"] = caller
        extras = {"cardId": ctx.ui.get("card_id")} if caller == "edit" else {}
        ctx.start_activity(SCAN, extras)

    def _manual(self, ctx: AppContext) -> None:
        card_id = (ctx.extras or {}).get("cardId")
        ctx.start_activity(SELECT, {"initialCardId": card_id} if card_id else {})

    # -- edit screen ---------------------------------------------------------------------------
    def _type_store(self, ctx: AppContext, text: str) -> None:
        ctx.ui["store"] = text
        ctx.ui["has_changed"] = True

    def _type_note(self, ctx: AppContext, text: str) -> None:
        ctx.ui["note"] = text
        ctx.ui["has_changed"] = True

    def _type_balance(self, ctx: AppContext, text: str) -> None:
        ctx.ui["balance"] = text
        ctx.ui["has_changed"] = True

    def _type_card_id(self, ctx: AppContext, text: str) -> None:
        ui = ctx.ui
        if text == ui["card_id"]:
            return
        # cardIdFieldView's beforeTextChanged (initDone is true once the screen is set up)
        if ui["temp_old"] is None:
            if ui["barcode_id_tag"] is None:
                ui["temp_old"] = ui["card_id"]
            else:
                ui["temp_old"] = ui["barcode_id_text"]
            ui["barcode_id_text"] = ui["temp_old"]
            ui["barcode_id_tag"] = ui["temp_old"]
        ui["card_id"] = text
        ui["has_changed"] = True

    def _set_barcode_id_text(self, ctx: AppContext, text: str) -> None:
        """barcodeIdField.setText and its onTextChanged."""
        ctx.ui["barcode_id_text"] = text
        ctx.ui["has_changed"] = True
        if text == SAME_AS_CARD_ID:
            ctx.ui["temp_old"] = None
            ctx.ui["barcode_id_tag"] = None

    def _choose_barcode_id(self, ctx: AppContext, index: int) -> None:
        ctx.ui["window"] = None
        if index == 0:
            self._set_barcode_id_text(ctx, SAME_AS_CARD_ID)
        else:
            # setText(setBarcodeId) reverts to the last value at once (onTextChanged again)
            self._set_barcode_id_text(ctx, ctx.ui["barcode_id_text"])
            ctx.ui["set_value_input"] = ctx.ui["barcode_id_tag"] or ""
            ctx.ui["window"] = "set_value"

    def _set_value_ok(self, ctx: AppContext) -> None:
        value = ctx.ui.get("set_value_input", "")
        ctx.ui["window"] = None
        ctx.ui["temp_old"] = None
        ctx.ui["barcode_id_tag"] = value
        self._set_barcode_id_text(ctx, value)

    def _choose_type(self, ctx: AppContext, index: int) -> None:
        ctx.ui["window"] = None
        ctx.ui["barcode_type"] = NO_BARCODE if index == 0 else FORMATS[index - 1][0]
        ctx.ui["has_changed"] = True

    def _open(self, ctx: AppContext, window: str) -> None:
        ctx.ui["window"] = window

    def _close_window(self, ctx: AppContext) -> None:
        window = ctx.ui.get("window")
        ctx.ui["window"] = None
        if window == "update":
            self._update_dismissed(ctx)

    def _select_tab(self, ctx: AppContext, index: int) -> None:
        if ctx.ui["temp_old"] is not None:
            self._ask_barcode_change(ctx, f"tab{index}")
            return
        ctx.ui["tab"] = index

    def _run(self, ctx: AppContext, callback: str | None) -> None:
        if callback == "save":
            self._do_save(ctx)
        elif callback == "quit":
            self._ask_before_quit(ctx)
        elif callback and callback.startswith("tab"):
            self._select_tab(ctx, int(callback[3:]))

    def _ask_barcode_change(self, ctx: AppContext, callback: str) -> None:
        ui = ctx.ui
        if ui["temp_old"] == ui["card_id"]:
            self._set_barcode_id_text(ctx, SAME_AS_CARD_ID)
            ui["temp_old"] = None
            self._run(ctx, callback)
            return
        ui["callback"] = callback
        ui["window"] = "update"

    def _update_yes(self, ctx: AppContext) -> None:
        ctx.ui["window"] = None
        self._set_barcode_id_text(ctx, SAME_AS_CARD_ID)
        ctx.ui["temp_old"] = None
        self._run(ctx, ctx.ui["callback"])
        self._update_dismissed(ctx)  # the button dismisses the dialog: its OnDismissListener

    def _update_no(self, ctx: AppContext) -> None:
        ctx.ui["window"] = None
        self._set_barcode_id_text(ctx, ctx.ui["temp_old"] or "")
        ctx.ui["temp_old"] = None
        self._run(ctx, ctx.ui["callback"])
        self._update_dismissed(ctx)

    def _update_dismissed(self, ctx: AppContext) -> None:
        """askBarcodeChange's OnDismissListener: the same restore and callback as No."""
        self._set_barcode_id_text(ctx, ctx.ui["temp_old"] or "")
        ctx.ui["temp_old"] = None
        self._run(ctx, ctx.ui["callback"])

    def _do_save(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ui["temp_old"] is not None:
            self._ask_barcode_change(ctx, "save")
            return
        if not ui["store"]:
            ui["snackbar"] = "No name entered"
            return
        if not ui["card_id"]:
            ui["snackbar"] = "No card ID entered"
            return
        try:
            float(ui["balance"] or "0")
        except ValueError:
            ui["snackbar"] = f"Could not parse {ui['balance']} as balance"
            return
        ctx.data["cards"].append(
            {
                "id": ctx.data["next_id"],
                "store": ui["store"],
                "note": ui["note"],
                "cardId": ui["card_id"],
                "barcodeId": ui["barcode_id_tag"],
                "barcodeType": None if ui["barcode_type"] == NO_BARCODE else ui["barcode_type"],
                "session": ui["session"],
            }
        )
        ctx.data["next_id"] += 1
        if not ui["finishing"]:
            ui["finishing"] = True
            ctx.finish()

    def _save_clicked(self, ctx: AppContext) -> None:
        ctx.ui["snackbar"] = ""
        self._do_save(ctx)

    def _ask_before_quit(self, ctx: AppContext) -> None:
        if not ctx.ui["has_changed"]:
            if ctx.ui["temp_old"] is not None:
                self._ask_barcode_change(ctx, "quit")
                return
            if not ctx.ui["finishing"]:
                ctx.ui["finishing"] = True
                ctx.finish()
            return
        ctx.ui["window"] = "exit"

    def _exit_confirm(self, ctx: AppContext) -> None:
        ctx.ui["window"] = None
        if not ctx.ui["finishing"]:
            ctx.ui["finishing"] = True
            ctx.finish()

    # -- screens -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SCAN:
            return self._render_scan(ctx)
        if ctx.activity == SELECT:
            return self._render_select(ctx)
        if ctx.activity == EDIT:
            return self._render_edit(ctx)
        stubs = {
            GROUPS: "Groups",
            IMPORT_EXPORT: "Import/Export",
            SETTINGS: "Settings",
            ABOUT: "About",
            VIEW: str((ctx.extras or {}).get("store", "")),
        }
        if ctx.activity in stubs:
            title = stubs[ctx.activity]
            return Screen(content=w.child_page(title), title=title)
        return self._render_main(ctx)

    def _card_row(self, card: dict[str, Any]) -> View:
        """A row of the card list (thumbnail, store, note); a tap opens the card."""
        return w.list_row(
            card["store"],
            card["note"],
            title_rid="store",
            subtitle_rid="note",
            rid="row",
            leading=w.image_view("thumbnail", "Thumbnail for card"),
            on_click=w.bind(self._view_card, card["store"]),
        )

    def _view_card(self, ctx: AppContext, store: str) -> None:
        ctx.start_activity(VIEW, {"store": store})

    def _render_main(self, ctx: AppContext) -> Screen:
        actions = [
            w.action_item("action_search", "Search", lambda c: None),
            w.action_item("action_manage_groups", "Groups", lambda c: c.start_activity(GROUPS)),
            w.action_item(
                "action_import_export", "Import/Export", lambda c: c.start_activity(IMPORT_EXPORT)
            ),
            w.overflow_button(w.bind(self._menu, True)),
        ]
        cards = sorted(ctx.data["cards"], key=lambda c: str(c["store"]).lower())
        body = w.text_view(NO_CARDS, "helpText")
        if cards:
            rows = [self._card_row(card) for card in cards]
            body = w.list_view(rows, rid="list", cls="androidx.recyclerview.widget.RecyclerView")
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Settings", w.bind(self._menu_pick, SETTINGS)),
                        ("Privacy Policy", w.bind(self._menu_pick, "")),
                        ("About", w.bind(self._menu_pick, ABOUT)),
                    ],
                    w.bind(self._menu, False),
                )
            )
        content = w.frame_layout(
            [
                w.linear_layout([w.toolbar(APP_NAME, actions=actions), body]),
                w.fab("fabAdd", "Add", w.bind(self._open_scan, "main")),
            ]
        )
        return Screen(content=content, title=APP_NAME, windows=windows)

    def _render_scan(self, ctx: AppContext) -> Screen:
        windows: list[Window] = []
        if ctx.ui.get("camera_problem"):
            windows.append(
                w.alert_dialog(
                    w.dialog_title(APP_NAME),
                    [w.dialog_message(CAMERA_PROBLEM)],
                    w.dialog_buttons(("OK", w.finish)),
                    w.finish,
                )
            )
        scanner = w.frame_layout(
            [
                View(cls="android.view.View", resource_id="zxing_barcode_surface"),
                View(cls="android.view.View", resource_id="zxing_viewfinder_view"),
                w.linear_layout(
                    [
                        w.button("add_from_image", "Select image from gallery", lambda c: None),
                        w.button("add_manually", "Manually enter card ID", self._manual),
                    ],
                    height=300,
                    gravity="bottom",
                ),
            ],
            rid="zxing_barcode_scanner",
        )
        bar = w.toolbar(
            "Scan Card Barcode",
            navigation=w.up_button(),
            actions=[w.action_item("action_toggle_flashlight", "Turn flashlight on", None)],
        )
        return Screen(
            content=w.linear_layout([bar, scanner]), title="Scan Card Barcode", windows=windows
        )

    def _render_select(self, ctx: AppContext) -> Screen:
        value = ctx.ui.get("card_id", "")
        options: list[View] = []
        for fmt, rid in FORMATS:
            options.append(
                w.linear_layout(
                    [
                        w.image_view(
                            rid,
                            "Image of card barcode",
                            w.bind(self._pick, fmt),
                            width=1080,
                            height=525,
                        ),
                        w.text_view(fmt, f"{rid}Text", height=60),
                    ],
                    height=630,
                )
            )
        body = w.linear_layout(
            [
                w.text_view(INSTRUCTIONS, height=260),
                w.linear_layout(
                    [
                        w.text_view("Card ID"),
                        w.edit_text(
                            "cardId",
                            value,
                            lambda c, t: c.ui.update(card_id=t),
                            hint="AB1234",
                        ),
                    ],
                    rid="barcodeIdLayout",
                    horizontal=True,
                    height=170,
                ),
                w.linear_layout([], rid="barcodesLayout", height=0),
                w.button(
                    "noBarcode",
                    "This card has no barcode",
                    self._no_barcode,
                    enabled=bool(value),
                    height=150,
                ),
                *options,
            ]
        )
        return Screen(
            content=w.child_page("Select Barcode", [w.scroll_view([body], rid="scrollView")]),
            title="Select Barcode",
        )

    def _field(self, layout_rid: str, field: View) -> View:
        return View(
            cls="com.google.android.material.textfield.TextInputLayout",
            resource_id=layout_rid,
            height=190,
            children=[w.frame_layout([field])],
        )

    def _dropdown(self, rid: str, layout_rid: str, hint: str, value: str, handler: Any) -> View:
        field = View(
            cls="android.widget.AutoCompleteTextView",
            resource_id=rid,
            text=value,
            hint=hint,
            on_click=handler,
            height=150,
        )
        return self._field(layout_rid, field)

    def _render_edit(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        tab = ui["tab"]
        part: list[View]
        if tab == 0:
            part = [
                w.linear_layout(
                    [
                        w.image_view("thumbnail", "Thumbnail for card", lambda c: None, width=200),
                        self._field(
                            "storeNameField",
                            w.edit_text(
                                "storeNameEdit", ui["store"], self._type_store, hint="Name"
                            ),
                        ),
                    ],
                    horizontal=True,
                    height=210,
                ),
                self._field(
                    "cardIdField",
                    w.edit_text("cardIdView", ui["card_id"], self._type_card_id, hint="Card ID"),
                ),
                self._field(
                    "noteField", w.edit_text("noteEdit", ui["note"], self._type_note, hint="Note")
                ),
                w.linear_layout(
                    [
                        self._field(
                            "balanceView",
                            w.edit_text(
                                "balanceField", ui["balance"], self._type_balance, hint="Balance"
                            ),
                        ),
                        self._dropdown(
                            "balanceCurrencyField",
                            "balanceCurrencyView",
                            "Currency",
                            "Points",
                            lambda c: None,
                        ),
                    ],
                    horizontal=True,
                    height=190,
                ),
                self._dropdown("expiryField", "expiryView", "Expiry date", "Never", lambda c: None),
            ]
            part_rid = "cardPart"
        elif tab == 1:
            part = [
                self._dropdown(
                    "barcodeIdField",
                    "barcodeIdView",
                    "Barcode value",
                    ui["barcode_id_text"],
                    w.bind(self._open, "barcode_id"),
                ),
                self._dropdown(
                    "barcodeTypeField",
                    "barcodeTypeView",
                    "Barcode type",
                    ui["barcode_type"],
                    w.bind(self._open, "barcode_type"),
                ),
            ]
            if ui["barcode_type"] != NO_BARCODE and ui["card_id"]:
                part.append(
                    w.linear_layout(
                        [w.image_view("barcode", "Image of card barcode", height=525)],
                        rid="barcodeLayout",
                        height=560,
                    )
                )
            part.append(
                w.linear_layout(
                    [w.button("enterButton", "Edit barcode", w.bind(self._open_scan, "edit"))],
                    rid="barcodeCaptureLayout",
                    height=170,
                )
            )
            part_rid = "barcodePart"
        else:
            part = [
                w.linear_layout(
                    [w.image_view("frontImage", "Card's front image", height=400)],
                    rid="frontImageHolder",
                    on_click=lambda c: None,
                    height=440,
                ),
                w.linear_layout(
                    [w.image_view("backImage", "Card's back image", height=400)],
                    rid="backImageHolder",
                    on_click=lambda c: None,
                    height=440,
                ),
            ]
            part_rid = "picturesPart"
        page: list[View] = [
            w.toolbar("Add Card", navigation=w.up_button(lambda c: self._ask_before_quit(c))),
            w.tabs(TABS, tab, self._select_tab),
            w.scroll_view([w.linear_layout(part, rid=part_rid)]),
        ]
        if ui.get("snackbar"):
            page.append(w.linear_layout([w.text_view(ui["snackbar"], "snackbar_text")], height=150))
        content = w.frame_layout(
            [w.linear_layout(page), w.fab("fabSave", "Save", self._save_clicked)]
        )
        return Screen(content=content, title="Add Card", windows=self._edit_windows(ctx))

    def _edit_windows(self, ctx: AppContext) -> list[Window]:
        window = ctx.ui.get("window")
        close = self._close_window
        if window == "barcode_id":
            return [
                self._dropdown_window(
                    [SAME_AS_CARD_ID, SET_BARCODE_ID], self._choose_barcode_id, (0, 633, 1080, 927)
                )
            ]
        if window == "barcode_type":
            names = [NO_BARCODE, *(fmt for fmt, _ in FORMATS)]
            return [self._dropdown_window(names, self._choose_type, (0, 823, 1080, 1794))]
        if window == "set_value":
            field = w.edit_text(
                "",
                ctx.ui.get("set_value_input", ""),
                lambda c, t: c.ui.update(set_value_input=t),
            )
            return [
                w.input_dialog(
                    SET_BARCODE_ID,
                    field,
                    ("OK", self._set_value_ok),
                    ("Cancel", close),
                    close,
                )
            ]
        if window == "update":
            return [
                w.confirm_dialog(
                    "Update barcode value?",
                    "You changed the card ID. Do you want to also update the barcode to use the "
                    "same value?",
                    ("Yes", self._update_yes),
                    ("No", self._update_no),
                    close,
                )
            ]
        if window == "exit":
            return [
                w.confirm_dialog(
                    "Exit",
                    "Leave without saving?",
                    ("Confirm", self._exit_confirm),
                    ("Cancel", close),
                    close,
                )
            ]
        return []

    def _dropdown_window(
        self, choices: list[str], on_choose: Any, bounds: tuple[int, int, int, int]
    ) -> Window:
        """The ExposedDropdownMenu's ListPopupWindow below its field (select_dialog_item rows)."""
        rows = [
            w.text_view(choice, "android:id/text1", height=147, on_click=w.bind(on_choose, i))
            for i, choice in enumerate(choices)
        ]
        listing = View(cls="android.widget.ListView", scrollable=True, children=rows)
        return Window(root=listing, kind="menu", on_dismiss=self._close_window, bounds=bounds)
