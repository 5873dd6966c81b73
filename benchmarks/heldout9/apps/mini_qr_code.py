"""Mini QR Code (``com.pedroid.qrcodecompose.androidapp``) 0.5.0, for mini_qr_code#29 ("Fix bug
in generate QR Code": the save/share/copy buttons stay visible after switching to a format the
typed text does not fit).

Modelled from the sources at commit ``096632c`` (the parent of the fix, versionName 0.5.0):
``app/build.gradle.kts``, ``AndroidManifest.xml``, ``home/navigation/HomeDestinationItem.kt``
(the four bottom items, Scan the start destination), ``HomeNavigation.kt`` (popUpTo the start with
saveState/restoreState), ``home/presentation/QRCodeApp.kt``, ``HomeNavigationUI.kt``,
``features/generate/presentation/GenerateQRCodeScreen.kt``, ``GenerateQRCodeViewModel.kt``,
``GenerateMessageFactory.kt``, ``generate/navigation/GenerateQRCodeNavigation.kt``,
``customize/format/QRCodeFormatSelectionScreen.kt`` and its navigation,
``core/presentation/composables/QRCodeImageOrInfoContent.kt``,
``designsystem/components/TextFields.kt`` and ``Toolbar.kt``,
``features/scan/presentation/ScanQRCodeInfoScreen.kt`` and ``StartScanButtons.kt``,
``res/values/strings.xml``, and ``qrcodecomposelib``'s ``common/QRCodeComposeXFormat.kt``
(regexes, maximum lengths), ``generate/QRCodeComposeXGenerator.kt`` (the image's content
description is the code's text) and ``res/values/strings.xml`` (format titles, subtitles and error
messages). The fix is commit ``1784cbe`` (PR #29).

What is modelled: one Compose activity, no first-run screens; the bottom bar (Scan, Generate,
History, Settings); the Scan tab (title, header, the camera permission hint, "Scan with camera"
asking for the CAMERA permission, then a stub camera screen, "Scan from file" a stub); the
Generate tab (header, "Format: <format>" with "Customize", the image or "Image will appear here.",
the card of "Save to file"/"Share"/"Copy" icon buttons, the red error message, the "Input your
text" field); the "Select format" screen (Return arrow, description, the 13 formats with their
subtitles, the current one selected; a tap selects it and returns). The view model's rules are the
sources': typing past a format's maximum length is refused; text that fails the format's regex is
kept in the field with the format's error message while the code keeps its last valid text; valid
text becomes the code (the 400 ms debounce is instant here); changing the format checks the
*code's* text against the new format (``textValidForNewFormat``) and sets or clears the error.
History and Settings are stubs (their headers); the action buttons' results (file picker, share
sheet, clipboard) are not modelled: a tap is only recorded.

The bug (mini_qr_code#29, non-crash): ``rememberActionButtonsTransparency`` is
``remember(key1 = state.generating.qrCodeText) { derivedStateOf { if (!state.generating.empty)
1f else 0f } }``: the alpha depends only on whether the code's text is blank, and is recomputed
only when that text changes. Switching to a format the text does not fit (e.g. "hello" then
UPC-A) sets the error and shows "Image will appear here.", but the text is unchanged, so the three
buttons stay visible (alpha 1). The fix keys it on ``state.canGenerate``. The model draws the
buttons when their alpha is 1 and leaves them out at alpha 0 (Compose keeps them in the layout,
invisible); each time the screen's state gets into "buttons shown, no code can be generated" the
model records it in ``data["buttons_shown_without_code"]``, the oracle's evidence.

Uncertain: Compose nodes carry no resource ids (none are set with testTag); the dump classes
follow Compose's accessibility mapping. A 12-digit UPC-A/EAN text with a wrong checksum (zxing's
own refusal) is not modelled. The QR image is not drawn. Landscape (where the app switches
to its navigation rail and large-screen layout) is drawn with the portrait layout.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.pedroid.qrcodecompose.androidapp"
MAIN = f"{PACKAGE}.MainActivity"
CAMERA = "android.permission.CAMERA"
INT_MAX = 2**31 - 1

TABS = ("Scan", "Generate", "History", "Settings")

# QRCodeComposeXFormat: (name, title, subtitle, regex, max length, error message).
DEFAULT_ERROR = "Something's wrong. If the issue persists, contact the developer."
FORMATS: tuple[tuple[str, str, str, str, int, str], ...] = (
    ("QR_CODE", "QR Code", "2D square format used worldwide. Default.", r".*", INT_MAX,
     DEFAULT_ERROR),
    ("AZTEC", "Aztec", "2D format alternative to QR Code. Its center pattern resembles an Aztec "
     "pyramid - hence the name.", r".*", INT_MAX, DEFAULT_ERROR),
    ("DATA_MATRIX", "Data Matrix", "2D square format that can encode data in a very small "
     "surface area.", "^[\u0000-\u00ff]*$", INT_MAX,
     "Input error. Data Matrix supports ISO/IEC 8859–1 characters. It does not support "
     "non-latin alphabets, nor does it support emojis."),
    ("PDF_417", "PDF417", "2D linear barcode, used by United States Postal Service (USPS), "
     "among others.", r".*", INT_MAX, DEFAULT_ERROR),
    ("BARCODE_39", "Code 39", "1D barcode, not used worldwide, ancestor of the more popular "
     "Code 128.", r"^[\x00-\x7F]{1,80}$", 80,
     "Input error. Code 39 can have up to 80 characters (currently at %d), and only supports "
     "ASCII (letters, numbers, and some special characters)."),
    ("BARCODE_93", "Code 93", "More compact than Code 39. Used by Canada Post.",
     r"^[A-Z0-9\-.$/+% ]{1,80}$", 80,
     "Input error. Code 93 can have up to 80 characters (currently at %d), and only capital "
     "letters, numbers, and some special characters."),
    ("BARCODE_128", "Code 128", "1D barcode used worldwide in shipping and packaging "
     "(particularly, its GS1–128 subset).", r"^[\x00-\x7F]{1,80}$", 80,
     "Input error. Code 128 can have up to 80 characters (currently at %d), and only supports "
     "ASCII (letters, numbers, and some special characters)."),
    ("BARCODE_EUROPE_EAN_8", "EAN-8", "1D barcode used in small packages for which EAN-13 is "
     "too large.", r"^\d{7,8}$", 8,
     "Input error. EAN-8 can either have 7 digits (currently at %d), or 8 with the last one "
     "being a checksum."),
    ("BARCODE_EUROPE_EAN_13", "EAN-13", "Also referred as International Article Number. It's a "
     "12 or 13 digit barcode used for identifying products globally. Also used for encoding "
     "ISSN and ISBN.", r"^\d{12,13}$", 13,
     "Input error. EAN-13 can either have 12 digits (currently at %d), or 13 with the last one "
     "being a checksum."),
    ("BARCODE_ITF", "ITF", "AKA Interleave 2 to 5, and also ITF-14. Less used when compared "
     "with EAN or UPC.", r"^(\d\d){1,80}", 80,
     "Input error. ITF must have an even number of digits, up to 80 (currently at %d)."),
    ("BARCODE_US_UPC_A", "UPC-A", "AKA Universal Product Code. 1D barcode format used "
     "worldwide for tracking products in stores and supermarkets. 12 or 13 digits, including a "
     "0 prepended automatically by the app (to comply with standard)", r"^\d{11,12}$", 13,
     "Input error. UPC-A can either have 11 digits including the 0 prepended automatically by "
     "the app (currently at %d), or 12 with the last one being a checksum."),
    ("BARCODE_US_UPC_E", "UPC-E", "Alternative to UPC-A, designed for small items where 12 "
     "digits do not fit.", r"^[01]\d{6,7}$", 8,
     "Input error. UPC-E's first digit must be 0 or 1. It can either have 7 digits (currently "
     "at %d), or 8 with the last one being a checksum."),
    ("CODABAR", "Codabar", "1D barcode, used often in libraries, but not popular in current "
     "times.", r"^\d+$", INT_MAX, "Input error. CODABAR only have numbers."),
)  # fmt: skip
BY_NAME = {f[0]: f for f in FORMATS}


def _matches(fmt: str, text: str) -> bool:
    """Kotlin's ``Regex.matches``: the whole text matches the format's validation regex."""
    return re.fullmatch(BY_NAME[fmt][3], text, flags=re.DOTALL) is not None


def _error_message(fmt: str, text: str) -> str:
    """GenerateMessageFactory: the format's error string with the text's length."""
    message = BY_NAME[fmt][5]
    return message.replace("%d", str(len(text)))


def _buttons_shown_without_code(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of mini_qr_code#29: the Generate screen showed its save/share/copy buttons
    while no code could be generated (an input error with the info box instead of an image)."""
    return bool(data.get("buttons_shown_without_code"))


# The format list shows about four rows; UPC-A is the eleventh.
SCROLL_TO_UPC_A = ({"kind": "swipe", "direction": "up"},) * 4

BUG_29 = BugSpec(
    "mini_qr_code#29",
    "non-crash",
    "Action buttons still visible when switching to invalid format",
    _buttons_shown_without_code,
    human_steps=(
        click(PACKAGE, text="Generate"),
        input_text(PACKAGE, "", "hello", hint="Input your text"),
        click(PACKAGE, text="Customize", cls="android.widget.Button"),
        *SCROLL_TO_UPC_A,
        click(PACKAGE, text="UPC-A"),
    ),
)

_TO_GENERATE = (click(PACKAGE, text="Generate"),)

WRONG_SEQUENCES = {
    "mini_qr_code#29": [
        # The format switched before typing: no code yet, the buttons stay hidden.
        [
            *_TO_GENERATE,
            click(PACKAGE, text="Customize", cls="android.widget.Button"),
            *SCROLL_TO_UPC_A,
            click(PACKAGE, text="UPC-A"),
            input_text(PACKAGE, "", "hello", hint="Input your text"),
        ],
        # A format any text fits (Aztec).
        [
            *_TO_GENERATE,
            input_text(PACKAGE, "", "hello", hint="Input your text"),
            click(PACKAGE, text="Customize", cls="android.widget.Button"),
            click(PACKAGE, text="Aztec"),
        ],
        # Text that fits UPC-A (11 digits).
        [
            *_TO_GENERATE,
            input_text(PACKAGE, "", "12345678901", hint="Input your text"),
            click(PACKAGE, text="Customize", cls="android.widget.Button"),
            *SCROLL_TO_UPC_A,
            click(PACKAGE, text="UPC-A"),
        ],
        # The format screen left with Return.
        [
            *_TO_GENERATE,
            input_text(PACKAGE, "", "hello", hint="Input your text"),
            click(PACKAGE, text="Customize", cls="android.widget.Button"),
            click(PACKAGE, desc="Return"),
        ],
    ]
}


def _compose_text(text: str, **kw: Any) -> View:
    return w.text_view(text, **kw)


def _pop_stack(ctx: AppContext) -> None:
    w.pop_back_stack(ctx.ui["stack"])


class MiniQRCode(VirtualApp):
    """Mini QR Code 0.5.0: scanning and generating QR codes and barcodes (Compose)."""

    name: ClassVar[str] = "mini_qr_code"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Mini QR Code"
    version: ClassVar[str] = "0.5.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_29,)

    def initial_data(self) -> dict[str, Any]:
        return {"history": [], "buttons_shown_without_code": [], "actions": []}

    def on_create(self, ctx: AppContext) -> None:
        # The nav back stack and the view model's SavedStateHandle (kept across rotation).
        ctx.ui.setdefault("stack", ["Scan"])  # Scan, Generate, History, Settings, Format, ...
        ctx.ui.setdefault(
            "gen",
            {"input": "", "error": "", "code": "", "format": "QR_CODE"},
        )

    # -- the view model ---------------------------------------------------------------------
    def _buttons_alpha(self, gen: dict[str, Any]) -> float:
        """rememberActionButtonsTransparency, 0.5.0: only whether the code's text is blank."""
        return 1.0 if gen["code"].strip() else 0.0

    @staticmethod
    def _can_generate(gen: dict[str, Any]) -> bool:
        return not gen["error"].strip() and bool(gen["code"].strip())

    def _check(self, ctx: AppContext) -> None:
        gen = ctx.ui["gen"]
        if self._buttons_alpha(gen) > 0 and not self._can_generate(gen):
            ctx.data["buttons_shown_without_code"].append(
                {"format": gen["format"], "input": gen["input"], "code": gen["code"]}
            )

    def _update_text(self, ctx: AppContext, text: str) -> None:
        gen = ctx.ui["gen"]
        fmt = gen["format"]
        adding = len(text) > len(gen["input"])
        if adding and len(text) > BY_NAME[fmt][4]:
            return  # exceeds the format's length: state not updated
        if text and not _matches(fmt, text):
            gen["input"] = text
            gen["error"] = _error_message(fmt, text)
        else:
            gen["input"] = text
            gen["code"] = text  # after the debounce
            gen["error"] = ""
        self._check(ctx)

    def _customize(self, ctx: AppContext, fmt: str) -> None:
        gen = ctx.ui["gen"]
        if fmt != gen["format"]:
            current = gen["code"]
            valid = not current or (len(current) < BY_NAME[fmt][4] and _matches(fmt, current))
            gen["error"] = "" if valid else _error_message(fmt, current)
            gen["format"] = fmt
        self._check(ctx)

    # -- navigation -------------------------------------------------------------------------
    def _tab(self, ctx: AppContext, tab: str) -> None:
        stack = ctx.ui["stack"]
        current = stack[-1]
        if current == tab or (tab == "Generate" and current == "Format"):
            return
        ctx.ui["stack"] = ["Scan"] if tab == "Scan" else ["Scan", tab]

    def _select_format(self, ctx: AppContext, fmt: str) -> None:
        ctx.ui["stack"].pop()
        self._customize(ctx, fmt)

    def on_back(self, ctx: AppContext) -> bool:
        return w.pop_back_stack(ctx.ui["stack"])

    def _scan_camera(self, ctx: AppContext) -> None:
        if CAMERA in ctx.permissions:
            ctx.ui["stack"].append("Camera")
        else:
            ctx.request_permission(CAMERA)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission != CAMERA:
            return
        if granted:
            ctx.ui["stack"].append("Camera")
        else:
            ctx.ui["camera_denied"] = True

    # -- screens ----------------------------------------------------------------------------
    def _scan(self, ctx: AppContext) -> list[View]:
        if ctx.ui.get("camera_denied"):
            hint = (
                "You've denied camera permission. This app needs the camera permission to scan "
                "QR Codes. Alternatively, you may use 'Scan from file'."
            )
        else:
            hint = "You'll be prompted to grant access to your camera."
        return [
            View(),
            _compose_text("Mini QR Code", height=200),
            _compose_text("Press the 'Scan with camera' button to scan QR Codes", height=200),
            _compose_text(hint, height=200),
            w.button(text="Scan with camera", handler=self._scan_camera, weight=0),
            w.button(
                text="Scan from file",
                handler=lambda c: c.ui["stack"].append("File"),
                weight=0,
            ),
            View(),
        ]

    def _generate(self, ctx: AppContext) -> list[View]:
        gen = ctx.ui["gen"]
        title = BY_NAME[gen["format"]][1]
        customize = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=140,
            on_click=self._open_format,
            children=[
                _compose_text(f"Format: {title}"),
                w.button(text="Customize", handler=self._open_format, width=360),
            ],
        )
        if self._can_generate(gen):
            picture = w.image_view(desc=gen["code"], height=648)
        else:
            picture = View(
                cls="android.view.View",
                height=648,
                children=[_compose_text("Image will appear here.", height=648)],
            )
        card_children = []
        if self._buttons_alpha(gen) > 0:
            card_children = [
                w.button(
                    handler=w.bind(self._action, desc),
                    content_desc=desc,
                    height=180,
                    style="icon",
                )
                for desc in ("Save to file", "Share", "Copy")
            ]
        card = View(cls="android.view.View", width=200, height=648, children=card_children)
        image_row = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=648,
            children=[View(width=216), View(cls="android.view.View", children=[picture]), card],
        )
        column = [
            _compose_text(
                "Input the text in the box below, and the QR Code will automatically be created.",
                height=160,
            ),
            customize,
            image_row,
        ]
        if gen["error"].strip():
            column.append(_compose_text(gen["error"], height=160))
        column.append(
            w.edit_text(
                "",
                gen["input"],
                self._update_text,
                hint="Input your text",
                height=315,
                extra={"multiline": True},
            )
        )
        return column

    def _action(self, ctx: AppContext, action: str) -> None:
        ctx.data["actions"].append({"action": action, "code": ctx.ui["gen"]["code"]})

    def _open_format(self, ctx: AppContext) -> None:
        ctx.ui["stack"].append("Format")

    def _format_screen(self, ctx: AppContext) -> list[View]:
        current = ctx.ui["gen"]["format"]
        rows = [
            View(
                cls="android.view.View",
                height=300,
                selected=name == current,
                on_click=w.bind(self._select_format, name),
                children=[_compose_text(title, height=100), _compose_text(subtitle, height=200)],
            )
            for name, title, subtitle, *_ in FORMATS
        ]
        return [
            w.toolbar(
                "Select format",
                navigation=View(
                    cls="android.widget.Button",
                    content_desc="Return",
                    on_click=_pop_stack,
                    width=147,
                ),
                rid="",
                cls="android.view.View",
            ),
            _compose_text(
                "Tap your desired format from the list below.\nSome formats follow strict rules"
                " - for example only alphanumeric characters or a specific length.",
                height=250,
            ),
            View(cls="android.view.View", scrollable=True, scroll_key="formats", children=rows),
        ]

    def _stub(self, title: str, lines: tuple[str, ...] = ()) -> list[View]:
        return [
            w.toolbar(
                title,
                navigation=View(
                    cls="android.widget.Button",
                    content_desc="Return",
                    on_click=_pop_stack,
                    width=147,
                ),
                rid="",
                cls="android.view.View",
            ),
            *[_compose_text(line, height=200) for line in lines],
            View(),
        ]

    def _bottom_bar(self, ctx: AppContext) -> View:
        top = ctx.ui["stack"][-1]
        current = "Generate" if top == "Format" else top
        current = "Scan" if current in ("Camera", "File") else current
        items = []
        for tab in TABS:
            icon = View(cls="android.view.View", height=100)
            item = View(cls="android.view.View", children=[icon, _compose_text(tab)])
            item.selected, item.on_click = tab == current, w.bind(self._tab, tab)
            items.append(item)
        return View(cls="android.view.View", layout=HORIZONTAL, height=210, children=items)

    def render(self, ctx: AppContext) -> Screen:
        top = ctx.ui["stack"][-1]
        windows: list[Window] = []
        if top == "Scan":
            body = self._scan(ctx)
        elif top == "Generate":
            body = self._generate(ctx)
        elif top == "Format":
            body = self._format_screen(ctx)
        elif top == "History":
            body = [
                _compose_text("Your History", height=160),
                w.button(text="About your history", weight=0),
                _compose_text("You history of scanned and generated codes is empty.", height=200),
                View(),
            ]
        elif top == "Settings":
            body = [_compose_text("App Settings", height=160), View()]
        elif top == "Camera":
            body = self._stub(
                "Scan with back camera",
                (
                    "Point your camera so that the QR Code fits the frame in the center of your "
                    "phone's screen.",
                ),
            )
        else:
            body = self._stub(
                "Scan from an image file",
                ("Opening photo picker and scanning image for QR Code…",),
            )
        compose = View(
            cls="androidx.compose.ui.platform.ComposeView",
            children=[
                View(cls="android.view.View", children=body),
                self._bottom_bar(ctx),
            ],
        )
        return Screen(content=compose, windows=windows)
