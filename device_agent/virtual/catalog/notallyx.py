"""NotallyX (``com.philkes.notallyx``) 7.3.0 and 7.4.0, for NotallyX#517 (7.3.0), NotallyX#569
and NotallyX#609 (7.4.0).

Modelled from the sources at tags ``v7.3.0`` and ``v7.4.0`` (under ``app/src/main``:
``AndroidManifest.xml``, ``res/navigation/navigation.xml``, ``res/layout/activity_main.xml``,
``fragment_notes.xml``, ``recycler_label.xml``, ``dialog_input.xml``, ``activity_edit.xml``,
``recycler_list_item.xml``, ``recycler_base_note.xml``, ``res/values/strings.xml``,
``presentation/activity/main/MainActivity.kt``, ``fragment/LabelsFragment.kt``,
``fragment/DisplayLabelFragment.kt``, ``view/main/label/LabelVH.kt``,
``activity/note/EditActivity.kt``, ``EditListActivity.kt``, ``view/note/listitem/ListManager.kt``,
``view/note/listitem/adapter/ListItemVH.kt``, ``presentation/UiExtensions.kt``,
``view/misc/MenuDialog.kt``, ``utils/backup/ExportExtensions.kt`` (``exportNotes``,
``exportPdfFile``, ``exportPlainTextFile``), ``android/print/PdfExtensions.kt``), and the fixes
(PR #521: androidx.navigation downgraded from 2.8.9 to 2.3.5; commit 157ecb1b: checked list items
are not focusable; commit cf7f6f9d: a blank title names the PDF "Note"):

- the launcher opens ``MainActivity`` on the start view "Notes": the ``Toolbar`` (the drawer
  button and the destination's label as title), the fragment (``EnterSearchKeyword`` "Search",
  the ``MainListView`` of note cards ``Title``/``Note``, the ``ImageView`` when empty) and the two
  FABs ``MakeList`` ("Make list") and ``TakeNote`` ("Take note"), shown on Notes, Unlabeled and a
  label's view only. The ``NavigationView`` (its header a toolbar "NotallyX") lists Notes,
  Unlabeled, Labels, the labels (at most 5 shown, the rest as "N more"; labels hidden in Labels
  are left out), Deleted, Archived, Reminders, Settings. Choosing an entry navigates; Back from
  another view goes back to Notes. Unlabeled, Deleted and Archived list their notes; Reminders
  and Settings are stubs (their title, an empty list);
- Labels: the toolbar action "Add label" opens "Add label" (``EditText``, Cancel / Save, Save
  disabled while empty; an existing label toasts "Label exists"); each row has ``LabelText``,
  ``VisibilityButton`` ("Hide Labels in Overview": hides it from the drawer), ``EditButton``
  ("Edit": "Edit label" dialog) and ``DeleteButton`` ("Delete": "Delete label?", "Your notes
  attached to this label will not be deleted", Cancel / Delete). Tapping ``LabelText`` (or a
  label's drawer entry) navigates to ``DisplayLabel``;
- "Make list" opens ``EditListActivity`` with one empty item: the ``Toolbar`` (Search, Pin),
  ``EnterTitle`` ("Title"), ``Date``, ``MainListView`` of items (``recycler_list_item.xml``:
  ``DragHandle`` "Drag<i>", ``CheckBox`` "CheckBox<i>", ``EditText`` "EditText<i>" hint "Item",
  ``Delete`` "Delete<i>" shown on checked items), ``AddItem`` ("Add Item"), and, with the default
  "auto-sort by checked", ``CheckedListView`` holding the checked items; the bottom bar "Adding
  files", "Undo", "Redo", "Edit" (toggles read-only mode: items not editable, a tap toggles the
  item) and "Tap for more options" (stubs but the toggle). Back or the toolbar's up arrow saves
  a non-empty note. "Take note" opens ``EditNoteActivity``: the same toolbar, ``EnterTitle``,
  ``Date``, ``EnterBody`` ("Note") and the bottom bar ("Add Item", "Edit", "Undo", "Redo",
  "Edit", "Tap for more options"; stubs but the read-only toggle). Tapping a note's card opens
  it;
- a long click on a card starts the action mode (``ActionMode`` toolbar: the count, "Select
  All", "Pin", "Labels", "Delete" and the overflow "Archive", "Change Color", "Share" (one note),
  "Export" (the submenu TXT, PDF, JSON, HTML); Deleted and Archived have their own sets). A tap
  then toggles a card; Back or the close icon ends it. Delete/Archive/Restore move notes between
  folders; Pin, Labels, Change Color and Share are stubs. Exporting one note writes
  ``<title or "Note">.<ext>`` to the app's export folder and offers "View file" / "Save to
  device" (a bottom sheet; both stubs); several notes open the system's folder picker, not
  modelled: it is left without a choice (nothing is exported).

The world: a fresh install, no notes, no labels; the date shown is fixed ("Created 04.12.2026").

The bugs:
- NotallyX#517 (7.3.0, crash): the ``DisplayLabel`` destination's label is the placeholder
  ``{notallyx.intent.extra.DISPLAYED_LABEL}``, an argument the graph does not declare; with
  androidx.navigation 2.8.9 ``ActionBarOnDestinationChangedListener.onDestinationChanged``
  throws ``NullPointerException`` on every navigation to a label (from Labels or the drawer).
  7.4.0 (navigation 2.3.5) shows the label's notes.
- NotallyX#569 (7.3.0 and 7.4.0, crash): a checked item's ``EditText`` is still editable; its
  text watcher calls ``ListManager.changeText`` with its position in the checked list, which
  indexes the unchecked items: ``IndexOutOfBoundsException: Index: i, Size: n`` when there are
  not more unchecked items than that position (else the unchecked item at that position gets
  the text).
- NotallyX#609 (7.3.0 and 7.4.0, crash): exporting a note with a blank title as PDF names the
  file ``.pdf``; the WebView's print adapter is created with the empty name and its ``onLayout``
  throws ``IllegalArgumentException: name cannot be empty`` (PrintDocumentInfo.Builder). Text,
  JSON and HTML fall back to "Note".
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text, long_click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.philkes.notallyx"
MAIN = ".presentation.activity.main.MainActivity"
EDIT_LIST = ".presentation.activity.note.EditListActivity"
EDIT_NOTE = ".presentation.activity.note.EditNoteActivity"
MAX_LABELS = 5  # maxLabelsInNavigation's default
DATE = "Created 04.12.2026"
# navigation.xml's top-level destinations and their labels (the drawer's entries).
DESTINATIONS = {
    "Notes": "Notes",
    "Unlabeled": "Unlabeled",
    "Labels": "Labels",
    "Deleted": "Deleted",
    "Archived": "Archived",
    "Reminders": "Reminders",
    "Settings": "Settings",
}
FAB_DESTINATIONS = ("Notes", "Unlabeled", "DisplayLabel")

NPE = "java.lang.NullPointerException"
IOOBE = "java.lang.IndexOutOfBoundsException"
NAV_FRAMES = [
    "androidx.navigation.ui.ActionBarOnDestinationChangedListener.onDestinationChanged"
    "(SourceFile:145)",
    "androidx.navigation.NavHostController.dispatchOnDestinationChanged(SourceFile:108)",
    "androidx.navigation.NavHostController.navigate(SourceFile:112)",
    "androidx.navigation.NavHostController.navigate(SourceFile:25)",
]
LABEL_ROW_FRAMES = [
    "com.philkes.notallyx.presentation.view.main.label.LabelVH$$ExternalSyntheticLambda0.onClick"
    "(SourceFile:323)",
    "android.view.View.performClick(View.java:8083)",
    "android.view.View.performClickInternal(View.java:8060)",
    "android.view.View$PerformClick.run(View.java:31532)",
    "android.os.Handler.handleCallback(Handler.java:995)",
    "android.os.Handler.dispatchMessage(Handler.java:103)",
    "android.os.Looper.loop(Looper.java:338)",
    "android.app.ActivityThread.main(ActivityThread.java:8982)",
]
DRAWER_FRAMES = [
    "com.philkes.notallyx.presentation.activity.main.MainActivity.navigateToLabel"
    "(MainActivity.kt:227)",
    "com.philkes.notallyx.presentation.activity.main.MainActivity.setupLabelsMenuItems$lambda$4"
    "(MainActivity.kt:205)",
    "com.google.android.material.navigation.NavigationView$1.onMenuItemSelected"
    "(NavigationView.java:295)",
    "android.os.Looper.loop(Looper.java:338)",
    "android.app.ActivityThread.main(ActivityThread.java:8982)",
]
WATCHER_FRAMES = [
    "java.util.ArrayList.get(ArrayList.java:437)",
    "com.philkes.notallyx.presentation.UiExtensionsKt$createListTextWatcherWithHistory$1"
    ".afterTextChanged(SourceFile:62)",
    "android.widget.TextView.sendAfterTextChanged(TextView.java:9770)",
    "android.widget.TextView$ChangeWatcher.afterTextChanged(TextView.java:12522)",
    "android.text.SpannableStringBuilder.sendAfterTextChanged(SpannableStringBuilder.java:1273)",
    "android.text.SpannableStringBuilder.replace(SpannableStringBuilder.java:576)",
    "androidx.emoji2.text.SpannableBuilder.replace(SourceFile:7)",
    "android.view.ViewRootImpl$ViewPostImeInputStage.processKeyEvent(ViewRootImpl.java:5037)",
]

PDF_FRAMES = [
    "android.print.PrintDocumentInfo$Builder.<init>(PrintDocumentInfo.java:313)",
    "WV.A7.onLayout(chromium-SystemWebView.apk-default-704910001:7)",
    "android.print.PdfExtensionsKt$printPdf$1.onPageFinished(SourceFile:90)",
    "WV.WL.b(chromium-SystemWebView.apk-default-704910001:12)",
    "WV.Y5.handleMessage(chromium-SystemWebView.apk-default-704910001:278)",
    "android.os.Handler.dispatchMessage(Handler.java:109)",
    "android.os.Looper.loopOnce(Looper.java:232)",
    "android.os.Looper.loop(Looper.java:317)",
    "android.app.ActivityThread.main(ActivityThread.java:8934)",
]

BUG_517 = BugSpec(
    "NotallyX#517",
    "crash",
    "app crashes when pressing label",
    crash_oracle(PACKAGE, NPE, ""),
    human_steps=(
        click(PACKAGE, desc=w.OPEN_DRAWER),
        click(PACKAGE, "design_menu_item_text", "Labels"),
        click(PACKAGE, desc="Add label"),
        input_text(PACKAGE, "EditText", "Work"),
        click(PACKAGE, "android:id/button1", "Save"),
        click(PACKAGE, "LabelText", "Work"),
    ),
)
BUG_569 = BugSpec(
    "NotallyX#569",
    "crash",
    "App crashes when editing checked ListItem text",
    crash_oracle(PACKAGE, IOOBE, "Index: "),
    human_steps=(
        click(PACKAGE, "MakeList", desc="Make list"),
        input_text(PACKAGE, "EditText", "Milk"),
        click(PACKAGE, "CheckBox", desc="CheckBox0"),
        input_text(PACKAGE, "EditText", "Milk 2"),
    ),
)


BUG_609 = BugSpec(
    "NotallyX#609",
    "crash",
    "Export of notes as text or PDF not working",
    crash_oracle(PACKAGE, "java.lang.IllegalArgumentException", "name cannot be empty"),
    human_steps=(
        click(PACKAGE, "TakeNote", desc="Take note"),
        input_text(PACKAGE, "EnterBody", "Hello"),
        {"kind": "press_back"},
        {"kind": "press_back"},
        long_click(PACKAGE, "Note", "Hello"),
        click(PACKAGE, desc=w.MORE_OPTIONS),
        click(PACKAGE, "title", "Export"),
        click(PACKAGE, "title", "PDF"),
    ),
)


class NotallyX730(VirtualApp):
    """NotallyX 7.3.0 (see the module docstring)."""

    name: ClassVar[str] = "NotallyX"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "NotallyX"
    version: ClassVar[str] = "7.3.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_517,)

    def initial_data(self) -> dict[str, Any]:
        return {"notes": [], "labels": [], "hidden_labels": [], "next_id": 1, "exported": []}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            ui.setdefault("dest", "Notes")
            ui.setdefault("label", "")
            ui.setdefault("drawer", False)
            ui.setdefault("dialog", None)
            ui.setdefault("typed", "")
            ui.setdefault("selected", [])  # the action mode's note ids
            ui.setdefault("menu", None)  # None | "overflow" | "export"
        else:
            note = self._note(ctx, ctx.extras.get("id"))
            ui.setdefault("note_id", None if note is None else note["id"])
            ui.setdefault("title", "" if note is None else note["title"])
            ui.setdefault("body", "" if note is None else note["body"])
            items = [{"body": "", "checked": False}] if ctx.activity == EDIT_LIST else []
            ui.setdefault("items", items if note is None else [dict(i) for i in note["items"]])
            ui.setdefault("read_only", False)
            ui.setdefault("shown", {})  # a checked row's text the model did not take
            ui.setdefault("extra_label", ctx.extras.get("label", ""))

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == MAIN:
            if ui["drawer"] or ui["menu"] or ui["selected"]:
                ui.update(drawer=False, menu=None, selected=[])
                return True
            if ui["dest"] != "Notes":
                self._navigate(ctx, "Notes")
                return True
            return False
        self._save(ctx)
        return False

    # -- main: navigation --------------------------------------------------------------------
    def _navigate(self, ctx: AppContext, dest: str) -> None:
        ctx.ui.update(dest=dest, label="", drawer=False, dialog=None)

    def _navigate_to_label(self, ctx: AppContext, label: str, frames: list[str]) -> None:
        """NavController.navigate(R.id.DisplayLabel, bundle): the destination's label
        ``{notallyx.intent.extra.DISPLAYED_LABEL}`` names an undeclared argument, which
        navigation 2.8.9's ActionBarOnDestinationChangedListener cannot fill in."""
        raise JavaException(NPE, "", NAV_FRAMES + frames)

    # -- main: labels ------------------------------------------------------------------------
    def _visible_labels(self, ctx: AppContext) -> list[str]:
        hidden = set(ctx.data["hidden_labels"])
        return [label for label in ctx.data["labels"] if label not in hidden]

    def _open_dialog(self, ctx: AppContext, kind: str, label: str = "") -> None:
        ctx.ui.update(dialog={"kind": kind, "label": label}, typed=label)

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui.update(dialog=None, typed="")

    def _save_label(self, ctx: AppContext) -> None:
        value = ctx.ui["typed"].strip()
        if not value:
            return
        dialog = ctx.ui["dialog"]
        labels = ctx.data["labels"]
        if value in labels and value != dialog["label"]:
            ctx.toast("Label exists")
            return
        if dialog["kind"] == "edit":
            old = dialog["label"]
            labels.remove(old)
            for note in ctx.data["notes"]:
                note["labels"] = [value if x == old else x for x in note["labels"]]
        labels.append(value)
        labels.sort(key=str.lower)
        self._close_dialog(ctx)

    def _delete_label(self, ctx: AppContext) -> None:
        label = ctx.ui["dialog"]["label"]
        ctx.data["labels"].remove(label)
        if label in ctx.data["hidden_labels"]:
            ctx.data["hidden_labels"].remove(label)
        for note in ctx.data["notes"]:
            note["labels"] = [x for x in note["labels"] if x != label]
        self._close_dialog(ctx)

    def _toggle_visibility(self, ctx: AppContext, label: str) -> None:
        hidden = ctx.data["hidden_labels"]
        w.toggle(hidden, label)

    # -- edit list ---------------------------------------------------------------------------
    def _split(self, ctx: AppContext) -> tuple[list[int], list[int]]:
        """Indexes into ``ui["items"]`` of the unchecked and the checked items (auto-sort by
        checked: the two adapters)."""
        items = ctx.ui["items"]
        unchecked = [i for i, item in enumerate(items) if not item["checked"]]
        return unchecked, [i for i, item in enumerate(items) if item["checked"]]

    def _change_text(self, ctx: AppContext, position: int, in_checked: bool, text: str) -> None:
        """createListTextWatcherWithHistory's afterTextChanged: ListManager.changeText(position)
        indexes the unchecked items whichever adapter the EditText belongs to."""
        unchecked, checked = self._split(ctx)
        if in_checked:
            ctx.ui["shown"][str(position)] = text
        if position >= len(unchecked):
            raise JavaException(IOOBE, f"Index: {position}, Size: {len(unchecked)}", WATCHER_FRAMES)
        ctx.ui["items"][unchecked[position]]["body"] = text

    def _change_checked(self, ctx: AppContext, index: int) -> None:
        item = ctx.ui["items"][index]
        item["checked"] = not item["checked"]
        ctx.ui["shown"] = {}

    def _add_item(self, ctx: AppContext) -> None:
        unchecked, _ = self._split(ctx)
        at = unchecked[-1] + 1 if unchecked else 0
        ctx.ui["items"].insert(at, {"body": "", "checked": False})
        ctx.ui["shown"] = {}

    def _delete_item(self, ctx: AppContext, index: int) -> None:
        del ctx.ui["items"][index]
        ctx.ui["shown"] = {}

    @staticmethod
    def _note(ctx: AppContext, note_id: Any) -> dict[str, Any] | None:
        return next((n for n in ctx.data["notes"] if n["id"] == note_id), None)

    def _save(self, ctx: AppContext) -> None:
        """EditActivity.saveNote on finish: an empty new note is not stored."""
        ui = ctx.ui
        items = [dict(item) for item in ui["items"] if item["body"]]
        values = {"title": ui["title"].strip(), "body": ui["body"], "items": items}
        note = self._note(ctx, ui["note_id"])
        if note is not None:
            note.update(values)
            return
        if not values["title"] and not values["body"].strip() and not items:
            return
        data = ctx.data
        note = {
            "id": data["next_id"],
            "type": "LIST" if ctx.activity == EDIT_LIST else "NOTE",
            "folder": "NOTES",
            "labels": [ui["extra_label"]] if ui["extra_label"] else [],
            **values,
        }
        data["notes"].append(note)
        ui["note_id"] = data["next_id"]
        data["next_id"] += 1

    def _up(self, ctx: AppContext) -> None:
        self._save(ctx)
        ctx.finish()

    # -- main: action mode and export --------------------------------------------------------
    def _open_note(self, ctx: AppContext, note_id: int) -> None:
        selected = ctx.ui["selected"]
        if selected:
            w.toggle(selected, note_id)
            return
        note = self._note(ctx, note_id)
        if note is None:
            return
        ctx.start_activity(EDIT_LIST if note["type"] == "LIST" else EDIT_NOTE, {"id": note["id"]})

    def _select(self, ctx: AppContext, note_id: int) -> None:
        if note_id not in ctx.ui["selected"]:
            ctx.ui["selected"].append(note_id)

    def _move(self, ctx: AppContext, folder: str) -> None:
        for note_id in ctx.ui["selected"]:
            note = self._note(ctx, note_id)
            if note is not None:
                note["folder"] = folder
        ctx.ui.update(selected=[], menu=None)

    def _export(self, ctx: AppContext, mime: str) -> None:
        """exportNotes: one note is written to the app's export folder, then offered ("View
        file", "Save to device"); several open the system's folder picker (not modelled: it
        is left without a choice, which exports nothing)."""
        ctx.ui["menu"] = None
        notes = [self._note(ctx, i) for i in ctx.ui["selected"]]
        if len(notes) != 1 or notes[0] is None:
            return
        note = notes[0]
        if mime == "PDF":
            name = self._pdf_file_name(ctx, note)
        else:
            name = note["title"] if note["title"].strip() else "Note"
        file_name = f"{name}.{mime.lower()}"
        ctx.data["exported"].append(file_name)
        ctx.ui["dialog"] = {"kind": "file", "label": file_name}

    def _pdf_file_name(self, ctx: AppContext, note: dict[str, Any]) -> str:
        """exportPdfFile: the file is named after the title, blank or not; the WebView's print
        adapter is created with that name, and PrintDocumentInfo.Builder refuses an empty one
        (NotallyX#609)."""
        if not note["title"]:
            ctx.data["exported"].append(".pdf")  # created empty, then the crash
            raise JavaException(
                "java.lang.IllegalArgumentException", "name cannot be empty", PDF_FRAMES
            )
        return str(note["title"])

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity in (EDIT_LIST, EDIT_NOTE):
            return self._render_editor(ctx)
        return self._render_main(ctx)

    def _drawer(self, ctx: AppContext) -> View:
        ui = ctx.ui
        current = ui["label"] if ui["dest"] == "DisplayLabel" else ui["dest"]
        entries = [
            w.drawer_entry("Notes", w.bind(self._navigate, "Notes"), checked=current == "Notes")
        ]
        for dest in ("Unlabeled", "Labels"):
            entries.append(
                w.drawer_entry(dest, w.bind(self._navigate, dest), checked=current == dest)
            )
        visible = self._visible_labels(ctx)
        for label in visible[:MAX_LABELS]:
            entries.append(
                w.drawer_entry(
                    label,
                    w.bind(self._navigate_to_label, label, DRAWER_FRAMES),
                    checked=current == label,
                )
            )
        if len(ctx.data["labels"]) > MAX_LABELS:
            more = len(ctx.data["labels"]) - min(len(visible), MAX_LABELS)
            entries.append(w.drawer_entry(f"{more} more", w.bind(self._navigate, "Labels")))
        for dest in ("Deleted", "Archived", "Reminders", "Settings"):
            entries.append(
                w.drawer_entry(dest, w.bind(self._navigate, dest), checked=current == dest)
            )
        header = View(  # drawer_header.xml: a toolbar titled with the app's name
            cls="android.widget.FrameLayout",
            weight=0,
            children=[w.toolbar("NotallyX", rid="", cls="android.view.ViewGroup")],
        )
        return View(
            cls="com.google.android.material.navigation.NavigationView",
            resource_id="NavigationView",
            width=800,
            children=[
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="design_navigation_view",
                    children=[header, *entries],
                )
            ],
        )

    def _note_cards(self, ctx: AppContext) -> list[View]:
        ui = ctx.ui
        folder = {"Deleted": "DELETED", "Archived": "ARCHIVED"}.get(ui["dest"], "NOTES")
        notes = [n for n in ctx.data["notes"] if n["folder"] == folder]
        if ui["dest"] == "DisplayLabel":
            notes = [n for n in notes if ui["label"] in n["labels"]]
        elif ui["dest"] == "Unlabeled":
            notes = [n for n in notes if not n["labels"]]
        elif ui["dest"] not in ("Notes", "Deleted", "Archived"):
            return []
        cards = []
        for note in reversed(notes):
            children = [w.text_view(note["title"], "Title")] if note["title"] else []
            if note["body"]:
                children.append(w.text_view(note["body"], "Note"))
            for item in note["items"][:10]:
                children.append(w.text_view(item["body"], checkable=True, checked=item["checked"]))
            cards.append(
                w.frame_layout(
                    [View(cls="android.view.ViewGroup", weight=0, children=children)],
                    weight=0,
                    on_click=w.bind(self._open_note, note["id"]),
                    on_long_click=w.bind(self._select, note["id"]),
                    checkable=True,
                    checked=note["id"] in ui["selected"],
                )
            )
        return cards

    def _label_rows(self, ctx: AppContext) -> list[View]:
        hidden = set(ctx.data["hidden_labels"])
        rows = []
        for label in ctx.data["labels"]:
            rows.append(
                w.linear_layout(
                    [
                        w.text_view(
                            label,
                            "LabelText",
                            on_click=w.bind(self._navigate_to_label, label, LABEL_ROW_FRAMES),
                            height=147,
                        ),
                        w.image_button(
                            "VisibilityButton",
                            "Hide Labels in Overview",
                            w.bind(self._toggle_visibility, label),
                            width=126,
                            selected=label in hidden,
                        ),
                        w.image_button(
                            "EditButton",
                            "Edit",
                            w.bind(self._open_dialog, "edit", label),
                            width=126,
                        ),
                        w.image_button(
                            "DeleteButton",
                            "Delete",
                            w.bind(self._open_dialog, "delete", label),
                            width=126,
                        ),
                    ],
                    horizontal=True,
                    height=147,
                )
            )
        return rows

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        dest = ui["dest"]
        title = ui["label"] if dest == "DisplayLabel" else DESTINATIONS[dest]
        actions = []
        if dest == "Labels":
            actions.append(w.action_item("", "Add label", w.bind(self._open_dialog, "add")))
        if ui["selected"]:
            bar = self._action_mode(ctx)
        else:
            bar = w.toolbar(
                title,
                navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
                actions=actions,
                rid="Toolbar",
                cls="android.view.ViewGroup",
            )
        rows = self._label_rows(ctx) if dest == "Labels" else self._note_cards(ctx)
        fragment: list[View] = []
        if dest != "Labels":
            fragment.append(
                w.linear_layout(
                    [
                        w.edit_text(
                            "EnterSearchKeyword", "", lambda c, t: None, hint="Search", height=147
                        )
                    ],
                    rid="EnterSearchKeywordLayout",
                    weight=0,
                )
            )
        if rows:
            fragment.append(
                w.list_view(
                    rows, rid="MainListView", cls="androidx.recyclerview.widget.RecyclerView"
                )
            )
        else:
            fragment.append(
                w.frame_layout(
                    [
                        w.image_view(
                            "ImageView", "Background", width=252, height=252, gravity="center"
                        )
                    ],
                    layout=FRAME,
                )
            )
        host: list[View] = [
            w.frame_layout(
                [View(cls="android.view.ViewGroup", children=fragment)], rid="NavHostFragment"
            )
        ]
        if dest in FAB_DESTINATIONS:
            extras = {"label": ui["label"]} if dest == "DisplayLabel" else {}
            host.append(
                View(
                    layout=FRAME,
                    height=380,
                    weight=0,
                    children=[
                        w.fab(
                            "MakeList",
                            "Make list",
                            lambda c: c.start_activity(EDIT_LIST, extras),
                            gravity="top_end",
                        ),
                        w.fab("TakeNote", "Take note", lambda c: c.start_activity(EDIT_NOTE)),
                    ],
                )
            )
        content = w.relative_layout([bar, *host], rid="RelativeLayout")
        root = w.drawer_layout(
            content, self._drawer(ctx) if ui["drawer"] else None, rid="DrawerLayout"
        )
        return Screen(content=root, windows=self._main_windows(ctx))

    def _action_mode(self, ctx: AppContext) -> View:
        """The ActionMode toolbar of ModelFolderObserver: the always-shown items as icons, the
        rest in the overflow (``ui["menu"]``)."""
        ui = ctx.ui
        folder = {"Deleted": "DELETED", "Archived": "ARCHIVED"}.get(ui["dest"], "NOTES")
        stub = w.bind(lambda c: c.ui.update(menu=None))
        if folder == "DELETED":
            shown = [("Restore", w.bind(self._move, "NOTES")), ("Delete forever", stub)]
        elif folder == "ARCHIVED":
            shown = [
                ("Unarchive", w.bind(self._move, "NOTES")),
                ("Delete", w.bind(self._move, "DELETED")),
                ("Export", w.bind(lambda c: c.ui.update(menu="export"))),
            ]
        else:
            shown = [("Pin", stub), ("Labels", stub), ("Delete", w.bind(self._move, "DELETED"))]
        actions = [w.action_item("", "Select All", w.bind(self._select_all))]
        actions += [w.action_item("", t, h) for t, h in shown]
        actions.append(w.overflow_button(lambda c: c.ui.update(menu="overflow")))
        return w.toolbar(
            str(len(ui["selected"])),
            navigation=w.nav_button("", lambda c: c.ui.update(selected=[], menu=None)),
            actions=actions,
            rid="ActionMode",
            cls="android.view.ViewGroup",
        )

    def _select_all(self, ctx: AppContext) -> None:
        for card in self._shown_notes(ctx):
            self._select(ctx, card)

    def _shown_notes(self, ctx: AppContext) -> list[int]:
        ui = ctx.ui
        folder = {"Deleted": "DELETED", "Archived": "ARCHIVED"}.get(ui["dest"], "NOTES")
        notes = [n for n in ctx.data["notes"] if n["folder"] == folder]
        if ui["dest"] == "DisplayLabel":
            notes = [n for n in notes if ui["label"] in n["labels"]]
        elif ui["dest"] == "Unlabeled":
            notes = [n for n in notes if not n["labels"]]
        elif ui["dest"] not in ("Notes", "Deleted", "Archived"):
            return []
        return [n["id"] for n in notes]

    def _menus(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        close = w.bind(lambda c: c.ui.update(menu=None))
        if ui["menu"] == "export":
            items = [(m, w.bind(self._export, m)) for m in ("TXT", "PDF", "JSON", "HTML")]
            return [w.menu_window(items, close)]
        if ui["menu"] != "overflow":
            return []
        folder = {"Deleted": "DELETED", "Archived": "ARCHIVED"}.get(ui["dest"], "NOTES")
        export = ("Export", w.bind(lambda c: c.ui.update(menu="export")))
        share = [("Share", close)] if len(ui["selected"]) == 1 else []
        if folder == "DELETED":
            items = [export, ("Change Color", close), *share]
        elif folder == "ARCHIVED":
            items = [("Pin", close), ("Labels", close), ("Change Color", close), *share]
        else:
            items = [("Archive", w.bind(self._move, "ARCHIVED")), ("Change Color", close)]
            items += [*share, export]
        return [w.menu_window(items, close)]

    def _main_windows(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui["dialog"]
        if dialog is None:
            return self._menus(ctx)
        close = self._close_dialog
        if dialog["kind"] == "file":  # MenuDialog, a bottom sheet
            rows = [
                w.text_view(t, on_click=close, height=147) for t in ("View file", "Save to device")
            ]
            sheet = w.scroll_view([w.linear_layout(rows, weight=0)], weight=0)
            return [Window(root=sheet, kind="sheet", on_dismiss=close)]
        if dialog["kind"] == "delete":
            return [
                w.confirm_dialog(
                    "Delete label?",
                    "Your notes attached to this label will not be deleted",
                    ("Delete", self._delete_label),
                    ("Cancel", close),
                    close,
                )
            ]
        typed = ctx.ui["typed"]
        field = w.linear_layout(
            [
                w.edit_text(
                    "EditText",
                    typed,
                    lambda c, t: c.ui.update(typed=t),
                    cls="android.widget.EditText",
                )
            ],
            weight=0,
        )
        save = w.dialog_button("android:id/button1", "Save", self._save_label)
        save.enabled = bool(typed)
        title = "Add label" if dialog["kind"] == "add" else "Edit label"
        buttons = [w.dialog_button("android:id/button2", "Cancel", close), save]
        return [w.alert_dialog(w.dialog_title(title), [field], buttons, close)]

    def _item_row(self, ctx: AppContext, index: int, position: int, in_checked: bool) -> View:
        ui = ctx.ui
        item = ui["items"][index]
        body = ui["shown"].get(str(position), item["body"]) if in_checked else item["body"]
        editable = not ui["read_only"]
        children = [
            w.image_button("DragHandle", f"Drag{position}", None, width=100),
            w.check_box(
                "CheckBox",
                "",
                item["checked"],
                w.bind(self._change_checked, index),
                content_desc=f"CheckBox{position}",
                width=126,
            ),
            w.edit_text(
                "EditText",
                body,
                (lambda c, t: self._change_text(c, position, in_checked, t)) if editable else None,
                content_desc=f"EditText{position}",
                hint="Item",
                on_click=None if editable else w.bind(self._change_checked, index),
            ),
        ]
        if item["checked"] and editable:
            children.append(
                w.image_button(
                    "Delete", f"Delete{position}", w.bind(self._delete_item, index), width=126
                )
            )
        return w.relative_layout(children, layout=HORIZONTAL, height=147, weight=0)

    def _render_editor(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        is_list = ctx.activity == EDIT_LIST
        unchecked, checked = self._split(ctx)
        bar = w.toolbar(
            "",
            navigation=w.nav_button("", self._up),
            actions=[
                w.action_item("", "Search", lambda c: None),
                w.action_item("", "Pin", lambda c: None),
            ],
            rid="Toolbar",
        )
        body: list[View] = [
            w.edit_text(
                "EnterTitle",
                ui["title"],
                (lambda c, t: c.ui.update(title=t)) if not ui["read_only"] else None,
                hint="Title",
            ),
            w.text_view(DATE, "Date", height=80),
        ]
        if not is_list:
            body.append(
                w.edit_text(
                    "EnterBody",
                    ui["body"],
                    (lambda c, t: c.ui.update(body=t)) if not ui["read_only"] else None,
                    hint="Note",
                    height=600,
                    extra={"multiline": True},
                )
            )
        else:
            body.append(
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="MainListView",
                    weight=0,
                    children=[self._item_row(ctx, i, p, False) for p, i in enumerate(unchecked)],
                )
            )
        if is_list and not ui["read_only"]:
            body.append(w.text_view("Add Item", "AddItem", on_click=self._add_item, height=126))
        if checked:
            body.append(
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="CheckedListView",
                    weight=0,
                    children=[self._item_row(ctx, i, p, True) for p, i in enumerate(checked)],
                )
            )
        scroll = w.scroll_view(
            [w.linear_layout(body, rid="ContentLayout", weight=0)],
            rid="ScrollView",
            scrollable=True,
        )
        toggle_desc = "Edit"

        def flip_read_only(c: AppContext) -> None:
            c.ui["read_only"] = not c.ui["read_only"]

        bottom = View(
            cls="android.view.ViewGroup",
            resource_id="BottomAppBarLayout",
            layout=HORIZONTAL,
            height=147,
            children=[
                w.linear_layout(
                    [w.image_button("", "Adding files", lambda c: None)]
                    if is_list
                    else [
                        w.image_button("", "Add Item", lambda c: None),
                        w.image_button("", "Edit", lambda c: None, enabled=False),
                    ],
                    rid="BottomAppBarLeft",
                    horizontal=True,
                ),
                w.linear_layout(
                    [
                        w.image_button("", "Undo", lambda c: None, enabled=False),
                        w.image_button("", "Redo", lambda c: None, enabled=False),
                    ],
                    rid="BottomAppBarCenter",
                    horizontal=True,
                ),
                w.linear_layout(
                    [
                        w.image_button("", toggle_desc, flip_read_only),
                        w.image_button("", "Tap for more options", lambda c: None),
                    ],
                    rid="BottomAppBarRight",
                    horizontal=True,
                ),
            ],
        )
        root = w.linear_layout([bar, scroll, bottom])
        return Screen(content=root)


class NotallyX740(NotallyX730):
    """NotallyX 7.4.0: navigation 2.3.5 shows a label's notes (NotallyX#517 fixed); a checked
    item is still editable (NotallyX#569)."""

    version: ClassVar[str] = "7.4.0"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_569, BUG_609)

    def _navigate_to_label(self, ctx: AppContext, label: str, frames: list[str]) -> None:
        ctx.ui.update(dest="DisplayLabel", label=label, drawer=False, dialog=None)
