"""Scarlet Notes (BijoySingh/Scarlet-Notes) 7.0.16, the F-Droid build "Scarlet Notes FD".

Sources read: commit e2417f2f (2019-09-01, versionName 7.0.16, code 146, the release current
when the report was filed): ``MainActivity`` (``shouldShowWhatsNewSheet`` is false for a new
user, so a fresh install opens straight on the list), ``activity_main.xml``,
``toolbar_main.xml`` and ``ToolbarMainRecyclerHolder``, ``item_note.xml``/``item_no_notes.xml``
and their holders, ``MainActivityBottomBarSpec`` (Litho: apps, add notebook, add list, add
note), ``CreateNoteActivity`` (a new note gets an empty HEADING and an empty TEXT format;
``item_format_heading.xml`` and ``item_format_text.xml`` with their "Add Heading…"/"Add
Content…" hints; saved on pause, dropped when empty), ``NoteCreationBottomBarSpec`` (segments
bar, markdown bar, options), ``ViewNoteActivity`` (``ViewAdvancedNoteActivity``: formats from
``Note.getSmartFormats()`` when not editing, with ``NoteViewBottomBarSpec``),
``FormatTextViewHolder`` (in view mode a TEXT format is drawn with ``Markdown.renderSegment``,
which renders inline markdown only), ``MarkdownExtensions.kt`` (``String.toInternalFormats``)
and ``TextSegmentConfig``. Fix read: 24f8cbfa "[ Fixing #150 ] Supporting Bullet and H3
Rendering".

Bug Scarlet-Notes#150 (non-crash): the viewer splits each TEXT format into formats with
``toInternalFormats()``, whose whitelist holds HEADING_1, HEADING_2, CODE, QUOTE, the checklists,
SEPARATOR and IMAGE but not HEADING_3 nor BULLET_1/2/3. A ``### `` line or a ``- `` bullet line
stays inside a TEXT format, which the viewer draws with the inline-only renderer, so the note's
view shows the raw ``### Title`` / ``- item`` instead of a third-level heading / a bullet row. The
editor's live markdown (``Markdown.getSpanInfo``) styles them, so editing looks right. The fix adds
those segments to the whitelist and gives them their own formats and view holder.

Modelled: the list (app toolbar row, note cards with their icons, the "No Notes" card), the Litho
bottom bar (its icons carry no content description, as in the app), the new-note editor with its
format rows and bottom bars (segments: heading/text/checklist/quote; markdown: header, bold,
italics, bullet), Back saving, the note viewer with its bottom bar (options, delete, copy, share,
edit). Stubbed: the home options, folder, settings and note-options sheets (title and dismiss),
search (a search field), share/copy (toasts). The card's timestamp line is left out.
Uncertain: the exact description text of a card (``getSmarterDescription`` as rendered on the
home list) and the inline stripping of ``renderSegment`` are approximated.
No network content.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text, step
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PKG = "com.bijoysingh.quicknote"
BASE = "com.maubis.scarlet.base"
MAIN = f"{BASE}.MainActivity"
CREATE = f"{BASE}.note.creation.activity.CreateNoteActivity"
VIEW = f"{BASE}.note.creation.activity.ViewAdvancedNoteActivity"
LITHO = "com.facebook.litho.ComponentHost"
HINT_HEADING = "Add Heading…"
HINT_TEXT = "Add Content…"

# Segments the buggy toInternalFormats() whitelists, by line prefix (TextSegmentConfig).
WHITELIST = (
    ("# ", "HEADING"),
    ("## ", "SUB_HEADING"),
    ("> ", "QUOTE"),
    ("[ ] ", "CHECKLIST_UNCHECKED"),
    ("[] ", "CHECKLIST_UNCHECKED"),
    ("[x] ", "CHECKLIST_CHECKED"),
    ("[X] ", "CHECKLIST_CHECKED"),
)
SEPARATORS = ("---", "___", "----", "-----", "------", "-------")
# Segments the segmenter knows but the whitelist leaves out (HEADING_3, BULLET_1..3).
NOT_WHITELISTED = ("### ", "- ", "  - ", " - ", "    - ", "     - ")


def to_internal_formats(text: str) -> list[dict[str, str]]:
    """String.toInternalFormats() of 7.0.16: whitelisted line segments become formats of their
    own, every other line is appended to the running TEXT format."""
    out: list[dict[str, str]] = []
    last: dict[str, str] | None = None
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        new: dict[str, str] | None = None
        if line.startswith("```"):
            block = [line]
            while i + 1 < len(lines):
                i += 1
                block.append(lines[i])
                if lines[i].endswith("```"):
                    break
            new = {"type": "CODE", "text": "\n".join(block).strip("`").strip("\n")}
        elif line in SEPARATORS:
            new = {"type": "SEPARATOR", "text": ""}
        elif not line.startswith("### "):
            for prefix, kind in WHITELIST:
                if line.startswith(prefix) and not line.startswith("##" + prefix):
                    new = {"type": kind, "text": line[len(prefix) :]}
                    break
        if new is not None:
            if last is not None:
                out.append(last)
                last = None
            out.append(new)
        elif last is not None:
            last["text"] += "\n" + line
        else:
            last = {"type": "TEXT", "text": line}
        i += 1
    if last is not None:
        out.append(last)
    return out


def smart_formats(note: dict[str, Any]) -> list[dict[str, str]]:
    """Note.getSmartFormats(): TEXT formats re-split through toInternalFormats()."""
    result: list[dict[str, str]] = []
    for fmt in note["formats"]:
        if fmt["type"] == "TEXT":
            result += to_internal_formats(fmt["text"])
        else:
            result.append(dict(fmt))
    return result


def render_segment(text: str) -> str:
    """Markdown.renderSegment(text, strip=true): inline spans only, their delimiters removed."""
    for token in ("**", "~~", "`"):
        text = text.replace(token, "")
    return text


def raw_h3_or_bullet_viewed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Scarlet-Notes#150: the note viewer is open on a note whose viewed formats
    keep a third-level heading or a bullet line inside a plain TEXT format (drawn raw)."""
    if system.get("activity") != VIEW or data.get("viewing") is None:
        return False
    note = next((n for n in data["notes"] if n["uid"] == data["viewing"]), None)
    if note is None:
        return False
    return any(
        line.startswith(NOT_WHITELISTED)
        for fmt in smart_formats(note)
        if fmt["type"] == "TEXT"
        for line in fmt["text"].split("\n")
    )


ADD_NOTE = click(PKG, cls=LITHO, bounds=[933, 1647, 1080, 1794])
BACK = {"kind": "press_back"}


FIELD_BOUNDS = {HINT_HEADING: [80, 89, 1080, 239], HINT_TEXT: [80, 239, 1080, 389]}


def type_in(hint: str, text: str) -> dict[str, Any]:
    """Typing into the new note's heading or content field (both ``edit``, told apart by
    place)."""
    return input_text(PKG, "edit", text, bounds=FIELD_BOUNDS[hint])


HUMAN_STEPS = (
    ADD_NOTE,
    type_in(HINT_HEADING, "Shopping"),
    type_in(HINT_TEXT, "### Groceries"),
    BACK,
    BACK,
    click(PKG, "description", text="Shopping\n### Groceries"),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Scarlet-Notes#150": [
        # A second-level heading is whitelisted: it gets its own format.
        [
            ADD_NOTE,
            type_in(HINT_HEADING, "Shopping"),
            type_in(HINT_TEXT, "## Groceries"),
            BACK,
            BACK,
            click(PKG, "description", text="Shopping\n## Groceries"),
        ],
        # The H3 note saved but never opened in the viewer.
        [
            ADD_NOTE,
            type_in(HINT_HEADING, "Shopping"),
            type_in(HINT_TEXT, "### Groceries"),
            BACK,
            BACK,
        ],
        # The H3 typed only in the heading field.
        [
            ADD_NOTE,
            type_in(HINT_HEADING, "### Groceries"),
            BACK,
            BACK,
            click(PKG, "description", text="### Groceries"),
        ],
        # Plain content.
        [
            ADD_NOTE,
            type_in(HINT_HEADING, "Shopping"),
            type_in(HINT_TEXT, "Groceries"),
            BACK,
            BACK,
            click(PKG, "description", text="Shopping\nGroceries"),
        ],
        # A checklist line is whitelisted too.
        [
            ADD_NOTE,
            type_in(HINT_HEADING, "Shopping"),
            type_in(HINT_TEXT, "[ ] Groceries"),
            BACK,
            BACK,
            step("click", PKG, "description", text="Shopping\n[ ] Groceries"),
        ],
    ],
}


class ScarletNotes(VirtualApp):
    """Scarlet Notes FD 7.0.16: the note list, the editor and the note viewer."""

    name: ClassVar[str] = "Scarlet-Notes"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "Scarlet Notes FD"
    version: ClassVar[str] = "7.0.16"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Scarlet-Notes#150",
            "non-crash",
            "[REGRESSION] H3 text and bullet points aren't previewed correctly when viewing note",
            raw_h3_or_bullet_viewed,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"notes": [], "next_uid": 1, "viewing": None}

    # -- helpers --------------------------------------------------------------------------------
    def note(self, ctx: AppContext, uid: int) -> dict[str, Any] | None:
        return next((n for n in ctx.data["notes"] if n["uid"] == uid), None)

    def icon(self, handler: Any) -> View:
        """A Litho bottomBarRoundIcon: a clickable ComponentHost with no description."""
        return View(cls=LITHO, on_click=handler, width=147, height=147)

    def litho_bar(self, icons: list[View], rid: str = "lithoBottomToolbar") -> View:
        return w.frame_layout(
            [
                View(
                    cls="com.facebook.litho.LithoView",
                    layout=HORIZONTAL,
                    height=147,
                    children=[icons[0], View(cls="android.view.View"), *icons[1:]],
                )
            ],
            rid=rid,
            height=147,
        )

    def sheet(self, title: str) -> Window:
        return Window(
            root=w.linear_layout([w.text_view(title, height=160)], weight=0),
            kind="sheet",
            on_dismiss=lambda c: c.ui.update(sheet=""),
        )

    # -- lifecycle ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        for key, value in ctx.extras.items():
            ctx.ui.setdefault(key, value)
        if ctx.activity == CREATE and "formats" not in ctx.ui:
            ctx.ui["formats"] = [
                {"type": "HEADING", "text": ""},
                {"type": ctx.ui.get("second", "TEXT"), "text": ""},
            ]
            ctx.ui["focus"] = 1
            ctx.ui["bar"] = "segments"
        if ctx.activity == VIEW:
            ctx.data["viewing"] = ctx.ui.get("uid")

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("sheet"):
            ctx.ui["sheet"] = ""
            return True
        if ctx.activity == MAIN and ctx.ui.get("search"):
            ctx.ui["search"] = False
            return True
        if ctx.activity == CREATE:
            self.save(ctx)
        if ctx.activity == VIEW:
            ctx.data["viewing"] = None
        return False

    def on_activity_stop(self, ctx: AppContext) -> None:
        if ctx.activity == CREATE:
            self.save(ctx)

    # -- editor ---------------------------------------------------------------------------------
    def save(self, ctx: AppContext) -> None:
        """onPause: maybeUpdateNoteWithoutSync(), then destroyIfNeeded() drops an empty note."""
        formats = [dict(f) for f in ctx.ui["formats"] if f["text"].strip()]
        uid = ctx.ui.get("uid")
        existing = self.note(ctx, uid) if uid is not None else None
        if not formats:
            if existing is not None:
                ctx.data["notes"].remove(existing)
            return
        if existing is None:
            uid = int(ctx.data["next_uid"])
            ctx.data["next_uid"] = uid + 1
            ctx.data["notes"].insert(0, {"uid": uid, "formats": formats})
            ctx.ui["uid"] = uid
        else:
            existing["formats"] = formats

    def text_handler(self, index: int) -> Any:
        def handler(ctx: AppContext, text: str) -> None:
            self.set_text(ctx, index, text)

        return handler

    def set_text(self, ctx: AppContext, index: int, text: str) -> None:
        ctx.ui["formats"][index]["text"] = text
        ctx.ui["focus"] = index

    def add_format(self, ctx: AppContext, kind: str) -> None:
        """addEmptyItemAtFocused: a new empty format after the focused one."""
        at = int(ctx.ui.get("focus", len(ctx.ui["formats"]) - 1)) + 1
        ctx.ui["formats"].insert(at, {"type": kind, "text": ""})
        ctx.ui["focus"] = at

    def markdown(self, ctx: AppContext, start: str, end: str = "", newline: bool = False) -> None:
        """triggerMarkdown: the token appended to the focused text (on a new line if needed)."""
        fmt = ctx.ui["formats"][int(ctx.ui.get("focus", 1))]
        text = fmt["text"]
        prefix = "\n" if newline and text else ""
        fmt["text"] = f"{text}{prefix}{start}{end}"

    def editor(self, ctx: AppContext) -> Screen:
        rows = []
        for i, fmt in enumerate(ctx.ui["formats"]):
            hint = {"HEADING": HINT_HEADING, "SUB_HEADING": HINT_HEADING}.get(
                fmt["type"], HINT_TEXT
            )
            rows.append(
                w.linear_layout(
                    [
                        w.image_view("action_move_icon", width=80),
                        w.edit_text("edit", fmt["text"], self.text_handler(i), hint=hint),
                    ],
                    horizontal=True,
                )
            )
        bar = ctx.ui.get("bar", "segments")
        if bar == "markdown":
            icons = [
                self.icon(lambda c: self.markdown(c, "# ", newline=True)),
                self.icon(lambda c: self.markdown(c, "**", "**")),
                self.icon(lambda c: self.markdown(c, "*", "*")),
                self.icon(lambda c: self.markdown(c, "- ", newline=True)),
                self.icon(None),
                self.icon(lambda c: c.ui.update(bar="segments")),
            ]
        elif bar == "options":
            icons = [self.icon(None) for _ in range(4)]
        else:
            icons = [
                self.icon(lambda c: self.add_format(c, "HEADING")),
                self.icon(lambda c: self.add_format(c, "TEXT")),
                self.icon(lambda c: self.add_format(c, "CHECKLIST_UNCHECKED")),
                self.icon(lambda c: self.add_format(c, "QUOTE")),
                self.icon(None),
                self.icon(lambda c: c.ui.update(bar="markdown")),
            ]
        if bar != "options":
            icons.append(self.icon(lambda c: c.ui.update(bar="options")))
        return Screen(content=self.note_page(rows, icons))

    def note_page(self, rows: list[View], icons: list[View]) -> View:
        """The editor's and viewer's page: the toolbar strip, the formats' list, the icon bar."""
        return w.linear_layout(
            [
                w.frame_layout(rid="lithoTopToolbar", height=26),
                w.list_view(
                    rows, rid="advanced_note_recycler", cls="android.support.v7.widget.RecyclerView"
                ),
                self.litho_bar(icons),
            ],
            rid="root_layout",
        )

    # -- viewer ---------------------------------------------------------------------------------
    def viewer(self, ctx: AppContext) -> Screen:
        note = self.note(ctx, ctx.ui.get("uid", -1))
        rows = []
        for fmt in smart_formats(note) if note else []:
            text = fmt["text"] if fmt["type"] != "TEXT" else render_segment(fmt["text"])
            if fmt["type"].startswith("CHECKLIST"):
                rows.append(
                    w.linear_layout(
                        [w.image_view("icon"), w.text_view(text, "text")], horizontal=True
                    )
                )
            else:
                rows.append(w.linear_layout([w.text_view(text, "text")]))
        icons = [
            self.icon(lambda c: c.ui.update(sheet="Note Options")),
            self.icon(self.delete_viewed),
            self.icon(lambda c: c.toast("Copied to clipboard")),
            self.icon(None),
            self.icon(self.edit_viewed),
        ]
        windows = [self.sheet(ctx.ui["sheet"])] if ctx.ui.get("sheet") else []
        return Screen(
            content=self.note_page(rows, icons),
            windows=windows,
        )

    def delete_viewed(self, ctx: AppContext) -> None:
        note = self.note(ctx, ctx.ui.get("uid", -1))
        if note is not None:
            ctx.data["notes"].remove(note)
        ctx.data["viewing"] = None
        ctx.finish()

    def edit_viewed(self, ctx: AppContext) -> None:
        note = self.note(ctx, ctx.ui.get("uid", -1))
        if note is None:
            return
        formats = [dict(f) for f in note["formats"]]
        ctx.start_activity(CREATE, {"uid": note["uid"], "formats": formats, "focus": 0})

    # -- list -----------------------------------------------------------------------------------
    def new_note(self, ctx: AppContext, second: str = "TEXT") -> None:
        ctx.start_activity(CREATE, {"second": second})

    def open_note(self, ctx: AppContext, uid: int) -> None:
        ctx.start_activity(VIEW, {"uid": uid})

    def description(self, note: dict[str, Any]) -> str:
        lines = []
        for fmt in note["formats"]:
            lines.append(fmt["text"][2:] if fmt["text"].startswith("# ") else fmt["text"])
        return "\n".join(lines)

    def card(self, note: dict[str, Any]) -> View:
        def icon_row(rid: str, handler: Any) -> View:
            return w.image_view(rid, handler=handler, width=120)

        uid = note["uid"]
        return View(
            cls="android.support.v7.widget.CardView",
            on_click=w.bind(self.open_note, uid),
            on_long_click=lambda c: c.ui.update(sheet="Note Options"),
            children=[
                w.linear_layout(
                    [
                        w.text_view(self.description(note), "description"),
                        w.linear_layout(
                            [
                                View(cls="android.view.View"),
                                icon_row("delete_button", w.bind(self.delete_note, uid)),
                                icon_row("copy_button", lambda c: c.toast("Copied to clipboard")),
                                icon_row("share_button", None),
                                icon_row("edit_button", w.bind(self.edit_note, uid)),
                                icon_row("options_button", lambda c: c.ui.update(sheet="Note")),
                            ],
                            rid="bottom_toolbar_layout",
                            horizontal=True,
                            height=120,
                        ),
                    ],
                    rid="note_panel",
                )
            ],
        )

    def delete_note(self, ctx: AppContext, uid: int) -> None:
        note = self.note(ctx, uid)
        if note is not None:
            ctx.data["notes"].remove(note)

    def edit_note(self, ctx: AppContext, uid: int) -> None:
        note = self.note(ctx, uid)
        if note is not None:
            formats = [dict(f) for f in note["formats"]]
            ctx.start_activity(CREATE, {"uid": uid, "formats": formats, "focus": 0})

    def home(self, ctx: AppContext) -> Screen:
        toolbar = w.linear_layout(
            [
                w.image_view("app_icon", width=120),
                w.text_view("Scarlet Notes FD", "toolbarTitle"),
                w.image_view("toolbarIconSearch", handler=lambda c: c.ui.update(search=True)),
                w.image_view(
                    "toolbarIconSettings",
                    handler=lambda c: c.ui.update(sheet="Options and Settings"),
                ),
            ],
            rid="action_toolbar",
            horizontal=True,
            height=160,
        )
        items: list[View] = [toolbar]
        items += [self.card(n) for n in ctx.data["notes"]]
        if not ctx.data["notes"]:
            items.append(
                View(
                    cls="android.support.v7.widget.CardView",
                    on_click=lambda c: self.new_note(c),
                    children=[
                        w.linear_layout(
                            [
                                w.text_view("No Notes", "title"),
                                w.text_view(
                                    "It seems you have not added any notes. Click to add a note.",
                                    "description",
                                ),
                            ],
                            rid="note_panel",
                        )
                    ],
                )
            )
        search = (
            [w.edit_text("search_box", "", None, hint="Search Notes…")]
            if ctx.ui.get("search")
            else []
        )
        bar = self.litho_bar(
            [
                self.icon(lambda c: c.ui.update(sheet="Options and Settings")),
                self.icon(lambda c: c.ui.update(sheet="Create Folder")),
                self.icon(lambda c: self.new_note(c, "CHECKLIST_UNCHECKED")),
                self.icon(lambda c: self.new_note(c)),
            ]
        )
        windows = [self.sheet(ctx.ui["sheet"])] if ctx.ui.get("sheet") else []
        return Screen(
            content=w.linear_layout(
                [
                    *search,
                    w.list_view(
                        items, rid="recycler_view", cls="android.support.v7.widget.RecyclerView"
                    ),
                    bar,
                ],
                rid="containerLayoutMain",
            ),
            windows=windows,
        )

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == CREATE:
            return self.editor(ctx)
        if ctx.activity == VIEW:
            return self.viewer(ctx)
        return self.home(ctx)
