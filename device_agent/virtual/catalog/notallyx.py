"""NotallyX (``com.philkes.notallyx``) 7.3.0 and 7.4.0, for NotallyX#517 (7.3.0) and NotallyX#569
(7.4.0).

Modelled from the sources at tags ``v7.3.0`` and ``v7.4.0`` (under ``app/src/main``:
``AndroidManifest.xml``, ``res/navigation/navigation.xml``, ``res/layout/activity_main.xml``,
``fragment_notes.xml``, ``recycler_label.xml``, ``dialog_input.xml``, ``activity_edit.xml``,
``recycler_list_item.xml``, ``recycler_base_note.xml``, ``res/values/strings.xml``,
``presentation/activity/main/MainActivity.kt``, ``fragment/LabelsFragment.kt``,
``fragment/DisplayLabelFragment.kt``, ``view/main/label/LabelVH.kt``,
``activity/note/EditActivity.kt``, ``EditListActivity.kt``, ``view/note/listitem/ListManager.kt``,
``view/note/listitem/adapter/ListItemVH.kt``, ``presentation/UiExtensions.kt``), and the fixes
(PR #521: androidx.navigation downgraded from 2.8.9 to 2.3.5; commit 157ecb1b: checked list items
are not focusable):

- the launcher opens ``MainActivity`` on the start view "Notes": the ``Toolbar`` (the drawer
  button and the destination's label as title), the fragment (``EnterSearchKeyword`` "Search",
  the ``MainListView`` of note cards ``Title``/``Note``, the ``ImageView`` when empty) and the two
  FABs ``MakeList`` ("Make list") and ``TakeNote`` ("Take note"), shown on Notes, Unlabeled and a
  label's view only. The ``NavigationView`` lists Notes, Unlabeled, Labels, the labels (at most
  5 shown, the rest as "N more"; labels hidden in Labels are left out), Deleted, Archived,
  Reminders, Settings. Choosing an entry navigates; Back from a non-start view goes back to
  Notes. Unlabeled, Deleted, Archived, Reminders and Settings are stubs (their title, an empty
  list);
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
  a non-empty note. "Take note" opens a stub editor.

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
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window
from device_agent.virtual.widgets import (
    OPEN_DRAWER,
    action_item,
    alert_dialog,
    bind,
    confirm_dialog,
    dialog_button,
    dialog_title,
    drawer_entry,
    drawer_layout,
    edit_text,
    fab,
    image_button,
    list_view,
    nav_button,
    text_view,
    toolbar,
)

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

BUG_517 = BugSpec(
    "NotallyX#517",
    "crash",
    "app crashes when pressing label",
    crash_oracle(PACKAGE, NPE, ""),
    human_steps=(
        click(PACKAGE, desc=OPEN_DRAWER),
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


class NotallyX730(VirtualApp):
    """NotallyX 7.3.0 (see the module docstring)."""

    name: ClassVar[str] = "NotallyX"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "NotallyX"
    version: ClassVar[str] = "7.3.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_517,)

    def initial_data(self) -> dict[str, Any]:
        return {"notes": [], "labels": [], "hidden_labels": [], "next_id": 1}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            ui.setdefault("dest", "Notes")
            ui.setdefault("label", "")
            ui.setdefault("drawer", False)
            ui.setdefault("dialog", None)
            ui.setdefault("typed", "")
        elif ctx.activity == EDIT_LIST:
            ui.setdefault("title", "")
            ui.setdefault("items", [{"body": "", "checked": False}])
            ui.setdefault("read_only", False)
            ui.setdefault("shown", {})  # a checked row's text the model did not take
            ui.setdefault("extra_label", ctx.extras.get("label", ""))

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == MAIN:
            if ui["drawer"]:
                ui["drawer"] = False
                return True
            if ui["dest"] != "Notes":
                self._navigate(ctx, "Notes")
                return True
            return False
        if ctx.activity == EDIT_LIST:
            self._save_list(ctx)
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
        if label in hidden:
            hidden.remove(label)
        else:
            hidden.append(label)

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

    def _save_list(self, ctx: AppContext) -> None:
        ui = ctx.ui
        items = [dict(item) for item in ui["items"] if item["body"]]
        if not ui["title"].strip() and not items:
            return
        data = ctx.data
        labels = [ui["extra_label"]] if ui["extra_label"] else []
        data["notes"].append(
            {
                "id": data["next_id"],
                "type": "LIST",
                "title": ui["title"].strip(),
                "items": items,
                "labels": labels,
            }
        )
        data["next_id"] += 1

    def _up(self, ctx: AppContext) -> None:
        self._save_list(ctx)
        ctx.finish()

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == EDIT_LIST:
            return self._render_list(ctx)
        if ctx.activity == EDIT_NOTE:
            bar = toolbar("", navigation=nav_button("", lambda c: c.finish()), rid="Toolbar")
            return Screen(content=View(cls="android.widget.LinearLayout", children=[bar]))
        return self._render_main(ctx)

    def _drawer(self, ctx: AppContext) -> View:
        ui = ctx.ui
        current = ui["label"] if ui["dest"] == "DisplayLabel" else ui["dest"]
        entries = [drawer_entry("Notes", bind(self._navigate, "Notes"), checked=current == "Notes")]
        for dest in ("Unlabeled", "Labels"):
            entries.append(drawer_entry(dest, bind(self._navigate, dest), checked=current == dest))
        visible = self._visible_labels(ctx)
        for label in visible[:MAX_LABELS]:
            entries.append(
                drawer_entry(
                    label,
                    bind(self._navigate_to_label, label, DRAWER_FRAMES),
                    checked=current == label,
                )
            )
        if len(ctx.data["labels"]) > MAX_LABELS:
            more = len(ctx.data["labels"]) - min(len(visible), MAX_LABELS)
            entries.append(drawer_entry(f"{more} more", bind(self._navigate, "Labels")))
        for dest in ("Deleted", "Archived", "Reminders", "Settings"):
            entries.append(drawer_entry(dest, bind(self._navigate, dest), checked=current == dest))
        return View(
            cls="com.google.android.material.navigation.NavigationView",
            resource_id="NavigationView",
            width=800,
            children=[
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="design_navigation_view",
                    children=entries,
                )
            ],
        )

    def _note_cards(self, ctx: AppContext) -> list[View]:
        ui = ctx.ui
        notes = ctx.data["notes"]
        if ui["dest"] == "DisplayLabel":
            notes = [n for n in notes if ui["label"] in n["labels"]]
        elif ui["dest"] == "Unlabeled":
            notes = [n for n in notes if not n["labels"]]
        elif ui["dest"] != "Notes":
            return []
        cards = []
        for note in reversed(notes):
            children = [text_view(note["title"], "Title")] if note["title"] else []
            for item in note["items"][:10]:
                children.append(
                    View(
                        cls="android.widget.TextView",
                        text=item["body"],
                        checkable=True,
                        checked=item["checked"],
                    )
                )
            cards.append(
                View(
                    cls="android.widget.FrameLayout",
                    weight=0,
                    on_click=lambda c: None,
                    children=children,
                )
            )
        return cards

    def _label_rows(self, ctx: AppContext) -> list[View]:
        hidden = set(ctx.data["hidden_labels"])
        rows = []
        for label in ctx.data["labels"]:
            rows.append(
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=147,
                    children=[
                        View(
                            cls="android.widget.TextView",
                            resource_id="LabelText",
                            text=label,
                            on_click=bind(self._navigate_to_label, label, LABEL_ROW_FRAMES),
                            height=147,
                        ),
                        image_button(
                            "VisibilityButton",
                            "Hide Labels in Overview",
                            bind(self._toggle_visibility, label),
                            width=126,
                            selected=label in hidden,
                        ),
                        image_button(
                            "EditButton", "Edit", bind(self._open_dialog, "edit", label), width=126
                        ),
                        image_button(
                            "DeleteButton",
                            "Delete",
                            bind(self._open_dialog, "delete", label),
                            width=126,
                        ),
                    ],
                )
            )
        return rows

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        dest = ui["dest"]
        title = ui["label"] if dest == "DisplayLabel" else DESTINATIONS[dest]
        actions = []
        if dest == "Labels":
            actions.append(action_item("", "Add label", bind(self._open_dialog, "add")))
        bar = toolbar(
            title,
            navigation=nav_button(OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
            actions=actions,
            rid="Toolbar",
            cls="android.view.ViewGroup",
        )
        rows = self._label_rows(ctx) if dest == "Labels" else self._note_cards(ctx)
        fragment: list[View] = []
        if dest != "Labels":
            fragment.append(
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="EnterSearchKeywordLayout",
                    weight=0,
                    children=[
                        edit_text(
                            "EnterSearchKeyword", "", lambda c, t: None, hint="Search", height=147
                        )
                    ],
                )
            )
        if rows:
            fragment.append(
                list_view(rows, rid="MainListView", cls="androidx.recyclerview.widget.RecyclerView")
            )
        else:
            fragment.append(
                View(
                    cls="android.widget.FrameLayout",
                    children=[
                        View(
                            cls="android.widget.ImageView",
                            resource_id="ImageView",
                            content_desc="Background",
                            width=252,
                            height=252,
                            gravity="center",
                        )
                    ],
                    layout=FRAME,
                )
            )
        host: list[View] = [
            View(
                cls="android.widget.FrameLayout",
                resource_id="NavHostFragment",
                children=[View(cls="android.view.ViewGroup", children=fragment)],
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
                        fab(
                            "MakeList",
                            "Make list",
                            lambda c: c.start_activity(EDIT_LIST, extras),
                            gravity="top_end",
                        ),
                        fab("TakeNote", "Take note", lambda c: c.start_activity(EDIT_NOTE)),
                    ],
                )
            )
        content = View(
            cls="android.widget.RelativeLayout",
            resource_id="RelativeLayout",
            children=[bar, *host],
        )
        root = drawer_layout(
            content, self._drawer(ctx) if ui["drawer"] else None, rid="DrawerLayout"
        )
        return Screen(content=root, title=title, windows=self._main_windows(ctx))

    def _main_windows(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui["dialog"]
        if dialog is None:
            return []
        close = self._close_dialog
        if dialog["kind"] == "delete":
            return [
                confirm_dialog(
                    "Delete label?",
                    "Your notes attached to this label will not be deleted",
                    ("Delete", self._delete_label),
                    ("Cancel", close),
                    close,
                )
            ]
        typed = ctx.ui["typed"]
        field = View(
            cls="android.widget.LinearLayout",
            weight=0,
            children=[
                edit_text(
                    "EditText",
                    typed,
                    lambda c, t: c.ui.update(typed=t),
                    cls="android.widget.EditText",
                )
            ],
        )
        save = dialog_button("android:id/button1", "Save", self._save_label)
        save.enabled = bool(typed)
        title = "Add label" if dialog["kind"] == "add" else "Edit label"
        buttons = [dialog_button("android:id/button2", "Cancel", close), save]
        return [alert_dialog(dialog_title(title), [field], buttons, close)]

    def _item_row(self, ctx: AppContext, index: int, position: int, in_checked: bool) -> View:
        ui = ctx.ui
        item = ui["items"][index]
        body = ui["shown"].get(str(position), item["body"]) if in_checked else item["body"]
        editable = not ui["read_only"]
        children = [
            image_button("DragHandle", f"Drag{position}", None, width=100),
            View(
                cls="android.widget.CheckBox",
                resource_id="CheckBox",
                content_desc=f"CheckBox{position}",
                checkable=True,
                checked=item["checked"],
                on_click=bind(self._change_checked, index),
                width=126,
            ),
            View(
                cls="android.widget.EditText",
                resource_id="EditText",
                content_desc=f"EditText{position}",
                text=body,
                hint="Item",
                on_text=(
                    (lambda c, t: self._change_text(c, position, in_checked, t))
                    if editable
                    else None
                ),
                on_click=None if editable else bind(self._change_checked, index),
            ),
        ]
        if item["checked"] and editable:
            children.append(
                image_button(
                    "Delete", f"Delete{position}", bind(self._delete_item, index), width=126
                )
            )
        return View(
            cls="android.widget.RelativeLayout",
            layout=HORIZONTAL,
            height=147,
            weight=0,
            children=children,
        )

    def _render_list(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        unchecked, checked = self._split(ctx)
        bar = toolbar(
            "",
            navigation=nav_button("", self._up),
            actions=[
                action_item("", "Search", lambda c: None),
                action_item("", "Pin", lambda c: None),
            ],
            rid="Toolbar",
        )
        body: list[View] = [
            edit_text(
                "EnterTitle",
                ui["title"],
                (lambda c, t: c.ui.update(title=t)) if not ui["read_only"] else None,
                hint="Title",
            ),
            text_view(DATE, "Date", height=80),
            View(
                cls="androidx.recyclerview.widget.RecyclerView",
                resource_id="MainListView",
                weight=0,
                children=[self._item_row(ctx, i, p, False) for p, i in enumerate(unchecked)],
            ),
        ]
        if not ui["read_only"]:
            body.append(text_view("Add Item", "AddItem", on_click=self._add_item, height=126))
        if checked:
            body.append(
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="CheckedListView",
                    weight=0,
                    children=[self._item_row(ctx, i, p, True) for p, i in enumerate(checked)],
                )
            )
        scroll = View(
            cls="android.widget.ScrollView",
            resource_id="ScrollView",
            scrollable=True,
            children=[
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="ContentLayout",
                    weight=0,
                    children=body,
                )
            ],
        )
        toggle_desc = "Edit"

        def toggle(c: AppContext) -> None:
            c.ui["read_only"] = not c.ui["read_only"]

        bottom = View(
            cls="android.view.ViewGroup",
            resource_id="BottomAppBarLayout",
            layout=HORIZONTAL,
            height=147,
            children=[
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="BottomAppBarLeft",
                    layout=HORIZONTAL,
                    children=[image_button("", "Adding files", lambda c: None)],
                ),
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="BottomAppBarCenter",
                    layout=HORIZONTAL,
                    children=[
                        image_button("", "Undo", lambda c: None, enabled=False),
                        image_button("", "Redo", lambda c: None, enabled=False),
                    ],
                ),
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="BottomAppBarRight",
                    layout=HORIZONTAL,
                    children=[
                        image_button("", toggle_desc, toggle),
                        image_button("", "Tap for more options", lambda c: None),
                    ],
                ),
            ],
        )
        root = View(cls="android.widget.LinearLayout", children=[bar, scroll, bottom])
        return Screen(content=root)


class NotallyX740(NotallyX730):
    """NotallyX 7.4.0: navigation 2.3.5 shows a label's notes (NotallyX#517 fixed); a checked
    item is still editable (NotallyX#569)."""

    version: ClassVar[str] = "7.4.0"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_569,)

    def _navigate_to_label(self, ctx: AppContext, label: str, frames: list[str]) -> None:
        ctx.ui.update(dest="DisplayLabel", label=label, drawer=False, dialog=None)
