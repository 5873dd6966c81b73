"""Cofi (package com.omelan.cofi), a coffee brewing recipe timer, version 1.19.2 (code 152).

Sources read: github.com/rozPierog/Cofi at tag v1.19.2, commit
ee0b5daeeb7c009307c4626a0b62e52e7f60b34e: MainActivity.kt (one activity, a Compose NavHost),
pages/list/RecipeList.kt and RecipeListHeaderInfo.kt, components/RecipeItem.kt, RecipeInfo.kt,
ListInfoBox.kt, Material3Dialog.kt, PipAwareAppBar.kt, pages/details/RecipeDetails.kt,
pages/RecipeEdit.kt, pages/settings/AppSettings.kt, Common.kt and BackupRestore.kt,
cofi-share's model/PrepopulateData.kt, AppDatabase.kt, Recipe.kt, utils/NumberUtils.kt and
res/values/strings.xml. Fix read: commit 58c684e1bd9945a89f3a637c698dc6d6a6aae5b4 (2025-07-05,
"Fix Backup/Restore restoring from backup and restoring default recipies").

Bug Cofi#240 (non-crash): in DefaultRecipesDialog (BackupRestore.kt) the OK button's onSave
loops over the checked recipes, launches one coroutine per recipe on the dialog's
rememberCoroutineScope (insert the recipe, then insert its steps) and calls dismiss() inside
the loop. Dismissing removes the dialog from the composition, which cancels that scope while
each coroutine is suspended in the Room insert of the recipe, so the recipe row is written but
the steps are never inserted: the re-added default recipe has no steps. The fix keeps the dialog
until every job has joined. (With nothing checked, OK does nothing and the dialog stays.)

Modelled: the fresh install's database (the six default recipes and their steps, as
AppDatabase's onCreate callback prepopulates them), the recipe list with its first-run "Cofi has
been updated" info box, the recipe details page, the edit page (delete and its "Are you sure?"
dialog, save, the unsaved-changes dialog), the create page, Settings and Backup/Restore with
the "Add default recipes" dialog. Compose nodes are written as Compose's accessibility tree
shows them (icon buttons with no content description, texts as TextView children of the
clickable node). Stubbed: the timer (Start only toggles), the ratio sheet, the direct-link
dialog, the step editor card (its type chips only), Timer settings and About (a title and a
back arrow), Backup (its dialog lists the recipes; OK would open the system's file creator,
which only logs here), Restore (would open the system file picker: only logs), the bug-report
link (a browser: only logs). Uncertain: the list's order among recipes never finished (SQLite
returns them by id here), how Compose's accessibility tree nests texts inside clickable nodes.
No network content.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.omelan.cofi"
MAIN = ".MainActivity"
VERSION_CODE = 152
HOFFMANN = "Recipe created by: James Hoffmann"
BUTTON = "android.widget.Button"
# The app bars' icon buttons (no content description): the list's settings, the details' edit
# (last of three actions), the edit page's delete (middle of three).
SETTINGS_BOUNDS = [954, 63, 1080, 189]
EDIT_BOUNDS = [954, 63, 1080, 189]
DELETE_BOUNDS = [828, 63, 954, 189]
CLONE_BOUNDS = [702, 63, 828, 189]

# PrepopulateData.recipes, in its array order: (id, name, the description after its credit line).
DEFAULT_RECIPES: list[tuple[int, str, str]] = [
    (
        1,
        "Ultimate V60",
        "Source: https://youtu.be/AI4ynXzkSQo\nGrind size: medium fine\nTemperature: the hotter, "
        "the better (especially with lighter roasts)",
    ),
    (
        6,
        "1 Cup V60",
        "Source: https://youtu.be/1oB1oDrDkHM\nBefore you start, heat up the V60 by placing the "
        "paper inside the cone and pouring hot water over the paper. This preheats the V60 and "
        "prepares the paper for the brewing process.\nGrind size: fine - medium fine\n"
        "Temperature: the hotter, the better (especially with lighter roasts)",
    ),
    (
        2,
        "French Press",
        "Source: https://youtu.be/st571DYYTR8\nGrind size: medium\nYou can pour after 5min of "
        "last step, but the longer you keep it the better it gets",
    ),
    (
        3,
        "Chemex",
        "Source: https://youtu.be/ikt-X5x7yoc\nGrind size: medium fine\nTemperature: the hotter, "
        "the better (especially with lighter roasts)\nMake sure that stiffest part of filter is "
        "at the drainage side\nKeep an eye out not to block air moving out of the brewer",
    ),
    (
        4,
        "AeroPress",
        "Source: https://youtu.be/j6VlT_jUVPc\nGrind size: For light roast – finer end of medium. "
        "The darker you go the more you may prefer to increase the dose and coarsen the grind\n"
        "Temperature: For light roast – brought to a boil and used immediately. For dark roasts "
        "– 85–90℃",
    ),
    (
        5,
        "Clever Dripper",
        "Source: https://youtu.be/RpOdennxP24\nGrind size: Medium-fine\nTemperature: Bring to a "
        "boil and use immediately\nRatio: 1:16.67, or 15g to 250mL\nFold the filter along both "
        "seams to have it fit better inside the brewer\nMaximum amount of water is 500mL, but 400 "
        "or lower is recommended",
    ),
]
COFFEE, WATER, WAIT, OTHER = "ADD_COFFEE", "WATER", "WAIT", "OTHER"


def _bloom_and_pour(bloom: int) -> list[tuple[str, str, float | None, int]]:
    """The Ultimate V60's and the Chemex's steps, which differ only in the bloom's wait."""
    return [
        ("Add coffee", COFFEE, 30, 5),
        ("Add water", WATER, 60, 5),
        ("Swirl", OTHER, None, 5),
        ("Wait", WAIT, None, bloom),
        ("Add water", WATER, 240, 30),
        ("Add water", WATER, 200, 30),
        ("Swirl", OTHER, None, 5),
    ]


# PrepopulateData.steps per recipe id: (name, type, grams or None, seconds).
DEFAULT_STEPS: dict[int, list[tuple[str, str, float | None, int]]] = {
    1: _bloom_and_pour(35),
    6: [
        ("Add coffee", COFFEE, 15, 10),
        ("Add water", WATER, 50, 10),
        ("Swirl", OTHER, None, 5),
        ("Wait", WAIT, None, 30),
        ("Add water", WATER, 50, 15),
        ("Wait", WAIT, None, 10),
        ("Add water", WATER, 50, 10),
        ("Wait", WAIT, None, 10),
        ("Add water", WATER, 50, 10),
        ("Wait", WAIT, None, 10),
        ("Add water", WATER, 50, 10),
        ("Wait", WAIT, None, 10),
        ("Swirl", OTHER, None, 5),
    ],
    2: [
        ("Add coffee", COFFEE, 30, 5),
        ("Add water", WATER, 500, 30),
        ("Wait", WAIT, None, 240),
        ("Stir crust", OTHER, None, 5),
        ("Scoop up foam and coffee bits off the top", OTHER, None, 15),
        ("Wait", WAIT, None, 420),
        ("Plunge just to underneath the surface and pour", OTHER, None, 10),
    ],
    3: _bloom_and_pour(45),
    4: [
        ("Add coffee", COFFEE, 11, 5),
        ("Add water", WATER, 200, 8),
        ("Place the piston 1cm into the brewer", OTHER, None, 10),
        ("Wait", WAIT, None, 120),
        ("Swirl", OTHER, None, 5),
        ("Wait", WAIT, None, 30),
        ("Press the piston gently", OTHER, None, 30),
    ],
    5: [
        ("Rinse the filter with hot water", OTHER, None, 10),
        ("Add water", WATER, 300, 15),
        ("Add coffee", COFFEE, 18, 5),
        ("Swirl", OTHER, None, 10),
        ("Wait", WAIT, None, 120),
        ("Break crust by either stirring or giving it a little shake", OTHER, None, 10),
        ("Wait", WAIT, None, 30),
        ("Place on top of cup and allow it to draw fully down", OTHER, None, 60),
    ],
}


def default_recipe_added_without_steps(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Cofi#240: a recipe written by the "Add default recipes" dialog has no
    steps in the database."""
    with_steps = {step["recipe_id"] for step in data["steps"]}
    return any(r.get("origin") == "defaults" and r["id"] not in with_steps for r in data["recipes"])


def grams(value: float) -> str:
    """Float.toStringShort() then "g"."""
    return f"{value:.1f}".rstrip("0").rstrip(".") + "g"


def duration(seconds: int) -> str:
    """Int.toStringDuration() of the milliseconds: minutes, then padded seconds."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def icon_button(handler: Any, width: int = 126) -> View:
    """A Compose IconButton whose Icon has no content description (Role.Button)."""
    return View(cls="android.widget.Button", on_click=handler, width=width, height=126)


def compose_text(text: str, **kw: Any) -> View:
    return w.text_view(text, **kw)


def text_button(text: str, handler: Any) -> View:
    """A Material3 TextButton: a Button node holding its Text."""
    return View(
        cls="android.widget.Button",
        on_click=handler,
        width=260,
        height=126,
        children=[compose_text(text, height=126)],
    )


def compose_dialog(body: list[View], confirm: tuple[str, Any], cancel: tuple[str, Any]) -> Window:
    """A Material3 AlertDialog: ``body``, then a row of the cancel and confirm TextButtons;
    tapping outside closes it."""
    buttons = View(
        cls="android.view.View",
        layout=HORIZONTAL,
        height=126,
        children=[
            View(cls="android.view.View"),
            text_button(cancel[0], cancel[1]),
            text_button(confirm[0], confirm[1]),
        ],
    )
    root = View(cls="android.view.View", weight=0, children=[*body, buttons])
    return Window(root=root, on_dismiss=w.bind(ctx_set, "dialog", None))


def app_bar(title: View | str, navigation: View | None, actions: list[View]) -> View:
    children = [navigation] if navigation is not None else []
    children.append(compose_text(title, height=168) if isinstance(title, str) else title)
    children.extend(actions)
    return View(cls="android.view.View", layout=HORIZONTAL, height=168, children=children)


class Cofi(VirtualApp):
    """Cofi 1.19.2: one activity whose Compose NavHost routes live in ``ctx.ui["stack"]``."""

    name: ClassVar[str] = "Cofi"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Cofi"
    version: ClassVar[str] = "1.19.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Cofi#240",
            "non-crash",
            '"Add default recipes" creates an empty recipe',
            default_recipe_added_without_steps,
            human_steps=(
                click(PACKAGE, text="Chemex"),
                click(PACKAGE, cls=BUTTON, bounds=EDIT_BOUNDS),
                click(PACKAGE, cls=BUTTON, bounds=DELETE_BOUNDS),
                click(PACKAGE, text="Delete"),
                click(PACKAGE, cls=BUTTON, bounds=SETTINGS_BOUNDS),
                click(PACKAGE, text="Backup/Restore"),
                click(PACKAGE, text="Add default recipes"),
                click(PACKAGE, text="Chemex"),
                click(PACKAGE, text="OK"),
            ),
        ),
    )

    # -- storage ------------------------------------------------------------------------------
    def initial_data(self) -> dict[str, Any]:
        recipes: list[dict[str, Any]] = []
        steps: list[dict[str, Any]] = []
        for rid, name, more in DEFAULT_RECIPES:
            recipes.append(
                {
                    "id": rid,
                    "name": name,
                    "description": f"{HOFFMANN}\n{more}",
                    "last_finished": 0,
                    "origin": "prepopulate",
                }
            )
            for order, (sname, kind, value, secs) in enumerate(DEFAULT_STEPS[rid]):
                steps.append(
                    {
                        "id": len(steps) + 1,
                        "recipe_id": rid,
                        "name": sname,
                        "type": kind,
                        "value": value,
                        "time": secs,
                        "order": order,
                    }
                )
        return {
            "recipes": recipes,
            "steps": steps,
            "next_recipe_id": 7,
            "next_step_id": len(steps) + 1,
            "update_notice_version": 0,
        }

    def recipe(self, ctx: AppContext, rid: int) -> dict[str, Any] | None:
        return next((r for r in ctx.data["recipes"] if r["id"] == rid), None)

    def steps_of(self, ctx: AppContext, rid: int) -> list[dict[str, Any]]:
        found = [s for s in ctx.data["steps"] if s["recipe_id"] == rid]
        return sorted(found, key=lambda s: s["order"])

    def insert_recipe(self, ctx: AppContext, name: str, description: str, origin: str) -> int:
        rid = ctx.data["next_recipe_id"]
        ctx.data["next_recipe_id"] += 1
        ctx.data["recipes"].append(
            {
                "id": rid,
                "name": name,
                "description": description,
                "last_finished": 0,
                "origin": origin,
            }
        )
        return int(rid)

    def insert_steps(self, ctx: AppContext, rid: int, steps: list[dict[str, Any]]) -> None:
        for step in steps:
            new = dict(step, id=ctx.data["next_step_id"], recipe_id=rid)
            ctx.data["next_step_id"] += 1
            ctx.data["steps"].append(new)

    # -- navigation ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("stack", ["list"])

    def route(self, ctx: AppContext) -> str:
        return str(ctx.ui["stack"][-1])

    def navigate(self, ctx: AppContext, route: str) -> None:
        ctx.ui["stack"].append(route)
        ctx.ui.pop("form", None)

    def go_back(self, ctx: AppContext) -> None:
        if not w.pop_back_stack(ctx.ui["stack"]):
            ctx.finish()
        ctx.ui.pop("form", None)

    def to_list(self, ctx: AppContext) -> None:
        # navController.navigate("list") { popUpTo("list") { inclusive = true } }
        ctx.ui["stack"] = ["list"]
        ctx.ui.pop("form", None)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # The NavHost's back stack is saved; the pages' remember {} state (dialogs, the edit
        # form) is not.
        return {"stack": list(ctx.ui["stack"])}

    def on_back(self, ctx: AppContext) -> bool:
        for key in ("dialog",):
            if ctx.ui.get(key):
                ctx.ui[key] = None
                return True
        if self.route(ctx).startswith(("edit/", "add")) and self.form_changed(ctx):
            ctx.ui["dialog"] = "unsaved"
            return True
        if len(ctx.ui["stack"]) > 1:
            self.go_back(ctx)
            return True
        return False

    # -- list ---------------------------------------------------------------------------------
    def dismiss_update_notice(self, ctx: AppContext) -> None:
        ctx.data["update_notice_version"] = VERSION_CODE

    def open_changelog(self, ctx: AppContext) -> None:
        ctx.log("ActivityTaskManager", "START u0 {act=android.intent.action.VIEW}")
        self.dismiss_update_notice(ctx)

    def recipe_info(self, steps: list[dict[str, Any]]) -> View:
        coffee = sum(s["value"] or 0 for s in steps if s["type"] == COFFEE)
        water = sum(s["value"] or 0 for s in steps if s["type"] == WATER)
        secs = sum(s["time"] or 0 for s in steps)
        params = [compose_text(grams(v)) for v in (coffee, water) if v > 0]
        if secs > 0:
            params.append(compose_text(duration(secs)))
        return View(cls="android.view.View", layout=HORIZONTAL, height=110, children=params)

    def list_screen(self, ctx: AppContext) -> View:
        rows: list[View] = []
        if ctx.data["update_notice_version"] < VERSION_CODE:
            rows.append(
                View(
                    cls="android.widget.Button",
                    on_click=self.open_changelog,
                    height=300,
                    children=[
                        View(
                            cls="android.view.View",
                            layout=HORIZONTAL,
                            height=150,
                            children=[
                                compose_text("Cofi has been updated", height=150),
                                icon_button(self.dismiss_update_notice),
                            ],
                        ),
                        compose_text("Click here to read what's new", height=150),
                    ],
                )
            )
        for r in sorted(ctx.data["recipes"], key=lambda r: (-r["last_finished"], r["id"])):
            texts = [compose_text(r["name"])]
            if r["description"].strip():
                texts.append(compose_text(r["description"], height=90))
            rows.append(
                View(
                    cls="android.widget.Button",
                    on_click=w.bind(self.navigate, f"details/{r['id']}"),
                    height=340,
                    children=[
                        View(cls="android.view.View", height=230, children=texts),
                        self.recipe_info(self.steps_of(ctx, r["id"])),
                    ],
                )
            )
        bar = app_bar("Cofi", None, [icon_button(w.bind(self.navigate, "settings"))])
        listing = View(
            cls="android.view.View",
            scrollable=True,
            scroll_key="list_scroll",
            children=rows,
        )
        fab = View(
            cls="android.widget.Button",
            on_click=w.bind(self.navigate, "add"),
            width=420,
            height=168,
            gravity="bottom_end",
            style="fab",
            children=[compose_text("Add recipe", height=168)],
        )
        return View(layout=FRAME, children=[w.linear_layout([bar, listing]), fab])

    # -- details ------------------------------------------------------------------------------
    def details_screen(self, ctx: AppContext, rid: int) -> View:
        r = self.recipe(ctx, rid) or {"name": "", "description": ""}
        steps = self.steps_of(ctx, rid)
        title = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=168,
            children=[compose_text(r["name"], height=168)],
        )
        bar = app_bar(
            title,
            icon_button(self.go_back),
            [
                icon_button(w.bind(ctx_set, "dialog", "ratio")),
                icon_button(w.bind(ctx_set, "dialog", "link")),
                icon_button(w.bind(self.navigate, f"edit/{rid}")),
            ],
        )
        rows: list[View] = []
        if r["description"]:
            rows.append(compose_text(r["description"], height=220))
        rows.append(self.recipe_info(steps))
        for s in steps:
            cells = [compose_text(s["name"])]
            if s["value"]:
                cells.append(compose_text(grams(s["value"]), width=200))
            if s["time"]:
                cells.append(compose_text(duration(s["time"]), width=200))
            rows.append(
                View(cls="android.view.View", layout=HORIZONTAL, height=150, children=cells)
            )
        body = View(cls="android.view.View", scrollable=True, scroll_key="details_scroll")
        body.children = rows
        fab = View(
            cls="android.widget.Button",
            on_click=w.bind(ctx_toggle, "running"),
            width=220,
            height=220,
            gravity="bottom",
            style="fab",
        )
        return View(layout=FRAME, children=[w.linear_layout([bar, body]), fab])

    # -- edit / add ---------------------------------------------------------------------------
    def form(self, ctx: AppContext) -> dict[str, Any]:
        if "form" not in ctx.ui:
            route = self.route(ctx)
            r = self.recipe(ctx, int(route[5:])) if route.startswith("edit/") else None
            name = r["name"] if r else ""
            description = r["description"] if r else ""
            ctx.ui["form"] = {
                "name": name,
                "description": description,
                "orig": [name, description],
                "show_description": bool(description.strip()),
            }
        return dict(ctx.ui["form"])

    def form_changed(self, ctx: AppContext) -> bool:
        f = ctx.ui.get("form")
        if not f:
            return False
        return bool([f["name"], f["description"]] != f["orig"])

    def set_field(self, ctx: AppContext, key: str, value: str) -> None:
        self.form(ctx)
        ctx.ui["form"][key] = value

    def show_description(self, ctx: AppContext) -> None:
        self.form(ctx)
        ctx.ui["form"]["show_description"] = True

    def safe_go_back(self, ctx: AppContext) -> None:
        if self.form_changed(ctx):
            ctx.ui["dialog"] = "unsaved"
        else:
            self.go_back(ctx)

    def can_save(self, ctx: AppContext, name: str) -> bool:
        """canSave: a name and at least one step (the step editor is not modelled, so a new
        recipe has none)."""
        route = self.route(ctx)
        has_steps = route.startswith("edit/") and bool(self.steps_of(ctx, int(route[5:])))
        return bool(name.strip()) and has_steps

    def save(self, ctx: AppContext) -> None:
        f = self.form(ctx)
        if not self.can_save(ctx, f["name"]):
            return
        route = self.route(ctx)
        ctx.ui["dialog"] = None
        if route.startswith("edit/"):
            r = self.recipe(ctx, int(route[5:]))
            if r is not None:
                r["name"], r["description"] = f["name"], f["description"]
        else:
            self.insert_recipe(ctx, f["name"], f["description"], "user")
        self.go_back(ctx)

    def discard(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        self.go_back(ctx)

    def delete(self, ctx: AppContext) -> None:
        rid = int(self.route(ctx)[5:])
        ctx.data["recipes"] = [r for r in ctx.data["recipes"] if r["id"] != rid]
        ctx.data["steps"] = [s for s in ctx.data["steps"] if s["recipe_id"] != rid]
        ctx.ui["dialog"] = None
        self.to_list(ctx)

    def clone(self, ctx: AppContext) -> None:
        rid = int(self.route(ctx)[5:])
        f = self.form(ctx)
        new = self.insert_recipe(ctx, f"{f['name']} - Copy", f["description"], "user")
        self.insert_steps(ctx, new, copy.deepcopy(self.steps_of(ctx, rid)))
        ctx.ui["dialog"] = None
        self.to_list(ctx)

    def edit_screen(self, ctx: AppContext) -> View:
        route = self.route(ctx)
        editing = route.startswith("edit/")
        f = ctx.ui.get("form") or self.form_view_defaults(ctx)
        actions = [icon_button(w.bind(ctx_set, "dialog", "clone"))] if editing else []
        if editing:
            actions.append(icon_button(w.bind(ctx_set, "dialog", "delete")))
        save = icon_button(self.save)
        save.enabled = self.can_save(ctx, f["name"])
        actions.append(save)
        title = "Edit recipe" if editing else "Create new recipe"
        bar = app_bar(title, icon_button(self.safe_go_back), actions)
        name_row = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=170,
            children=[
                icon_button(w.bind(ctx_set, "dialog", "icons"), width=170),
                View(
                    cls="android.widget.EditText",
                    text=f["name"],
                    on_text=lambda c, t: self.set_field(c, "name", t),
                    hint="Name",
                    height=170,
                ),
            ],
        )
        rows = [name_row]
        if f["show_description"]:
            rows.append(
                View(
                    cls="android.widget.EditText",
                    text=f["description"],
                    on_text=lambda c, t: self.set_field(c, "description", t),
                    hint="Description",
                    height=220,
                )
            )
        else:
            rows.append(
                View(
                    cls="android.widget.Button",
                    on_click=self.show_description,
                    width=500,
                    height=126,
                    children=[compose_text("Add description", height=126)],
                )
            )
        if editing:
            for s in self.steps_of(ctx, int(route[5:])):
                rows.append(
                    View(
                        cls="android.view.View",
                        on_click=noop,
                        height=150,
                        children=[compose_text(s["name"])],
                    )
                )
        chips = [
            View(cls="android.view.View", on_click=noop, children=[compose_text(t)])
            for t in ("Add coffee", "Add water", "Wait", "Other")
        ]
        rows.append(View(cls="android.view.View", layout=HORIZONTAL, height=126, children=chips))
        body = View(cls="android.view.View", scrollable=True, scroll_key="edit_scroll")
        body.children = rows
        return w.linear_layout([bar, body])

    def form_view_defaults(self, ctx: AppContext) -> dict[str, Any]:
        """The form ``render`` shows before the first edit writes ``ctx.ui["form"]``."""
        route = self.route(ctx)
        r = self.recipe(ctx, int(route[5:])) if route.startswith("edit/") else None
        description = r["description"] if r else ""
        return {
            "name": r["name"] if r else "",
            "description": description,
            "show_description": bool(description.strip()),
        }

    # -- settings -----------------------------------------------------------------------------
    def settings_item(self, text: str, handler: Any) -> View:
        return View(
            cls="android.widget.Button",
            on_click=handler,
            height=147,
            children=[compose_text(text, height=147)],
        )

    def settings_screen(self, ctx: AppContext) -> View:
        bar = app_bar("Settings", icon_button(self.go_back), [])
        items = [
            self.settings_item("Timer settings", w.bind(self.navigate, "timer")),
            self.settings_item("Backup/Restore", w.bind(self.navigate, "backup")),
            self.settings_item("About App", w.bind(self.navigate, "about")),
            self.settings_item("Report a bug or suggest a feature", browser),
        ]
        return w.linear_layout([bar, *items, View(cls="android.view.View")])

    def backup_screen(self, ctx: AppContext) -> View:
        bar = app_bar("Backup/Restore", icon_button(self.go_back), [])
        items = [
            self.settings_item("Add default recipes", self.open_defaults),
            self.settings_item("Backup", self.open_backup),
            self.settings_item("Restore", document_picker),
        ]
        return w.linear_layout([bar, *items, View(cls="android.view.View")])

    def open_defaults(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = "defaults"
        ctx.ui["checked"] = []

    def open_backup(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = "backup"
        ctx.ui["checked"] = [r["id"] for r in ctx.data["recipes"]]

    def check(self, ctx: AppContext, rid: int) -> None:
        w.toggle(ctx.ui["checked"], rid)

    def add_defaults(self, ctx: AppContext) -> None:
        # onSave: for each checked recipe, launch { insertRecipe; insertAll(steps) } on the
        # dialog's scope, then dismiss() inside the loop.
        chosen = [rid for rid, _, _ in DEFAULT_RECIPES if rid in ctx.ui["checked"]]
        for rid in chosen:
            name, more = next((n, m) for i, n, m in DEFAULT_RECIPES if i == rid)
            self.insert_recipe(ctx, name, f"{HOFFMANN}\n{more}", "defaults")
            # The dismissal cancels the scope while insertRecipe is suspended: the steps of
            # the recipe (steps[recipe.id]) are never inserted.
            ctx.ui["dialog"] = None

    def recipe_dialog(self, ctx: AppContext, title: str, names: list[tuple[int, str]]) -> Window:
        rows = [
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                on_click=w.bind(self.check, rid),
                height=147,
                children=[
                    View(
                        cls="android.widget.CheckBox",
                        checkable=True,
                        checked=rid in ctx.ui.get("checked", []),
                        on_click=w.bind(self.check, rid),
                        width=147,
                    ),
                    compose_text(name, height=147),
                ],
            )
            for rid, name in names
        ]
        ok = self.add_defaults if ctx.ui.get("dialog") == "defaults" else document_creator
        return compose_dialog(
            [compose_text(title, height=150), *rows],
            ("OK", ok),
            ("Cancel", w.bind(ctx_set, "dialog", None)),
        )

    def alert(
        self, title: str, text: str, confirm: tuple[str, Any], cancel: tuple[str, Any]
    ) -> Window:
        return compose_dialog(
            [compose_text(title, height=150), compose_text(text)], confirm, cancel
        )

    def windows(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui.get("dialog")
        close = w.bind(ctx_set, "dialog", None)
        if dialog == "defaults":
            names = [(rid, name) for rid, name, _ in DEFAULT_RECIPES]
            return [self.recipe_dialog(ctx, "Add default recipes", names)]
        if dialog == "backup":
            names = [(r["id"], r["name"]) for r in ctx.data["recipes"]]
            return [self.recipe_dialog(ctx, "Backup", names)]
        if dialog == "delete":
            return [
                self.alert(
                    "Are you sure?",
                    "This will remove this recipe permanently",
                    ("Delete", self.delete),
                    ("Cancel", close),
                )
            ]
        if dialog == "clone":
            return [
                self.alert(
                    "Clone this recipe?",
                    "This will create a duplicate of this recipe",
                    ("Copy", self.clone),
                    ("Cancel", close),
                )
            ]
        if dialog == "unsaved":
            name = (ctx.ui.get("form") or {}).get("name", "")
            keep = ("Save", self.save) if self.can_save(ctx, name) else ("Continue editing", close)
            return [
                self.alert(
                    "You have unsaved changes",
                    "Do you want to discard them?",
                    keep,
                    ("Discard", self.discard),
                )
            ]
        if dialog in ("ratio", "link", "icons"):
            label = {
                "ratio": "Weight multiplier",
                "link": "Direct link",
                "icons": "Drip",
            }[dialog]
            root = View(cls="android.view.View", weight=0, children=[compose_text(label)])
            return [Window(root=root, kind="sheet", on_dismiss=close)]
        return []

    def render(self, ctx: AppContext) -> Screen:
        route = self.route(ctx)
        if route == "list":
            content = self.list_screen(ctx)
        elif route.startswith("details/"):
            content = self.details_screen(ctx, int(route[8:]))
        elif route.startswith(("edit/", "add")):
            content = self.edit_screen(ctx)
        elif route == "settings":
            content = self.settings_screen(ctx)
        elif route == "backup":
            content = self.backup_screen(ctx)
        else:
            title = {"timer": "Timer settings", "about": "About"}.get(route, "")
            content = w.linear_layout(
                [app_bar(title, icon_button(self.go_back), []), View(cls="android.view.View")]
            )
        return Screen(content=content, windows=self.windows(ctx))


def ctx_set(ctx: AppContext, key: str, value: Any) -> None:
    ctx.ui[key] = value


def ctx_toggle(ctx: AppContext, key: str) -> None:
    ctx.ui[key] = not ctx.ui.get(key)


def noop(ctx: AppContext) -> None:
    return None


def browser(ctx: AppContext) -> None:
    ctx.log("ActivityTaskManager", "START u0 {act=android.intent.action.VIEW}")


def document_picker(ctx: AppContext) -> None:
    ctx.log("ActivityTaskManager", "START u0 {act=android.intent.action.OPEN_DOCUMENT}")


def document_creator(ctx: AppContext) -> None:
    ctx.log("ActivityTaskManager", "START u0 {act=android.intent.action.CREATE_DOCUMENT}")


_DELETE_CHEMEX = [
    click(PACKAGE, text="Chemex"),
    click(PACKAGE, cls=BUTTON, bounds=EDIT_BOUNDS),
    click(PACKAGE, cls=BUTTON, bounds=DELETE_BOUNDS),
    click(PACKAGE, text="Delete"),
]
_TO_BACKUP = [
    click(PACKAGE, cls=BUTTON, bounds=SETTINGS_BOUNDS),
    click(PACKAGE, text="Backup/Restore"),
]

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Cofi#240": [
        # Deleting the recipe only.
        [*_DELETE_CHEMEX, *_TO_BACKUP],
        # Checking it in the dialog, then Cancel.
        [
            *_DELETE_CHEMEX,
            *_TO_BACKUP,
            click(PACKAGE, text="Add default recipes"),
            click(PACKAGE, text="Chemex"),
            click(PACKAGE, text="Cancel"),
        ],
        # OK with nothing checked (the dialog stays), then Cancel.
        [
            *_DELETE_CHEMEX,
            *_TO_BACKUP,
            click(PACKAGE, text="Add default recipes"),
            click(PACKAGE, text="OK"),
            click(PACKAGE, text="Cancel"),
        ],
        # Delete cancelled in its dialog; Backup instead of Add default recipes.
        [
            click(PACKAGE, text="Chemex"),
            click(PACKAGE, cls=BUTTON, bounds=EDIT_BOUNDS),
            click(PACKAGE, cls=BUTTON, bounds=DELETE_BOUNDS),
            click(PACKAGE, text="Cancel"),
            {"kind": "press_back"},
            {"kind": "press_back"},
            *_TO_BACKUP,
            click(PACKAGE, text="Backup"),
            click(PACKAGE, text="OK"),
        ],
        # Another recipe cloned instead of adding the default one back.
        [
            *_DELETE_CHEMEX,
            click(PACKAGE, text="French Press"),
            click(PACKAGE, cls=BUTTON, bounds=EDIT_BOUNDS),
            click(PACKAGE, cls=BUTTON, bounds=CLONE_BOUNDS),
            click(PACKAGE, text="Copy"),
        ],
    ],
}
