"""K-9 Mail 5.403 and 5.502 (``com.fsck.k9``, the thunderbird-android repository), with bugs
thunderbird-android#3255 (5.403) and thunderbird-android#3971 (5.502).

Modelled from the sources at tags ``5.403`` and ``5.502`` (``k9mail/src/main``:
``AndroidManifest.xml``, ``activity/Accounts.java`` (no account: ``WelcomeMessage``),
``activity/setup/WelcomeMessage.java``, ``AccountSetupBasics.java`` (``validateFields``,
``onNext``, ``findProviderForDomain``, ``onManualSetup``), ``AccountSetupAccountType.java``,
``EmailAddressValidator.java``, ``res/layout/welcome_message.xml``, ``wizard_welcome.xml``,
``account_setup_basics.xml``, ``wizard_setup.xml``, ``account_setup_account_type.xml``,
``res/xml/providers.xml``, ``res/values/strings.xml``; ``k9mail-library``:
``mail/store/RemoteStore.java``, ``imap/ImapStore.java``, ``imap/ImapStoreUriCreator.java``)
and the fix of #3255 (``b4aacea8ce``, merged after 5.502):

- first start, no account: ``Accounts`` opens ``WelcomeMessage`` ("Welcome to K-9 Mail": the
  ``welcome_message`` text, "Import settings" ``import_settings`` and "Next" ``next``) and
  finishes. "Next" opens ``AccountSetupBasics`` and finishes the welcome screen;
- "Set up a new account": ``account_email`` ("Email address"), ``account_password``
  ("Password"), "Show password" ``show_password``, the folded "Advanced options" (``Use client
  certificate``), and "Manual setup" ``manual_setup`` / "Next" ``next``, both enabled only
  when the address matches ``EmailAddressValidator`` and a password is given;
- "Next" looks the domain up in ``providers.xml`` (``PROVIDER_DOMAINS``, a subset); a known
  one starts the settings check against the live server (not modelled: a stub screen); an
  unknown one goes on as "Manual setup": ``onManualSetup`` builds the default
  ``imap+ssl+`` store URI for the host ``mail.<domain>``, opens ``AccountSetupAccountType``
  ("Account type": POP3, IMAP, Exchange (WebDAV)) and finishes itself. The incoming server
  screens after it are stubs.

Nothing needs a configured account or a server: both bugs happen while adding the first one.
The virtual device does not resize an activity above the soft keyboard (Android's
``adjustResize``, which these scrolling screens get), so the human steps press Back to hide the
keyboard before touching the buttons at the bottom.

Bug thunderbird-android#3255 (crash, 5.403; the code is the same in 5.502): the validator
accepts ``foo@b.2``, whose default host ``mail.b.2`` ``java.net.URI`` refuses (a top label must
start with a letter); ``ImapStoreUriCreator.create`` wraps the ``URISyntaxException`` in
``java.lang.IllegalArgumentException: Can't create ImapStore URI``, uncaught in
``onManualSetup`` (reached from "Manual setup" and from "Next").

Bug thunderbird-android#3971 (non-crash, 5.502): ``onManualSetup`` finishes
``AccountSetupBasics`` after starting ``AccountSetupAccountType``, so Back on "Account type"
leaves the app instead of returning to the address screen. The oracle reads that the setup
task ended from the account type screen (the model's record of the app closing there).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar
from urllib.parse import quote, quote_plus

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import Screen, View

PACKAGE = "com.fsck.k9"
ACCOUNTS = ".activity.Accounts"
WELCOME = ".activity.setup.WelcomeMessage"
BASICS = ".activity.setup.AccountSetupBasics"
ACCOUNT_TYPE = ".activity.setup.AccountSetupAccountType"
INCOMING = ".activity.setup.AccountSetupIncoming"
CHECK = ".activity.setup.AccountSetupCheckSettings"
IMPORT = ".activity.Accounts$Import"

WELCOME_TEXT = (
    "K-9 Mail is a powerful free email client for Android.\n"
    "Its improved features include:\n"
    "• Push mail using IMAP IDLE\n• Better performance\n• Message refiling\n"
    "• Email signatures\n• Bcc-to-self\n• Folder subscriptions\n"
    "• All folder synchronization\n• Return-address configuration\n• Keyboard shortcuts\n"
    "• Better IMAP support\n• Saving attachments to SD\n• Empty Trash\n• Message sorting\n"
    "• …and more"
)
# EmailAddressValidator.EMAIL_ADDRESS_PATTERN (5.403 and 5.502).
EMAIL_PATTERN = re.compile(
    r"[a-zA-Z0-9+._%\-]{1,256}@[a-zA-Z0-9][a-zA-Z0-9\-]{0,64}(\.[a-zA-Z0-9][a-zA-Z0-9\-]{0,25})+"
)
# A subset of providers.xml's domains (auto setup; the check needs the live server).
PROVIDER_DOMAINS = frozenset(
    {
        "gmail.com",
        "googlemail.com",
        "google.com",
        "hotmail.com",
        "outlook.com",
        "live.com",
        "msn.com",
        "yahoo.com",
        "gmx.com",
        "gmx.net",
        "gmx.de",
        "web.de",
        "mail.com",
        "email.com",
        "zoho.com",
        "riseup.net",
        "comcast.net",
    }
)
ACCOUNT_TYPES = (("pop", "POP3"), ("imap", "IMAP"), ("webdav", "Exchange (WebDAV)"))
CANT_CREATE = "Can't create ImapStore URI"
CAUSE_FRAMES = [
    "java.net.URI$Parser.fail(URI.java:2848)",
    "java.net.URI$Parser.parseHostname(URI.java:3387)",
    "java.net.URI$Parser.parseServer(URI.java:3236)",
    "java.net.URI$Parser.parseAuthority(URI.java:3155)",
    "java.net.URI$Parser.parseHierarchical(URI.java:3097)",
    "java.net.URI$Parser.parse(URI.java:3053)",
    "java.net.URI.<init>(URI.java:673)",
    "com.fsck.k9.mail.store.imap.ImapStoreUriCreator.create(ImapStoreUriCreator.java:66)",
]
CLICK_FRAMES = [
    "android.view.View.performClick(View.java:5637)",
    "android.view.View$PerformClick.run(View.java:22429)",
    *callback_frames(25, full=False),
]


def _java_url_encode(text: str) -> str:
    """``URLEncoder.encode(text, "UTF-8")`` (K-9's ``UrlEncodingHelper.encodeUtf8``)."""
    return quote_plus(text, safe="*-._")


def store_uri(email: str, password: str, host: str) -> str:
    """What ``new URI("imap+ssl+", userInfo, host, -1, "/1|", null, null)`` writes: the
    user info re-quoted (``%`` becomes ``%25``), ``|`` escaped in the path."""
    user_info = f"PLAIN:{_java_url_encode(email)}:{_java_url_encode(password)}"
    quoted = quote(user_info, safe="-_.!~*'();:&=+$,")
    return f"imap+ssl+://{quoted}@{host}/1%7C"


def bad_hostname_index(uri: str, host: str) -> int | None:
    """``URI.Parser.parseHostname``: the index of a fully qualified host's last label when it
    does not start with a letter (``None``: the host parses)."""
    labels = host.split(".")
    if len(labels) < 2 or labels[-1][:1].isalpha():
        return None
    start = uri.index("@" + host) + 1
    return start + len(host) - len(labels[-1])


def _left_setup_from_account_type(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of thunderbird-android#3971: Back on "Account type" closed the app."""
    return bool(data["closed_from_account_type"])


def _steps(address: str, button: str) -> tuple[dict[str, Any], ...]:
    return (
        click(PACKAGE, "next", "Next", cls="android.widget.Button"),
        input_text(PACKAGE, "account_email", address),
        input_text(PACKAGE, "account_password", "password"),
        {"kind": "press_back"},  # hides the soft keyboard (see the module docstring)
        click(PACKAGE, button, cls="android.widget.Button"),
    )


BUG_3255 = BugSpec(
    bug_id="thunderbird-android#3255",
    kind="crash",
    title="Crashes with invalid format email address",
    oracle=crash_oracle(PACKAGE, "java.lang.IllegalArgumentException", CANT_CREATE),
    human_steps=_steps("foo@b.2", "next"),
)
BUG_3971 = BugSpec(
    bug_id="thunderbird-android#3971",
    kind="non-crash",
    title="App Closes On Pressing Back Button In Manual Setup ",
    oracle=_left_setup_from_account_type,
    human_steps=(*_steps("test@example.com", "manual_setup"), {"kind": "press_back"}),
)


class K9Mail5403(VirtualApp):
    """K-9 Mail 5.403 (see the module docstring)."""

    name: ClassVar[str] = "thunderbird-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "K-9 Mail"
    version: ClassVar[str] = "5.403"
    launch_activity: ClassVar[str] = ACCOUNTS
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_3255,)
    # Source lines of the crash's app frames at this tag.
    lines: ClassVar[dict[str, int]] = {
        "imap_store": 73,
        "create_store_uri": 414,
        "on_next": 343,
        "click_next": 444,
        "click_manual": 447,
    }

    def initial_data(self) -> dict[str, Any]:
        return {"accounts": [], "setup_account": None, "closed_from_account_type": False}

    # -- lifecycle -------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == ACCOUNTS:
            if not ctx.data["accounts"]:
                ctx.start_activity(WELCOME)
                ctx.finish()
        elif ctx.activity == BASICS:
            ui.setdefault("email", "")
            ui.setdefault("password", "")
            ui.setdefault("show_password", False)
            ui.setdefault("advanced", False)
            ui.setdefault("certificate", False)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == ACCOUNT_TYPE:
            # AccountSetupBasics finished itself in onManualSetup: nothing is left below.
            ctx.data["closed_from_account_type"] = True
        return False

    # -- welcome ---------------------------------------------------------------------------
    def _welcome_next(self, ctx: AppContext) -> None:
        ctx.start_activity(BASICS)  # AccountSetupBasics.actionNewAccount
        ctx.finish()

    def _render_welcome(self, ctx: AppContext) -> Screen:
        body = w.scroll_view(
            [w.linear_layout([w.text_view(WELCOME_TEXT, "welcome_message", height=1200)])]
        )
        buttons = w.linear_layout(
            [
                View(
                    cls="android.widget.Button",
                    resource_id="import_settings",
                    text="Import settings",
                    on_click=lambda c: c.start_activity(IMPORT),
                ),
                View(
                    cls="android.widget.Button",
                    resource_id="next",
                    text="Next",
                    on_click=self._welcome_next,
                ),
            ],
            horizontal=True,
            height=147,
            weight=0,
        )
        divider = View(cls="android.view.View", resource_id="divider", height=3, weight=0)
        return self._frame("Welcome to K-9 Mail", [body, divider, buttons])

    def _frame(self, title: str, children: list[View]) -> Screen:
        bar = w.toolbar(title, rid="android:id/action_bar")
        return Screen(content=w.linear_layout([bar, w.linear_layout(children)]))

    # -- account setup basics --------------------------------------------------------------
    def _valid(self, ctx: AppContext) -> bool:
        """validateFields(): an address the validator accepts and a password."""
        ui = ctx.ui
        return (
            bool(ui["email"].strip())
            and (ui["certificate"] or bool(ui["password"].strip()))
            and EMAIL_PATTERN.fullmatch(ui["email"]) is not None
        )

    def _on_next(self, ctx: AppContext) -> None:
        if not self._valid(ctx):
            return
        domain = self._domain(ctx)
        if ctx.ui["certificate"] or domain.lower() not in PROVIDER_DOMAINS:
            # findProviderForDomain() found nothing: manual setup.
            self._manual_setup(ctx, via_next=True)
            return
        ctx.start_activity(CHECK)  # finishAutoSetup(): checks the live server (a stub)

    def _domain(self, ctx: AppContext) -> str:
        parts = ctx.ui["email"].split("@")
        return parts[1] if len(parts) > 1 else ""

    def _manual_setup(self, ctx: AppContext, via_next: bool = False) -> None:
        if not self._valid(ctx):
            return
        email, password = ctx.ui["email"], ctx.ui["password"]
        host = "mail." + self._domain(ctx)
        # mAccount = newAccount(); setName, setEmail, then the default store URI:
        ctx.data["setup_account"] = {"email": email}
        uri = store_uri(email, password, host)
        index = bad_hostname_index(uri, host)
        if index is not None:
            self._raise_cant_create(uri, index, via_next)
        ctx.data["setup_account"]["store_uri"] = uri
        ctx.start_activity(ACCOUNT_TYPE)  # actionSelectAccountType
        ctx.finish()

    def _raise_cant_create(self, uri: str, index: int, via_next: bool) -> None:
        lines = self.lines
        cause = JavaException(
            "java.net.URISyntaxException",
            f"Illegal character in hostname at index {index}: {uri}",
            CAUSE_FRAMES,
        )
        frames = [
            "com.fsck.k9.mail.store.imap.ImapStoreUriCreator.create(ImapStoreUriCreator.java:68)",
            f"com.fsck.k9.mail.store.imap.ImapStore.createUri(ImapStore.java:{lines['imap_store']})",
            "com.fsck.k9.mail.store.RemoteStore.createStoreUri(RemoteStore.java:131)",
            "com.fsck.k9.activity.setup.AccountSetupBasics.onManualSetup"
            f"(AccountSetupBasics.java:{lines['create_store_uri']})",
        ]
        if via_next:
            frames.append(
                "com.fsck.k9.activity.setup.AccountSetupBasics.onNext"
                f"(AccountSetupBasics.java:{lines['on_next']})"
            )
        click_line = lines["click_next"] if via_next else lines["click_manual"]
        frames.append(
            f"com.fsck.k9.activity.setup.AccountSetupBasics.onClick(AccountSetupBasics.java:{click_line})"
        )
        raise JavaException(
            "java.lang.IllegalArgumentException", CANT_CREATE, frames + CLICK_FRAMES, cause=cause
        )

    def _set(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui[key] = value

    def _render_basics(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        valid = self._valid(ctx)
        fields: list[View] = [
            w.edit_text(
                "account_email",
                ui["email"],
                lambda c, t: self._set(c, "email", t),
                hint="Email address",
            )
        ]
        if not ui["certificate"]:
            fields.append(
                w.edit_text(
                    "account_password",
                    ui["password"],
                    lambda c, t: self._set(c, "password", t),
                    hint="Password",
                    password=not ui["show_password"],
                )
            )
            fields.append(
                w.check_box(
                    "show_password",
                    "Show password",
                    ui["show_password"],
                    lambda c: self._set(c, "show_password", not c.ui["show_password"]),
                )
            )
        else:
            fields.append(
                View(
                    cls="android.widget.Spinner",
                    resource_id="account_client_certificate_spinner",
                    height=126,
                    children=[w.text_view("No client certificate", height=126)],
                )
            )
        advanced: list[View] = [
            w.text_view(
                "Advanced options",
                on_click=lambda c: self._set(c, "advanced", not c.ui["advanced"]),
            )
        ]
        if ui["advanced"]:
            advanced.append(
                w.check_box(
                    "account_client_certificate",
                    "Use client certificate",
                    ui["certificate"],
                    lambda c: self._set(c, "certificate", not c.ui["certificate"]),
                )
            )
        fields.append(w.linear_layout(advanced, rid="foldable_advanced_options", weight=0))
        form = w.scroll_view([w.linear_layout(fields, weight=0)])
        buttons = w.linear_layout(
            [
                View(
                    cls="android.widget.Button",
                    resource_id="manual_setup",
                    text="Manual setup",
                    enabled=valid,
                    on_click=lambda c: self._manual_setup(c),
                ),
                View(
                    cls="android.widget.Button",
                    resource_id="next",
                    text="Next",
                    enabled=valid,
                    on_click=self._on_next,
                ),
            ],
            horizontal=True,
            height=147,
            weight=0,
        )
        divider = View(cls="android.view.View", resource_id="divider", height=3, weight=0)
        return self._frame("Set up a new account", [form, divider, buttons])

    # -- account type ----------------------------------------------------------------------
    def _render_account_type(self, ctx: AppContext) -> Screen:
        children: list[View] = [w.text_view("What kind of account is this?", height=160)]
        for rid, text in (ACCOUNT_TYPES[1], ACCOUNT_TYPES[0], ACCOUNT_TYPES[2]):
            children.append(
                View(
                    cls="android.widget.Button",
                    resource_id=rid,
                    text=text,
                    on_click=w.bind(self._account_type, text),
                )
            )
        children.append(View(cls="android.view.View"))
        return self._frame("Account type", children)

    def _account_type(self, ctx: AppContext, kind: str) -> None:
        """setupStoreAndSmtpTransport / setupDav, then AccountSetupIncoming (a stub)."""
        ctx.start_activity(INCOMING, {"type": kind})

    # -- rendering -------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == WELCOME:
            return self._render_welcome(ctx)
        if ctx.activity == BASICS:
            return self._render_basics(ctx)
        if ctx.activity == ACCOUNT_TYPE:
            return self._render_account_type(ctx)
        titles = {
            INCOMING: "Incoming server settings",
            CHECK: "Checking incoming server settings\u2026",
            IMPORT: "Import settings",
            ACCOUNTS: "K-9 Mail",
        }
        return self._frame(titles.get(ctx.activity, ""), [View()])


class K9Mail5502(K9Mail5403):
    """K-9 Mail 5.502: the same setup screens (``onManualSetup`` passes the address as the
    user name; the source lines moved by one)."""

    version: ClassVar[str] = "5.502"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_3971,)
    lines: ClassVar[dict[str, int]] = {
        "imap_store": 74,
        "create_store_uri": 413,
        "on_next": 343,
        "click_next": 443,
        "click_manual": 446,
    }
