"""GrowTracker (``me.anon.grow``) 2.3.1, for GrowTracker-Android#61; and its 2.6.1-alpha build
(:class:`GrowTracker261Alpha`, a subclass described in its own docstring) for
GrowTracker-Android#256.

Modelled from the sources at tag ``v2.3.1`` (``app/build.gradle``: ``versionName "2.3.1"``,
``targetSdkVersion 25``, ``com.esotericsoftware:kryo:3.0.3``): ``AndroidManifest.xml``,
``BootActivity.java``, ``MainActivity.java``, ``AddPlantActivity.java``,
``PlantDetailsActivity.java``, ``fragment/PlantListFragment.java``,
``fragment/PlantDetailsFragment.java``, ``controller/adapter/PlantAdapter.java``,
``model/Plant.java``, ``model/StageChange.java``, ``lib/helper/PermissionHelper.java``,
``res/layout/main_view.xml``, ``plant_list_view.xml``, ``plant_item.xml``,
``plant_details_view.xml``, ``fragment_holder.xml``, ``res/menu/plant_menu.xml``,
``plant_list_menu.xml``, ``navigation_drawer.xml``; the fix is commit ``54bcfe5`` ("Fixes kryo
error for duplicating plants", merged as ``deeb500`` "Fixes #61"), which adds
``@NoArgsConstructor`` to the model classes; and Kryo 3.0.3's own sources (tag
``kryo-parent-3.0.3``) for the exception.

Screens:

- the launcher opens ``BootActivity``, which (no crash reports, no encryption, no migration on a
  fresh install) starts ``MainActivity`` and finishes;
- ``MainActivity`` asks for ``WRITE_EXTERNAL_STORAGE`` in ``onCreate`` when it is not granted
  (after one denial, through ``PermissionHelper``'s rationale AlertDialog with OK / Cancel); it
  has no ``onRequestPermissionsResult``, so either answer leaves the list as it is. Its toolbar
  (drawer toggle, title "All", the "Filter" action with its checkable stage sub-menu) sits above
  ``PlantListFragment``: a RecyclerView of ``card_view`` rows (``name``, ``summary``) and the
  ``fab_add`` button, which opens ``AddPlantActivity``;
- ``AddPlantActivity`` / ``PlantDetailsActivity`` hold ``PlantDetailsFragment``: toolbar with the
  done (tick) home icon ("Navigate up", which calls ``save()``), title "Add new plant" or "Plant
  details"; the ``plant_details_view`` fields (``plant_name``, ``plant_strain``, plant date,
  medium, medium details, "From clone?", plant stage "Germination"); for an existing plant also
  the Feed / Action / Note / Photo bar, the View photos / history / statistics links and the
  overflow menu Export / Duplicate / Delete. A new plant starts with a ``StageChange(PLANTED)``
  action; saving it adds ``StageChange(GERMINATION)`` (the stage field's default). ``save()``
  refuses an empty name or strain (the EditText's error popup, not drawn here: the screen just
  stays);
- off the path: the drawer entries, "New garden", Settings, Feed (``AddWateringActivity``), the
  Action, Stage, date and photo dialogs, the photos / history / statistics screens are stubs.

The bug (GrowTracker-Android#61, crash): "Duplicate" runs ``new Kryo().copy(plant)``. Kryo's
``FieldSerializer`` copies the fields in name order, ``actions`` first; copying that ArrayList
copies each action, and Kryo's ``DefaultInstantiatorStrategy`` (no fallback strategy set) finds no
no-arg constructor on ``StageChange`` (it only has ``StageChange(PlantStage)``), so it throws
``com.esotericsoftware.kryo.KryoException: Class cannot be created (missing no-arg constructor):
me.anon.model.StageChange`` with the serialization trace ``actions (me.anon.model.Plant)``. Every
plant made through the UI holds a ``StageChange``, so Duplicate crashes on any plant. The
framework frames between the menu click and the fragment are the support library's usual path,
their line numbers approximate.
"""

from __future__ import annotations

import uuid
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed, input_text
from device_agent.virtual.stacks import callback_frames, message_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "me.anon.grow"
BOOT = ".BootActivity"
MAIN = ".MainActivity"
ADD = ".AddPlantActivity"
DETAILS = ".PlantDetailsActivity"
WATERING = ".AddWateringActivity"
EVENTS = ".EventsActivity"
PHOTOS = ".ViewPhotosActivity"
STATS = ".StatisticsActivity"
SETTINGS = ".SettingsActivity"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
RATIONALE = "Access to external storage is to display photos in the app. No other data is read."

STAGES = (
    ("PLANTED", "Planted"),
    ("GERMINATION", "Germination"),
    ("CUTTING", "Cutting"),
    ("VEGETATION", "Vegetation"),
    ("FLOWER", "Flower"),
    ("DRYING", "Drying"),
    ("CURING", "Curing"),
    ("HARVESTED", "Harvested"),
)
STAGE_NAMES = dict(STAGES)
# plant_list_menu.xml's filter sub-menu: (item id, title, the stage it shows).
FILTERS = (
    ("filter_planted", "Planted", "PLANTED"),
    ("filter_germination", "Germination", "GERMINATION"),
    ("filter_cutting", "Cutting", "CUTTING"),
    ("filter_vegetation", "Vegetation", "VEGETATION"),
    ("filter_flowering", "Flowering", "FLOWER"),
    ("filter_drying", "Drying", "DRYING"),
    ("filter_curing", "Curing", "CURING"),
    ("filter_harvested", "Harvested", "HARVESTED"),
)
MEDIUMS = (
    ("SOIL", "Soil"),
    ("HYDRO", "Hydroponics"),
    ("COCO", "Coco Coir"),
    ("AERO", "Aeroponics"),
)
MEDIUM_NAMES = dict(MEDIUMS)
# Model classes without a no-arg constructor in 2.3.1 (what the fix annotated).
NO_ARG_MISSING = ("StageChange", "NoteAction", "EmptyAction")

KRYO_FRAMES = (
    "com.esotericsoftware.kryo.Kryo$DefaultInstantiatorStrategy.newInstantiatorOf(Kryo.java:1272)",
    "com.esotericsoftware.kryo.Kryo.newInstantiator(Kryo.java:1078)",
    "com.esotericsoftware.kryo.Kryo.newInstance(Kryo.java:1087)",
    "com.esotericsoftware.kryo.serializers.FieldSerializer.createCopy(FieldSerializer.java:665)",
    "com.esotericsoftware.kryo.serializers.FieldSerializer.copy(FieldSerializer.java:669)",
    "com.esotericsoftware.kryo.Kryo.copy(Kryo.java:891)",
    "com.esotericsoftware.kryo.serializers.CollectionSerializer.copy(CollectionSerializer.java:149)",
    "com.esotericsoftware.kryo.serializers.CollectionSerializer.copy(CollectionSerializer.java:22)",
    "com.esotericsoftware.kryo.Kryo.copy(Kryo.java:891)",
    "com.esotericsoftware.kryo.serializers.ObjectField.copy(ObjectField.java:159)",
    "com.esotericsoftware.kryo.serializers.FieldSerializer.copy(FieldSerializer.java:679)",
    "com.esotericsoftware.kryo.Kryo.copy(Kryo.java:891)",
    "me.anon.grow.fragment.PlantDetailsFragment.onOptionsItemSelected(PlantDetailsFragment.java:632)",
    "android.app.Fragment.performOptionsItemSelected(Fragment.java:2493)",
    "android.app.FragmentManagerImpl.dispatchOptionsItemSelected(FragmentManager.java:2355)",
    "android.app.FragmentController.dispatchOptionsItemSelected(FragmentController.java:281)",
    "android.app.Activity.onMenuItemSelected(Activity.java:3195)",
    "android.support.v4.app.FragmentActivity.onMenuItemSelected(FragmentActivity.java:408)",
    "android.support.v7.app.AppCompatActivity.onMenuItemSelected(AppCompatActivity.java:195)",
    "android.support.v7.view.WindowCallbackWrapper.onMenuItemSelected(WindowCallbackWrapper.java:113)",
    "android.support.v7.app.ToolbarActionBar$2.onMenuItemClick(ToolbarActionBar.java:69)",
    "android.support.v7.widget.Toolbar$1.onMenuItemClick(Toolbar.java:206)",
    "android.support.v7.widget.ActionMenuView$MenuBuilderCallback.onMenuItemSelected(ActionMenuView.java:776)",
    "android.support.v7.view.menu.MenuBuilder.dispatchMenuItemSelected(MenuBuilder.java:822)",
    "android.support.v7.view.menu.MenuItemImpl.invoke(MenuItemImpl.java:171)",
    "android.support.v7.view.menu.MenuBuilder.performItemAction(MenuBuilder.java:973)",
    "android.support.v7.view.menu.MenuPopup.onItemClick(MenuPopup.java:127)",
    "android.widget.AdapterView.performItemClick(AdapterView.java:310)",
    "android.widget.AbsListView.performItemClick(AbsListView.java:1155)",
    "android.widget.AbsListView$PerformClick.run(AbsListView.java:3126)",
    "android.widget.AbsListView$3.run(AbsListView.java:4041)",
)


def _duplicate_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of GrowTracker-Android#61: Kryo could not copy a plant's actions."""
    return crashed(
        system,
        PACKAGE,
        "com.esotericsoftware.kryo.KryoException",
        "missing no-arg constructor",
    )


HUMAN_STEPS = (
    allow_permission(PACKAGE),
    click(PACKAGE, "fab_add"),
    input_text(PACKAGE, "plant_name", "Plant 1"),
    input_text(PACKAGE, "plant_strain", "Lemon haze"),
    click(PACKAGE, desc=w.NAVIGATE_UP),
    click(PACKAGE, "name", "Plant 1"),
    click(PACKAGE, desc=w.MORE_OPTIONS),
    click(PACKAGE, "title", "Duplicate"),
)

BUG_61 = BugSpec(
    bug_id="GrowTracker-Android#61",
    kind="crash",
    title="Git Reports Issue",
    oracle=_duplicate_crashed,
    human_steps=HUMAN_STEPS,
)

WRONG_SEQUENCES: dict[str, tuple[tuple[dict[str, Any], ...], ...]] = {
    "GrowTracker-Android#61": (
        # Delete instead of Duplicate, answered No.
        (
            *HUMAN_STEPS[:7],
            click(PACKAGE, "title", "Delete"),
            click(PACKAGE, "android:id/button2", "No"),
        ),
        # Export instead of Duplicate.
        (*HUMAN_STEPS[:7], click(PACKAGE, "title", "Export")),
        # The plant is never saved (Back discards the new plant screen).
        (*HUMAN_STEPS[:4], {"kind": "press_back"}),
        # The menu is opened and closed again.
        (*HUMAN_STEPS[:7], {"kind": "press_back"}),
    ),
}


def _new_plant() -> dict[str, Any]:
    return {
        "id": str(uuid.uuid4()),
        "name": "",
        "strain": "",
        "clone": False,
        "medium": "SOIL",
        "medium_details": "",
        "images": [],
        # PlantDetailsFragment.onActivityCreated: a new plant starts PLANTED.
        "actions": [{"type": "StageChange", "stage": "PLANTED"}],
    }


def _stage(plant: dict[str, Any]) -> str:
    """Plant.getStage(): the newest StageChange's stage."""
    for action in reversed(plant["actions"]):
        if action["type"] == "StageChange":
            return str(action["stage"])
    return "PLANTED"


class GrowTracker231(VirtualApp):
    """GrowTracker 2.3.1 (see the module docstring)."""

    name: ClassVar[str] = "GrowTracker-Android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "GrowTracker"
    version: ClassVar[str] = "2.3.1"
    launch_activity: ClassVar[str] = BOOT
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_61,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "plants": [],
            "storage_denied": False,
            "hidden_stages": [],
        }

    # -- lifecycle -------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == BOOT:
            ctx.start_activity(MAIN)
            ctx.finish()
        elif ctx.activity == MAIN and STORAGE not in ctx.permissions:
            if ctx.data["storage_denied"]:
                ctx.ui["rationale"] = True  # shouldShowRequestPermissionRationale
            else:
                ctx.request_permission(STORAGE)
        elif ctx.activity == ADD and "plant" not in ctx.ui:
            ctx.ui["plant"] = _new_plant()
        elif ctx.activity == DETAILS and "plant" not in ctx.ui:
            index = int(ctx.extras.get("plant_index", -1))
            if not 0 <= index < len(ctx.data["plants"]):
                ctx.finish()
                return
            plant = dict(ctx.data["plants"][index])
            plant["actions"] = [dict(a) for a in plant["actions"]]
            ctx.ui["plant"] = plant

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # The fragment is retained by tag; its fields' text survives in the view state.
        keep: dict[str, Any] = {}
        for key in ("plant", "hidden_dialog"):
            if key in ctx.ui:
                keep[key] = ctx.ui[key]
        return keep

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        # MainActivity has no onRequestPermissionsResult: nothing on screen changes.
        if permission == STORAGE and not granted:
            ctx.data["storage_denied"] = True

    def on_back(self, ctx: AppContext) -> bool:
        for key in ("menu", "filter_menu", "dialog", "drawer"):
            if ctx.ui.get(key):
                ctx.ui[key] = None
                return True
        return False

    # -- rendering -------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity in (ADD, DETAILS):
            return self._details(ctx)
        titles = {
            EVENTS: "Past actions",
            SETTINGS: "Settings",
        }
        title = titles.get(ctx.activity, "GrowTracker")
        return Screen(content=w.child_page(title))

    def _close(self, key: str) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.ui[key] = None

        return handler

    # Per-version pieces of MainActivity (2.3.1's support-library screens).
    MAIN_TITLE: ClassVar[str] = "All"
    RATIONALE_TEXT: ClassVar[str] = RATIONALE
    FILTER_ITEMS: ClassVar[tuple[tuple[str, str, str], ...]] = FILTERS
    NAV_ITEM_CLS: ClassVar[str] = "android.support.design.internal.NavigationMenuItemView"
    NAV_VIEW_CLS: ClassVar[str] = "android.support.design.widget.NavigationView"

    def _plant_rows(self, ctx: AppContext) -> list[View]:
        hidden = set(ctx.data["hidden_stages"])
        rows = []
        for index, plant in enumerate(ctx.data["plants"]):
            stage = _stage(plant)
            if stage in hidden:
                continue
            summary = f"{plant['strain']} - Planted 0 min ago / 0{STAGE_NAMES[stage][0].lower()}"
            rows.append(
                View(
                    cls="android.support.v7.widget.CardView",
                    resource_id="card_view",
                    on_click=w.bind(self._open_plant, index),
                    height=300,
                    children=[
                        w.linear_layout(
                            [
                                w.image_view("image"),
                                w.linear_layout(
                                    [
                                        w.text_view(plant["name"], "name"),
                                        w.text_view(summary, "summary"),
                                    ],
                                    rid="summary_container",
                                ),
                            ]
                        )
                    ],
                )
            )
        return rows

    def _list_content(self, ctx: AppContext) -> View:
        """plant_list_view.xml: the RecyclerView and the ``fab_add`` button."""
        return w.frame_layout(
            [
                w.list_view(
                    self._plant_rows(ctx),
                    rid="recycler_view",
                    cls="android.support.v7.widget.RecyclerView",
                    scroll_key="plants_scroll",
                ),
                View(
                    cls="android.widget.FrameLayout",
                    resource_id="fab_add",
                    on_click=lambda c: c.start_activity(ADD, {"garden_index": -1}),
                    width=w.FAB_SIZE,
                    height=w.FAB_SIZE,
                    gravity="bottom_end",
                    children=[w.image_view(), w.image_view()],
                ),
            ],
            layout=FRAME,
        )

    def _drawer_rows(self) -> list[tuple[str, str, Any]]:
        """navigation_drawer.xml's entries: (id, title, handler); a None id is a header."""
        return [
            ("all", "All plants", self._close("drawer")),
            ("add", "New garden", self._stub_dialog("drawer", "Garden")),
            ("", "Additional", None),
            ("settings", "Settings", self._go("drawer", SETTINGS)),
            ("website", "By 7lpdwcaw", self._close("drawer")),
            ("version", f"Version {self.version}", None),
        ]

    def _main(self, ctx: AppContext) -> Screen:
        hidden = set(ctx.data["hidden_stages"])
        bar = w.toolbar(
            self.MAIN_TITLE,
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
            actions=[w.action_item("filter", "Filter", lambda c: c.ui.update(filter_menu=True))],
        )
        content = w.drawer_layout(
            w.linear_layout(
                [bar, w.frame_layout([self._list_content(ctx)], rid="fragment_holder")]
            ),
            rid="drawer_layout",
            cls="android.support.v4.widget.DrawerLayout",
        )
        windows: list[Window] = []
        if ctx.ui.get("drawer"):
            entries = [
                w.navigation_item(rid, title, handler, checked=rid == "all", cls=self.NAV_ITEM_CLS)
                if rid
                else w.text_view(title)
                for rid, title, handler in self._drawer_rows()
            ]
            windows.append(
                w.navigation_sheet(
                    entries, self._close("drawer"), cls=self.NAV_VIEW_CLS, rid="navigation_view"
                )
            )
        if ctx.ui.get("filter_menu"):
            windows.append(
                Window(
                    root=View(
                        cls="android.widget.ListView",
                        children=[
                            View(
                                cls="android.widget.CheckBox",
                                resource_id=rid,
                                text=title,
                                checkable=True,
                                checked=stage not in hidden,
                                on_click=w.bind(self._toggle_filter, stage),
                                height=126,
                            )
                            for rid, title, stage in self.FILTER_ITEMS
                        ],
                    ),
                    kind="menu",
                    on_dismiss=self._close("filter_menu"),
                )
            )
        if ctx.ui.get("dialog"):
            windows.append(self._dialog(ctx))
        if ctx.ui.get("rationale"):
            windows.append(
                w.alert_dialog(
                    w.dialog_message(self.RATIONALE_TEXT),
                    [],
                    w.dialog_buttons(
                        ("OK", self._rationale_ok), ("Cancel", self._close("rationale"))
                    ),
                    self._close("rationale"),
                )
            )
        return Screen(content=content, windows=windows)

    def _rationale_ok(self, ctx: AppContext) -> None:
        ctx.ui["rationale"] = None
        ctx.request_permission(STORAGE)

    def _toggle_filter(self, ctx: AppContext, stage: str) -> None:
        hidden = ctx.data["hidden_stages"]
        if stage in hidden:
            hidden.remove(stage)
        else:
            hidden.append(stage)

    def _open_plant(self, ctx: AppContext, index: int) -> None:
        ctx.start_activity(DETAILS, {"plant_index": index, "garden_index": -1})

    def _go(self, key: str, activity: str) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.ui[key] = None
            ctx.start_activity(activity)

        return handler

    def _stub_dialog(self, key: str, title: str) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.ui[key] = None
            ctx.ui["dialog"] = {"kind": "stub", "title": title}

        return handler

    # -- the plant screen ------------------------------------------------------------------
    def _details(self, ctx: AppContext) -> Screen:
        plant = ctx.ui.get("plant") or _new_plant()
        existing = ctx.activity == DETAILS
        title = "Plant details" if existing else "Add new plant"
        actions = [w.overflow_button(lambda c: c.ui.update(menu=True))] if existing else []
        bar = w.toolbar(title, navigation=w.up_button(self._save), actions=actions)
        stage_text = ctx.ui.get("stage_text") or (
            STAGE_NAMES[_stage(plant)] if existing else "Germination"
        )
        body: list[View] = []
        if existing:
            body.append(
                w.linear_layout(
                    [
                        w.text_view(
                            "Feed", "feeding", on_click=lambda c: c.start_activity(WATERING)
                        ),
                        w.text_view("Action", "action", on_click=self._open_dialog("Add action")),
                        w.text_view(
                            "Note", "note", on_click=lambda c: c.ui.update(dialog={"kind": "note"})
                        ),
                        w.text_view("Photo", "photo", on_click=self._photo),
                    ],
                    rid="action_container",
                    horizontal=True,
                )
            )
        body += [
            w.text_view("Plant details"),
            w.text_view("Plant name"),
            w.edit_text("plant_name", plant["name"], self._set("name"), hint="New plant"),
            w.text_view("Plant strain"),
            w.edit_text("plant_strain", plant["strain"], self._set("strain"), hint="Lemon haze"),
            w.text_view("Grow details"),
            w.linear_layout(
                [w.text_view("Plant date"), w.text_view("08/12/2026 00:00", "plant_date")],
                rid="plant_date_container",
                horizontal=True,
                on_click=self._open_dialog("Plant date"),
            ),
            w.linear_layout(
                [w.text_view("Medium"), w.text_view(MEDIUM_NAMES[plant["medium"]], "plant_medium")],
                rid="plant_medium_container",
                horizontal=True,
                on_click=lambda c: c.ui.update(dialog={"kind": "medium"}),
            ),
            w.linear_layout(
                [
                    w.text_view("Medium details"),
                    w.edit_text(
                        "plant_medium_details",
                        plant["medium_details"],
                        self._set("medium_details"),
                        hint="Soil, Perlite 50/50 mix",
                    ),
                ],
                rid="plant_medium_details_container",
                horizontal=True,
            ),
            w.linear_layout(
                [
                    w.text_view("From clone?"),
                    w.check_box("from_clone", "", plant["clone"], self._toggle_clone),
                ],
                horizontal=True,
            ),
            w.text_view("Stage details"),
            w.linear_layout(
                [w.text_view("Plant stage"), w.text_view(stage_text, "plant_stage")],
                rid="plant_stage_container",
                horizontal=True,
                on_click=self._open_dialog("Change stage"),
            ),
        ]
        if existing:
            body.append(
                w.linear_layout(
                    [
                        w.text_view(
                            "View photos",
                            "view_photos",
                            on_click=lambda c: c.start_activity(PHOTOS),
                        ),
                        w.text_view(
                            "View history",
                            "view_history",
                            on_click=lambda c: c.start_activity(EVENTS),
                        ),
                        w.text_view(
                            "View statistics",
                            "view_statistics",
                            on_click=lambda c: c.start_activity(STATS),
                        ),
                    ],
                    rid="link_container",
                    horizontal=True,
                )
            )
        content = w.linear_layout(
            [
                bar,
                w.frame_layout(
                    [
                        w.scroll_view(
                            [w.linear_layout(body)], scrollable=True, scroll_key="details_scroll"
                        )
                    ],
                    rid="fragment_holder",
                ),
            ]
        )
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Export", self._export, "export"),
                        ("Duplicate", self._duplicate, "duplicate"),
                        ("Delete", self._ask_delete, "delete"),
                    ],
                    self._close("menu"),
                )
            )
        if ctx.ui.get("dialog"):
            windows.append(self._dialog(ctx))
        return Screen(content=content, windows=windows)

    def _set(self, field: str) -> Any:
        def handler(ctx: AppContext, text: str) -> None:
            plant = ctx.ui.setdefault("plant", _new_plant())
            plant[field] = text

        return handler

    def _toggle_clone(self, ctx: AppContext) -> None:
        plant = ctx.ui["plant"]
        plant["clone"] = not plant["clone"]

    def _open_dialog(self, title: str) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.ui["dialog"] = {"kind": "stub", "title": title}

        return handler

    def _photo(self, ctx: AppContext) -> None:
        if STORAGE not in ctx.permissions:
            ctx.request_permission(STORAGE)
            return
        ctx.ui["dialog"] = {"kind": "photo"}

    def _dialog(self, ctx: AppContext) -> Window:
        dialog = ctx.ui["dialog"]
        close = self._close("dialog")
        kind = dialog["kind"]
        if kind == "note":
            return w.input_dialog(
                "Add note",
                w.edit_text(
                    "notes", ctx.ui.get("note_text", ""), lambda c, t: c.ui.update(note_text=t)
                ),
                ("Add", self._add_note),
                ("Cancel", close),
                close,
            )
        if kind == "medium":
            return w.alert_dialog(
                w.dialog_title("Medium"),
                [
                    w.list_view(
                        [
                            w.text_view(
                                title,
                                "android:id/text1",
                                on_click=w.bind(self._set_medium, key),
                                height=147,
                            )
                            for key, title in MEDIUMS
                        ],
                        rid="android:id/select_dialog_listview",
                    )
                ],
                [],
                close,
            )
        if kind == "photo":
            return w.alert_dialog(
                w.dialog_title("Select an option"),
                [
                    w.list_view(
                        [
                            w.text_view(choice, "android:id/text1", on_click=close, height=147)
                            for choice in ("From camera", "From gallery")
                        ],
                        rid="android:id/select_dialog_listview",
                    )
                ],
                [],
                close,
            )
        if kind == "delete":
            name = ctx.ui["plant"]["name"]
            return w.confirm_dialog(
                "Are you sure?",
                f"You are about to delete {name} and all of the images associated with it, "
                "are you sure? This can not be undone.",
                ("Yes", self._delete),
                ("No", close),
                close,
            )
        return w.alert_dialog(
            w.dialog_title(dialog.get("title", "")),
            [],
            w.dialog_buttons(None, ("Cancel", close)),
            close,
        )

    def _add_note(self, ctx: AppContext) -> None:
        text = ctx.ui.pop("note_text", "")
        ctx.ui["dialog"] = None
        self._append_action(ctx, {"type": "NoteAction", "note": text})
        ctx.toast("Note added")

    def _set_medium(self, ctx: AppContext, key: str) -> None:
        ctx.ui["dialog"] = None
        ctx.ui["plant"]["medium"] = key

    def _append_action(self, ctx: AppContext, action: dict[str, Any]) -> None:
        """plant.getActions().add(action); PlantManager.upsert(plantIndex, plant)."""
        plant = ctx.ui["plant"]
        plant["actions"].append(action)
        index = int(ctx.extras.get("plant_index", -1))
        if 0 <= index < len(ctx.data["plants"]):
            ctx.data["plants"][index]["actions"].append(dict(action))

    def _save(self, ctx: AppContext) -> None:
        """PlantDetailsFragment.save(), called by the done (home) icon."""
        plant = ctx.ui.setdefault("plant", _new_plant())
        name = plant["name"].strip()
        strain = plant["strain"].strip()
        if not name or not strain:
            return  # setError on the empty field; the screen stays
        plant["name"], plant["strain"] = name, strain
        existing = ctx.activity == DETAILS
        new_stage = "GERMINATION" if not existing else _stage(plant)
        if _stage(plant) != new_stage or (not existing and new_stage == "GERMINATION"):
            plant["actions"].append({"type": "StageChange", "stage": new_stage})
        index = int(ctx.extras.get("plant_index", -1))
        if existing and 0 <= index < len(ctx.data["plants"]):
            ctx.data["plants"][index] = plant
        else:
            ctx.data["plants"].append(plant)
        ctx.finish()

    def _export(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None
        ctx.toast("Exporting grow log...")

    def _ask_delete(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None
        ctx.ui["dialog"] = {"kind": "delete"}

    def _delete(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        index = int(ctx.extras.get("plant_index", -1))
        if 0 <= index < len(ctx.data["plants"]):
            del ctx.data["plants"][index]
        ctx.finish()

    def _duplicate(self, ctx: AppContext) -> None:
        """onOptionsItemSelected(R.id.duplicate): ``new Kryo().copy(plant)``."""
        ctx.ui["menu"] = None
        plant = ctx.ui["plant"]
        # FieldSerializer copies fields by name: "actions" first, element by element.
        for action in plant["actions"]:
            if action["type"] in NO_ARG_MISSING:
                raise JavaException(
                    "com.esotericsoftware.kryo.KryoException",
                    "Class cannot be created (missing no-arg constructor): "
                    f"me.anon.model.{action['type']}\nSerialization trace:\n"
                    "actions (me.anon.model.Plant)",
                    frames=[*KRYO_FRAMES, *callback_frames(25)],
                )
        copy = dict(plant)
        copy["actions"] = [dict(a) for a in plant["actions"]]
        copy["id"] = str(uuid.uuid4())
        copy["images"] = []
        ctx.data["plants"].append(copy)
        ctx.toast("Plant duplicated")


# -- 2.6.1-alpha (develop, May 2021): GrowTracker-Android#256 ----------------------------------
ALPHA_RATIONALE = (
    "Access to external storage is required to store photos. No other data is consumed by this app"
)
ALPHA_FILTERS = (
    ("filter_planted", "Planted", "PLANTED"),
    ("filter_germination", "Germination", "GERMINATION"),
    ("filter_seedling", "Seedling", "SEEDLING"),
    ("filter_cutting", "Cutting", "CUTTING"),
    ("filter_vegetation", "Vegetation", "VEGETATION"),
    ("filter_budding", "Budding", "BUDDING"),
    ("filter_flowering", "Flowering", "FLOWER"),
    ("filter_ripening", "Ripening", "RIPENING"),
    ("filter_drying", "Drying", "DRYING"),
    ("filter_curing", "Curing", "CURING"),
    ("filter_harvested", "Harvested", "HARVESTED"),
)
UPSERT_NULL = (
    "Parameter specified as non-null is null: method me.anon.lib.manager.PlantManager.upsert, "
    "parameter plant"
)


def _add_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of GrowTracker-Android#256: the new plant's null result reached upsert."""
    return crashed(system, PACKAGE, "java.lang.RuntimeException", UPSERT_NULL)


ALPHA_STEPS = (
    allow_permission(PACKAGE),
    click(PACKAGE, "fab_add", cls="android.widget.ImageButton"),
    input_text(PACKAGE, "plant_name", "Plant 1"),
    input_text(PACKAGE, "plant_strain", "Lemon haze", cls="android.widget.AutoCompleteTextView"),
    click(PACKAGE, desc=w.NAVIGATE_UP),
)

BUG_256 = BugSpec(
    bug_id="GrowTracker-Android#256",
    kind="crash",
    title="[alpha] Adding a new plant crashes the app",
    oracle=_add_crashed,
    human_steps=ALPHA_STEPS,
)

WRONG_SEQUENCES["GrowTracker-Android#256"] = (
    # Back leaves the new plant screen without saving (no result).
    (*ALPHA_STEPS[:4], {"kind": "press_back"}),
    # The add screen is opened and left at once.
    (*ALPHA_STEPS[:2], {"kind": "press_back"}),
    # Filtering the (empty) list instead of adding a plant.
    (
        ALPHA_STEPS[0],
        click(PACKAGE, "filter", desc="Filter", cls="android.widget.TextView"),
        click(PACKAGE, "filter_planted", "Planted"),
    ),
)


class GrowTracker261Alpha(GrowTracker231):
    """GrowTracker 2.6.1-alpha, the develop build of 16 May 2021 (the parent of fix commit
    ``a4eda1a`` "Fixes crash with adding new plant closes #256"; ``app/build.gradle`` there says
    ``versionName "2.6.1"``, ``targetSdkVersion 28``, Kotlin 1.3.41; CI builds add "-alpha").

    Modelled from that commit's ``MainActivity.java`` (the same storage permission request,
    ``showUpdateDialog`` shows nothing on a fresh install), ``PlantListFragment.java`` (title "All
    plants", the empty view "There are no plants to show", the Material ``fab_add`` which starts
    ``PlantDetailsActivity`` for a result, request 5, and ``onActivityResult``),
    ``PlantDetailsActivity.kt`` (``tabbed_fragment_holder.xml``: MaterialToolbar with the done
    icon, the bottom tabs hidden for a new plant; the home icon calls ``save()`` then
    ``finish()``), ``PlantDetailsFragment.java`` (``plant_details_view.xml``: the "Last watering"
    card hidden for a new plant, name, strain (an AutoCompleteTextView), stage, then grow details;
    no options menu for a new plant), ``PlantManager.kt`` and ``res/values/strings.xml``.

    The bug (GrowTracker-Android#256, crash): ``save()`` no longer stores the plant (its
    ``PlantManager.getInstance().upsert(plant)`` is commented out), then reloads it with
    ``getPlant(plant.getId())``, which is null for a new plant, and puts that null into the result
    intent as "plant". Back in ``MainActivity``, ``PlantListFragment.onActivityResult`` sees
    RESULT_OK with a "plant" extra and calls the Kotlin ``PlantManager.upsert(plant: Plant)`` with
    null: ``IllegalArgumentException: Parameter specified as non-null is null``, which the
    framework reports as ``RuntimeException: Failure delivering result``. An empty name is
    replaced by "Untitled N", so tapping the tick always crashes; Back (no result) does not. The
    framework frames of the result delivery are Android 7.1's (the report names no device)."""

    version: ClassVar[str] = "2.6.1-alpha"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_256,)
    MAIN_TITLE: ClassVar[str] = "All plants"
    RATIONALE_TEXT: ClassVar[str] = ALPHA_RATIONALE
    FILTER_ITEMS: ClassVar[tuple[tuple[str, str, str], ...]] = ALPHA_FILTERS
    NAV_ITEM_CLS: ClassVar[str] = "com.google.android.material.internal.NavigationMenuItemView"
    NAV_VIEW_CLS: ClassVar[str] = "com.google.android.material.navigation.NavigationView"

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == DETAILS and "plant_index" not in ctx.extras:
            ctx.ui.setdefault("plant", _new_plant())
            ctx.ui["new"] = True
            return
        super().on_create(ctx)

    def _list_content(self, ctx: AppContext) -> View:
        rows = self._plant_rows(ctx)
        if rows:
            listing = w.list_view(
                rows,
                rid="recycler_view",
                cls="androidx.recyclerview.widget.RecyclerView",
                scroll_key="plants_scroll",
            )
        else:
            listing = w.linear_layout(
                [w.image_view(), w.text_view("There are no plants to show")], rid="empty"
            )
        return View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            resource_id="coordinator",
            layout=FRAME,
            children=[
                listing,
                w.fab("fab_add", "", lambda c: c.start_activity(DETAILS, {"garden_index": -1})),
            ],
        )

    def _drawer_rows(self) -> list[tuple[str, str, Any]]:
        return [
            ("", "Gardens", None),
            ("all", "All plants", self._close("drawer")),
            ("add", "+ New garden", self._stub_dialog("drawer", "Garden")),
            ("", "Additional", None),
            ("feeding_schedule", "Schedules", self._go("drawer", ".FeedingScheduleActivity")),
            ("settings", "Settings", self._go("drawer", SETTINGS)),
            ("website", "By 7lpdwcaw", self._close("drawer")),
            ("translations", "Translations by", self._stub_dialog("drawer", "Translations")),
            ("version", "Version 2.6.1-alpha", None),
        ]

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == DETAILS and ctx.ui.get("new"):
            return self._add_screen(ctx)
        return super().render(ctx)

    def _add_screen(self, ctx: AppContext) -> Screen:
        """PlantDetailsActivity with PlantDetailsFragment for a new plant."""
        plant = ctx.ui["plant"]
        bar = w.toolbar("Add new plant", navigation=w.up_button(self._save_new))
        body = [
            w.text_view("Plant details"),
            w.text_view("Plant name"),
            w.edit_text("plant_name", plant["name"], self._set("name"), hint="New plant"),
            w.text_view("Plant strain"),
            w.edit_text(
                "plant_strain",
                plant["strain"],
                self._set("strain"),
                hint="Lemon haze",
                cls="android.widget.AutoCompleteTextView",
            ),
            w.text_view("Stage details"),
            w.linear_layout(
                [w.text_view("Plant stage"), w.text_view("Germination", "plant_stage")],
                rid="plant_stage_container",
                horizontal=True,
                on_click=self._open_dialog("Change stage"),
            ),
            w.text_view("Grow details"),
            w.linear_layout(
                [w.text_view("Plant date"), w.text_view("16/05/2021 12:00", "plant_date")],
                rid="plant_date_container",
                horizontal=True,
                on_click=self._open_dialog("Plant date"),
            ),
            w.linear_layout(
                [w.text_view("Medium"), w.text_view(MEDIUM_NAMES[plant["medium"]], "plant_medium")],
                rid="plant_medium_container",
                horizontal=True,
                on_click=lambda c: c.ui.update(dialog={"kind": "medium"}),
            ),
            w.linear_layout(
                [
                    w.text_view("Medium details"),
                    w.edit_text(
                        "plant_medium_details",
                        plant["medium_details"],
                        self._set("medium_details"),
                        hint="Soil, Perlite 50/50 mix",
                    ),
                ],
                rid="plant_medium_details_container",
                horizontal=True,
            ),
            w.linear_layout(
                [
                    w.text_view("From clone?"),
                    w.check_box("from_clone", "", plant["clone"], self._toggle_clone),
                ],
                horizontal=True,
            ),
        ]
        content = w.linear_layout(
            [
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="toolbar_layout",
                    children=[bar],
                    height=w.TOOLBAR_HEIGHT,
                ),
                w.frame_layout(
                    [
                        View(
                            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
                            resource_id="coordinator",
                            children=[
                                w.scroll_view(
                                    [w.linear_layout(body)],
                                    scrollable=True,
                                    scroll_key="details_scroll",
                                )
                            ],
                        )
                    ],
                    rid="fragment_holder",
                ),
            ]
        )
        windows = [self._dialog(ctx)] if ctx.ui.get("dialog") else []
        return Screen(content=content, windows=windows)

    def _save_new(self, ctx: AppContext) -> None:
        """The home (tick) icon: ``fragment.save()``, ``finish()``, and MainActivity's
        ``onActivityResult`` with the result save() set."""
        plant = ctx.ui["plant"]
        plant["name"] = plant["name"].strip() or f"Untitled {len(ctx.data['plants']) + 1}"
        plant["strain"] = plant["strain"].strip()
        # save(): upsert is commented out, so getPlant(id) is null and "plant" -> null.
        stored = next((p for p in ctx.data["plants"] if p["id"] == plant["id"]), None)
        ctx.finish()
        if stored is None:
            cause = JavaException(
                "java.lang.IllegalArgumentException",
                UPSERT_NULL,
                frames=[
                    "me.anon.lib.manager.PlantManager.upsert(PlantManager.kt:117)",
                    "me.anon.grow.fragment.PlantListFragment.onActivityResult(PlantListFragment.java:305)",
                    "androidx.fragment.app.FragmentActivity.onActivityResult(FragmentActivity.java:170)",
                    "me.anon.grow.MainActivity.onActivityResult(MainActivity.java:120)",
                    "android.app.Activity.dispatchActivityResult(Activity.java:6932)",
                    "android.app.ActivityThread.deliverResults(ActivityThread.java:4085)",
                ],
            )
            raise JavaException(
                "java.lang.RuntimeException",
                "Failure delivering result ResultInfo{who=null, request=65541, result=-1, "
                "data=Intent { (has extras) }} to activity "
                "{me.anon.grow/me.anon.grow.MainActivity}: "
                f"java.lang.IllegalArgumentException: {UPSERT_NULL}",
                frames=[
                    "android.app.ActivityThread.deliverResults(ActivityThread.java:4089)",
                    "android.app.ActivityThread.handleSendResult(ActivityThread.java:4132)",
                    "android.app.ActivityThread.-wrap20(ActivityThread.java)",
                    "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1533)",
                    *message_frames(25),
                ],
                cause=cause,
            )
