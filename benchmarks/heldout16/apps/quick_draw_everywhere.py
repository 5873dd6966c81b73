"""Quick Draw Everywhere (``com.tomer.draw``) 1.7 and 1.9, for quick-draw-everywhere#10 and #3.

Modelled from the sources of github.com/rosenpin/quick-draw-everywhere at commit ``f3229be``
("Version bump+android studio plugin update", versionName 1.7, the last commit before the redo
fix) and ``da7d3ae`` (versionName 1.9, the newest commit when #3 was reported; it differs from
1.7 only by the fix and the bubble's corner radius):
``app/src/main/AndroidManifest.xml``, ``app/build.gradle``, ``gallery/MainActivity.kt``,
``gallery/MainFragment.kt``, ``gallery/MainFragmentModel.kt``, ``gallery/Item.kt``,
``utils/helpers/IntroFragment.kt``, ``utils/AndroidMethods.kt``, ``windows/HolderService.kt``,
``windows/WindowsManager.kt``, ``windows/bubble/DraggableView.kt``,
``windows/drawings/QuickDrawView.kt``, ``res/layout/intro.xml``, ``fragment_main.xml``,
``gallery_item.xml``, ``quick_draw_view.xml``, ``res/values/strings.xml``, ``arrays.xml``,
``dimens.xml``, ``styles.xml``, and the bundled ``drawview`` module's
``com/byox/drawview/views/DrawView.java`` (``undo``, ``redo``, ``canRedo``, ``onTouchEvent``,
``setBackgroundImage``, ``restartDrawing``). The redo fix is commit ``5a76064`` ("Fixed force
close when pressing the redo button when it's not possible to redo", version 1.8), which guards
the toolbar's undo/redo with ``canUndo()``/``canRedo()``.

Each version runs on its report's Android release (``sdk``): 1.7 on Android 7.x (#10's
reporter: 7.0), 1.9 on Android 5.1 (#3's reporter: CM 12.1). The app's own code branches on the
release: ``hasPermissions`` and ``canDrawOverlaysCompat`` return true before Android 6, so on 5.1
the intro finishes at once; ``ContextImpl.startActivity`` throws for a non-activity context
without ``FLAG_ACTIVITY_NEW_TASK`` before Android 7.

The app:

- ``MainActivity`` (``Theme.AppCompat.Light.DarkActionBar``: an action bar titled "Quick Draw
  Everywhere") always shows ``IntroFragment`` first: "Please grant the following permissions for
  the app to function properly" and three buttons, ``permission_draw`` "Draw Over Other Apps"
  (opens the system's overlay-permission screen for the app), ``permission_read_storage`` "Read
  Storage" and ``permission_write_storage`` "Write Storage" (runtime requests). Each
  ``onResume`` finishes the intro once both storage permissions and the overlay permission are
  held, and ``MainFragment`` replaces it: a ``Switch`` ``enable`` "Enable the service" (a
  preference, on by default) above the ``gallery_list`` grid of saved drawings (two columns,
  ``gallery_item`` cells with an ``image``). Its ``onViewCreated`` starts ``HolderService``
  while the switch is on; turning it off stops the service.
- ``HolderService`` adds ``DraggableView``, a 150 px round pencil bubble (an
  ``AppCompatImageView`` with no id or description) at x 0, y 100, as a system overlay window
  above every app. A tap on it moves it to y 0 and opens ``QuickDrawView``, an overlay 80 % of the
  screen high (95 % after "maximize"), full width, centred: a toolbar (``cancel``, ``maximize``,
  ``minimize``, then ``undo``, ``redo``, ``save``: icons with no descriptions, undo/redo drawn at
  alpha 0.4 while they cannot act) over the ``draw_view`` canvas, which holds the ``tapBarMenu``
  (a round button that opens to ``color_pick``, ``eraser``, ``add_text``, ``gallery``; only
  ``eraser`` and ``gallery`` have listeners). ``cancel`` clears the drawing and closes the
  overlay, ``minimize`` (and any key, Back included) closes it keeping the drawing, ``save``
  writes ``Pictures/Quick Draw Everywhere/drawing-<millis>.jpg``, refreshes the gallery and
  closes it, ``eraser`` toggles eraser mode, ``gallery`` closes it and starts ``MainActivity``.
  The drawing lives in the service's ``QuickDrawView``, so it outlives the activity but not the
  process or a stop of the service.
- A finger stroke on the canvas (a swipe) adds one move to ``DrawView``'s history, after
  cutting off any undone moves. In the gallery a tap on a drawing sends a VIEW intent (another
  app: a stub here), a long press opens a MaterialDialog list "Edit" (opens the overlay with the
  drawing as background, one more history move) / "Delete".

Not modelled: the overlay windows stay above other apps and the launcher on a real device, here
they are drawn above this app's own screens only; the overlay-permission screen belongs to the
system Settings app (modelled as an activity of this model, with Android 7's texts); the bubble's
drag, its spring animation and fading, the saved-drawing notification and the picture's pixels
are not modelled; a tap outside the drawing overlay closes it here (on a device the focusable
overlay swallows it). On Android 7 the two storage permissions share one group, so the second one
is granted without a dialog once the first is.

The bug quick-draw-everywhere#3 (1.9 on Android 5.1): the tap bar's picture tool (``gallery``,
the ``ic_gallery`` icon) runs ``removeFromWindow(..., Runnable { context.startActivity(Intent(
context, MainActivity::class.java)) })`` with ``context`` the ``HolderService``; when the
overlay's hide animation ends, Android 5.1's ``ContextImpl.startActivity`` throws
``AndroidRuntimeException`` "Calling startActivity() from outside of an Activity  context requires
the FLAG_ACTIVITY_NEW_TASK flag. Is this really what you want?" (on 7.x, 1.7 here, the same tap
just opens the gallery). The pencil/rubber tool (``eraser``) only toggles the drawing mode. The
report has no trace: the app frames are commit ``da7d3ae``'s lines (kotlinc's lambda names),
the framework frames Android 5.1's (the RenderNodeAnimator callback frames without line numbers).

The bug (quick-draw-everywhere#10, 1.7): ``redo.setOnClickListener { drawView.redo(); ... }`` calls
``DrawView.redo()`` unguarded. ``redo`` checks ``mDrawMoveHistoryIndex <= size - 1``, which holds
whenever nothing is left to redo (index ``size - 1``, -1 on an empty canvas), increments the
index to ``size`` and then reads ``mDrawMoveHistory.get(i)`` for i up to it: an
``IndexOutOfBoundsException`` "Index: <size>, Size: <size>" (``Index: 0, Size: 0`` on a fresh
canvas) kills the process. Undo is guarded inside ``DrawView.undo``. The report has no stack
trace; the frames are the app's real ones (line numbers of commit ``f3229be``, the Kotlin
lambda named as kotlinc names the fourth lambda of the ``init`` block, no ProGuard renaming) over
Android 7.1's click path (the reporter ran 7.0).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.tomer.draw"
MAIN = ".gallery.MainActivity"
# Settings.ACTION_MANAGE_OVERLAY_PERMISSION with the app's package (the Settings app's screen).
OVERLAY_SETTINGS = "com.android.settings.Settings$AppDrawOverlaySettingsActivity"
# The VIEW intent of a gallery cell: another app's image viewer (a stub).
VIEWER = "com.android.gallery3d.app.GalleryActivity"

APP_NAME = "Quick Draw Everywhere"
READ = "android.permission.READ_EXTERNAL_STORAGE"
WRITE = "android.permission.WRITE_EXTERNAL_STORAGE"
STORAGE = (READ, WRITE)
PICTURES = f"/storage/emulated/0/Pictures/{APP_NAME}"
# Saved drawings are named from Calendar.getInstance().timeInMillis: the device's clock.
CLOCK_MILLIS = 1521194400000

BUBBLE = 150  # DraggableView: origWidth/origHeight
BUBBLE_Y = 100  # its first currentY
ICON = 84  # toolbar_icon_radius 32 dp
TOOLBAR = 126  # toolbar_height 48 dp
SCREEN_H = 1920

REDO_FRAMES = (
    "com.byox.drawview.views.DrawView.redo(DrawView.java:767)",
    "com.tomer.draw.windows.drawings.QuickDrawView$4.onClick(QuickDrawView.kt:105)",
    "android.view.View.performClick(View.java:5637)",
    "android.view.View$PerformClick.run(View.java:22429)",
    *callback_frames(25),
)


# Android 5.1 (API 22): ContextImpl.startActivity refuses a non-activity context's intent without
# FLAG_ACTIVITY_NEW_TASK; the Runnable runs when the overlay's circular-reveal (a
# RenderNodeAnimator, finished from native code while the looper polls) ends.
NEW_TASK_MESSAGE = (
    "Calling startActivity() from outside of an Activity  context requires the "
    "FLAG_ACTIVITY_NEW_TASK flag. Is this really what you want?"
)
GALLERY_FRAMES = (
    "android.app.ContextImpl.startActivity(ContextImpl.java:1232)",
    "android.app.ContextImpl.startActivity(ContextImpl.java:1219)",
    "android.content.ContextWrapper.startActivity(ContextWrapper.java:322)",
    "com.tomer.draw.windows.drawings.QuickDrawView$7$1.run(QuickDrawView.kt:125)",
    "com.tomer.draw.windows.drawings.QuickDrawView$removeFromWindow$1.run(QuickDrawView.kt:62)",
    "com.tomer.draw.utils.AndroidMethodsKt$circularRevealHide$1.onAnimationEnd("
    "AndroidMethods.kt:46)",
    "android.view.RenderNodeAnimator.onFinished(RenderNodeAnimator.java)",
    "android.view.RenderNodeAnimator.callOnFinished(RenderNodeAnimator.java)",
    "android.os.MessageQueue.nativePollOnce(Native Method)",
    "android.os.MessageQueue.next(MessageQueue.java:143)",
    "android.os.Looper.loop(Looper.java:122)",
    "android.app.ActivityThread.main(ActivityThread.java:5254)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "java.lang.reflect.Method.invoke(Method.java:372)",
    "com.android.internal.os.ZygoteInit$MethodAndArgsCaller.run(ZygoteInit.java:903)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:698)",
)


def _gallery_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of quick-draw-everywhere#3: the process died of the picture tool's
    startActivity from the service's context."""
    return crashed(
        system, PACKAGE, "android.util.AndroidRuntimeException", "FLAG_ACTIVITY_NEW_TASK"
    )


def _redo_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of quick-draw-everywhere#10: the process died of DrawView.redo's
    IndexOutOfBoundsException."""
    return crashed(system, PACKAGE, "java.lang.IndexOutOfBoundsException", "Index:", "Size:")


BUBBLE_STEP = {
    "kind": "click",
    "target": {
        "class_name": "android.widget.ImageView",
        "bounds": [0, 163, BUBBLE, 163 + BUBBLE],
    },
}

# After the first tap the bubble sits at y 0 (moveYAttachedView).
BUBBLE_AGAIN = {
    "kind": "click",
    "target": {"class_name": "android.widget.ImageView", "bounds": [0, 63, BUBBLE, 63 + BUBBLE]},
}

GRANT_ALL = (
    click(PACKAGE, "permission_draw", "Draw Over Other Apps"),
    click(PACKAGE, text="Permit drawing over other apps"),
    {"kind": "press_back"},
    click(PACKAGE, "permission_read_storage", "Read Storage"),
    allow_permission(PACKAGE),
    click(PACKAGE, "permission_write_storage", "Write Storage"),
)
REDO = click(PACKAGE, "redo")
UNDO = click(PACKAGE, "undo")
MINIMIZE = click(PACKAGE, "minimize")
STROKE = {"kind": "swipe", "direction": "right"}
MENU = click(PACKAGE, "tapBarMenu")
ERASER = click(PACKAGE, "eraser")
PICTURE = click(PACKAGE, "gallery")

WRONG_SEQUENCES = {
    "quick-draw-everywhere#10": (
        # Undo instead of redo on the empty canvas: DrawView.undo checks the index itself.
        (*GRANT_ALL, BUBBLE_STEP, UNDO),
        # Draw, undo, then redo: there is a move to redo.
        (*GRANT_ALL, BUBBLE_STEP, STROKE, UNDO, REDO),
        # Open the drawing and close it again without touching redo.
        (*GRANT_ALL, BUBBLE_STEP, MINIMIZE, BUBBLE_AGAIN, UNDO),
        # Tap "Redo" never reached: the write permission is left out, so the intro stays.
        (
            click(PACKAGE, "permission_draw", "Draw Over Other Apps"),
            click(PACKAGE, text="Permit drawing over other apps"),
            {"kind": "press_back"},
            click(PACKAGE, "permission_read_storage", "Read Storage"),
            allow_permission(PACKAGE),
            BUBBLE_STEP,
        ),
    ),
    "quick-draw-everywhere#3": (
        # The pencil/rubber tool instead of the picture tool (the report: those work).
        (BUBBLE_STEP, MENU, ERASER, ERASER),
        # Open the tool bar and close it again, then leave the drawing with minimize.
        (BUBBLE_STEP, MENU, MENU, MINIMIZE),
        # The colour tool (no listener) and a stroke, never the picture tool.
        (BUBBLE_STEP, MENU, click(PACKAGE, "color_pick"), STROKE, UNDO),
    ),
}


def _new_canvas() -> dict[str, Any]:
    """A QuickDrawView's state: DrawView's move history and index, and the view's flags."""
    return {
        "moves": [],
        "index": -1,
        "attached": False,
        "full": False,
        "eraser": False,
        "menu_open": False,
        "bubble_y": BUBBLE_Y,
    }


class QuickDrawEverywhere(VirtualApp):
    """Quick Draw Everywhere 1.7: the intro, the gallery and the drawing overlay."""

    name: ClassVar[str] = "quick-draw-everywhere"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "1.7"
    launch_activity: ClassVar[str] = MAIN
    # The Android release the app runs on (the report's): 7.x for #10.
    sdk: ClassVar[int] = 25
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "quick-draw-everywhere#10",
            "crash",
            "App crashes when pressing the redo button",
            _redo_crashed,
            human_steps=(*GRANT_ALL, BUBBLE_STEP, REDO),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "enabled": True,  # PREFS_KEYS.ENABLED in the default SharedPreferences
            "overlay_allowed": False,  # the SYSTEM_ALERT_WINDOW app-op (system state)
            "group_granted": [],  # storage permissions granted with their group, no dialog
            "drawings": [],  # files in Pictures/Quick Draw Everywhere
            "saves": 0,
        }

    # -- permissions and the service ------------------------------------------------------------
    def _has(self, ctx: AppContext, permission: str) -> bool:
        if self.sdk < 23:  # hasPermissions: no runtime permissions before Android 6
            return True
        return permission in ctx.permissions or permission in ctx.data["group_granted"]

    def _all_granted(self, ctx: AppContext) -> bool:
        # canDrawOverlaysCompat: Settings.canDrawOverlays from Android 6, else true.
        overlay = ctx.data["overlay_allowed"] or self.sdk < 23
        return all(self._has(ctx, p) for p in STORAGE) and overlay

    def _resume_main(self, ctx: AppContext) -> None:
        """MainActivity.onResume: IntroFragment finishes once every permission is held, and
        MainFragment.onViewCreated starts HolderService while the switch is on."""
        if self._all_granted(ctx) and ctx.data["enabled"]:
            self._start_service(ctx)

    def _start_service(self, ctx: AppContext) -> None:
        if not ctx.memory.get("service"):
            ctx.memory["service"] = True
            ctx.memory["canvas"] = _new_canvas()

    def _overlay_shown(self, ctx: AppContext) -> bool:
        return bool(ctx.data["overlay_allowed"]) or self.sdk < 23

    def _canvas(self, ctx: AppContext) -> dict[str, Any]:
        return ctx.memory.setdefault("canvas", _new_canvas())

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            self._resume_main(ctx)

    def on_activity_restart(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            self._resume_main(ctx)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        self._resume_main(ctx)

    def _ask_storage(self, ctx: AppContext, permission: str) -> None:
        """activity.askPermissionNoCallBack(permission): the other storage permission already
        granted grants this one silently (same group), else the runtime dialog."""
        if self._has(ctx, permission):
            self._resume_main(ctx)
            return
        if any(self._has(ctx, p) for p in STORAGE):
            ctx.data["group_granted"].append(permission)
            self._resume_main(ctx)
            return
        ctx.request_permission(permission)

    def _toggle_overlay(self, ctx: AppContext) -> None:
        ctx.data["overlay_allowed"] = not ctx.data["overlay_allowed"]

    def _leave_settings(self, ctx: AppContext) -> None:
        ctx.finish()
        self._resume_main(ctx)  # MainActivity (below) resumes

    def _toggle_enabled(self, ctx: AppContext) -> None:
        ctx.data["enabled"] = not ctx.data["enabled"]
        if ctx.data["enabled"]:
            self._start_service(ctx)
        else:
            # stopService: the bubble goes; the next service makes a new QuickDrawView.
            ctx.memory["service"] = False
            ctx.memory.pop("canvas", None)

    # -- the drawing overlay --------------------------------------------------------------------
    def _open_drawing(self, ctx: AppContext, background: str = "") -> None:
        canvas = self._canvas(ctx)
        canvas["bubble_y"] = 0  # moveYAttachedView(this, y = 0)
        canvas["attached"] = True
        if background:
            self._add_move(canvas, f"background:{background}")

    def _close_drawing(self, ctx: AppContext) -> None:
        canvas = self._canvas(ctx)
        canvas["attached"] = False
        canvas["menu_open"] = False  # tapBarMenu.close()

    def _tap_bubble(self, ctx: AppContext) -> None:
        if self._canvas(ctx)["attached"]:
            self._close_drawing(ctx)
        else:
            self._open_drawing(ctx)

    @staticmethod
    def _add_move(canvas: dict[str, Any], move: str) -> None:
        """DrawView's ACTION_DOWN (or setBackgroundImage): cut the undone moves, append."""
        moves = canvas["moves"]
        if -1 <= canvas["index"] < len(moves) - 1:
            del moves[canvas["index"] + 1 :]
        moves.append(move)
        canvas["index"] += 1

    def _undo(self, ctx: AppContext) -> None:
        canvas = self._canvas(ctx)
        if canvas["index"] > -1 and canvas["moves"]:
            canvas["index"] -= 1

    def _redo(self, ctx: AppContext) -> None:
        canvas = self._canvas(ctx)
        moves = canvas["moves"]
        if canvas["index"] <= len(moves) - 1:
            canvas["index"] += 1
            # for (i in 0..index) mDrawMoveHistory.get(i).getBackgroundImage()
            if canvas["index"] >= len(moves):
                raise JavaException(
                    "java.lang.IndexOutOfBoundsException",
                    f"Index: {len(moves)}, Size: {len(moves)}",
                    list(REDO_FRAMES),
                )

    def _cancel(self, ctx: AppContext) -> None:
        canvas = self._canvas(ctx)
        canvas["moves"] = []
        canvas["index"] = -1
        self._close_drawing(ctx)

    def _maximize(self, ctx: AppContext) -> None:
        canvas = self._canvas(ctx)
        canvas["full"] = not canvas["full"]

    def _save(self, ctx: AppContext) -> None:
        ctx.data["saves"] += 1
        millis = CLOCK_MILLIS + 60000 * ctx.data["saves"]
        ctx.data["drawings"].append(f"drawing-{millis}.jpg")
        self._close_drawing(ctx)  # onDrawingSaved

    def _eraser(self, ctx: AppContext) -> None:
        canvas = self._canvas(ctx)
        canvas["eraser"] = not canvas["eraser"]

    def _toggle_menu(self, ctx: AppContext) -> None:
        canvas = self._canvas(ctx)
        canvas["menu_open"] = not canvas["menu_open"]

    def _gallery(self, ctx: AppContext) -> None:
        """removeFromWindow(..., Runnable { context.startActivity(Intent(context,
        MainActivity::class.java)) }): the context is HolderService's. Android 7.0-8.1 let a
        non-activity context start an activity without FLAG_ACTIVITY_NEW_TASK when no options
        are given; earlier releases throw."""
        self._close_drawing(ctx)
        if self.sdk < 24:
            raise JavaException(
                "android.util.AndroidRuntimeException", NEW_TASK_MESSAGE, list(GALLERY_FRAMES)
            )
        ctx.start_activity(MAIN)

    def _drawing_open(self, ctx: AppContext) -> bool:
        return bool(
            ctx.memory.get("service") and self._overlay_shown(ctx) and self._canvas(ctx)["attached"]
        )

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if not self._drawing_open(ctx):
            return False
        canvas = self._canvas(ctx)
        self._add_move(canvas, "erase" if canvas["eraser"] else "stroke")
        return True

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == OVERLAY_SETTINGS:
            self._leave_settings(ctx)
            return True
        return False

    # -- gallery --------------------------------------------------------------------------------
    def _long_press(self, ctx: AppContext, name: str) -> None:
        ctx.ui["options_for"] = name

    def _option(self, ctx: AppContext, which: int) -> None:
        name = ctx.ui.pop("options_for", "")
        if which == 0:
            if ctx.memory.get("service"):
                self._open_drawing(ctx, background=name)
        elif name in ctx.data["drawings"]:
            ctx.data["drawings"].remove(name)

    def _close_options(self, ctx: AppContext) -> None:
        ctx.ui.pop("options_for", None)

    # -- screens --------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == OVERLAY_SETTINGS:
            content = self._overlay_settings(ctx)
            windows: list[Window] = []
        elif ctx.activity == VIEWER:
            content = w.child_page("Gallery", [w.text_view("drawing.jpg")])
            windows = []
        else:
            content, windows = self._main(ctx)
        return self._with_overlays(ctx, content, windows)

    def _main(self, ctx: AppContext) -> tuple[View, list[Window]]:
        bar = w.toolbar(APP_NAME, rid="action_bar")
        windows: list[Window] = []
        if not self._all_granted(ctx):
            body = w.linear_layout(
                [
                    w.text_view(
                        "Please grant the following permissions for the app to function properly",
                        "textView",
                        height=220,
                    ),
                    w.button(
                        "permission_draw",
                        "Draw Over Other Apps",
                        lambda c: c.start_activity(OVERLAY_SETTINGS),
                    ),
                    w.button(
                        "permission_read_storage",
                        "Read Storage",
                        w.bind(self._ask_storage, READ),
                    ),
                    w.button(
                        "permission_write_storage",
                        "Write Storage",
                        w.bind(self._ask_storage, WRITE),
                    ),
                ],
                padding=42,
            )
        else:
            cells = [
                w.linear_layout(
                    [w.image_view("image", height=540)],
                    width=540,
                    height=540,
                    on_click=lambda c: c.start_activity(VIEWER),
                    on_long_click=w.bind(self._long_press, name),
                )
                for name in ctx.data["drawings"]
            ]
            rows = [
                w.linear_layout(cells[i : i + 2], horizontal=True, height=540, weight=0)
                for i in range(0, len(cells), 2)
            ]
            body = w.linear_layout(
                [
                    w.switch(
                        "enable",
                        "Enable the service",
                        ctx.data["enabled"],
                        self._toggle_enabled,
                    ),
                    View(
                        cls="android.support.v7.widget.RecyclerView",
                        resource_id="gallery_list",
                        children=rows,
                    ),
                ]
            )
            if "options_for" in ctx.ui:
                windows.append(self._options_dialog())
        return w.linear_layout([bar, body]), windows

    def _options_dialog(self) -> Window:
        """MaterialDialog.Builder().items(R.array.image_options): "Edit", "Delete"."""
        rows = [
            w.linear_layout(
                [w.text_view(title, "md_title", height=126)],
                height=126,
                weight=0,
                on_click=w.bind(self._option, i),
            )
            for i, title in enumerate(("Edit", "Delete"))
        ]
        return Window(
            root=View(
                cls="android.view.ViewGroup",
                weight=0,
                children=[
                    View(
                        cls="android.support.v7.widget.RecyclerView",
                        resource_id="md_contentRecyclerView",
                        weight=0,
                        children=rows,
                    )
                ],
            ),
            on_dismiss=self._close_options,
        )

    def _overlay_settings(self, ctx: AppContext) -> View:
        """Android 7's Settings > Apps > <app> > Draw over other apps."""
        allowed = ctx.data["overlay_allowed"]
        return w.linear_layout(
            [
                w.toolbar(
                    "Draw over other apps",
                    navigation=w.up_button(self._leave_settings),
                    rid="android:id/action_bar",
                ),
                w.linear_layout(
                    [
                        w.image_view("android:id/icon", width=147),
                        w.linear_layout(
                            [
                                w.text_view(APP_NAME, "android:id/title"),
                                w.text_view("version 1.7", "android:id/summary"),
                            ]
                        ),
                    ],
                    horizontal=True,
                    height=220,
                    weight=0,
                ),
                w.preference(
                    "Permit drawing over other apps",
                    "",
                    self._toggle_overlay,
                    widget=w.switch_widget(allowed),
                ),
                w.text_view(
                    "This permission allows an app to display on top of other apps you're "
                    "using and may interfere with your use of the interface in other "
                    "applications, or change what you think you are seeing in other "
                    "applications.",
                    "android:id/summary",
                    height=330,
                ),
            ]
        )

    def _with_overlays(self, ctx: AppContext, content: View, windows: list[Window]) -> Screen:
        """The service's overlay windows (the bubble, the drawing) above the screen."""
        if not (ctx.memory.get("service") and self._overlay_shown(ctx)):
            return Screen(content=content, windows=windows)
        canvas = self._canvas(ctx)
        bubble = w.linear_layout(
            [
                View(cls="android.view.View", height=canvas["bubble_y"], weight=0),
                w.image_view(width=BUBBLE, height=BUBBLE, handler=self._tap_bubble),
            ],
            width=BUBBLE,
            gravity="top_start",
        )
        screen = Screen(content=View(layout=FRAME, children=[content, bubble]), windows=windows)
        if canvas["attached"]:
            screen.windows.append(self._drawing_window(ctx, canvas))
        return screen

    def _drawing_window(self, ctx: AppContext, canvas: dict[str, Any]) -> Window:
        can_undo = canvas["index"] > -1 and bool(canvas["moves"])
        can_redo = canvas["index"] < len(canvas["moves"]) - 1

        def icon(rid: str, handler: Any, style: str = "") -> View:
            return w.image_view(rid, width=ICON, height=ICON, handler=handler, style=style)

        toolbar = w.linear_layout(
            [
                icon("cancel", self._cancel),
                icon("maximize", self._maximize),
                icon("minimize", lambda c: self._close_drawing(c)),
                w.linear_layout(
                    [
                        View(cls="android.view.View"),
                        icon("undo", self._undo, "" if can_undo else "dim"),
                        icon("redo", self._redo, "" if can_redo else "dim"),
                        icon("save", self._save),
                    ],
                    horizontal=True,
                ),
            ],
            rid="toolbar",
            horizontal=True,
            height=TOOLBAR,
            style="toolbar",
        )
        if canvas["menu_open"]:
            items = [
                w.image_view("color_pick", width=200),
                icon("eraser", self._eraser),
                View(cls="android.view.View", width=147),
                w.image_view("add_text", width=200),
                icon("gallery", self._gallery),
            ]
        else:
            items = []
        tap_bar = w.linear_layout(
            items,
            rid="tapBarMenu",
            horizontal=True,
            height=147,
            gravity="bottom",
            on_click=self._toggle_menu,
        )
        draw_view = View(
            cls="com.byox.drawview.views.DrawView",
            resource_id="draw_view",
            layout=FRAME,
            children=[tap_bar],
        )
        height = int(SCREEN_H * (0.95 if canvas["full"] else 0.8))
        top = (SCREEN_H - height) // 2
        return Window(
            root=View(cls="android.view.ViewGroup", children=[toolbar, draw_view]),
            # A focusable overlay: Back (any key) closes it; touches outside do not reach below.
            on_dismiss=lambda c: self._close_drawing(c),
            bounds=(0, top, 1080, top + height),
        )


class QuickDrawEverywhere19(QuickDrawEverywhere):
    """Quick Draw Everywhere 1.9 (commit ``da7d3ae``, the newest when #3 was reported) on
    Android 5.1, the report's release: no runtime permissions and no overlay permission, so
    ``IntroFragment`` finishes at its first ``onResume`` and the bubble shows at once. The redo
    crash (#10) is fixed (``5a76064``); the picture tool's ``startActivity`` from the service
    context throws (quick-draw-everywhere#3, never fixed upstream)."""

    version: ClassVar[str] = "1.9"
    sdk: ClassVar[int] = 22
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "quick-draw-everywhere#3",
            "crash",
            "The picture tool crashes the app",
            _gallery_crashed,
            human_steps=(BUBBLE_STEP, MENU, PICTURE),
        ),
    )

    def _undo(self, ctx: AppContext) -> None:
        canvas = self._canvas(ctx)
        if canvas["index"] > -1 and canvas["moves"]:  # canUndo()
            canvas["index"] -= 1

    def _redo(self, ctx: AppContext) -> None:
        canvas = self._canvas(ctx)
        if canvas["index"] < len(canvas["moves"]) - 1:  # canRedo()
            canvas["index"] += 1
