"""Omni Notes 5.4.0 (``it.feio.android.omninotes``), with bug Omni-Notes#377.

The screens a person meets on the way to the bug:

- first run: the AppIntro2 slides (``IntroActivity``): image buttons ``skip`` (SKIP), ``next``
  (NEXT) and, on the last slide, ``done`` (DONE); swiping also turns the slides. No runtime
  permission is asked before an attachment is added;
- the notes list (``MainActivity``): a toolbar (``Open navigation drawer``, Search, "More
  options" with Sort and Expanded view), the empty text or the note cards (``note_title``,
  ``note_content``, ``note_date``), and the FloatingActionsMenu: ``fab_expand_menu_button``
  expands it to ``fab_checklist`` (Checklist), ``fab_camera`` (Photo) and ``fab_note`` (Text
  note); touching outside collapses it;
- the note editor (the ``DetailFragment``): ``Navigate up`` (saves a non-empty note), actions
  Attachment, Share and "More options" (Delete note, Discard changes), ``detail_title``,
  ``detail_content``, the reminder row ``reminder_layout`` ("Add reminder") and the
  creation/modification line;
- the drawer (Notes, Archive, Reminders, Trash, Settings) and a settings screen.

The bug (the report is a TestObject record with no steps and no trace): touching "Add reminder"
on a note that has no reminder yet stops the app. The model's cause, in the app's real classes:
the reminder click handler unboxes the note's ``alarm`` (a ``Long`` that is ``null`` for a note
without a reminder) to preset the picker: ``java.lang.NullPointerException`` in
``DetailFragment``. Writing, saving, discarding notes and the other screens work.

Later builds for nightly re-reproduction (decision 0005): :class:`OmniNotes550` (5.5.0, the
reminder row became a toolbar action, bug present) and :class:`OmniNotes551` (5.5.1, fixed).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "it.feio.android.omninotes"
MAIN = ".MainActivity"
INTRO = ".intro.IntroActivity"
SETTINGS = ".SettingsActivity"
INTRO_SLIDES = (
    ("Omni Notes", "Welcome to Omni Notes, a light and open source note-taking app"),
    ("Notes and checklists", "Write text notes or checklists, and change one into the other"),
    ("Attachments", "Add pictures, videos, audio recordings, sketches and places to your notes"),
    ("Categories", "Use categories and tags to keep your notes organized"),
    ("Reminders", "Set reminders on notes, even recurring ones"),
    ("Enjoy!", "Omni Notes is open source: join the community"),
)
NAVIGATION = ("Notes", "Archive", "Reminders", "Trash")
CRASH_FRAMES = [
    "it.feio.android.omninotes.DetailFragment.lambda$initViewReminder$7(DetailFragment.java:741)",
    "it.feio.android.omninotes.DetailFragment$$Lambda$8.onClick(Unknown Source)",
    "android.view.View.performClick(View.java:5204)",
    "android.view.View$PerformClick.run(View.java:21153)",
    *callback_frames(23),
]
# 2017-06-12 23:39 UTC, the report's upload time; every saved change moves the clock a minute.
START_CLOCK = 1497310740


# -- ground truth ----------------------------------------------------------------------------------


def _oracle_377(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, "java.lang.NullPointerException")


_click = partial(click, PACKAGE)


BUG_377 = BugSpec(
    bug_id="Omni-Notes#377",
    kind="crash",
    title="Crash when adding reminder to a note",
    oracle=_oracle_377,
    human_steps=(
        _click("skip", desc="SKIP", cls="android.widget.ImageButton"),
        _click("fab_expand_menu_button", cls="android.widget.ImageButton"),
        _click("fab_note", desc="Text note", cls="android.widget.ImageButton"),
        _click("reminder_layout", cls="android.widget.LinearLayout"),
    ),
)


class OmniNotes540(VirtualApp):
    """Omni Notes 5.4.0 (see the module docstring)."""

    name: ClassVar[str] = "Omni-Notes"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Omni Notes"
    version: ClassVar[str] = "5.4.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_377,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "intro_done": False,
            "notes": [],  # {"id", "title", "content", "checklist", "created", "modified", "alarm"}
            "next_id": 1,
            "clock": START_CLOCK,
            "prefs": {"sort": "Title", "expanded": True, "swipe_to_trash": True},
        }

    # -- lifecycle ---------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            ui.setdefault("section", "Notes")
            ui.setdefault("fab_open", False)
            ui.setdefault("drawer", False)
            ui.setdefault("menu", "")
            ui.setdefault("search", None)
            ui.setdefault("detail", None)
            if not ctx.data["intro_done"] and not ui.get("intro_started"):
                ui["intro_started"] = True
                ctx.start_activity(INTRO)
        elif ctx.activity == INTRO:
            ui.setdefault("slide", 0)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == INTRO:
            if ui["slide"] > 0:
                ui["slide"] -= 1
                return True
            return False
        if ctx.activity != MAIN:
            return False
        if ui["drawer"]:
            ui["drawer"] = False
        elif ui["fab_open"]:
            ui["fab_open"] = False
        elif ui["detail"] is not None:
            self._close_detail(ctx)
        elif ui["search"] is not None:
            ui["search"] = None
        elif ui["section"] != "Notes":
            ui["section"] = "Notes"
        else:
            return False
        return True

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == INTRO and direction in ("left", "right"):
            step = 1 if direction == "left" else -1
            ctx.ui["slide"] = max(0, min(len(INTRO_SLIDES) - 1, ctx.ui["slide"] + step))
            return True
        if ctx.activity == MAIN and direction == "right" and ctx.ui["detail"] is None:
            ctx.ui["drawer"] = True
            return True
        return False

    # -- rendering ---------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == INTRO:
            return self._render_intro(ctx)
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        if ctx.ui["detail"] is not None:
            return self._render_detail(ctx)
        return self._render_list(ctx)

    def _render_intro(self, ctx: AppContext) -> Screen:
        return Screen(
            content=w.app_intro(INTRO_SLIDES, ctx.ui["slide"], self._next_slide, self._finish_intro)
        )

    def _toolbar(self, ctx: AppContext, title: str) -> View:
        return w.toolbar(
            title,
            navigation=w.nav_button(
                w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True, fab_open=False)
            ),
            actions=[
                w.action_item(
                    "menu_search", "Search", lambda c: c.ui.update(search="", fab_open=False)
                ),
                w.overflow_button(lambda c: c.ui.update(menu="list", fab_open=False)),
            ],
        )

    def _visible_notes(self, ctx: AppContext) -> list[dict[str, Any]]:
        section = ctx.ui["section"]
        notes = [n for n in ctx.data["notes"] if n.get("section", "Notes") == section]
        if section == "Reminders":
            notes = [n for n in ctx.data["notes"] if n.get("alarm") is not None]
        query = (ctx.ui["search"] or "").lower()
        if query:
            notes = [n for n in notes if query in (n["title"] + " " + n["content"]).lower()]
        key = "title" if ctx.data["prefs"]["sort"] == "Title" else "modified"
        return sorted(notes, key=lambda n: n[key], reverse=key == "modified")

    def _render_list(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        content: list[View] = [self._toolbar(ctx, ui["section"])]
        if ui["search"] is not None:
            content.append(
                w.edit_text(
                    "search_src_text",
                    ui["search"],
                    lambda c, t: c.ui.update(search=t),
                    hint="Search",
                )
            )
        notes = self._visible_notes(ctx)
        if notes:
            cards = [
                w.linear_layout(
                    [
                        w.text_view(note["title"] or note["content"][:40], "note_title"),
                        w.text_view(note["content"] if note["title"] else "", "note_content"),
                        w.text_view(self._date(note["modified"]), "note_date", height=80),
                    ],
                    rid="root",
                    on_click=w.bind(self._open_note, note["id"]),
                    on_long_click=w.bind(self._open_note, note["id"]),
                    weight=0,
                )
                for note in notes
            ]
            content.append(
                View(
                    cls="android.widget.ListView",
                    resource_id="list",
                    scrollable=True,
                    scroll_key="list_scroll",
                    children=cards,
                )
            )
        else:
            content.append(
                w.frame_layout(
                    [w.text_view("Nothing here!", "empty_list", gravity="center", width=500)],
                    layout=FRAME,
                )
            )
        frame: list[View] = [w.linear_layout(content, rid="content_frame")]
        if ui["section"] in ("Notes", "Reminders") and ui["search"] is None:
            frame.extend(self._fab(ctx))
        root = View(
            cls="androidx.drawerlayout.widget.DrawerLayout",
            resource_id="drawer_layout",
            layout=FRAME,
            children=frame,
        )
        return Screen(content=root, windows=self._list_windows(ctx))

    def _fab(self, ctx: AppContext) -> list[View]:
        """The FloatingActionsMenu: its expand button, and the three items when expanded."""
        views: list[View] = []
        rows: list[View] = []
        if ctx.ui["fab_open"]:
            views.append(
                View(
                    cls="android.view.View",
                    resource_id="fab_background",
                    on_click=lambda c: c.ui.update(fab_open=False),
                    style="dim",
                    naf=True,
                )
            )
            for rid, label, checklist in (
                ("fab_checklist", "Checklist", True),
                ("fab_camera", "Photo", False),
                ("fab_note", "Text note", False),
            ):
                rows.append(
                    w.linear_layout(
                        [
                            w.text_view(label, width=352),
                            w.image_button(
                                rid,
                                label,
                                w.bind(self._new_note, checklist, rid == "fab_camera"),
                                width=168,
                            ),
                        ],
                        horizontal=True,
                        height=168,
                    )
                )
        rows.append(
            View(
                cls="android.widget.ImageButton",
                resource_id="fab_expand_menu_button",
                on_click=lambda c: c.ui.update(fab_open=not c.ui["fab_open"]),
                height=168,
                style="fab",
                naf=True,  # the real expand button has no contentDescription
            )
        )
        views.append(
            View(
                cls="android.view.ViewGroup",
                resource_id="fab",
                gravity="bottom_end",
                width=520 if ctx.ui["fab_open"] else 168,
                height=168 * len(rows),
                children=rows,
            )
        )
        return views

    def _list_windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["menu"] == "list":
            windows.append(
                Window(
                    root=w.popup_menu(
                        [
                            ("Sort", lambda c: c.ui.update(menu="sort")),
                            ("Expanded view", self._toggle_expanded),
                        ]
                    ),
                    kind="menu",
                    on_dismiss=lambda c: c.ui.update(menu=""),
                )
            )
        elif ui["menu"] == "sort":
            windows.append(
                Window(
                    root=w.popup_menu(
                        [
                            (name, w.bind(self._sort, name))
                            for name in ("Title", "Creation date", "Last modification date")
                        ]
                    ),
                    kind="menu",
                    on_dismiss=lambda c: c.ui.update(menu=""),
                )
            )
        if ui["drawer"]:
            rows = [
                w.linear_layout(
                    [w.text_view(section, "navdrawer_title", height=147)],
                    on_click=w.bind(self._goto_section, section),
                    height=147,
                    selected=ui["section"] == section,
                )
                for section in NAVIGATION
            ]
            rows.append(
                w.linear_layout(
                    [w.text_view("Settings", "settings", height=147)],
                    rid="settings_view",
                    on_click=self._open_settings,
                    height=147,
                )
            )
            windows.append(
                Window(
                    root=View(
                        cls="android.widget.ListView",
                        resource_id="drawer_nav_list",
                        children=rows,
                    ),
                    kind="sheet",
                    bounds=(0, 0, 840, ctx.screen_size[1]),
                    on_dismiss=lambda c: c.ui.update(drawer=False),
                )
            )
        return windows

    def _render_detail(self, ctx: AppContext) -> Screen:
        detail = ctx.ui["detail"]
        bar = w.toolbar(
            "",
            navigation=w.nav_button(w.NAVIGATE_UP, self._close_detail),
            actions=self._detail_actions(ctx),
        )
        body: list[View] = [
            w.edit_text(
                "detail_title", detail["title"], _bind_text(self._edit, "title"), hint="Title"
            ),
            w.edit_text(
                "detail_content",
                detail["content"],
                _bind_text(self._edit, "content"),
                hint="Checklist item" if detail["checklist"] else "Content",
                height=500,
                extra={"multiline": True},
            ),
            *self._reminder_row(ctx),
            w.text_view(
                f"Created: {self._date(detail['created'])}" if detail["created"] else "",
                "creation",
                height=80,
            ),
        ]
        root = w.linear_layout(
            [
                bar,
                w.scroll_view([w.linear_layout(body)], rid="content_wrapper", scrollable=True),
            ]
        )
        return Screen(content=root, windows=self._detail_windows(ctx))

    def _detail_actions(self, ctx: AppContext) -> list[View]:
        """The editor toolbar's actions, after Navigate up and the (empty) title."""
        return [
            w.action_item("menu_attachment", "Attachment", self._attachment),
            w.action_item("menu_share", "Share", lambda c: c.toast("Nothing to share")),
            w.overflow_button(lambda c: c.ui.update(menu="detail")),
        ]

    def _reminder_row(self, ctx: AppContext) -> list[View]:
        """The editor's reminder row under the content ("Add reminder")."""
        return [
            w.linear_layout(
                [
                    w.image_view("reminder_icon", width=147),
                    w.text_view("Add reminder", "datetime", height=147),
                ],
                rid="reminder_layout",
                horizontal=True,
                on_click=self._reminder,
                height=147,
            )
        ]

    def _detail_windows(self, ctx: AppContext) -> list[Window]:
        """The editor's popups: the overflow menu and the attachment sheet."""
        windows: list[Window] = []
        if ctx.ui["menu"] == "detail":
            windows.append(
                Window(
                    root=w.popup_menu(
                        [("Discard changes", self._discard), ("Delete note", self._delete)]
                    ),
                    kind="menu",
                    on_dismiss=lambda c: c.ui.update(menu=""),
                )
            )
        elif ctx.ui["menu"] == "attachment":
            windows.append(
                Window(
                    root=w.popup_menu(
                        [
                            (name, lambda c: c.ui.update(menu=""))
                            for name in ("Camera", "Video", "Files", "Recording", "Sketch")
                        ]
                    ),
                    kind="sheet",
                    on_dismiss=lambda c: c.ui.update(menu=""),
                )
            )
        return windows

    def _render_settings(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]
        rows = [
            w.preference_category("Data"),
            w.preference_category("Interface"),
            w.linear_layout(
                [
                    w.text_view("Swipe to trash", "android:id/title"),
                    View(
                        cls="android.widget.CheckBox",
                        resource_id="android:id/checkbox",
                        checked=prefs["swipe_to_trash"],
                        clickable=False,
                        width=160,
                    ),
                ],
                on_click=lambda c: prefs.update(swipe_to_trash=not prefs["swipe_to_trash"]),
                height=200,
                horizontal=True,
            ),
            w.preference_category("Notifications"),
            w.preference_category("Privacy"),
            w.preference_category("About"),
        ]
        bar = w.toolbar("Settings", navigation=w.up_button())
        listing = View(cls="android.widget.ListView", resource_id="android:id/list", children=rows)
        return Screen(content=w.linear_layout([bar, listing]))

    # -- handlers ----------------------------------------------------------------------------------
    def _date(self, ts: int) -> str:
        from datetime import UTC, datetime

        return datetime.fromtimestamp(ts, UTC).strftime("%b %d, %Y %H:%M")

    def _next_slide(self, ctx: AppContext) -> None:
        ctx.ui["slide"] = min(len(INTRO_SLIDES) - 1, ctx.ui["slide"] + 1)

    def _finish_intro(self, ctx: AppContext) -> None:
        ctx.data["intro_done"] = True
        ctx.finish()

    def _goto_section(self, ctx: AppContext, section: str) -> None:
        ctx.ui.update(section=section, drawer=False, search=None, fab_open=False)

    def _open_settings(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = False
        ctx.start_activity(SETTINGS)

    def _toggle_expanded(self, ctx: AppContext) -> None:
        prefs = ctx.data["prefs"]
        prefs["expanded"] = not prefs["expanded"]
        ctx.ui["menu"] = ""

    def _sort(self, ctx: AppContext, name: str) -> None:
        ctx.data["prefs"]["sort"] = "Title" if name == "Title" else "Modified"
        ctx.ui["menu"] = ""

    def _new_note(self, ctx: AppContext, checklist: bool, camera: bool) -> None:
        ctx.ui.update(
            fab_open=False,
            detail={
                "id": None,
                "title": "",
                "content": "",
                "checklist": checklist,
                "created": 0,
                "alarm": None,
            },
        )
        if camera:
            ctx.toast("No camera app found")  # the emulator image has no camera app

    def _open_note(self, ctx: AppContext, note_id: int) -> None:
        note = next((n for n in ctx.data["notes"] if n["id"] == note_id), None)
        if note is not None:
            ctx.ui.update(detail=dict(note), fab_open=False)

    def _edit(self, ctx: AppContext, key: str, text: str) -> None:
        detail = dict(ctx.ui["detail"])
        detail[key] = text
        ctx.ui["detail"] = detail

    def _close_detail(self, ctx: AppContext) -> None:
        """Up or Back: a note with a title or content is saved, an empty one dropped."""
        detail = ctx.ui["detail"]
        ctx.ui.update(detail=None, menu="")
        if not (detail["title"].strip() or detail["content"].strip()):
            return
        ctx.data["clock"] += 60
        now = ctx.data["clock"]
        notes = ctx.data["notes"]
        saved = {**detail, "modified": now, "created": detail["created"] or now}
        if saved["id"] is None:
            saved["id"] = ctx.data["next_id"]
            ctx.data["next_id"] += 1
            notes.append(saved)
        else:
            notes[:] = [saved if n["id"] == saved["id"] else n for n in notes]
        ctx.toast("Note updated")

    def _discard(self, ctx: AppContext) -> None:
        ctx.ui.update(detail=None, menu="")

    def _delete(self, ctx: AppContext) -> None:
        note_id = ctx.ui["detail"]["id"]
        ctx.data["notes"] = [n for n in ctx.data["notes"] if n["id"] != note_id]
        ctx.ui.update(detail=None, menu="")
        ctx.toast("Note trashed")

    def _attachment(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = "attachment"

    def _reminder(self, ctx: AppContext) -> None:
        """The reminder row: presets the picker from the note's alarm; ``None`` unboxed (#377)."""
        if ctx.ui["detail"].get("alarm") is None:
            raise JavaException(
                "java.lang.NullPointerException",
                "Attempt to invoke virtual method 'long java.lang.Long.longValue()' on a null "
                "object reference",
                frames=CRASH_FRAMES,
            )
        ctx.toast("Reminder picker")  # pragma: no cover - no note has an alarm in the model


def _bind_text(fn: Callable[..., Any], key: str) -> Callable[[AppContext, str], None]:
    def handler(ctx: AppContext, text: str) -> None:
        fn(ctx, key, text)

    return handler


# -- later builds (nightly re-reproduction, decision 0005) ---------------------------------------

BUG_377_TOOLBAR = dataclasses.replace(
    BUG_377,
    human_steps=(
        *BUG_377.human_steps[:3],
        _click("menu_reminder", desc="Set reminder", cls="android.widget.TextView"),
    ),
)


class OmniNotes550(OmniNotes540):
    """Omni Notes 5.5.0: the editor's reminder control moved to the toolbar; Omni-Notes#377 is
    still there.

    What changed: the editor's "Add reminder" row under the content (``reminder_layout`` with
    ``reminder_icon`` and the ``datetime`` text, the whole width of the screen below the text
    field) is gone; the reminder is now an alarm-clock action in the editor's toolbar, before
    Attachment: ``menu_reminder`` with content-desc "Set reminder" and no text. Realistic: note
    apps of that time (Google Keep first) put the reminder bell in the toolbar, and a redesign
    that turns a row into a toolbar action changes its id, its label and its place at once.
    The click handler is the old one, so a note without a reminder still unboxes a ``null``
    alarm: ``java.lang.NullPointerException``.

    For a recorded trace of 5.4.0 the last step (``reminder_layout``) has no target any more.
    """

    version: ClassVar[str] = "5.5.0"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_377_TOOLBAR,)

    def _detail_actions(self, ctx: AppContext) -> list[View]:
        return [
            w.action_item("menu_reminder", "Set reminder", self._reminder),
            *super()._detail_actions(ctx),
        ]

    def _reminder_row(self, ctx: AppContext) -> list[View]:
        return []


class OmniNotes551(OmniNotes550):
    """Omni Notes 5.5.1: Omni-Notes#377 fixed; the toolbar reminder action of 5.5.0 stays.

    What changed: the reminder action presets the date-time picker from the note's alarm only
    when there is one, and from now plus an hour otherwise (the null check a fix of #377 adds).
    The picker is a dialog "Set reminder" with the proposed date and time, Cancel and OK; OK sets
    the note's reminder, shown under the content as "Reminder: <date>" (``datetime``) and listed
    under Reminders once the note is saved. The human steps of 5.5.0 end on the open picker.
    """

    version: ClassVar[str] = "5.5.1"

    def _reminder(self, ctx: AppContext) -> None:
        alarm = ctx.ui["detail"].get("alarm")
        proposed = alarm if alarm is not None else ctx.data["clock"] + 3600
        ctx.ui.update(menu="", picker=proposed)

    def _set_reminder(self, ctx: AppContext) -> None:
        detail = dict(ctx.ui["detail"])
        detail["alarm"] = ctx.ui["picker"]
        ctx.ui.update(detail=detail, picker=None)
        ctx.toast(f"Reminder set for {self._date(detail['alarm'])}")

    def _reminder_row(self, ctx: AppContext) -> list[View]:
        alarm = ctx.ui["detail"].get("alarm")
        if alarm is None:
            return []
        return [w.text_view(f"Reminder: {self._date(alarm)}", "datetime", height=110)]

    def _detail_windows(self, ctx: AppContext) -> list[Window]:
        proposed = ctx.ui.get("picker")
        if proposed is None:
            return super()._detail_windows(ctx)
        close = lambda c: c.ui.update(picker=None)  # noqa: E731
        buttons = [
            w.dialog_button(rid, label, handler)
            for rid, label, handler in (
                ("android:id/button2", "Cancel", close),
                ("android:id/button1", "OK", self._set_reminder),
            )
        ]
        date, time = self._date(proposed).rsplit(" ", 1)
        body = [
            w.text_view(date, "date_picker_date", height=140),
            w.text_view(time, "time_picker_time", height=140),
        ]
        title = w.text_view("Set reminder", "android:id/alertTitle", height=140)
        return [w.alert_dialog(title, body, buttons, close)]
