"""AnkiDroid (``com.ichi2.anki``), the flashcard app: Anki-Android#5638 and #5753 (2.9.1),
#4977 (2.9alpha), #4707 (2.9alpha4), #4586 (2.8.2), #6432 (2.11.0) and #10584 (2.16alpha52).

Modelled from the sources at the tags ``v2.9.1``, ``v2.9alpha35`` (the "current alpha" of
#4977: its Play pre-launch report names version code 20900135), ``v2.9alpha4``, ``v2.8.2``,
``v2.11.0`` and ``v2.16alpha52``, under ``AnkiDroid/src/main`` (also ``multimediacard/``,
``async/CollectionTask.java`` for 2.11.0 and, for 2.16, ``dialogs/DeckPickerContextMenu.kt``,
``dialogs/CreateDeckDialog.kt``, ``DeckOptions.java``, ``themes/Themes.kt``):
``DeckPicker.java`` (``firstCollectionOpen``, ``onRequestPermissionsResult``,
``configureFloatingActionsMenu``, ``handleDeckSelection``), ``NavigationDrawerActivity.java``,
``NoteEditor.java`` (``populateEditFields``, ``initFieldEditText``, ``duplicateCheck``,
``saveNote``, ``mSaveFactHandler``, ``showDiscardChangesDialog``), ``CardBrowser.java``
(``onCollectionLoaded``, ``updateSearchItemQA``, ``formatQA``, the search task's
``onPostExecute``), ``async/DeckTask.java`` (``doInBackgroundSearchCards``,
``doInBackgroundAddNote``), ``libanki/Utils.java`` (``stripHTML``, ``stripHTMLMedia``,
``entsToTxt``, ``fieldChecksum``), ``libanki/Note.java`` (``dupeOrEmpty``, ``flush``), the
layouts ``homescreen.xml``, ``deck_picker.xml``, ``deck_item.xml``, ``floating_add_button.xml``,
``toolbar.xml``, ``note_editor.xml``, ``card_multimedia_editline.xml``, ``card_browser.xml``,
``card_item_browser.xml``, the menus ``deck_picker.xml``, ``navigation_drawer.xml``,
``note_editor.xml``, ``card_browser.xml``, ``popupmenu_multimedia_options.xml`` and
``res/values`` (strings, plurals, arrays):

- first start (Android 6+): the deck list asks for ``WRITE_EXTERNAL_STORAGE`` (the collection
  lives in ``/sdcard/AnkiDroid``); refused, it toasts "AnkiDroid directory is inaccessible" and
  closes. A fresh install has no changelog (``lastVersion`` is only written) and a collection
  with the one deck "Default" and no cards. The launcher's ``IntentHandler`` forwards to
  ``DeckPicker`` at once; the model launches ``DeckPicker`` directly;
- the deck list (``DeckPicker``): the drawer toggle ("Open drawer"), the title "AnkiDroid" and
  subtitle "N cards due (0 min)" (``Sched.eta`` is 0 without review history), Synchronization
  ``action_sync`` and the overflow (Create filtered deck, Check database, Check media, Empty
  cards, Restore from backup, Manage note types, Import, Export collection: stubs), the
  RecyclerView ``files`` of decks (``DeckPickerHoriz``: ``deckpicker_name``,
  ``deckpicker_new``/``lrn``/``rev``), the ``today_stats_text_view`` and the
  FloatingActionsMenu ``add_content_menu``:
  ``fab_expand_menu_button`` shows ``add_deck_action`` (Create deck, a stub),
  ``add_shared_action`` (Get shared decks: opens the web browser, outside the model) and
  ``add_note_action`` (Add). Tapping a deck with cards opens the reviewer; an empty one says
  "This deck is empty. Press the + button to add new content.";
- the drawer (``navdrawer_items_container``): Decks, Card browser, Statistics, Night mode,
  Settings, Help, Send feedback (Statistics and Settings open stub screens, the others do
  nothing);
- the note editor (``NoteEditor``, "Add note"): Navigate up, Save ``action_save``, the overflow
  (Copy card, disabled), "Type:" ``note_type_spinner`` (Basic), "Deck:" ``note_deck_spinner``
  (Default), per field of the Basic type (Front, Back) the label and a
  ``card_multimedia_editline`` (``id_note_editText`` and ``id_media_button`` "Attach multimedia
  content to the Front field", whose popup "Add image"... is a stub), ``CardEditorTagText``
  "Tags: " and ``CardEditorCardsText`` "Cards: Card 1". Save adds the note ("1 card added", the
  fields are cleared; an empty Front: "Error saving note"); Back with input asks "Close and lose
  current input?" (OK/CANCEL);
- the card browser (``CardBrowser``): the drawer toggle, the deck spinner ``toolbar_spinner``
  (``dropdown_deck_name`` "Default" over ``dropdown_deck_counts`` "1 card shown"), Add note
  ``action_add_card_from_card_browser``, Search ``action_search``, the overflow (stubs), the
  column spinners ``browser_column1_spinner`` (Question) and ``browser_column2_spinner``
  (Answer), and the ListView ``card_browser_list`` of rows ``card_item_browser``
  (``card_sfld``, ``card_column2``) rendered by ``formatQA``;
- the reviewer (``Reviewer``): the card's question in the ``flashcard`` WebView, Show answer
  ``flip_card``, then the answer and Again/Hard/Good/Easy ``ease1``-``ease4`` (the card leaves
  the queue).

Fields are stored as the EditText holds them: AnkiDroid 2.9 writes the typed text into the note
as HTML, unescaped. Rendering for display strips tags (``<...>``) and unescapes entities
(``entsToTxt`` hands each ``&name;`` to ``Html.fromHtml`` and the result to
``Matcher.appendReplacement``).

- "Add image" in a field's media popup opens ``MultimediaEditFieldActivity`` ("Editing field":
  Text ``multimedia_edit_field_to_text``, Audio, Done; ``BasicImageFieldController``'s preview,
  Gallery and Camera buttons). From 2.9alpha5 on it first asks for ``CAMERA`` and hides Camera
  without it; Gallery and Camera open other apps (outside the model).

The other versions are subclasses: :class:`AnkiDroid29Alpha` (``v2.9alpha35``: the support
library's class names, the popup's Cloze deletion), :class:`AnkiDroid29Alpha4` and
:class:`AnkiDroid282` (no camera permission asked; 2.8.2's popup has no Cloze deletion),
:class:`AnkiDroid2110` (the note type spinner, editing from the browser and its multi-select
mode, see its docstring) and :class:`AnkiDroid216Alpha52` (its own deck list). From 2.10alpha20
on ``entsToTxt`` quotes the replacement (#5638 fixed).

The bugs:

- Anki-Android#5638 (crash): an entity that unescapes to a backslash (``&bsol;``, ``&#92;``,
  ``&#x5c;``) makes ``appendReplacement`` read the backslash as an escape with nothing after it:
  ``java.lang.ArrayIndexOutOfBoundsException``. Typed into the first field, the editor's
  duplicate check (on every change of the first field) crashes; in another field the note saves,
  and the card browser's search task crashes rendering it (a ``RuntimeException`` from
  ``doInBackground()`` caused by it), at every later opening of the browser.
- Anki-Android#5753 (non-crash): text typed between "<" and ">" ("Hello <name>") is saved as an
  HTML tag, so the card shows "Hello" in the browser and the reviewer. The oracle: a saved note
  has a field with a bracketed word that is no HTML formatting tag.
- Anki-Android#4977 (crash, 2.9alpha): the card browser's search task reads the SearchView that
  ``onCreateOptionsMenu`` creates; with an empty collection the search is done before the menu
  exists: ``NullPointerException`` on ``SearchView.isIconified()`` (fixed in 2.9alpha36 by a null
  check). With cards the search ends after the menu is created.
- Anki-Android#4586 (2.8.2) and #4707 (2.9alpha4), crashes: Camera puts ``Uri.fromFile`` of a
  temporary file in Pictures into the capture intent; on Android 7 StrictMode throws
  ``android.os.FileUriExposedException`` (fixed in 2.9alpha5 with a ``FileProvider``; the file
  name's timestamp and random part are fixed in the model).
- Anki-Android#6432 (2.11.0, crash): in the card browser's multi-select mode, "Edit note" and a
  note type change crash the browser's selection check when the editor returns (see
  :class:`AnkiDroid2110`). The human steps use a stock note type instead of the report's
  cloned ones (the model has no note type manager: Manage note types is a stub).
- Anki-Android#10584 (2.16alpha52, crash): ``DeckOptions`` stops the app at every opening
  (``Themes.setThemeLegacy`` before ``super.onCreate``, fixed in f98bb88 by using the
  application context). A fresh collection shows "Collection is empty", so a deck is created
  first and its long-press menu's "Deck options" opened.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, crashed, input_text, long_click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.ichi2.anki"
DECKS = ".DeckPicker"
EDITOR = ".NoteEditor"
BROWSER = ".CardBrowser"
REVIEWER = ".Reviewer"
STATISTICS = ".Statistics"
SETTINGS = ".Preferences"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
ALLOW = "com.android.permissioncontroller:id/permission_allow_button"
OPEN_DRAWER = "Open drawer"  # R.string.drawer_open, the ActionBarDrawerToggle's description
INACCESSIBLE = "AnkiDroid directory is inaccessible"
EMPTY_DECK = "This deck is empty. Press the + button to add new content."
DISCARD = "Close and lose current input?"
SHARED_DECKS_URL = "https://ankiweb.net/shared/decks/"
FIELDS = ("Front", "Back")  # the Basic note type
DECK_MENU = (
    "Create filtered deck",
    "Check database",
    "Check media",
    "Empty cards",
    "Restore from backup",
    "Manage note types",
    "Import",
    "Export collection",
)
BROWSER_MENU = (
    "Save search",
    "My searches",
    "Change display order",
    "Filter marked",
    "Filter suspended",
    "Filter by tag",
    "Preview",
)
MEDIA_MENU = ("Add image", "Add audio clip", "Record audio", "Advanced editor")
MULTIMEDIA = ".multimediacard.activity.MultimediaEditFieldActivity"
CAMERA = "android.permission.CAMERA"
# The photo's temporary file (File.createTempFile("img_" + timestamp, ".jpg", Pictures)): the
# model's timestamp and random part are fixed.
PHOTO_FILE = "/storage/emulated/0/Pictures/img_202405140930011518016482.jpg"
FILE_URI_EXPOSED = "android.os.FileUriExposedException"
DRAWER = (
    "Decks",
    "Card browser",
    "Statistics",
    "Night mode",
    "Settings",
    "Help",
    "Send feedback",
)
# HTML elements a field may use for formatting: text in other brackets was meant literally.
HTML_TAGS = frozenset(
    [
        "a",
        "b",
        "big",
        "blockquote",
        "br",
        "center",
        "code",
        "del",
        "div",
        "em",
        "font",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "hr",
        "i",
        "img",
        "ins",
        "kbd",
        "li",
        "ol",
        "p",
        "pre",
        "rb",
        "rp",
        "rt",
        "ruby",
        "s",
        "small",
        "span",
        "strike",
        "strong",
        "style",
        "sub",
        "sup",
        "table",
        "tbody",
        "td",
        "th",
        "tr",
        "tt",
        "u",
        "ul",
        "audio",
        "video",
        "source",
        "script",
    ]
)
ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'", "bsol": "\\"}

# Stack frames: the app's from the sources at v2.9.1; the AsyncTask ones as Anki-Android#6432's
# trace shows them (the report of #5638 has no trace).
MATCHER = [
    "java.util.regex.Matcher.appendEvaluated(Matcher.java)",
    "java.util.regex.Matcher.appendReplacement(Matcher.java)",
    "com.ichi2.libanki.Utils.entsToTxt(Utils.java:251)",
    "com.ichi2.libanki.Utils.stripHTML(Utils.java:223)",
    "com.ichi2.libanki.Utils.stripHTMLMedia(Utils.java:232)",
]
TEXT_WATCHER = [
    "com.ichi2.libanki.Utils.fieldChecksum(Utils.java:509)",
    "com.ichi2.libanki.Note.dupeOrEmpty(Note.java:288)",
    "com.ichi2.anki.NoteEditor.duplicateCheck(NoteEditor.java:1344)",
    "com.ichi2.anki.NoteEditor$10.afterTextChanged(NoteEditor.java:1297)",
    "android.widget.TextView.sendAfterTextChanged(TextView.java)",
    "android.widget.TextView$ChangeWatcher.afterTextChanged(TextView.java)",
    "android.text.SpannableStringBuilder.sendAfterTextChanged(SpannableStringBuilder.java)",
    "android.text.SpannableStringBuilder.replace(SpannableStringBuilder.java)",
]
SEARCH_TASK = [
    "com.ichi2.anki.CardBrowser.formatQA(CardBrowser.java:1340)",
    "com.ichi2.anki.CardBrowser.updateSearchItemQA(CardBrowser.java:1317)",
    "com.ichi2.async.DeckTask.doInBackgroundSearchCards(DeckTask.java:859)",
    "com.ichi2.async.DeckTask.doInBackground(DeckTask.java:263)",
    "com.ichi2.async.DeckTask.doInBackground(DeckTask.java:70)",
    "android.os.AsyncTask$2.call(AsyncTask.java:334)",
    "java.util.concurrent.FutureTask.run(FutureTask.java:266)",
    "android.os.AsyncTask$SerialExecutor$1.run(AsyncTask.java:246)",
    "java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1167)",
    "java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:641)",
    "java.lang.Thread.run(Thread.java:764)",
]
ASYNC_DONE = [
    "android.os.AsyncTask$3.done(AsyncTask.java:355)",
    "java.util.concurrent.FutureTask.finishCompletion(FutureTask.java:383)",
    "java.util.concurrent.FutureTask.setException(FutureTask.java:252)",
    "java.util.concurrent.FutureTask.run(FutureTask.java:271)",
    "android.os.AsyncTask$SerialExecutor$1.run(AsyncTask.java:246)",
    "java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1167)",
    "java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:641)",
    "java.lang.Thread.run(Thread.java:764)",
]
AIOOBE = "java.lang.ArrayIndexOutOfBoundsException"


# -- libanki's HTML helpers ---------------------------------------------------------------------
def _from_html(entity: str) -> str:
    """``Html.fromHtml`` of one ``&name;`` / ``&#n;`` / ``&#xh;`` (unknown names stay as they
    are)."""
    name = entity[1:-1]
    if name.startswith("#x") or name.startswith("#X"):
        try:
            return chr(int(name[2:], 16))
        except ValueError:
            return entity
    if name.startswith("#"):
        return chr(int(name[1:])) if name[1:].isdigit() else entity
    return ENTITIES.get(name, entity)


def ents_to_txt(html: str, quote: bool = False) -> str:
    """``Utils.entsToTxt``: each entity's unescaped text goes through
    ``Matcher.appendReplacement``, which reads a backslash as an escape (the bug of #5638: a lone
    backslash throws :class:`_EscapeMissing`), unless ``quote`` (the fix of 2.10alpha20:
    ``Matcher.quoteReplacement`` first)."""
    html = html.replace("&nbsp;", " ")
    out: list[str] = []
    last = 0
    for match in re.finditer(r"&#?\w+;", html):
        out.append(html[last : match.start()])
        text = _from_html(match.group())
        out.append(text if quote else _append_replacement(text))
        last = match.end()
    out.append(html[last:])
    return "".join(out)


def _append_replacement(replacement: str) -> str:
    """``Matcher.appendReplacement``'s reading of a replacement: ``\\x`` is ``x``, ``$n`` a group
    (none here), and a backslash at the end throws ``ArrayIndexOutOfBoundsException``."""
    out: list[str] = []
    escape = dollar = False
    for char in replacement:
        if char == "\\" and not escape:
            escape = True
        elif char == "$" and not escape:
            dollar = True
        elif char.isdigit() and dollar:
            dollar = False
        else:
            out.append(char)
            escape = dollar = False
    if escape:
        raise _EscapeMissing(len(replacement))
    return "".join(out)


class _EscapeMissing(Exception):
    """The ``ArrayIndexOutOfBoundsException`` of ``appendEvaluated``, before its frames are
    known."""

    def __init__(self, index: int) -> None:
        super().__init__(index)
        self.index = index


def strip_html(text: str, quote: bool = False) -> str:
    """``Utils.stripHTMLMedia``: styles, scripts and tags removed, images' file names kept,
    entities unescaped."""
    text = re.sub(r"(?is)<img[^>]+src=[\"']?([^\"'>]+)[^>]*>", r" \1 ", text)
    text = re.sub(r"(?is)<style.*?>.*?</style>", "", text)
    text = re.sub(r"(?is)<script.*?>.*?</script>", "", text)
    text = re.sub(r"(?s)<.*?>", "", text)
    return ents_to_txt(text, quote)


def format_qa(html: str, quote: bool = False) -> str:
    """``CardBrowser.formatQA``: line breaks to spaces, sounds dropped, HTML stripped."""
    text = html.replace("<br>", " ").replace("<br />", " ").replace("<div>", " ")
    text = text.replace("\n", " ")
    text = re.sub(r"\[sound:[^]]+\]", "", text)
    text = re.sub(r"\[\[type:[^]]+\]\]", "", text)
    return strip_html(text, quote).strip()


def _aioobe(index: int, frames: list[str]) -> JavaException:
    return JavaException(AIOOBE, f"Array index out of range: {index}", MATCHER + frames)


def _swallowed_text(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Anki-Android#5753: a saved note has a field where text typed between "<"
    and ">" is no formatting tag, so displaying the card drops it."""
    for note in data["notes"]:
        for value in note["fields"]:
            for name in re.findall(r"<\s*/?\s*([^\s/>]*)[^>]*>", value):
                if name.lower() not in HTML_TAGS:
                    return True
    return False


def _backslash_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Anki-Android#5638: the app died of the ``appendReplacement`` exception,
    on the main thread or in the browser's search task."""
    return any(
        c.get("package") == PACKAGE
        and (
            c.get("exception") == AIOOBE
            or (
                c.get("exception") == "java.lang.RuntimeException"
                and "doInBackground()" in str(c.get("message", ""))
                and data.get("search_failed")
            )
        )
        for c in system.get("crashes", [])
    )


def _question_and_answer(fields: list[str]) -> tuple[str, str]:
    """A note's first two fields, as the Basic card template shows them ({{Front}} and
    {{Back}}); a note type with one field (Cloze) has an empty answer, later fields are not
    on the card."""
    padded = [*fields, "", ""]
    return padded[0], padded[1]


def _steps_to_editor() -> list[dict[str, Any]]:
    return [
        click(PACKAGE, ALLOW, "Allow", cls="android.widget.Button"),
        click(PACKAGE, "fab_expand_menu_button", cls="android.widget.ImageButton"),
        click(PACKAGE, "add_note_action", desc="Add", cls="android.widget.ImageButton"),
    ]


FIELD_STEP = f"{PACKAGE}:id/id_note_editText"
BUG_5638 = BugSpec(
    "Anki-Android#5638",
    "crash",
    "crash caused by backslash",
    _backslash_crash,
    human_steps=(
        *_steps_to_editor(),
        input_text(PACKAGE, "id_note_editText", "&bsol;"),
    ),
)
BUG_5753 = BugSpec(
    "Anki-Android#5753",
    "non-crash",
    'Can\'t use "<" and ">" symbols in flashcards',
    _swallowed_text,
    human_steps=(
        *_steps_to_editor(),
        input_text(PACKAGE, "id_note_editText", "Hello <name>"),
        click(PACKAGE, "action_save", desc="Save"),
    ),
)
BUG_4977 = BugSpec(
    "Anki-Android#4977",
    "crash",
    "Crash in DeckPicker after CardBrowser on clean install",
    crash_oracle(PACKAGE, "java.lang.NullPointerException", "SearchView.isIconified()"),
    human_steps=(
        click(PACKAGE, ALLOW, "Allow", cls="android.widget.Button"),
        click(PACKAGE, desc=OPEN_DRAWER, cls="android.widget.ImageButton"),
        click(PACKAGE, "design_menu_item_text", "Card browser"),
    ),
)


def _camera_steps() -> tuple[dict[str, Any], ...]:
    return (
        *_steps_to_editor(),
        click(
            PACKAGE,
            "id_media_button",
            desc="Attach multimedia content to the Front field",
            cls="android.widget.ImageButton",
        ),
        click(PACKAGE, "title", "Add image"),
        click(PACKAGE, text="Camera", cls="android.widget.Button"),
    )


CAMERA_CRASH = crash_oracle(
    PACKAGE, FILE_URI_EXPOSED, "exposed beyond app through ClipData.Item.getUri()"
)
BUG_4586 = BugSpec(
    "Anki-Android#4586",
    "crash",
    "Crash on add picture from camera on Android 7",
    CAMERA_CRASH,
    human_steps=_camera_steps(),
)
BUG_4707 = BugSpec(
    "Anki-Android#4707",
    "crash",
    "Crash when adding image using camera",
    CAMERA_CRASH,
    human_steps=_camera_steps(),
)


class AnkiDroid291(VirtualApp):
    """AnkiDroid 2.9.1 (see the module docstring)."""

    name: ClassVar[str] = "Anki-Android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "AnkiDroid"
    version: ClassVar[str] = "2.9.1"
    launch_activity: ClassVar[str] = DECKS
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_5638, BUG_5753)

    MEDIA_MENU: ClassVar[tuple[str, ...]] = MEDIA_MENU
    ENTITY_FIX: ClassVar[bool] = False  # Matcher.quoteReplacement in entsToTxt (2.10alpha20 on)
    DRAWER_ITEMS: ClassVar[tuple[str, ...]] = DRAWER
    NAV_DESC: ClassVar[str] = OPEN_DRAWER  # the drawer toggle's content description
    # Whether the image field editor asks for the camera permission (and hides Camera without it).
    CAMERA_ASK: ClassVar[bool] = True
    # Class names as the dumps show them (AndroidX in 2.9.1, the support library before).
    DRAWER_CLS: ClassVar[str] = "androidx.drawerlayout.widget.DrawerLayout"
    RECYCLER_CLS: ClassVar[str] = "androidx.recyclerview.widget.RecyclerView"

    def initial_data(self) -> dict[str, Any]:
        return {"notes": [], "next_id": 1, "search_failed": False}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("drawer", False)
        ui.setdefault("menu", None)
        ui.setdefault("dialog", None)
        if ctx.activity == DECKS:
            ui.setdefault("fab", False)
            if STORAGE not in ctx.permissions and not ui.get("asked"):
                ui["asked"] = True  # firstCollectionOpen
                ctx.request_permission(STORAGE)
        elif ctx.activity == EDITOR:
            ui.setdefault("fields", ["" for _ in FIELDS])
            ui.setdefault("edited", False)
        elif ctx.activity == BROWSER:
            self._open_browser(ctx)
        elif ctx.activity == MULTIMEDIA:
            if self.CAMERA_ASK and CAMERA not in ctx.permissions and not ui.get("asked"):
                ui["asked"] = True  # recreateEditingUi, for an ImageField
                ctx.request_permission(CAMERA)
        elif ctx.activity == REVIEWER:
            queue = [n["id"] for n in ctx.data["notes"] if not n.get("studied")]
            ui.setdefault("queue", queue)
            ui.setdefault("answer", False)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission == STORAGE and not granted:
            ctx.toast(INACCESSIBLE)
            ctx.finish()

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # FloatingActionsMenu and DrawerLayout save their open state themselves.
        keep = {"fields", "edited", "asked", "queue", "answer", "model", "checked", "fab", "drawer"}
        return {k: v for k, v in ctx.ui.items() if k in keep}

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui.get("menu") is not None or ui.get("dialog") is not None:
            ui.update(menu=None, dialog=None)
            return True
        if w.dismiss(ui, "drawer"):
            return True
        if w.dismiss(ui, "fab"):
            return True
        if ctx.activity == EDITOR and ui["edited"]:
            ui["dialog"] = "discard"
            return True
        return False

    # -- shared pieces -----------------------------------------------------------------------
    def _close(self, ctx: AppContext) -> None:
        ctx.ui.update(menu=None, dialog=None)

    def _drawer(self, ctx: AppContext, current: str) -> View:
        targets = {"Decks": DECKS, "Card browser": BROWSER, "Statistics": STATISTICS}
        targets["Settings"] = SETTINGS
        entries = [
            w.drawer_entry(
                title, w.bind(self._navigate, targets.get(title)), checked=title == current
            )
            for title in self.DRAWER_ITEMS
        ]
        header = w.frame_layout([], height=300)
        items = View(
            cls=self.RECYCLER_CLS,
            resource_id="design_navigation_view",
            children=[header, *entries],
        )
        return w.frame_layout([items], rid="navdrawer_items_container", width=800, gravity="start")

    def _navigate(self, ctx: AppContext, target: str | None) -> None:
        """``NavigationDrawerActivity.onNavigationItemSelected``."""
        ctx.ui["drawer"] = False
        if target is None or target == ctx.activity:
            return
        if target == DECKS:
            ctx.finish()  # FLAG_ACTIVITY_CLEAR_TOP: back to the deck list below
        else:
            ctx.start_activity(target)

    def _toolbar_nav(self) -> View:
        return w.nav_button(self.NAV_DESC, lambda c: c.ui.update(drawer=True))

    def _with_drawer(self, ctx: AppContext, body: View, current: str) -> View:
        drawer = self._drawer(ctx, current) if ctx.ui["drawer"] else None
        return w.drawer_layout(body, drawer, cls=self.DRAWER_CLS)

    def _md_dialog(self, content: str, positive: Any, negative: Any) -> Window:
        """A MaterialDialog (``afollestad`` library) with a message and OK/CANCEL."""
        root = w.frame_layout(
            [
                w.text_view(content, "md_content", height=200),
                w.linear_layout(
                    [
                        View(cls="android.view.View"),
                        w.text_view(
                            "CANCEL", "md_buttonDefaultNegative", on_click=negative, width=250
                        ),
                        w.text_view("OK", "md_buttonDefaultPositive", on_click=positive, width=250),
                    ],
                    horizontal=True,
                    height=140,
                ),
            ],
            weight=0,
        )
        return Window(root=root, on_dismiss=negative)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == EDITOR:
            return self._editor(ctx)
        if ctx.activity == BROWSER:
            return self._browser(ctx)
        if ctx.activity == REVIEWER:
            return self._reviewer(ctx)
        if ctx.activity == MULTIMEDIA:
            return self._multimedia(ctx)
        if ctx.activity in (STATISTICS, SETTINGS):
            title = "Statistics" if ctx.activity == STATISTICS else "Settings"
            bar = w.toolbar(title, navigation=w.up_button())
            return Screen(content=w.linear_layout([bar]))
        return self._deck_picker(ctx)

    def _deck_counts(self, ctx: AppContext) -> int:
        return sum(1 for n in ctx.data["notes"] if not n.get("studied"))

    def _deck_picker(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        opened = STORAGE in ctx.permissions
        due = self._deck_counts(ctx) if opened else 0
        title = w.linear_layout(
            [
                w.text_view("AnkiDroid", height=80),
                w.text_view(f"{due} card{'' if due == 1 else 's'} due (0 min)", height=67),
            ]
        )
        bar = w.toolbar(
            title,
            navigation=self._toolbar_nav(),
            actions=[
                w.action_item("action_sync", "Synchronization", lambda c: None),
                w.overflow_button(lambda c: c.ui.update(menu="overflow")),
            ],
        )
        rows: list[View] = []
        if opened:
            rows.append(self._deck_row(ctx, due))
        listing = View(
            cls="android.view.ViewGroup",
            resource_id="pull_to_sync_wrapper",
            children=[w.list_view(rows, rid="files", cls=self.RECYCLER_CLS)],
        )
        stats = w.text_view(
            "Studied 0 cards in 0 minutes today" if opened else "", "today_stats_text_view"
        )
        picker = w.relative_layout([bar, listing, stats], rid="deckpicker_view")
        root = View(
            cls="android.view.ViewGroup",
            resource_id="root_layout",
            layout=FRAME,
            children=[picker, self._fab_menu(ctx)],
        )
        windows: list[Window] = []
        if ui["menu"] == "overflow":
            items = [(t, self._close) for t in DECK_MENU]
            windows.append(w.menu_window(items, self._close))
        return Screen(content=self._with_drawer(ctx, root, "Decks"), windows=windows)

    def _deck_row(self, ctx: AppContext, new: int) -> View:
        counts = w.linear_layout(
            [
                w.text_view(str(new), "deckpicker_new", width=110),
                w.text_view("0", "deckpicker_lrn", width=110),
                w.text_view("0", "deckpicker_rev", width=110),
            ],
            rid="counts_layout",
            horizontal=True,
            width=330,
        )
        return w.relative_layout(
            [
                w.image_button("deckpicker_indent", width=20),
                w.linear_layout(
                    [
                        w.image_button("deckpicker_expander", width=60),
                        w.text_view("Default", "deckpicker_name"),
                    ],
                    horizontal=True,
                ),
                counts,
            ],
            rid="DeckPickerHoriz",
            layout=HORIZONTAL,
            height=160,
            on_click=self._open_deck,
        )

    def _fab_menu(self, ctx: AppContext) -> View:
        children: list[View] = []
        if ctx.ui["fab"]:
            for rid, title, handler in (
                ("add_deck_action", "Create deck", self._collapse),
                ("add_shared_action", "Get shared decks", self._shared_decks),
                ("add_note_action", "Add", self._add_note),
            ):
                children.append(
                    w.linear_layout(
                        [
                            View(cls="android.view.View"),
                            w.text_view(title, width=400),
                            w.image_button(rid, title, handler, width=147, style="fab"),
                        ],
                        horizontal=True,
                        height=147,
                    )
                )
        children.append(
            w.frame_layout(
                [
                    View(cls="android.view.View"),
                    w.image_button(
                        "fab_expand_menu_button",
                        "Add",  # DeckPicker.onCreate sets R.string.menu_add on it
                        lambda c: c.ui.update(fab=not c.ui["fab"]),
                        width=168,
                        style="fab",
                    ),
                ],
                layout=HORIZONTAL,
                height=168,
            )
        )
        return View(
            cls="android.view.ViewGroup",
            resource_id="add_content_menu",
            gravity="bottom_end",
            width=700,
            height=147 * (len(children) - 1) + 168 + 42,
            children=children,
        )

    def _editor(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = w.toolbar(
            self._editor_title(ctx),
            navigation=w.nav_button(w.NAVIGATE_UP, self._editor_up),
            actions=[
                w.action_item("action_save", "Save", self._save),
                w.overflow_button(lambda c: c.ui.update(menu="overflow")),
            ],
        )
        rows: list[View] = [
            self._labelled(
                "CardEditorModelText",
                "Type:",
                w.spinner("note_type_spinner", self._model(ctx), self._type_spinner_handler()),
            ),
            self._labelled(
                "CardEditorDeckText", "Deck:", w.spinner("note_deck_spinner", "Default", None)
            ),
        ]
        fields: list[View] = []
        for i, name in enumerate(self._field_names(ctx)):
            fields.append(w.text_view(name, height=70))
            fields.append(
                w.relative_layout(
                    [
                        w.edit_text(
                            "id_note_editText",
                            ui["fields"][i],
                            self._typing(i),
                            extra={"multiline": True},
                        ),
                        w.image_button(
                            "id_media_button",
                            f"Attach multimedia content to the {name} field",
                            w.bind(self._media, i),
                            width=140,
                        ),
                    ],
                    layout=HORIZONTAL,
                    height=150,
                )
            )
        rows.append(w.linear_layout(fields, rid="CardEditorEditFieldsLayout", weight=0))
        for rid, text in (("CardEditorTag", "Tags: "), ("CardEditorCards", "Cards: Card 1")):
            rows.append(
                w.linear_layout(
                    [w.text_view(text, f"{rid}Text")],
                    rid=f"{rid}Button",
                    height=130,
                    on_click=lambda c: None,
                )
            )
        scroll = w.scroll_view(
            [w.linear_layout(rows, rid="CardEditorLayout", weight=0)], rid="CardEditorScroll"
        )
        root = View(
            cls="android.view.ViewGroup",
            resource_id="root_layout",
            children=[w.linear_layout([bar, scroll])],
        )
        windows: list[Window] = []
        if ui["menu"] == "overflow":
            windows.append(w.menu_window(self._editor_menu(ctx), self._close))
        elif ui["menu"] == "types":
            windows.append(self._types_dropdown(ctx))
        elif isinstance(ui["menu"], int):
            items: list[tuple[str, Any]] = [(t, self._close) for t in self.MEDIA_MENU]
            items[0] = ("Add image", w.bind(self._add_image, ui["menu"]))
            windows.append(w.menu_window(items, self._close))
        if ui["dialog"] == "discard":
            windows.append(self._md_dialog(DISCARD, w.finish, self._close))
        return Screen(content=root, windows=windows)

    # Hooks of the note editor that later versions change.
    def _editor_title(self, ctx: AppContext) -> str:
        return "Add note"

    def _model(self, ctx: AppContext) -> str:
        return "Basic"

    def _type_spinner_handler(self) -> Any:
        return None

    def _field_names(self, ctx: AppContext) -> tuple[str, ...]:
        return FIELDS

    def _editor_menu(self, ctx: AppContext) -> list[tuple[str, Any]]:
        return [("Copy card", self._close)]

    def _types_dropdown(self, ctx: AppContext) -> Window:
        raise NotImplementedError  # no version before 2.11.0 opens the type spinner here

    def _labelled(self, rid: str, label: str, field: View) -> View:
        return w.linear_layout(
            [w.text_view(label, rid, width=250), field], horizontal=True, height=130
        )

    def _browser_bar(self, count: int, add_id: str) -> View:
        """The card browser's app bar: the deck spinner with the count of cards shown, Add note
        (its id ``add_id`` changed between versions), Search and the overflow menu."""
        deck = View(
            cls="android.widget.Spinner",
            resource_id="toolbar_spinner",
            on_click=lambda c: None,
            children=[
                w.text_view("Default", "dropdown_deck_name", height=80),
                w.text_view(
                    f"{count} card{'' if count == 1 else 's'} shown",
                    "dropdown_deck_counts",
                    height=67,
                ),
            ],
        )
        return w.toolbar(
            deck,
            navigation=self._toolbar_nav(),
            actions=[
                w.action_item(add_id, "Add note", self._add_note),
                w.action_item("action_search", "Search", lambda c: None),
                w.overflow_button(lambda c: c.ui.update(menu="overflow")),
            ],
        )

    def _browser_columns(self) -> View:
        """The card browser's two column spinners (Question, Answer)."""
        return w.linear_layout(
            [
                w.spinner("browser_column1_spinner", "Question", None),
                w.spinner("browser_column2_spinner", "Answer", None),
            ],
            horizontal=True,
            height=126,
        )

    def _browser(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        shown = ui.get("rows", [])
        count = len(shown)
        bar = self._browser_bar(count, "action_add_card_from_card_browser")
        columns = self._browser_columns()
        rows = [
            w.linear_layout(
                [w.text_view(q, "card_sfld"), w.text_view(a, "card_column2")],
                rid="card_item_browser",
                horizontal=True,
                height=150,
                on_click=lambda c: None,
            )
            for q, a in shown
        ]
        body = w.linear_layout([bar, columns, w.list_view(rows, rid="card_browser_list")])
        root = View(cls="android.view.ViewGroup", resource_id="root_layout", children=[body])
        windows: list[Window] = []
        if ui["menu"] == "overflow":
            windows.append(w.menu_window([(t, self._close) for t in BROWSER_MENU], self._close))
        return Screen(content=self._with_drawer(ctx, root, "Card browser"), windows=windows)

    def _reviewer(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        notes = {n["id"]: n for n in ctx.data["notes"]}
        bar = w.toolbar("Default", navigation=w.up_button())
        children: list[View] = [bar]
        if ui["queue"]:
            note = notes[ui["queue"][0]]
            front, back = _question_and_answer(note["fields"])
            shown = strip_html(front, self.ENTITY_FIX)
            if ui["answer"]:
                shown = f"{shown}\n\n{strip_html(back, self.ENTITY_FIX)}"
            children.append(
                View(
                    cls="android.webkit.WebView",
                    resource_id="flashcard",
                    children=[w.text_view(shown)],
                )
            )
            if ui["answer"]:
                buttons = [
                    w.linear_layout(
                        [w.text_view(title, f"ease{i}")],
                        rid=f"flashcard_layout_ease{i}",
                        on_click=self._answer,
                    )
                    for i, title in enumerate(("Again", "Hard", "Good", "Easy"), 1)
                ]
                area = w.linear_layout(
                    buttons, rid="answer_options_layout", horizontal=True, height=160
                )
            else:
                area = w.linear_layout(
                    [w.text_view("Show answer", "flip_card")],
                    rid="flashcard_layout_flip",
                    height=160,
                    on_click=lambda c: c.ui.update(answer=True),
                )
            children.append(area)
        else:
            children.append(w.text_view("Congratulations! You have finished for now.", height=300))
        return Screen(content=w.linear_layout(children))

    # -- handlers ----------------------------------------------------------------------------
    def _collapse(self, ctx: AppContext) -> None:
        ctx.ui["fab"] = False

    def _shared_decks(self, ctx: AppContext) -> None:
        """``addSharedDeck()``: the shared decks page (``SHARED_DECKS_URL``) opens in the web
        browser, another app (outside the model): the menu only collapses."""
        ctx.ui["fab"] = False

    def _add_note(self, ctx: AppContext) -> None:
        ctx.ui["fab"] = False
        ctx.start_activity(EDITOR)

    def _open_deck(self, ctx: AppContext) -> None:
        """``handleDeckSelection``: the reviewer when cards are due, else the empty-deck note."""
        if self._deck_counts(ctx):
            ctx.start_activity(REVIEWER)
        else:
            ctx.toast(EMPTY_DECK)

    def _typing(self, index: int) -> Callable[[AppContext, str], None]:
        """The ``on_text`` handler of field ``index``."""

        def handler(ctx: AppContext, text: str) -> None:
            self._type(ctx, index, text)

        return handler

    def _type(self, ctx: AppContext, index: int, text: str) -> None:
        """A field's TextWatcher: marks the note edited and, for the first field, runs the
        duplicate check (``Note.dupeOrEmpty`` checksums the field's stripped text)."""
        ui = ctx.ui
        ui["fields"][index] = text
        ui["edited"] = True
        if index == 0 and text.strip():
            self._checksum(text)

    def _checksum(self, text: str) -> None:
        """``Utils.fieldChecksum`` from the TextWatcher (main thread)."""
        try:
            strip_html(text, self.ENTITY_FIX)
        except _EscapeMissing as exc:
            raise _aioobe(exc.index, TEXT_WATCHER) from None

    def _media(self, ctx: AppContext, index: int) -> None:
        ctx.ui["menu"] = index

    def _add_image(self, ctx: AppContext, index: int) -> None:
        """The popup's "Add image": ``startMultimediaFieldEditor`` with a new ImageField."""
        ctx.ui["menu"] = None
        ctx.start_activity(MULTIMEDIA, {"field": index})

    def _multimedia(self, ctx: AppContext) -> Screen:
        """``MultimediaEditFieldActivity`` with ``BasicImageFieldController``'s UI: the preview,
        Gallery and Camera (invisible without the camera permission where it is asked)."""
        bar = w.toolbar(
            "Editing field",
            actions=[
                w.action_item("multimedia_edit_field_to_text", "Text", lambda c: None),
                w.action_item("multimedia_edit_field_to_audio", "Audio", lambda c: None),
                w.action_item("multimedia_edit_field_done", "Done", w.finish),
            ],
        )
        controls: list[View] = [
            w.image_view(height=500),
            w.button("", "Gallery", self._gallery, height=144),
        ]
        if not self.CAMERA_ASK or CAMERA in ctx.permissions:
            controls.append(w.button("", "Camera", self._camera, height=144))
        scroll = w.scroll_view(
            [w.linear_layout(controls, rid="LinearLayoutInScrollViewFieldEdit", weight=0)],
            rid="scrollView1",
        )
        spare = w.linear_layout(rid="LinearLayoutForSpareMenuFieldEdit", height=0)
        column = w.linear_layout([bar, spare, scroll])
        return Screen(
            content=View(cls="android.view.ViewGroup", resource_id="root_layout", children=[column])
        )

    def _gallery(self, ctx: AppContext) -> None:
        """Gallery: ``ACTION_PICK`` opens the system's picker, another app (outside the
        model)."""

    def _camera(self, ctx: AppContext) -> None:
        """Camera: ``ACTION_IMAGE_CAPTURE`` with the photo file's ``FileProvider`` content URI
        opens the camera app (outside the model)."""

    def _editor_up(self, ctx: AppContext) -> None:
        if ctx.ui["edited"]:
            ctx.ui["dialog"] = "discard"
        else:
            ctx.finish()

    def _save(self, ctx: AppContext) -> None:
        """``saveNote`` in add mode: the Basic type makes a card when Front is not empty."""
        ui = ctx.ui
        fields = list(ui["fields"])
        if not fields[0].strip():
            ctx.toast("Error saving note")
            return
        data = ctx.data
        data["notes"].append({"id": data["next_id"], "fields": fields})
        data["next_id"] += 1
        ui.update(fields=["" for _ in FIELDS], edited=False)
        ctx.toast("1 card added")

    def _open_browser(self, ctx: AppContext) -> None:
        """``onCollectionLoaded``: the search task finds the deck's cards and renders the first
        ones' question and answer (``updateSearchItemQA``) in the background."""
        rows: list[list[str]] = []  # lists, not tuples: ui state must survive JSON snapshots
        for note in ctx.data["notes"]:
            front, back = _question_and_answer(note["fields"])
            try:
                rows.append([format_qa(front, self.ENTITY_FIX), format_qa(back, self.ENTITY_FIX)])
            except _EscapeMissing as exc:
                ctx.data["search_failed"] = True
                raise JavaException(
                    "java.lang.RuntimeException",
                    "An error occurred while executing doInBackground()",
                    ASYNC_DONE,
                    cause=_aioobe(exc.index, SEARCH_TASK),
                    thread="AsyncTask #1",
                ) from None
        ctx.ui["rows"] = rows
        self._search_done(ctx)

    def _search_done(self, ctx: AppContext) -> None:
        """The search task's ``onPostExecute`` (2.9.1: after the options menu exists)."""

    def _answer(self, ctx: AppContext) -> None:
        ui = ctx.ui
        done = ui["queue"].pop(0)
        for note in ctx.data["notes"]:
            if note["id"] == done:
                note["studied"] = True
        ui["answer"] = False


class AnkiDroid29Alpha(AnkiDroid291):
    """AnkiDroid 2.9alpha (``v2.9alpha35``): the support library's classes, and #4977."""

    version: ClassVar[str] = "2.9alpha"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_4977,)
    MEDIA_MENU: ClassVar[tuple[str, ...]] = (
        "Add image",
        "Record audio",
        "Advanced editor",
        "Cloze deletion",
    )
    DRAWER_CLS: ClassVar[str] = "android.support.v4.widget.DrawerLayout"
    RECYCLER_CLS: ClassVar[str] = "android.support.v7.widget.RecyclerView"

    def _search_done(self, ctx: AppContext) -> None:
        """``CardBrowser$20.onPostExecute``: ``mSearchView`` is set in ``onCreateOptionsMenu``,
        which runs after a search of an empty collection has already finished."""
        if not ctx.ui["rows"]:
            raise JavaException(
                "java.lang.NullPointerException",
                "Attempt to invoke virtual method 'boolean "
                "android.support.v7.widget.SearchView.isIconified()' on a null object reference",
                [
                    "com.ichi2.anki.CardBrowser$20.onPostExecute(CardBrowser.java:1364)",
                    "com.ichi2.async.DeckTask$TaskListener.onPostExecute(DeckTask.java:1521)",
                    "com.ichi2.async.DeckTask.onPostExecute(DeckTask.java:376)",
                    "com.ichi2.async.DeckTask.onPostExecute(DeckTask.java:69)",
                    "android.os.AsyncTask.finish(AsyncTask.java:695)",
                    "android.os.AsyncTask.-wrap1(Unknown Source:0)",
                    "android.os.AsyncTask$InternalHandler.handleMessage(AsyncTask.java:712)",
                    "android.os.Handler.dispatchMessage(Handler.java:105)",
                    "android.os.Looper.loop(Looper.java:164)",
                    "android.app.ActivityThread.main(ActivityThread.java:6541)",
                    "java.lang.reflect.Method.invoke(Native Method)",
                    "com.android.internal.os.Zygote$MethodAndArgsCaller.run(Zygote.java:240)",
                    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:767)",
                ],
            )


class AnkiDroid29Alpha4(AnkiDroid29Alpha):
    """AnkiDroid 2.9alpha4 (``v2.9alpha4``), for Anki-Android#4707: the image editor's Camera
    still passes a ``file://`` URI to the camera app (fixed in 2.9alpha5 by a ``FileProvider``);
    the card browser's search listener is older than #4977."""

    version: ClassVar[str] = "2.9alpha4"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_4707,)
    CAMERA_ASK: ClassVar[bool] = False

    def _search_done(self, ctx: AppContext) -> None:
        """Before #4977's cause (a support library update of 2018): no crash."""

    def _camera(self, ctx: AppContext) -> None:
        """``BasicImageFieldController$2.onClick``: ``Uri.fromFile`` of a temporary file in the
        public Pictures folder, put in the capture intent; Android 7's StrictMode refuses a
        ``file://`` URI leaving the app."""
        raise JavaException(
            FILE_URI_EXPOSED,
            f"file://{PHOTO_FILE} exposed beyond app through ClipData.Item.getUri()",
            [
                "android.os.StrictMode.onFileUriExposed(StrictMode.java)",
                "android.net.Uri.checkFileUriExposed(Uri.java)",
                "android.content.ClipData.prepareToLeaveProcess(ClipData.java)",
                "android.content.Intent.prepareToLeaveProcess(Intent.java)",
                "android.content.Intent.prepareToLeaveProcess(Intent.java)",
                "android.app.Instrumentation.execStartActivity(Instrumentation.java)",
                "android.app.Activity.startActivityForResult(Activity.java)",
                "android.support.v4.app.FragmentActivity.startActivityForResult"
                "(FragmentActivity.java)",
                "com.ichi2.anki.AnkiActivity.startActivityForResult(AnkiActivity.java:175)",
                "com.ichi2.anki.multimediacard.fields.BasicImageFieldController$2.onClick"
                "(BasicImageFieldController.java:125)",
                "android.view.View.performClick(View.java)",
                "android.view.View$PerformClick.run(View.java)",
                "android.os.Handler.handleCallback(Handler.java)",
                "android.os.Handler.dispatchMessage(Handler.java)",
                "android.os.Looper.loop(Looper.java)",
                "android.app.ActivityThread.main(ActivityThread.java)",
            ],
        )


class AnkiDroid282(AnkiDroid29Alpha4):
    """AnkiDroid 2.8.2 (``v2.8.2``), for Anki-Android#4586: the same Camera crash; the media
    popup has no Cloze deletion yet."""

    version: ClassVar[str] = "2.8.2"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_4586,)
    MEDIA_MENU: ClassVar[tuple[str, ...]] = ("Add image", "Record audio", "Advanced editor")


WELCOME = "Welcome to AnkiDroid!"
WELCOME_DETAILS = (
    "AnkiDroid requires storage permission, which we use exclusively to store your AnkiDroid "
    "collection, flashcard media and backups. Our code is open-source, written by volunteers, "
    "and trusted by millions.\n\nIf you have any questions, please access our in-app manual or "
    "visit our support forums.\n\nThank you for trying AnkiDroid!\n—AnkiDroid Development Team"
)
DECK_OPTIONS = ".DeckOptions"
# DeckPickerContextMenu.listIds for a regular deck without buried cards.
DECK_CONTEXT_MENU = (
    "Browse cards",
    "Rename deck",
    "Create subdeck",
    "Deck options",
    "Custom study",
    "Export deck",
    "Create shortcut",
    "Delete deck",
)
PREFS_NPE = (
    "Attempt to invoke interface method 'java.lang.String android.content.SharedPreferences"
    ".getString(java.lang.String, java.lang.String)' on a null object reference"
)
BUG_10584 = BugSpec(
    "Anki-Android#10584",
    "crash",
    "[Bug]Deck options can't be opened",
    crash_oracle(PACKAGE, "java.lang.RuntimeException", "ComponentInfo{com.ichi2.anki/"),
    human_steps=(
        click(PACKAGE, "md_buttonDefaultPositive", "OK"),
        click(PACKAGE, ALLOW, "Allow", cls="android.widget.Button"),
        click(PACKAGE, "fab_main", cls="android.widget.ImageButton"),
        click(PACKAGE, "add_deck_action", cls="android.widget.ImageButton"),
        input_text(PACKAGE, "android:id/input", "Test"),
        click(PACKAGE, "md_buttonDefaultPositive", "OK"),
        long_click(PACKAGE, "DeckPickerHoriz"),
        click(PACKAGE, "md_title", "Deck options"),
    ),
)


class AnkiDroid216Alpha52(AnkiDroid291):
    """AnkiDroid 2.16alpha52 (``v2.16alpha52``), for Anki-Android#10584: the welcome dialog
    before the storage permission, the deck list's "Collection is empty" placeholder, the
    Material speed-dial FAB (``fab_main``; ``add_deck_layout``/``add_deck_label``/
    ``add_deck_action`` "Create deck", ``add_shared_*`` "Get shared decks", ``add_note_*``
    "Add note"), the "Create deck" input dialog, the deck's long-press menu
    (``DeckPickerContextMenu``) and ``DeckOptions``, which stops the app at every opening:
    ``Themes.setThemeLegacy`` runs before ``super.onCreate()`` and reads the preferences through
    the activity, whose ``getSharedPreferences`` returns the not yet created ``mPref`` (null).
    The drawer toggle has no content description (``ActionBarDrawerToggle(..., 0, 0)``). The
    note editor, browser and reviewer of this version are not on the bug's path: the 2.9.1
    screens stand for them."""

    version: ClassVar[str] = "2.16alpha52"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_10584,)
    ENTITY_FIX: ClassVar[bool] = True
    DRAWER_ITEMS: ClassVar[tuple[str, ...]] = (
        "Decks",
        "Card browser",
        "Statistics",
        "Settings",
        "Help",
        "Support AnkiDroid",
    )
    NAV_DESC: ClassVar[str] = ""

    def initial_data(self) -> dict[str, Any]:
        data = super().initial_data()
        data["decks"] = []  # decks created besides "Default"
        return data

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == DECK_OPTIONS:
            self._deck_options(ctx)
        ui = ctx.ui
        if ctx.activity == DECKS and STORAGE not in ctx.permissions and not ui.get("welcomed"):
            ui.setdefault("drawer", False)
            ui.setdefault("menu", None)
            ui.setdefault("fab", False)
            # requestStoragePermission: the welcome dialog first (again after a re-creation:
            # mClosedWelcomeMessage is not saved); its OK asks for the permission.
            ui.update(welcomed=True, asked=True, dialog={"kind": "welcome"})
            return
        super().on_create(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        """The speed dial of 2.16 starts closed again after a re-creation."""
        kept = super().save_instance_state(ctx)
        kept.pop("fab", None)
        return kept

    def on_back(self, ctx: AppContext) -> bool:
        dialog = ctx.ui.get("dialog")
        if isinstance(dialog, dict) and dialog["kind"] == "welcome":
            return True  # not cancelable
        return super().on_back(ctx)

    def _deck_options(self, ctx: AppContext) -> None:
        """``DeckOptions.onCreate``: ``Themes.setThemeLegacy(this)`` before ``super.onCreate``."""
        npe = JavaException(
            "java.lang.NullPointerException",
            PREFS_NPE,
            [
                "com.ichi2.themes.Themes.themeFollowsSystem(Themes.kt:2)",
                "com.ichi2.themes.Themes.setThemeLegacy(Themes.kt:2)",
                "com.ichi2.anki.DeckOptions.onCreate(DeckOptions.java:1)",
                "android.app.Activity.performCreate(Activity.java:8142)",
                "android.app.Activity.performCreate(Activity.java:8114)",
                "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1309)",
                "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3596)",
            ],
        )
        raise JavaException(
            "java.lang.RuntimeException",
            "Unable to start activity ComponentInfo{com.ichi2.anki/com.ichi2.anki.DeckOptions}: "
            f"java.lang.NullPointerException: {PREFS_NPE}",
            [
                "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3623)",
                "android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:3795)",
                "android.app.servertransaction.LaunchActivityItem.execute"
                "(LaunchActivityItem.java:85)",
                "android.app.servertransaction.TransactionExecutor.executeCallbacks"
                "(TransactionExecutor.java:135)",
                "android.app.servertransaction.TransactionExecutor.execute"
                "(TransactionExecutor.java:95)",
                "android.app.ActivityThread$H.handleMessage(ActivityThread.java:2227)",
                "android.os.Handler.dispatchMessage(Handler.java:106)",
                "android.os.Looper.loop(Looper.java:236)",
                "android.app.ActivityThread.main(ActivityThread.java:8130)",
                "java.lang.reflect.Method.invoke(Native Method)",
                "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:620)",
                "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:1011)",
            ],
            cause=npe,
        )

    # -- the deck list -----------------------------------------------------------------------
    def _deck_names(self, ctx: AppContext) -> list[str]:
        """The due tree's decks: "Default" is left out when it is empty and other decks exist."""
        names = sorted(ctx.data["decks"])
        if ctx.data["notes"] or not names:
            names = ["Default", *names]
        return names

    def _deck_picker(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        opened = STORAGE in ctx.permissions
        bar = w.toolbar(
            "AnkiDroid",
            navigation=self._toolbar_nav(),
            actions=[
                w.action_item("deck_picker_action_filter", "Search decks", lambda c: None),
                w.action_item("action_sync", "Sync", lambda c: None),
                w.overflow_button(lambda c: c.ui.update(menu="overflow")),
            ],
        )
        empty = not ctx.data["notes"] and not ctx.data["decks"]
        body: list[View] = []
        if opened and empty:
            body.append(
                w.linear_layout(
                    [
                        w.image_view(height=300),
                        w.text_view("Collection is empty", height=100),
                        w.text_view("Start adding cards\nusing the + icon.", height=150),
                    ],
                    rid="no_decks_placeholder",
                )
            )
        elif opened:
            rows = [self._deck_row_216(ctx, name) for name in self._deck_names(ctx)]
            body.append(
                w.relative_layout(
                    [
                        w.list_view(rows, rid="files", cls=self.RECYCLER_CLS),
                        w.text_view("Studied 0 cards in 0 minutes today", "today_stats_text_view"),
                    ],
                    rid="deck_picker_content",
                )
            )
        content = View(
            cls="android.view.ViewGroup",
            resource_id="pull_to_sync_wrapper",
            children=[w.frame_layout(body)],
        )
        picker = w.linear_layout([bar, content], rid="deckpicker_view")
        root = View(
            cls="android.view.ViewGroup",
            resource_id="root_layout",
            layout=FRAME,
            children=[picker, self._speed_dial(ctx)],
        )
        windows: list[Window] = []
        if ui["menu"] == "overflow":
            windows.append(w.menu_window([(t, self._close) for t in DECK_MENU], self._close))
        dialog = ui.get("dialog")
        if isinstance(dialog, dict):
            windows.append(self._dialog_216(ctx, dialog))
        return Screen(content=self._with_drawer(ctx, root, "Decks"), windows=windows)

    def _deck_row_216(self, ctx: AppContext, name: str) -> View:
        new = len(ctx.data["notes"]) if name == "Default" else 0
        counts = w.linear_layout(
            [
                w.text_view(str(new), "deckpicker_new", width=110),
                w.text_view("0", "deckpicker_lrn", width=110),
                w.text_view("0", "deckpicker_rev", width=110),
            ],
            rid="counts_layout",
            content_desc="New, learning and review counts",
            horizontal=True,
            width=330,
        )
        return w.relative_layout(
            [
                w.image_button("deckpicker_indent", width=20),
                w.linear_layout(
                    [
                        w.image_button("deckpicker_expander", width=60),
                        w.text_view(name, "deckpicker_name"),
                    ],
                    rid="deck_name_linear_layout",
                    horizontal=True,
                ),
                counts,
            ],
            rid="DeckPickerHoriz",
            layout=HORIZONTAL,
            height=160,
            on_click=self._open_deck,
            on_long_click=w.bind(self._deck_menu, name),
        )

    def _speed_dial(self, ctx: AppContext) -> View:
        """``floating_add_button.xml`` (``DeckPickerFloatingActionMenu``)."""
        children: list[View] = []
        if ctx.ui["fab"]:
            for key, title, handler in (
                ("add_deck", "Create deck", self._ask_deck_name),
                ("add_shared", "Get shared decks", self._shared_decks),
                ("add_note", "Add note", self._add_note),
            ):
                children.append(
                    w.linear_layout(
                        [
                            View(cls="android.view.View"),
                            w.text_view(title, f"{key}_label", width=400),
                            w.image_button(f"{key}_action", "", handler, width=147, style="fab"),
                        ],
                        rid=f"{key}_layout",
                        horizontal=True,
                        height=147,
                    )
                )
        children.append(
            w.linear_layout(
                [
                    View(cls="android.view.View"),
                    w.image_button(
                        "fab_main",
                        "",
                        lambda c: c.ui.update(fab=not c.ui["fab"]),
                        width=168,
                        style="fab",
                    ),
                ],
                horizontal=True,
                height=168,
            )
        )
        return w.linear_layout(
            children, gravity="bottom_end", width=700, height=147 * (len(children) - 1) + 168 + 42
        )

    def _dialog_216(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        kind = dialog["kind"]
        title = w.text_view("", "md_title", height=140)
        if kind == "welcome":
            title.text = WELCOME
            body = [title, w.text_view(WELCOME_DETAILS, "md_content", height=600)]
            buttons = [("md_buttonDefaultPositive", "OK", self._welcome_ok)]
            return self._md_window(body, buttons, None, cancelable=False)
        if kind == "create":
            title.text = "Create deck"
            field = w.edit_text("android:id/input", dialog["text"], self._type_deck_name)
            buttons = [
                ("md_buttonDefaultNegative", "CANCEL", self._close),
                ("md_buttonDefaultPositive", "OK", self._create_deck),
            ]
            return self._md_window([title, field], buttons, self._close)
        title.text = dialog["deck"]
        items = [
            w.linear_layout(
                [w.text_view(item, "md_title", height=140)],
                height=140,
                on_click=w.bind(self._deck_menu_item, dialog["deck"], item),
            )
            for item in DECK_CONTEXT_MENU
        ]
        listing = View(
            cls=self.RECYCLER_CLS, resource_id="md_contentRecyclerView", weight=0, children=items
        )
        return self._md_window([title, listing], [], self._close)

    def _md_window(
        self,
        body: list[View],
        buttons: list[tuple[str, str, Any]],
        on_dismiss: Any,
        *,
        cancelable: bool = True,
    ) -> Window:
        children = list(body)
        if buttons:
            row: list[View] = [View(cls="android.view.View")]
            for rid, text, handler in buttons:
                row.append(w.text_view(text, rid, on_click=handler, width=250))
            children.append(w.linear_layout(row, horizontal=True, height=140))
        root = w.frame_layout(children, weight=0)
        return Window(root=root, cancelable=cancelable, on_dismiss=on_dismiss)

    # -- handlers ----------------------------------------------------------------------------
    def _welcome_ok(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.request_permission(STORAGE)

    def _ask_deck_name(self, ctx: AppContext) -> None:
        ctx.ui.update(fab=False, dialog={"kind": "create", "text": ""})

    def _type_deck_name(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"]["text"] = text

    def _create_deck(self, ctx: AppContext) -> None:
        """``CreateDeckDialog``: OK is disabled while the name is empty (``inputRange(1, -1)``)."""
        name = ctx.ui["dialog"]["text"].strip()
        if not name:
            return
        ctx.ui["dialog"] = None
        if name != "Default" and name not in ctx.data["decks"]:
            ctx.data["decks"].append(name)

    def _deck_menu(self, ctx: AppContext, name: str) -> None:
        ctx.ui["dialog"] = {"kind": "deck", "deck": name}

    def _deck_menu_item(self, ctx: AppContext, name: str, item: str) -> None:
        ctx.ui["dialog"] = None
        if item == "Deck options":
            ctx.start_activity(DECK_OPTIONS, {"did": name})
        elif item == "Delete deck" and name in ctx.data["decks"]:
            ctx.data["decks"].remove(name)
        elif item == "Browse cards":
            ctx.start_activity(BROWSER)

    def _open_deck(self, ctx: AppContext) -> None:
        """``handleDeckSelection`` of an empty deck: the "This deck is empty" snackbar."""
        if self._deck_counts(ctx):
            ctx.start_activity(REVIEWER)
        else:
            ctx.toast("This deck is empty")


# -- 2.11.0 ------------------------------------------------------------------------------------
# A fresh collection's note types (StdModels), as the type spinner sorts them by name: fields and
# the number of card templates.
MODELS: dict[str, tuple[tuple[str, ...], int]] = {
    "Basic": (("Front", "Back"), 1),
    "Basic (and reversed card)": (("Front", "Back"), 2),
    "Basic (optional reversed card)": (("Front", "Back", "Add Reverse"), 2),
    "Basic (type in the answer)": (("Front", "Back"), 1),
    "Cloze": (("Text", "Extra"), 1),
}
MULTI_MENU = (
    "Edit note",
    "Delete notes",
    "Change deck",
    "Reposition",
    "Reschedule",
    "Reset progress",
    "Preview",
    "Select none",
)
BROWSER_MENU_211 = (*BROWSER_MENU, "Select all")
ASYNC_DONE_211 = [
    "android.os.AsyncTask$3.done(AsyncTask.java:355)",
    "java.util.concurrent.FutureTask.finishCompletion(FutureTask.java:383)",
    "java.util.concurrent.FutureTask.setException(FutureTask.java:252)",
    "java.util.concurrent.FutureTask.run(FutureTask.java:271)",
    "android.os.AsyncTask$SerialExecutor$1.run(AsyncTask.java:246)",
    "java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1167)",
    "java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:641)",
    "java.lang.Thread.run(Thread.java:784)",
]


def _generated(model: str, fields: list[str]) -> int:
    """The cards a note of ``model`` with ``fields`` has: the reverse card needs a non-empty
    Back (``Basic (and reversed card)``) or "Add Reverse" (the optional one). A note type
    change keeps the note's cards (``Models.change`` maps them, it generates none)."""
    if model == "Basic (and reversed card)" and fields[1].strip():
        return 2
    if model == "Basic (optional reversed card)" and fields[2].strip():
        return 2
    return 1


def _selection_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Anki-Android#6432: the card browser's selection check died of the
    out-of-date card list (a ``doInBackground()`` crash after a note type change from the
    multi-select mode)."""
    return bool(data.get("selection_check_failed")) and crashed(
        system, PACKAGE, "java.lang.RuntimeException"
    )


def _add_basic_note(front: str) -> list[dict[str, Any]]:
    return [
        click(PACKAGE, "fab_expand_menu_button", desc="Add", cls="android.widget.ImageButton"),
        click(PACKAGE, "add_note_action", desc="Add", cls="android.widget.ImageButton"),
        input_text(PACKAGE, "id_note_editText", front),
        click(PACKAGE, "action_save", desc="Save"),
        click(PACKAGE, desc=w.NAVIGATE_UP, cls="android.widget.ImageButton"),
    ]


BUG_6432 = BugSpec(
    "Anki-Android#6432",
    "crash",
    "Crash in Card Browser, the multi-select mode: Edit => change the card type",
    _selection_crash,
    human_steps=(
        click(PACKAGE, ALLOW, "Allow", cls="android.widget.Button"),
        *_add_basic_note("one"),
        *_add_basic_note("two"),
        click(PACKAGE, desc=OPEN_DRAWER, cls="android.widget.ImageButton"),
        click(PACKAGE, "design_menu_item_text", "Card browser"),
        long_click(PACKAGE, "card_sfld", "one"),
        click(PACKAGE, "card_sfld", "two"),
        click(PACKAGE, desc="More options"),
        click(PACKAGE, "title", "Edit note"),
        click(PACKAGE, "note_type_spinner", cls="android.widget.Spinner"),
        click(PACKAGE, "android:id/text1", "Basic (and reversed card)"),
        click(PACKAGE, "action_save", desc="Save"),
    ),
)


class AnkiDroid2110(AnkiDroid291):
    """AnkiDroid 2.11.0 (``v2.11.0``), for Anki-Android#6432: the note editor's type spinner
    (``SetNoteTypeListener``/``EditNoteTypeListener``: the fresh collection's five note types,
    by name), editing a note from the card browser (a tap, or "Edit note" in the multi-select
    mode), the card browser's multi-select mode (a long press: ``card_checkbox`` on every row,
    the count in ``toolbar_title``, Navigate up, Flag card, Mark notes, Suspend cards, Select
    all and the overflow of ``card_browser_multiselect.xml``) and the menus' renamed items
    (Add note ``action_add_note_from_card_browser``, Copy note).

    The bug: "Edit note" is offered when the selected cards' ``note`` column is the same, and
    that column holds the note *type's* name, so two notes of one type qualify (#6243); it edits
    the first selected card's note. Saving a note type change closes the editor with
    ``reloadRequired``; ``onActivityResult`` then runs ``searchCards()``, which replaces the
    card list with an empty one until the search is done, and ``invalidateOptionsMenu()``,
    whose multi-select menu launches ``TASK_TYPE_CHECK_CARD_SELECTION`` with the checked
    positions and that empty list: ``IndexOutOfBoundsException`` in
    ``doInBackgroundCheckCardSelection`` (the task thread's crash). Only the first note was
    changed. Outside the multi-select mode, or without a type change, nothing breaks."""

    version: ClassVar[str] = "2.11.0"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_6432,)
    ENTITY_FIX: ClassVar[bool] = True

    def _open_browser(self, ctx: AppContext) -> None:
        """The rows are rendered from the collection (``_cards``); the entity fix is in."""

    # -- the note editor ---------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        super().on_create(ctx)
        ui = ctx.ui
        if ctx.activity == EDITOR:
            note = self._note(ctx, ctx.extras.get("note"))
            if note is None:
                ui.setdefault("model", "Basic")
            elif "model" not in ui:
                ui.update(model=note["model"], fields=list(note["fields"]), edited=False)
        elif ctx.activity == BROWSER:
            ui.setdefault("checked", [])  # the checked positions, in the order of checking

    def _note(self, ctx: AppContext, note_id: Any) -> dict[str, Any] | None:
        return next((n for n in ctx.data["notes"] if n["id"] == note_id), None)

    def _editor_title(self, ctx: AppContext) -> str:
        return "Edit note" if ctx.extras.get("note") is not None else "Add note"

    def _model(self, ctx: AppContext) -> str:
        return str(ctx.ui["model"])

    def _type_spinner_handler(self) -> Any:
        return lambda c: c.ui.update(menu="types")

    def _field_names(self, ctx: AppContext) -> tuple[str, ...]:
        return MODELS[ctx.ui["model"]][0]

    def _editor_menu(self, ctx: AppContext) -> list[tuple[str, Any]]:
        items: list[tuple[str, Any]] = [("Copy note", self._close)]
        if ctx.extras.get("note") is not None:
            items.insert(0, ("Add note", self._close))
        return items

    def _types_dropdown(self, ctx: AppContext) -> Window:
        names = list(MODELS)
        return w.spinner_dropdown(
            names, names.index(ctx.ui["model"]), self._choose_model, self._close
        )

    def _choose_model(self, ctx: AppContext, index: int) -> None:
        """The type spinner's listener: the fields follow the new type (in the edit mode the
        old fields map onto the new ones in order: ``updateFieldsFromMap``)."""
        ui = ctx.ui
        model = list(MODELS)[index]
        names = MODELS[model][0]
        old = ui["fields"]
        ui.update(
            menu=None,
            model=model,
            fields=[old[i] if i < len(old) else "" for i in range(len(names))],
        )
        note = self._note(ctx, ctx.extras.get("note"))
        if note is not None and model != note["model"]:
            ui["edited"] = True  # hasUnsavedChanges: the note type changed

    def _save(self, ctx: AppContext) -> None:
        note = self._note(ctx, ctx.extras.get("note"))
        if note is None:
            self._add(ctx)
        else:
            self._update(ctx, note)

    def _add(self, ctx: AppContext) -> None:
        ui = ctx.ui
        fields = list(ui["fields"])
        if not fields[0].strip():
            ctx.toast("Error saving note")
            return
        data = ctx.data
        model = ui["model"]
        data["notes"].append(
            {
                "id": data["next_id"],
                "fields": fields,
                "model": model,
                "cards": _generated(model, fields),
            }
        )
        data["next_id"] += 1
        ui.update(fields=["" for _ in fields], edited=False)
        ctx.toast("1 card added")

    def _update(self, ctx: AppContext, note: dict[str, Any]) -> None:
        """``saveNote`` in the edit mode; a type change goes through ``changeNoteType`` (no
        schema confirmation: the collection was never synced) and closes the editor with
        ``reloadRequired``. The browser's ``onActivityResult`` follows."""
        ui = ctx.ui
        changed = ui["model"] != note["model"]
        note.update(fields=list(ui["fields"]), model=ui["model"])
        if not changed:  # the note's flush generates the cards its fields now allow
            note["cards"] = max(note["cards"], _generated(note["model"], note["fields"]))
        ctx.finish()
        if changed and ctx.extras.get("multiselect"):
            self._check_selection(ctx, list(ctx.extras.get("checked", [])))

    def _check_selection(self, ctx: AppContext, checked: list[int]) -> None:
        """``TASK_TYPE_CHECK_CARD_SELECTION`` over the list ``searchCards()`` just emptied."""
        ctx.data["selection_check_failed"] = True
        cause = JavaException(
            "java.lang.IndexOutOfBoundsException",
            f"Index: {checked[0]}, Size: 0",
            [
                "java.util.ArrayList.get(ArrayList.java:437)",
                "com.ichi2.async.CollectionTask.doInBackgroundCheckCardSelection"
                "(CollectionTask.java:1566)",
                "com.ichi2.async.CollectionTask.doInBackground(CollectionTask.java:353)",
                "com.ichi2.async.CollectionTask.doInBackground(CollectionTask.java:73)",
                "android.os.AsyncTask$2.call(AsyncTask.java:334)",
                "java.util.concurrent.FutureTask.run(FutureTask.java:266)",
                "android.os.AsyncTask$SerialExecutor$1.run(AsyncTask.java:246)",
                "java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1167)",
                "java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:641)",
                "java.lang.Thread.run(Thread.java:784)",
            ],
        )
        raise JavaException(
            "java.lang.RuntimeException",
            "An error occurred while executing doInBackground()",
            ASYNC_DONE_211,
            cause=cause,
            thread="AsyncTask #4",
        )

    # -- the card browser --------------------------------------------------------------------
    def _cards(self, ctx: AppContext) -> list[dict[str, Any]]:
        """The browser's card list: one row per card of each note, question and answer by
        ``formatQA``, and the ``note`` column (the note type's name)."""
        cards: list[dict[str, Any]] = []
        for note in ctx.data["notes"]:
            fields = note["fields"]
            model = note.get("model", "Basic")
            cards.append({"note": note["id"], "type": model, "q": fields[0], "a": fields[1]})
            if note.get("cards", 1) > 1:  # the reverse card
                cards.append({"note": note["id"], "type": model, "q": fields[1], "a": fields[0]})
        for card in cards:
            card["q"], card["a"] = format_qa(card["q"], True), format_qa(card["a"], True)
        return cards

    def _browser(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        cards = self._cards(ctx)
        checked: list[int] = ui["checked"]
        multi = bool(checked)
        if multi:
            actions = [
                w.action_item("action_flag", "Flag card", lambda c: None),
                w.action_item("action_mark_card", "Mark notes", lambda c: None),
                w.action_item("action_suspend_card", "Suspend cards", lambda c: None),
            ]
            if len(checked) < len(cards):
                actions.append(w.action_item("action_select_all", "Select all", self._select_all))
            actions.append(w.overflow_button(lambda c: c.ui.update(menu="overflow")))
            bar = w.toolbar(
                w.text_view(str(len(checked)), "toolbar_title", height=147),
                navigation=w.nav_button(w.NAVIGATE_UP, self._end_multiselect),
                actions=actions,
            )
        else:
            bar = self._browser_bar(len(cards), "action_add_note_from_card_browser")
        columns = self._browser_columns()
        rows = []
        for i, card in enumerate(cards):
            children = [w.text_view(card["q"], "card_sfld"), w.text_view(card["a"], "card_column2")]
            if multi:
                box = w.check_box("card_checkbox", "", i in checked, clickable=False, width=120)
                children.insert(0, box)
            rows.append(
                w.linear_layout(
                    children,
                    rid="card_item_browser",
                    horizontal=True,
                    height=150,
                    on_click=w.bind(self._tap_card, i),
                    on_long_click=w.bind(self._long_press_card, i),
                )
            )
        body = w.linear_layout([bar, columns, w.list_view(rows, rid="card_browser_list")])
        root = View(cls="android.view.ViewGroup", resource_id="root_layout", children=[body])
        windows: list[Window] = []
        if ui["menu"] == "overflow":
            if multi:
                items: list[tuple[str, Any]] = []
                for title in MULTI_MENU:
                    if title == "Edit note":
                        if len({cards[p]["type"] for p in checked}) == 1:
                            items.append((title, self._edit_selected))
                    elif title == "Select none":
                        items.append((title, self._end_multiselect))
                    else:
                        items.append((title, self._close))
            else:
                items = [(t, self._close) for t in BROWSER_MENU_211]
                items[-1] = ("Select all", self._select_all)
            windows.append(w.menu_window(items, self._close))
        return Screen(content=self._with_drawer(ctx, root, "Card browser"), windows=windows)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == BROWSER and ctx.ui.get("menu") is None and ctx.ui.get("checked"):
            self._end_multiselect(ctx)
            return True
        return super().on_back(ctx)

    def _tap_card(self, ctx: AppContext, position: int) -> None:
        """A tap: toggles the card in the multi-select mode, else opens its note."""
        checked = ctx.ui["checked"]
        if checked:
            w.toggle(checked, position)
            return
        note = self._cards(ctx)[position]["note"]
        ctx.start_activity(EDITOR, {"note": note})

    def _long_press_card(self, ctx: AppContext, position: int) -> None:
        """A long press: the multi-select mode, the card toggled."""
        if ctx.ui["checked"]:
            self._tap_card(ctx, position)
        else:
            ctx.ui["checked"].append(position)

    def _end_multiselect(self, ctx: AppContext) -> None:
        ctx.ui.update(checked=[], menu=None)

    def _select_all(self, ctx: AppContext) -> None:
        checked = ctx.ui["checked"]
        checked.extend(i for i in range(len(self._cards(ctx))) if i not in checked)
        ctx.ui["menu"] = None

    def _edit_selected(self, ctx: AppContext) -> None:
        """``openNoteEditorForCurrentlySelectedNote``: the first selected card's note."""
        ui = ctx.ui
        ui["menu"] = None
        checked = list(ui["checked"])
        note = self._cards(ctx)[checked[0]]["note"]
        ctx.start_activity(EDITOR, {"note": note, "multiselect": True, "checked": checked})
