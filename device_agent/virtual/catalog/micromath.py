"""microMathematics Plus (``com.mkulesh.micromath.plus``) 2.15.4, for microMathematics#39.

The app is a calculator around an interactive document (a "worksheet" of text fragments,
equations, results and plots). Modelled from its sources at tag ``v2.15.4``
(``res/layout/activity_main.xml``, ``activity_fragment.xml``, ``dialog_base.xml``,
``dialog_document_settings.xml``, ``horizontal_number_picker.xml``,
``res/menu/activity_main_actions.xml``, ``res/values/strings.xml``, ``formula_elements.xml``,
``assets/doc_en/welcome.xml``, ``MainActivity.java``, ``DialogDocumentSettings.java``,
``widgets/HorizontalNumberPicker.java``) and the fix commits ``ea9be06``/``2e8a559``/``fd0a62d``:

- a fresh install opens the welcome worksheet ("Worksheet"): the action bar has the drawer
  toggle, ``Undo`` (``showAsAction="always"``, disabled until there is something to undo) and
  ``New element`` (``ifRoom``); a 411 dp wide phone fits two action buttons beside the overflow,
  so ``Delete selected``, ``Document settings``, ``New document``, ``Save as``, ``Export``,
  ``Open source licenses``, ``App settings`` and ``Exit`` are in the overflow menu (``Open file``
  and ``Save file`` are invisible in this version). Below it, the worksheet's text fragments and
  equations (the first ones of ``welcome.xml``: the terms are editable fields) and the palette of
  "new element" buttons at the bottom (``main_palette_view``);
- the drawer (``main_left_drawer``): Worksheet, How To Use and the example documents, About,
  Documentation, each with its subtitle; opening one only changes the title (the documents'
  content is not modelled);
- ``Document settings`` opens the app's own dialog (``dialog_base.xml``: title
  ``dialog_title_text``, OK ``dialog_button_ok`` and Cancel ``dialog_button_cancel``) with
  "Format text fragment", the "Line length" picker (enabled only while the box is checked), the
  "Significant digits in result" picker (2 to 15, starts at the document's 6) and "Allow to
  re-define equations". A ``HorizontalNumberPicker`` is a label, a ``Decrease value`` button, a
  digits-only ``EditText`` (``edit_text_value``, ``android:digits="0123456789"``) and an
  ``Increase value`` button.

The bug (microMathematics#39): ``HorizontalNumberPicker.onClick`` (the +/- buttons) and
``getValue`` (read when OK is pressed) call ``Integer.valueOf`` on the field's text, which throws
``NumberFormatException: Invalid int: "..."`` for a number beyond ``Integer.MAX_VALUE`` (and
``getValue`` for an empty field). The + path's frames are the report's; the OK path's are the
same code's, in ``DialogDocumentSettings.onClick``. The ground truth is a NumberFormatException of
the app. Nothing here needs the world: the worksheet is the bundled welcome document.
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, target
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.mkulesh.micromath.plus"
MAIN = ".MainActivity"
INT_MAX = 2**31 - 1
SIGNIFICANT_DIGITS_LIMIT = (2, 15)  # res/values/formula_elements.xml

# The drawer: activity_titles and activity_subtitles of strings.xml.
DRAWER = (
    ("Worksheet", "My Document"),
    ("How To Use", "App Description"),
    ("Example", "Function Plot"),
    ("Example", "Polar Function Plot"),
    ("Example", "3D Plot"),
    ("Example", "Series and Integrals"),
    ("About", "microMathematics Plus"),
    ("Documentation", "Download PDF"),
)
OVERFLOW = (
    "Delete selected",
    "Document settings",
    "New document",
    "Save as",
    "Export",
    "Open source licenses",
    "App settings",
    "Exit",
)
NEW_ELEMENTS = (
    ("equation", "Add equation"),
    ("result", "Add result view"),
    ("function_plot", "Add function plot"),
    ("contour_plot", "Add 3D plot"),
    ("text_fragment", "Add text fragment"),
    ("image_fragment", "Add image from file"),
)
# The first elements of assets/doc_en/welcome.xml: text fragments and equations (left, right).
WELCOME: tuple[tuple[str, ...], ...] = (
    (
        "text",
        'Thank you for choosing "micro Mathematics Plus", the world\'s first mathematical '
        "calculator on Android, oriented around an interactive document.",
    ),
    ("text", "The first x-value:"),
    ("equation", "x1", "-10"),
    ("text", "The last x-value:"),
    ("equation", "x2", "10"),
    (
        "text",
        "The sampling step along the x-axis and the variable of interval type that defines "
        "the function input would be:",
    ),
    ("equation", "dx", "0.1"),
    ("equation", "x", "[x1, x1 + dx .. x2]"),
)

# The report's trace below the picker (Android 6.0, API 23).
CLICK_FRAMES = (
    "android.view.View.performClick(View.java:5198)",
    "android.view.View$PerformClick.run(View.java:21147)",
    *callback_frames(23),
)
PARSE_FRAMES = (
    "java.lang.Integer.invalidInt(Integer.java:138)",
    "java.lang.Integer.parse(Integer.java:413)",
    "java.lang.Integer.parseInt(Integer.java:367)",
    "java.lang.Integer.parseInt(Integer.java:334)",
    "java.lang.Integer.valueOf(Integer.java:525)",
)


def java_int(text: str, *, via: str) -> int:
    """``Integer.valueOf(text)`` as Java does it: the value, or ``NumberFormatException: Invalid
    int: "text"`` (with frames through ``via``, the caller's frame) for an empty text or one
    beyond the 32-bit range."""
    digits = text[1:] if text[:1] in "+-" else text
    if digits.isdigit() and -(2**31) <= int(text) <= INT_MAX:
        return int(text)
    raise JavaException(
        "java.lang.NumberFormatException",
        f'Invalid int: "{text}"',
        frames=[*PARSE_FRAMES, via, *CLICK_FRAMES],
    )


# -- ground truth and human steps ----------------------------------------------------------
def _crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, "java.lang.NumberFormatException")


_target = partial(target, PACKAGE)


BUG_39 = BugSpec(
    bug_id="microMathematics#39",
    kind="crash",
    title="NumberFormatException",
    oracle=_crashed,
    human_steps=(
        click(PACKAGE, desc="More options", cls="android.widget.ImageView"),
        click(PACKAGE, "title", "Document settings"),
        {
            "kind": "input_text",
            # Both pickers' fields are ``edit_text_value``: the bounds say which (the second).
            "target": {
                **_target("edit_text_value", "6", cls="android.widget.EditText"),
                "bounds": [616, 928, 856, 1078],
            },
            "text": "123456789012",
        },
        {
            "kind": "click",
            "target": {
                **_target(
                    "button_increase", desc="Increase value", cls="android.widget.ImageButton"
                ),
                "bounds": [856, 928, 986, 1078],
            },
        },
    ),
)


class MicroMathematics2154(VirtualApp):
    """microMathematics Plus 2.15.4 (see the module docstring)."""

    name: ClassVar[str] = "microMathematics"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "μMath+"
    version: ClassVar[str] = "2.15.4"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_39,)

    def initial_data(self) -> dict[str, Any]:
        return {
            # <formulaList textWidth="39" significantDigits="6" redefineAllowed="false">
            "settings": {
                "reformat": False,
                "text_width": 39,
                "significant_digits": 6,
                "redefine_allowed": False,
            },
            "terms": {f"{i}": e[2] for i, e in enumerate(WELCOME) if e[0] == "equation"},
        }

    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("document", 0)
        ui.setdefault("drawer", False)
        ui.setdefault("menu", None)  # None | "overflow" | "new"
        ui.setdefault("dialog", None)  # the document settings dialog's fields while open

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        title, _subtitle = DRAWER[ui["document"]]
        bar = w.toolbar(
            title,
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
            actions=[
                w.action_item("action_undo", "Undo", None, enabled=False),
                w.action_item("action_new", "New element", lambda c: c.ui.update(menu="new")),
                w.overflow_button(lambda c: c.ui.update(menu="overflow")),
            ],
            rid="action_bar",
        )
        sheet = w.scroll_view(
            [
                w.linear_layout(
                    [self._element(ctx, i) for i in range(len(WELCOME))],
                    rid="main_list_view",
                    weight=0,
                )
            ],
            rid="main_scroll_view",
            scrollable=True,
        )
        palette = View(
            cls="android.widget.HorizontalScrollView",
            height=147,
            children=[
                w.linear_layout(
                    [
                        w.image_button("", desc, w.bind(self._new_element, desc), width=147)
                        for _key, desc in NEW_ELEMENTS
                    ],
                    rid="main_palette_view",
                    horizontal=True,
                )
            ],
        )
        content = w.frame_layout(
            [w.relative_layout([bar, sheet, palette])], rid="main_content_frame"
        )
        drawer = self._drawer(ctx) if ui["drawer"] else None
        root = w.drawer_layout(
            content, drawer, rid="main_drawer_layout", cls="android.support.v4.widget.DrawerLayout"
        )
        return Screen(content=root, windows=self._windows(ctx))

    def _element(self, ctx: AppContext, index: int) -> View:
        element = WELCOME[index]
        if element[0] == "text":
            return w.text_view(element[1], height=260)
        left = element[1]
        right = ctx.data["terms"].get(str(index), element[2])
        return w.linear_layout(
            [
                w.edit_text("", left, None, width=250),
                w.text_view(":=", width=90),
                w.edit_text("", right, lambda c, t: self._edit_term(c, str(index), t), width=500),
            ],
            horizontal=True,
            height=126,
        )

    def _drawer(self, ctx: AppContext) -> View:
        rows = [
            w.linear_layout(
                [
                    w.image_view("main_drawer_logo", width=147),
                    w.linear_layout(
                        [
                            w.text_view(title, "main_drawer_title"),
                            w.text_view(subtitle, "main_drawer_subtitle"),
                        ]
                    ),
                ],
                horizontal=True,
                height=168,
                on_click=w.bind(self._open_document, i),
            )
            for i, (title, subtitle) in enumerate(DRAWER)
        ]
        return View(
            cls="android.widget.ListView",
            resource_id="main_left_drawer",
            width=800,
            gravity="start",
            children=rows,
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        close = lambda c: c.ui.update(menu=None)  # noqa: E731 - a one-line handler
        if ui["menu"] == "overflow":
            return [
                w.menu_window(
                    [(title, w.bind(self._overflow_item, title)) for title in OVERFLOW],
                    close,
                    bounds=(420, 63, 1080, 63 + 126 * len(OVERFLOW)),
                )
            ]
        if ui["menu"] == "new":
            return [
                w.menu_window(
                    [
                        (desc, lambda c, d=desc: self._new_element(c, d))
                        for _k, desc in NEW_ELEMENTS
                    ],
                    close,
                )
            ]
        if ui["dialog"] is not None:
            return [self._settings_dialog(ctx)]
        return []

    def _picker(
        self, fields: dict[str, Any], rid: str, label: str, key: str, enabled: bool
    ) -> View:
        """A HorizontalNumberPicker (``horizontal_number_picker.xml``) bound to the dialog's
        ``key`` field."""
        return w.linear_layout(
            [
                w.text_view(label, "label_text", width=420, enabled=enabled),
                w.image_button(
                    "button_decrease",
                    "Decrease value",
                    w.bind(self._step, key, -1),
                    width=130,
                    enabled=enabled,
                ),
                w.edit_text(
                    "edit_text_value",
                    str(fields[key]),
                    (lambda c, t: self._type(c, key, t)) if enabled else None,
                    enabled=enabled,
                    width=240,
                    extra={"digits": "0123456789"},
                ),
                w.image_button(
                    "button_increase",
                    "Increase value",
                    w.bind(self._step, key, 1),
                    width=130,
                    enabled=enabled,
                ),
            ],
            rid=rid,
            horizontal=True,
            height=150,
            enabled=enabled,
        )

    def _settings_dialog(self, ctx: AppContext) -> Window:
        fields = ctx.ui["dialog"]
        reformat = bool(fields["reformat"])
        check = w.check_box(
            "dialog_checkbox_reformat",
            "Format text fragment",
            reformat,
            lambda c: c.ui["dialog"].update(reformat=not c.ui["dialog"]["reformat"]),
        )
        redefine = w.check_box(
            "dialog_checkbox_redefine_allowed",
            "Allow to re-define equations",
            bool(fields["redefine_allowed"]),
            lambda c: c.ui["dialog"].update(
                redefine_allowed=not c.ui["dialog"]["redefine_allowed"]
            ),
        )
        content = w.scroll_view(
            [
                w.linear_layout(
                    [
                        check,
                        self._picker(
                            fields,
                            "dialog_text_width_picker",
                            "Line length",
                            "text_width",
                            reformat,
                        ),
                        self._picker(
                            fields,
                            "dialog_text_significant_digits",
                            "Significant digits in result",
                            "significant_digits",
                            True,
                        ),
                        redefine,
                    ],
                    weight=0,
                )
            ],
            weight=0,
        )
        buttons = w.linear_layout(
            [
                w.button("dialog_button_ok", "OK", self._accept_settings),
                w.button("dialog_button_cancel", "Cancel", lambda c: c.ui.update(dialog=None)),
            ],
            rid="dialog_button_panel",
            horizontal=True,
            height=140,
        )
        root = w.linear_layout(
            [
                w.linear_layout(
                    [w.text_view("Document settings", "dialog_title_text", height=140)],
                    rid="dialog_title_layout",
                    height=140,
                ),
                w.linear_layout(
                    [
                        w.linear_layout([content], rid="dialog_content_panel", weight=0),
                        buttons,
                    ],
                    rid="dialog_root_layout",
                    weight=0,
                ),
            ],
            weight=0,
        )
        return Window(root=root, on_dismiss=lambda c: c.ui.update(dialog=None))

    # -- handlers ----------------------------------------------------------------------------
    def _open_document(self, ctx: AppContext, index: int) -> None:
        ctx.ui.update(document=index, drawer=False)

    def _edit_term(self, ctx: AppContext, index: str, text: str) -> None:
        ctx.data["terms"][index] = text

    def _new_element(self, ctx: AppContext, desc: str) -> None:
        ctx.ui["menu"] = None
        ctx.toast(f"{desc}: not modelled")

    def _overflow_item(self, ctx: AppContext, title: str) -> None:
        ctx.ui["menu"] = None
        if title == "Document settings":
            settings = ctx.data["settings"]
            ctx.ui["dialog"] = {
                "reformat": settings["reformat"],
                "redefine_allowed": settings["redefine_allowed"],
                "text_width": str(settings["text_width"]),
                "significant_digits": str(settings["significant_digits"]),
            }
        elif title == "Exit":
            ctx.finish()
        else:
            ctx.toast(f"{title}: not modelled")

    def _type(self, ctx: AppContext, key: str, text: str) -> None:
        # android:digits="0123456789": the field takes digits only.
        ctx.ui["dialog"][key] = "".join(ch for ch in text if ch.isdigit())

    def _limits(self, key: str) -> tuple[int, int]:
        return SIGNIFICANT_DIGITS_LIMIT if key == "significant_digits" else (1, INT_MAX)

    def _step(self, ctx: AppContext, key: str, inc: int) -> None:
        """``HorizontalNumberPicker.onClick`` of 2.15.4 (before the fix): parse, add, keep the
        value only when it is within the limits."""
        fields = ctx.ui["dialog"]
        text = fields[key]
        low, high = self._limits(key)
        if text:
            value = (
                java_int(
                    text,
                    via="com.mkulesh.micromath.widgets.HorizontalNumberPicker.onClick("
                    "HorizontalNumberPicker.java:111)",
                )
                + inc
            )
            if low <= value <= high:
                fields[key] = str(value)
        elif inc > 0:
            fields[key] = str(inc)

    def _value(self, ctx: AppContext, key: str) -> int:
        """``HorizontalNumberPicker.getValue``: parse and clamp to the limits."""
        low, high = self._limits(key)
        value = java_int(
            ctx.ui["dialog"][key],
            via="com.mkulesh.micromath.widgets.HorizontalNumberPicker.getValue("
            "HorizontalNumberPicker.java:131)",
        )
        return min(max(value, low), high)

    def _accept_settings(self, ctx: AppContext) -> None:
        fields = ctx.ui["dialog"]
        settings = ctx.data["settings"]
        settings["reformat"] = bool(fields["reformat"])
        settings["text_width"] = self._value(ctx, "text_width")
        settings["significant_digits"] = self._value(ctx, "significant_digits")
        settings["redefine_allowed"] = bool(fields["redefine_allowed"])
        ctx.ui["dialog"] = None
