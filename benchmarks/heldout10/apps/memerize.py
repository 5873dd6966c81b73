"""Memerize (SuhasDissa/MemerizeApp) 2.2, package ``app.suhasdissa.memerize``, with bug
MemerizeApp#14.

Sources read: tag v2.2, commit 495bcb5 (2023-08-09, versionName 2.2), and the fix 2ab4b41
("Improve titlebar design", the same day, in the re-uploaded 2.2 APK): ``MainActivity``,
``ui/MemerizeApp.kt`` (the modal drawer), ``NavHost.kt``, ``HomeScreen``, ``CommunityScreen``,
``SubredditScreen``, ``LemmyMemeScreen``, ``RedditMemeScreen``, ``SettingsScreen``,
``NavDrawerContent``, ``HighlightCard``, ``SubredditCard``, ``MemeGrid``, ``ImageCard``,
``LemmyViewModel``, ``LemmyCommunityViewModel``, ``LemmyCommunityRepository``, ``MemeDatabase``
(the six subreddits a fresh install has; no Lemmy community) and ``strings.xml``.

A Jetpack Compose app: no resource ids; texts and content descriptions as the sources give them.

Screens:

- Home ("Memerize", the drawer button "Open Navigation Drawer", "Multi Reddit Feed" while
  subreddits are selected by long click): the "Subreddits" cards, then "Lemmy Communities"
  with the communities the user added;
- the drawer: Home, Subreddits, Lemmy Communities, Settings (each pushed on the navigation
  stack; Back pops it);
- Lemmy Communities: the added communities (tap: an info sheet; "Remove subreddit" deletes),
  the "Add new community" button opening the "Add new RedditCommunity" dialog ("Instance Url"
  with the prefix "https://" and placeholder "lemmy.ml", "Community Name" with placeholder
  "memes", Cancel / Save); Save fetches the community, shows the sheet (its name and
  ``id@instance``, or "Failed to fetch Community info") and stores it on success;
- the feeds (``RedditMemeScreen``, ``LemmyMemeScreen``): the title, the Today / This Week /
  This Month buttons and the memes; a meme opens the photo view (stub: "Download Photo",
  "Share Photo");
- Subreddits, Settings and About: small stubs.

The bug (#14, non-crash): ``LemmyMemeScreen``'s top bar is ``"Lemmy - ${currentCommunity}"``,
where ``currentCommunity`` is the ``LemmyCommunity`` data class, so the title shows its
``toString()``: ``Lemmy - LemmyCommunity(id=..., instance=..., iconUrl=..., name=...)``. The Reddit
feed shows ``"Reddit - <subreddit>"`` (a String) correctly. The fix shows the community's name.
The shown title is also kept in ``data["lemmy_feed_title"]`` for the oracle.

Network content replaced by fixed data: the Lemmy API's community lookups (a few known
communities answer, with invented icon URLs; any other instance/name fails as an unknown one
would), the subreddit lookups and every feed's memes. Uncertain: whether Back closes the
Material 3 drawer in this release (modelled as closing it).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "app.suhasdissa.memerize"
MAIN = ".MainActivity"
DRAWER_DESC = "Open Navigation Drawer"

SUBREDDITS: list[dict[str, str]] = [
    {"id": "maybemaybemaybe", "name": "Maybe Maybe Maybe"},
    {"id": "holup", "name": "HolUP"},
    {"id": "funny", "name": "Funny"},
    {"id": "facepalm", "name": "FacePalm"},
    {"id": "memes", "name": "Memes"},
    {"id": "dankmemes", "name": "Dank Memes"},
]
# Subreddits the fixed about-lookup knows besides the defaults: id -> display name.
KNOWN_SUBREDDITS = {"programmerhumor": "ProgrammerHumor", "wholesomememes": "wholesome memes"}
# Lemmy communities the fixed lookup knows: (instance, name) -> icon URL.
KNOWN_COMMUNITIES: dict[tuple[str, str], str] = {
    ("lemmy.ml", "memes"): "https://lemmy.ml/pictrs/image/0b9b7b65-memes-icon.png",
    ("lemmy.ml", "asklemmy"): "https://lemmy.ml/pictrs/image/5b2f0c0e-asklemmy-icon.png",
    ("lemmy.ml", "technology"): "https://lemmy.ml/pictrs/image/9c1d3a7f-technology-icon.png",
    ("lemmy.world", "memes"): "https://lemmy.world/pictrs/image/a3c1e2d4-memes-icon.webp",
    ("lemmy.world", "comicstrips"): "https://lemmy.world/pictrs/image/7e4f1b2c-comics-icon.png",
    ("programming.dev", "programmer_humor"): "https://programming.dev/pictrs/image/ph-icon.png",
}
MEME_TITLES = (
    "When the code works on the first try",
    "Monday morning standup",
    "Me explaining my side project",
)
DRAWER_ITEMS = (
    ("Home", "home"),
    ("Subreddits", "subreddits"),
    ("Lemmy Communities", "communities"),
    ("Settings", "settings"),
)
TRANSIENT = ("dialog", "sheet", "selected", "new_instance", "new_community", "new_subreddit")


def _community_string(community: dict[str, Any]) -> str:
    """Kotlin's data-class ``toString()`` of a ``LemmyCommunity``."""
    icon = community["iconUrl"] if community["iconUrl"] is not None else "null"
    return (
        f"LemmyCommunity(id={community['id']}, instance={community['instance']}, "
        f"iconUrl={icon}, name={community['name']})"
    )


def _oracle_14(data: dict[str, Any], system: dict[str, Any]) -> bool:
    title = data.get("lemmy_feed_title")
    return bool(title) and "LemmyCommunity(" in str(title)


def _tap(text: str = "", desc: str = "") -> dict[str, Any]:
    return click(PACKAGE, text=text, desc=desc)


_DRAWER = _tap(desc=DRAWER_DESC)
_ADD = _tap(desc="Add new community")
_INSTANCE = input_text(PACKAGE, "", "lemmy.ml", hint="Instance Url")
_COMMUNITY = input_text(PACKAGE, "", "memes", hint="Community Name")
_SAVE = _tap("Save")
_BACK: dict[str, Any] = {"kind": "press_back"}
_SWIPE_UP: dict[str, Any] = {"kind": "swipe", "direction": "up"}
_ADD_COMMUNITY = [_DRAWER, _tap("Lemmy Communities"), _ADD, _INSTANCE, _COMMUNITY, _SAVE]

BUG_14 = BugSpec(
    bug_id="MemerizeApp#14",
    kind="non-crash",
    title="Titlebar text showing unnecessary info in lemmy feed",
    oracle=_oracle_14,
    human_steps=(*_ADD_COMMUNITY, _BACK, _BACK, _SWIPE_UP, _tap("memes")),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "MemerizeApp#14": [
        # A subreddit's feed: "Reddit - funny".
        [_tap("Funny")],
        # The community added, but only its info sheet opened from the communities list.
        [*_ADD_COMMUNITY, _BACK, _tap("memes")],
        # Back on Home, but the subreddit "Memes" opened instead of the community.
        [*_ADD_COMMUNITY, _BACK, _BACK, _tap("Memes")],
        # The add dialog cancelled: no community on Home.
        [_DRAWER, _tap("Lemmy Communities"), _ADD, _INSTANCE, _COMMUNITY, _tap("Cancel"), _BACK],
        # The instance typed without its dot: the lookup fails and nothing is added.
        [
            _DRAWER,
            _tap("Lemmy Communities"),
            _ADD,
            input_text(PACKAGE, "", "lemmy", hint="Instance Url"),
            _COMMUNITY,
            _SAVE,
            _BACK,
            _BACK,
        ],
    ],
}


class Memerize(VirtualApp):
    """Memerize 2.2 (see the module docstring)."""

    name: ClassVar[str] = "MemerizeApp"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Memerize"
    version: ClassVar[str] = "2.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_14,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "subreddits": [dict(s) for s in SUBREDDITS],
            "communities": [],
            "lemmy_feed_title": None,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("stack", ["home"])
        ui.setdefault("drawer", False)
        ui.setdefault("reddit", None)
        ui.setdefault("lemmy", None)
        ui.setdefault("sort", "Today")
        ui.setdefault("photo", None)
        for key in TRANSIENT:
            ui.setdefault(key, [] if key == "selected" else None)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # remember {} state (dialogs, sheets, the selection, typed text) is not saveable.
        return {k: v for k, v in ctx.ui.items() if k not in TRANSIENT}

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui["drawer"]:
            ui["drawer"] = False
            return True
        if len(ui["stack"]) > 1:
            ui["stack"].pop()
            ui["selected"] = []
            return True
        return False

    # -- handlers ----------------------------------------------------------------------------
    def _navigate(self, ctx: AppContext, route: str) -> None:
        stack = ctx.ui["stack"]
        if stack[-1] != route:  # launchSingleTop
            stack.append(route)

    def _drawer_select(self, ctx: AppContext, route: str) -> None:
        ctx.ui["drawer"] = False
        self._navigate(ctx, route)

    def _open_subreddit(self, ctx: AppContext, sub_id: str) -> None:
        selected = ctx.ui["selected"]
        if selected:
            w.toggle(selected, sub_id)
            return
        ctx.ui.update(reddit=sub_id, sort="Today")
        self._navigate(ctx, "reddit")

    def _multi_feed(self, ctx: AppContext) -> None:
        ctx.ui.update(reddit=None, sort="Today")
        self._navigate(ctx, "reddit")

    def _open_community(self, ctx: AppContext, index: int) -> None:
        community = dict(ctx.data["communities"][index])
        ctx.ui.update(lemmy=community, sort="Today")
        # The top bar's text: "Lemmy - ${lemmyViewModel.currentCommunity}".
        ctx.data["lemmy_feed_title"] = f"Lemmy - {_community_string(community)}"
        self._navigate(ctx, "lemmy")

    def _community_info(self, instance: str, name: str) -> dict[str, Any] | None:
        icon = KNOWN_COMMUNITIES.get((instance.lower(), name.lower()))
        if icon is None:
            return None
        return {"id": name, "instance": instance, "iconUrl": icon, "name": name.lower()}

    def _save_community(self, ctx: AppContext) -> None:
        instance = ctx.ui["new_instance"] or ""
        name = ctx.ui["new_community"] or ""
        ctx.ui["dialog"] = None
        info = self._community_info(instance, name)
        if info is None:
            ctx.log("Lemmy Repository", "retrofit2.HttpException: HTTP 404 ", "E")
            ctx.ui["sheet"] = {"kind": "community", "ok": False, "id": name, "instance": instance}
            return
        ctx.ui["sheet"] = {"kind": "community", "ok": True, **info}
        communities = ctx.data["communities"]
        key = (info["id"], info["instance"])
        communities[:] = [c for c in communities if (c["id"], c["instance"]) != key]
        communities.append(info)

    def _community_card(self, ctx: AppContext, index: int) -> None:
        community = ctx.data["communities"][index]
        ctx.ui["sheet"] = {"kind": "community", "ok": True, **community}

    def _remove_community(self, ctx: AppContext, index: int) -> None:
        del ctx.data["communities"][index]

    def _save_subreddit(self, ctx: AppContext) -> None:
        sub_id = (ctx.ui["new_subreddit"] or "").strip()
        ctx.ui["dialog"] = None
        name = KNOWN_SUBREDDITS.get(sub_id.lower())
        if name is None:
            ctx.ui["sheet"] = {"kind": "subreddit", "ok": False, "id": sub_id}
            return
        ctx.ui["sheet"] = {"kind": "subreddit", "ok": True, "id": sub_id, "name": name}
        subs = ctx.data["subreddits"]
        if all(s["id"] != sub_id for s in subs):
            subs.append({"id": sub_id, "name": name})

    def _open_photo(self, ctx: AppContext, title: str) -> None:
        ctx.ui["photo"] = title
        self._navigate(ctx, "photo")

    def _leave_app(self, ctx: AppContext, what: str) -> None:
        ctx.memory.setdefault("left_app", []).append(what)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        route = ui["stack"][-1]
        if route == "home":
            page = self._home(ctx)
        elif route == "communities":
            page = self._communities(ctx)
        elif route == "subreddits":
            page = self._subreddits(ctx)
        elif route == "settings":
            page = self._settings()
        elif route == "about":
            page = self._about()
        elif route == "photo":
            page = self._photo(ctx)
        else:
            page = self._feed(ctx, route)
        layers = [page]
        if ui["drawer"]:
            layers.append(
                View(
                    cls="android.view.View",
                    on_click=lambda c: c.ui.update(drawer=False),
                    naf=True,
                )
            )
            layers.append(self._drawer(ctx))
        root = View(cls="androidx.compose.ui.platform.ComposeView", layout=FRAME, children=layers)
        return Screen(content=root, windows=self._windows(ctx))

    def _icon(self, desc: str, handler: Any, **kw: Any) -> View:
        return View(cls="android.view.View", content_desc=desc, on_click=handler, width=147, **kw)

    def _bar(self, title: str, *, drawer: bool = True, actions: list[View] | None = None) -> View:
        children: list[View] = []
        if drawer:
            children.append(self._icon(DRAWER_DESC, lambda c: c.ui.update(drawer=True)))
        children.append(w.text_view(title, gravity="center", height=147))
        children.extend(actions or [])
        return View(cls="android.view.View", layout=HORIZONTAL, height=170, children=children)

    def _card(
        self, text: str, handler: Any, *, long_click: Any = None, selected: bool = False
    ) -> View:
        return View(
            cls="android.view.View",
            height=336,
            on_click=handler,
            on_long_click=long_click,
            selected=selected,
            layout=HORIZONTAL,
            children=[w.text_view(text, gravity="center")],
        )

    def _page(self, bar: View, body: list[View], fab: View | None = None) -> View:
        column = View(cls="android.view.View", children=[bar, *body])
        return View(
            cls="android.view.View",
            layout=FRAME,
            children=[column] if fab is None else [column, fab],
        )

    def _home(self, ctx: AppContext) -> View:
        ui = ctx.ui
        selected = ui["selected"]
        actions = [self._icon("Multi Reddit Feed", self._multi_feed)] if selected else []
        rows: list[View] = [w.text_view("Subreddits", height=110)]
        for sub in ctx.data["subreddits"]:
            rows.append(
                self._card(
                    sub["name"],
                    w.bind(self._open_subreddit, sub["id"]),
                    long_click=w.bind(lambda c, s: w.toggle(c.ui["selected"], s), sub["id"]),
                    selected=sub["id"] in selected,
                )
            )
        rows.append(w.text_view("Lemmy Communities", height=110))
        for index, community in enumerate(ctx.data["communities"]):
            rows.append(self._card(community["name"], w.bind(self._open_community, index)))
        body = View(cls="android.view.View", scrollable=True, scroll_key="home", children=rows)
        return self._page(self._bar("Memerize", actions=actions), [body])

    def _compact_rows(self, items: list[tuple[str, Any, Any]]) -> View:
        rows = [
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=168,
                on_click=open_handler,
                children=[
                    w.text_view(title),
                    self._icon("Remove subreddit", remove_handler),
                ],
            )
            for title, open_handler, remove_handler in items
        ]
        return View(cls="android.view.View", scrollable=True, scroll_key="list", children=rows)

    def _communities(self, ctx: AppContext) -> View:
        items = [
            (
                c["name"],
                w.bind(self._community_card, i),
                w.bind(self._remove_community, i),
            )
            for i, c in enumerate(ctx.data["communities"])
        ]
        fab = w.fab(
            "",
            "Add new community",
            lambda c: c.ui.update(dialog="community", new_instance="", new_community=""),
            cls="android.view.View",
        )
        return self._page(self._bar("Lemmy Communities"), [self._compact_rows(items)], fab)

    def _subreddits(self, ctx: AppContext) -> View:
        subs = ctx.data["subreddits"]

        def remove(c: AppContext, sub_id: str) -> None:
            c.data["subreddits"][:] = [s for s in c.data["subreddits"] if s["id"] != sub_id]

        items = [(s["name"], None, w.bind(remove, s["id"])) for s in subs]
        fab = w.fab(
            "",
            "Add new subreddit",
            lambda c: c.ui.update(dialog="subreddit", new_subreddit=""),
            cls="android.view.View",
        )
        return self._page(self._bar("Subreddits"), [self._compact_rows(items)], fab)

    def _feed(self, ctx: AppContext, route: str) -> View:
        ui = ctx.ui
        if route == "lemmy":
            title = f"Lemmy - {_community_string(ui['lemmy'])}"
            show_sort = True
        else:
            title = f"Reddit - {ui['reddit']}" if ui["reddit"] else "Reddit"
            show_sort = ui["reddit"] is not None
        body: list[View] = []
        if show_sort:
            buttons = [
                View(
                    cls="android.widget.Button",
                    on_click=w.bind(lambda c, s: c.ui.update(sort=s), label),
                    children=[w.text_view(label)],
                )
                for label in ("Today", "This Week", "This Month")
            ]
            body.append(
                View(cls="android.view.View", layout=HORIZONTAL, height=170, children=buttons)
            )
        memes = [
            View(
                cls="android.view.View",
                height=700,
                on_click=w.bind(self._open_photo, t),
                children=[
                    w.text_view(t),
                    View(cls="android.view.View", content_desc="Meme Photo", height=560),
                ],
            )
            for t in MEME_TITLES
        ]
        body.append(
            View(cls="android.view.View", scrollable=True, scroll_key="memes", children=memes)
        )
        return self._page(self._bar(title, drawer=False), body)

    def _photo(self, ctx: AppContext) -> View:
        return View(
            cls="android.view.View",
            layout=FRAME,
            children=[
                View(cls="android.view.View", content_desc="Meme Photo"),
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=170,
                    gravity="bottom",
                    children=[
                        self._icon("Download Photo", lambda c: c.toast("Downloading Photo")),
                        self._icon("Share Photo", lambda c: self._leave_app(c, "share")),
                    ],
                ),
            ],
        )

    def _settings(self) -> View:
        rows = [
            View(
                cls="android.view.View",
                height=200,
                on_click=on_click,
                children=[w.text_view(title), w.text_view(desc)],
            )
            for title, desc, on_click in (
                (
                    "Download Location",
                    "Select Meme download location",
                    lambda c: self._leave_app(c, "document tree"),
                ),
                ("About", "Developer Contact", lambda c: self._navigate(c, "about")),
            )
        ]
        return self._page(self._bar("Settings"), rows)

    def _about(self) -> View:
        rows = [
            View(cls="android.view.View", height=200, children=[w.text_view(t), w.text_view(d)])
            for t, d in (
                ("README", "Check repository and README"),
                ("Latest Release", ""),
                ("Current Version", "2.2"),
                ("Github Issue", "Submit bug reports and feature requests"),
            )
        ]
        return self._page(self._bar("About", drawer=False), rows)

    def _drawer(self, ctx: AppContext) -> View:
        route = ctx.ui["stack"][-1]
        rows: list[View] = [w.text_view("Memerize", height=250)]
        for label, target in DRAWER_ITEMS:
            rows.append(
                View(
                    cls="android.view.View",
                    height=147,
                    selected=route == target and target != "settings",
                    on_click=w.bind(self._drawer_select, target),
                    children=[w.text_view(label)],
                )
            )
        return View(cls="android.view.View", width=656, children=rows)

    def _field(self, key: str, label: str, placeholder: str, prefix: str = "") -> View:
        def on_text(c: AppContext, text: str) -> None:
            c.ui[key] = text

        children: list[View] = []
        if prefix:
            children.append(w.text_view(prefix))
        return View(
            cls="android.widget.EditText",
            hint=label,
            extra={"placeholder": placeholder},
            on_text=on_text,
            children=children,
            height=190,
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        dialog = ui["dialog"]

        def close_dialog(c: AppContext) -> None:
            c.ui["dialog"] = None

        def button(text: str, handler: Any) -> View:
            return View(cls="android.widget.Button", on_click=handler, children=[w.text_view(text)])

        if dialog == "community":
            fields = [
                self._field("new_instance", "Instance Url", "lemmy.ml", prefix="https://"),
                self._field("new_community", "Community Name", "memes"),
            ]
            title = "Add new RedditCommunity"
            save = self._save_community
        elif dialog == "subreddit":
            fields = [
                self._field(
                    "new_subreddit", "Subreddit name from url", "maybemaybemaybe", prefix="r/"
                )
            ]
            title = "Add new Subreddit"
            save = self._save_subreddit
        if dialog:
            content = View(
                cls="android.view.View",
                children=[
                    w.text_view(title, height=140),
                    *fields,
                    View(
                        cls="android.view.View",
                        layout=HORIZONTAL,
                        height=150,
                        children=[button("Cancel", close_dialog), button("Save", save)],
                    ),
                ],
            )
            windows.append(Window(root=content, kind="dialog", on_dismiss=close_dialog))
        sheet = ui["sheet"]
        if sheet:
            if sheet["kind"] == "community":
                where = f"{sheet['id']}@{sheet['instance']}"
                texts = (
                    [w.text_view(sheet["name"]), w.text_view(where)]
                    if sheet["ok"]
                    else [w.text_view("Failed to fetch Community info"), w.text_view(where)]
                )
            else:
                where = f"r/{sheet['id']}"
                texts = (
                    [w.text_view(sheet["name"]), w.text_view(where)]
                    if sheet["ok"]
                    else [w.text_view("Failed to fetch subreddit Info"), w.text_view(where)]
                )
            body = View(
                cls="android.view.View",
                children=[View(cls="android.view.View", height=315), *texts],
            )
            windows.append(
                Window(root=body, kind="sheet", on_dismiss=lambda c: c.ui.update(sheet=None))
            )
        return windows
