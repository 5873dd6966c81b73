"""AnyMemo 10.9.922 (``org.liberty.android.fantastischmemo``), with bug AnyMemo#422.

Screens, after the app's sources and ``strings.xml`` of that time:

- first run: the system's storage permission dialog (the app keeps its card databases in
  ``/sdcard/AnyMemo`` and copies the sample ``french-body-parts.db`` there once it may), then the
  app's "New version installed" dialog (OK / Version history);
- the main screen (``.ui.AnyMemo``): toolbar "AnyMemo", tabs RECENT / OPEN / DOWNLOAD / MISC.
  Recent lists the recently opened databases (``recent_item_filename``, ``recent_item_info``:
  "Total: 12 Rev: 0 New: 12") and a MORE button; a tap starts learning, MORE (or a long click)
  opens the actions sheet: Study, Preview/edit, Card list, Quiz, Card player, Settings,
  Statistics, Share, Delete (the last six are listed but not modelled). Open browses
  ``/sdcard/AnyMemo``; Download lists the card sources; Misc holds
  Options, Merge DB, About and Help;
- learning (``.ui.StudyActivity``): the database name as title, the question card
  (``question``), the answer card (``answer``, empty until shown) and a "Show answer" button;
  once the answer is shown, the grade buttons "0 Forgot" ... "5 Very Easy" grade the card and the
  next one comes;
- Preview/edit (``.ui.PreviewEditActivity``, one card with Previous / Next) and Card list
  (``.ui.CardListActivity``).

The bug: rotating the screen while learning with the question visible (answer not shown yet)
stops the app. The report has no stack trace and the fix commit is not quoted; the model's crash
is one that fits: the re-created ``StudyActivity`` reloads its learning queue asynchronously but
restores the question view first, asking the not-yet-loaded current card for its id
(``java.lang.RuntimeException: Unable to start activity ...StudyActivity`` caused by a
``NullPointerException`` on ``Card.getId()``). With the answer shown, the saved state carries the
card, so rotating then is harmless.

Later builds for nightly re-reproduction (decision 0005): :class:`AnyMemo10100` (10.10.0, a
"What's new" dialog in front at the first launch, bug present) and :class:`AnyMemo10101`
(10.10.1, bug fixed).

10.10.1 is also the build of bug AnyMemo#440 (crash): Paint in the quiz's menu starts the study
screen without a database. Only that build models the quiz (:class:`AnyMemo10101`, from the
sources at tag ``10.10.1``; the fix is commit ``e328ca8f``); in the earlier builds the sheet's
Quiz still just closes the sheet.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed
from device_agent.virtual.stacks import launch_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "org.liberty.android.fantastischmemo"
MAIN = ".ui.AnyMemo"
STUDY = ".ui.StudyActivity"
PREVIEW = ".ui.PreviewEditActivity"
CARD_LIST = ".ui.CardListActivity"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
DB_DIR = "/sdcard/AnyMemo"
SAMPLE_DB = "french-body-parts.db"
TABS = ("RECENT", "OPEN", "DOWNLOAD", "MISC")
GRADES = ("0 Forgot", "1 Forgot", "2 Very Hard", "3 Hard", "4 Easy", "5 Very Easy")
# The sample database: (question, answer).
SAMPLE_CARDS: tuple[tuple[str, str], ...] = (
    ("la tête", "head"),
    ("les cheveux", "hair"),
    ("le visage", "face"),
    ("l'œil", "eye"),
    ("les yeux", "eyes"),
    ("le nez", "nose"),
    ("la bouche", "mouth"),
    ("l'oreille", "ear"),
    ("le cou", "neck"),
    ("l'épaule", "shoulder"),
    ("le bras", "arm"),
    ("la main", "hand"),
)


def _rotation_crash() -> JavaException:
    npe = JavaException(
        "java.lang.NullPointerException",
        "Attempt to invoke virtual method 'java.lang.Integer "
        "org.liberty.android.fantastischmemo.entity.Card.getId()' on a null object reference",
        frames=[
            "org.liberty.android.fantastischmemo.ui.StudyActivity.onPostInit(StudyActivity.java:212)",
            "org.liberty.android.fantastischmemo.ui.QACardActivity.onCreate(QACardActivity.java:187)",
            "org.liberty.android.fantastischmemo.ui.StudyActivity.onCreate(StudyActivity.java:134)",
            "android.app.Activity.performCreate(Activity.java:6251)",
            "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1107)",
            "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:2369)",
        ],
    )
    return JavaException(
        "java.lang.RuntimeException",
        "Unable to start activity ComponentInfo{org.liberty.android.fantastischmemo/"
        "org.liberty.android.fantastischmemo.ui.StudyActivity}: java.lang.NullPointerException: "
        + npe.message,
        frames=[
            *launch_frames(23, relaunch=True),
        ],
        cause=npe,
    )


def _oracle_422(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, "java.lang.RuntimeException", "StudyActivity")


BUG_422 = BugSpec(
    bug_id="AnyMemo#422",
    kind="crash",
    title="Application crash after rotating screen",
    oracle=_oracle_422,
    human_steps=(
        allow_permission(PACKAGE),
        click(PACKAGE, "android:id/button1", "OK"),
        click(PACKAGE, f"{PACKAGE}:id/recent_item_filename", SAMPLE_DB),
        {"kind": "rotate", "orientation": "landscape"},
    ),
)


class AnyMemo(VirtualApp):
    """AnyMemo 10.9.922 (see the module docstring)."""

    name: ClassVar[str] = "AnyMemo"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "AnyMemo"
    version: ClassVar[str] = "10.9.922"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_422,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_run": True,
            "dbs": {},  # path -> list of {"q", "a", "grade"}
            "recent": [],  # paths, most recent first
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            ui.setdefault("tab", 0)
            ui.setdefault("dialog", None)
            ui.setdefault("asked", False)
            self._start_main(ctx)
        elif ctx.activity == STUDY:
            path = ctx.extras.get("path", "")
            if "queue" in ui and not ui.get("answer_shown"):
                self._recreate_study(ctx)
            ui.setdefault("queue", self._due(ctx, path))
            ui.setdefault("answer_shown", False)
        elif ctx.activity == PREVIEW:
            ui.setdefault("index", 0)

    def _start_main(self, ctx: AppContext) -> None:
        """The main screen came up: ask for storage once, then set up the first run."""
        if STORAGE not in ctx.permissions and not ctx.ui["asked"]:
            ctx.ui["asked"] = True
            ctx.request_permission(STORAGE)
        elif ctx.data["first_run"]:
            self._first_run(ctx, granted=STORAGE in ctx.permissions)

    def _recreate_study(self, ctx: AppContext) -> None:
        """``StudyActivity`` re-created (rotation) with the question showing: the saved state has
        no card yet while the learning queue reloads, and ``onPostInit`` asks it for its id
        (AnyMemo#422)."""
        raise _rotation_crash()

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission == STORAGE and ctx.data["first_run"]:
            self._first_run(ctx, granted)

    def _first_run(self, ctx: AppContext, granted: bool) -> None:
        data = ctx.data
        data["first_run"] = False
        if granted:
            path = f"{DB_DIR}/{SAMPLE_DB}"
            data["dbs"][path] = [{"q": q, "a": a, "grade": None} for q, a in SAMPLE_CARDS]
            data["recent"] = [path]
        else:
            ctx.toast("Write external storage permission is not granted")
        if ctx.activity == MAIN:
            self._version_notice(ctx)

    def _version_notice(self, ctx: AppContext) -> None:
        """After the first-run setup: the "New version installed" dialog."""
        ctx.ui["dialog"] = {"kind": "whats_new"}

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN:
            return False
        return w.pager_swipe(ctx.ui, "tab", len(TABS), direction)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == STUDY:
            return self._render_study(ctx)
        if ctx.activity == PREVIEW:
            return self._render_preview(ctx)
        if ctx.activity == CARD_LIST:
            return self._render_card_list(ctx)
        return self._render_main(ctx)

    def _toolbar(self, title: str, up: Any = None, actions: list[View] | None = None) -> View:
        navigation = w.nav_button(w.NAVIGATE_UP, up) if up is not None else None
        return w.toolbar(title, navigation=navigation, actions=actions or [])

    def _stats(self, cards: list[dict[str, Any]]) -> str:
        new = sum(1 for c in cards if c["grade"] is None)
        review = sum(1 for c in cards if c["grade"] is not None and c["grade"] < 2)
        return f"Total: {len(cards)} Rev: {review} New: {new}"

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        tab_row = w.tabs(
            TABS, ui["tab"], self._select_tab, tab_cls="android.support.v7.app.ActionBar$Tab"
        )
        page = (self._recent_page, self._open_page, self._download_page, self._misc_page)[
            ui["tab"]
        ](ctx)
        content = w.linear_layout(
            [
                self._toolbar("AnyMemo"),
                tab_row,
                View(cls="android.support.v4.view.ViewPager", resource_id="pager", children=[page]),
            ]
        )
        return Screen(content=content, windows=self._main_windows(ctx))

    def _recent_page(self, ctx: AppContext) -> View:
        rows = []
        for path in ctx.data["recent"]:
            cards = ctx.data["dbs"].get(path, [])
            actions = w.bind(self._open_actions, path)
            rows.append(
                w.frame_layout(
                    [
                        w.linear_layout(
                            [
                                w.image_view("open_screen_db_icon", width=126),
                                w.linear_layout(
                                    [
                                        w.text_view(
                                            path.rsplit("/", 1)[-1], "recent_item_filename"
                                        ),
                                        w.text_view(self._stats(cards), "recent_item_info"),
                                    ]
                                ),
                                w.button(
                                    "recent_item_more_button",
                                    "MORE",
                                    actions,
                                    width=220,
                                    style="text",
                                ),
                            ],
                            horizontal=True,
                        )
                    ],
                    height=230,
                    on_click=w.bind(self._study, path),
                    on_long_click=actions,
                )
            )
        return View(
            cls="android.support.v7.widget.RecyclerView",
            resource_id="recent_open_list",
            scrollable=True,
            scroll_key="recent_scroll",
            children=rows,
        )

    def _open_page(self, ctx: AppContext) -> View:
        rows = [
            w.linear_layout(
                [w.text_view("..", "file_name")],
                height=160,
                on_click=lambda c: c.toast("You are at the top level"),
            )
        ]
        for path in sorted(ctx.data["dbs"]):
            rows.append(
                w.linear_layout(
                    [w.text_view(path.rsplit("/", 1)[-1], "file_name")],
                    height=160,
                    on_click=w.bind(self._study, path),
                )
            )
        return w.linear_layout(
            [
                w.text_view(DB_DIR, "file_path", height=110),
                View(
                    cls="android.widget.ListView",
                    resource_id="file_list",
                    scrollable=True,
                    scroll_key="open_scroll",
                    children=rows,
                ),
            ]
        )

    def _download_page(self, ctx: AppContext) -> View:
        sources = ("AnyMemo", "Quizlet", "Dropbox", "Google Drive")
        return View(
            cls="android.widget.ListView",
            resource_id="download_list",
            children=[
                w.linear_layout(
                    [w.text_view(source, "source_name")],
                    height=160,
                    on_click=lambda c: c.toast(
                        "Cannot connect to server. Please check the internet connection."
                    ),
                )
                for source in sources
            ],
        )

    def _misc_page(self, ctx: AppContext) -> View:
        items = ("Options", "Merge DB", "About", "Help")
        return View(
            cls="android.widget.ListView",
            resource_id="misc_list",
            children=[
                w.button(f"misc_{item.lower().replace(' ', '_')}", item, w.bind(self._misc, item))
                for item in items
            ],
        )

    def _main_windows(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui["dialog"]
        if not dialog:
            return []
        close = lambda c: self._set(c, dialog=None)  # noqa: E731
        if dialog["kind"] == "whats_new":
            return [
                self._alert(
                    "New version installed",
                    [
                        w.text_view(
                            "See graphical guide of new features, please click version history "
                            "button. or visit official website: https://anymemo.org/versions-view",
                            "android:id/message",
                        )
                    ],
                    [
                        self._button("android:id/button3", "Version history", close),
                        self._button("android:id/button1", "OK", close),
                    ],
                    close,
                )
            ]
        if dialog["kind"] == "about":
            body = [
                w.text_view(
                    "Advanced spaced repetition flashcard learning software. Authors: Haowen "
                    "Ning, Qi Wang. Website: https://anymemo.org",
                    "android:id/message",
                )
            ]
            return [
                self._alert("About", body, [self._button("android:id/button1", "OK", close)], close)
            ]
        path = dialog["path"]
        # The actions sheet (open_actions_layout.xml); Quiz, Card player, Settings, Statistics,
        # Share and Delete are listed but not modelled (they close the sheet).
        items = [
            ("study", "Study", w.bind(self._study, path)),
            ("edit", "Preview/edit", w.bind(self._open_with, PREVIEW, path)),
            ("list", "Card list", w.bind(self._open_with, CARD_LIST, path)),
            ("quiz", "Quiz", w.bind(self._quiz, path)),
            ("card_player", "Card player", close),
            ("settings", "Settings", close),
            ("statistics", "Statistics", close),
            ("share", "Share", close),
            ("delete", "Delete", close),
        ]
        rows = [
            w.linear_layout(
                [
                    w.image_view(width=126),
                    w.text_view(label, clickable=False, focusable=False),
                ],
                rid=rid,
                horizontal=True,
                on_click=handler,
                height=140,
            )
            for rid, label, handler in items
        ]
        return [self._alert(path.rsplit("/", 1)[-1], rows, [], close)]

    def _alert(self, title: str, body: list[View], buttons: list[View], dismiss: Any) -> Window:
        return w.alert_dialog(
            w.text_view(title, "android:id/alertTitle", height=140), body, buttons, dismiss
        )

    @staticmethod
    def _button(rid: str, text: str, handler: Any) -> View:
        return w.dialog_button(rid, text, handler, width=330)

    def _render_study(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        path = ctx.extras.get("path", "")
        cards = ctx.data["dbs"].get(path, [])
        queue = ui["queue"]
        title = path.rsplit("/", 1)[-1]
        if not queue:
            body = w.frame_layout(
                [
                    w.text_view(
                        "There is no item to learn for now. If you want to cram, you can do "
                        'quizzes by long clicking a db in the "Recent" tab.',
                        "android:id/message",
                        gravity="center",
                        width=900,
                    )
                ],
                layout=FRAME,
            )
            return Screen(content=w.linear_layout([self._toolbar(title, up=w.finish), body]))
        card = cards[queue[0]]
        answer_shown = ui["answer_shown"]
        if answer_shown:
            buttons = w.linear_layout(
                [
                    w.button(f"grade_button_{i}", label, w.bind(self._grade, i))
                    for i, label in enumerate(GRADES)
                ],
                rid="grade_buttons",
                horizontal=True,
                height=170,
            )
        else:
            buttons = w.button("show_answer", "Show answer", self._show_answer, height=170)
        content = w.linear_layout(
            [
                self._toolbar(
                    title,
                    up=w.finish,
                    actions=[
                        w.text_view(
                            "",
                            "menu_undo",
                            content_desc="Undo",
                            on_click=lambda c: c.toast("Unable to undo"),
                            width=147,
                        )
                    ],
                ),
                w.text_view(self._stats(cards), "study_stats", height=90),
                w.frame_layout(
                    [w.text_view(card["q"], "question", gravity="center", width=900)],
                    rid="question_layout",
                    layout=FRAME,
                    on_click=self._show_answer,
                ),
                w.frame_layout(
                    [
                        w.text_view(
                            card["a"] if answer_shown else "",
                            "answer",
                            gravity="center",
                            width=900,
                        )
                    ],
                    rid="answer_layout",
                    layout=FRAME,
                    on_click=self._show_answer,
                ),
                buttons,
            ]
        )
        return Screen(content=content)

    def _render_preview(self, ctx: AppContext) -> Screen:
        path = ctx.extras.get("path", "")
        cards = ctx.data["dbs"].get(path, [])
        index = min(ctx.ui["index"], max(len(cards) - 1, 0))
        card = cards[index] if cards else {"q": "", "a": ""}
        content = w.linear_layout(
            [
                self._toolbar(path.rsplit("/", 1)[-1], up=w.finish),
                w.text_view(f"{index + 1} / {len(cards)}", "preview_position", height=90),
                w.text_view(card["q"], "question"),
                w.text_view(card["a"], "answer"),
                w.linear_layout(
                    [
                        w.button(
                            "prev_button", "Previous", w.bind(self._move_preview, -1, len(cards))
                        ),
                        w.button("next_button", "Next", w.bind(self._move_preview, 1, len(cards))),
                    ],
                    horizontal=True,
                    height=150,
                ),
            ]
        )
        return Screen(content=content)

    def _render_card_list(self, ctx: AppContext) -> Screen:
        path = ctx.extras.get("path", "")
        cards = ctx.data["dbs"].get(path, [])
        rows = [
            w.linear_layout(
                [w.text_view(c["q"], "item_question"), w.text_view(c["a"], "item_answer")],
                horizontal=True,
                height=150,
            )
            for c in cards
        ]
        content = w.linear_layout(
            [
                self._toolbar("Card list", up=w.finish),
                View(
                    cls="android.support.v7.widget.RecyclerView",
                    resource_id="item_list",
                    scrollable=True,
                    scroll_key="list_scroll",
                    children=rows,
                ),
            ]
        )
        return Screen(content=content)

    # -- handlers ----------------------------------------------------------------------------
    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _open_actions(self, ctx: AppContext, path: str) -> None:
        ctx.ui["dialog"] = {"kind": "db", "path": path}

    def _quiz(self, ctx: AppContext, path: str) -> None:
        """The sheet's Quiz: not modelled in this build (the sheet closes)."""
        ctx.ui["dialog"] = None

    def _select_tab(self, ctx: AppContext, index: int) -> None:
        ctx.ui["tab"] = index

    def _misc(self, ctx: AppContext, item: str) -> None:
        if item == "About":
            ctx.ui["dialog"] = {"kind": "about"}
        else:
            ctx.toast(f"{item} is not available offline")

    def _due(self, ctx: AppContext, path: str) -> list[int]:
        cards = ctx.data["dbs"].get(path, [])
        return [i for i, c in enumerate(cards) if c["grade"] is None or c["grade"] < 2][:10]

    def _study(self, ctx: AppContext, path: str) -> None:
        if path not in ctx.data["dbs"]:
            ctx.toast("Failed to open the database")
            return
        ctx.ui["dialog"] = None
        recent = [p for p in ctx.data["recent"] if p != path]
        ctx.data["recent"] = [path, *recent]
        ctx.start_activity(STUDY, {"path": path})

    def _open_with(self, ctx: AppContext, activity: str, path: str) -> None:
        ctx.ui["dialog"] = None
        ctx.start_activity(activity, {"path": path})

    def _show_answer(self, ctx: AppContext) -> None:
        ctx.ui["answer_shown"] = True

    def _grade(self, ctx: AppContext, grade: int) -> None:
        ui = ctx.ui
        path = ctx.extras.get("path", "")
        queue = list(ui["queue"])
        index = queue.pop(0)
        ctx.data["dbs"][path][index]["grade"] = grade
        if grade < 2:
            queue.append(index)  # forgotten cards come back in this session
        ui["queue"] = queue
        ui["answer_shown"] = False

    def _move_preview(self, ctx: AppContext, step: int, count: int) -> None:
        ctx.ui["index"] = max(0, min(count - 1, ctx.ui["index"] + step))


# -- later builds (nightly re-reproduction, decision 0005) ---------------------------------------

BUG_422_WHATS_NEW = dataclasses.replace(
    BUG_422,
    human_steps=(
        click(PACKAGE, "android:id/button1", "OK"),
        allow_permission(PACKAGE),
        click(PACKAGE, f"{PACKAGE}:id/recent_item_filename", SAMPLE_DB),
        {"kind": "rotate", "orientation": "landscape"},
    ),
)


class AnyMemo10100(AnyMemo):
    """AnyMemo 10.10.0: the first launch opens a "What's new" dialog; AnyMemo#422 is still there.

    What changed: the "New version installed" dialog (shown after the first-run setup, pointing
    to the version history on the website) became a "What's new" ``AlertDialog`` with the
    changelog (``android:id/alertTitle`` "What's new", ``android:id/message``,
    ``android:id/button1`` "OK"), shown from ``AnyMemo.onCreate`` before anything else, the
    storage permission request included: the request now waits until the dialog is dismissed.
    OK or Back dismisses it and stores the version whose changelog was seen, so it shows once per
    install (again only if the app is stopped before it was dismissed). Realistic: apps commonly
    replace a "new version" notice by an in-app changelog shown on the first start of a build.

    For a recorded trace of 10.9.922 the first step (Allow on the permission dialog) has no
    target: the What's new dialog is in front and the permission dialog comes only after it.
    The study screen is unchanged, so rotating while a question shows still crashes.
    """

    version: ClassVar[str] = "10.10.0"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_422_WHATS_NEW,)
    CHANGELOG: ClassVar[str] = (
        "AnyMemo 10.10.0\n"
        "- The study screen and the card editor follow Material design\n"
        "- Downloading card sets from Quizlet works again\n"
        "- Updated French, German and Chinese translations"
    )

    def initial_data(self) -> dict[str, Any]:
        return {**super().initial_data(), "whats_new_seen": ""}

    def _start_main(self, ctx: AppContext) -> None:
        if ctx.data.get("whats_new_seen") != self.version:
            ctx.ui["dialog"] = {"kind": "changelog"}
            return
        super()._start_main(ctx)

    def _version_notice(self, ctx: AppContext) -> None:
        return None  # replaced by the What's new dialog

    def _dismiss_changelog(self, ctx: AppContext) -> None:
        ctx.data["whats_new_seen"] = self.version
        ctx.ui["dialog"] = None
        super()._start_main(ctx)

    def _main_windows(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui["dialog"]
        if not dialog or dialog["kind"] != "changelog":
            return super()._main_windows(ctx)
        seen = self._dismiss_changelog
        return [
            self._alert(
                "What's new",
                [w.text_view(self.CHANGELOG, "android:id/message")],
                [self._button("android:id/button1", "OK", seen)],
                seen,
            )
        ]


# -- AnyMemo#440 on 10.10.1: Paint from the quiz ---------------------------------------------------

QUIZ = ".ui.QuizActivity"
MAX_GROUP_SIZE = 100  # QuizLauncherDialogFragment.MAX_GROUP_SIZE (also DEFAULT_GROUP_SIZE)
QUIZ_MODES = (
    ("group", "quiz_by_group_radio", "Quiz by group"),
    ("category", "quiz_by_category_radio", "Quiz by category"),
    ("range", "quiz_by_range_radio", "Quiz by range"),
)
LOOK_UP = "Look up in a dictionary"


def _paint_crash() -> JavaException:
    """``StudyActivity`` started without extras (QuizActivity's ``menu_paint``): ``startInit``
    asks ``AnyMemoDBOpenHelperManager.getHelper`` for a null path while the quiz still holds the
    database's helper, and the map's file-name comparator calls ``compareTo`` on the null."""
    npe = JavaException(
        "java.lang.NullPointerException",
        "Attempt to invoke virtual method 'int java.lang.String.compareTo(java.lang.String)' "
        "on a null object reference",
        frames=[
            "org.liberty.android.fantastischmemo.common.AnyMemoDBOpenHelperManager$1.compare(AnyMemoDBOpenHelperManager.java:30)",
            "org.liberty.android.fantastischmemo.common.AnyMemoDBOpenHelperManager$1.compare(AnyMemoDBOpenHelperManager.java:24)",
            "java.util.TreeMap.getEntryUsingComparator(TreeMap.java:376)",
            "java.util.TreeMap.getEntry(TreeMap.java:345)",
            "java.util.TreeMap.containsKey(TreeMap.java:232)",
            "java.util.Collections$SynchronizedMap.containsKey(Collections.java:2571)",
            "org.liberty.android.fantastischmemo.common.AnyMemoDBOpenHelperManager.getHelper(AnyMemoDBOpenHelperManager.java:54)",
            "org.liberty.android.fantastischmemo.ui.QACardActivity.startInit(QACardActivity.java:150)",
            "org.liberty.android.fantastischmemo.ui.StudyActivity.onCreate(StudyActivity.java:119)",
            "android.app.Activity.performCreate(Activity.java:6679)",
            "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1118)",
            "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:2618)",
        ],
    )
    return JavaException(
        "java.lang.RuntimeException",
        "Unable to start activity ComponentInfo{org.liberty.android.fantastischmemo/"
        "org.liberty.android.fantastischmemo.ui.StudyActivity}: java.lang.NullPointerException: "
        + npe.message,
        frames=[
            *launch_frames(25),
        ],
        cause=npe,
    )


def _oracle_440(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """The study screen failed to start on a null database path (the Paint menu of a quiz)."""
    return crashed(
        system, PACKAGE, "java.lang.RuntimeException", "StudyActivity", "String.compareTo"
    )


BUG_440 = BugSpec(
    bug_id="AnyMemo#440",
    kind="crash",
    title="Pressing Paint in Quiz mode crashes the app every time",
    oracle=_oracle_440,
    human_steps=(
        *BUG_422_WHATS_NEW.human_steps[:2],
        click(PACKAGE, f"{PACKAGE}:id/recent_item_more_button", "MORE"),
        click(PACKAGE, f"{PACKAGE}:id/quiz", ""),
        click(PACKAGE, f"{PACKAGE}:id/start_quiz_button", "Start quiz"),
        click(PACKAGE, desc="More options"),
        click(PACKAGE, f"{PACKAGE}:id/title", "Paint"),
    ),
)


def _digits(text: str) -> int | None:
    """``Integer.valueOf``/``parseInt`` of an ``inputType="number"`` field: None when empty or
    beyond the int range (NumberFormatException)."""
    if not text.isdigit() or int(text) > 2**31 - 1:
        return None
    return int(text)


class AnyMemo10101(AnyMemo10100):
    """AnyMemo 10.10.1: AnyMemo#422 fixed; the What's new dialog of 10.10.0 stays.

    What changed: ``StudyActivity`` saves the current card in ``onSaveInstanceState`` and the
    re-created activity shows it before the learning queue has reloaded, so rotating while a
    question is on screen re-creates the study screen on the same card instead of stopping the
    app (the fix the maintainer reported in the issue; a point release is where such a fix
    lands). The human steps of 10.10.0 run through and end on the rotated study screen.

    It is also the build AnyMemo#440 was reported on, and the only one modelling the quiz
    (``QuizLauncherDialogFragment``, ``QuizActivity``), from the sources at tag ``10.10.1``
    (``quiz_launcher_dialog.xml``, ``quiz_activity_menu.xml``, ``grade_buttons_quiz.xml``,
    ``qa_card_layout_study.xml``, ``strings.xml``):

    - Quiz in the actions sheet opens the "Quiz" dialog: radio buttons Quiz by group (checked;
      "Quiz group size (1-12)" and "Quiz group number (1-1)" fields, ``quiz_group_size`` = 12
      and ``quiz_group_number`` = 1 for the sample's 12 cards), Quiz by category (a Select
      category button: the category picker is not modelled) and Quiz by range ("Start ordinal"
      / "End ordinal", 1 and 1), the Shuffle cards checkbox and Start quiz;
    - the quiz screen: the database name as title, the Look up action (the dictionary chooser,
      another app, is not modelled) and the overflow menu Paint, Speak question, Speak answer
      (text-to-speech: nothing visible); ``small_title_bar`` ("Quiz: 0/12 Rev: 0 ID: 1 "), the
      question, and after a tap the answer with Forget / Remember (``grade_button_0`` / ``_5``);
      Remember moves on, Forget queues the card again; at the end the "Quiz completed" dialog
      (the score dialog shown when only forgotten cards are left is not modelled).

    The bug (AnyMemo#440): ``onOptionsItemSelected``'s ``menu_paint`` starts ``StudyActivity``
    (instead of ``PaintActivity``, fix ``e328ca8f``) with no extras; its ``startInit`` asks for
    the helper of a null path while the quiz holds its database's one, and the helpers map's
    comparator throws a NullPointerException (no trace in the report; the frames are the
    sources' methods).
    """

    version: ClassVar[str] = "10.10.1"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_422_WHATS_NEW, BUG_440)
    CHANGELOG: ClassVar[str] = (
        "AnyMemo 10.10.1\n"
        "- Fixed: AnyMemo stopped when the screen was rotated while learning\n"
        "- Updated Spanish translation"
    )

    def _recreate_study(self, ctx: AppContext) -> None:
        ctx.log("StudyActivity", "Restoring the current card from the saved state")

    def _quiz(self, ctx: AppContext, path: str) -> None:
        total = len(ctx.data["dbs"].get(path, []))
        ctx.ui["dialog"] = {
            "kind": "quiz",
            "path": path,
            "mode": "group",
            "size": str(min(total, MAX_GROUP_SIZE)),
            "number": "1",
            "start": "1",
            "end": "1",
            "shuffle": False,
        }

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == STUDY and "path" not in ctx.extras:
            raise _paint_crash()
        if ctx.activity == QUIZ:
            path = ctx.extras.get("path", "")
            ctx.ui.setdefault("dialog", None)
            ctx.ui.setdefault("menu", False)
            ctx.ui.setdefault("answer_shown", False)
            first, size = ctx.extras.get("start", 1), ctx.extras.get("size", 0)
            cards = list(range(len(ctx.data["dbs"].get(path, []))))
            ctx.ui.setdefault("queue", cards[first - 1 : first - 1 + size])
            ctx.ui.setdefault("total", len(ctx.ui["queue"]))
            ctx.ui.setdefault("review", [])
            return
        super().on_create(ctx)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == QUIZ:
            return self._render_quiz(ctx)
        return super().render(ctx)

    # -- the launcher dialog -----------------------------------------------------------------
    def _main_windows(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui["dialog"]
        if not dialog or dialog["kind"] != "quiz":
            return super()._main_windows(ctx)
        total = len(ctx.data["dbs"].get(dialog["path"], []))
        size = max(1, _digits(dialog["size"]) or 1)
        groups = (total - 1) // max(1, min(size, total)) + 1
        rows: list[View] = []
        for mode, rid, label in QUIZ_MODES:
            rows.append(
                View(
                    cls="android.widget.RadioButton",
                    resource_id=rid,
                    text=label,
                    checkable=True,
                    checked=dialog["mode"] == mode,
                    on_click=w.bind(self._quiz_set, mode=mode),
                    height=126,
                )
            )
            if dialog["mode"] != mode:
                continue  # the other modes' settings are GONE
            if mode == "group":
                rows.append(
                    w.linear_layout(
                        [
                            w.text_view(
                                f"Quiz group size (1-{min(total, MAX_GROUP_SIZE)})",
                                "quiz_group_size_title",
                                height=80,
                            ),
                            self._field("quiz_group_size", dialog["size"], "size"),
                            w.text_view(
                                f"Quiz group number (1-{groups})",
                                "quiz_group_number_title",
                                height=80,
                            ),
                            self._field("quiz_group_number", dialog["number"], "number"),
                        ],
                        rid="quiz_by_group_settings",
                        weight=0,
                    )
                )
            elif mode == "category":
                rows.append(
                    w.linear_layout(
                        [
                            w.text_view("Category", height=80),
                            w.button(
                                "category_button", "Select category", lambda c: None, height=140
                            ),
                        ],
                        rid="quiz_by_category_settings",
                        weight=0,
                    )
                )
            else:
                rows.append(
                    w.linear_layout(
                        [
                            w.text_view(
                                f"Start ordinal (1-{total})", "quiz_range_start_size_title"
                            ),
                            self._field("quiz_range_strat_ordinal", dialog["start"], "start"),
                            w.text_view(f"End ordinal (1-{total})", "quiz_range_end_size_title"),
                            self._field("quiz_range_end_ordinal", dialog["end"], "end"),
                        ],
                        rid="quiz_by_range_settings",
                        weight=0,
                    )
                )
        body = w.scroll_view(
            [
                w.linear_layout(
                    [
                        View(cls="android.widget.RadioGroup", weight=0, children=rows),
                        w.check_box(
                            "shuffle_checkbox",
                            "Shuffle cards",
                            dialog["shuffle"],
                            w.bind(self._quiz_set, shuffle=not dialog["shuffle"]),
                        ),
                        w.button("start_quiz_button", "Start quiz", self._start_quiz, height=140),
                    ],
                    weight=0,
                )
            ],
            weight=0,
        )
        close = lambda c: self._set(c, dialog=None)  # noqa: E731
        return [self._alert("Quiz", [body], [], close)]

    def _field(self, rid: str, text: str, key: str) -> View:
        def typed(ctx: AppContext, value: str) -> None:
            self._quiz_set(ctx, **{key: value})

        return w.edit_text(rid, text, typed)

    def _quiz_set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui["dialog"] = {**ctx.ui["dialog"], **values}

    def _start_quiz(self, ctx: AppContext) -> None:
        """``startQuizButtonOnClickListener``: by category the whole database (the sample's
        cards are all uncategorised), by range ``parseInt`` of both fields unguarded, by group
        the group the size and number fields pick (their text watchers clamp them)."""
        dialog = ctx.ui["dialog"]
        path = dialog["path"]
        total = len(ctx.data["dbs"].get(path, []))
        if dialog["mode"] == "category":
            start, size = 1, total
        elif dialog["mode"] == "range":
            for key in ("start", "end"):
                if _digits(dialog[key]) is None:
                    raise JavaException(
                        "java.lang.NumberFormatException",
                        f'Invalid int: "{dialog[key]}"',
                        frames=[
                            "java.lang.Integer.parseInt(Integer.java:521)",
                            "java.lang.Integer.parseInt(Integer.java:556)",
                            "org.liberty.android.fantastischmemo.ui.QuizLauncherDialogFragment$2.onClick(QuizLauncherDialogFragment.java:220)",
                            "android.view.View.performClick(View.java:5637)",
                        ],
                    )
            start = _digits(dialog["start"]) or 0
            size = (_digits(dialog["end"]) or 0) - start + 1
        else:
            size = min(
                max(1, min(_digits(dialog["size"]) or MAX_GROUP_SIZE, MAX_GROUP_SIZE)), total
            )
            number = max(1, _digits(dialog["number"]) or 1)
            number = min(number, (total - 1) // max(1, size) + 1)
            start = (number - 1) * size + 1
        ctx.start_activity(QUIZ, {"path": path, "start": max(start, 1), "size": max(size, 0)})

    # -- the quiz screen ---------------------------------------------------------------------
    def _render_quiz(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        path = ctx.extras.get("path", "")
        cards = ctx.data["dbs"].get(path, [])
        title = path.rsplit("/", 1)[-1]
        windows: list[Window] = []
        actions = [
            w.text_view(
                "", "menu_lookup", content_desc=LOOK_UP, on_click=lambda c: None, width=147
            ),
            w.overflow_button(lambda c: self._set(c, menu=True)),
        ]
        bar = self._toolbar(title, up=w.finish, actions=actions)
        if not ui["queue"]:
            windows.append(
                dataclasses.replace(
                    self._alert(
                        "Quiz completed",
                        [
                            w.text_view(
                                "Congratulations, you have completed the quiz!",
                                "android:id/message",
                            )
                        ],
                        [self._button("android:id/button1", "Back", w.finish)],
                        None,
                    ),
                    cancelable=False,
                )
            )
            return Screen(content=w.linear_layout([bar]), windows=windows)
        index = ui["queue"][0]
        card = cards[index]
        shown = ui["answer_shown"]
        done = ui["total"] - len([i for i in ui["queue"] if i not in ui["review"]])
        small = f"Quiz: {done}/{ui['total']} Rev: {len(ui['review'])} ID: {index + 1} "
        grade = w.linear_layout(
            [
                w.button("grade_button_0", "Forget", w.bind(self._quiz_grade, False)),
                w.button("grade_button_5", "Remember", w.bind(self._quiz_grade, True)),
            ],
            rid="grade_buttons_quiz",
            horizontal=True,
            height=170,
        )
        content = w.linear_layout(
            [
                bar,
                View(
                    cls="android.gesture.GestureOverlayView",
                    resource_id="gesture_overlay",
                    children=[
                        w.linear_layout(
                            [
                                w.text_view(small, "small_title_bar", height=90),
                                w.frame_layout(
                                    [
                                        w.frame_layout(
                                            [
                                                w.text_view(
                                                    card["q"],
                                                    "question",
                                                    gravity="center",
                                                    width=900,
                                                )
                                            ],
                                            rid="question_layout",
                                            layout=FRAME,
                                            on_click=self._show_answer,
                                        ),
                                        w.frame_layout(
                                            [
                                                w.text_view(
                                                    card["a"] if shown else "",
                                                    "answer",
                                                    gravity="center",
                                                    width=900,
                                                )
                                            ],
                                            rid="answer_layout",
                                            layout=FRAME,
                                            on_click=self._show_answer,
                                        ),
                                    ],
                                    rid="card_root",
                                ),
                                w.frame_layout(
                                    [grade] if shown else [], rid="buttons_root", height=170
                                ),
                            ],
                            rid="root",
                        )
                    ],
                ),
            ]
        )
        if ui["menu"]:
            close = lambda c: self._set(c, menu=False)  # noqa: E731
            windows.append(
                w.menu_window(
                    [
                        ("Paint", self._paint),
                        ("Speak question", close),
                        ("Speak answer", close),
                    ],
                    close,
                    bounds=(560, 63, 1070, 63 + 3 * 126),
                )
            )
        return Screen(content=content, windows=windows)

    def _quiz_grade(self, ctx: AppContext, remembered: bool) -> None:
        ui = ctx.ui
        queue = list(ui["queue"])
        index = queue.pop(0)
        if not remembered:
            queue.append(index)
            ui["review"] = [*ui["review"], index] if index not in ui["review"] else ui["review"]
        else:
            ui["review"] = [i for i in ui["review"] if i != index]
        ui["queue"] = queue
        ui["answer_shown"] = False

    def _paint(self, ctx: AppContext) -> None:
        """``menu_paint`` (AnyMemo#440): an Intent for ``StudyActivity`` with no extras."""
        ctx.ui["menu"] = False
        ctx.start_activity(STUDY, {})
