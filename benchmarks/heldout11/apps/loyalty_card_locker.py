"""Loyalty Card Keychain 0.25 (``protect.card_locker``, repository brarcher/loyalty-card-locker),
with bug loyalty-card-locker#272 (non-crash).

Modelled from the sources at commit ``6fa70afac57c83ee7cacb98b2980e1601ae3a0ef`` ("Update for
v0.25"): ``MainActivity.java``, ``LoyaltyCardEditActivity.java``, ``BarcodeSelectorActivity.java``,
``intro/IntroActivity.java``, ``res/layout/main_activity.xml``, ``content_main.xml``,
``loyalty_card_edit_activity.xml``, ``barcode_selector_activity.xml``,
``loyalty_card_layout.xml``, ``res/menu/main_menu.xml``, ``card_add_menu.xml``,
``res/values/strings.xml``, ``AndroidManifest.xml``;
the fix is commit ``5619c1c0030d1776434d48af246e5139069c8375`` (released in 0.25.1).

Screens:
- first run: ``MainActivity`` starts the AppIntro ``IntroActivity`` (six slides, SKIP/NEXT/DONE)
  while the ``firstrun`` preference is true and clears it;
- ``MainActivity``: toolbar "Loyalty Card Keychain" with Add and Import/Export icons and the
  overflow Settings, Start Intro, About; the ``helpText`` when no card is stored, else the ``list``
  of cards (``store``, ``note``);
- ``LoyaltyCardEditActivity`` ("Add Loyalty Card"): Store and Note fields, Heading Color and
  Store Text Color rows with Change buttons, the (hidden until set) Card ID row, the Capture Card
  and Enter Card buttons; toolbar Save; Save checks the store first ("No Store entered"), then the
  card ID and barcode type ("No Card ID entered"), as Snackbars;
- ``BarcodeSelectorActivity`` ("Select Barcode"): instructions, the Card ID field and one barcode
  image per format (AZTEC ... UPC_A); once text was typed, tapping an image returns RESULT_OK with
  the contents and format to the caller.

loyalty-card-locker#272: in 0.25 ``LoyaltyCardEditActivity.onActivityResult`` only reads
``IntentIntegrator.parseActivityResult`` (the camera scanner's result); commit cafa09a removed the
branch that read ``SELECT_BARCODE_REQUEST`` results from the selector, so a barcode chosen after
typing the ID manually is dropped: the Card ID row stays hidden, the button still reads "Enter
Card", and Save shows "No Card ID entered". The oracle: a Save of the add screen failed with that
error although the selector had returned a non-empty barcode to it.

Stubbed: Capture Card (the zxing camera scanner: a screen with its prompt, Back returns no
result), the colour picker (the Change buttons do nothing visible), Settings and Import/Export
(title and Navigate up), About (a dialog with its title and OK). Uncertain: the exact text of the
About body (shortened) and the AppIntro 4.2.0 button labels (the toolkit's SKIP/NEXT/DONE). No
network content.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "protect.card_locker"
MAIN = ".MainActivity"
EDIT = ".LoyaltyCardEditActivity"
SELECT = ".BarcodeSelectorActivity"
INTRO = ".intro.IntroActivity"
SETTINGS = ".preferences.SettingsActivity"
IMPORT_EXPORT = ".ImportExportActivity"
CAPTURE = "com.journeyapps.barcodescanner.CaptureActivity"

APP_NAME = "Loyalty Card Keychain"
NO_CARDS = (
    'You don\'t have any loyalty cards at the moment. Click the "+" (plus) button up top to get '
    "started.\n\nLoyalty Card Locker lets you carry your loyalty cards on your phone, so they are "
    "always within reach."
)
INTRO_SLIDES = (
    (
        "Welcome to Loyalty Card Keychain",
        "Manage your barcode-based store/loyalty cards on your phone!",
    ),
    ("Adding Cards", "Add a new card by touching the plus from the card list."),
    (
        "Adding Cards",
        "To add the barcode, either capture with the camera or type in manually.",
    ),
    ("Show Card", "To display a card, click on the store name from the main screen"),
    (
        "Backup",
        "The cards can be backed-up. To export or import card data touch Import/Export in the "
        "menu on the main page.",
    ),
    (
        "Feedback",
        "This app is free, ad-free, and open source. See details by touching About in the menu "
        "on the main page.\n\nPlease leave feedback in the app store! (:",
    ),
)
ENTER_INSTRUCTIONS = (
    "Enter the barcode value then select the image which represents the barcode you want to use"
)
BARCODE_DESC = "Image of card's barcode"
# BarcodeSelectorActivity.barcodeViewMap: format -> ImageView id, in layout order.
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
)
NO_STORE = "No Store entered"
NO_CARD_ID = "No Card ID entered"
RESULT_KEY = "selector_result"


def _rid(short: str) -> str:
    return f"{PACKAGE}:id/{short}"


def _selection_dropped(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #272: Save on the add screen answered "No Card ID entered" although the
    barcode selector had returned a non-empty card ID and format to that screen."""
    last = data.get("last_save_error") or {}
    returned = last.get("returned") or {}
    return bool(
        last.get("error") == NO_CARD_ID and returned.get("contents") and returned.get("format")
    )


_SKIP = click(PACKAGE, _rid("skip"), desc="SKIP")
_ADD = click(PACKAGE, _rid("action_add"), desc="Add")
_STORE = input_text(PACKAGE, _rid("storeNameEdit"), "Bakery")
_ENTER = click(PACKAGE, _rid("enterButton"), "Enter Card")
_TYPE_ID = input_text(PACKAGE, _rid("cardId"), "123456789")
_HIDE_KEYBOARD = {"kind": "press_back"}
_PICK = click(PACKAGE, _rid("aztecBarcode"))
_SAVE = click(PACKAGE, _rid("action_save"), desc="Save")
_UP = click(PACKAGE, desc="Navigate up")

BUG_272 = BugSpec(
    bug_id="loyalty-card-locker#272",
    kind="non-crash",
    title="Manually adding card doesn't work",
    oracle=_selection_dropped,
    human_steps=(_SKIP, _ADD, _STORE, _ENTER, _TYPE_ID, _HIDE_KEYBOARD, _PICK, _SAVE),
)

WRONG_SEQUENCES = {
    "loyalty-card-locker#272": [
        # no store: the store check answers first
        [_SKIP, _ADD, _ENTER, _TYPE_ID, _HIDE_KEYBOARD, _PICK, _SAVE],
        # no barcode chosen: Navigate up from the selector returns nothing
        [_SKIP, _ADD, _STORE, _ENTER, _TYPE_ID, _HIDE_KEYBOARD, _UP, _SAVE],
        # chosen but never saved
        [_SKIP, _ADD, _STORE, _ENTER, _TYPE_ID, _HIDE_KEYBOARD, _PICK],
        # an image tapped before any ID was typed has no listener yet
        [_SKIP, _ADD, _STORE, _HIDE_KEYBOARD, _ENTER, _PICK, _UP, _SAVE],
    ],
}


class LoyaltyCardLocker(VirtualApp):
    """Loyalty Card Keychain 0.25."""

    name: ClassVar[str] = "loyalty-card-locker"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "0.25"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_272,)

    def initial_data(self) -> dict[str, Any]:
        return {"firstrun": True, "cards": [], "next_id": 1, "last_save_error": None}

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN and ctx.data.get("firstrun", True):
            ctx.data["firstrun"] = False
            ctx.start_activity(INTRO)
        elif ctx.activity == EDIT:
            ctx.ui.setdefault("store", "")
            ctx.ui.setdefault("note", "")
            ctx.ui.setdefault("card_id", "")
            ctx.ui.setdefault("barcode_type", "")
        elif ctx.activity == SELECT:
            initial = (ctx.extras or {}).get("initialCardId")
            ctx.ui.setdefault("card_id", initial or "")
            ctx.ui.setdefault("typed", bool(initial))

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("menu") or ctx.ui.get("about"):
            ctx.ui["menu"] = False
            ctx.ui["about"] = False
            return True
        if ctx.activity == INTRO and ctx.ui.get("slide", 0) > 0:
            ctx.ui["slide"] -= 1
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == INTRO:
            ctx.ui.setdefault("slide", 0)
            return w.pager_swipe(ctx.ui, "slide", len(INTRO_SLIDES), direction)
        return False

    # -- handlers ------------------------------------------------------------------------------
    def _intro_next(self, ctx: AppContext) -> None:
        ctx.ui["slide"] = min(ctx.ui.get("slide", 0) + 1, len(INTRO_SLIDES) - 1)

    def _menu(self, ctx: AppContext, open_: bool) -> None:
        ctx.ui["menu"] = open_

    def _menu_pick(self, ctx: AppContext, what: str) -> None:
        ctx.ui["menu"] = False
        if what == "settings":
            ctx.start_activity(SETTINGS)
        elif what == "intro":
            ctx.start_activity(INTRO)
        else:
            ctx.ui["about"] = True

    def _set(self, ctx: AppContext, key: str, text: str) -> None:
        ctx.ui[key] = text
        ctx.ui["snackbar"] = ""

    def _enter(self, ctx: AppContext) -> None:
        extras = {"initialCardId": ctx.ui["card_id"]} if ctx.ui.get("card_id") else {}
        # startActivityForResult(i, SELECT_BARCODE_REQUEST); RESULT_OK's extras come back in memory.
        ctx.memory.pop(RESULT_KEY, None)
        ctx.start_activity(SELECT, extras)

    def _save(self, ctx: AppContext) -> None:
        # The selector's result reached onActivityResult (kept in memory by the model); 0.25 reads
        # only IntentIntegrator.parseActivityResult there, so it never fills the Card ID (the bug).
        returned = ctx.memory.get(RESULT_KEY)
        store = ctx.ui.get("store", "")
        card_id = ctx.ui.get("card_id", "")
        barcode_type = ctx.ui.get("barcode_type", "")
        if not store:
            ctx.ui["snackbar"] = NO_STORE
            ctx.data["last_save_error"] = {"error": NO_STORE, "returned": returned}
            return
        if not card_id or not barcode_type:
            ctx.ui["snackbar"] = NO_CARD_ID
            ctx.data["last_save_error"] = {"error": NO_CARD_ID, "returned": returned}
            return
        ctx.data["cards"].append(
            {
                "id": ctx.data["next_id"],
                "store": store,
                "note": ctx.ui.get("note", ""),
                "cardId": card_id,
                "barcodeType": barcode_type,
            }
        )
        ctx.data["next_id"] += 1
        ctx.data["last_save_error"] = None
        ctx.finish()

    def _type_card_id(self, ctx: AppContext, text: str) -> None:
        ctx.ui["card_id"] = text
        ctx.ui["typed"] = True  # onTextChanged sets each image's click listener

    def _pick(self, ctx: AppContext, fmt: str) -> None:
        ctx.memory[RESULT_KEY] = {
            "contents": ctx.ui.get("card_id", ""),
            "format": fmt,
        }
        ctx.finish()

    # -- screens -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == INTRO:
            return Screen(
                content=w.app_intro(
                    [(t, d) for t, d in INTRO_SLIDES],
                    ctx.ui.get("slide", 0),
                    self._intro_next,
                    w.finish,
                )
            )
        if ctx.activity == EDIT:
            return self._render_edit(ctx)
        if ctx.activity == SELECT:
            return self._render_select(ctx)
        if ctx.activity == CAPTURE:
            return Screen(
                content=w.frame_layout(
                    [w.text_view("Scan Card's Barcode", "zxing_status_view")],
                    rid="zxing_barcode_scanner",
                )
            )
        if ctx.activity in (SETTINGS, IMPORT_EXPORT):
            title = "Settings" if ctx.activity == SETTINGS else "Import/Export"
            return Screen(content=w.child_page(title), title=title)
        return self._render_main(ctx)

    def _render_main(self, ctx: AppContext) -> Screen:
        actions = [
            w.action_item("action_add", "Add", lambda c: c.start_activity(EDIT)),
            w.action_item(
                "action_import_export", "Import/Export", lambda c: c.start_activity(IMPORT_EXPORT)
            ),
            w.overflow_button(w.bind(self._menu, True)),
        ]
        cards = sorted(ctx.data["cards"], key=lambda c: str(c["store"]).lower())
        body: View
        if cards:
            body = w.list_view(
                [
                    w.list_row(
                        c["store"],
                        c["note"],
                        title_rid="store",
                        subtitle_rid="note",
                        leading=w.image_view("thumbnail"),
                    )
                    for c in cards
                ],
                rid="list",
            )
        else:
            body = w.text_view(NO_CARDS, "helpText")
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Settings", w.bind(self._menu_pick, "settings")),
                        ("Start Intro", w.bind(self._menu_pick, "intro")),
                        ("About", w.bind(self._menu_pick, "about")),
                    ],
                    w.bind(self._menu, False),
                )
            )
        if ctx.ui.get("about"):
            close = w.bind(lambda c: c.ui.update(about=False))
            windows.append(
                w.alert_dialog(
                    w.dialog_title(f"About {APP_NAME}"),
                    [w.dialog_message(f"{APP_NAME}\nVersion: 0.25\nLicense: GPLv3+")],
                    w.dialog_buttons(("OK", close)),
                    close,
                )
            )
        return Screen(
            content=w.linear_layout(
                [
                    w.toolbar(APP_NAME, actions=actions),
                    w.relative_layout([body]),
                ]
            ),
            title=APP_NAME,
            windows=windows,
        )

    def _color_row(
        self, label_rid: str, label: str, sample_rid: str, desc: str, button: str
    ) -> View:
        return w.linear_layout(
            [
                w.text_view(label, label_rid),
                w.image_view(sample_rid, desc),
                w.button(button, "Change", lambda c: None),
            ],
            horizontal=True,
            height=147,
        )

    def _render_edit(self, ctx: AppContext) -> Screen:
        rows: list[View] = [
            w.linear_layout(
                [
                    w.text_view("Store", "storeNameField"),
                    w.edit_text(
                        "storeNameEdit", ctx.ui["store"], lambda c, t: self._set(c, "store", t)
                    ),
                ],
                horizontal=True,
                height=147,
            ),
            w.linear_layout(
                [
                    w.text_view("Note", "noteField"),
                    w.edit_text("noteEdit", ctx.ui["note"], lambda c, t: self._set(c, "note", t)),
                ],
                horizontal=True,
                height=147,
            ),
            self._color_row(
                "headingField",
                "Heading Color",
                "headingColorSample",
                "Color for store text background",
                "headingColorSelectButton",
            ),
            self._color_row(
                "storeTextField",
                "Store Text Color",
                "headingStoreTextColorSample",
                "Color for store text",
                "headingStoreTextColorSelectButton",
            ),
        ]
        has_id = bool(ctx.ui["card_id"])
        if has_id:
            rows.append(
                w.linear_layout(
                    [
                        w.text_view("Card ID", "cardIdField"),
                        w.text_view(ctx.ui["card_id"], "cardIdView"),
                    ],
                    rid="cardIdTableRow",
                    horizontal=True,
                    height=147,
                )
            )
            if ctx.ui["barcode_type"]:
                rows.append(
                    w.linear_layout([w.image_view("barcode", BARCODE_DESC)], rid="barcodeLayout")
                )
        rows.append(
            w.linear_layout(
                [
                    w.button(
                        "captureButton",
                        "Capture Card",
                        lambda c: c.start_activity(CAPTURE),
                    ),
                    w.button("enterButton", "Edit Card" if has_id else "Enter Card", self._enter),
                ],
                rid="barcodeCaptureLayout",
                horizontal=True,
                height=168,
            )
        )
        content: list[View] = [
            w.toolbar(
                "Add Loyalty Card",
                navigation=w.up_button(),
                actions=[w.action_item("action_save", "Save", self._save)],
            ),
            w.scroll_view([w.linear_layout(rows)]),
        ]
        if ctx.ui.get("snackbar"):
            content.append(w.frame_layout([w.text_view(ctx.ui["snackbar"], "snackbar_text")]))
        return Screen(content=w.linear_layout(content), title="Add Loyalty Card")

    def _render_select(self, ctx: AppContext) -> Screen:
        typed = ctx.ui.get("typed", False)
        images = [
            w.linear_layout(
                [
                    w.image_view(
                        rid,
                        BARCODE_DESC,
                        w.bind(self._pick, fmt) if typed else None,
                        width=1080,
                        height=525,
                    )
                ],
                horizontal=True,
                height=578,
            )
            for fmt, rid in FORMATS
        ]
        body = w.linear_layout(
            [
                w.text_view(ENTER_INSTRUCTIONS, height=260),
                w.linear_layout(
                    [
                        w.text_view("Card ID"),
                        w.edit_text("cardId", ctx.ui.get("card_id", ""), self._type_card_id),
                    ],
                    rid="barcodeIdLayout",
                    horizontal=True,
                    height=170,
                ),
                w.linear_layout([], rid="barcodesLayout"),
                *images,
            ]
        )
        return Screen(
            content=w.child_page("Select Barcode", [w.scroll_view([body], rid="scrollView")]),
            title="Select Barcode",
        )
