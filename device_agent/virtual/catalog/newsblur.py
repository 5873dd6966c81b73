"""NewsBlur (``com.newsblur``) 6.10, the Android client 6.1.0, with bug NewsBlur#1053 (crash).

Modelled from the sources at commit ``c34bdcdf7`` ("Android v6.1.0.", 2017-09-18; under
``clients/android/NewsBlur``: ``AndroidManifest.xml``, ``activity/InitActivity.java``,
``Login.java``, ``LoginProgress.java``, ``RegisterProgress.java``,
``fragment/LoginRegisterFragment.java``, ``LoginProgressFragment.java``,
``RegisterProgressFragment.java``, ``network/APIManager.java``, ``APIConstants.java``,
``util/PrefsUtils.java``, ``res/layout/activity_login.xml``, ``fragment_loginregister.xml``,
``activity_loginprogress.xml``, ``fragment_loginprogress.xml``, ``fragment_registerprogress.xml``,
``res/values/strings.xml``, ``styles.xml``, ``theme.xml``) and OkHttp 3.8.1's
``Request.Builder.url`` / ``HttpUrl.parse`` (the rule an address must pass). The report's crash
block matches these sources line for line.

- A fresh install has no session cookie: ``InitActivity`` (the splash, no history) opens
  ``Login`` (no title, no history): the logo ("NewsBlur Logo"), then the ViewSwitcher
  ``login_viewswitcher``. Its login page: ``login_username`` ("username"), ``login_password``
  ("password"), ``login_button`` "Log In" ("Press to log in."), ``login_change_to_register``
  "I need to register", ``login_forgot_password`` "I forgot my password" (opens the browser:
  nothing here) and ``login_custom_server`` "I have a custom server", which hides itself and
  shows ``login_custom_server_value`` (hint "https://www.newsblur.com"; invisible, so not
  dumped, until then). Its register page: ``registration_username``, ``registration_password``,
  ``registration_email`` ("email address"), ``login_change_to_login`` "I need to log in!" and
  ``registration_button`` "Register". Enter in the password field logs in, in the email field
  registers;
- Log In does nothing while the username is empty; otherwise a non-empty custom server becomes
  the API base and is saved (``PREF_CUSTOM_SERVER``), and ``LoginProgress`` ("Logging in…",
  "Retrieving feeds…") runs the login task; ``APIManager`` takes its base from the saved
  preference. Register opens ``RegisterProgress`` (action bar "Let's get started",
  "Registering...") with the saved base.

Network content is fixed data: the device is online and no account exists on any server, so a
login or a registration that reaches a server fails: the app toasts its own fallback message
("There was problem logging in to NewsBlur." / "There was problem registering for NewsBlur.";
the servers' own error texts are not modelled) and returns to ``Login``. A logged-in session is
not needed for this bug and is not modelled.

The bug (NewsBlur#1053): ``APIManager.post_single`` builds the request with
``new Request.Builder().url(base + "/api/login")``; OkHttp's ``url(String)`` throws
``IllegalArgumentException("unexpected url: ...")`` when ``HttpUrl.parse`` rejects the address
(no ``http:``/``https:`` scheme, an empty or invalid host, a bad port), which escapes the
``doInBackground`` of the login task: "An error occurred while executing doInBackground()" on
an ``AsyncTask`` thread, instead of feedback that the address is invalid. The saved address
stays, so registering afterwards (and every later login) crashes the same way.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import crashed
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View

PACKAGE = "com.newsblur"
INIT = ".activity.InitActivity"
LOGIN = ".activity.Login"
LOGIN_PROGRESS = ".activity.LoginProgress"
REGISTER_PROGRESS = ".activity.RegisterProgress"
DEFAULT_BASE = "https://www.newsblur.com"
PATH_LOGIN = "/api/login"
PATH_SIGNUP = "/api/signup"
LOGIN_ERROR = "There was problem logging in to NewsBlur."
REGISTER_ERROR = "There was problem registering for NewsBlur."
DO_IN_BACKGROUND = "An error occurred while executing doInBackground()"
# The wrapper AsyncTask throws from its FutureTask (the report's frames).
ASYNC_FRAMES = [
    "android.os.AsyncTask$3.done(AsyncTask.java:309)",
    "java.util.concurrent.FutureTask.finishCompletion(FutureTask.java:354)",
    "java.util.concurrent.FutureTask.setException(FutureTask.java:223)",
    "java.util.concurrent.FutureTask.run(FutureTask.java:242)",
    "android.os.AsyncTask$SerialExecutor$1.run(AsyncTask.java:234)",
    "java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1113)",
    "java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:588)",
    "java.lang.Thread.run(Thread.java:818)",
]
_POST_FRAMES = [
    "okhttp3.Request$Builder.url(Request.java:143)",
    "com.newsblur.network.APIManager.post_single(APIManager.java:721)",
    "com.newsblur.network.APIManager.post(APIManager.java:698)",
    "com.newsblur.network.APIManager.post(APIManager.java:733)",
]
_TASK_TAIL = [
    "android.os.AsyncTask$2.call(AsyncTask.java:295)",
    "java.util.concurrent.FutureTask.run(FutureTask.java:237)",
    *ASYNC_FRAMES[4:],
]
LOGIN_CAUSE_FRAMES = [
    *_POST_FRAMES,
    "com.newsblur.network.APIManager.login(APIManager.java:104)",
    "com.newsblur.fragment.LoginProgressFragment$LoginTask.doInBackground"
    "(LoginProgressFragment.java:83)",
    "com.newsblur.fragment.LoginProgressFragment$LoginTask.doInBackground"
    "(LoginProgressFragment.java:74)",
    *_TASK_TAIL,
]
SIGNUP_CAUSE_FRAMES = [
    *_POST_FRAMES,
    "com.newsblur.network.APIManager.signup(APIManager.java:227)",
    "com.newsblur.fragment.RegisterProgressFragment$RegisterTask.doInBackground"
    "(RegisterProgressFragment.java:85)",
    "com.newsblur.fragment.RegisterProgressFragment$RegisterTask.doInBackground"
    "(RegisterProgressFragment.java:81)",
    *_TASK_TAIL,
]
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+\-.]*):")
_INVALID_HOST_CHARS = set(" #%/:?@[\\]")


def url_parses(url: str) -> bool:
    """OkHttp 3.8's ``Request.Builder.url(String)`` check: ``ws:``/``wss:`` become
    ``http:``/``https:``, then ``HttpUrl.parse`` needs an http(s) scheme, a non-empty host
    without forbidden characters and, when given, a port in 1-65535."""
    url = url.strip()
    lower = url.lower()
    if lower.startswith("ws:"):
        url = "http:" + url[3:]
    elif lower.startswith("wss:"):
        url = "https:" + url[4:]
    match = _SCHEME.match(url)
    if match is None or match.group(1).lower() not in ("http", "https"):
        return False
    rest = url[match.end() :].lstrip("/\\")
    authority = re.split(r"[/\\?#]", rest, maxsplit=1)[0]
    host_port = authority.rsplit("@", 1)[-1]
    port: str | None = None
    if host_port.startswith("["):  # an IPv6 literal
        end = host_port.find("]")
        if end < 0:
            return False
        host, after = host_port[: end + 1], host_port[end + 1 :]
        if after:
            if not after.startswith(":"):
                return False
            port = after[1:]
    elif ":" in host_port:
        host, port = host_port.split(":", 1)
    else:
        host = host_port
    if port is not None and not (port.isdigit() and 0 < int(port) <= 65535):
        return False
    if host.startswith("["):
        return len(host) > 2
    forbidden = any(c in _INVALID_HOST_CHARS or ord(c) < 0x20 or c == "\x7f" for c in host)
    return bool(host) and not forbidden


def _oracle_1053(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """An API task died in ``doInBackground`` while the saved server was no valid URL base."""
    server = data.get("custom_server")
    if server is None or url_parses(server + PATH_LOGIN):
        return False
    return crashed(system, PACKAGE, "java.lang.RuntimeException", DO_IN_BACKGROUND)


def _id(rid: str) -> str:
    return f"{PACKAGE}:id/{rid}"


BUG_1053 = BugSpec(
    bug_id="NewsBlur#1053",
    kind="crash",
    title="IllegalArgumentException: unexpected url",
    oracle=_oracle_1053,
    human_steps=(
        {"kind": "click", "target": {"resource_id": _id("login_custom_server")}},
        {
            "kind": "input_text",
            "target": {"resource_id": _id("login_custom_server_value")},
            "text": "xx",
        },
        {"kind": "input_text", "target": {"resource_id": _id("login_username")}, "text": "t"},
        {"kind": "input_text", "target": {"resource_id": _id("login_password")}, "text": "t"},
        {"kind": "click", "target": {"resource_id": _id("login_button"), "text": "Log In"}},
    ),
)


class NewsBlur(VirtualApp):
    """NewsBlur 6.10 (Android client 6.1.0; see the module docstring)."""

    name: ClassVar[str] = "NewsBlur"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "NewsBlur"
    version: ClassVar[str] = "6.10"
    launch_activity: ClassVar[str] = INIT
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1053,)

    def initial_data(self) -> dict[str, Any]:
        return {"custom_server": None, "cookie": None}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == INIT:
            # preferenceCheck(): no cookie, so Login (InitActivity keeps no history).
            ctx.start_activity(LOGIN)
            ctx.finish()
        elif ctx.activity == LOGIN:
            for key in ("username", "password", "server", "reg_username", "reg_password"):
                ui.setdefault(key, "")
            ui.setdefault("reg_email", "")
            ui.setdefault("page", "login")
            ui.setdefault("custom_shown", False)
        elif ctx.activity == LOGIN_PROGRESS:
            self._login_task(ctx)
        elif ctx.activity == REGISTER_PROGRESS:
            self._register_task(ctx)

    def on_key(self, ctx: AppContext, key: str) -> bool:
        """The IME action Done of the password field logs in, of the email field registers."""
        if ctx.activity != LOGIN or key != "enter":
            return False
        if ctx.focus == "login_password":
            self._log_in(ctx)
            return True
        if ctx.focus == "registration_email":
            self._sign_up(ctx)
            return True
        return False

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == LOGIN:
            return self._render_login(ctx)
        if ctx.activity == LOGIN_PROGRESS:
            return self._render_login_progress()
        if ctx.activity == REGISTER_PROGRESS:
            bar = w.toolbar("Let's get started", rid="android:id/action_bar")
            body = View(
                cls="android.widget.ViewSwitcher",
                resource_id="register_viewswitcher",
                children=[
                    w.linear_layout(
                        [
                            View(cls="android.widget.ProgressBar", height=160),
                            w.text_view("Registering...", height=120),
                        ]
                    )
                ],
            )
            container = w.frame_layout([body], rid="login_progress_container")
            return Screen(content=w.linear_layout([bar, container]))
        # InitActivity's splash: the logo.
        return Screen(
            content=w.relative_layout(
                [w.image_view(width=400, height=400, gravity="center")], layout=FRAME
            )
        )

    def _render_login(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        header = w.linear_layout([w.image_view("", "NewsBlur Logo", height=200)], height=240)
        rule = View(cls="android.view.View", height=5)

        def field(rid: str, key: str, hint: str, *, password: bool = False) -> View:
            return w.edit_text(
                rid,
                ui[key],
                lambda c, t: c.ui.update({key: t}),
                hint=hint,
                password=password,
                height=160,
            )

        if ui["page"] == "login":
            rows: list[View] = [
                w.linear_layout(
                    [
                        field("login_username", "username", "username"),
                        field("login_password", "password", "password", password=True),
                    ],
                    rid="login_fields_container",
                    weight=0,
                ),
                w.linear_layout(
                    [
                        View(cls="android.view.View"),
                        w.button(
                            "login_button",
                            "Log In",
                            self._log_in,
                            content_desc="Press to log in.",
                            width=300,
                        ),
                    ],
                    horizontal=True,
                    height=140,
                ),
                w.text_view(
                    "I need to register",
                    "login_change_to_register",
                    height=100,
                    on_click=lambda c: c.ui.update(page="register"),
                ),
                w.text_view(
                    "I forgot my password",
                    "login_forgot_password",
                    height=100,
                    on_click=lambda c: None,  # opens the password page in the browser
                ),
            ]
            if not ui["custom_shown"]:
                rows.append(
                    w.text_view(
                        "I have a custom server",
                        "login_custom_server",
                        height=100,
                        on_click=lambda c: c.ui.update(custom_shown=True),
                    )
                )
            else:  # login_custom_server is GONE, its value field VISIBLE
                rows.append(field("login_custom_server_value", "server", DEFAULT_BASE))
        else:
            rows = [
                w.scroll_view(
                    [
                        w.linear_layout(
                            [
                                field("registration_username", "reg_username", "username"),
                                field(
                                    "registration_password",
                                    "reg_password",
                                    "password",
                                    password=True,
                                ),
                                field("registration_email", "reg_email", "email address"),
                            ],
                            weight=0,
                        )
                    ]
                ),
                w.linear_layout(
                    [
                        w.text_view(
                            "I need to log in!",
                            "login_change_to_login",
                            height=140,
                            on_click=lambda c: c.ui.update(page="login"),
                        ),
                        w.button(
                            "registration_button",
                            "Register",
                            self._sign_up,
                            content_desc="Press to log in.",
                            width=315,
                        ),
                    ],
                    rid="registration_button_container",
                    horizontal=True,
                    height=140,
                ),
            ]
        page = w.relative_layout(rows)
        switcher = View(
            cls="android.widget.ViewSwitcher", resource_id="login_viewswitcher", children=[page]
        )
        container = w.frame_layout([switcher], rid="login_container")
        return Screen(content=w.linear_layout([header, rule, container]))

    def _render_login_progress(self) -> Screen:
        def row(text: str, rid: str, progress: str) -> View:
            return w.relative_layout(
                [
                    View(cls="android.widget.ProgressBar", resource_id=progress, width=105),
                    w.text_view(text, rid),
                ],
                layout=HORIZONTAL,
            )

        body = w.linear_layout(
            [
                row("Logging in…", "login_logging_in", "login_logging_in_progress"),
                # login_feed_progress is INVISIBLE until the login succeeds.
                w.relative_layout([w.text_view("Retrieving feeds…", "login_retrieving_feeds")]),
            ]
        )
        container = w.frame_layout([body], rid="login_progress_container")
        return Screen(content=container)

    # -- handlers ----------------------------------------------------------------------------
    def _log_in(self, ctx: AppContext) -> None:
        """LoginRegisterFragment.logIn: nothing without a username; a typed custom server is
        the new base and is saved; then LoginProgress (Login keeps no history)."""
        ui = ctx.ui
        if not ui["username"]:
            return
        if ui["server"]:
            ctx.data["custom_server"] = ui["server"]
        ctx.start_activity(LOGIN_PROGRESS, {"username": ui["username"]})
        ctx.finish()

    def _sign_up(self, ctx: AppContext) -> None:
        ctx.start_activity(REGISTER_PROGRESS, {"username": ctx.ui["reg_username"]})
        ctx.finish()

    def _base(self, ctx: AppContext) -> str:
        """``new APIManager(...)`` sets the saved custom server, if any, as the base."""
        return ctx.data["custom_server"] or DEFAULT_BASE

    def _post(self, ctx: AppContext, path: str, cause_frames: list[str]) -> None:
        """APIManager.post_single: ``new Request.Builder().url(urlString)``."""
        url = self._base(ctx) + path
        if not url_parses(url):
            cause = JavaException(
                "java.lang.IllegalArgumentException",
                f"unexpected url: {url}",
                frames=cause_frames,
            )
            raise JavaException(
                "java.lang.RuntimeException",
                DO_IN_BACKGROUND,
                frames=ASYNC_FRAMES,
                cause=cause,
                thread="AsyncTask #1",
            )

    def _login_task(self, ctx: AppContext) -> None:
        """LoginTask: the login request; no server knows the account (fixed data), so
        onPostExecute toasts the error and opens Login again."""
        ctx.log("com.newsblur.network.APIManager", "calling login API", "I")
        self._post(ctx, PATH_LOGIN, LOGIN_CAUSE_FRAMES)
        ctx.toast(LOGIN_ERROR)
        ctx.start_activity(LOGIN)
        ctx.finish()

    def _register_task(self, ctx: AppContext) -> None:
        self._post(ctx, PATH_SIGNUP, SIGNUP_CAUSE_FRAMES)
        ctx.toast(REGISTER_ERROR)
        ctx.start_activity(LOGIN)
        ctx.finish()
