"""The FastAdapter sample app (``com.mikepenz.fastadapter.app``) 2.5.1, for FastAdapter#394.

Modelled from the sources at tag ``v2.5.1`` (``app/src/main/AndroidManifest.xml``,
``app/build.gradle``, ``SampleActivity.java``, ``GenericItemActivity.java``,
``dummy/ImageDummyData.java``, ``res/layout/activity_sample.xml``, ``simple_image_item.xml``,
``res/menu/menu.xml``, ``res/values/strings.xml``), the libraries it pins there (MaterialDrawer
``v5.9.0``: ``material_drawer.xml``, ``material_drawer_slider.xml``,
``material_drawer_recycler_view.xml``, ``material_drawer_item_primary.xml``,
``material_drawer_item_divider.xml``, ``strings.xml``; MaterialScrollBar ``12.3.5``:
``MaterialScrollBar.java``, ``DragScrollBar.java``) and the fix, commit ``d12f4f2`` ("revert to
older version of the MaterialScrollBar as the newest has a bug * FIX #394"):

- the launcher opens ``SampleActivity``: a Toolbar (``toolbar``, empty title) with the drawer
  toggle (content description "Open"/"Close", MaterialDrawer's strings) and the always-shown
  text actions "Delete", "Add", "Change", "Move" (``item_delete``, ``item_add``,
  ``item_change``, ``item_move``), above the RecyclerView ``rv`` of image cards
  (``item_image_name``, ``item_image_description``; their images come from the network and are
  not drawn);
- ``withShowDrawerOnFirstLaunch(true)``: on the first start the MaterialDrawer is open
  (``material_drawer_layout``, ``material_drawer_slider_layout``,
  ``material_drawer_recycler_view``), listing the 17 samples (``material_drawer_name`` and
  ``material_drawer_description`` per row), a divider and "Open Source"; tapping a row closes the
  drawer and opens that sample (all but GenericItem are shallow stubs: a title and Navigate up;
  "Open Source" opens the AboutLibraries stub);
- tapping a card selects it; the toolbar actions edit the card list as
  ``onOptionsItemSelected`` does ("Add" a dummy card and "Move" at the first visible position,
  "Change" and "Delete" the selected card).

The bug (FastAdapter#394): 2.5.1 pinned MaterialScrollBar 12.3.5, whose programmatic constructor
``MaterialScrollBar(Context, RecyclerView, boolean)`` never reads the XML attributes, then
``generalSetup`` calls ``a.recycle()`` on the null ``TypedArray``:
``GenericItemActivity.onCreate`` (line 69, ``new DragScrollBar(this, rv, true)``) crashes every
time the GenericItem sample opens. The report gives the message and the app's line; the library
frames are at 12.3.5's source lines, the framework's are the model's (Android 7.1).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import crashed
from device_agent.virtual.stacks import launch_frames
from device_agent.virtual.views import FRAME, Screen, View

PACKAGE = "com.mikepenz.fastadapter.app"
SAMPLE = ".SampleActivity"
GENERIC = ".GenericItemActivity"
LIBRARIES = "com.mikepenz.aboutlibraries.ui.LibsActivity"

# The drawer's rows in order: (identifier, title, description, activity, its label).
DRAWER = (
    (8, "IconGrid Sample", "Grid, Expandable", ".IconGridActivity"),
    (6, "SimpleItemList Sample", "FastScroller, Filter, Drag&Drop", ".SimpleItemListActivity"),
    (5, "ImageList Sample", "View Click Listener", ".ImageListActivity"),
    (1, "MultiSelect Sample", "MultiSelect, CAB, Remove, Undo", ".MultiselectSampleActivity"),
    (2, "Expandable Sample", "Expandable, Select", ".ExpandableSampleActivity"),
    (3, "StickyHeader Sample", "StickyHeader, Select", ".StickyHeaderSampleActivity"),
    (
        4,
        "Advanced Sample",
        "Header, StickyHeader, Expandable, CAB, MultiSelect",
        ".AdvancedSampleActivity",
    ),
    (7, "GenericItem Sample", "Split up Item and Model", GENERIC),
    (
        9,
        "MultiGenericItem Sample",
        "Split up multiple Items and Models in one GenericAdapter",
        ".MultiTypeGenericItemActivity",
    ),
    (
        10,
        "CheckBox Sample",
        "Use FastAdapters internal state with a CheckBox",
        ".CheckBoxSampleActivity",
    ),
    (
        11,
        "RadioButton Sample",
        "Use FastAdapters internal state with a RadioButton",
        ".RadioButtonSampleActivity",
    ),
    (12, "SwipeList Sample", "Swipe, leave-behinds and actions", ".SwipeListActivity"),
    (13, "EndlessScroll Sample", "EndlessScroll, Progress", ".EndlessScrollListActivity"),
    (14, "Sort Sample", "Simply sort your items by providing a Comparator", ".SortActivity"),
    (15, "Mopub Ads Sample", "Simply mopub adapter usage example", ".MopubAdsActivity"),
    (16, "Realm Sample", "Realm, Implement IItem interface", ".RealmActivity"),
    (
        17,
        "Expandable MultiSelect Delete Sample",
        "Expandable, MultiSelect, CAB, Remove",
        ".ExpandableMultiselectDeleteSampleActivity",
    ),
)
# The manifest's labels of the sample activities (EndlessScroll's differs from its drawer name
# only by the string resource, with the same text).
LABELS = {activity: title for _i, title, _d, activity in DRAWER}
LABELS[LIBRARIES] = "Open Source"
# ImageDummyData.getSimpleImageItems(): (name, description) of the first cards.
CARDS = (
    ("Yang Zhuo Yong Cuo, Tibet China", "#100063"),
    ("Yellowstone United States", "#100017"),
    ("Victoria Australia", "#100031"),
    ("Valencia Spain", "#100082"),
    ("Xigaze, Tibet China", "#100030"),
    ("Utah United States", "#100096"),
    ("Utah United States", "#100015"),
    ("Utah United States", "#100088"),
    ("Umm Al Quwain United Arab Emirates", "#100013"),
    ("Texas United States", "#100026"),
    ("Siuslaw National Forest United States", "#100092"),
    ("The Minquiers Channel Islands", "#100069"),
)
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'void android.content.res.TypedArray.recycle()' on a null "
    "object reference"
)
LAUNCH_FRAMES = (
    "android.app.Activity.performCreate(Activity.java:6679)",
    "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1118)",
    *launch_frames(25, perform_line=2618),
)


def _scroll_bar_crash() -> JavaException:
    """``new DragScrollBar(this, rv, true)`` with MaterialScrollBar 12.3.5."""
    npe = JavaException(
        "java.lang.NullPointerException",
        NPE_MESSAGE,
        frames=[
            "com.turingtechnologies.materialscrollbar.MaterialScrollBar.generalSetup("
            "MaterialScrollBar.java:246)",
            "com.turingtechnologies.materialscrollbar.MaterialScrollBar.<init>("
            "MaterialScrollBar.java:111)",
            "com.turingtechnologies.materialscrollbar.DragScrollBar.<init>(DragScrollBar.java:42)",
            f"{PACKAGE}.GenericItemActivity.onCreate(GenericItemActivity.java:69)",
            *LAUNCH_FRAMES,
        ],
    )
    return JavaException(
        "java.lang.RuntimeException",
        f"Unable to start activity ComponentInfo{{{PACKAGE}/{PACKAGE}.GenericItemActivity}}: "
        f"java.lang.NullPointerException: {NPE_MESSAGE}",
        frames=list(LAUNCH_FRAMES[2:]),
        cause=npe,
    )


def _generic_item_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, "", "GenericItemActivity", "TypedArray.recycle()")


BUG_394 = BugSpec(
    bug_id="FastAdapter#394",
    kind="crash",
    title="GenericItem crashes in app sample",
    oracle=_generic_item_crashed,
    human_steps=(
        {
            "kind": "click",
            "target": {
                "resource_id": f"{PACKAGE}:id/material_drawer_name",
                "text": "GenericItem Sample",
                "content_desc": "",
                "class_name": "android.widget.TextView",
            },
        },
    ),
)


class FastAdapterSample251(VirtualApp):
    """The FastAdapter sample app 2.5.1 (see the module docstring)."""

    name: ClassVar[str] = "FastAdapter"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "FastAdapter"
    version: ClassVar[str] = "2.5.1"
    launch_activity: ClassVar[str] = SAMPLE
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_394,)

    def initial_data(self) -> dict[str, Any]:
        return {"user_learned_drawer": False}

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == GENERIC:
            raise _scroll_bar_crash()
        if ctx.activity == SAMPLE:
            ui = ctx.ui
            ui.setdefault("cards", [list(card) for card in CARDS])
            if "drawer" not in ui:
                # DrawerBuilder.withShowDrawerOnFirstLaunch(true): open once, remember it.
                ui["drawer"] = not ctx.data["user_learned_drawer"]
                ctx.data["user_learned_drawer"] = True
            ui.setdefault("first_visible", 0)

    def on_back(self, ctx: AppContext) -> bool:
        return ctx.activity == SAMPLE and w.dismiss(ctx.ui, "drawer")

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != SAMPLE:
            return False
        if direction == "right" and not ctx.ui["drawer"]:
            ctx.ui["drawer"] = True
            return True
        if direction == "left" and ctx.ui["drawer"]:
            ctx.ui["drawer"] = False
            return True
        return False

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SAMPLE:
            return self._render_sample(ctx)
        bar = w.toolbar(
            LABELS.get(ctx.activity, ""),
            navigation=w.up_button(),
        )
        return Screen(content=w.linear_layout([bar, View()]))

    def _render_sample(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        toggle = "Close" if ui["drawer"] else "Open"
        bar = w.toolbar(
            "",
            navigation=w.nav_button(toggle, lambda c: c.ui.update(drawer=not c.ui["drawer"])),
            actions=[
                w.action_item(rid, title, w.bind(self._menu, title), text=title.upper(), width=200)
                for rid, title in (
                    ("item_delete", "Delete"),
                    ("item_add", "Add"),
                    ("item_change", "Change"),
                    ("item_move", "Move"),
                )
            ],
        )
        cards = [
            w.frame_layout(
                [
                    w.image_view("item_image_img", height=300),
                    w.frame_layout(
                        [
                            w.linear_layout(
                                [
                                    w.text_view(name, "item_image_name", height=60),
                                    w.text_view(description, "item_image_description", height=50),
                                ],
                                rid="item_text_container",
                            )
                        ],
                        rid="item_image_content",
                    ),
                ],
                height=420,
                selected=ui.get("selected") == i,
                on_click=w.bind(self._select, i),
            )
            for i, (name, description) in enumerate(ui["cards"])
        ]
        body = w.relative_layout(
            [
                w.list_view(
                    cards,
                    rid="rv",
                    cls="android.support.v7.widget.RecyclerView",
                    scroll_key="first_visible",
                )
            ],
            rid="frame_container",
        )
        content = View(
            cls="com.mikepenz.materialdrawer.view.ScrimInsetsFrameLayout",
            resource_id="content_layout",
            children=[w.relative_layout([bar, body])],
        )
        drawer = self._drawer() if ui["drawer"] else None
        root = w.drawer_layout(
            content,
            drawer,
            rid="material_drawer_layout",
            cls="android.support.v4.widget.DrawerLayout",
        )
        return Screen(content=root)

    def _drawer_item(self, title: str, description: str, activity: str) -> View:
        """A ``PrimaryDrawerItem`` (``material_drawer_item_primary.xml``): icon, name and, when
        it has one, the description (72 dp high with it, 56 dp without)."""
        texts = [w.text_view(title, "material_drawer_name", height=100 if description else 147)]
        if description:
            texts.append(w.text_view(description, "material_drawer_description", height=89))
        return w.linear_layout(
            [
                w.image_view("material_drawer_icon", width=150),
                w.linear_layout(texts),
            ],
            horizontal=True,
            height=189 if description else 147,
            on_click=w.bind(self._open_sample, activity),
        )

    def _drawer(self) -> View:
        rows = [self._drawer_item(title, desc, activity) for _i, title, desc, activity in DRAWER]
        rows.append(
            w.relative_layout(
                [View(cls="android.view.View", resource_id="material_drawer_divider")], height=22
            )
        )
        rows.append(self._drawer_item("Open Source", "", LIBRARIES))
        listing = w.list_view(
            rows,
            rid="material_drawer_recycler_view",
            cls="android.support.v7.widget.RecyclerView",
            scroll_key="drawer_scroll",
        )
        return View(
            cls="com.mikepenz.materialize.view.ScrimInsetsRelativeLayout",
            resource_id="material_drawer_slider_layout",
            layout=FRAME,
            width=840,
            gravity="start",
            children=[listing],
        )

    # -- handlers ----------------------------------------------------------------------------
    def _open_sample(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["drawer"] = False  # withCloseOnClick (default true)
        ctx.start_activity(activity)

    def _select(self, ctx: AppContext, index: int) -> None:
        # withSelectable(true), single selection: the tapped card becomes the selected one.
        ctx.ui["selected"] = None if ctx.ui.get("selected") == index else index

    def _menu(self, ctx: AppContext, title: str) -> None:
        """SampleActivity.onOptionsItemSelected: Add and Move at the first visible position,
        Change and Delete on the selection."""
        ui = ctx.ui
        cards = ui["cards"]
        first = int(ui.get("first_visible", 0))
        selected = ui.get("selected")
        if title == "Add":
            # ImageDummyData.getDummyItem picks one of three at random; the model, the first.
            cards.insert(min(first + 1, len(cards)), ["NEW", "Newly added item"])
            if selected is not None and selected > first:
                ui["selected"] = selected + 1
        elif title == "Move" and len(cards) > first + 3:
            cards.insert(first + 3, cards.pop(first + 1))
            ui["selected"] = None
        elif title == "Change" and selected is not None:
            cards[selected] = ["CHANGED", "This item was modified"]
        elif title == "Delete" and selected is not None:
            del cards[selected]
            ui["selected"] = None
