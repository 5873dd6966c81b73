"""PixaPencil (``com.therealbluepandabear.pixapencil``, tomdoeslinux/PixaPencil) 0.1.0, a pixel
art editor.

Modelled from the sources at tag ``v0.1.0`` (commit ``5cbf15b``; the bug's fix ``183e9d3`` has
``4efd55d``, v0.1.0 plus a theme tweak, as parent): ``AndroidManifest.xml``, ``app/build.gradle``
(targetSdk 31, fragment-ktx 1.4.1, Material 1.6.1), ``activities/main/MainActivity.kt`` and its
``MainActivity+*.kt`` extensions (``extendedOnCreate``, ``showWelcomeScreenIfApplicable``,
``startSpotLight``, ``requestPermissions``, ``initView``, ``extendedOnCreateOptionsMenu``,
``extendedOnOptionsItemSelected``, ``extendedOnDoneButtonPressed``, the bottom navigation and
new-project button listeners), ``fragments/newproject/NewProjectFragment.kt`` and
``NewProjectFragment+setOnClickListeners.kt``, ``extensions/DialogExtensions.kt``,
``ContextExtensions.kt``, the layouts ``activity_main.xml``, ``fragment_new_project.xml``,
``layout_target.xml``, ``dont_show_large_canvas_warning_again_checkbox.xml``,
``activity_canvas.xml`` and ``fragment_tools.xml``, the menus
``activity_main_top_app_menu.xml``, ``activity_main_bottom_navigation_menu.xml`` and
``activity_canvas_top_app_menu.xml``, ``values/strings.xml`` and ``values/themes.xml``
(``Theme.Material3.DayNight``: a window action bar).

The app: MainActivity (action bar "PixaPencil" with the "Dark/Light Mode" and "Community"
icons; the RecyclerView ``activityMain_recentCreationsRecyclerView`` of the user's creations,
empty on a fresh install; the BottomNavigationView ``activityMain_bottomNavigationView`` with
Home and Starred; the FAB ``activityMain_newProjectButton``, "New Project"). The first launch
shows the "Welcome" dialog (OK starts a Spotlight tour over the FAB with Next, disabled, and
Close; "No, thanks" does nothing); ``requestPermissions`` asks for WRITE_EXTERNAL_STORAGE,
declared with ``maxSdkVersion`` 29, so on the device's API 30 it is denied without a dialog. The
FAB replaces ``activityMain_primaryFragmentHost`` with the NewProjectFragment (back stack; the
title becomes "New Project", the action items are cleared, the bottom navigation hidden): the
TextInputLayouts Name, Width, Height (``fragmentNewCanvas_projectTitleTextInputEditText``,
``fragmentNewCanvas_widthTextInputEditText``, ``fragmentNewCanvas_heightTextInputEditText``,
each checked as it changes: "Name cannot be empty", "Width cannot be empty", "Value must be
between 1 and 10,000"...) and ``fragmentNewCanvas_doneButton`` "Done", which opens the
CanvasActivity (after the "Warning" dialog when width + height >= 2000).

Bug ``PixaPencil#132`` (crash): with the NewProjectFragment shown, rotating the device
re-creates MainActivity; ``super.onCreate`` restores the fragment and attaches it before
``setBindings`` has set the content view, and ``NewProjectFragment.onAttach`` does
``requireActivity().findViewById<BottomNavigationView>(R.id.activityMain_bottomNavigationView)
.visibility = View.GONE`` on the null that ``findViewById`` returns: a NullPointerException
wrapped in "Unable to start activity" (``NewProjectFragment.kt:47``). Whatever was typed in the
fields (the report's steps) does not matter to the code: any rotation with the fragment shown
crashes. Fixed in ``183e9d3`` (0.1.1), which hides the bar from ``onCreateView``. The report
has no trace; the frames are the app's, AndroidX Fragment's and API 30's real methods, the
library and framework line numbers approximate.

Not modelled: ``adjustResize`` (the device does not resize an activity for the soft keyboard,
so "Done" at the bottom is under the keyboard until Back hides it). Stubbed: the Spotlight tour
is a modal overlay with its Close button only (whether the real overlay lets a tap through to
the FAB is not modelled: it does not); the CanvasActivity is a stub with its action items, the
four tabs and the first tool buttons, but no pixel grid (drawing is not modelled); the
dark/light mode switch only flips a stored flag (the real one re-creates the activity in the
other theme); the Community dialog's links go nowhere.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import FRAME, Screen, TextHandler, View, Window

PACKAGE = "com.therealbluepandabear.pixapencil"
MAIN = ".activities.main.MainActivity"
CANVAS = ".activities.canvas.CanvasActivity"

NAME_FIELD = "fragmentNewCanvas_projectTitleTextInputEditText"
WIDTH_FIELD = "fragmentNewCanvas_widthTextInputEditText"
HEIGHT_FIELD = "fragmentNewCanvas_heightTextInputEditText"
FIELDS = (
    ("name", NAME_FIELD, "fragmentNewCanvas_projectTitleTextInputLayout", "Name"),
    ("width", WIDTH_FIELD, "fragmentNewCanvas_widthTextInputLayout", "Width"),
    ("height", HEIGHT_FIELD, "fragmentNewCanvas_heightTextInputLayout", "Height"),
)
COMMUNITY_TEXT = "We would love to have you on our Matrix or Discord server."
LARGE_CANVAS_TEXT = (
    "You are about to create a large canvas, keep in mind that your phone might not be able to "
    "support bitmaps of these sizes."
)
CANVAS_ACTIONS = (
    ("activityCanvasTopAppMenu_undo", "Undo"),
    ("activityCanvasTopAppMenu_redo_item", "Redo"),
    ("activityCanvasTopAppMenu_zoom_in_item", "Zoom in"),
    ("activityCanvasTopAppMenu_zoom_out_item", "Zoom out"),
    ("activityMainTopAppMenu_save_project_item", "Save"),
)
CANVAS_TABS = ("Tools", "Filters", "Palettes", "Brushes")
CANVAS_TOOLS = (
    ("fragmentTools_pencilButton", "Pencil Tool"),
    ("fragmentTools_eraseButton", "Eraser Tool"),
    ("fragmentTools_moveButton", "Move Tool"),
    ("fragmentTools_colorPickerButton", "Color Picker Tool"),
    ("fragmentTools_fillButton", "Fill Tool"),
)

NPE_MESSAGE = (
    "Attempt to invoke virtual method 'void com.google.android.material.bottomnavigation."
    "BottomNavigationView.setVisibility(int)' on a null object reference"
)
# API 30's relaunch of a re-created activity (approximate framework lines).
RELAUNCH_FRAMES = [
    "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3449)",
    "android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:3601)",
    "android.app.ActivityThread.handleRelaunchActivityInner(ActivityThread.java:5477)",
    "android.app.ActivityThread.handleRelaunchActivity(ActivityThread.java:5385)",
    "android.app.servertransaction.ActivityRelaunchItem.execute(ActivityRelaunchItem.java:69)",
    "android.app.servertransaction.ActivityTransactionItem.execute("
    "ActivityTransactionItem.java:45)",
    "android.app.servertransaction.TransactionExecutor.executeCallbacks("
    "TransactionExecutor.java:135)",
    "android.app.servertransaction.TransactionExecutor.execute(TransactionExecutor.java:95)",
    "android.app.ActivityThread$H.handleMessage(ActivityThread.java:2066)",
    "android.os.Handler.dispatchMessage(Handler.java:106)",
    "android.os.Looper.loop(Looper.java:223)",
    "android.app.ActivityThread.main(ActivityThread.java:7656)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:592)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)",
]
ATTACH_FRAMES = [
    "com.therealbluepandabear.pixapencil.fragments.newproject.NewProjectFragment.onAttach("
    "NewProjectFragment.kt:47)",
    "androidx.fragment.app.Fragment.performAttach(Fragment.java:2922)",
    "androidx.fragment.app.FragmentStateManager.attach(FragmentStateManager.java:464)",
    "androidx.fragment.app.FragmentStateManager.moveToExpectedState(FragmentStateManager.java:275)",
    "androidx.fragment.app.FragmentManager.moveToState(FragmentManager.java:1899)",
    "androidx.fragment.app.FragmentManager.dispatchStateChange(FragmentManager.java:3015)",
    "androidx.fragment.app.FragmentManager.dispatchCreate(FragmentManager.java:2921)",
    "androidx.fragment.app.FragmentController.dispatchCreate(FragmentController.java:252)",
    "androidx.fragment.app.FragmentActivity.onCreate(FragmentActivity.java:219)",
    "com.therealbluepandabear.pixapencil.activities.main.MainActivity.onCreate(MainActivity.kt:33)",
    "android.app.Activity.performCreate(Activity.java:8000)",
    "android.app.Activity.performCreate(Activity.java:7984)",
    "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1309)",
    "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3422)",
    *RELAUNCH_FRAMES[1:],
]


def _restored_new_project() -> JavaException:
    npe = JavaException("java.lang.NullPointerException", NPE_MESSAGE, frames=ATTACH_FRAMES)
    return JavaException(
        "java.lang.RuntimeException",
        "Unable to start activity ComponentInfo{com.therealbluepandabear.pixapencil/"
        "com.therealbluepandabear.pixapencil.activities.main.MainActivity}: "
        f"java.lang.NullPointerException: {NPE_MESSAGE}",
        frames=list(RELAUNCH_FRAMES),
        cause=npe,
    )


def _crashed_on_restore(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of PixaPencil#132: MainActivity died re-created with the fragment."""
    return crashed(system, PACKAGE, "", "MainActivity", "BottomNavigationView.setVisibility")


NO_THANKS = click(PACKAGE, "android:id/button2", "No, thanks")
NEW_PROJECT = click(PACKAGE, "activityMain_newProjectButton", desc="New Project")
TYPE_NAME = input_text(PACKAGE, NAME_FIELD, "Test")
TYPE_WIDTH = input_text(PACKAGE, WIDTH_FIELD, "50")
TYPE_HEIGHT = input_text(PACKAGE, HEIGHT_FIELD, "50")
ROTATE = {"kind": "rotate", "orientation": "landscape"}
BACK = {"kind": "press_back"}

BUG_132 = BugSpec(
    bug_id="PixaPencil#132",
    kind="crash",
    title="[#1-bug-priority] [M] [B] App crashes if you type in name, width, and height, and "
    "then change orientation",
    oracle=_crashed_on_restore,
    human_steps=(NO_THANKS, NEW_PROJECT, TYPE_NAME, TYPE_WIDTH, TYPE_HEIGHT, ROTATE),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "PixaPencil#132": [
        # the form filled, then left with Back (the first Back hides the keyboard)
        [NO_THANKS, NEW_PROJECT, TYPE_NAME, TYPE_WIDTH, TYPE_HEIGHT, BACK, BACK, ROTATE],
        # rotated on the home screen, the new project form never opened
        [NO_THANKS, ROTATE],
        # the neighbouring Community icon instead of the FAB, then rotated
        [
            NO_THANKS,
            click(PACKAGE, "activityMainTopAppMenu_save_project_item", desc="Community"),
            click(PACKAGE, "android:id/button1", "OK"),
            ROTATE,
        ],
        # the form filled and Done pressed: rotated on the canvas screen
        [
            NO_THANKS,
            NEW_PROJECT,
            TYPE_NAME,
            TYPE_WIDTH,
            TYPE_HEIGHT,
            BACK,  # the keyboard hidden, so that Done can be reached
            click(PACKAGE, "fragmentNewCanvas_doneButton", "Done"),
            ROTATE,
        ],
    ],
}


class PixaPencil010(VirtualApp):
    """PixaPencil 0.1.0 (see the module docstring)."""

    name: ClassVar[str] = "PixaPencil"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "PixaPencil"
    version: ClassVar[str] = "0.1.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_132,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_launch_key": False,  # SharedPreferenceFirstLaunchIdentifier written
            "dark_mode": False,
            "show_large_canvas_warning": True,
            "creations": [],  # the PixelArt table: {"title", "width", "height", "starred"}
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui, data = ctx.ui, ctx.data
        if ctx.activity == MAIN:
            # super.onCreate: the FragmentManager restores and attaches the back stack's
            # fragment before setBindings() sets the content view.
            if ui.get("fragment") == "new_project":
                raise _restored_new_project()
            ui.update(fragment=None, dialog=None, spotlight=False, tab="Home")
            if not data["first_launch_key"]:  # showWelcomeScreenIfApplicable
                data["first_launch_key"] = True
                ui["dialog"] = "welcome"
                # 1080 px wide: no "small screen" warning (width < 600 and height < 850 px).
            ui.update(name="", width="", height="", errors={})
        elif ctx.activity == CANVAS:
            ui.setdefault("tab", 0)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == MAIN:
            # The fragment back stack and the fields' text survive; dialogs do not (they are
            # plain MaterialAlertDialogs), nor the Spotlight overlay.
            keep = ("fragment", "name", "width", "height", "errors", "tab")
            return {k: ctx.ui[k] for k in keep if k in ctx.ui}
        return dict(ctx.ui)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == MAIN and ui.get("fragment") == "new_project":
            # popBackStack: NewProjectFragment.onDestroyView shows the bar and the title again.
            ui.update(fragment=None, name="", width="", height="", errors={})
            return True
        return False

    # -- main --------------------------------------------------------------------------------
    def _new_project(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui["spotlight"] = False  # mainSpotlight?.finish()
        if ui["fragment"] is None:  # backStackEntryCount == 0
            ui.update(fragment="new_project", name="", width="", height="", errors={})

    def _toggle_dark(self, ctx: AppContext) -> None:
        ctx.data["dark_mode"] = not ctx.data["dark_mode"]

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _welcome_ok(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.ui["spotlight"] = True

    # -- new project -------------------------------------------------------------------------
    def _check(self, ctx: AppContext, key: str) -> None:
        ui = ctx.ui
        errors = dict(ui["errors"])
        value = ui[key]
        if key == "name":
            errors[key] = "Name cannot be empty" if not value.strip() else ""
        else:
            number = int(value) if value.isdigit() else None
            if number is None:
                errors[key] = f"{key.capitalize()} cannot be empty"
            elif not 1 <= number <= 10000:
                errors[key] = "Value must be between 1 and 10,000"
            else:
                errors[key] = ""
        ui["errors"] = errors

    def _text_handler(self, key: str) -> TextHandler:
        def handler(ctx: AppContext, text: str) -> None:
            self._typed(ctx, key, text)

        return handler

    def _typed(self, ctx: AppContext, key: str, text: str) -> None:
        # android:maxLength="50" on the name, inputType="number" on the sizes.
        text = text[:50] if key == "name" else "".join(ch for ch in text if ch.isdigit())
        ctx.ui[key] = text
        self._check(ctx, key)  # doAfterTextChanged

    def _done(self, ctx: AppContext) -> None:
        ui = ctx.ui
        for key in ("name", "width", "height"):
            self._check(ctx, key)
        if any(ui["errors"].values()):
            return  # HapticFeedbackWrapper.performHapticFeedback
        width, height = int(ui["width"]), int(ui["height"])
        if width + height >= 2000 and ctx.data["show_large_canvas_warning"]:
            ui["dialog"] = "large"
            ui["dont_show"] = False
            return
        self._open_canvas(ctx)

    def _open_canvas(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui["dialog"] = None
        ctx.start_activity(
            CANVAS,
            {"title": ui["name"], "width": int(ui["width"]), "height": int(ui["height"])},
        )

    def _large_ok(self, ctx: AppContext) -> None:
        if ctx.ui.get("dont_show"):
            ctx.data["show_large_canvas_warning"] = False
        self._open_canvas(ctx)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == CANVAS:
            return self._render_canvas(ctx)
        return self._render_main(ctx)

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        new_project = ui["fragment"] == "new_project"
        if new_project:
            bar = w.toolbar("New Project", rid="action_bar")
        else:
            bar = w.toolbar(
                "PixaPencil",
                rid="action_bar",
                actions=[
                    w.action_item(
                        "activityMainTopAppMenu_dark_light_mode_item",
                        "Dark/Light Mode",
                        self._toggle_dark,
                    ),
                    w.action_item(
                        "activityMainTopAppMenu_save_project_item",
                        "Community",
                        lambda c: c.ui.update(dialog="community"),
                    ),
                ],
            )
        creations = [
            w.list_row(
                c["title"],
                f"{c['width']} x {c['height']}",
                rid="recentCreationsLayout_cardView",
            )
            for c in ctx.data["creations"]
            if ui["tab"] == "Home" or c["starred"]
        ]
        recycler = w.list_view(
            creations,
            rid="activityMain_recentCreationsRecyclerView",
            cls="androidx.recyclerview.widget.RecyclerView",
        )
        fab = w.fab("activityMain_newProjectButton", "New Project", self._new_project)
        coordinator = View(
            cls="android.view.ViewGroup", resource_id="clayout", layout=FRAME, children=[fab]
        )
        body: list[View] = [View(layout=FRAME, children=[recycler, coordinator])]
        if not new_project:
            body.append(
                w.bottom_navigation(
                    (
                        ("activityMainBottomNavigationMenu_home_tab", "Home"),
                        ("activityMainBottomNavigationMenu_starred_tab", "Starred"),
                    ),
                    ui["tab"],
                    lambda c, t: c.ui.update(tab=t),
                    rid="activityMain_bottomNavigationView",
                )
            )
        # The fragment's root (defaultFragmentStyle: opaque and clickable) covers the home
        # screen while it is shown; the model leaves the covered views out.
        layers = [self._new_project_view(ctx)] if new_project else [w.linear_layout(body)]
        host = w.frame_layout(layers, rid="mainRoot", layout=FRAME)
        root = w.linear_layout([bar, host])
        return Screen(content=root, windows=self._main_windows(ctx))

    def _new_project_view(self, ctx: AppContext) -> View:
        ui = ctx.ui
        children: list[View] = []
        for key, field, layout_rid, hint in FIELDS:
            parts: list[View] = [
                w.edit_text(
                    field,
                    ui[key],
                    self._text_handler(key),
                    hint=hint,
                )
            ]
            error = ui["errors"].get(key, "")
            if error:
                parts.append(w.text_view(error, "textinput_error", height=60))
            children.append(
                View(
                    cls="android.widget.LinearLayout",
                    resource_id=layout_rid,
                    weight=0,
                    children=parts,
                )
            )
        done = w.button(
            "fragmentNewCanvas_doneButton",
            "Done",
            self._done,
            width=300,
            height=140,
            gravity="bottom_end",
        )
        fragment = w.frame_layout([w.linear_layout(children, weight=0), done], layout=FRAME)
        return w.frame_layout([fragment], rid="activityMain_primaryFragmentHost")

    def _main_windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        dialog = ui["dialog"]
        title_rid = "alertTitle"
        if dialog == "welcome":
            return [
                w.alert_dialog(
                    w.text_view("Welcome", title_rid, height=140),
                    [
                        w.dialog_message(
                            "Welcome to PixaPencil! Would you like to start an interactive "
                            "tutorial?"
                        )
                    ],
                    w.dialog_buttons(("OK", self._welcome_ok), ("No, thanks", self._close_dialog)),
                    self._close_dialog,
                )
            ]
        if dialog == "community":
            return [
                w.alert_dialog(
                    w.text_view("Community", title_rid, height=140),
                    [w.dialog_message(COMMUNITY_TEXT)],
                    [w.dialog_button("android:id/button1", "OK", self._close_dialog)],
                    self._close_dialog,
                )
            ]
        if dialog == "large":
            box = w.check_box(
                "",
                "Don't show again",
                bool(ui.get("dont_show")),
                lambda c: c.ui.update(dont_show=not c.ui.get("dont_show")),
            )
            return [
                w.alert_dialog(
                    w.text_view("Warning", title_rid, height=140),
                    [w.dialog_message(LARGE_CANVAS_TEXT), w.frame_layout([box], weight=0)],
                    [
                        w.dialog_button("android:id/button2", "Don't save", self._close_dialog),
                        w.dialog_button(
                            "android:id/button1",
                            "I understand, create the project",
                            self._large_ok,
                            width=600,
                        ),
                    ],
                    self._close_dialog,
                )
            ]
        if ui["spotlight"]:
            overlay = w.linear_layout(
                [
                    View(cls="android.view.View", height=900),
                    w.text_view("Tap to create a\nnew project", "layoutTarget_text", height=200),
                    w.linear_layout(
                        [
                            w.button("layoutTarget_nextButton", "Next", None, enabled=False),
                            w.button(
                                "layoutTarget_closeButton",
                                "Close",
                                lambda c: c.ui.update(spotlight=False),
                            ),
                        ],
                        horizontal=True,
                        height=147,
                    ),
                ]
            )
            return [
                Window(root=overlay, kind="dialog", cancelable=False, bounds=(0, 63, 1080, 1794))
            ]
        return []

    def _render_canvas(self, ctx: AppContext) -> Screen:
        extras = ctx.extras
        bar = w.toolbar(
            str(extras.get("title", "")),
            rid="action_bar",
            actions=[w.action_item(rid, desc, None) for rid, desc in CANVAS_ACTIONS],
        )
        colors = w.linear_layout(
            [
                View(
                    cls="android.view.View",
                    resource_id="activityCanvas_colorPrimaryView",
                    width=147,
                    height=147,
                ),
                View(
                    cls="android.view.View",
                    resource_id="activityCanvas_colorSecondaryView",
                    width=147,
                    height=147,
                ),
                w.list_view(
                    [],
                    rid="activityCanvas_colorPickerRecyclerView",
                    cls="androidx.recyclerview.widget.RecyclerView",
                ),
            ],
            horizontal=True,
            height=147,
        )
        canvas = w.frame_layout(
            [w.text_view(f"{extras.get('width')} x {extras.get('height')} canvas", height=110)],
            rid="activityCanvas_outerCanvasFragmentHost",
        )
        tabs = w.tabs(
            CANVAS_TABS,
            ctx.ui["tab"],
            lambda c, i: c.ui.update(tab=i),
            rid="activityCanvas_tabLayout",
        )
        tools = w.linear_layout(
            [w.image_button(rid, desc, None, width=147) for rid, desc in CANVAS_TOOLS]
            if ctx.ui["tab"] == 0
            else [],
            rid="activityCanvas_tabLayoutFragmentHost",
            horizontal=True,
            height=147,
        )
        return Screen(content=w.linear_layout([bar, colors, canvas, tabs, tools]))
