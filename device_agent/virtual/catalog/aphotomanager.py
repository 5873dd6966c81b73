"""A Photo Manager (``de.k3b.android.androFotoFinder``) 0.6.4.180314, for APhotoManager#116.

Modelled from the sources at tag ``v0.6.4.180314`` (``app/src/main/AndroidManifest.xml``,
``app/build.gradle``, ``FotoGalleryActivity.java``,
``gallery/cursor/GalleryCursorFragment.java``, ``Global.java`` (``fixMenu``),
``util/MenuUtils.java``, ``widget/AboutDialogPreference.java``, ``SettingsActivity.java``,
``queries/FotoSql.java`` (``getName``), ``res/layout/activity_gallery.xml``,
``fragment_gallery.xml``, ``grid_item_gallery.xml``,
``res/menu/menu_gallery_non_selected_only.xml``, ``menu_gallery_non_multiselect.xml``,
``res/xml/preferences.xml``, ``res/values/strings.xml``, ``styles.xml``) and the fix, commit
``ef5a702`` ("#116: fixed settings crash in release build"):

- the launcher opens ``FotoGalleryActivity`` straight away (no intro; ``targetSdkVersion 21``, so
  the storage permission is granted at install and no runtime dialog appears). Its theme is
  ``Theme.Holo.Light.DarkActionBar``: a window-decor action bar titled from the default query
  ("Folder - /" plus the photo count), then the gallery grid (``gridView``) of
  ``grid_item_gallery`` cells (``image``, ``icon``, ``text``);
- the action bar's menu is ``menu_gallery_non_selected_only`` plus ``menu_gallery_non_multiselect``
  after ``Global.fixMenu`` moved the rarely used commands into the "More …" sub-menu. A 411 dp wide
  phone has room for three action buttons, one taken by the overflow, so the first two ``ifRoom``
  items by order are icons ("Folder Filter", "Map Area Filter"); "Tag Filter", "Filter", "Sort:
  Date V" (a sub-menu of eight sort orders), "Load bookmark from …", "Settings" and "More …" (a
  sub-menu: "Selection: Add all visible", "Media scanner", "Details", "App protected/pinned",
  'About "A Photo Manager"', "More …" again, which re-opens the menu) are in the overflow;
- the screens those entries open (folder picker, map, tag picker, filter, bookmarks, about,
  details, a photo's detail view) are shallow stubs: a title and a way back. Multi-selection
  (a long press, "Selection: Add all visible") switches the real app to other menus; it is not
  modelled (its entry opens a stub dialog saying so).

Fixed world data: the photo gallery reads the MediaStore; the model's test device holds six
camera photos in ``/storage/emulated/0/DCIM/Camera`` (the report's device had photos: its video
shows a filled gallery).

The bug (APhotoManager#116): ``preferences.xml`` names its summary-showing text preferences
``de.k3b.android.widgets.EditTextPreferenceWithSummary`` while the class lives in
``de.k3b.android.widget``. ``SettingsActivity.onCreate`` calls ``addPreferencesFromResource``,
whose ``GenericInflater`` cannot load the class at line 49 (the first such element): an
``InflateException`` caused by ``ClassNotFoundException``, so every tap on "Settings" crashes. The
fix corrected the package in the XML (and kept the class from ProGuard, commit ``b284422``). The
report has no trace; the frames are the framework's preference-inflation path of Android 7.0 and
the app's real ``SettingsActivity.onCreate`` line (78), written by the model.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import crashed
from device_agent.virtual.stacks import launch_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "de.k3b.android.androFotoFinder"
GALLERY = ".FotoGalleryActivity"
SETTINGS = ".SettingsActivity"
DETAIL = ".imagedetail.ImageDetailActivityViewPager"
MAP_PICKER = ".locationmap.MapGeoPickerActivity"
FILTER = ".GalleryFilterActivity"

CAMERA_DIR = "/storage/emulated/0/DCIM/Camera"
# The test device's photos (fixed data: the MediaStore the gallery queries).
PHOTOS = (
    "IMG_20180301_101512.jpg",
    "IMG_20180302_183040.jpg",
    "IMG_20180305_092211.jpg",
    "IMG_20180308_140958.jpg",
    "IMG_20180310_170325.jpg",
    "IMG_20180312_081744.jpg",
)

ABOUT_TITLE = 'About "A Photo Manager"'
# (menu id, title) of menu_gallery_non_multiselect's "Sort" sub-menu.
SORT_ORDERS = (
    ("cmd_sort_directory", "Name"),
    ("cmd_sort_date", "Date"),
    ("cmd_sort_location", "Place"),
    ("cmd_sort_rating", "Rating"),
    ("cmd_sort_modification", "Last Modified"),
    ("cmd_sort_width", "Width"),
    ("cmd_sort_file_len", "Size"),
    ("cmd_sort_path_len", "File path length"),
)
# The "More …" sub-menu Global.fixMenu builds, by orderInCategory ("Selection: Remove all
# visible" is hidden outside multi-selection).
MORE_ITEMS = (
    "Selection: Add all visible",
    "Media scanner",
    "Details",
    "App protected/pinned",
    ABOUT_TITLE,
    "More …",  # cmd_more: re-opens the options menu
)
# Entries that open a shallow stub dialog: title -> (dialog title, message).
STUB_DIALOGS = {
    "Folder Filter": ("Folder Filter", CAMERA_DIR),
    "Tag Filter": ("Tag Filter", "No tags yet"),
    "Load bookmark from …": ("Load bookmark from …", "No bookmarks"),
    "Selection: Add all visible": (
        "Selection: Add all visible",
        "Multi-selection mode (its own menus) is not modelled",
    ),
    "Details": ("Details", f"{len(PHOTOS)} photos in {CAMERA_DIR}"),
    ABOUT_TITLE: (ABOUT_TITLE, "A Photo Manager 0.6.4.180314"),
}

SETTINGS_FRAMES = (
    "android.preference.GenericInflater.createItemFromTag(GenericInflater.java:393)",
    "android.preference.GenericInflater.rInflate(GenericInflater.java:483)",
    "android.preference.GenericInflater.rInflate(GenericInflater.java:495)",
    "android.preference.GenericInflater.inflate(GenericInflater.java:326)",
    "android.preference.GenericInflater.inflate(GenericInflater.java:263)",
    "android.preference.PreferenceManager.inflateFromResource(PreferenceManager.java:285)",
    "android.preference.PreferenceActivity.addPreferencesFromResource("
    "PreferenceActivity.java:1454)",
    "de.k3b.android.androFotoFinder.SettingsActivity.onCreate(SettingsActivity.java:78)",
    "android.app.Activity.performCreate(Activity.java:6679)",
    "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1118)",
    *launch_frames(25, perform_line=2618),
)
MISSING_CLASS = "de.k3b.android.widgets.EditTextPreferenceWithSummary"


def _settings_inflate_failure() -> JavaException:
    """The crash of ``SettingsActivity.onCreate``: the preferences XML names a class that does
    not exist (see the module docstring)."""
    not_found = JavaException(
        "java.lang.ClassNotFoundException",
        f'Didn\'t find class "{MISSING_CLASS}" on path: DexPathList[[zip file '
        f'"/data/app/{PACKAGE}-1/base.apk"],nativeLibraryDirectories=[/data/app/{PACKAGE}-1/lib/'
        "arm, /system/lib, /vendor/lib]]",
        frames=[
            "dalvik.system.BaseDexClassLoader.findClass(BaseDexClassLoader.java:56)",
            "java.lang.ClassLoader.loadClass(ClassLoader.java:380)",
            "java.lang.ClassLoader.loadClass(ClassLoader.java:312)",
            "android.preference.GenericInflater.createItem(GenericInflater.java:375)",
            *SETTINGS_FRAMES,
        ],
    )
    inflate = JavaException(
        "android.view.InflateException",
        f"Binary XML file line #49: Error inflating class (not found){MISSING_CLASS}",
        frames=list(SETTINGS_FRAMES),
        cause=not_found,
    )
    return JavaException(
        "java.lang.RuntimeException",
        f"Unable to start activity ComponentInfo{{{PACKAGE}/{PACKAGE}.SettingsActivity}}: "
        f"android.view.InflateException: {inflate.message}",
        frames=list(SETTINGS_FRAMES[10:]),
        cause=inflate,
    )


def _crashed_in_settings(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, "", "SettingsActivity")


BUG_116 = BugSpec(
    bug_id="APhotoManager#116",
    kind="crash",
    title="App Crashes While click on the settings option.",
    oracle=_crashed_in_settings,
    human_steps=(
        {
            "kind": "click",
            "target": {
                "resource_id": "",
                "text": "",
                "content_desc": "More options",
                "class_name": "android.widget.ImageView",
            },
        },
        {
            "kind": "click",
            "target": {
                "resource_id": f"{PACKAGE}:id/title",
                "text": "Settings",
                "content_desc": "",
                "class_name": "android.widget.TextView",
            },
        },
    ),
)


class APhotoManager064(VirtualApp):
    """A Photo Manager 0.6.4.180314 (see the module docstring)."""

    name: ClassVar[str] = "APhotoManager"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "A Photo Manager"
    version: ClassVar[str] = "0.6.4.180314"
    launch_activity: ClassVar[str] = GALLERY
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_116,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "photos": [f"{CAMERA_DIR}/{name}" for name in PHOTOS],
            "sort": "Date",
            "ascending": False,
            "locked": False,
        }

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SETTINGS:
            # addPreferencesFromResource(R.xml.preferences) with the misspelt class name.
            raise _settings_inflate_failure()
        ctx.ui.setdefault("menu", None)  # None | "overflow" | "sort" | "more"
        ctx.ui.setdefault("dialog", None)  # a stub dialog's title

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == GALLERY:
            return self._render_gallery(ctx)
        titles = {
            DETAIL: ctx.extras.get("name", "Photo"),
            MAP_PICKER: "Map Area Filter",
            FILTER: "Filter",
        }
        bar = w.toolbar(
            titles.get(ctx.activity, ""),
            navigation=w.up_button(),
            rid="android:id/action_bar",
        )
        return Screen(content=w.linear_layout([bar, View()]))

    def _title(self, ctx: AppContext) -> str:
        count = len(ctx.data["photos"])
        return f"Folder - /({count})" if count else "Folder - /"

    def _render_gallery(self, ctx: AppContext) -> Screen:
        menu = lambda c: c.ui.update(menu="overflow")  # noqa: E731 - a one-line handler
        bar = w.toolbar(
            self._title(ctx),
            actions=[
                w.action_item(
                    "cmd_select_folder", "Folder Filter", w.bind(self._stub_dialog, "Folder Filter")
                ),
                w.action_item(
                    "cmd_select_lat_lon", "Map Area Filter", lambda c: c.start_activity(MAP_PICKER)
                ),
                w.overflow_button(menu),
            ],
            rid="android:id/action_bar",
        )
        cells = [self._cell(ctx, path) for path in ctx.data["photos"]]
        rows = [
            w.linear_layout(row, horizontal=True, height=360)
            for row in (cells[i : i + 3] for i in range(0, len(cells), 3))
        ]
        grid = View(
            cls="android.widget.GridView",
            resource_id="gridView",
            scrollable=True,
            scroll_key="grid_scroll",
            children=rows,
        )
        root = w.linear_layout([bar, w.linear_layout([grid])], rid="root_view")
        return Screen(content=root, windows=self._windows(ctx))

    def _cell(self, ctx: AppContext, path: str) -> View:
        name = path.rsplit("/", 1)[-1]
        children = [
            w.image_view("image", height=300),
            w.text_view(name, "text", height=60, gravity="bottom"),
        ]
        return w.frame_layout(
            [w.linear_layout(children)],
            layout=FRAME,
            width=360,
            on_click=w.bind(self._open_photo, path),
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        close = lambda c: c.ui.update(menu=None)  # noqa: E731 - a one-line handler
        sort_title = f"Sort: {ctx.data['sort']} {'^' if ctx.data['ascending'] else 'V'}"
        if ui["menu"] == "overflow":
            items = [
                ("Tag Filter", w.bind(self._stub_dialog, "Tag Filter")),
                ("Filter", w.bind(self._open, FILTER)),
                (sort_title, lambda c: c.ui.update(menu="sort")),
                ("Load bookmark from …", w.bind(self._stub_dialog, "Load bookmark from …")),
                ("Settings", w.bind(self._open, SETTINGS)),
                ("More …", lambda c: c.ui.update(menu="more")),
            ]
            return [w.menu_window(items, close, bounds=(420, 63, 1080, 63 + 126 * len(items)))]
        if ui["menu"] == "sort":
            items = [(title, w.bind(self._sort, title)) for _rid, title in SORT_ORDERS]
            return [w.menu_window(items, close)]
        if ui["menu"] == "more":
            items = [(title, w.bind(self._more, title)) for title in MORE_ITEMS]
            return [w.menu_window(items, close)]
        if ui["dialog"] is not None:
            title, message = STUB_DIALOGS[ui["dialog"]]
            dismiss = lambda c: c.ui.update(dialog=None)  # noqa: E731 - a one-line handler
            return [w.confirm_dialog(title, message, ("OK", dismiss), ("Cancel", dismiss), dismiss)]
        return []

    # -- handlers ----------------------------------------------------------------------------
    def _open(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["menu"] = None
        ctx.start_activity(activity)

    def _stub_dialog(self, ctx: AppContext, title: str) -> None:
        ctx.ui["menu"] = None
        ctx.ui["dialog"] = title

    def _sort(self, ctx: AppContext, title: str) -> None:
        # FotoGalleryActivity.GalleryQueryParameter.setSortID: the same order again flips it.
        data = ctx.data
        data["ascending"] = (not data["ascending"]) if data["sort"] == title else True
        data["sort"] = title
        ctx.ui["menu"] = None

    def _more(self, ctx: AppContext, title: str) -> None:
        ctx.ui["menu"] = None
        if title == "More …":
            ctx.ui["menu"] = "overflow"
        elif title == "Media scanner":
            ctx.toast("Media scanner: 0 new photos")
        elif title == "App protected/pinned":
            ctx.toast("App protected/pinned")
        else:
            ctx.ui["dialog"] = title

    def _open_photo(self, ctx: AppContext, path: str) -> None:
        ctx.start_activity(DETAIL, {"name": path.rsplit("/", 1)[-1]})
