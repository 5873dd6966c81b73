"""Markleaf (jeiel85/markleaf-android) 2.15.2: a local-first Markdown notes app (Jetpack Compose).

Sources read: the repository snapshot at commit 95076c01b25b1db418beec3c085ca35d5b9a8c11 (main,
v1.1.16 plus features, the last full tree available: the note list's Scaffold, its app bar and
"Add Note" FAB, the editor's BasicTextField "Note content", its empty state and top bar, the
starter notes of ``res/raw/starter_notes.md``, ``StarterNotesSeeder`` run from
``MainActivity.onCreate``), ``core/markdown/syntax/SyntaxHighlighter.kt`` as stored at commit
c9aff4e2955969d9a98a514712114b6149e9a1ea (the version shipped up to 2.15.2),
``core/markdown/preview/MarkdownPreviewList.kt`` of the v2.14/2.15 line (its
``MarkdownCodeBlock``), the fix's test ``FencedCodeBlockEdgeCasesTest`` and the CHANGELOG entry
of v2.15.3 ("코드블록 미리보기 크래시 수정").

Bug markleaf-android#131 (crash): the preview draws every CODE_BLOCK line with
``MarkdownCodeBlock``, which calls ``SyntaxHighlighter.tokenize(text, language)`` with or without
a language. ``SyntaxHighlighter`` is a Kotlin ``object`` whose static initialiser compiles every
rule set; SHELL_RULES' variable pattern ``\\$\\{[^}]+}|...`` has an unescaped closing ``}``, which
the JVM's regex accepts but Android's ICU regex rejects, so the first preview of a note holding a
code block (fenced or indented, any language) dies with ExceptionInInitializerError caused by
PatternSyntaxException. Preview of notes without a code block (inline `code` included) works.
Fixed in 2.15.3 by escaping the brace.

Modelled: first launch (no permission request; the four English starter notes seeded), the note
list (app bar "Notes", Search, the overflow, the "Add Note" FAB, note rows), the editor (new note
created by the FAB, "Edit Note"/"Preview" titles, the empty state, the Preview/Edit toggle,
Back), the preview (headings, list rows, body text, code blocks). Stubbed: Search, Tags, Trash,
Settings, Quick Open (a title and Back). Not modelled: formatting toolbar, wikilink navigation,
version history, folder sync, widgets.

Uncertain: the 2.15.2 tree itself could not be fetched (the snapshot stops at v1.1.16+, two weeks
earlier), so the list's app-bar actions and overflow items, and the preview toggle being an icon
button described "Preview"/"Edit" (as in later releases) rather than a text button, are taken
from the nearest sources; the release build is R8-minified, so its real frames are obfuscated
(the model shows the mapped names); the ICU message text of the cause is approximated.
No network content.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import Screen, View, Window

PKG = "com.markleaf.notes"
MAIN = ".MainActivity"
BUTTON = "android.widget.Button"

STARTER_NOTES = [
    (
        "Welcome to Markleaf",
        "# Welcome to Markleaf\n\nMarkleaf is a local-first Markdown notes app for Android. It is "
        "designed to open quickly, let you write immediately, and keep your notes portable as "
        "Markdown files.\n\n## Try first\n\n- Create a new note and capture an idea\n- Add tags "
        "like #idea inside the body\n- Link notes with `[[Write beautifully with Markdown]]`\n"
        "- Create a ZIP backup from Settings\n\nYou can edit or delete these starter notes at "
        "any time. #start #guide",
    ),
    (
        "Write beautifully with Markdown",
        "# Write beautifully with Markdown\n\nMarkdown keeps your writing readable as plain text "
        "while still supporting structure and style.\n\n## Common syntax\n\n- **Bold**\n"
        "- _Italic_\n- `Code`\n- [ ] Todo\n- [x] Done\n\nUse Preview mode to see how the note "
        "renders. #markdown #writing",
    ),
    (
        "Organize with tags and links",
        "# Organize with tags and links\n\nMarkleaf is organized around tags and links instead "
        "of folders.\n\n## Tags\n\nWrite tags such as #project, #meeting, or #reading in the "
        "body to collect related notes. A note can have multiple tags.\n\n## Wiki links\n\n"
        "Wrap another note title like `[[Local-first backup and export]]` to connect notes.\n\n"
        "This note also links back to `[[Welcome to Markleaf]]`. #organize #links",
    ),
    (
        "Local-first backup and export",
        "# Local-first backup and export\n\nIn the MVP, Markleaf stores notes on your device "
        "without accounts, analytics, ads, or server integration.\n\n## Take your data with "
        "you\n\n- Share a single note as Markdown.\n- Export all notes as Markdown files.\n"
        "- Create and restore ZIP backups from Settings.\n\nBy default, your notes do not leave "
        "the device until you explicitly export, share, or back them up. #backup #privacy",
    ),
]

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
SHELL_VAR_PATTERN = r"\$\{[^}]+}|\$[A-Za-z_][A-Za-z0-9_]*|\$\d|\$[@*#?!$_]"


def title_of(text: str) -> str:
    """TitleExtractor: the first non-blank line without its heading marks."""
    for line in text.splitlines():
        if line.strip():
            return line.strip().lstrip("#").strip()
    return ""


def preview_lines(text: str) -> list[tuple[str, str, str]]:
    """(type, text, extra) rows of the preview: CODE_BLOCK for fenced blocks (closed or not) and
    indented blocks, headings, list rows and body lines otherwise."""
    rows: list[tuple[str, str, str]] = []
    lines = text.split("\n")
    i = 0
    prev_blank = True
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        if fence:
            run, info = fence.group(1), fence.group(2).strip()
            body: list[str] = []
            i += 1
            while i < len(lines):
                close = FENCE.match(lines[i])
                if (
                    close
                    and close.group(1)[0] == run[0]
                    and len(close.group(1)) >= len(run)
                    and not close.group(2).strip()
                ):
                    break
                body.append(lines[i])
                i += 1
            rows.append(("CODE_BLOCK", "\n".join(body), info.split(" ")[0] if info else ""))
            i += 1
            prev_blank = False
            continue
        if prev_blank and line.strip() and (line.startswith("    ") or line.startswith("\t")):
            rows.append(("CODE_BLOCK", line.strip(), ""))
        elif not line.strip():
            rows.append(("EMPTY", "", ""))
        elif line.startswith("#"):
            rows.append(("HEADING", line.lstrip("#").strip(), ""))
        elif line.lstrip().startswith(("- [ ] ", "- [x] ")):
            done = line.lstrip().startswith("- [x]")
            rows.append(("BULLET", ("☑ " if done else "☐ ") + line.lstrip()[6:], ""))
        elif line.lstrip().startswith(("- ", "* ", "+ ")):
            rows.append(("BULLET", "• " + line.lstrip()[2:], ""))
        else:
            rows.append(("BODY", line.replace("**", "").replace("`", ""), ""))
        prev_blank = not line.strip()
        i += 1
    return rows


def preview_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of markleaf-android#131: the app died of the highlighter's failed
    static initialisation while drawing a preview."""
    return crashed(system, PKG, "java.lang.ExceptionInInitializerError")


CODE_NOTE = '```kotlin\nfun hello() = "Markleaf"\n```'

ADD = click(PKG, desc="Add Note", cls=BUTTON)
PREVIEW = click(PKG, desc="Preview", cls=BUTTON)
BACK = click(PKG, desc="Back", cls=BUTTON)


def type_note(text: str) -> dict[str, Any]:
    return input_text(PKG, "", text, desc="Note content")


HUMAN_STEPS = (ADD, type_note(CODE_NOTE), PREVIEW)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "markleaf-android#131": [
        # A note without a code block previews fine.
        [ADD, type_note("fun hello() = Markleaf"), PREVIEW],
        # Inline code is not a code block.
        [ADD, type_note('`fun hello() = "Markleaf"`'), PREVIEW],
        # The code block written but never previewed.
        [ADD, type_note(CODE_NOTE), BACK],
        # A starter note (inline code only) in preview.
        [click(PKG, text="Write beautifully with Markdown"), PREVIEW],
        # Preview of the empty note, then the code block typed back in the editor.
        [ADD, PREVIEW, click(PKG, desc="Edit", cls=BUTTON), type_note(CODE_NOTE)],
    ],
}


class Markleaf(VirtualApp):
    """Markleaf 2.15.2: the note list and the editor with its preview."""

    name: ClassVar[str] = "markleaf-android"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "Markleaf"
    version: ClassVar[str] = "2.15.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "markleaf-android#131",
            "crash",
            "Codeblocks are causing app to crash",
            preview_crashed,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"notes": [], "next_id": 1, "seeded": False}

    # -- lifecycle ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if not ctx.data["seeded"]:  # StarterNotesSeeder.seedIfNeeded
            for _title, body in reversed(STARTER_NOTES):
                self.new_note(ctx, body)
            ctx.data["seeded"] = True
        ctx.ui.setdefault("stack", ["notes"])

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        """Rotation: the NavHost's back stack and the route's note survive; the editor's
        ``remember``-ed preview flag and the open menu do not."""
        return {k: v for k, v in ctx.ui.items() if k in ("stack", "note_id")}

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("menu"):
            ctx.ui["menu"] = False
            return True
        stack = ctx.ui.get("stack", ["notes"])
        if len(stack) > 1:
            self.pop(ctx)
            return True
        return False

    # -- state ----------------------------------------------------------------------------------
    def new_note(self, ctx: AppContext, body: str = "") -> int:
        note_id = int(ctx.data["next_id"])
        ctx.data["next_id"] = note_id + 1
        ctx.data["notes"].insert(0, {"id": note_id, "content": body})
        return note_id

    def note(self, ctx: AppContext, note_id: int) -> dict[str, Any]:
        return next(n for n in ctx.data["notes"] if n["id"] == note_id)

    def push(self, ctx: AppContext, route: str, **state: Any) -> None:
        ctx.ui["stack"] = [*ctx.ui.get("stack", ["notes"]), route]
        ctx.ui["menu"] = False
        ctx.ui.update(state)

    def pop(self, ctx: AppContext) -> None:
        ctx.ui["stack"] = ctx.ui["stack"][:-1]
        ctx.ui["preview"] = False

    def add_note(self, ctx: AppContext) -> None:
        self.push(ctx, "editor", note_id=self.new_note(ctx), preview=False)

    def open_note(self, ctx: AppContext, note_id: int) -> None:
        self.push(ctx, "editor", note_id=note_id, preview=False)

    def edit(self, ctx: AppContext, text: str) -> None:
        self.note(ctx, ctx.ui["note_id"])["content"] = text  # the debounced auto-save

    def toggle_preview(self, ctx: AppContext) -> None:
        ctx.ui["preview"] = not ctx.ui.get("preview")
        if ctx.ui["preview"]:
            self.compose_preview(ctx, self.note(ctx, ctx.ui["note_id"])["content"])

    def compose_preview(self, ctx: AppContext, text: str) -> None:
        """MarkdownPreviewList composing its rows: a CODE_BLOCK row's MarkdownCodeBlock asks
        SyntaxHighlighter for tokens, which first runs the object's static initialiser."""
        for kind, _body, _language in preview_lines(text):
            if kind == "CODE_BLOCK":
                self.init_highlighter()

    def init_highlighter(self) -> None:
        cause = JavaException(
            "java.util.regex.PatternSyntaxException",
            f"U_REGEX_RULE_SYNTAX near index 9:\n{SHELL_VAR_PATTERN}\n         ^",
            [
                "java.util.regex.Pattern.compileImpl(Native Method)",
                "java.util.regex.Pattern.compile(Pattern.java:1462)",
                "java.util.regex.Pattern.<init>(Pattern.java:1428)",
                "java.util.regex.Pattern.compile(Pattern.java:950)",
                "kotlin.text.Regex.<init>(Regex.kt:89)",
                "com.markleaf.notes.core.markdown.syntax.SyntaxHighlighter.<clinit>"
                "(SyntaxHighlighter.kt:179)",
            ],
        )
        raise JavaException(
            "java.lang.ExceptionInInitializerError",
            "",
            [
                "com.markleaf.notes.core.markdown.preview.MarkdownPreviewListKt"
                ".MarkdownCodeBlock(MarkdownPreviewList.kt:497)",
                "com.markleaf.notes.core.markdown.preview.MarkdownPreviewListKt"
                ".PreviewLineRenderer(MarkdownPreviewList.kt:152)",
                "com.markleaf.notes.core.markdown.preview.MarkdownPreviewListKt"
                "$MarkdownPreviewList$1$1.invoke(MarkdownPreviewList.kt:97)",
                "androidx.compose.foundation.lazy.LazyListItemProviderImpl.Item"
                "(LazyListItemProvider.kt:79)",
                "androidx.compose.runtime.Recomposer.runRecomposeAndApplyChanges"
                "(Recomposer.kt:536)",
                "androidx.compose.ui.platform.AndroidUiFrameClock$withFrameNanos$2$callback$1"
                ".doFrame(AndroidUiFrameClock.android.kt:39)",
                "android.view.Choreographer.doFrame(Choreographer.java:1337)",
                "android.os.Handler.dispatchMessage(Handler.java:106)",
                "android.os.Looper.loop(Looper.java:294)",
                "android.app.ActivityThread.main(ActivityThread.java:8177)",
            ],
            cause=cause,
        )

    # -- screens --------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        route = ctx.ui.get("stack", ["notes"])[-1]
        if route == "editor":
            return self.editor(ctx)
        if route == "notes":
            return self.note_list(ctx)
        return self.stub(ctx, route)

    def icon(self, desc: str, handler: Any) -> View:
        return View(cls=BUTTON, content_desc=desc, on_click=handler, width=147, height=147)

    def app_bar(self, title: str, navigation: View | None, actions: list[View]) -> View:
        return w.toolbar(
            w.text_view(title, height=w.TOOLBAR_HEIGHT),
            navigation=navigation,
            actions=actions,
            rid="",
            cls="android.view.View",
        )

    def back_icon(self) -> View:
        return self.icon("Back", lambda c: self.pop(c))

    def note_list(self, ctx: AppContext) -> Screen:
        rows = []
        for n in ctx.data["notes"]:
            title = title_of(n["content"]) or "Untitled"
            excerpt = " ".join(
                ln.lstrip("#- ").strip() for ln in n["content"].split("\n")[1:] if ln.strip()
            )[:80]
            rows.append(
                View(
                    cls="android.view.View",
                    on_click=w.bind(self.open_note, n["id"]),
                    height=220,
                    children=[w.text_view(title), w.text_view(excerpt)],
                )
            )
        body: list[View] = rows or [
            w.text_view("No notes yet"),
            w.text_view("Tap + to create your first note"),
        ]
        content = w.frame_layout(
            [
                w.linear_layout(
                    [
                        self.app_bar(
                            "Notes",
                            None,
                            [
                                self.icon("Search", lambda c: self.push(c, "Search")),
                                self.icon("More options", lambda c: c.ui.update(menu=True)),
                            ],
                        ),
                        w.scroll_view([w.linear_layout(body)]),
                    ]
                ),
                w.fab("", "Add Note", self.add_note, cls=BUTTON),
            ]
        )
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Quick Open", lambda c: self.push(c, "Quick Open")),
                        ("Tags", lambda c: self.push(c, "Tags")),
                        ("Trash", lambda c: self.push(c, "Trash")),
                        ("Settings", lambda c: self.push(c, "Settings")),
                    ],
                    lambda c: c.ui.update(menu=False),
                )
            )
        return Screen(content=content, windows=windows)

    def editor(self, ctx: AppContext) -> Screen:
        text = self.note(ctx, ctx.ui["note_id"])["content"]
        preview = bool(ctx.ui.get("preview"))
        bar = self.app_bar(
            "Preview" if preview else "Edit Note",
            self.back_icon(),
            [self.icon("Edit" if preview else "Preview", self.toggle_preview)],
        )
        if preview:
            body = [
                w.text_view(row_text)
                for kind, row_text, _extra in preview_lines(text)
                if kind != "EMPTY"
            ]
            main = w.scroll_view([w.linear_layout(body)])
        else:
            field = w.edit_text("", text, self.edit, content_desc="Note content")
            empty = (
                [
                    w.text_view("\u270f\ufe0f"),
                    w.text_view("A quiet page is ready"),
                    w.text_view(
                        "Use Markdown, #tags, links, checkboxes, and images. "
                        "Markleaf saves locally as you write."
                    ),
                ]
                if not text
                else []
            )
            main = w.linear_layout([field, *empty])
        return Screen(content=w.linear_layout([bar, main]))

    def stub(self, ctx: AppContext, route: str) -> Screen:
        bar = self.app_bar(route, self.back_icon(), [])
        return Screen(content=w.linear_layout([bar]))
