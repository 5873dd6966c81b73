"""Goodtime Productivity 3.0.15, F-Droid build (``com.apps.adrcotfas.goodtime``), a pomodoro
timer, with bug goodtime#436 (non-crash).

Sources read: github.com/adrcotfas/goodtime at tag 3.0.15, commit
b71444957b168961d3be488ad71eef18e9bc18fc (20 Nov 2025): ``MainActivity.kt`` (the NavHost),
``onboarding/OnboardingScreen.kt``, ``onboarding/OnboardingPage.kt``,
``onboarding/tutorial/TutorialScreen.kt``, ``main/MainScreen.kt``, ``main/BottomAppBar.kt``,
``main/MainNavigationSheet.kt``, ``main/SelectActiveLabelDialog.kt``,
``ui/common/SelectLabelDialog.kt``, ``ui/common/TopBar.kt``, ``ui/common/ColorSelectRow.kt``,
``labels/main/LabelsScreen.kt``, ``labels/addedit/AddEditLabelScreen.kt``,
``labels/AddEditLabelViewModel.kt``, ``settings/timerdurations/TimerProfileScreen.kt``,
``billing/FdroidBilling.kt`` (the F-Droid build is Pro) and the English
``composeResources/values/strings_*.xml``. No fix commit exists at that tag.

The app is Jetpack Compose (one ``.MainActivity``): no resource ids; Text is a TextView,
IconButtons and FABs are Buttons labelled by their content description, the label name field a
BasicTextField (an EditText) with the placeholder Text "Add label name" beside it while empty.

First run: the onboarding pager ("Stay Focused", "Refresh Your Mind", "Get started"; a round
button described "Finish" goes on, a close icon without description skips), then the main
screen with the tutorial overlay ("Use gestures to control the timer", four pages, "Finish" /
close). The main screen: the timer "25:00" (tap starts/pauses: the model keeps the flag only),
the bottom bar: "Open app menu" (the navigation sheet: Labels, Statistics, Backup and restore,
Settings, About and feedback, Support development), "Labels" (the "Select active label" dialog:
"No items", "Timer profile", "Edit labels", Cancel, OK) and today's session count "0".
Labels screen: "Navigate back", title "Labels", "No items", the FAB "Add label". The add/edit
screen: "Navigate back", the name field, a row of 25 colours, the row "Follow default time
profile" with the icon button "default" (opens the "Timer profile" screen) and a Switch, and
"Save" (enabled for a valid name).

The bug (goodtime#436): ``AddEditLabelScreen`` calls ``viewModel.init(labelName, ...)`` from
``LaunchedEffect(labelName)``. Navigating to the "Timer profile" screen takes the add/edit screen
out of composition; coming back composes it again, the effect runs again and ``init`` collects
the labels anew and sets ``tmpLabel`` to the stored label (editing) or to a fresh label (adding):
the name typed (and the colour chosen) are lost. The view model is kept across the navigation,
so nothing else resets it. A rotation re-creates the activity and recomposes the screen the
same way. Home and back (``leave_and_return``) keeps the composition: no reset. The model
mirrors the add/edit screen into ``data["addedit"]`` (open, the name last typed, the name shown);
the oracle: the add/edit screen is on screen and shows another name than the one the user typed.

Stubbed: Statistics, Backup and restore, Settings, About and feedback, Support development and
the archived labels are title-and-back stubs; the timer does not count (no clock an app can
read); the "Timer profile" screen shows its title and back arrow only; label rows'
menus (Edit, Duplicate, Archive, Delete) are left out, the row itself opens the editor.
Uncertain: Compose's exact dump classes (Buttons for IconButtons/FABs, View for clickable
rows), the colour circles (unlabelled Views) and the order of nodes. No network content.
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.apps.adrcotfas.goodtime"
MAIN = ".MainActivity"
EDIT_TEXT = "android.widget.EditText"
BUTTON = "android.widget.Button"

ONBOARDING = (
    (
        "Stay Focused",
        "Boost productivity with timed work sessions.",
        "Choose between a structured countdown or a flexible count-up timer.",
    ),
    (
        "Refresh Your Mind",
        "Take well-earned breaks to recharge and stay sharp.",
        "For count-up timers, accumulate break time as you work.",
    ),
    (
        "Get started",
        "Track your progress with detailed statistics.",
        "Beat procrastination and enhance your focus.",
    ),
)
TUTORIAL = (
    "👆 Tap the timer to start and pause.",
    "👉 Swipe left or right to skip the current session.",
    "☝️ Swipe up to add one more minute.",
    "👇 Swipe down to stop.",
)
SHEET_ITEMS = (
    ("Labels", "labels"),
    ("Statistics", "stub:Statistics"),
    ("Backup and restore", "stub:Backup and restore"),
    ("Settings", "stub:Settings"),
    ("About and feedback", "stub:About and feedback"),
    ("Support development", "stub:Support development"),
)
COLORS = 25  # lightPalette: 24 colours and a grey
DEFAULT_NAME = "default"  # labels_default_label_name
NAME_MAX_LENGTH = 32


def _name_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of goodtime#436: the add/edit label screen is showing and its name field no
    longer holds the name the user typed."""
    screen = data.get("addedit") or {}
    typed = str(screen.get("typed", ""))
    return (
        system.get("foreground") == "app"
        and system.get("activity") == MAIN
        and bool(screen.get("open"))
        and typed.strip() != ""
        and screen.get("shown") != typed
    )


_click = partial(click, PACKAGE)

FINISH = _click(desc="Finish", cls=BUTTON)
LABELS_BUTTON = _click(desc="Labels", cls=BUTTON)
EDIT_LABELS = _click(text="Edit labels", cls=BUTTON)
ADD_LABEL = _click(desc="Add label", cls=BUTTON)
TYPE_NAME = input_text(PACKAGE, "", "Work", cls=EDIT_TEXT, bounds=[147, 63, 1080, 210])
DEFAULT_ICON = _click(desc="default", cls=BUTTON)
BACK_ARROW = _click(desc="Navigate back", cls=BUTTON)
SWITCH = _click(cls="android.widget.Switch", bounds=[900, 357, 1080, 525])
SAVE = _click(text="Save", cls=BUTTON)

_FIRST_RUN = [FINISH, FINISH, FINISH, FINISH, FINISH, FINISH, FINISH]
_TO_EDITOR = [*_FIRST_RUN, LABELS_BUTTON, EDIT_LABELS, ADD_LABEL]

BUG_436 = BugSpec(
    bug_id="goodtime#436",
    kind="non-crash",
    title=(
        "After clicking `Follow default time profile`, the value of the `Add label name` field "
        "is reset"
    ),
    oracle=_name_lost,
    human_steps=(*_TO_EDITOR, TYPE_NAME, DEFAULT_ICON, {"kind": "press_back"}),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "goodtime#436": [
        # The switch of the same row: no navigation, the name stays.
        [*_TO_EDITOR, TYPE_NAME, SWITCH],
        # The profile screen first, then the name: nothing typed is lost.
        [*_TO_EDITOR, DEFAULT_ICON, {"kind": "press_back"}, TYPE_NAME],
        # Saved before leaving: the label is stored, the editor closed.
        [*_TO_EDITOR, TYPE_NAME, SAVE],
        # Home and back: the screen stays composed.
        [*_TO_EDITOR, TYPE_NAME, {"kind": "leave_and_return"}],
        # Back out of the editor instead of into the profile screen.
        [*_TO_EDITOR, TYPE_NAME, BACK_ARROW],
    ],
}


def _text(text: str, **kw: Any) -> View:
    return w.text_view(text, **kw)


def _icon_button(desc: str, handler: Any, **kw: Any) -> View:
    """A Compose IconButton/FAB: a Button labelled by its icon's content description."""
    kw.setdefault("width", 147)
    kw.setdefault("height", 147)
    return View(cls=BUTTON, content_desc=desc, on_click=handler, **kw)


def _text_button(text: str, handler: Any, **kw: Any) -> View:
    """A Compose TextButton: a Button whose merged text is its label."""
    return View(cls=BUTTON, text=text, on_click=handler, height=126, **kw)


def _top_bar(title: View | str, back: Any) -> View:
    """``TopBar``: CenterAlignedTopAppBar with "Navigate back" and the title."""
    head = _text(title, height=147) if isinstance(title, str) else title
    return View(
        cls="android.view.View",
        layout=HORIZONTAL,
        height=147,
        style="toolbar",
        children=[_icon_button("Navigate back", back), head],
    )


class Goodtime(VirtualApp):
    """Goodtime Productivity 3.0.15, F-Droid build (see the module docstring)."""

    name: ClassVar[str] = "goodtime"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Goodtime"
    version: ClassVar[str] = "3.0.15"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_436,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "show_onboarding": True,
            "show_tutorial": True,
            "labels": [],
            "addedit": {"open": False, "typed": "", "shown": ""},
        }

    # -- lifecycle ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if "routes" not in ui:
            ui["routes"] = ["main"]
            ui["onb_page"] = 0
            ui["tut_page"] = 0
            ui["dialog"] = False
            ui["sheet"] = False
            ui["running"] = False
            ui["tmp"] = None
            ui["typed"] = ""
            ui["color_scroll"] = 0
        elif ui["routes"][-1] == "addedit":
            # The re-created activity composes the editor again: LaunchedEffect re-runs init.
            self._init_editor(ctx)
        self._sync(ctx)

    def _sync(self, ctx: AppContext) -> None:
        top = ctx.ui["routes"][-1]
        tmp = ctx.ui.get("tmp") or {}
        ctx.data["addedit"] = {
            "open": top == "addedit" and not ctx.data["show_onboarding"],
            "typed": ctx.ui.get("typed", ""),
            "shown": tmp.get("name", ""),
        }

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.data["show_onboarding"]:
            # BackHandler: the previous page, else the activity finishes.
            if ui["onb_page"] > 0:
                ui["onb_page"] -= 1
                return True
            return False
        if w.dismiss(ui, "sheet") or w.dismiss(ui, "dialog"):
            return True
        if len(ui["routes"]) > 1:
            self._pop(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.data["show_onboarding"]:
            return w.pager_swipe(ctx.ui, "onb_page", len(ONBOARDING), direction)
        if ctx.ui["routes"][-1] == "main" and ctx.data["show_tutorial"]:
            return w.pager_swipe(ctx.ui, "tut_page", len(TUTORIAL), direction)
        return False

    # -- navigation -----------------------------------------------------------------------------
    def _navigate(self, ctx: AppContext, route: str, edit_name: str = "") -> None:
        ctx.ui["sheet"] = False
        ctx.ui["dialog"] = False
        ctx.ui["routes"].append(route)
        if route == "addedit":
            ctx.ui["edit_name"] = edit_name
            ctx.ui["typed"] = ""
            self._init_editor(ctx)
        self._sync(ctx)

    def _pop(self, ctx: AppContext) -> None:
        ctx.ui["routes"].pop()
        if ctx.ui["routes"][-1] == "addedit":
            # Back on the editor: it is composed again and LaunchedEffect(labelName) calls
            # init once more, which replaces tmpLabel (the bug).
            self._init_editor(ctx)
        self._sync(ctx)

    def _init_editor(self, ctx: AppContext) -> None:
        """``AddEditLabelViewModel.init``: tmpLabel = the stored label, or a fresh one."""
        edit = ctx.ui.get("edit_name", "")
        stored = next((lb for lb in ctx.data["labels"] if lb["name"] == edit), None)
        if stored is not None:
            ctx.ui["tmp"] = dict(stored)
        else:
            ctx.ui["tmp"] = {"name": "", "color": COLORS - 1, "follow": True}

    # -- handlers -------------------------------------------------------------------------------
    def _onboarding_next(self, ctx: AppContext) -> None:
        if ctx.ui["onb_page"] < len(ONBOARDING) - 1:
            ctx.ui["onb_page"] += 1
        else:
            ctx.data["show_onboarding"] = False
        self._sync(ctx)

    def _skip_onboarding(self, ctx: AppContext) -> None:
        ctx.data["show_onboarding"] = False
        self._sync(ctx)

    def _tutorial_next(self, ctx: AppContext) -> None:
        if ctx.ui["tut_page"] < len(TUTORIAL) - 1:
            ctx.ui["tut_page"] += 1
        else:
            ctx.data["show_tutorial"] = False

    def _close_tutorial(self, ctx: AppContext) -> None:
        ctx.data["show_tutorial"] = False

    def _toggle_timer(self, ctx: AppContext) -> None:
        ctx.ui["running"] = not ctx.ui["running"]

    def _set(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui[key] = value

    def _type_name(self, ctx: AppContext, text: str) -> None:
        if len(text) <= NAME_MAX_LENGTH:
            ctx.ui["tmp"]["name"] = text
            ctx.ui["typed"] = text
            self._sync(ctx)

    def _pick_color(self, ctx: AppContext, index: int) -> None:
        ctx.ui["tmp"]["color"] = index

    def _toggle_follow(self, ctx: AppContext) -> None:
        ctx.ui["tmp"]["follow"] = not ctx.ui["tmp"]["follow"]

    def _name_valid(self, ctx: AppContext) -> bool:
        name = ctx.ui["tmp"]["name"].strip()
        edit = ctx.ui.get("edit_name", "").lower()
        taken = [lb["name"].lower() for lb in ctx.data["labels"] if lb["name"].lower() != edit]
        return bool(name) and name.lower() not in taken and name.lower() != DEFAULT_NAME

    def _save(self, ctx: AppContext) -> None:
        label = dict(ctx.ui["tmp"], name=ctx.ui["tmp"]["name"].strip())
        edit = ctx.ui.get("edit_name", "")
        labels = [lb for lb in ctx.data["labels"] if lb["name"] != edit or not edit]
        labels.append(label)
        ctx.data["labels"] = labels
        ctx.ui["typed"] = ""
        self._pop(ctx)

    # -- screens --------------------------------------------------------------------------------
    def _onboarding(self, ctx: AppContext) -> View:
        page = ctx.ui["onb_page"]
        title, desc1, desc2 = ONBOARDING[page]
        pager = View(
            cls="android.view.View",
            children=[
                w.image_view(desc=title, height=600),
                _text(title, height=120),
                _text(desc1, height=160),
                _text(desc2, height=160),
            ],
        )
        return View(
            cls="android.view.View",
            children=[
                _icon_button("", self._skip_onboarding, gravity="top_end", naf=True),
                pager,
                _icon_button("Finish", self._onboarding_next, gravity="bottom_end", width=189),
            ],
        )

    def _main(self, ctx: AppContext) -> tuple[View, list[Window]]:
        ui = ctx.ui
        timer = View(
            cls="android.view.View",
            on_click=self._toggle_timer,
            children=[_text("25:00", height=300)],
        )
        children: list[View] = [timer]
        if ctx.data["show_tutorial"]:
            page = ui["tut_page"]
            overlay = View(
                cls="android.view.View",
                children=[
                    _icon_button("", self._close_tutorial, naf=True),
                    _text("Use gestures to control the timer", height=120),
                    _text(TUTORIAL[page], height=120),
                    _icon_button("Finish", self._tutorial_next, width=189),
                ],
            )
            children.append(overlay)
        else:
            bar = View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=168,
                children=[
                    _icon_button("Open app menu", w.bind(self._set, "sheet", True)),
                    View(cls="android.view.View"),
                    _icon_button("Labels", w.bind(self._set, "dialog", True)),
                    View(
                        cls="android.view.View",
                        on_click=w.bind(self._navigate, "stub:Statistics"),
                        width=147,
                        children=[_text("0", height=147)],
                    ),
                ],
            )
            children.append(bar)
        windows: list[Window] = []
        if ui["sheet"]:
            rows = [_text("Goodtime Productivity", height=147)] + [
                View(
                    cls="android.view.View",
                    on_click=w.bind(self._navigate, route),
                    height=147,
                    children=[w.image_view(desc=title, width=147), _text(title, height=147)],
                    layout=HORIZONTAL,
                )
                for title, route in SHEET_ITEMS
            ]
            windows.append(
                Window(
                    root=View(cls="android.view.View", children=rows),
                    kind="sheet",
                    on_dismiss=w.bind(self._set, "sheet", False),
                )
            )
        if ui["dialog"]:
            body = View(
                cls="android.view.View",
                children=[
                    _text("Select active label", height=140),
                    _text("No items", height=120),
                    _text_button("Timer profile", w.bind(self._navigate, "profile")),
                    _text_button("Edit labels", w.bind(self._navigate, "labels")),
                    View(
                        cls="android.view.View",
                        layout=HORIZONTAL,
                        height=126,
                        children=[
                            _text_button("Cancel", w.bind(self._set, "dialog", False)),
                            _text_button("OK", w.bind(self._set, "dialog", False)),
                        ],
                    ),
                ],
            )
            windows.append(Window(root=body, on_dismiss=w.bind(self._set, "dialog", False)))
        return View(cls="android.view.View", children=children), windows

    def _labels(self, ctx: AppContext) -> View:
        back = self._pop
        labels = ctx.data["labels"]
        if labels:
            body: list[View] = [
                View(
                    cls="android.view.View",
                    on_click=w.bind(self._navigate, "addedit", lb["name"]),
                    height=168,
                    layout=HORIZONTAL,
                    children=[
                        w.image_view(desc=f"Drag indicator for {lb['name']}", width=126),
                        w.image_view(desc=lb["name"], width=126),
                        _text(lb["name"], height=168),
                    ],
                )
                for lb in labels
            ]
        else:
            body = [w.image_view(desc="No items", height=252), _text("No items")]
        fab = _icon_button(
            "Add label",
            w.bind(self._navigate, "addedit", ""),
            width=189,
            height=189,
            gravity="bottom_end",
            style="fab",
        )
        content = View(cls="android.view.View", layout=FRAME, children=[*body, fab])
        return w.linear_layout([_top_bar("Labels", back), View(cls="android.view.View"), content])

    def _editor(self, ctx: AppContext) -> View:
        tmp = ctx.ui["tmp"]
        name = tmp["name"]
        field: list[View] = [w.edit_text("", name, self._type_name, height=147)]
        if not name:
            field.append(_text("Add label name", height=147))
        title = View(cls="android.view.View", layout=FRAME, height=147, children=field)
        colors = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=147,
            scrollable=True,
            scroll_key="color_scroll",
            children=[
                View(
                    cls="android.view.View",
                    on_click=w.bind(self._pick_color, i),
                    width=147,
                    selected=i == tmp["color"],
                )
                for i in range(COLORS)
            ],
        )
        follow_row = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=168,
            on_click=self._toggle_follow,
            children=[
                _icon_button(DEFAULT_NAME, w.bind(self._navigate, "profile")),
                _text("Follow default time profile", height=168),
                View(
                    cls="android.widget.Switch",
                    checkable=True,
                    checked=bool(tmp["follow"]),
                    on_click=self._toggle_follow,
                    width=180,
                ),
            ],
        )
        body: list[View] = [colors, follow_row]
        if not tmp["follow"]:
            body.append(_text("Timer profile", height=126))
        body.append(
            View(
                cls=BUTTON,
                text="Save",
                on_click=self._save if self._name_valid(ctx) else None,
                enabled=self._name_valid(ctx),
                height=126,
            )
        )
        back = self._pop
        return w.linear_layout([_top_bar(title, back), *body, View(cls="android.view.View")])

    def _simple(self, ctx: AppContext, title: str, extra: list[View]) -> View:
        back = self._pop
        return w.linear_layout([_top_bar(title, back), *extra, View(cls="android.view.View")])

    def render(self, ctx: AppContext) -> Screen:
        if ctx.data["show_onboarding"]:
            return Screen(content=self._onboarding(ctx))
        top = ctx.ui["routes"][-1]
        windows: list[Window] = []
        if top == "main":
            content, windows = self._main(ctx)
        elif top == "labels":
            content = self._labels(ctx)
        elif top == "addedit":
            content = self._editor(ctx)
        elif top == "profile":
            content = self._simple(ctx, "Timer profile", [])
        else:
            content = self._simple(ctx, top.split(":", 1)[1], [])
        return Screen(content=content, windows=windows)
