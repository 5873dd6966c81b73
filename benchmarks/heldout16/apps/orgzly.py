"""Orgzly 1.8.2 (``com.orgzly``), with bug orgzly-android#665; 1.8.3 fixes it.

Sources: github.com/orgzly/orgzly-android, tag ``v1.8.2`` (``ui/main/MainActivity.java``,
``ui/note/NoteFragment.kt``, ``ui/dialogs/TimestampDialogFragment.java``,
``data/DataRepository.kt`` ``buildSqlQuery``, ``query/sql/SqliteQueryBuilder.kt``,
``ui/notes/query/agenda/AgendaItems.kt``, ``util/AgendaUtils.java``); the fix is commit
3d91846c "Fix issue of hidden notes when o.e is used".

Screens (one ``.android.ui.main.MainActivity``, its fragments kept in ``ctx.ui["stack"]``):

- first run: the Getting Started notebook is imported, the navigation drawer is opened and the
  "What's New" dialog (OK) is shown above it;
- the drawer: Searches with the default saved searches (Agenda ``.it.done ad.7``, Next 3 days
  ``.it.done s.ge.today ad.3``, Scheduled ``s.today .it.done``, To Do ``i.todo``), Notebooks with
  the notebooks, Settings (``SettingsActivity``, a stub); Searches opens a stub page;
- Notebooks: one card per notebook (``item_book_title``, ``item_book_note_count``), the FAB ``fab``
  opening the "New notebook" dialog;
- a notebook: its notes (``item_head_title`` with state and priority, ``item_head_scheduled_text``
  ...), the FAB ``fab`` opening a new note;
- the note: Close / Done, ``fragment_note_title`` ("Title"), the metadata (tags, state,
  priority, ``fragment_note_scheduled_button`` "Scheduled time", ``fragment_note_deadline_button``
  "Deadline time") and ``body_edit`` ("Note content"); Close or Back on a changed note asks "Note
  modified" (Save / Discard / Cancel); the time buttons open the timestamp dialog
  (``date_picker_button`` opening the framework date picker, ``time_picker_button``,
  ``repeater_picker_button``, Today / Tomorrow / Next Week, then Cancel, Clear, Set);
- the toolbar's Search action (``activity_action_search``) expands a SearchView
  (``search_src_text``, "Search notes"); Enter runs the query: a plain result list, or the agenda
  (``ad.N``: N day dividers ``item_agenda_time_text`` with the notes scheduled, due or having an
  event that day; overdue scheduled and deadline times are shown on today).

The model's today is 2020-01-29 (the report's date). The query language covers the operators the
report and the default searches use: ``it.X``/``.it.X``, ``i.X``/``.i.X``, ``b.X``, ``t.X``,
``s.today``, ``s.ge.today``, ``ad.N``, the sort orders ``o.s``, ``o.d``, ``o.e``, ``o.t``,
``o.b`` (``.o.X`` descending), ``or``, parentheses and plain words (searched in titles and
content). Events are the active timestamps (``<2020-01-30 Thu>``) in a note's title or content.

The bug (SqliteQueryBuilder 1.8.2): a query sorted by event (``o.e``) gets the clause ``HAVING
MIN(event_timestamp)`` (``MAX`` for ``.o.e``), which drops every row whose event is NULL: notes
that match the query but have no event timestamp are missing from the results, so a note with only
a scheduled time is not in an ``o.e`` agenda. The oracle: a query was run that hid such a note.
1.8.3 moves the aggregate into the ORDER BY and keeps those notes (after the ones with events).

Not modelled: syncing, repositories, settings, the quick-bar, selection and note menus, folding,
the content of the Getting Started notes (only their headings and planning times).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Any, ClassVar, cast

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.orgzly"
MAIN = ".android.ui.main.MainActivity"
SETTINGS = ".android.ui.settings.SettingsActivity"
TODAY = dt.date(2020, 1, 29)
GETTING_STARTED = "Getting Started with Orgzly"
SAVED_SEARCHES = (
    ("Agenda", ".it.done ad.7"),
    ("Next 3 days", ".it.done s.ge.today ad.3"),
    ("Scheduled", "s.today .it.done"),
    ("To Do", "i.todo"),
)
DONE_STATES = ("DONE",)
TODO_STATES = ("TODO", "NEXT")
WHATS_NEW = (
    "Visit Orgzly.com and contact us if you have any issues or suggestions."  # whats_new_intro
)
# The Getting Started notebook's headings: (level, state, priority, title, tags, planning).
GETTING_STARTED_NOTES: tuple[tuple[int, str, str, str, str, dict[str, str]], ...] = (
    (1, "", "", "Notes", "", {}),
    (2, "", "", "Click on the note to open it", "", {}),
    (2, "", "", "Click and hold the note to select it", "", {}),
    (2, "", "", "Fling note right to open its quick-menu", "", {}),
    (2, "", "", "Fold a note which contains sub-notes by clicking the icon next to it", "", {}),
    (3, "", "", "There is no limit in number of levels you can have", "", {}),
    (4, "", "", "Use this to better organize your notes", "", {}),
    (2, "", "", "Note can have tags", "tag1 tag2", {}),
    (3, "", "", "Sub-note inherits the tags", "tag3", {}),
    (2, "TODO", "", "Note can have a state", "", {}),
    (3, "", "", "There are two /types/ of states: to-do and done", "", {}),
    (3, "DONE", "", "This is a note with /done/ type of state", "", {}),
    (2, "", "", "Note can have a scheduled time", "", {"scheduled": "<2015-02-20 Fri 15:15>"}),
    (3, "", "", "Times can have a repeater", "", {"scheduled": "<2015-02-16 Mon .+2d>"}),
    (2, "", "", "You can also set a deadline time", "", {"deadline": "<2015-02-20 Fri>"}),
    (2, "", "", "Reminders for scheduled and deadline times are supported", "", {}),
    (2, "", "A", "Note can have a priority", "", {}),
    (2, "", "", "Note can include links", "", {}),
    (2, "", "", "Basic typographical emphasis is supported", "", {}),
    (2, "", "", "Checkbox list is available", "", {}),
    (1, "", "", "Search", "", {}),
    (2, "", "", "There are many search operators supported", "", {}),
    (2, "", "", "Search queries can be saved for quick access", "", {}),
    (1, "", "", "Syncing", "", {}),
    (2, "", "", "Notebooks can be saved as plain-text files", "", {}),
    (2, "", "", "Location (repository) type", "", {}),
)

NOTE_TITLE = "Call the dentist"
QUERY = ".it.done ad.7 o.e"

_TS = re.compile(
    r"<(\d{4})-(\d{2})-(\d{2})(?: [A-Za-z]{3})?(?: (\d{1,2}):(\d{2}))?(?: ([.+]?\+)(\d+)([dwmy]))?>"
)


# -- org times ---------------------------------------------------------------------------------
def parse_ts(text: str | None) -> dict[str, Any] | None:
    """An org timestamp ``<2015-02-16 Mon .+2d>``: its day, time and repeater (days)."""
    if not text:
        return None
    m = _TS.search(text)
    if not m:
        return None
    try:
        day = dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:  # OrgRange.parseOrNull: not a valid time
        return None
    minutes = int(m.group(4)) * 60 + int(m.group(5)) if m.group(4) else None
    every = 0
    if m.group(7):
        unit = {"d": 1, "w": 7, "m": 30, "y": 365}[m.group(8)]
        every = int(m.group(7)) * unit
    return {"day": day, "minutes": minutes, "every": every}


def org_ts(day: dt.date) -> str:
    return f"<{day.isoformat()} {day.strftime('%a')}>"


def user_date(day: dt.date) -> str:
    """``DateUtils`` with weekday and abbreviated month: ``Wed, Jan 29`` (the year only when it
    is not the current one)."""
    text = f"{day.strftime('%a')}, {day.strftime('%b')} {day.day}"
    return text if day.year == TODAY.year else f"{text}, {day.year}"


def events_of(note: dict[str, Any]) -> list[dict[str, Any]]:
    """The note's events: active timestamps in its title and content."""
    found = []
    for m in _TS.finditer(note["title"] + "\n" + note.get("content", "")):
        ts = parse_ts(m.group(0))
        if ts is not None:
            found.append(ts)
    return found


def instances(ts: dict[str, Any], days: int, overdue_today: bool) -> list[dt.date]:
    """``AgendaUtils.expandOrgDateTime``: the days of ``[today, today + days)`` the time falls on
    (each repeat), and today when it is overdue and ``overdue_today``."""
    out: list[dt.date] = []
    start = ts["day"]
    if overdue_today and start < TODAY:
        out.append(TODAY)
    for i in range(days):
        day = TODAY + dt.timedelta(days=i)
        delta = (day - start).days
        hit = delta == 0 or (ts["every"] and delta > 0 and delta % ts["every"] == 0)
        if hit and day not in out:
            out.append(day)
    return out


# -- queries -----------------------------------------------------------------------------------
def _tokens(query: str) -> list[str]:
    # QueryTokenizer: spaces separate tokens, except inside double quotes.
    return re.findall(r'\(|\)|(?:[^\s()"]|"[^"]*")+', query)


def parse_query(query: str) -> dict[str, Any]:
    """The query's condition tree, sort orders and agenda days."""
    sorts: list[tuple[str, bool]] = []
    options = {"ad": 0}
    toks = _tokens(query)
    pos = 0

    def term(tok: str) -> Any:
        m = re.fullmatch(r"(\.?)o\.([a-z]+)", tok)
        if m:
            sorts.append((m.group(2), bool(m.group(1))))
            return None
        m = re.fullmatch(r"ad\.(\d+)", tok)
        if m:
            options["ad"] = int(m.group(1))
            return None
        m = re.fullmatch(r"(\.?)(it|i|b|t|s)\.(.+)", tok)
        if m:
            value = m.group(3).replace('"', "").lower()
            return ("not" if m.group(1) else "is", m.group(2), value)
        return ("text", tok.replace('"', "").lower())

    def expr() -> Any:
        nonlocal pos
        alts = [conj()]
        while pos < len(toks) and toks[pos].lower() == "or":
            pos += 1
            alts.append(conj())
        return ("or", alts) if len(alts) > 1 else alts[0]

    def conj() -> Any:
        nonlocal pos
        parts = []
        while pos < len(toks) and toks[pos] != ")" and toks[pos].lower() != "or":
            tok = toks[pos]
            pos += 1
            if tok == "(":
                parts.append(expr())
                if pos < len(toks) and toks[pos] == ")":
                    pos += 1
            else:
                t = term(tok)
                if t is not None:
                    parts.append(t)
        return ("and", parts)

    condition = expr()
    while pos < len(toks):  # a stray ")"
        pos += 1
    return {"condition": condition, "sorts": sorts, "ad": options["ad"]}


def matches(cond: Any, note: dict[str, Any]) -> bool:
    kind = cond[0]
    if kind == "and":
        return all(matches(c, note) for c in cond[1])
    if kind == "or":
        return any(matches(c, note) for c in cond[1])
    if kind == "text":
        return cond[1] in (note["title"] + " " + note.get("content", "")).lower()
    negate, op, value = cond
    state = note["state"]
    if op == "it":
        kind_of = "done" if state in DONE_STATES else "todo" if state in TODO_STATES else "none"
        hit = kind_of == value
    elif op == "i":
        hit = state.lower() == value
    elif op == "b":
        hit = note["book"].lower() == value
    elif op == "t":
        hit = value in note["tags"].lower().split()
    else:  # s.today, s.ge.today
        ts = parse_ts(note.get("scheduled"))
        if ts is None:
            hit = False
        elif value == "ge.today":
            hit = ts["day"] >= TODAY
        else:
            hit = ts["day"] <= TODAY
    return hit != (negate == "not")


def _oracle_665(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of orgzly-android#665: a query sorted by event hid notes that match it."""
    return any(run["hidden"] for run in data.get("query_runs", []))


_SEARCH = click(PACKAGE, "activity_action_search", desc="Search", cls="android.widget.TextView")


def _type_query(query: str) -> dict[str, Any]:
    return input_text(PACKAGE, "search_src_text", query, cls="android.widget.AutoCompleteTextView")


_ENTER = {"kind": "press_enter"}
_STEPS_TO_NOTE = (
    click(PACKAGE, "android:id/button1", "OK", cls="android.widget.Button"),
    {"kind": "press_back"},  # closes the drawer opened on first run
    click(PACKAGE, "item_book_title", GETTING_STARTED, cls="android.widget.TextView"),
    click(PACKAGE, "fab", cls="android.widget.ImageButton"),
    input_text(PACKAGE, "fragment_note_title", NOTE_TITLE),
    click(PACKAGE, "fragment_note_scheduled_button", "Scheduled time"),
    click(PACKAGE, "tomorrow_button", "Tomorrow", cls="android.widget.Button"),
    click(PACKAGE, "android:id/button1", "Set", cls="android.widget.Button"),
    click(PACKAGE, "done", desc="Done", cls="android.widget.TextView"),
)

BUG_665 = BugSpec(
    bug_id="orgzly-android#665",
    kind="non-crash",
    title="Scheduled tasks don't appear in the Agenda",
    oracle=_oracle_665,
    human_steps=(*_STEPS_TO_NOTE, _SEARCH, _type_query(QUERY), _ENTER),
)


class Orgzly182(VirtualApp):
    """Orgzly 1.8.2 (see the module docstring)."""

    name: ClassVar[str] = "orgzly-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Orgzly"
    version: ClassVar[str] = "1.8.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_665,)

    def initial_data(self) -> dict[str, Any]:
        notes = []
        for n, (level, state, prio, title, tags, planning) in enumerate(GETTING_STARTED_NOTES):
            notes.append(
                {
                    "id": n + 1,
                    "book": GETTING_STARTED,
                    "level": level,
                    "state": state,
                    "priority": prio,
                    "title": title,
                    "tags": tags,
                    "content": "",
                    "scheduled": planning.get("scheduled"),
                    "deadline": planning.get("deadline"),
                }
            )
        return {
            "intro_done": False,
            "books": [GETTING_STARTED],
            "notes": notes,
            "next_id": len(notes) + 1,
            "query_runs": [],  # ground truth: {"query", "hidden": [note titles]}
        }

    # -- lifecycle ---------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN:
            return
        ui = ctx.ui
        ui.setdefault("stack", [{"page": "books"}])
        ui.setdefault("drawer", False)
        ui.setdefault("dialog", None)
        ui.setdefault("search", None)  # the expanded SearchView's text
        ui.setdefault("menu", False)
        if not ctx.data["intro_done"]:
            # performIntros: a new version: open the drawer, show What's New.
            ctx.data["intro_done"] = True
            ui["drawer"] = True
            ui["dialog"] = {"kind": "whats_new"}

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        ui = ctx.ui
        if w.dismiss(ui, "menu") or w.dismiss(ui, "drawer"):
            return True
        if ui["search"] is not None:
            ui["search"] = None
            return True
        if ui["stack"][-1]["page"] == "note":
            self._cancel_note(ctx)  # NoteFragment's OnBackPressedCallback: userCancel
            return True
        return w.pop_back_stack(ui["stack"])

    def on_key(self, ctx: AppContext, key: str) -> bool:
        if ctx.activity != MAIN:
            return False
        if (
            key == "enter"
            and ctx.ui["search"] is not None
            and ctx.focus.endswith("search_src_text")
        ):
            query = ctx.ui["search"].strip()
            if query:
                ctx.ui["search"] = None
                ctx.hide_keyboard()
                self._open_query(ctx, query)
            return True
        return False

    # -- queries -----------------------------------------------------------------------------------
    def _rows(self, ctx: AppContext, query: str) -> tuple[list[dict[str, Any]], list[str]]:
        """``selectNotesFromQuery``: the rows (a note, with one event for an agenda) and the
        titles of notes the HAVING clause dropped."""
        q = parse_query(query)
        agenda = q["ad"] > 0
        event_sorted = any(key == "e" for key, _ in q["sorts"])
        rows: list[dict[str, Any]] = []
        hidden: list[str] = []
        for note in ctx.data["notes"]:
            if not matches(q["condition"], note):
                continue
            events = events_of(note)
            if agenda and not (note.get("scheduled") or note.get("deadline") or events):
                continue
            groups = [[e] for e in events] if agenda and events else [events]
            kept = [g for g in groups if self._having(g, event_sorted)]
            if not kept:
                hidden.append(note["title"])
            rows.extend({"note": note, "event": g[0] if g else None} for g in kept)
        rows = self._sorted(rows, q["sorts"])
        return rows, hidden

    def _having(self, events: list[dict[str, Any]], event_sorted: bool) -> bool:
        # HAVING MIN(event_timestamp): NULL (no event) drops the group.
        return not event_sorted or bool(events)

    def _sorted(self, rows: list[dict[str, Any]], sorts: list[tuple[str, bool]]) -> list[dict]:
        def key_of(row: dict[str, Any], what: str) -> tuple:
            note = row["note"]
            if what in ("s", "d"):
                ts = parse_ts(note.get("scheduled" if what == "s" else "deadline"))
            elif what == "e":
                ts = row["event"]
            elif what == "t":
                return (False, note["title"].lower())
            else:
                return (False, note["book"].lower())
            return (ts is None, ts["day"].toordinal() if ts else 0)

        ordered = sorted(rows, key=lambda r: (r["note"]["book"].lower(), r["note"]["id"]))
        for what, desc in reversed(sorts):
            ordered.sort(
                key=cast(Callable[[dict[str, Any]], tuple], lambda r, k=what: key_of(r, k)),
                reverse=desc,
            )
        return ordered

    def _open_query(self, ctx: AppContext, query: str) -> None:
        _, hidden = self._rows(ctx, query)
        ctx.data["query_runs"].append({"query": query, "hidden": hidden})
        ctx.ui.update(drawer=False, menu=False)
        ctx.ui["stack"].append({"page": "query", "query": query})

    # -- handlers ----------------------------------------------------------------------------------
    def _open_settings(self, ctx: AppContext) -> None:
        ctx.ui.update(drawer=False, menu=False)
        ctx.start_activity(SETTINGS)

    def _open_stub(self, ctx: AppContext, title: str) -> None:
        """A screen off the bug's path (Settings, the saved searches list): a title and Up."""
        ctx.ui.update(drawer=False, menu=False)
        ctx.ui["stack"].append({"page": "stub", "title": title})

    def _start_search(self, ctx: AppContext) -> None:
        """setOnSearchClickListener: a query page's query, or a notebook's ``b.NAME``, is put in
        the box, followed by a space."""
        top = ctx.ui["stack"][-1]
        text = ""
        if top["page"] == "query":
            text = top["query"] + " "
        elif top["page"] == "book":
            name = top["book"]
            text = f'b."{name}" ' if " " in name else f"b.{name} "
        ctx.ui["search"] = text

    def _open_book(self, ctx: AppContext, book: str) -> None:
        ctx.ui.update(drawer=False)
        ctx.ui["stack"].append({"page": "book", "book": book})

    def _new_note(self, ctx: AppContext, book: str) -> None:
        ctx.ui["stack"].append(
            {
                "page": "note",
                "book": book,
                "title": "",
                "content": "",
                "state": "",
                "priority": "",
                "tags": "",
                "scheduled": None,
                "deadline": None,
            }
        )

    def _cancel_note(self, ctx: AppContext) -> None:
        """userCancel: a modified note asks "Note modified" (Save / Discard / Cancel)."""
        ctx.hide_keyboard()
        draft = self._note(ctx)
        fields = ("title", "content", "tags", "state", "priority", "scheduled", "deadline")
        if any(draft[f] for f in fields):
            ctx.ui["dialog"] = {"kind": "modified"}
        else:
            ctx.ui["stack"].pop()

    def _discard_note(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.ui["stack"].pop()

    def _note(self, ctx: AppContext) -> dict[str, Any]:
        return ctx.ui["stack"][-1]

    def _save_note(self, ctx: AppContext) -> None:
        ctx.hide_keyboard()  # userSave
        ctx.ui["dialog"] = None
        draft = self._note(ctx)
        title = draft["title"].replace("\n", " ").strip()
        if not title:
            ctx.toast("Title cannot be empty")  # the view model's snackbar message
            return
        note = {k: draft[k] for k in ("book", "state", "priority", "tags", "content")}
        note.update(
            id=ctx.data["next_id"],
            level=1,
            title=title,
            scheduled=draft["scheduled"],
            deadline=draft["deadline"],
        )
        ctx.data["next_id"] += 1
        ctx.data["notes"].append(note)
        ctx.ui["stack"].pop()

    def _set_field(self, ctx: AppContext, field: str, text: str) -> None:
        self._note(ctx)[field] = text

    def _open_time(self, ctx: AppContext, which: str) -> None:
        current = parse_ts(self._note(ctx)[which])
        day = current["day"] if current else TODAY
        ctx.ui["dialog"] = {"kind": "time", "which": which, "day": day.isoformat()}
        ctx.hide_keyboard()  # the dialog's window takes the input focus: the IME goes

    def _dialog_day(self, ctx: AppContext) -> dt.date:
        return dt.date.fromisoformat(ctx.ui["dialog"]["day"])

    def _set_day(self, ctx: AppContext, day: dt.date) -> None:
        ctx.ui["dialog"]["day"] = day.isoformat()

    def _time_set(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        self._note(ctx)[dialog["which"]] = org_ts(self._dialog_day(ctx))
        ctx.ui["dialog"] = None

    def _time_clear(self, ctx: AppContext) -> None:
        self._note(ctx)[ctx.ui["dialog"]["which"]] = None
        ctx.ui["dialog"] = None

    def _create_book(self, ctx: AppContext) -> None:
        name = ctx.ui["dialog"].get("text", "").strip()
        if name and name not in ctx.data["books"]:
            ctx.data["books"].append(name)
        ctx.ui["dialog"] = None

    # -- rendering -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return Screen(content=w.child_page("Settings"))
        ui = ctx.ui
        top = ui["stack"][-1]
        page = top["page"]
        if page == "stub":
            up = w.up_button(lambda c: c.ui["stack"].pop())
            return Screen(content=w.linear_layout([w.toolbar(top["title"], navigation=up)]))
        if page == "note":
            title, body, fab = top["book"], self._render_note(top), None
            actions = [
                w.action_item("close", "Close", self._cancel_note),
                w.action_item("done", "Done", self._save_note),
            ]
        else:
            if page == "book":
                title, body = top["book"], self._render_book(ctx, top["book"])
                fab_handler = w.bind(self._new_note, top["book"])
            elif page == "query":
                title, body = top["query"], self._render_query(ctx, top["query"])
                fab_handler = None
            else:
                title, body = "Notebooks", self._render_books(ctx)
                fab_handler = lambda c: c.ui.update(dialog={"kind": "new_book", "text": ""})  # noqa: E731
            fab = w.fab("fab", "", fab_handler, naf=True) if fab_handler else None
            actions = [
                w.action_item(
                    "activity_action_search",
                    "Search",
                    self._start_search,
                ),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ]
        nav = w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True))
        if ui["search"] is not None and page != "note":
            field = w.edit_text(
                "search_src_text",
                ui["search"],
                lambda c, t: c.ui.update(search=t),
                hint="Search notes",
                cls="android.widget.AutoCompleteTextView",
            )
            collapse = w.nav_button("Collapse", lambda c: c.ui.update(search=None))
            bar = w.toolbar(
                View(cls="android.widget.LinearLayout", resource_id="search_bar", children=[field]),
                navigation=collapse,
            )
        else:
            bar = w.toolbar(title, navigation=nav, actions=actions)
        main = [w.linear_layout([bar, body], rid="main_content")]
        if fab is not None:
            main.append(fab)
        content = w.drawer_layout(w.frame_layout(main, layout=FRAME))
        return Screen(content=content, windows=self._windows(ctx))

    def _render_books(self, ctx: AppContext) -> View:
        cards = []
        for book in ctx.data["books"]:
            count = sum(1 for n in ctx.data["notes"] if n["book"] == book)
            cards.append(
                View(
                    cls="androidx.cardview.widget.CardView",
                    resource_id="item_book_card_view",
                    on_click=w.bind(self._open_book, book),
                    height=260,
                    weight=0,
                    children=[
                        w.linear_layout(
                            [
                                w.text_view(book, "item_book_title"),
                                w.linear_layout(
                                    [w.text_view(f"{count} notes", "item_book_note_count")],
                                    rid="item_book_note_count_container",
                                ),
                            ],
                            rid="item_book_container",
                        )
                    ],
                )
            )
        return w.list_view(
            cards,
            rid="fragment_books_recycler_view",
            cls="androidx.recyclerview.widget.RecyclerView",
            scroll_key="books_scroll",
        )

    def _head(self, note: dict[str, Any], *, indent: int = 0, book: bool = False) -> View:
        # TitleGenerator: state, priority, title (emphasis rendered), tags, two spaces apart.
        shown = re.sub(r"/(\S[^/]*\S)/", r"\1", note["title"])
        priority = f"#{note['priority']}" if note["priority"] else ""
        parts_text = (note["state"], priority, shown, " ".join(note["tags"].split()))
        title = "  ".join(p for p in parts_text if p)
        parts = [w.text_view(title, "item_head_title")]
        if book:
            parts.append(w.text_view(note["book"], "item_head_book_name_text", height=70))
        for key, rid in (
            ("scheduled", "item_head_scheduled_text"),
            ("deadline", "item_head_deadline_text"),
        ):
            ts = parse_ts(note.get(key))
            if ts is not None:
                parts.append(w.text_view(user_date(ts["day"]), rid, height=70))
        payload = w.linear_layout(parts, rid="item_head_payload")
        return w.linear_layout(
            [View(cls="android.view.View", width=40 * indent), payload],
            rid="item_head_container",
            horizontal=True,
            weight=0,
            height=110 + 70 * (len(parts) - 1),
        )

    def _render_book(self, ctx: AppContext, book: str) -> View:
        rows = [
            self._head(n, indent=n["level"] - 1) for n in ctx.data["notes"] if n["book"] == book
        ]
        return w.list_view(
            rows,
            rid="fragment_notes_book_recycler_view",
            cls="androidx.recyclerview.widget.RecyclerView",
            scroll_key="book_scroll",
        )

    def _render_query(self, ctx: AppContext, query: str) -> View:
        rows, _ = self._rows(ctx, query)
        days = parse_query(query)["ad"]
        if days <= 0:
            items = [self._head(r["note"], book=True) for r in rows]
        else:
            buckets: dict[dt.date, list[View]] = {
                TODAY + dt.timedelta(days=i): [] for i in range(days)
            }
            planned: set[int] = set()
            for row in rows:
                note = row["note"]
                if note["id"] not in planned:
                    planned.add(note["id"])
                    for key in ("scheduled", "deadline"):
                        ts = parse_ts(note.get(key))
                        if ts is not None:
                            for day in instances(ts, days, True):
                                buckets[day].append(self._head(note, book=True))
                if row["event"] is not None:
                    for day in instances(row["event"], days, False):
                        buckets[day].append(self._head(note, book=True))
            items = []
            for day, heads in buckets.items():
                items.append(w.text_view(user_date(day), "item_agenda_time_text", weight=0))
                items.extend(heads)
        return w.list_view(
            items,
            rid="fragment_query_search_recycler_view"
            if days <= 0
            else "fragment_query_agenda_recycler_view",
            cls="androidx.recyclerview.widget.RecyclerView",
            scroll_key="query_scroll",
        )

    def _render_note(self, draft: dict[str, Any]) -> View:
        def time_button(key: str, rid: str, hint: str) -> View:
            ts = parse_ts(draft[key])
            return View(
                cls="android.widget.TextView",
                resource_id=rid,
                text=user_date(ts["day"]) if ts else "",
                hint=hint,
                on_click=w.bind(self._open_time, key),
            )

        def field(key: str, rid: str, hint: str, **kw: Any) -> View:
            return w.edit_text(
                rid, draft[key], lambda c, t: self._set_field(c, key, t), hint=hint, **kw
            )

        metadata = w.linear_layout(
            [
                field(
                    "tags",
                    "fragment_note_tags",
                    "tag tag",
                    cls="android.widget.MultiAutoCompleteTextView",
                ),
                w.text_view(draft["state"], "fragment_note_state_button", hint="State"),
                w.text_view(draft["priority"], "fragment_note_priority_button", hint="Priority"),
                time_button("scheduled", "fragment_note_scheduled_button", "Scheduled time"),
                time_button("deadline", "fragment_note_deadline_button", "Deadline time"),
            ],
            rid="fragment_note_metadata",
            weight=0,
        )
        body = w.linear_layout(
            [
                field("title", "fragment_note_title", "Title"),
                w.text_view("Metadata", "fragment_note_metadata_header", height=100),
                metadata,
                field(
                    "content",
                    "body_edit",
                    "Note content",
                    extra={"multiline": True},
                    height=400,
                ),
            ],
            rid="fragment_note_content",
        )
        return w.scroll_view([body], rid="fragment_note_container")

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["drawer"]:
            windows.append(self._drawer(ctx))
        if ui["menu"]:
            windows.append(
                w.menu_window(
                    [
                        ("Sync", lambda c: c.ui.update(menu=False)),
                        ("Settings", self._open_settings),
                    ],
                    lambda c: c.ui.update(menu=False),
                )
            )
        dialog = ui["dialog"]
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        if dialog is None:
            return windows
        if dialog["kind"] == "modified":
            buttons = [
                w.dialog_button("android:id/button3", "Cancel", close),
                w.dialog_button("android:id/button2", "Discard", self._discard_note),
                w.dialog_button("android:id/button1", "Save", self._save_note),
            ]
            body = [w.dialog_message("Save changes?")]
            windows.append(w.alert_dialog(w.dialog_title("Note modified"), body, buttons, close))
        elif dialog["kind"] == "whats_new":
            windows.append(w.confirm_dialog("What's New", WHATS_NEW, ("OK", close), None, close))
        elif dialog["kind"] == "new_book":
            field = w.edit_text(
                "dialog_input",
                dialog.get("text", ""),
                lambda c, t: c.ui["dialog"].update(text=t),
                hint="Name",
            )
            windows.append(
                w.input_dialog(
                    "New notebook", field, ("Create", self._create_book), ("Cancel", close), close
                )
            )
        elif dialog["kind"] == "time":
            windows.append(self._time_dialog(ctx))
        elif dialog["kind"] == "date":
            day = self._dialog_day(ctx)

            def pick(c: AppContext, d: int) -> None:
                c.ui["dialog"]["day"] = day.replace(day=d).isoformat()

            def month(c: AppContext, delta: int) -> None:
                y, m = day.year + (day.month - 1 + delta) // 12, (day.month - 1 + delta) % 12 + 1
                c.ui["dialog"]["day"] = dt.date(y, m, 1).isoformat()

            back = lambda c: c.ui["dialog"].update(kind="time")  # noqa: E731
            windows.append(
                w.date_picker_dialog(day.year, day.month, day.day, pick, month, back, back)
            )
        return windows

    def _time_dialog(self, ctx: AppContext) -> Window:
        day = self._dialog_day(ctx)
        body = [
            w.linear_layout(
                [
                    w.button(
                        "date_picker_button",
                        user_date(day),
                        lambda c: c.ui["dialog"].update(kind="date"),
                    ),
                    w.check_box("time_used_checkbox", "", False, None, width=150),
                    w.button("time_picker_button", "12:00", None, enabled=False),
                    w.check_box("repeater_used_checkbox", "", False, None, width=150),
                    w.button("repeater_picker_button", "+1d", None, enabled=False),
                ],
                weight=0,
            ),
            w.linear_layout(
                [
                    w.button("today_button", "Today", lambda c: self._set_day(c, TODAY)),
                    w.button(
                        "tomorrow_button",
                        "Tomorrow",
                        lambda c: self._set_day(c, TODAY + dt.timedelta(days=1)),
                    ),
                    w.button(
                        "next_week_button",
                        "Next Week",
                        lambda c: self._set_day(c, TODAY + dt.timedelta(days=7)),
                    ),
                ],
                horizontal=True,
                weight=0,
                height=140,
            ),
        ]
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        buttons = [
            w.dialog_button("android:id/button3", "Clear", self._time_clear),
            w.dialog_button("android:id/button2", "Cancel", close),
            w.dialog_button("android:id/button1", "Set", self._time_set),
        ]
        return w.alert_dialog(w.dialog_title(user_date(day)), body, buttons, close)

    def _drawer(self, ctx: AppContext) -> Window:
        def go_books(c: AppContext) -> None:
            c.ui.update(drawer=False)
            c.ui["stack"] = [{"page": "books"}]

        rows: list[View] = [
            w.linear_layout([w.text_view("Orgzly", height=200)], rid="drawer_header", height=200),
            w.navigation_item("searches", "Searches", w.bind(self._open_stub, "Searches")),
        ]
        rows += [
            w.navigation_item("", name, w.bind(self._open_query, query))
            for name, query in SAVED_SEARCHES
        ]
        rows.append(w.navigation_item("books", "Notebooks", go_books))
        rows += [
            w.navigation_item("", book, w.bind(self._open_book, book)) for book in ctx.data["books"]
        ]
        rows.append(w.navigation_item("settings", "Settings", self._open_settings))
        return w.navigation_sheet(
            rows,
            lambda c: c.ui.update(drawer=False),
            bounds=(0, 0, 840, ctx.screen_size[1]),
            rid="drawer_navigation_view",
        )


class Orgzly183(Orgzly182):
    """Orgzly 1.8.3: the event sort no longer drops notes without events."""

    version: ClassVar[str] = "1.8.3"
    bugs: ClassVar[tuple[BugSpec, ...]] = ()

    def _having(self, events: list[dict[str, Any]], event_sorted: bool) -> bool:
        return True


WRONG_SEQUENCES = {
    "orgzly-android#665": (
        # The same agenda without the event sort: the note is there.
        (*_STEPS_TO_NOTE, _SEARCH, _type_query(".it.done ad.7 o.s"), _ENTER),
        # The default Agenda saved search from the drawer.
        (
            *_STEPS_TO_NOTE,
            click(PACKAGE, desc=w.OPEN_DRAWER, cls="android.widget.ImageButton"),
            click(PACKAGE, "design_menu_item_text", "Agenda"),
        ),
        # The query typed but never run (Enter not pressed).
        (*_STEPS_TO_NOTE, _SEARCH, _type_query(QUERY)),
    ),
}
