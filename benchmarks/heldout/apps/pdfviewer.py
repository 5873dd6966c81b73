"""Pdf Viewer Plus (JavaCafe01/PdfViewer, package ``com.gsnathan.pdfviewer``) version 3.5, modelled
from the sources at tag ``v3.5`` (commit ``a2bb9e5``, 2021-01-29): ``MainActivity.java`` (an
AndroidAnnotations ``@EActivity``, so the manifest's activity is the generated
``MainActivity_``), ``MainIntroActivity.java``, ``AboutActivity.java``, ``SettingsActivity.java``,
``Utils.java``, ``activity_main.xml``, ``activity_about.xml``, ``menu/menu.xml``,
``menu/fab_menu.xml``, ``xml/preferences.xml``, ``values/strings.xml`` and
``AndroidManifest.xml``; the libraries' screens from their own sources: AppIntro 5.1.0
(``appintro_intro_layout.xml``, ``appintro_fragment_intro*.xml``, ``AppIntroBase.java``) and
WhatsNew (``whatsnew_main.xml``, ``whatsnew_item_ios.xml``).

First run, as ``MainActivity.onCreate`` orders it: ``onFirstInstall`` starts the AppIntro
(three slides, swipe locked by ``askForPermissions(..., 3)``, no SKIP; DONE on the third slide
asks for the storage permissions, and the answer finishes the intro), ``onFirstUpdate`` shows
the "Change Log" WhatsNew dialog ("Continue"), then, with no document in the intent,
``pickFile`` launches the system's document picker (``ACTION_OPEN_DOCUMENT``, PDFs only), which
comes up on top of both. Picking a file calls ``openSelectedDocument``: the first document is
shown in the ``PDFView`` and the title reads ``"<name>  <page> / <pages>"``.

Bug PdfViewer#93 (non-crash): rotating the device while a PDF is shown loses it and asks for a
PDF again. ``MainActivity.onCreate`` assigns ``uri = readUriFromIntent(getIntent())``
unconditionally; the ``@NonConfigurationInstance`` field ``uri`` that AndroidAnnotations
restored just before (in the generated ``MainActivity_.init_``, ahead of ``super.onCreate``)
is overwritten with the launcher intent's null data, so ``pickFile()`` opens the picker again and
``afterViews`` displays nothing (fixed by commit ``eed18eb``, "Fix state not being preserved
after rotation in some cases", merged with PR #92). The oracle reads the retained state: an
activity re-creation found a document shown and left none shown.

Fixed data: the device's storage holds one PDF, ``Download/sample.pdf`` (3 pages, title
"Sample PDF", author "Pdf Author", created "D:20210101120000"), the only file the picker lists.

Stubs: the system document picker (DocumentsUI, another package) is a small screen in this
model listing the Download folder ("Show roots" does nothing); Share File and Print File start
the system chooser / print UI, which are not modelled (the intent is only logged); the About
page's links, Email and Github leave the app (logged only); "Open Source Libraries" shows its
dialog title and a plain list of the library names; Change Theme opens Cyanea's settings screen
as a stub showing its preference rows (tapping them does nothing). The second-document case of
``openSelectedDocument`` (a new ``MainActivity_`` started with the document) shares the
retained state with the first instance (one ``retained`` record).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click
from device_agent.virtual.views import Screen, View, Window

PKG = "com.gsnathan.pdfviewer"
MAIN = ".MainActivity_"
INTRO = ".MainIntroActivity"
ABOUT = ".AboutActivity"
SETTINGS = ".SettingsActivity"
THEME = "com.jaredrummler.cyanea.prefs.CyaneaSettingsActivity"
PICKER = "com.android.documentsui.picker.PickActivity"
VERSION = "3.5"
STORAGE = "android.permission.READ_EXTERNAL_STORAGE"

# MainIntroActivity's slides (title, description), strings.xml.
SLIDES = (
    ("Pdf Viewer Plus", "A simple Pdf document viewer."),
    (
        "Freedom",
        "Of course this app is open source. You always have the privilege to make your own "
        "modifications to this app. The source code link is in the about section.",
    ),
    (
        "Storage Permissions",
        "Of course this app needs permission to access the phone's storage. Please click on the "
        "button and allow the app the to read the phone's storage. Without it, the app will not "
        "work properly.",
    ),
)
# Utils.showLog: the WhatsNew items of 3.5.
CHANGELOG = (("Bugs", "A bunch of bug fixes."), ("Scroll", "Lots of scrolling improvements"))
# fab_menu.xml in orderInCategory order: (id, title).
BOTTOM_ITEMS = (
    ("pickFile", "Pick File"),
    ("shareFile", "Share File"),
    ("unlockFile", "Unlock Secure PDF"),
    ("metaFile", "File Info"),
    ("printFile", "Print File"),
)
# preferences.xml: (key, title, summary, default), with the categories' titles between.
PREFERENCES: tuple[tuple[str, str, str, bool] | str, ...] = (
    (
        "show_in_launcher",
        "Show app in launcher",
        "You may need to restart your launcher for this option to take effect",
        True,
    ),
    "Quality",
    ("quality_pref", "High Quality Rendering", "", False),
    ("alias_pref", "Anti-Aliasing", "", True),
    "Scrolling",
    ("scroll_pref", "Horizontal Scrolling", "", False),
    ("snap_pref", "Page Snap", "Center the view on the current page after each swipe", False),
    (
        "fling_pref",
        "Page Fling",
        "Perform a quick swipe to jump directly to the next page",
        False,
    ),
)
LIBRARIES = (
    "AttributionPresenter",
    "Android PdfViewer",
    "AndroidAnnotations",
    "AppIntro",
    "Android Open Source Project",
    "Android Support Libraries",
    "Material Design Icons",
    "WhatsNew",
    "Cyanea",
)


def document_lost_on_rotation(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of PdfViewer#93: a re-creation of MainActivity (a configuration change)
    found a document displayed and the new instance displays none (it asked for a file again)."""
    recreated: dict[str, Any] = data.get("last_recreation") or {}
    return bool(recreated.get("before")) and not recreated.get("after")


class PdfViewer(VirtualApp):
    """Pdf Viewer Plus 3.5: the PDF screen with its bottom bar, the intro, About, Settings."""

    name: ClassVar[str] = "PdfViewer"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "Pdf Viewer Plus"
    version: ClassVar[str] = VERSION
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "PdfViewer#93",
            "non-crash",
            "Changing the device orientation exits the PDF and asks for a PDF again",
            document_lost_on_rotation,
            human_steps=(
                click(PKG, "android:id/title", "sample.pdf"),
                click(PKG, "next"),
                click(PKG, "next"),
                click(PKG, "done", "DONE"),
                allow_permission(PKG),
                click(PKG, "button", "Continue"),
                {"kind": "rotate", "orientation": "landscape"},
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        prefs: dict[str, Any] = {"FIRSTINSTALL": True, VERSION: True}
        prefs.update({p[0]: p[3] for p in PREFERENCES if not isinstance(p, str)})
        return {
            "prefs": prefs,
            # The device's storage (fixed data): the PDFs the picker can offer.
            "files": [
                {
                    "name": "sample.pdf",
                    "uri": "content://com.android.providers.downloads.documents/document/msf%3A21",
                    "pages": 3,
                    "size": "24 kB",
                    "title": "Sample PDF",
                    "author": "Pdf Author",
                    "created": "D:20210101120000",
                }
            ],
            # MainActivity's @NonConfigurationInstance fields (uri, pageNumber, pdfPassword):
            # process memory that survives a configuration change.
            "retained": {"uri": None, "page": 0, "password": None},
            "shown": None,  # the document the PDFView displays (its uri)
            "file_name": "",  # pdfFileName
            "last_recreation": None,  # {"before": uri shown, "after": uri shown}
            "launcher_alias": True,
            "external": [],  # intents that left the app (share, print, links)
        }

    # -- helpers ------------------------------------------------------------------------------
    def _file(self, ctx: AppContext, uri: str | None) -> dict[str, Any] | None:
        return next((f for f in ctx.data["files"] if f["uri"] == uri), None)

    def _external(self, ctx: AppContext, what: str) -> None:
        ctx.data["external"].append(what)
        ctx.log("ActivityTaskManager", f"START u0 {{{what}}}", "I")

    # -- lifecycle ----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            self._main_on_create(ctx)
        elif ctx.activity == INTRO:
            ctx.ui.setdefault("slide", 0)  # the ViewPager restores its page
            # askForPermissions(..., 3) in every onCreate: a request bound to the third slide.
            ctx.ui["permissions_pending"] = True

    def _main_on_create(self, ctx: AppContext) -> None:
        recreated = bool(ctx.ui.get("recreated"))
        before = ctx.data["shown"] if recreated else None
        if not recreated:
            # A new instance: its fields start empty.
            ctx.data["retained"] = {"uri": None, "page": 0, "password": None}
        # MainActivity_.init_ restored the retained fields (data["retained"]) before this.
        ctx.ui["recreated"] = False
        ctx.ui.setdefault("whatsnew", False)
        prefs = ctx.data["prefs"]
        if prefs.get("FIRSTINSTALL", True):  # onFirstInstall
            ctx.start_activity(INTRO)
            prefs["FIRSTINSTALL"] = False
        if prefs.get(VERSION, True):  # onFirstUpdate: Utils.showLog
            ctx.ui["whatsnew"] = True
            prefs[VERSION] = False
        self._read_uri_from_intent(ctx)
        if ctx.data["retained"]["uri"] is None:
            self._pick_file(ctx)
        # afterViews: a new PDFView shows the document only if displayFromUri runs again.
        ctx.data["shown"] = None
        ctx.data["file_name"] = ""
        if ctx.data["retained"]["uri"] is not None:
            self._display_from_uri(ctx, ctx.data["retained"]["uri"])
        if recreated:
            ctx.data["last_recreation"] = {"before": before, "after": ctx.data["shown"]}

    def _read_uri_from_intent(self, ctx: AppContext) -> None:
        """``uri = readUriFromIntent(getIntent())``: the bug, the retained uri is overwritten
        by the intent's data (null when launched from the launcher)."""
        ctx.data["retained"]["uri"] = ctx.extras.get("uri")

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        saved = dict(ctx.ui)
        if ctx.activity == MAIN:
            # The fragments (the WhatsNew dialog, File Info) are restored; menus are not.
            saved = {
                "recreated": True,
                "whatsnew": ctx.ui.get("whatsnew", False),
                "meta": ctx.ui.get("meta", False),
            }
        return saved

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            return any(w.dismiss(ctx.ui, k) for k in ("menu", "whatsnew", "meta", "unlock"))
        if ctx.activity == ABOUT:
            return w.dismiss(ctx.ui, "whatsnew") or w.dismiss(ctx.ui, "libraries")
        if ctx.activity == INTRO:
            # AppIntroBase.onBackPressed: previous slide, or finish on the first one.
            if ctx.ui["slide"] > 0:
                ctx.ui["slide"] -= 1
                return True
            return False
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == MAIN and ctx.data["shown"] and not self._main_window_open(ctx):
            file = self._file(ctx, ctx.data["shown"])
            if file is None:
                return False
            retained = ctx.data["retained"]
            horizontal = ctx.data["prefs"]["scroll_pref"]
            forward, backward = ("left", "right") if horizontal else ("up", "down")
            if direction == forward and retained["page"] < file["pages"] - 1:
                retained["page"] += 1
                return True
            if direction == backward and retained["page"] > 0:
                retained["page"] -= 1
                return True
        # The intro's swipe is locked (setSwipeLock(true) by askForPermissions).
        return False

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity == INTRO:
            # AppIntroBase.onRequestPermissionsResult: the next slide is the last: changeSlide
            # (true), i.e. onDonePressed, which finishes the intro.
            ctx.finish()

    # -- MainActivity -------------------------------------------------------------------------
    def _pick_file(self, ctx: AppContext) -> None:
        ctx.start_activity(PICKER)

    def _display_from_uri(self, ctx: AppContext, uri: str) -> None:
        file = self._file(ctx, uri)
        ctx.data["file_name"] = file["name"] if file else uri.rsplit("/", 1)[-1]
        ctx.data["shown"] = uri if file else None

    def _open_selected_document(self, ctx: AppContext, uri: str | None) -> None:
        """The document picker's result (``openSelectedDocument``)."""
        if uri is None:
            return
        if ctx.data["retained"]["uri"] is None:
            ctx.data["retained"]["uri"] = uri
            ctx.data["retained"]["page"] = 0
            self._display_from_uri(ctx, uri)
        else:
            ctx.start_activity(MAIN, {"uri": uri})

    def _bottom_item(self, ctx: AppContext, item: str) -> None:
        has_uri = ctx.data["retained"]["uri"] is not None
        if item == "pickFile":
            self._pick_file(ctx)
        elif item == "metaFile" and has_uri:
            if ctx.data["shown"]:  # pdfView.getDocumentMeta() is null until loaded
                ctx.ui["meta"] = True
        elif item == "unlockFile" and has_uri:
            ctx.ui["unlock"] = True
            ctx.ui["password"] = ""
        elif item == "shareFile" and has_uri:
            self._external(ctx, "act=android.intent.action.CHOOSER (Share File)")
        elif item == "printFile" and has_uri:
            self._external(ctx, "print job " + ctx.data["file_name"])

    def _menu(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item == "about":
            ctx.start_activity(ABOUT)
        elif item == "theme":
            ctx.start_activity(THEME)
        elif item == "settings":
            ctx.start_activity(SETTINGS, {"uri": ctx.data["retained"]["uri"]})

    def _unlock_ok(self, ctx: AppContext) -> None:
        ctx.ui["unlock"] = False
        ctx.data["retained"]["password"] = ctx.ui.get("password", "")
        if ctx.data["retained"]["uri"] is not None:
            self._display_from_uri(ctx, ctx.data["retained"]["uri"])

    def _main_window_open(self, ctx: AppContext) -> bool:
        return any(ctx.ui.get(k) for k in ("menu", "whatsnew", "meta", "unlock"))

    def _main_title(self, ctx: AppContext) -> str:
        file = self._file(ctx, ctx.data["shown"])
        if file is None:
            return ""
        page = ctx.data["retained"]["page"]
        return f"{ctx.data['file_name']}  {page + 1} / {file['pages']}"

    def _render_main(self, ctx: AppContext) -> Screen:
        title = self._main_title(ctx)
        bar = w.toolbar(
            title,
            rid="action_bar",
            actions=[w.overflow_button(lambda c: c.ui.update(menu=True))],
        )
        pdf_children: list[View] = []
        if ctx.data["shown"]:
            # DefaultScrollHandle: the page number bubble at the edge.
            pdf_children.append(
                View(
                    cls="android.widget.RelativeLayout",
                    width=170,
                    height=120,
                    children=[w.text_view(str(ctx.data["retained"]["page"] + 1))],
                )
            )
        pdf = View(
            cls="com.github.barteksc.pdfviewer.PDFView",
            resource_id="pdfView",
            scrollable=bool(ctx.data["shown"]),
            children=pdf_children,
        )
        bottom = View(
            cls="com.google.android.material.bottomnavigation.BottomNavigationView",
            resource_id="bottomNavigation",
            layout="horizontal",
            height=147,
            children=[
                View(
                    cls="com.google.android.material.bottomnavigation.BottomNavigationItemView",
                    resource_id=rid,
                    content_desc=item_title,
                    on_click=w.bind(self._bottom_item, rid),
                    children=[View(cls="android.widget.ImageView", resource_id="icon")],
                )
                for rid, item_title in BOTTOM_ITEMS
            ],
        )
        content = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            children=[bar, pdf, bottom],
        )
        return Screen(content=content, windows=self._main_windows(ctx))

    def _main_windows(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        if ctx.ui.get("whatsnew"):
            windows.append(self._whatsnew_window("whatsnew"))
        if ctx.ui.get("meta"):
            file = self._file(ctx, ctx.data["shown"]) or {}
            message = "\n".join(
                (
                    f"Title: {file.get('title', '')}",
                    f"Author: {file.get('author', '')}",
                    f"Creation Date: {file.get('created', '')}",
                )
            )
            windows.append(
                w.confirm_dialog(
                    "File Info",
                    message,
                    ("Ok", lambda c: c.ui.update(meta=False)),
                    None,
                    lambda c: c.ui.update(meta=False),
                )
            )
        if ctx.ui.get("unlock"):
            field = View(
                cls="android.widget.EditText",
                text=ctx.ui.get("password", ""),
                password=True,
                on_text=lambda c, t: c.ui.update(password=t),
            )
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Password"),
                    [field],
                    [w.dialog_button("android:id/button1", "Ok", self._unlock_ok)],
                    lambda c: c.ui.update(unlock=False),
                )
            )
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Change Theme", w.bind(self._menu, "theme")),
                        ("Settings", w.bind(self._menu, "settings")),
                        ("About", w.bind(self._menu, "about")),
                    ],
                    lambda c: c.ui.update(menu=False),
                )
            )
        return windows

    def _whatsnew_window(self, key: str) -> Window:
        """The WhatsNew DialogFragment (``whatsnew_main.xml``): "Change Log", the items and the
        "Continue" button, which dismisses it."""
        items = [
            View(
                cls="android.widget.LinearLayout",
                resource_id="root",
                layout="horizontal",
                height=200,
                children=[
                    View(cls="android.widget.ImageView", resource_id="itemImageView", width=150),
                    View(
                        cls="android.widget.LinearLayout",
                        children=[
                            w.text_view(title, "itemTitleTextView"),
                            w.text_view(content, "itemContentTextView"),
                        ],
                    ),
                ],
            )
            for title, content in CHANGELOG
        ]
        root = View(
            cls="android.widget.RelativeLayout",
            resource_id="root",
            children=[
                w.text_view("Change Log", "titleTextView", height=250),
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="itemsRecyclerView",
                    children=items,
                ),
                w.button("button", "Continue", lambda c: c.ui.update({key: False}), height=147),
            ],
        )
        return Window(root=root, on_dismiss=lambda c: c.ui.update({key: False}))

    # -- the system document picker (stub) ----------------------------------------------------
    def _pick(self, ctx: AppContext, uri: str) -> None:
        ctx.finish()
        self._open_selected_document(ctx, uri)

    def _render_picker(self, ctx: AppContext) -> Screen:
        rows = [
            w.document_row(f["name"], w.bind(self._pick, f["uri"]), size=f["size"])
            for f in ctx.data["files"]
        ]
        return Screen(content=w.document_picker(rows))

    # -- MainIntroActivity (AppIntro 5.1.0) ---------------------------------------------------
    def _intro_next(self, ctx: AppContext) -> None:
        ctx.ui["slide"] = min(ctx.ui["slide"] + 1, len(SLIDES) - 1)

    def _intro_done(self, ctx: AppContext) -> None:
        # checkAndRequestPermissions: current item + 1 == 3, the slide the request is bound to.
        if ctx.ui.get("permissions_pending"):
            ctx.ui["permissions_pending"] = False
            ctx.request_permission(STORAGE)
            return
        ctx.finish()  # changeSlide(true): onDonePressed

    def _render_intro(self, ctx: AppContext) -> Screen:
        slide = ctx.ui["slide"]
        title, description = SLIDES[slide]
        last = slide == len(SLIDES) - 1
        page = View(
            cls="android.widget.LinearLayout",
            resource_id="main",
            children=[
                w.text_view(title, "title", height=200),
                View(cls="android.widget.ImageView", resource_id="image", height=700),
                w.text_view(description, "description", height=300),
            ],
        )
        indicator = View(
            cls="android.widget.FrameLayout",
            resource_id="indicator_container",
            children=[
                View(
                    cls="android.widget.LinearLayout",
                    layout="horizontal",
                    children=[
                        View(cls="android.widget.ImageView", width=40, selected=i == slide)
                        for i in range(len(SLIDES))
                    ],
                )
            ],
        )
        advance = (
            w.button("done", "DONE", self._intro_done, width=300)
            if last
            else w.image_button("next", "", self._intro_next, width=300)
        )
        return Screen(
            content=w.intro_pager(
                page, skip=None, indicator=indicator, advance=advance, bottom_rid="bottom"
            ),
        )

    # -- AboutActivity ------------------------------------------------------------------------
    def _render_about(self, ctx: AppContext) -> Screen:
        def row(rid: str, text: str, handler: Any) -> View:
            return w.text_view(text, rid, on_click=handler, height=150)

        def link(what: str) -> Any:
            return lambda c: self._external(c, what)

        rows = [
            View(
                cls="android.widget.LinearLayout",
                children=[
                    View(cls="android.widget.ImageView", height=190),
                    w.text_view("Pdf Viewer Plus", height=120),
                    w.text_view(f"Version {VERSION}", "versionTextView", height=100),
                ],
            ),
            w.text_view("App Info", height=140),
            row("introView", "Replay Intro", lambda c: c.start_activity(INTRO)),
            row("changeView", "Change Log", lambda c: c.ui.update(whatsnew=True)),
            row("licenseView", "License", link("act=android.intent.action.VIEW LICENSE")),
            row("privacyView", "Privacy Policy", link("act=android.intent.action.VIEW privacy")),
            row("codeView", "Source Code", link("act=android.intent.action.VIEW source")),
            row("libView", "Open Source Libraries", lambda c: c.ui.update(libraries=True)),
            w.text_view("Author Info", height=140),
            row("emailView", "Email", link("act=android.intent.action.CHOOSER email")),
            row("gitView", "Github", link("act=android.intent.action.VIEW github")),
        ]
        bar = w.toolbar("About", navigation=w.up_button(), rid="action_bar")
        content = w.linear_layout([bar, w.scroll_view([w.linear_layout(rows)], rid="scrollView")])
        windows: list[Window] = []
        if ctx.ui.get("whatsnew"):
            windows.append(self._whatsnew_window("whatsnew"))
        if ctx.ui.get("libraries"):
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Open Source Libraries"),
                    [w.text_view(name, height=110) for name in LIBRARIES],
                    [],
                    lambda c: c.ui.update(libraries=False),
                )
            )
        return Screen(content=content, windows=windows)

    # -- SettingsActivity ---------------------------------------------------------------------
    def _toggle_pref(self, ctx: AppContext, key: str) -> None:
        prefs = ctx.data["prefs"]
        prefs[key] = not prefs[key]
        if key == "show_in_launcher":
            ctx.data["launcher_alias"] = prefs[key]

    def _reload(self, ctx: AppContext) -> None:
        # reopenDocumentInNewTask: MainActivity_ with the document as its data.
        ctx.start_activity(MAIN, {"uri": ctx.extras.get("uri")})

    def _render_settings(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]
        rows: list[View] = []
        for entry in PREFERENCES:
            if isinstance(entry, str):
                rows.append(w.preference_category(entry))
                continue
            key, title, summary, _ = entry
            rows.append(
                w.preference(
                    title,
                    summary,
                    w.bind(self._toggle_pref, key),
                    widget=w.switch_widget(bool(prefs[key])),
                )
            )
        if ctx.extras.get("uri"):
            rows.append(
                w.preference(
                    "Reload PDF",
                    "In order to make changes, the PDF must be reloaded.",
                    self._reload,
                )
            )
        listing = View(cls="android.widget.ListView", resource_id="android:id/list", children=rows)
        bar = w.toolbar("Settings", navigation=w.up_button(), rid="action_bar")
        return Screen(content=w.linear_layout([bar, listing]))

    # -- Cyanea's theme settings (stub) -------------------------------------------------------
    def _render_theme(self, ctx: AppContext) -> Screen:
        rows = [
            w.preference_category("Appearance"),
            w.preference("Themes", "Select a pre-installed theme", None),
            w.preference("Primary color", "Displayed most frequently across your app.", None),
            w.preference("Accent color", "Accents select parts of the UI.", None),
            w.preference("Background color", "The underlying color of the app’s content.", None),
            w.preference(
                "Navigation bar color",
                "Apply the primary color to the navigation bar",
                None,
                widget=w.switch_widget(False),
            ),
        ]
        listing = View(cls="android.widget.ListView", resource_id="android:id/list", children=rows)
        bar = w.toolbar("Change Theme", navigation=w.up_button(), rid="action_bar")
        return Screen(content=w.linear_layout([bar, listing]))

    # -- render -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PICKER:
            return self._render_picker(ctx)
        if ctx.activity == INTRO:
            return self._render_intro(ctx)
        if ctx.activity == ABOUT:
            return self._render_about(ctx)
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        if ctx.activity == THEME:
            return self._render_theme(ctx)
        return self._render_main(ctx)


_STEPS = PdfViewer.bugs[0].human_steps
_PICK, _NEXT, _DONE, _ALLOW, _CONTINUE, _ROTATE = (
    _STEPS[0],
    _STEPS[1],
    _STEPS[3],
    _STEPS[4],
    _STEPS[5],
    _STEPS[6],
)
_FIRST_RUN_AFTER_PICK = [_NEXT, _NEXT, _DONE, _ALLOW, _CONTINUE]

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "PdfViewer#93": [
        # The rotation left out: the document stays.
        [_PICK, *_FIRST_RUN_AFTER_PICK],
        # The picker cancelled (Back) instead of choosing the PDF, then the rotation: there was
        # no document to lose.
        [{"kind": "press_back"}, *_FIRST_RUN_AFTER_PICK, _ROTATE],
        # The overflow menu's About opened instead of rotating.
        [
            _PICK,
            *_FIRST_RUN_AFTER_PICK,
            click(PKG, desc="More options"),
            click(PKG, "title", "About"),
        ],
    ],
}
