"""AsciiCam (``com.dozingcatsoftware.asciicam``) 1.2.3, for AsciiCam#17.

Modelled from the sources of the 1.2.3 release, commit ``2f335fb`` ("bump to version 1.2.3";
the repository has no 1.2.3 tag): ``app/src/main/AndroidManifest.xml``, ``app/build.gradle``,
``AsciiCamActivity.java``, ``PermissionsChecker.java``, ``LibraryActivity.java``,
``ImageLibrary.java``, ``ViewImageActivity.java``, ``AsciiImageWriter.java``,
``res/layout/main.xml``, ``library_list.xml``, ``library_cell.xml``, ``imageview.xml``,
``about.xml``, ``res/xml/preferences.xml``, ``res/values/strings.xml``, ``styles.xml``; and the
fix, commit ``eef38f8`` ("Fix bugs with listing and deleting images in library view", 1.2.4):

- the launcher opens the camera screen ``AsciiCamActivity`` (full screen, no title bar): the
  camera preview (``cameraView``, ``overlayView``), ``statusText`` and the button column
  ``verticalButtonBar``: the shutter (``shutterButton``, a ShutterButton ImageView) and the icon
  buttons ``cycleColorButton``, ``settingsButton``, ``galleryButton``,
  ``convertPictureButton``, ``switchCameraButton`` and ``helpButton`` (none has a content
  description, as in the layout). ``targetSdkVersion 24``: on a fresh install it asks for the
  camera, then storage (the READ/WRITE group is one dialog);
- the shutter saves the ASCII picture as ``/sdcard/AsciiCam/<yyyy-MM-dd-HH-mm-ss>.png`` and opens
  it in ``ViewImageActivity`` ("Delete Picture", "Share Picture", "Return"); the gallery button
  opens ``LibraryActivity``: a ``gridview`` of unlabeled picture cells (``grid_image``) or "You
  have not saved any pictures yet." (``noImagesTextView``); tapping a cell opens it in
  ``ViewImageActivity`` for a result;
- settings (``AsciiCamPreferences``), the help screen (``AboutActivity``) and the system picture
  picker of "convert picture" are shallow stubs; sharing's chooser is not modelled.

Fixed device facts, as a test device has them: two cameras (rear id 0, front id 1), so the
switch-camera button shows; the preview frames are not modelled (the overlay stays blank); the
AsciiCam folder does not exist on a fresh install; picture names count up from 2017-11-20
10:15:00, one second apart. Not modelled: ``AsciiCamActivity`` and ``ViewImageActivity`` are
``screenOrientation="landscape"`` in the manifest, and the virtual device has no fixed-orientation
activities, so they render in the device's orientation and rotating re-creates them (harmless:
their state comes from the intent); and the real app re-asks for a denied camera permission on
every ``onResume``, the model only when the camera screen is created.

The bug (AsciiCam#17): ``LibraryActivity`` remembers the tapped cell in a field
(``selectedGridIndex``) and handles ``DELETE_RESULT`` in ``onActivityResult`` with
``imageMaps.get(selectedGridIndex)``. When the device was rotated while the picture was shown,
the library comes back in another configuration and is re-created: ``onCreate`` re-reads the
folder (the picture is already deleted) and ``selectedGridIndex`` is 0, then the result is
delivered. With one picture the list is empty: ``IndexOutOfBoundsException: Invalid index 0,
size is 0`` (with more pictures the wrong entry, the first, is removed from the grid). The
exception, its wrappers and frames are the report's. Also real and modelled: opening the library
before any picture was taken crashes with a ``NullPointerException`` (``File.list()`` of the
missing folder is null), fixed by the same commit; its frames are the model's, at the source's
lines.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.stacks import message_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.dozingcatsoftware.asciicam"
CAMERA = ".AsciiCamActivity"
LIBRARY = ".LibraryActivity"
VIEW_IMAGE = ".ViewImageActivity"
ABOUT = ".AboutActivity"
PREFERENCES = ".AsciiCamPreferences"
PICKER = ".PickPicture"  # stands for the system picker ACTION_PICK opens (another app)

CAMERA_PERMISSION = "android.permission.CAMERA"
STORAGE_PERMISSION = "android.permission.WRITE_EXTERNAL_STORAGE"
PICTURE_DIR = "/storage/emulated/0/AsciiCam"
COLOR_TYPES = ("WHITE_ON_BLACK", "BLACK_ON_WHITE", "ANSI_COLOR", "FULL_COLOR")
NO_IMAGES = "You have not saved any pictures yet."
CAMERA_REQUIRED = '"AsciiCam cannot run without permission to use the camera.'
STORAGE_FOR_PHOTO = "AsciiCam needs permission to access storage in order to save photos."
STORAGE_FOR_LIBRARY = (
    "AsciiCam needs permission to access storage in order to show your photo library."
)
SHARE_CHOICES = ("Share Image", "Share HTML", "Share Text")
PREFERENCE_TITLES = (
    "White on black characters",
    "Black on white characters",
    "ANSI color characters",
    "Full color characters",
)
ABOUT_TEXT = (
    "AsciiCam 1.2.3\n© 2012-2017 Brian Nenninger\n\nComments and bug reports: "
    "bnenning@gmail.com\n\nSource Code: https://github.com/dozingcat/AsciiCam\n\nTo take a "
    "picture, touch the shutter icon in the upper left."
)

RESUME_FRAMES = (
    "android.app.ActivityThread.performResumeActivity(ActivityThread.java:3103)",
    "android.app.ActivityThread.handleResumeActivity(ActivityThread.java:3134)",
    "android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:2481)",
    "android.app.ActivityThread.handleRelaunchActivity(ActivityThread.java:4077)",
    "android.app.ActivityThread.-wrap15(ActivityThread.java)",
    "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1350)",
    *message_frames(23),
)
LIBRARY_COMPONENT = f"{{{PACKAGE}/{PACKAGE}.LibraryActivity}}"


def _delete_result_crash() -> JavaException:
    """The report's trace: the result delivered to a re-created LibraryActivity."""
    index = JavaException(
        "java.lang.IndexOutOfBoundsException",
        "Invalid index 0, size is 0",
        frames=[
            "java.util.ArrayList.throwIndexOutOfBoundsException(ArrayList.java:255)",
            "java.util.ArrayList.get(ArrayList.java:308)",
            f"{PACKAGE}.LibraryActivity.onActivityResult(LibraryActivity.java:124)",
            "android.app.Activity.dispatchActivityResult(Activity.java:6456)",
            "android.app.ActivityThread.deliverResults(ActivityThread.java:3695)",
            *RESUME_FRAMES,
        ],
    )
    failure = (
        "Failure delivering result ResultInfo{who=null, request=0, result=1, data=null} to "
        f"activity {LIBRARY_COMPONENT}: java.lang.IndexOutOfBoundsException: {index.message}"
    )
    delivering = JavaException(
        "java.lang.RuntimeException",
        failure,
        frames=[
            "android.app.ActivityThread.deliverResults(ActivityThread.java:3699)",
            "android.app.ActivityThread.performResumeActivity(ActivityThread.java:3089)",
            *RESUME_FRAMES[1:],
        ],
        cause=index,
    )
    return JavaException(
        "java.lang.RuntimeException",
        f"Unable to resume activity {LIBRARY_COMPONENT}: java.lang.RuntimeException: {failure}",
        frames=list(RESUME_FRAMES),
        cause=delivering,
    )


def _missing_folder_crash() -> JavaException:
    """``Arrays.asList(null)`` in ``ImageLibrary.allImagePaths`` (frames at the source lines)."""
    launch = [
        "android.app.Activity.performCreate(Activity.java:6237)",
        "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1107)",
        "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:2369)",
        "android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:2476)",
        "android.app.ActivityThread.-wrap11(ActivityThread.java)",
        "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1344)",
        *RESUME_FRAMES[6:],
    ]
    npe = JavaException(
        "java.lang.NullPointerException",
        "storage == null",
        frames=[
            "java.util.Arrays$ArrayList.<init>(Arrays.java:38)",
            "java.util.Arrays.asList(Arrays.java:155)",
            f"{PACKAGE}.ImageLibrary.allImagePaths(ImageLibrary.java:22)",
            f"{PACKAGE}.LibraryActivity.readImageThumbnails(LibraryActivity.java:78)",
            f"{PACKAGE}.LibraryActivity.onCreate(LibraryActivity.java:71)",
            *launch,
        ],
    )
    return JavaException(
        "java.lang.RuntimeException",
        f"Unable to start activity ComponentInfo{LIBRARY_COMPONENT}: "
        "java.lang.NullPointerException: storage == null",
        frames=launch[2:],
        cause=npe,
    )


def _index_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, "", "IndexOutOfBoundsException: Invalid index 0, size is 0")


def _click(rid: str, cls: str, text: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, cls=cls)


ALLOW = "com.android.permissioncontroller:id/permission_allow_button"

BUG_17 = BugSpec(
    bug_id="AsciiCam#17",
    kind="crash",
    title="java.lang.IndexOutOfBoundsException: Invalid index 0, size is 0",
    oracle=_index_crash,
    human_steps=(
        _click(ALLOW, "android.widget.Button", "Allow"),  # the camera
        _click(ALLOW, "android.widget.Button", "Allow"),  # storage
        _click("shutterButton", "android.widget.ImageView"),
        _click("exitViewImageButton", "android.widget.Button", "Return"),
        _click("galleryButton", "android.widget.ImageButton"),
        # The top-left cell of the grid: library_cell.xml's LinearLayout has no id or text.
        {
            **_click("", "android.widget.LinearLayout"),
            "target": {
                "resource_id": "",
                "text": "",
                "content_desc": "",
                "class_name": "android.widget.LinearLayout",
                "bounds": [0, 63, 270, 283],
            },
        },
        {"kind": "rotate", "orientation": "landscape"},
        _click("deleteImageButton", "android.widget.Button", "Delete Picture"),
    ),
)


class AsciiCam123(VirtualApp):
    """AsciiCam 1.2.3 (see the module docstring)."""

    name: ClassVar[str] = "AsciiCam"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "AsciiCam"
    version: ClassVar[str] = "1.2.3"
    launch_activity: ClassVar[str] = CAMERA
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_17,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "folder_exists": False,  # /sdcard/AsciiCam is created by the first saved picture
            "pictures": [],  # file names in the folder
            "saved": 0,  # pictures saved so far (names the next one)
            "color_type": "WHITE_ON_BLACK",
            # LibraryActivity's instance fields (imageMaps, selectedGridIndex) and the
            # orientation it was created in, for the live instance (see _deliver_delete).
            "library": None,
            "pending_delete_result": False,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == CAMERA:
            ui.setdefault("camera_id", 0)
            ui.setdefault("dialog", None)
            if CAMERA_PERMISSION not in ctx.permissions:
                # requestCameraAndStoragePermissions: CAMERA, READ/WRITE_EXTERNAL_STORAGE
                ctx.request_permission(CAMERA_PERMISSION)
                ctx.request_permission(STORAGE_PERMISSION)
        elif ctx.activity == LIBRARY:
            self._create_library(ctx)
        elif ctx.activity == VIEW_IMAGE:
            ui.setdefault("share", None)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == LIBRARY:
            return {}  # LibraryActivity saves nothing: its fields start over
        return dict(ctx.ui)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != CAMERA:
            return
        if permission == CAMERA_PERMISSION:
            if not granted:
                ctx.toast(CAMERA_REQUIRED)
            return
        # STORAGE_FOR_PHOTO / STORAGE_FOR_LIBRARY / the first launch's request
        asked_for = ctx.ui.pop("after_grant", None)
        if asked_for == "library" and granted:
            ctx.start_activity(LIBRARY)
        elif asked_for == "library":
            ctx.ui["dialog"] = STORAGE_FOR_LIBRARY
        elif asked_for == "photo" and not granted:
            ctx.ui["dialog"] = STORAGE_FOR_PHOTO  # granted: "Don't actually take the picture."

    def _create_library(self, ctx: AppContext) -> None:
        # onCreate: readImageThumbnails() with ImageLibrary.allImagePaths().
        if not ctx.data["folder_exists"]:
            raise _missing_folder_crash()
        maps = [f"{PICTURE_DIR}/{name}" for name in sorted(ctx.data["pictures"], reverse=True)]
        token = int(ctx.data.get("library_token", 0)) + 1
        ctx.data["library_token"] = token
        ctx.ui["token"] = token
        ctx.data["library"] = {
            "token": token,
            "maps": maps,
            "selected": 0,
            "orientation": ctx.orientation,
        }
        if ctx.data["pending_delete_result"]:
            # The re-created instance gets the result after onCreate, before onResume.
            ctx.data["pending_delete_result"] = False
            self._on_delete_result(ctx)

    def _on_delete_result(self, ctx: AppContext) -> None:
        """LibraryActivity.onActivityResult(DELETE_RESULT) on the live instance's fields."""
        library = ctx.data["library"]
        if library["selected"] >= len(library["maps"]):
            raise _delete_result_crash()
        del library["maps"][library["selected"]]

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == CAMERA:
            return self._render_camera(ctx)
        if ctx.activity == LIBRARY:
            return self._render_library(ctx)
        if ctx.activity == VIEW_IMAGE:
            return self._render_view_image(ctx)
        if ctx.activity == PREFERENCES:
            rows = [w.preference_category("Preferences")]
            rows += [w.preference(title, "", None) for title in PREFERENCE_TITLES]
            rows += [
                w.preference("Automatically convert camera pictures", "", None),
                w.preference("Controls on left", "", None),
            ]
            return Screen(
                content=View(
                    cls="android.widget.ListView", resource_id="android:id/list", children=rows
                )
            )
        if ctx.activity == ABOUT:
            return Screen(content=View(children=[w.text_view(ABOUT_TEXT, height=1200)]))
        return Screen(content=View(children=[w.text_view("Choose a picture", height=147)]))

    def _render_camera(self, ctx: AppContext) -> Screen:
        icons = [
            ("cycleColorButton", self._cycle_color),
            ("settingsButton", lambda c: c.start_activity(PREFERENCES)),
            ("galleryButton", self._goto_gallery),
            ("convertPictureButton", lambda c: c.start_activity(PICKER)),
            ("switchCameraButton", self._switch_camera),
        ]
        column = [w.image_view("shutterButton", "", self._shutter, naf=True, height=200)]
        column += [w.image_button(rid, "", handler, naf=True, height=160) for rid, handler in icons]
        column.append(
            w.linear_layout(
                [
                    w.image_button(
                        "helpButton",
                        "",
                        lambda c: c.start_activity(ABOUT),
                        naf=True,
                        height=160,
                        gravity="bottom",
                    )
                ]
            )
        )
        overlay = w.frame_layout(
            [
                View(cls="android.view.View", resource_id="overlayView"),
                w.text_view("", "statusText", height=60, gravity="top"),
                w.linear_layout(column, rid="verticalButtonBar", width=170, gravity="start"),
            ],
            layout=FRAME,
        )
        root = w.frame_layout(
            [View(cls="android.view.SurfaceView", resource_id="cameraView"), overlay], layout=FRAME
        )
        windows: list[Window] = []
        if ctx.ui.get("dialog"):
            close = lambda c: c.ui.update(dialog=None)  # noqa: E731 - a one-line handler
            windows.append(
                w.alert_dialog(
                    View(cls="android.view.View", height=0),
                    [w.dialog_message(ctx.ui["dialog"])],
                    [w.dialog_button("android:id/button3", "OK", close)],
                    close,
                )
            )
        return Screen(content=root, windows=windows)

    def _render_library(self, ctx: AppContext) -> Screen:
        library = ctx.data["library"] or {"maps": []}
        maps = library["maps"]
        cells = [
            w.linear_layout(
                [w.image_view("grid_image", height=220)],
                width=270,
                height=220,
                on_click=w.bind(self._open_cell, i),
            )
            for i in range(len(maps))
        ]
        rows = [
            w.linear_layout(row, horizontal=True, height=220)
            for row in (cells[i : i + 4] for i in range(0, len(cells), 4))
        ]
        children = [
            View(
                cls="android.widget.GridView",
                resource_id="gridview",
                scrollable=True,
                scroll_key="grid_scroll",
                children=rows,
            )
        ]
        if not maps:
            children.append(w.text_view(NO_IMAGES, "noImagesTextView", gravity="center"))
        return Screen(content=w.frame_layout(children, layout=FRAME))

    def _render_view_image(self, ctx: AppContext) -> Screen:
        buttons = w.linear_layout(
            [
                w.button("deleteImageButton", "Delete Picture", self._delete_image, width=330),
                w.button("shareButton", "Share Picture", lambda c: c.ui.update(share=0), width=330),
                w.button("exitViewImageButton", "Return", w.finish, width=260),
            ],
            horizontal=True,
            height=140,
            gravity="bottom",
        )
        root = w.frame_layout([w.image_view("imageView"), buttons], layout=FRAME)
        windows: list[Window] = []
        if ctx.ui.get("share") is not None:
            close = lambda c: c.ui.update(share=None)  # noqa: E731 - a one-line handler
            listing = View(
                cls="android.widget.ListView",
                resource_id="android:id/select_dialog_listview",
                weight=0,
                children=w.checked_rows(
                    SHARE_CHOICES, ctx.ui["share"], lambda c, i: c.ui.update(share=i)
                ),
            )
            # "Share" opens the system chooser of other apps: not modelled, it closes.
            share_buttons = [
                w.dialog_button("android:id/button2", "Cancel", close),
                w.dialog_button("android:id/button1", "Share", close),
            ]
            title = w.dialog_title("How do you want to share this picture?")
            windows.append(w.alert_dialog(title, [listing], share_buttons, close))
        return Screen(content=root, windows=windows)

    # -- handlers ----------------------------------------------------------------------------
    def _storage(self, ctx: AppContext) -> bool:
        return STORAGE_PERMISSION in ctx.permissions

    def _shutter(self, ctx: AppContext) -> None:
        if CAMERA_PERMISSION not in ctx.permissions:
            return  # no camera running: no frame to save
        if not self._storage(ctx):
            ctx.ui["after_grant"] = "photo"
            ctx.request_permission(STORAGE_PERMISSION)
            return
        data = ctx.data
        n = data["saved"]
        name = f"2017-11-20-10-{15 + n // 60:02d}-{n % 60:02d}.png"
        data["saved"] = n + 1
        data["folder_exists"] = True
        data["pictures"].append(name)
        ctx.start_activity(VIEW_IMAGE, {"path": f"{PICTURE_DIR}/{name}", "caller": "camera"})

    def _goto_gallery(self, ctx: AppContext) -> None:
        if not self._storage(ctx):
            ctx.ui["after_grant"] = "library"
            ctx.request_permission(STORAGE_PERMISSION)
            return
        ctx.start_activity(LIBRARY)

    def _cycle_color(self, ctx: AppContext) -> None:
        current = COLOR_TYPES.index(ctx.data["color_type"])
        ctx.data["color_type"] = COLOR_TYPES[(current + 1) % len(COLOR_TYPES)]

    def _switch_camera(self, ctx: AppContext) -> None:
        ctx.ui["camera_id"] = 1 - ctx.ui["camera_id"]  # rear (0) <-> front (1)

    def _open_cell(self, ctx: AppContext, index: int) -> None:
        library = ctx.data["library"]
        library["selected"] = index
        path = library["maps"][index]
        ctx.start_activity(VIEW_IMAGE, {"path": path, "caller": "library"})

    def _delete_image(self, ctx: AppContext) -> None:
        name = str(ctx.extras["path"]).rsplit("/", 1)[-1]
        if name in ctx.data["pictures"]:
            ctx.data["pictures"].remove(name)
        ctx.finish()  # setResult(DELETE_RESULT)
        if ctx.extras.get("caller") != "library":
            return  # AsciiCamActivity.onActivityResult ignores it
        library = ctx.data["library"]
        if library is not None and library["orientation"] == ctx.orientation:
            # The waiting LibraryActivity instance is resumed as it is and gets the result.
            self._on_delete_result(ctx)
        else:
            # It is re-created first (another configuration) and gets it after onCreate.
            ctx.data["pending_delete_result"] = True
