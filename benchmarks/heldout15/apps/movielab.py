"""MovieLab 2.0.6 (``com.example.movielab``), with bug MovieLab#26.

Sources read: github.com/ErfanRht/MovieLab at commit a0e45c9 (2022-09-03, pubspec
``version: 2.0.6``), the last commit before the report; the fix is commit 00c3de9 ("fix: #26").

MovieLab is a Flutter app: one ``.MainActivity`` whose pages are Flutter routes. In a
``uiautomator`` dump Flutter's semantics show labels as ``content-desc`` on ``android.view.View``
nodes and buttons as ``android.widget.Button``, with no resource-ids; the model renders it so.

Pages (``lib/pages``):
- the main page (``main/main_page.dart``): a FlashyTabBar with Home, Search, Lists, Profile;
- Home (``main/home/home_page.dart``): the navbar ("MovieLab" opens About, the search icon
  switches to Search), rows "Trending Movies", "Trending TV Shows", "Currently In Theatres",
  then "Your Watchlist" / "Your Collection" when those lists are not empty, each with
  "Show All" and compressed item boxes (rating, title, year, crew). A tap on a box opens the
  show page; a long press opens the lists sheet;
- the lists sheet (``shared/show_popup/lists_popup/show_list_popup_actions.dart``): "Mark as
  watched" / "Watched", "Add to watchlist" / "Listed on watchlist", "Add to collection" /
  "Collected". Adding saves the show, closes the sheet and shows the in-app toast
  (``widgets/toast.dart``) "Saved to <List>" with the button "See list"; removing shows
  "Ramoved from <List>" [sic] with "Undo";
- the show page (``show/show_page``): a stub with the title, back, and the bottom bar's list icon
  (an unlabelled InkWell) that opens the same lists sheet;
- Lists (``main/lists/lists.dart``): tabs Watchlist / History / Collection, each the saved shows
  or "You haven't saved anything in your <list> yet!";
- the list page (``main/profile/sections/list_page/list_page.dart``): what "See list" opens in
  the fixed version: a back arrow, the list's name, its shows;
- Search, Profile, About, "Show All": stubs with a title.

The bug (MovieLab#26, non-crash): in 2.0.6 the toast's "See list" button is built with
``buttonOnTap: () {}`` in ``handleOnTap`` of ``show_list_popup_actions.dart`` (and in
``watchtime.dart``), so tapping it does nothing; the fix makes it push ``ListPage(listName)``.
"Undo" is also ``() {}`` in 2.0.6 (inert in the model too). The oracle: "See list" was tapped
and no list page was opened.

Stubbed / uncertain: the splash screen (it loads the home data from the network and moves on
at once; the model starts on the main page); network content (IMDb trending lists) is fixed
data below; "Mark as watched" opens the watch-time sheet, modelled as saving to History at
once; the toast lasts 3 s in the app, in the model it stays until the next tap; the
FlashyTabBar's semantics are assumed to be one node per item labelled with its title.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.example.movielab"
MAIN = ".MainActivity"
TABS = ("Home", "Search", "Lists", "Profile")
LISTS = ("watchlist", "history", "collection")

# Fixed network content: IMDb trending lists of early September 2022.
SHOWS: dict[str, dict[str, str]] = {
    "tt12593682": {
        "title": "Bullet Train",
        "year": "2022",
        "rating": "7.4",
        "crew": "David Leitch (dir.), Brad Pitt, Joey King",
        "type": "Movie",
    },
    "tt1745960": {
        "title": "Top Gun: Maverick",
        "year": "2022",
        "rating": "8.4",
        "crew": "Joseph Kosinski (dir.), Tom Cruise, Jennifer Connelly",
        "type": "Movie",
    },
    "tt10954652": {
        "title": "Beast",
        "year": "2022",
        "rating": "5.6",
        "crew": "Baltasar Kormákur (dir.), Idris Elba, Sharlto Copley",
        "type": "Movie",
    },
    "tt11198330": {
        "title": "House of the Dragon",
        "year": "2022",
        "rating": "8.7",
        "crew": "Paddy Considine, Matt Smith",
        "type": "TV Series",
    },
    "tt7631058": {
        "title": "The Lord of the Rings: The Rings of Power",
        "year": "2022",
        "rating": "6.9",
        "crew": "Morfydd Clark, Ismael Cruz Cordova",
        "type": "TV Series",
    },
    "tt10857160": {
        "title": "She-Hulk: Attorney at Law",
        "year": "2022",
        "rating": "5.3",
        "crew": "Tatiana Maslany, Mark Ruffalo",
        "type": "TV Series",
    },
}
TRENDING_MOVIES = ("tt12593682", "tt1745960", "tt10954652")
TRENDING_SHOWS = ("tt11198330", "tt7631058", "tt10857160")
IN_THEATERS = ("tt10954652", "tt12593682")


def _col(children: list[View], **kw: Any) -> View:
    """A Flutter column: an ``android.view.View`` stacking ``children``."""
    return View(cls="android.view.View", children=children, **kw)


def box_desc(show_id: str) -> str:
    """The merged semantics label of a CompressedItemBox (rating, title, year, crew)."""
    s = SHOWS[show_id]
    return f"{s['rating']}\n{s['title']}\n ({s['year']})\n{s['crew']}"


def _oracle_26(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """'See list' was tapped on the toast and no list page opened."""
    tap = data.get("see_list_tap") or {}
    return bool(tap) and not tap.get("opened", False)


BOX_BULLET = box_desc("tt12593682")


def _long(desc: str) -> dict[str, Any]:
    return {"kind": "long_click", "target": {"content_desc": desc}}


def _tap(desc: str) -> dict[str, Any]:
    return {"kind": "click", "target": {"content_desc": desc}}


HUMAN_STEPS_26 = (
    _long(BOX_BULLET),
    _tap("Add to watchlist"),
    _tap("See list"),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "MovieLab#26": [
        # Added, but "See list" never tapped.
        [_long(BOX_BULLET), _tap("Add to watchlist")],
        # The list opened from the Lists tab instead of the toast.
        [_long(BOX_BULLET), _tap("Add to watchlist"), _tap("Lists")],
        # Removed again: the toast offers "Undo", not "See list".
        [
            _long(BOX_BULLET),
            _tap("Add to watchlist"),
            _long(BOX_BULLET),
            _tap("Listed on watchlist"),
            _tap("Undo"),
        ],
        # The sheet dismissed with Back, nothing added.
        [_long(BOX_BULLET), {"kind": "press_back"}],
    ],
}


class MovieLab(VirtualApp):
    """MovieLab 2.0.6: the home page, the lists sheet and its toast, the Lists tab."""

    name: ClassVar[str] = "MovieLab"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "MovieLab"
    version: ClassVar[str] = "2.0.6"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "MovieLab#26",
            "non-crash",
            '"See list" button displayed after adding movies to watchlist doesn\'t work',
            _oracle_26,
            human_steps=HUMAN_STEPS_26,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"lists": {name: [] for name in LISTS}, "see_list_tap": None}

    # -- navigation (Flutter routes live in the activity: ctx.ui) ------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("tab", 0)
        ctx.ui.setdefault("routes", [])
        ctx.ui.setdefault("lists_tab", 0)

    def _push(self, ctx: AppContext, route: dict[str, Any]) -> None:
        ctx.ui["toast"] = None
        ctx.ui["sheet"] = None
        ctx.ui["routes"] = [*ctx.ui.get("routes", []), route]

    def _pop(self, ctx: AppContext) -> None:
        ctx.ui["toast"] = None
        ctx.ui["routes"] = ctx.ui.get("routes", [])[:-1]

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("sheet"):
            ctx.ui["sheet"] = None
            return True
        if ctx.ui.get("routes"):
            self._pop(ctx)
            return True
        ctx.ui["toast"] = None
        return False

    def _select_tab(self, ctx: AppContext, i: int) -> None:
        ctx.ui["toast"] = None
        ctx.ui["tab"] = i

    # -- lists ---------------------------------------------------------------------------
    def _in(self, ctx: AppContext, list_name: str, show_id: str) -> bool:
        return show_id in ctx.data["lists"][list_name]

    def _open_sheet(self, ctx: AppContext, show_id: str) -> None:
        ctx.ui["toast"] = None
        ctx.ui["sheet"] = show_id

    def _toggle(self, ctx: AppContext, list_name: str) -> None:
        show_id = ctx.ui.get("sheet")
        if not show_id:
            return
        saved = ctx.data["lists"][list_name]
        ctx.ui["sheet"] = None
        label = list_name.capitalize()
        if show_id not in saved:
            saved.append(show_id)
            ctx.ui["toast"] = {"text": f"Saved to {label}", "button": "See list", "list": list_name}
        else:
            saved.remove(show_id)
            ctx.ui["toast"] = {"text": f"Ramoved from {label}", "button": "Undo", "list": list_name}

    def see_list(self, ctx: AppContext, list_name: str) -> None:
        """The toast's "See list": ``buttonOnTap: () {}`` in 2.0.6 (the bug)."""
        ctx.data["see_list_tap"] = {"list": list_name, "opened": False}

    def _toast_button(self, ctx: AppContext) -> None:
        toast = ctx.ui.get("toast") or {}
        if toast.get("button") == "See list":
            self.see_list(ctx, toast["list"])
        # "Undo" is ``() {}`` as well in 2.0.6: nothing happens.

    # -- rendering -----------------------------------------------------------------------
    def _box(self, show_id: str) -> View:
        return View(
            cls="android.view.View",
            content_desc=box_desc(show_id),
            width=400,
            height=600,
            on_click=w.bind(self._push, {"page": "show", "id": show_id}),
            on_long_click=w.bind(self._open_sheet, show_id),
        )

    def _row(self, title: str, ids: list[str] | tuple[str, ...]) -> View:
        return _col(
            [
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=110,
                    children=[
                        w.flutter_text(title),
                        View(
                            cls="android.widget.Button",
                            content_desc="Show All",
                            on_click=w.bind(self._push, {"page": "all", "title": title}),
                        ),
                    ],
                ),
                View(
                    cls="android.widget.HorizontalScrollView",
                    layout=HORIZONTAL,
                    scrollable=True,
                    height=600,
                    children=[self._box(i) for i in ids[:10]],
                ),
            ],
            weight=0,
        )

    def _home(self, ctx: AppContext) -> View:
        rows = [
            self._row("Trending Movies", TRENDING_MOVIES),
            self._row("Trending TV Shows", TRENDING_SHOWS),
            self._row("Currently In Theatres", IN_THEATERS),
        ]
        for name, title in (("watchlist", "Your Watchlist"), ("collection", "Your Collection")):
            if ctx.data["lists"][name]:
                rows.append(self._row(title, ctx.data["lists"][name]))
        rows.append(w.flutter_text("Popular Companies", height=110))
        navbar = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=200,
            children=[
                w.flutter_button("MovieLab", w.bind(self._push, {"page": "about"})),
                View(
                    cls="android.widget.Button",
                    width=150,
                    on_click=w.bind(self._select_tab, 1),
                ),
            ],
        )
        return _col([navbar, w.scroll_view(rows)])

    def _saved_rows(self, ctx: AppContext, list_name: str) -> list[View]:
        ids = list(reversed(ctx.data["lists"][list_name]))
        return [
            View(
                cls="android.view.View",
                content_desc=f"{SHOWS[i]['title']}\n{SHOWS[i]['year']}\n{SHOWS[i]['rating']}",
                on_click=w.bind(self._push, {"page": "show", "id": i}),
            )
            for i in ids
        ]

    def _lists_tab(self, ctx: AppContext) -> View:
        current = ctx.ui.get("lists_tab", 0)
        name = LISTS[current]
        tabs = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            children=[
                View(
                    cls="android.view.View",
                    content_desc=f"{label}\nTab {i + 1} of 3",
                    selected=i == current,
                    on_click=w.bind(self._set_lists_tab, i),
                )
                for i, label in enumerate(("Watchlist", "History", "Collection"))
            ],
        )
        body = self._saved_rows(ctx, name) or [
            w.flutter_text(f"You haven't saved anything in your {name} yet!")
        ]
        return _col([tabs, w.scroll_view(body)])

    def _set_lists_tab(self, ctx: AppContext, i: int) -> None:
        ctx.ui["toast"] = None
        ctx.ui["lists_tab"] = i

    def _route_page(self, ctx: AppContext, route: dict[str, Any]) -> View:
        back = w.flutter_button("Back", self._pop)
        page = route["page"]
        if page == "show":
            show = SHOWS[route["id"]]
            return _col(
                [
                    back,
                    w.flutter_text(show["title"]),
                    w.flutter_text(f"{show['type']} · {show['year']} · {show['rating']}"),
                    w.flutter_text(show["crew"]),
                    View(
                        cls="android.view.View",
                        layout=HORIZONTAL,
                        children=[
                            View(
                                cls="android.view.View",
                                width=130,
                                on_click=w.bind(self._open_sheet, route["id"]),
                            ),
                            View(cls="android.view.View", width=130, on_click=lambda c: None),
                            View(cls="android.view.View", width=130, on_click=lambda c: None),
                            View(cls="android.view.View", width=130, on_click=lambda c: None),
                        ],
                    ),
                ]
            )
        if page == "list":
            name = route["list"]
            return _col(
                [
                    View(
                        cls="android.view.View",
                        layout=HORIZONTAL,
                        children=[back, w.flutter_text(name.capitalize())],
                    ),
                    w.scroll_view(
                        self._saved_rows(ctx, name)
                        or [w.flutter_text(f"You haven't add anything in your {name} yet!")]
                    ),
                ]
            )
        title = {"about": "About", "all": route.get("title", "")}.get(page, page)
        return _col([back, w.flutter_text(title)])

    def _sheet(self, ctx: AppContext, show_id: str) -> Window:
        def row(list_name: str, text: str, active_text: str) -> View:
            active = self._in(ctx, list_name, show_id)
            return w.flutter_button(
                active_text if active else text, w.bind(self._toggle, list_name), height=150
            )

        root = View(
            cls="android.view.View",
            weight=0,
            children=[
                row("history", "Mark as watched", "Watched"),
                row("watchlist", "Add to watchlist", "Listed on watchlist"),
                row("collection", "Add to collection", "Collected"),
            ],
        )
        return Window(root=root, kind="sheet", on_dismiss=self._close_sheet)

    def _close_sheet(self, ctx: AppContext) -> None:
        ctx.ui["sheet"] = None

    def render(self, ctx: AppContext) -> Screen:
        routes = ctx.ui.get("routes", [])
        if routes:
            body = self._route_page(ctx, routes[-1])
        else:
            tab = ctx.ui.get("tab", 0)
            if tab == 0:
                page = self._home(ctx)
            elif tab == 2:
                page = self._lists_tab(ctx)
            else:
                page = _col([w.flutter_text(TABS[tab])])
            bar = View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=190,
                children=[
                    View(
                        cls="android.view.View",
                        content_desc=label,
                        selected=i == tab,
                        on_click=w.bind(self._select_tab, i),
                    )
                    for i, label in enumerate(TABS)
                ],
            )
            body = _col([page, bar])
        children = [body]
        toast = ctx.ui.get("toast")
        if toast:
            children.append(
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=140,
                    children=[
                        w.flutter_text(toast["text"]),
                        w.flutter_button(toast["button"], self._toast_button),
                    ],
                )
            )
        windows = []
        if ctx.ui.get("sheet"):
            windows.append(self._sheet(ctx, ctx.ui["sheet"]))
        return Screen(content=_col(children), windows=windows)
