"""Transportr (``de.grobox.liberario``) 2.2.2, for Transportr#972 (a report in German).

Modelled from the sources at tag ``2.2.2`` (``AndroidManifest.xml``,
``res/layout/activity_pick_transport_network.xml``, ``list_item_transport_continent.xml``,
``list_item_transport_network.xml``, ``activity_map.xml``, ``fragment_map.xml``,
``location_view.xml``, ``fragment_favorites.xml``, ``list_item_special_favorite.xml``,
``res/values/strings.xml``, ``networks/TransportNetworks.kt``,
``locations/LocationView.kt``, ``SuggestLocationsTask.java``, ``app/build.gradle``) and the fix,
commit ``38e3560`` (build.gradle):

- a fresh install opens "Choose Area" (``PickTransportNetworkActivity``): the first-run text
  (``firstRunTextView``) above the list of continents; a continent expands into its countries,
  a country into its networks (name, status, description). The model holds an excerpt of
  ``TransportNetworks.kt``: Europe (the pan-European networks, Germany, Austria, Switzerland),
  North America and Oceania with a few networks each, the other continents collapsed (their
  networks are not modelled);
- picking a network opens the map (``MapActivity``): the map (tiles need the network: an empty
  ``MapView`` with its attribution), the search card (the drawer button ``menu`` "Open", the
  ``LocationView``: ``statusButton``, the ``location`` field "Search here" and ``clearButton``),
  the GPS and directions FABs, and the favourites sheet with "Home" and "Work" ("Tap to set"),
  which open the "Set Home Location" / "Set Work Location" dialogs holding their own
  ``LocationView``.

The bug (Transportr#972, "Die App stürzt bei einer Texteingabe im Suchfeld ab"): 2.2.2's release
build was packaged without ``org.slf4j:slf4j-api`` (build.gradle only constrained its version),
so the first location suggestion, which runs the network provider on an ``AsyncTask`` once at
least ``TYPING_THRESHOLD`` = 3 characters are typed, loads a provider class whose static logger
needs ``org.slf4j.LoggerFactory``: ``NoClassDefFoundError``, an ``Error`` the task's
``catch (Exception e)`` does not catch, so the app dies. Typing into the Home/Work dialogs does
the same (the report's "Zuhause"/"Arbeit"). The reporter's trace was not in the report (a
pastebin link); the frames are the model's, in the app's and the library's real classes. No
network is needed: the crash comes before any request.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "de.grobox.liberario"
PICK = "de.grobox.transportr.networks.PickTransportNetworkActivity"
MAP = "de.grobox.transportr.map.MapActivity"
TYPING_THRESHOLD = 3  # LocationAdapter.TYPING_THRESHOLD
FIRST_RUN = (
    "Welcome to Transportr!\n\nPlease select the transportation network from your area in order "
    "to continue. You can change this at any time."
)
# An excerpt of TransportNetworks.kt: continent -> country (flag) -> (name, description, status).
NETWORKS: tuple[tuple[str, tuple[tuple[str, tuple[tuple[str, str, str], ...]], ...]], ...] = (
    (
        "Europe",
        (
            (
                "🇪🇺 Europe",
                (
                    ("Europe", "Long-distance trains only", ""),
                    ("Deutsche Bahn", "Long distance connections in Europe", ""),
                ),
            ),
            (
                "🇩🇪 Germany",
                (
                    ("Deutsche Bahn", "Most of Germany", ""),
                    ("BVG", "Berlin", ""),
                    ("VBB", "Brandenburg, Berlin", ""),
                    ("BEG", "Bavaria, Würzburg, Regensburg", ""),
                    ("MVV", "Bavaria, Munich", ""),
                ),
            ),
            ("🇦🇹 Austria", (("ÖBB", "Austria", ""),)),
            ("🇨🇭 Switzerland", (("SBB", "Switzerland", ""),)),
        ),
    ),
    ("Africa", ()),
    ("North America", (("🇺🇸 United States of America", (("RTA", "Chicago", "beta"),)),)),
    ("Central America", ()),
    ("South America", ()),
    ("Asia", ()),
    ("Oceania", (("🇦🇺 Australia", (("Sydney", "Australia, New South Wales, Sydney", ""),)),)),
)

FRAMES = (
    "de.schildbach.pte.AbstractNetworkProvider.<clinit>(AbstractNetworkProvider.java:52)",
    "de.schildbach.pte.DbProvider.<init>(DbProvider.java:69)",
    "de.grobox.transportr.networks.TransportNetworksKt$networks$1.invoke(TransportNetworks.kt:52)",
    "de.grobox.transportr.networks.TransportNetwork.getNetworkProvider(TransportNetwork.kt:81)",
    "de.grobox.transportr.locations.SuggestLocationsTask.doInBackground("
    "SuggestLocationsTask.java:48)",
    "de.grobox.transportr.locations.SuggestLocationsTask.doInBackground("
    "SuggestLocationsTask.java:32)",
    "android.os.AsyncTask$3.call(AsyncTask.java:394)",
    "java.util.concurrent.FutureTask.run(FutureTask.java:264)",
    "android.os.AsyncTask$SerialExecutor$1.run(AsyncTask.java:305)",
    "java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1145)",
    "java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:644)",
    "java.lang.Thread.run(Thread.java:1012)",
)


def _missing_slf4j() -> JavaException:
    error = JavaException(
        "java.lang.NoClassDefFoundError",
        "Failed resolution of: Lorg/slf4j/LoggerFactory;",
        frames=list(FRAMES),
    )
    return JavaException(
        "java.lang.RuntimeException",
        "An error occurred while executing doInBackground()",
        frames=[
            "android.os.AsyncTask$4.done(AsyncTask.java:415)",
            "java.util.concurrent.FutureTask.finishCompletion(FutureTask.java:381)",
            "java.util.concurrent.FutureTask.setException(FutureTask.java:250)",
            "java.util.concurrent.FutureTask.run(FutureTask.java:269)",
            *FRAMES[8:],
        ],
        cause=error,
    )


def _crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, "", "doInBackground")


def _click_text(text: str, rid: str = "name") -> dict[str, Any]:
    return click(PACKAGE, rid, text, cls="android.widget.TextView")


BUG_972 = BugSpec(
    bug_id="Transportr#972",
    kind="crash",
    title="Die App stürzt bei einer Texteingabe im Suchfeld ab",
    oracle=_crashed,
    human_steps=(
        _click_text("Europe"),
        _click_text("🇩🇪 Germany"),
        _click_text("Deutsche Bahn"),
        {
            "kind": "click",
            "target": {
                "resource_id": f"{PACKAGE}:id/location",
                "text": "",
                "content_desc": "",
                "class_name": "android.widget.AutoCompleteTextView",
            },
        },
        {
            "kind": "input_text",
            "target": {
                "resource_id": f"{PACKAGE}:id/location",
                "text": "",
                "content_desc": "",
                "class_name": "android.widget.AutoCompleteTextView",
            },
            "text": "Berlin",
        },
    ),
)


class Transportr222(VirtualApp):
    """Transportr 2.2.2 (see the module docstring)."""

    name: ClassVar[str] = "Transportr"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Transportr"
    version: ClassVar[str] = "2.2.2"
    launch_activity: ClassVar[str] = MAP
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_972,)
    # 2.2.2's release build lacks slf4j: the first suggestion request kills the app.
    SLF4J_MISSING: ClassVar[bool] = True

    def initial_data(self) -> dict[str, Any]:
        return {"network": None, "home": None, "work": None}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAP:
            ui.setdefault("search", "")
            ui.setdefault("dialog", None)  # None | "home" | "work" (with "dialog_text")
            ui.setdefault("dialog_text", "")
            if ctx.data["network"] is None and not ui.get("picking"):
                # MapActivity starts PickTransportNetworkActivity while no network is chosen.
                ui["picking"] = True
                ctx.start_activity(PICK)
        elif ctx.activity == PICK:
            ui.setdefault("open", [])  # expanded continent and country names

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PICK:
            return self._render_pick(ctx)
        return self._render_map(ctx)

    def _render_pick(self, ctx: AppContext) -> Screen:
        opened = ctx.ui["open"]
        rows: list[View] = []
        for continent, countries in NETWORKS:
            rows.append(
                View(
                    cls="android.view.ViewGroup",
                    resource_id="list_item_transport_continent",
                    layout=HORIZONTAL,
                    height=168,
                    on_click=w.bind(self._toggle, continent),
                    children=[
                        w.image_view("contour", width=168),
                        w.text_view(continent, "name", height=168),
                        w.image_view("chevron", width=126),
                    ],
                )
            )
            if continent not in opened:
                continue
            for country, networks in countries:
                rows.append(
                    View(
                        cls="android.view.ViewGroup",
                        resource_id="list_item_transport_country",
                        layout=HORIZONTAL,
                        height=147,
                        on_click=w.bind(self._toggle, country),
                        children=[w.text_view(country, "name", height=147)],
                    )
                )
                if country not in opened:
                    continue
                for name, desc, status in networks:
                    rows.append(
                        View(
                            cls="android.view.ViewGroup",
                            resource_id="list_item_transport_network",
                            layout=HORIZONTAL,
                            height=189,
                            on_click=w.bind(self._pick, name),
                            children=[
                                w.image_view("logo", "Network", width=168),
                                w.linear_layout(
                                    [
                                        w.text_view(name, "name"),
                                        w.text_view(status, "status", height=40),
                                        w.text_view(desc, "desc"),
                                    ]
                                ),
                            ],
                        )
                    )
        bar = w.toolbar("Choose Area", rid="toolbar")
        content = w.linear_layout(
            [
                bar,
                w.text_view(FIRST_RUN, "firstRunTextView", height=330),
                w.list_view(rows, rid="list", cls="androidx.recyclerview.widget.RecyclerView"),
            ]
        )
        return Screen(content=content)

    def _location_view(self, text: str, hint: str, on_text: Any) -> View:
        """``location_view.xml``: status icon, the auto-complete field, clear button."""
        return w.linear_layout(
            [
                w.image_view("statusButton", "Open Navigation Drawer", width=126),
                w.edit_text(
                    "location",
                    text,
                    on_text,
                    hint=hint,
                    cls="android.widget.AutoCompleteTextView",
                ),
                *(
                    [w.image_button("clearButton", "Clear Location", self._clear, width=126)]
                    if text
                    else []
                ),
            ],
            horizontal=True,
            height=147,
        )

    def _render_map(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        card = View(
            cls="androidx.cardview.widget.CardView",
            layout=HORIZONTAL,
            height=147,
            children=[
                w.image_button("menu", "Open", lambda c: c.toast("Drawer"), width=126),
                self._location_view(ui["search"], "Search here", self._search_typed),
            ],
        )
        map_view = w.frame_layout(
            [
                View(cls="android.view.View", resource_id="map"),
                w.text_view("© OpenStreetMap contributors", "attribution", gravity="bottom"),
                w.fab("gpsFab", "", lambda c: c.toast("Location unavailable"), size=147),
            ],
            layout=FRAME,
        )

        def favorite(key: str, title: str) -> View:
            chosen = ctx.data[key]
            return View(
                cls="androidx.cardview.widget.CardView",
                height=189,
                on_click=w.bind(self._open_dialog, key),
                children=[
                    View(
                        cls="android.view.ViewGroup",
                        layout=HORIZONTAL,
                        children=[
                            w.image_view("logo", width=147),
                            w.linear_layout(
                                [
                                    w.text_view(title, "title"),
                                    w.text_view(chosen or "Tap to set", "description"),
                                ]
                            ),
                            w.image_button("overflowButton", "More", None, width=126),
                        ],
                    )
                ],
            )

        sheet = w.frame_layout(
            [
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="favorites",
                    children=[favorite("home", "Home"), favorite("work", "Work")],
                )
            ],
            rid="bottomSheet",
            height=420,
        )
        content = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            children=[card, map_view, sheet],
        )
        windows: list[Window] = []
        if ui["dialog"] is not None:
            title = "Set Home Location" if ui["dialog"] == "home" else "Set Work Location"
            windows.append(
                Window(
                    root=w.linear_layout(
                        [self._location_view(ui["dialog_text"], title, self._dialog_typed)],
                        weight=0,
                    ),
                    on_dismiss=lambda c: c.ui.update(dialog=None, dialog_text=""),
                )
            )
        root = w.frame_layout([content, w.fab("directionsFab", "Directions", None)], layout=FRAME)
        return Screen(content=root, windows=windows)

    # -- handlers ----------------------------------------------------------------------------
    def _toggle(self, ctx: AppContext, name: str) -> None:
        opened = ctx.ui["open"]
        w.toggle(opened, name)

    def _pick(self, ctx: AppContext, network: str) -> None:
        ctx.data["network"] = network
        ctx.finish()

    def _suggest(self, ctx: AppContext, text: str) -> None:
        """LocationView.onContentChanged → SuggestLocationsTask: the provider runs once the
        text reaches the typing threshold."""
        if len(text) >= TYPING_THRESHOLD and ctx.data["network"] and self.SLF4J_MISSING:
            raise _missing_slf4j()

    def _search_typed(self, ctx: AppContext, text: str) -> None:
        ctx.ui["search"] = text
        self._suggest(ctx, text)

    def _dialog_typed(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog_text"] = text
        self._suggest(ctx, text)

    def _clear(self, ctx: AppContext) -> None:
        if ctx.ui["dialog"] is not None:
            ctx.ui["dialog_text"] = ""
        else:
            ctx.ui["search"] = ""

    def _open_dialog(self, ctx: AppContext, key: str) -> None:
        ctx.ui["dialog"] = key
        ctx.ui["dialog_text"] = ""
