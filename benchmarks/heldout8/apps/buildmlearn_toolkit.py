"""BuildmLearn Toolkit (``org.buildmlearn.toolkit``, BuildmLearn/BuildmLearn-Toolkit-Android)
2.0.0, for BuildmLearn-Toolkit-Android#269.

An app that builds learning apps from templates (info, spelling, quiz, flash cards...): a first
run asking the user's name, a tutorial pager, the home screen with its drawer and "+" button, the
template list, the template editor (title, author, items, "Simulate" and "Save Template") and the
simulator, which runs the made app's screens inside a phone frame.

Sources read at commit 9a714e8 (2016-12-11, ``versionName`` "2.0.0", the ``bug-fixes`` branch the
report was filed against on 2016-12-12) and the fix 0e7354a ("Flash toolbar title corrected.",
merged as #270 on 2016-12-12). Files read: ``activity/FirstRunActivity``, ``TutorialActivity``,
``HomeActivity``, ``TemplateActivity``, ``TemplateEditor``, ``adapter/TutorialAdapter``,
``TemplateAdapter``, ``model/Template``, ``Tutorial``, ``fragment/HomeFragment``,
``simulator/Simulator``, ``templates/FlashTemplate``, ``FlashCardAdapter``,
``flashcardtemplate/fragment/SplashFragment``, ``MainFragment``, ``LastFragment``; the layouts
``activity_first_run``, ``tutorial_layout(_finish)``, ``activity_home``, ``fragment_home``,
``activity_template_list``, ``item_template_*``, ``activity_template_editor``,
``listview_header_template``, ``flash_dialog_add_edit_item``, ``flash_template_item``,
``activity_simulator``, ``fragment_splash``, ``fragment_main_flash``, ``app_bar_main_flash``,
``content_main_flash``, ``fragment_last_flash``; the menus ``nav_drawer``,
``menu_template_editor``, ``bottom_sheet_template``, ``menu_main_white``; ``strings.xml``.

Bug BuildmLearn-Toolkit-Android#269 (non-crash): the flash card template's simulator screens set
their toolbar title from the spelling template's string: ``MainFragment`` (the card screen
reached with the splash's ENTER) and ``LastFragment`` (after the last card) call
``toolbar.setTitle(getString(R.string.main_title_spell))``, "Learn Spellings", where the fix
uses ``main_title_flash``, "Learn with FlashCards" (the splash itself already shows that). The
oracle reads ``sim_titles``: the toolbar titles the flash simulator's screens showed.

Reaching the simulator: "Simulate" first saves the project (``saveProject``): the author (filled
with the first-run name) and the template name must be set and start with a letter or digit, and
there must be at least one card; a flash card needs a question, an answer and a picture
(``mIsPhotoAttached``). The picture comes from the "Select image source" chooser (camera or a
picked image). Fixed data: the device holds one picture, ``IMG_20161210_093512.jpg``, in
DocumentsUI's "Images"; the camera is not modelled (its entry returns no picture, as a
cancelled capture does).

Stubbed: the other templates' editors (their toolbar title, header and empty list; "+" does
nothing), the drawer's screens but Home (their titles only), the About screen, the save sheet's
APK and share rows (only "Save Project" acts), the flip animation (FLIP switches the card face at
once), snackbars, pictures (plain ImageViews). Uncertain: which app the chooser offers for
``ACTION_PICK`` (the model offers "Files", DocumentsUI's picker), the chooser's layout; the
support library's class names in the dump; the write-storage request answered once.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "org.buildmlearn.toolkit"
FIRST = ".activity.FirstRunActivity"
TUTORIAL = ".activity.TutorialActivity"
HOME = ".activity.HomeActivity"
TEMPLATES = ".activity.TemplateActivity"
EDITOR = ".activity.TemplateEditor"
SIMULATOR = ".simulator.Simulator"
PICKER = "com.android.documentsui.picker.PickActivity"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
BUG = "BuildmLearn-Toolkit-Android#269"

SPELL_TITLE = "Learn Spellings"  # R.string.main_title_spell
FLASH_TITLE = "Learn with FlashCards"  # R.string.main_title_flash
PICTURE = "IMG_20161210_093512.jpg"
FLASH = 3  # Template.FLASH_CARD's position
# (list title, description, the editor's getTitle()) of Template.values(), in order.
TEMPLATE_LIST = (
    ("Basic mLearning", "Create app displaying clickable list of textual information", "Info"),
    (
        "Learn Spellings",
        "Choose this template to create applications for learning to spell words",
        "Learn Spelling",
    ),
    ("Quiz", "Choose this template to create Quiz-like applications", "Quiz"),
    ("Flash Cards", "Choose this template to create flash card applications", "Flash"),
    (
        "Video Collection",
        "Choose this template to create applications for learning from videos",
        "VideoCollection",
    ),
    (
        "Comprehension",
        "Choose this template to create applications for learning from comprehensions",
        "Comprehension",
    ),
    (
        "Dictation",
        "Choose this template to create applications for practising dictation",
        "Dictation",
    ),
    (
        "Match",
        "Choose this template to create applications for practising match the following.",
        "Match",
    ),
)
TUTORIAL_PAGES = (
    (
        "Welcome to BuildmLearn Toolkit",
        "BuildmLearn Toolkit helps you create mLearning apps without any knowledge about app "
        "development",
    ),
    ("Make mLearning Apps", "Press the big pink button to get started with building app."),
    (
        "Various Templates",
        "Templates allows creation of various types of apps like spelling and dictation, quiz etc.",
    ),
    (
        "InBuilt Editing Features",
        "Toolkit editor allows various file operations like save projects, publish Apks, "
        "simulate app",
    ),
    (
        "Simulator Support",
        "BuildmLearn toolkit comes with a Nexus 6 simulator on which you can test app inside "
        "toolkit",
    ),
    (
        "Load Saved Projects",
        "You can open any saved project created using android or desktop toolkit",
    ),
)
DRAWER = ("Home", "Saved Projects", "Saved APKs", "My Drafts", "Settings", "How to")
ABOUT = "About BuildmLearn"
SHEET = ("Save APK", "Save Project", "Share APK", "Share Project")


def _startup(name: str = "Asha") -> list[dict[str, Any]]:
    """The first run's name and Enter, then "Skip tutorial." on the first tutorial page."""
    return [
        input_text(PACKAGE, "first_name", name, hint="Your Name!"),
        {"kind": "press_enter"},
        click(PACKAGE, "skip_button", "Skip tutorial."),
    ]


def _open_editor(template: str = "Flash Cards") -> list[dict[str, Any]]:
    """Home's "+" button, a template's card, then Allow on the storage request."""
    return [
        click(PACKAGE, "button_template"),
        click(PACKAGE, "title", template),
        allow_permission(PACKAGE),
    ]


def _add_card(picture: bool = True) -> list[dict[str, Any]]:
    """The editor's "+", a question and an answer, the picture picked through "Files", Add."""
    steps = [
        click(PACKAGE, "button_add_item"),
        input_text(PACKAGE, "flash_question", "Which animal barks?", hint="Enter Question"),
        input_text(PACKAGE, "flash_answer", "Dog", hint="Enter Answer"),
    ]
    if picture:
        steps += [
            click(PACKAGE, "flash_upload_image", desc="Upload image"),
            click(PACKAGE, "android:id/text1", "Files"),
            click(PACKAGE, "android:id/title", PICTURE),
        ]
    else:
        steps.append({"kind": "press_back"})  # the keyboard hidden, it covers the buttons
    return [*steps, click(PACKAGE, "android:id/button1", "Add")]


# The template name typed, then Back hides the keyboard (it covers the "+" button).
TITLE = [
    input_text(PACKAGE, "template_title", "Animals", hint="Template Name"),
    {"kind": "press_back"},
]
SIMULATE = click(PACKAGE, "action_simulate", desc="Simulate")
ENTER = click(PACKAGE, "enter", "ENTER")


def spelling_title_on_flash_cards(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #269: a flash card simulator screen's toolbar said "Learn Spellings"."""
    return SPELL_TITLE in data["sim_titles"]


class BuildmLearnToolkit(VirtualApp):
    """BuildmLearn Toolkit 2.0.0: first run, tutorial, home, templates, editor, simulator."""

    name: ClassVar[str] = "BuildmLearn-Toolkit-Android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "BuildmLearn Toolkit"
    version: ClassVar[str] = "2.0.0"
    launch_activity: ClassVar[str] = FIRST
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            BUG,
            "non-crash",
            "In flash card template when we start simulator the toolbar says learn spellings.",
            spelling_title_on_flash_cards,
            human_steps=(*_startup(), *_open_editor(), *TITLE, *_add_card(), SIMULATE, ENTER),
        ),
    )

    main_title: ClassVar[str] = SPELL_TITLE  # what Main/LastFragment's toolbars are given

    def initial_data(self) -> dict[str, Any]:
        # Default SharedPreferences (first_run, key_user_name, SkipTutorial), the .buildmlearn
        # files of the saved and draft folders, and what the simulator's toolbars showed.
        return {
            "first_run": False,
            "user_name": "",
            "skip_tutorial": False,
            "saved": {},
            "drafts": [],
            "sim_titles": [],
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        act, ui = ctx.activity, ctx.ui
        if act == FIRST:
            if ctx.data["first_run"]:
                ctx.start_activity(HOME)
                ctx.finish()
            ui.setdefault("name", "")
            ui.setdefault("error", "")
        elif act == TUTORIAL:
            ui.setdefault("page", 0)
        elif act == HOME:
            ctx.data["skip_tutorial"] = True
            ui.setdefault("section", "Home")
            ui.setdefault("drawer", False)
        elif act == EDITOR:
            template = int(ctx.extras.get("template", FLASH))
            author = ctx.data["user_name"]
            ui.setdefault("template", template)
            for key, value in (("title", ""), ("author", author), ("cards", []), ("file", None)):
                ui.setdefault(key, value)
            ui.update(dialog=None, sheet=False, errors={})
            if STORAGE not in ctx.permissions:
                ctx.request_permission(STORAGE)
        elif act == SIMULATOR:
            ui.setdefault("screen", "splash")
            ui.setdefault("card", 1)
            ui.update(face=0, drawer=False, about=False)

    def on_key(self, ctx: AppContext, key: str) -> bool:
        """``FirstRunActivity``'s OnKeyListener: Enter on the name field."""
        if ctx.activity != FIRST or key != "enter" or ctx.focus != "first_name":
            return False
        name = ctx.ui["name"]
        if name == "":
            ctx.ui["error"] = "Enter name"
            return False
        if not name[0].isalnum():
            ctx.ui["error"] = "Name must start with alphanumeric"
            return False
        ctx.data.update(user_name=name, first_run=True)
        ctx.start_activity(TUTORIAL, {"start_activity": True})
        ctx.finish()
        return True

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == TUTORIAL:
            return w.pager_swipe(ctx.ui, "page", len(TUTORIAL_PAGES) + 1, direction)
        if ctx.activity == HOME and direction in ("right", "left"):
            opened = direction == "right"
            if ctx.ui["drawer"] != opened:
                ctx.ui["drawer"] = opened
                return True
        return False

    def on_back(self, ctx: AppContext) -> bool:
        act, ui = ctx.activity, ctx.ui
        if act == HOME:
            if w.dismiss(ui, "drawer"):
                return True
            if ui["section"] != "Home":
                ui["section"] = "Home"
                return True
            if ui.get("back_once"):
                return False
            ui["back_once"] = True
            ctx.toast("Tap back once more to exit.")
            return True
        if act == EDITOR:
            if w.dismiss(ui, "sheet") or w.dismiss(ui, "dialog", None):
                return True
            self._leave_editor(ctx)
            return True
        # Simulator.onBackPressed: one fragment on the back stack, so the activity finishes
        # (an open drawer closes with it).
        return False

    # -- editor --------------------------------------------------------------------------------
    def _leave_editor(self, ctx: AppContext) -> None:
        """``onBackPressed``: the activity finishes, then ``saveDraft`` keeps the cards as a
        draft unless they match the project last saved from here."""
        ctx.finish()
        ui = ctx.ui
        if not ui["cards"]:
            ctx.toast("Unable to perform action: No Data")
            return
        content = [ui["title"], ui["author"], ui["cards"]]
        if ui["file"] is None or ctx.data["saved"].get(ui["file"]) != content:
            ctx.data["drafts"].append(content)
            ctx.toast("Saved in Draft!")

    def _save_project(self, ctx: AppContext) -> str | None:
        """``saveProject``: the checks, then ``<title>-by-<author>.buildmlearn`` is written."""
        ui = ctx.ui
        author, title = ui["author"], ui["title"]
        errors = ui["errors"]
        if author == "":
            errors["author_name"] = "Author name is required"
        elif title == "":
            errors["template_title"] = "Title is required"
        elif not author[0].isalnum():
            errors["author_name"] = "Name must start with alphanumeric"
        elif not title[0].isalnum():
            errors["template_title"] = "Title must start with alphanumeric"
        elif not ui["cards"]:
            ctx.toast("Unable to perform action: No Data")
        else:
            if ui["file"] is not None:
                ctx.data["saved"].pop(ui["file"], None)
                ui["file"] = None
            file_name = f"{title} by {author}.buildmlearn".replace(" ", "-")
            if file_name in ctx.data["saved"]:
                errors["template_title"] = "File Already exists"
                return "File already exists"
            ctx.data["saved"][file_name] = [title, author, list(ui["cards"])]
            ui["file"] = file_name
            ctx.toast("Project Successfully Saved!")
            return file_name
        return None

    def _simulate(self, ctx: AppContext) -> None:
        """``startSimulator``: the project is saved, then the Simulator starts on it."""
        message = self._save_project(ctx)
        if not message:
            ctx.toast("Build unsuccessful")
        elif message == "File already exists":
            ctx.ui["errors"]["template_title"] = "Template Already exists"
        else:
            ctx.start_activity(SIMULATOR, {"template": ctx.ui["template"], "file": message})

    def _open_add(self, ctx: AppContext) -> None:
        """The "+" button: only the flash card template's dialog is modelled."""
        if ctx.ui["template"] == FLASH:
            ctx.memory.pop("picked", None)
            ctx.ui["dialog"] = {"question": "", "answer": "", "hint": "", "photo": False}
            ctx.ui["errors"] = {}

    def _add(self, ctx: AppContext) -> None:
        """The dialog's Add: ``validateData``, then the card joins the list."""
        form, errors = ctx.ui["dialog"], ctx.ui["errors"]
        question, answer = form["question"].strip(), form["answer"].strip()
        if not question:
            errors["flash_question"] = "Enter a question"
        elif not answer:
            errors["flash_answer"] = "Enter an answer"
        elif not self._photo(ctx):
            ctx.toast("Attach an image")
        else:
            ctx.ui["cards"].append([question, answer, form["hint"].strip()])
            self._close_dialog(ctx)

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.memory.pop("picked", None)
        ctx.ui.update(dialog=None, errors={})
        ctx.hide_keyboard()

    def _source(self, ctx: AppContext, files: bool) -> None:
        """The chooser's entries: the camera is not modelled (no picture comes back), "Files"
        opens DocumentsUI's picker."""
        ctx.ui["dialog"]["chooser"] = False
        if files:
            ctx.start_activity(PICKER)

    def _picked(self, ctx: AppContext) -> None:
        """A picture tapped: the picker returns it (``onActivityResult`` sets it on
        ``banner_image`` and ``mIsPhotoAttached``)."""
        ctx.memory["picked"] = True
        ctx.finish()

    def _photo(self, ctx: AppContext) -> bool:
        return bool(ctx.ui["dialog"]["photo"] or ctx.memory.get("picked"))

    def _delete_card(self, ctx: AppContext, index: int) -> None:
        del ctx.ui["cards"][index]

    # -- simulator -----------------------------------------------------------------------------
    def _show(self, ctx: AppContext, screen: str, card: int = 1) -> None:
        """A fragment replaces the current one; Main and Last set their toolbar's title."""
        ctx.ui.update(screen=screen, card=card, face=0, drawer=False)
        if screen in ("main", "last"):
            ctx.data["sim_titles"].append(self.main_title)

    def _cards(self, ctx: AppContext) -> list[list[str]]:
        saved = ctx.data["saved"].get(ctx.extras.get("file", ""))
        return list(saved[2]) if saved else []

    def _next(self, ctx: AppContext) -> None:
        card = ctx.ui["card"] + 1
        if card <= len(self._cards(ctx)):
            self._show(ctx, "main", card)
        else:
            self._show(ctx, "last")

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        act = ctx.activity
        if act == FIRST:
            return self._first_run(ctx)
        if act == TUTORIAL:
            return self._tutorial(ctx)
        if act == HOME:
            return self._home(ctx)
        if act == TEMPLATES:
            return self._templates()
        if act == EDITOR:
            return self._editor(ctx)
        if act == PICKER:
            row = w.document_row(PICTURE, self._picked, size="1.2 MB")
            return Screen(content=w.document_picker([row], title="Images"))
        return self._simulator(ctx)

    def _first_run(self, ctx: AppContext) -> Screen:
        field = w.edit_text(
            "first_name",
            ctx.ui["name"],
            lambda c, t: c.ui.update(name=t, error=""),
            hint="Your Name!",
            width=700,
        )
        column = [
            w.image_view(desc="BuildmLearn Logo", height=300),
            w.text_view("BuildmLearn", height=150),
            w.text_view("Toolkit", height=100),
            View(cls="android.view.View", resource_id="focus_thief", width=3, height=3),
            field,
        ]
        if ctx.ui["error"]:
            column.append(w.text_view(ctx.ui["error"], height=100))
        backdrop = w.image_view(desc="BuildmLearn backdrop image")
        root = w.relative_layout([backdrop, w.linear_layout(column, weight=0, gravity="center")])
        root.layout = FRAME
        return Screen(content=root)

    def _finish_tutorial(self, ctx: AppContext) -> None:
        if ctx.extras.get("start_activity"):
            ctx.start_activity(HOME)
        ctx.finish()

    def _tutorial(self, ctx: AppContext) -> Screen:
        page = ctx.ui["page"]
        if page == len(TUTORIAL_PAGES):
            body = w.linear_layout(
                [
                    w.image_view(height=300),
                    w.text_view("BuildmLearn", height=150),
                    w.text_view("Toolkit", height=100),
                    w.button("finish_tutorial_button", "Lets Start", self._finish_tutorial),
                ],
                weight=0,
            )
        else:
            title, desc = TUTORIAL_PAGES[page]
            children = [w.text_view(title, "tutorial_title", height=200)]
            children.append(w.image_view("device_image", height=900))
            if not ctx.data["skip_tutorial"]:
                children.append(w.button("skip_button", "Skip tutorial.", self._finish_tutorial))
            children.append(w.text_view(desc, "tutorial_desc", height=250))
            body = w.linear_layout(children, rid="tutorial_layout")
        pager = View(cls="android.support.v4.view.ViewPager", resource_id="pager", children=[body])
        indicator = View(
            cls="com.viewpagerindicator.CirclePageIndicator", resource_id="indicator", height=80
        )
        return Screen(content=w.relative_layout([pager, indicator]))

    def _select(self, ctx: AppContext, section: str) -> None:
        """``onNavigationItemSelected``: "How to" and About start activities (About is a stub
        here), the others replace the fragment and set the title."""
        ctx.ui["drawer"] = False
        if section == "How to":
            ctx.start_activity(TUTORIAL)
        elif section != ABOUT:
            ctx.ui["section"] = section

    def _home(self, ctx: AppContext) -> Screen:
        section = ctx.ui["section"]
        title = "BuildmLearn Toolkit" if section == "Home" else section
        bar = w.toolbar(
            title,
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
            cls="android.support.v7.widget.Toolbar",
        )
        if section == "Home":
            card = w.frame_layout(
                [
                    w.linear_layout(
                        [
                            w.image_view(desc="BuildmLearn Logo", height=250),
                            w.text_view("Welcome to BuildmLearn Toolkit", "title", height=120),
                            w.text_view(
                                "The BuildmLearn Toolkit is an easy-to-use program that helps "
                                "users make mobile apps without any knowledge of application "
                                "development.\n\nThe toolkit helps creating mobile application "
                                "with various functionality and allows teachers to input their "
                                "custom content.",
                                height=500,
                            ),
                        ],
                        weight=0,
                    )
                ],
                rid="card_view",
                weight=0,
            )
            add = w.fab("button_template", "", lambda c: c.start_activity(TEMPLATES))
            body = View(layout=FRAME, children=[w.scroll_view([w.linear_layout([card])]), add])
        else:
            body = w.text_view(section)
        content = w.linear_layout([bar, w.frame_layout([body], rid="container")])
        drawer = None
        if ctx.ui["drawer"]:
            header = w.linear_layout(
                [w.text_view(f" {ctx.data['user_name']}", "name", height=120)],
                height=400,
            )
            entries = [
                w.drawer_entry(s, w.bind(self._select, s), checked=s == section)
                for s in (*DRAWER, ABOUT)
            ]
            drawer = View(
                cls="android.support.design.widget.NavigationView",
                resource_id="nav_view",
                width=800,
                gravity="start",
                children=[header, *entries],
            )
        root = w.drawer_layout(content, drawer, cls="android.support.v4.widget.DrawerLayout")
        return Screen(content=root)

    def _templates(self) -> Screen:
        cards = []
        for i, (title, desc, _) in enumerate(TEMPLATE_LIST):
            texts = w.linear_layout(
                [w.text_view(title, "title", height=110), w.text_view(desc, "description")]
            )
            image = w.image_view("image", width=350)
            row = [image, texts] if i % 2 else [texts, image]
            open_editor = w.bind(lambda c, t: c.start_activity(EDITOR, {"template": t}), i)
            cards.append(
                w.frame_layout(
                    [w.linear_layout(row, horizontal=True)],
                    rid="card_view",
                    height=420,
                    on_click=open_editor,
                )
            )
        bar = w.toolbar(
            "Templates", navigation=w.up_button(), cls="android.support.v7.widget.Toolbar"
        )
        listing = w.list_view(
            cards, cls="android.support.v7.widget.RecyclerView", scroll_key="templates"
        )
        return Screen(content=w.linear_layout([bar, listing]))

    def _field(self, ctx: AppContext, rid: str, key: str, hint: str, form: dict[str, Any]) -> View:
        def typed(c: AppContext, text: str) -> None:
            form[key] = text
            c.ui["errors"].pop(rid, None)

        field = w.edit_text(rid, form[key], typed, hint=hint)
        error = ctx.ui["errors"].get(rid, "")
        if not error:
            return field
        # setError's popup, drawn under the field.
        return w.linear_layout([field, w.text_view(error, height=90)], weight=0)

    def _card_row(self, index: int, card: list[str]) -> View:
        question, answer, hint = card
        texts = w.linear_layout(
            [
                w.text_view(question, "flash_item_question"),
                w.text_view(answer, "flash_item_answer"),
                w.text_view(hint, "flash_item_hint"),
            ]
        )
        edit = w.image_view(
            "flash_item_edit",
            "Edit Item",
            lambda c: c.toast("Long press to edit this item"),
            width=130,
        )
        delete = w.image_view(
            "flash_template_delete", "Delete item", w.bind(self._delete_card, index), width=130
        )
        return w.frame_layout(
            [
                w.linear_layout(
                    [
                        w.image_view("flash_item_image", "Flashcard image", height=300),
                        w.linear_layout([edit, texts, delete], horizontal=True, height=300),
                    ]
                )
            ],
            rid="card_view",
            height=600,
        )

    def _editor(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        name = TEMPLATE_LIST[ui["template"]][2]
        bar = w.toolbar(
            f"{name} Template",
            navigation=w.up_button(self._leave_editor),
            actions=[
                w.action_item("action_simulate", "Simulate", self._simulate),
                w.action_item("action_save", "Save Template", lambda c: c.ui.update(sheet=True)),
            ],
            cls="android.support.v7.widget.Toolbar",
        )
        header = w.linear_layout(
            [
                w.text_view("Template Name", height=80),
                self._field(ctx, "template_title", "title", "Template Name", ui),
                w.text_view("Author", height=80),
                self._field(ctx, "author_name", "author", "Name", ui),
            ],
            weight=0,
        )
        rows = [self._card_row(i, card) for i, card in enumerate(ui["cards"])]
        listing = w.list_view([header, *rows], rid="template_editor_listview", scroll_key="list")
        body: list[View] = [listing]
        if not ui["cards"]:
            empty = w.text_view("Click Add button to start adding items", "empty_view_text")
            body.append(w.linear_layout([empty], rid="empty", height=300, gravity="center"))
        body.append(w.fab("button_add_item", "", self._open_add))
        content = w.relative_layout([bar, View(layout=FRAME, children=body)], rid="relative_layout")
        return Screen(content=content, windows=self._editor_windows(ctx))

    def _editor_windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        if ui["sheet"]:

            def pick(c: AppContext, row: str) -> None:
                c.ui["sheet"] = False
                if row == "Save Project":
                    self._save_project(c)

            rows = [w.list_row(r, on_click=w.bind(pick, r), height=150) for r in SHEET]
            sheet = w.linear_layout(rows, weight=0)
            return [Window(root=sheet, kind="sheet", on_dismiss=lambda c: c.ui.update(sheet=False))]
        form = ui["dialog"]
        if form is None:
            return []
        upload = w.image_view(
            "flash_upload_image",
            "Upload image",
            self._open_chooser,
            width=200,
            height=200,
            gravity="center",
        )
        picture = w.image_view("banner_image", "Upload image", height=300)
        body = w.scroll_view(
            [
                w.linear_layout(
                    [
                        w.relative_layout([picture, upload], height=300, layout=FRAME),
                        w.text_view("Question", height=80),
                        self._field(ctx, "flash_question", "question", "Enter Question", form),
                        w.text_view("Answer", height=80),
                        self._field(ctx, "flash_answer", "answer", "Enter Answer", form),
                        w.text_view("Answer Hint", height=80),
                        self._field(ctx, "flash_hint", "hint", "Enter Hint (Optional)", form),
                    ],
                    weight=0,
                )
            ],
            weight=0,
        )
        buttons = w.dialog_buttons(("Add", self._add), ("Cancel", self._close_dialog))
        windows = [
            w.alert_dialog(w.dialog_title("Add new item"), [body], buttons, self._close_dialog)
        ]
        if form.get("chooser"):
            entries = [
                w.list_row(
                    label,
                    on_click=w.bind(self._source, label == "Files"),
                    leading=w.image_view("android:id/icon", width=150),
                    height=200,
                )
                for label in ("Camera", "Files")
            ]
            chooser = w.linear_layout(
                [w.text_view("Select image source", "android:id/title", height=150), *entries],
                weight=0,
            )
            windows.append(
                Window(root=chooser, kind="sheet", on_dismiss=w.bind(self._source, False))
            )
        return windows

    def _open_chooser(self, ctx: AppContext) -> None:
        ctx.ui["dialog"]["chooser"] = True

    def _simulator(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        cards = self._cards(ctx)
        screen = ui["screen"]
        if screen == "splash":
            saved = ctx.data["saved"].get(ctx.extras.get("file", ""), ["", ""])
            inner = w.linear_layout(
                [
                    w.image_view(height=250),
                    w.text_view(FLASH_TITLE, "intro_text", height=150),
                    w.text_view(saved[0], "title", height=120),
                    w.text_view("by", height=80),
                    w.text_view(saved[1], "author_name", height=100),
                    w.button("enter", "ENTER", lambda c: self._show(c, "main")),
                ],
                weight=0,
            )
        elif screen == "main":
            inner = self._flash_main(ctx, cards)
        else:
            inner = w.scroll_view(
                [
                    w.linear_layout(
                        [
                            self._sim_toolbar("toolbar_main", None),
                            w.text_view(
                                "Hurrah! You have completed.\nThat was the last card!",
                                "text",
                                height=300,
                            ),
                            w.button("exit", "EXIT", w.finish),
                            w.button("restart", "RESTART", lambda c: self._show(c, "main")),
                        ]
                    )
                ]
            )
        frame = w.relative_layout(
            [w.frame_layout([inner], rid="container"), w.image_view("imageView3", height=60)]
        )
        bar = w.toolbar(
            "Simulator", navigation=w.up_button(), cls="android.support.v7.widget.Toolbar"
        )
        windows = []
        if ui["about"]:
            windows.append(
                w.confirm_dialog(
                    "About Us",
                    "This application has been developed using the BuildmLearn Toolkit.",
                    ("OK", lambda c: c.ui.update(about=False)),
                    None,
                    lambda c: c.ui.update(about=False),
                )
            )
        return Screen(content=w.linear_layout([bar, frame]), windows=windows)

    def _sim_toolbar(self, rid: str, navigation: View | None) -> View:
        about = w.action_item("action_about", "About", lambda c: c.ui.update(about=True))
        return w.toolbar(
            self.main_title,
            navigation=navigation,
            actions=[about],
            rid=rid,
            cls="android.support.v7.widget.Toolbar",
        )

    def _flash_main(self, ctx: AppContext, cards: list[list[str]]) -> View:
        ui = ctx.ui
        number = ui["card"]
        question, answer, hint = cards[number - 1]
        toggle = w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True))
        face = (
            w.image_view("questionimage", height=600)
            if ui["face"] == 0
            else w.text_view(answer, "answertext", height=600)
        )
        main = w.linear_layout(
            [
                self._sim_toolbar("toolbar", toggle),
                w.text_view(f"Card #{number} of {len(cards)}", "intro_number", height=100),
                w.text_view(question, "question", height=120),
                w.linear_layout(
                    [
                        View(
                            cls="android.support.v4.view.ViewPager",
                            resource_id="viewpagerflash",
                            children=[w.frame_layout([face], rid="cardview")],
                        )
                    ],
                    rid="flashcardfragmentcontainer",
                    height=620,
                ),
                w.text_view(f"Hint : {hint}", "hint", height=100),
                w.linear_layout(
                    [
                        w.button(
                            "previous",
                            "PREVIOUS",
                            lambda c: self._show(c, "main", number - 1),
                            enabled=number != 1,
                        ),
                        w.button("flip", "FLIP", lambda c: c.ui.update(face=1 - c.ui["face"])),
                        w.button("next", "NEXT", self._next),
                    ],
                    horizontal=True,
                    height=150,
                ),
            ]
        )
        drawer = None
        if ui["drawer"]:
            entries = [
                w.drawer_entry(f"Flash Card {i}", w.bind(self._show, "main", i))
                for i in range(1, len(cards) + 1)
            ]
            drawer = View(
                cls="android.support.design.widget.NavigationView",
                resource_id="nav_view",
                width=700,
                gravity="start",
                children=[
                    w.image_view(height=300),
                    w.text_view("Flash Cards", height=110),
                    *entries,
                ],
            )
        return w.drawer_layout(main, drawer, cls="android.support.v4.widget.DrawerLayout")


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    BUG: [
        # ENTER left out: the splash says "Learn with FlashCards".
        [*_startup(), *_open_editor(), *TITLE, *_add_card(), SIMULATE],
        # No picture attached: the card is refused ("Attach an image"), the dialog cancelled,
        # then "Simulate" builds nothing (no data).
        [
            *_startup(),
            *_open_editor(),
            *TITLE,
            *_add_card(picture=False),
            click(PACKAGE, "android:id/button2", "Cancel"),
            SIMULATE,
        ],
        # The template name left out: "Title is required", no simulator.
        [*_startup(), *_open_editor(), *_add_card(), SIMULATE],
        # "Save Template" / "Save Project" instead of "Simulate".
        [
            *_startup(),
            *_open_editor(),
            *TITLE,
            *_add_card(),
            click(PACKAGE, "action_save", desc="Save Template"),
            click(PACKAGE, "android:id/text1", "Save Project"),
        ],
    ],
}
