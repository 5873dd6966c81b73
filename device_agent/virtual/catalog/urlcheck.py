"""URLCheck (``com.trianguloy.urlchecker``) 3.4, for URLCheck#493 (a crash with typed input).

Modelled from the sources at tag ``v3.4``: ``AndroidManifest.xml``,
``activities/MainActivity.java``, ``TutorialActivity.java``, ``ModulesActivity.java``,
``modules/ModuleManager.java`` (the module list and its default order and enabled state),
``modules/list/WebhookModule.java`` (``WebhookConfig``, ``WebhookDialog.send``),
``utilities/wrappers/Connection.java``, ``res/layout/activity_main.xml``,
``activity_tutorial.xml``, ``fragment_browser_buttons.xml``, ``activity_modules.xml``,
``config_module.xml``, ``config_webhook.xml``, ``res/menu/activity_main.xml``,
``activity_modules.xml``, ``res/values/strings.xml`` and ``untranslatable_strings.xml``; the fix
is commit ``6f5cdc1c`` ("Replace HttpsURLConnection with HttpURLConnection", PR #507).

What is modelled: a fresh install opens ``MainActivity`` and, the tutorial not being done,
``TutorialActivity`` above it (five pages: ``bBack`` "Skip tutorial"/"Back", ``pageIndex``
"1/5", ``bNext`` "Next"/"Finish tutorial"; page 3's browser buttons open system settings: not
modelled; page 4's "Modules" button); the main screen (the about icon, the texts, the sample
URL, the Modules / Automations / Settings / About buttons, the overflow's "Check URLs from the
clipboard"); ``ModulesActivity`` with its overflow ("Reset order", "Toggle all titles") and one
card per module in ``ModuleManager``'s order (``label`` "<name>:" toggling the details,
``move_up``, ``move_down``, ``decorations``, the ``enable`` Switch with the real default and the
webhook's "Can't enable" check); the Webhook card's configuration (``webhook_url``,
``webhook_body`` with the default template, ``webhook_templates`` opening the Templates list:
custom, Discord, Slack, Teams; ``webhook_test`` enabled as the text watcher enables it). The other
modules' cards expand to their description only (a shallow stub of their own configuration);
Automations, Settings and About are stubs (a title and Up); reordering is not modelled.

Fixed data instead of the network: the test device reaches no webhook server, so a test with an
``https`` URL fails ("Failed to send to webhook"), as would one with a URL that does not parse.

The bug (URLCheck#493): ``Connection.Request`` casts ``new URL(url).openConnection()`` to
``javax.net.ssl.HttpsURLConnection``; for an ``http`` URL Android returns okhttp's
``HttpURLConnectionImpl``, so "Test webhook" throws ``ClassCastException`` on the thread it
starts (only ``IOException`` is caught), killing the app. ``ftp:`` and ``file:`` URLs get
libcore's ``FtpURLConnection``/``FileURLConnection`` and fail the same cast. The report has the
exception's message but no trace: the frames are the model's, in the app's real classes and line
numbers at the tag (the release build is shrunk by R8, so a real trace may show other names).

Human steps: 10 against LTGDroid's 11 (Skip tutorial, Modules, scroll, "Webhook:", type the URL,
Back to hide the keyboard that covers the card, Templates, Discord, scroll, Test webhook); the
difference is likely one more scroll or a tap into the URL field before typing.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.trianguloy.urlchecker"
MAIN = "com.trianguloy.urlchecker.activities.MainActivity"
TUTORIAL = "com.trianguloy.urlchecker.activities.TutorialActivity"
MODULES = "com.trianguloy.urlchecker.activities.ModulesActivity"
AUTOMATIONS = "com.trianguloy.urlchecker.activities.AutomationActivity"
SETTINGS = "com.trianguloy.urlchecker.activities.SettingsActivity"
ABOUT = "com.trianguloy.urlchecker.activities.AboutActivity"
MAIN_DIALOG = "com.trianguloy.urlchecker.dialogs.MainDialog"
STUB_TITLES = {AUTOMATIONS: "Automations", SETTINGS: "Settings", ABOUT: "About"}
SAMPLE_URL = "http://www.google.com/?ref=referrer&foo=bar#tag"

TUTORIAL_PAGES = (
    "Thanks for downloading the app!\n\nThis is the tutorial, if you want to skip it you can do "
    "so with the button below. You can always come back to this tutorial from the settings menu.",
    "The app acts as an intermediary when opening or sharing url links. Once an url is sent to "
    "the app you can interact with it via the modules. After that you can open the link (in the "
    "app you want), share it or copy it to the clipboard.",
    "Set the app as the default web browser to intercept URLs when opening them. \n(Not needed "
    "if URLs are redirected using the “Share” functionality.)",
    "Modules is how the app interacts with the URLs. \nEach of the modules has a specific "
    "function. Usually to present info about the URL, or allowing it to be modified. \nRead "
    "about them and set them up as needed. \n",
    "That's all. Here are some tips that can be useful:",
)
BROWSER_BUTTONS = (
    ("b1", "Set as default browser"),
    ("b2", "Default web browser"),
    ("b3", "Open supported links"),
    ("b4", "Android app settings"),
)
INFO = (
    "This app acts as an intermediary when opening clicked URL links. A dialog with some info "
    "about the link is shown when choosing this app to open it. Press the module button below "
    "to check and configure all available modules."
)
CONF = (
    "Here are all the available modules, where you can check their description and settings. "
    "You can also reorder, toggle the title visibility and enable/disable them."
)
# ModuleManager's modules in their default order: (id, name, enabled by default, description).
MODULE_LIST: tuple[tuple[str, str, bool, str], ...] = (
    ("log", "Log", True, "This module logs all checked URLs."),
    ("text", "Input text", True, "Displays the current URL. Press it to enter edit mode."),
    ("history", "History", True, "When the URL is edited, this one allows you to revert it."),
    (
        "statusCode",
        "Status code",
        True,
        "By pressing the check button, a network request will "
        "be made to retrieve and display the site status code.",
    ),
    ("unshorten", "Unshortener", True, "This module will unshort links."),
    (
        "virustotal",
        "URL Scanner",
        False,
        "When this module is enabled you can scan the URL using VirusTotal and check the report.",
    ),
    (
        "clearUrl",
        "URL Cleaner",
        True,
        "This module removes tracking, referrer and other useless parameters from the URL.",
    ),
    (
        "removeQueries",
        "Queries Remover",
        False,
        "[DEPRECATED] With this module you can remove queries from the URL.",
    ),
    ("uriparts", "Uri parts", True, "This module shows all parts of the url decoded."),
    ("pattern", "Pattern checker", True, "This module checks the url with regex patterns."),
    ("hosts", "Hosts labeler", True, "This module labels hosts."),
    ("webhook", "Webhook", False, ""),
    (
        "flagsEditor",
        "Flags editor",
        False,
        "[Beta feature] This is an advanced module, it "
        "allows you to edit the intent flags when opening another app.",
    ),
    (
        "debug",
        "Debug/Marker module",
        False,
        "If you reorder the modules, new ones added in "
        "future updates will be placed above this one.",
    ),
    ("open", "Open and share", True, "Contains the following buttons (left to right):"),
    ("changelog", "Changelog", True, "Will notify when the app was updated."),
    ("drawer", "Drawer", False, "All modules below this will be hidden in a drawer."),
)
WEBHOOK_DESC = (
    "This module sends URLs to a configured webhook endpoint. Each URL is sent with a timestamp, "
    "allowing you to collect and process URLs on your own server.\nThanks to anoop-b for the "
    "idea and base implementation!\n\nConfigure your webhook URL and body below to start "
    "sending URLs.\nFor the body, you can use the placeholders $URL$, $TIMESTAMP$ and "
    "$REFERRER$."
)
DEFAULT_BODY = '{\n  "url": "$URL$",\n  "timestamp": "$TIMESTAMP$",\n  "referrer": "$REFERRER$"\n}'
TEMPLATES = (
    ("custom", DEFAULT_BODY),
    ("Discord", '{\n  "embeds": [\n    {\n      "title": "$URL$"\n    }\n  ]\n}'),
    ("Slack", '{\n  "blocks": [\n    {\n      "type": "section"\n    }\n  ]\n}'),
    ("Teams", '{\n "type": "message",\n "attachments": []\n}'),
)
MISSING_CONFIG = "Missing webhook url or body"
# What URL.openConnection returns on Android for the schemes that parse, when not HTTPS.
NOT_HTTPS = {
    "http": "com.android.okhttp.internal.huc.HttpURLConnectionImpl",
    "ftp": "libcore.net.url.FtpURLConnection",
    "file": "libcore.net.url.FileURLConnection",
}


def _cast_failure(connection_class: str) -> JavaException:
    """The ClassCastException of ``Connection.Request`` on the "Test webhook" thread."""
    return JavaException(
        "java.lang.ClassCastException",
        f"{connection_class} cannot be cast to javax.net.ssl.HttpsURLConnection",
        frames=[
            "com.trianguloy.urlchecker.utilities.wrappers.Connection$Request.<init>("
            "Connection.java:36)",
            "com.trianguloy.urlchecker.utilities.wrappers.Connection.to(Connection.java:28)",
            "com.trianguloy.urlchecker.modules.list.WebhookDialog.send(WebhookModule.java:147)",
            "com.trianguloy.urlchecker.modules.list.WebhookConfig.lambda$onInitialize$3("
            "WebhookModule.java:283)",
            "com.trianguloy.urlchecker.modules.list.WebhookConfig$$ExternalSyntheticLambda4.run("
            "D8$$SyntheticClass:0)",
            "java.lang.Thread.run(Thread.java:923)",
        ],
        thread="Thread-2",
    )


def _crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, "java.lang.ClassCastException", "HttpsURLConnection")


def _click(text: str = "", rid: str = "", cls: str = "android.widget.Button") -> dict[str, Any]:
    return click(PACKAGE, rid, text, cls=cls)


BUG_493 = BugSpec(
    bug_id="URLCheck#493",
    kind="crash",
    title="Crash when using HTTP URL for webhook",
    oracle=_crashed,
    human_steps=(
        _click("Skip tutorial", "bBack"),
        _click("Modules"),
        {"kind": "swipe", "direction": "up"},
        _click("Webhook:", "label", "android.widget.TextView"),
        {
            "kind": "input_text",
            "target": {
                "resource_id": f"{PACKAGE}:id/webhook_url",
                "text": "",
                "content_desc": "",
                "class_name": "android.widget.EditText",
            },
            "text": "http://example.com/hook",
        },
        {"kind": "press_back"},  # hides the keyboard, which covers the Templates button
        _click("Templates", "webhook_templates"),
        _click("Discord", "android:id/text1", "android.widget.TextView"),
        {"kind": "swipe", "direction": "up"},
        _click("Test webhook", "webhook_test"),
    ),
)


class URLCheck34(VirtualApp):
    """URLCheck 3.4 (see the module docstring)."""

    name: ClassVar[str] = "URLCheck"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "URLCheck"
    version: ClassVar[str] = "3.4"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_493,)
    # 3.4: Connection casts every connection to HttpsURLConnection (fixed in 6f5cdc1c).
    CASTS_TO_HTTPS: ClassVar[bool] = True

    def initial_data(self) -> dict[str, Any]:
        return {
            "tutorial_done": False,
            "enabled": {mid: default for mid, _, default, _ in MODULE_LIST},
            "webhook_url": "",
            "webhook_body": DEFAULT_BODY,
            "webhook_tests": [],
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            ui.setdefault("menu", False)
            if not ctx.data["tutorial_done"] and not ui.get("tutorial_started"):
                ui["tutorial_started"] = True
                ctx.start_activity(TUTORIAL)
        elif ctx.activity == TUTORIAL:
            ui.setdefault("page", 0)
        elif ctx.activity == MODULES:
            ui.setdefault("scroll", 0)
            ui.update(expanded=[], menu=False, templates=False)  # onCreate collapses all
            data = ctx.data
            ui.setdefault("test_enabled", bool(data["webhook_url"]) and bool(data["webhook_body"]))

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == MODULES:
            return {"scroll": ctx.ui["scroll"]}  # the ScrollView's position; cards re-inflate
        return dict(ctx.ui)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == TUTORIAL:
            self._prev(ctx)
            return True
        return w.dismiss(ui, "menu")

    # -- rendering ---------------------------------------------------------------------------
    def _bar(self, title: str, up: bool, menu: bool) -> View:
        return w.toolbar(
            title,
            navigation=w.up_button() if up else None,
            actions=[w.overflow_button(lambda c: c.ui.update(menu=True))] if menu else [],
            rid="android:id/action_bar",
            cls="android.widget.Toolbar",
        )

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == TUTORIAL:
            return self._render_tutorial(ctx)
        if ctx.activity == MODULES:
            return self._render_modules(ctx)
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == MAIN_DIALOG:
            body = w.linear_layout(
                [w.text_view(ctx.extras.get("url", ""), "url", height=200)], weight=0
            )
            return Screen(content=w.frame_layout(), windows=[Window(body)])
        bar = self._bar(STUB_TITLES.get(ctx.activity, ""), up=True, menu=False)
        return Screen(content=w.linear_layout([bar, View()]))

    def _render_tutorial(self, ctx: AppContext) -> Screen:
        page = ctx.ui["page"]
        last = len(TUTORIAL_PAGES) - 1
        children = [w.text_view(TUTORIAL_PAGES[page], height=700)]
        if page == 0:
            children.insert(0, w.text_view("URLCheck", height=200))
        elif page == 2:
            children += [
                View(
                    cls="android.widget.Button",
                    resource_id=rid,
                    text=text,
                    on_click=lambda c: None,  # system settings screens: not modelled
                )
                for rid, text in BROWSER_BUTTONS
            ]
            children.append(w.text_view("Press the link below to test it:"))
            children.append(w.text_view(SAMPLE_URL, on_click=self._open_sample))
        elif page == 3:
            children.append(
                View(
                    cls="android.widget.Button",
                    text="Modules",
                    on_click=lambda c: c.start_activity(MODULES),
                )
            )
        flipper = View(
            cls="android.widget.ViewFlipper",
            resource_id="flipper",
            children=[w.scroll_view([w.linear_layout(children)], rid=f"p{page + 1}")],
        )
        buttons = w.linear_layout(
            [
                View(
                    cls="android.widget.Button",
                    resource_id="bBack",
                    text="Skip tutorial" if page == 0 else "Back",
                    on_click=self._prev,
                ),
                w.text_view(f"{page + 1}/{last + 1}", "pageIndex", width=200, height=147),
                View(
                    cls="android.widget.Button",
                    resource_id="bNext",
                    text="Finish tutorial" if page == last else "Next",
                    on_click=self._next,
                ),
            ],
            horizontal=True,
            height=147,
        )
        bar = self._bar("Tutorial", up=False, menu=False)
        return Screen(content=w.linear_layout([bar, flipper, buttons]))

    def _render_main(self, ctx: AppContext) -> Screen:
        def button(text: str, target: str) -> View:
            return View(
                cls="android.widget.Button",
                text=text,
                on_click=lambda c: c.start_activity(target),
            )

        body = w.scroll_view(
            [
                w.linear_layout(
                    [
                        w.image_button("", "", lambda c: c.toast("URLCheck - TrianguloY")),
                        w.text_view("URLCheck"),
                        w.text_view(INFO, height=330),
                        w.text_view("Press the link below to test it:"),
                        w.text_view(SAMPLE_URL, on_click=self._open_sample),
                        w.linear_layout(
                            [
                                button("Modules", MODULES),
                                button("Automations", AUTOMATIONS),
                                button("Settings", SETTINGS),
                                button("About", ABOUT),
                            ],
                            weight=0,
                        ),
                    ]
                )
            ]
        )
        windows = []
        if ctx.ui["menu"]:
            windows.append(
                w.menu_window(
                    [("Check URLs from the clipboard", lambda c: c.ui.update(menu=False))],
                    lambda c: c.ui.update(menu=False),
                )
            )
        bar = self._bar("URLCheck", up=False, menu=True)
        content = w.linear_layout([bar, body])
        return Screen(content=content, windows=windows)

    def _render_modules(self, ctx: AppContext) -> Screen:
        cards = [w.text_view(CONF, height=260)]
        cards += [self._card(ctx, *module) for module in MODULE_LIST]
        scroll = w.scroll_view(cards, scrollable=True, scroll_key="scroll")
        windows: list[Window] = []
        close = self._close_windows
        if ctx.ui["menu"]:
            windows.append(
                w.menu_window([("Reset order", close), ("Toggle all titles", close)], close)
            )
        if ctx.ui["templates"]:
            rows = View(
                cls="android.widget.ListView",
                resource_id="android:id/select_dialog_listview",
                weight=0,
                children=[
                    w.text_view(
                        name, "android:id/text1", height=147, on_click=w.bind(self._template, i)
                    )
                    for i, (name, _) in enumerate(TEMPLATES)
                ],
            )
            windows.append(w.alert_dialog(w.dialog_title("Templates"), [rows], [], close))
        bar = self._bar("Modules", up=True, menu=True)
        return Screen(
            content=w.linear_layout([bar, scroll]),
            windows=windows,
        )

    def _card(self, ctx: AppContext, mid: str, name: str, _default: bool, desc: str) -> View:
        expanded = mid in ctx.ui["expanded"]
        header = w.linear_layout(
            [
                w.text_view(f"{name}:", "label", height=147, on_click=w.bind(self._toggle, mid)),
                w.image_button("move_up", "Move up", lambda c: None, width=126),
                w.image_button("move_down", "Move down", lambda c: None, width=126),
                w.image_button("decorations", "Show/hide title", lambda c: None, width=126),
                View(
                    cls="android.widget.Switch",
                    resource_id="enable",
                    content_desc="Enable/disable module",
                    checked=ctx.data["enabled"][mid],
                    checkable=True,
                    on_click=w.bind(self._switch, mid),
                    width=180,
                ),
            ],
            horizontal=True,
            height=147,
        )
        children = [header]
        if expanded:
            box = self._webhook_config(ctx) if mid == "webhook" else [w.text_view(desc, height=220)]
            children.append(
                w.linear_layout(
                    [w.frame_layout([w.linear_layout(box, weight=0)], rid="box", weight=0)],
                    rid="details",
                    weight=0,
                )
            )
        return w.linear_layout(children, weight=0)

    def _webhook_config(self, ctx: AppContext) -> list[View]:
        data = ctx.data
        return [
            w.text_view(WEBHOOK_DESC, "label", height=420),
            w.edit_text("webhook_url", data["webhook_url"], self._url_typed, hint="Webhook URL"),
            w.linear_layout(
                [
                    w.edit_text(
                        "webhook_body",
                        data["webhook_body"],
                        self._body_typed,
                        hint="Webhook body",
                        extra={"multiline": True},
                    ),
                    View(
                        cls="android.widget.Button",
                        resource_id="webhook_templates",
                        text="Templates",
                        on_click=lambda c: c.ui.update(templates=True),
                        width=300,
                    ),
                ],
                horizontal=True,
                height=300,
            ),
            View(
                cls="android.widget.Button",
                resource_id="webhook_test",
                text="Test webhook",
                enabled=ctx.ui["test_enabled"],
                on_click=self._test if ctx.ui["test_enabled"] else None,
            ),
        ]

    # -- handlers ----------------------------------------------------------------------------
    def _open_sample(self, ctx: AppContext) -> None:
        ctx.start_activity(MAIN_DIALOG, {"url": SAMPLE_URL})

    def _prev(self, ctx: AppContext) -> None:
        if ctx.ui["page"] == 0:
            ctx.data["tutorial_done"] = True
            ctx.finish()
        else:
            ctx.ui["page"] -= 1

    def _next(self, ctx: AppContext) -> None:
        if ctx.ui["page"] == len(TUTORIAL_PAGES) - 1:
            ctx.data["tutorial_done"] = True
            ctx.finish()
        else:
            ctx.ui["page"] += 1

    def _close_windows(self, ctx: AppContext) -> None:
        ctx.ui.update(menu=False, templates=False)

    def _toggle(self, ctx: AppContext, mid: str) -> None:
        expanded = ctx.ui["expanded"]
        w.toggle(expanded, mid)

    def _cannot_enable(self, ctx: AppContext, mid: str) -> bool:
        return mid == "webhook" and not (ctx.data["webhook_url"] and ctx.data["webhook_body"])

    def _switch(self, ctx: AppContext, mid: str) -> None:
        enabled = ctx.data["enabled"]
        if not enabled[mid] and self._cannot_enable(ctx, mid):
            ctx.toast(f"Can't enable the module: {MISSING_CONFIG}")
            return
        enabled[mid] = not enabled[mid]

    def _after_text_changed(self, ctx: AppContext, text: str) -> None:
        """WebhookConfig's text watcher on either field: empty disables the module and the
        test; anything else enables the test."""
        if not text:
            ctx.data["enabled"]["webhook"] = False
        ctx.ui["test_enabled"] = bool(text)

    def _url_typed(self, ctx: AppContext, text: str) -> None:
        ctx.data["webhook_url"] = text
        self._after_text_changed(ctx, text)

    def _body_typed(self, ctx: AppContext, text: str) -> None:
        ctx.data["webhook_body"] = text
        self._after_text_changed(ctx, text)

    def _template(self, ctx: AppContext, index: int) -> None:
        ctx.ui["templates"] = False
        self._body_typed(ctx, TEMPLATES[index][1])

    def _test(self, ctx: AppContext) -> None:
        """The "Test webhook" thread: ``WebhookDialog.send(url, url, package, body)``."""
        url = ctx.data["webhook_url"]
        scheme = url.split(":", 1)[0].lower() if ":" in url else ""
        if scheme in NOT_HTTPS and self.CASTS_TO_HTTPS:
            raise _cast_failure(NOT_HTTPS[scheme])
        # https: no webhook server is reachable; anything else: MalformedURLException (logged).
        ctx.data["webhook_tests"].append(url)
        ctx.toast("Failed to send to webhook")
