"""Kolab Notes (``org.kore.kolabnotes.android``) 1.7.1, for kolabnotes-android#111.

Modelled from the sources at tag ``1.7.1`` (commit 81a7a3f, the release before the fix):
``AndroidManifest.xml``, ``MainActivity.java``, ``DetailActivity.java``,
``fragment/OverviewFragment.java``, ``fragment/DetailFragment.java``, ``Utils.java``, the layouts
(``activity_main``, ``fragment_overview``, ``row_note_overview``, ``dialog_text_input``,
``activity_detail``, ``fragment_detail``), the menus (``main_toolbar``, ``detail_toolbar``) and
``values/strings.xml``. The upstream fix is commit e4e50a1 ("Fix issue #111", released in 1.7.2).

What a fresh install shows: MainActivity ("Kolab Notes") with the local account active and no
notebook: the drawer button, the toolbar actions "Tags" and "New Notebook" (Delete notebook,
Search Note and Settings in the overflow), the empty list's "No notes" and the FAB
``fab_button`` ("add"). With no notebook, the FAB first asks for one ("New Notebook", the field
``dialog_text_input_field`` hinted "Summary", Cancel / Ok); Ok with a name creates it and opens
DetailActivity on it. A notebook existing, the FAB opens DetailActivity directly.

DetailActivity (title "Local Account", the active account's name): Navigate up (the fragment's
``onBackPressed``: a new note is left without saving or asking; an opened note asks "Cancel
Warning" / "All changes will be discarded, are you sure?" Yes / No when it changed), the
always-shown actions "Delete" and "OK" (the rest, Edit Tags, Choose Color, Metainformation and
Share, in the overflow), the notebook spinner ``spinner_notebook``, the summary EditText
``detail_summary`` ("Summary") and the description editor ``detail_description`` (a
``jp.wasabeef.richeditor.RichEditor`` WebView, "Description") with its formatting bar
``editor_bar`` shown while the editor has the focus. OK needs a summary ("This field is
required") and saves the note (the "Note saved" toast is built but never shown).

Bug kolabnotes-android#111 (non-crash): DetailActivity does not handle configuration changes,
so rotating re-creates it. Android restores the summary EditText and the spinner by themselves,
but the description lives in the RichEditor WebView, and ``DetailFragment.onSaveInstanceState``
in 1.7.1 saves nothing of it (it only calls super); the re-created fragment loads the note again
(nothing for a new note), so the description typed since opening the note is gone without a
prompt. The fix stores the editor's HTML in ``onSaveInstanceState`` and sets it back in
``onActivityCreated``. The oracle reads the flag the model sets when a re-creation drops a
description that differed from the stored one.

Stubbed: Tags (TagListActivity) and Settings screens (a title and Navigate up); the drawer shows
its account header and entries but only closes; Delete notebook, Search Note, Edit Tags, Choose
Color, Metainformation, Share and the formatting buttons do nothing; Delete in the editor leaves
it (a new note) or removes the note. Sync and Kolab accounts are not modelled (the local account
needs no server).

Uncertain: the drawer button's content description (MaterialDrawer's toggle) is modelled as
"Open navigation drawer"; the WebView's text is modelled as one editable node carrying the
description's plain text.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import FRAME, Screen, View, Window

MAIN = ".MainActivity"
DETAIL = ".DetailActivity"
TAGS = ".TagListActivity"
SETTINGS = ".setting.SettingsActivity"

PKG = "org.kore.kolabnotes.android"
TRUTH = "description_lost_on_recreate"


def description_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of kolabnotes-android#111: re-creating the note editor dropped a
    description that had been changed and not saved."""
    return bool(data.get(TRUTH))


def _rid(rid: str) -> str:
    return f"{PKG}:id/{rid}"


def _click(**target: str) -> dict[str, Any]:
    return {"kind": "click", "target": dict(target)}


def _type(rid: str, text: str) -> dict[str, Any]:
    return {"kind": "input_text", "target": {"resource_id": _rid(rid)}, "text": text}


ROTATE = {"kind": "rotate", "orientation": "landscape"}
OPEN_NEW_NOTE = (
    _click(content_desc="add"),
    _type("dialog_text_input_field", "Private"),
    _click(text="Ok"),
)
SUMMARY = _type("detail_summary", "Shopping")
DESCRIPTION = _type("detail_description", "Milk and bread")

BUG_111 = BugSpec(
    "kolabnotes-android#111",
    "non-crash",
    "Unsaved changes are lost when the screen rotates.",
    description_lost,
    human_steps=(*OPEN_NEW_NOTE, SUMMARY, DESCRIPTION, ROTATE),
)

WRONG_SEQUENCES = {
    "kolabnotes-android#111": [
        # only the summary typed: the EditText restores itself
        [*OPEN_NEW_NOTE, SUMMARY, ROTATE],
        # rotated before the description was typed
        [*OPEN_NEW_NOTE, SUMMARY, ROTATE, DESCRIPTION],
        # saved with OK before rotating (back on the list)
        [*OPEN_NEW_NOTE, SUMMARY, DESCRIPTION, _click(content_desc="OK"), ROTATE],
        # the new note left with Navigate up, then the list rotated
        [*OPEN_NEW_NOTE, SUMMARY, DESCRIPTION, _click(content_desc="Navigate up"), ROTATE],
    ]
}


class KolabNotes(VirtualApp):
    """Kolab Notes 1.7.1: the notes overview and the note editor, local account only."""

    name: ClassVar[str] = "kolabnotes-android"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "Kolab Notes"
    version: ClassVar[str] = "1.7.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_111,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "notebooks": [],
            "selected_notebook": None,
            "notes": [],
            "next_uid": 1,
            TRUTH: False,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            for key in ("drawer", "menu", "notebook_dialog"):
                ui.setdefault(key, False)
            ui.setdefault("new_notebook", "")
            ui.setdefault("then_detail", False)
        elif ctx.activity == DETAIL:
            restored = "summary" in ui
            uid = ctx.extras.get("uid")
            note = self._note(ctx, uid) if uid is not None else None
            # onActivityCreated: the note (if any) fills the views; a new one starts empty.
            stored = note["description"] if note is not None else ""
            if restored:
                # Android restored the EditText and Spinner; the WebView's text is not saved.
                if ui.pop("_unsaved_description", False):
                    ctx.data[TRUTH] = True
            else:
                ui["summary"] = note["summary"] if note is not None else ""
                ui["notebook"] = (
                    note["notebook"] if note is not None else ctx.extras.get("notebook", "")
                )
            ui.update(
                description=stored,
                stored_description=stored,
                summary_error=False,
                menu=False,
                spinner=False,
                dialog=False,
            )

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        ui = ctx.ui
        if ctx.activity != DETAIL:
            return dict(ui)
        return {
            "summary": ui["summary"],
            "notebook": ui["notebook"],
            # model bookkeeping: the editor held a changed description that is not kept
            "_unsaved_description": ui["description"] != ui["stored_description"],
        }

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.ui.get("drawer"):
            ctx.ui["drawer"] = False
            return True
        if ctx.activity == DETAIL:
            self._detail_back(ctx)
            return True
        return False

    # -- main --------------------------------------------------------------------------------
    def _fab(self, ctx: AppContext) -> None:
        if not ctx.data["notebooks"]:
            ctx.ui.update(notebook_dialog=True, then_detail=True, new_notebook="")
            return
        ctx.start_activity(DETAIL, {"notebook": ctx.data["selected_notebook"] or ""})

    def _menu_new_notebook(self, ctx: AppContext) -> None:
        ctx.ui.update(notebook_dialog=True, then_detail=False, new_notebook="")

    def _notebook_ok(self, ctx: AppContext) -> None:
        ui, data = ctx.ui, ctx.data
        ui["notebook_dialog"] = False
        name = ui["new_notebook"]
        if not name.strip():
            return
        data["selected_notebook"] = name
        if name not in data["notebooks"]:
            data["notebooks"].append(name)
        if ui["then_detail"]:
            ctx.start_activity(DETAIL, {"notebook": name})

    def _open_note(self, ctx: AppContext, uid: int) -> None:
        ctx.start_activity(DETAIL, {"uid": uid})

    def _menu_pick(self, ctx: AppContext, target: str) -> None:
        ctx.ui["menu"] = False
        if target:
            ctx.start_activity(target)

    # -- detail ------------------------------------------------------------------------------
    @staticmethod
    def _note(ctx: AppContext, uid: Any) -> dict[str, Any] | None:
        for note in ctx.data["notes"]:
            if note["uid"] == uid:
                return note
        return None

    def _changed(self, ctx: AppContext) -> bool:
        note = self._note(ctx, ctx.extras.get("uid"))
        if note is None:
            return False
        ui = ctx.ui
        return (
            ui["summary"] != note["summary"]
            or ui["description"] != note["description"]
            or ui["notebook"] != note["notebook"]
        )

    def _detail_back(self, ctx: AppContext) -> None:
        if self._changed(ctx):
            ctx.ui["dialog"] = True
        else:
            ctx.finish()

    def _discard(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = False
        ctx.finish()

    def _save(self, ctx: AppContext) -> None:
        ui, data = ctx.ui, ctx.data
        if not ui["summary"]:
            ui["summary_error"] = True
            return
        note = self._note(ctx, ctx.extras.get("uid"))
        if note is None:
            data["notes"].append(
                {
                    "uid": data["next_uid"],
                    "summary": ui["summary"],
                    "description": ui["description"],
                    "notebook": ui["notebook"],
                }
            )
            data["next_uid"] += 1
        else:
            note.update(
                summary=ui["summary"], description=ui["description"], notebook=ui["notebook"]
            )
        data["selected_notebook"] = ui["notebook"]
        ctx.finish()

    def _delete(self, ctx: AppContext) -> None:
        note = self._note(ctx, ctx.extras.get("uid"))
        if note is not None:
            ctx.data["notes"].remove(note)
        ctx.finish()

    def _set(self, key: str, value: Any) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.ui[key] = value

        return handler

    def _pick_notebook(self, ctx: AppContext, name: str) -> None:
        ctx.ui.update(notebook=name, spinner=False)

    def _edit_summary(self, ctx: AppContext, text: str) -> None:
        ctx.ui.update(summary=text, summary_error=False)

    def _edit_description(self, ctx: AppContext, text: str) -> None:
        ctx.ui["description"] = text

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == DETAIL:
            return self._render_detail(ctx)
        title = "Settings" if ctx.activity == SETTINGS else "Kolab Notes"
        return Screen(content=w.child_page(title))

    def _render_main(self, ctx: AppContext) -> Screen:
        ui, data = ctx.ui, ctx.data
        bar = w.toolbar(
            "Kolab Notes",
            navigation=w.nav_button(w.OPEN_DRAWER, self._set("drawer", True)),
            actions=[
                w.action_item("tag_list", "Tags", w.bind(self._menu_pick, TAGS)),
                w.action_item("create_notebook_menu", "New Notebook", self._menu_new_notebook),
                w.overflow_button(self._set("menu", True)),
            ],
        )
        notes = data["notes"]
        if notes:
            rows = [
                View(
                    cls="android.support.v7.widget.CardView",
                    height=220,
                    on_click=w.bind(self._open_note, note["uid"]),
                    children=[
                        w.linear_layout(
                            [
                                w.text_view(note["summary"], "noteSummary", height=90),
                                w.text_view("Public", "classification", height=60),
                            ],
                            rid="noteGridLayout",
                        )
                    ],
                )
                for note in notes
            ]
            body = View(
                cls="android.support.v4.widget.SwipeRefreshLayout",
                resource_id="swipe_container",
                children=[
                    w.list_view(rows, rid="list", cls="android.support.v7.widget.RecyclerView")
                ],
            )
        else:
            body = w.text_view("No notes", "empty_view_overview", height=150)
        coordinator = View(
            cls="android.support.design.widget.CoordinatorLayout",
            resource_id="coordinator_overview",
            layout=FRAME,
            children=[
                body,
                w.fab("fab_button", "add", self._fab),
            ],
        )
        windows: list[Window] = []
        if ui["menu"]:
            windows.append(
                w.menu_window(
                    [
                        ("Delete notebook", w.bind(self._menu_pick, "")),
                        ("Search Note", w.bind(self._menu_pick, "")),
                        ("Settings", w.bind(self._menu_pick, SETTINGS)),
                    ],
                    self._set("menu", False),
                )
            )
        if ui["drawer"]:
            entries: list[View] = [
                w.linear_layout([w.text_view("Local Account")], height=300),
                w.drawer_entry("Notes from all accounts", self._set("drawer", False)),
                w.drawer_entry(
                    "Notes from selected account", self._set("drawer", False), checked=True
                ),
                w.drawer_entry("Notebooks", None),
            ]
            entries += [
                w.drawer_entry(name, self._set("drawer", False)) for name in data["notebooks"]
            ]
            entries.append(w.drawer_entry("Tags", None))
            windows.append(w.navigation_sheet(entries, self._set("drawer", False)))
        if ui["notebook_dialog"]:
            field = w.edit_text(
                "dialog_text_input_field",
                ui["new_notebook"],
                lambda c, t: c.ui.update(new_notebook=t),
                hint="Summary",
            )
            windows.append(
                w.input_dialog(
                    "New Notebook",
                    field,
                    ("Ok", self._notebook_ok),
                    ("Cancel", self._set("notebook_dialog", False)),
                    self._set("notebook_dialog", False),
                )
            )
        content = w.linear_layout([bar, coordinator], rid="activity_main")
        return Screen(content=content, windows=windows)

    def _render_detail(self, ctx: AppContext) -> Screen:
        ui, data = ctx.ui, ctx.data
        bar = w.toolbar(
            "Local Account",
            navigation=w.up_button(self._detail_back),
            actions=[
                w.action_item("delete_menu", "Delete", self._delete),
                w.action_item("ok_menu", "OK", self._save),
                w.overflow_button(self._set("menu", True)),
            ],
        )
        children: list[View] = [bar]
        if ctx.focus == "detail_description":
            buttons = [
                w.image_button(rid, "", None, width=126)
                for rid in (
                    "action_undo",
                    "action_redo",
                    "action_bold",
                    "action_italic",
                    "action_subscript",
                    "action_superscript",
                    "action_strikethrough",
                    "action_underline",
                )
            ]
            children.append(
                w.scroll_view(
                    [w.linear_layout(buttons, horizontal=True)], rid="editor_bar", height=126
                )
            )
        spinner = View(
            cls="android.widget.Spinner",
            resource_id="spinner_notebook",
            height=130,
            on_click=self._set("spinner", True),
            children=[w.text_view(ui["notebook"], "android:id/text1")],
        )
        summary = w.edit_text(
            "detail_summary",
            ui["summary"],
            self._edit_summary,
            hint="Summary",
            height=150,
        )
        if ui["summary_error"]:
            summary.content_desc = "This field is required"
        description = w.edit_text(
            "detail_description",
            ui["description"],
            self._edit_description,
            hint="Description",
            cls="android.webkit.WebView",
            height=800,
        )
        children += [spinner, w.frame_layout([summary], height=150), description]
        windows: list[Window] = []
        if ui["menu"]:
            windows.append(
                w.menu_window(
                    [
                        (title, self._set("menu", False))
                        for title in ("Edit Tags", "Choose Color", "Metainformation", "Share")
                    ],
                    self._set("menu", False),
                )
            )
        if ui["spinner"]:
            windows.append(
                w.menu_window(
                    [(name, w.bind(self._pick_notebook, name)) for name in data["notebooks"]],
                    self._set("spinner", False),
                    title_rid="android:id/text1",
                )
            )
        if ui["dialog"]:
            windows.append(
                w.confirm_dialog(
                    "Cancel Warning",
                    "All changes will be discarded, are you sure?",
                    ("Yes", self._discard),
                    ("No", self._set("dialog", False)),
                    self._set("dialog", False),
                )
            )
        return Screen(content=w.linear_layout(children, rid="activity_detail"), windows=windows)
