"""translationRecorder (``org.wycliffeassociates.translationrecorder``) 1.3.2-rc, for
translationRecorder#1141.

Modelled from the sources at commit ``1bd5e71f`` (2019-07-15, ``app/build.gradle`` says
``versionName "1.3.2-rc"``; the parent of the fix), files under ``translationRecorder/``:
``app/src/main/AndroidManifest.xml``, ``SplashScreen.java``, ``permissions/PermissionActivity.kt``,
``permissions/PermissionsDialogActivity.kt``, ``login/UserActivity.kt``, ``login/UserAdapter.kt``,
``login/LoginActivity.kt``, ``login/fragments/FragmentCreateProfile.kt``,
``login/fragments/FragmentReviewProfile.kt``, the layouts ``activity_splash.xml``,
``activity_user.xml``, ``user_list_item.xml``, ``activity_login.xml``,
``fragment_create_profile.xml``, ``fragment_review_profile.xml``, ``main.xml``, the app's
``res/values/strings.xml``; and ``door43login``'s ``TermsOfUseActivity.java`` and
``activity_terms.xml``. The fix is commit ``cd584f5a`` (PR #1152, "Fixed bug when app crashes
if a user click record user name button while it's recording").

The first run: ``SplashScreen`` (a "translationRecorder" title over a progress bar) asks, through
Dexter, for RECORD_AUDIO and the storage permissions (two system dialogs: microphone, then
storage); with all granted it copies its plugins, fills its database and, with no profile yet,
opens ``UserActivity`` ("Available User" over a grid whose first card is the "New User" card);
a denial opens ``PermissionsDialogActivity`` ("Permissions Needed", "Open Permission Settings").
Tapping the New User card opens ``LoginActivity``, which starts the door43 ``TermsOfUseActivity``
for a result ("Terms of Use", License Agreement / Translation Guidelines / Statement of Faith,
No Thanks / I Agree; No Thanks or Back finishes the login screen too) and shows
``FragmentCreateProfile``: "What is your name?", the privacy hint, the round record button
``btnRecord`` (a Button with no text) and the red "Record" label under it.

The bug (translationRecorder#1141, crash): ``FragmentCreateProfile``'s record button starts a
3-second recording of the user's name and posts ``btnRecord.performClick()`` 3 s later
(``startRecording``, FragmentCreateProfile.kt:111) to stop it. A second tap inside that window
stops the recording itself: ``stopRecording`` converts the audio and ``LoginActivity
.onProfileCreated`` replaces the fragment with ``FragmentReviewProfile``, destroying the
create fragment's view. When the posted runnable then runs, the Kotlin synthetic ``btnRecord``
looks the view up in a view that no longer exists and gets null:
``java.lang.NullPointerException: Attempt to invoke virtual method 'boolean
android.widget.Button.performClick()' on a null object reference`` at
``FragmentCreateProfile$startRecording$1.run(FragmentCreateProfile.kt:111)``. (Back inside the
window destroys the view too, and the real app crashes the same way then; the model does so.)
The fix posts ``stopRecording()`` instead and ignores taps while recording.

Time: the virtual device has no clock, so the 3-second window is the time up to the user's next
input on the login screen: after the first tap the recording stays in progress until then (the
only inputs the screen reacts to are the record button and Back; a real user who waits 3 s gets
the review screen, which the model therefore reaches only on the way to the crash).

Stubs: ``MainMenu`` (its Files and Record buttons and the Language/Book labels, nothing behind
them), ``LegalDocumentActivity`` (the document's title text), ``PermissionsDialogActivity``'s
button (it would open the system's app settings, another app). The recorded audio, the mp4
conversion and the identicon are not modelled; a profile is stored as ``{"id", "hash"}`` with a
fixed hash.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "org.wycliffeassociates.translationrecorder"
SPLASH = ".SplashScreen"
USERS = ".login.UserActivity"
LOGIN = ".login.LoginActivity"
TERMS = "com.door43.login.TermsOfUseActivity"
LEGAL = "com.door43.login.legal.LegalDocumentActivity"
PERMS_DIALOG = ".permissions.PermissionsDialogActivity"
MAIN_MENU = ".MainMenu"

RECORD_AUDIO = "android.permission.RECORD_AUDIO"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
PERMISSIONS = (RECORD_AUDIO, STORAGE)

# strings.xml (app and door43login)
RECORD_NAME = "What is your name?"
PRIVACY = "If you are concerned for your privacy or safety, please use a nickname or pseudonym"
PRIVACY_TXT = "If you are concerned for your privacy or safety, please use a nickname or psuedonym."
TERMS_TEXT = (
    "By using this app you agree with the statement of faith and translation guidelines and to "
    "release your work under the terms of the Creative Commons Attribution-ShareAlike 4.0 "
    "International License."
)
FIXED_HASH = "5f2b9c0d41e7a3c8"  # the profile audio's hash (fixed: no audio is modelled)

NPE_MESSAGE = (
    "Attempt to invoke virtual method 'boolean android.widget.Button.performClick()' on a "
    "null object reference"
)
NPE_FRAMES = [
    "org.wycliffeassociates.translationrecorder.login.fragments."
    "FragmentCreateProfile$startRecording$1.run(FragmentCreateProfile.kt:111)",
    *callback_frames(25),
]


def _posted_click_crash() -> JavaException:
    """The runnable posted by ``startRecording`` runs after the create fragment's view is gone."""
    return JavaException("java.lang.NullPointerException", NPE_MESSAGE, frames=list(NPE_FRAMES))


def _crashed_on_posted_click(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of translationRecorder#1141: the NPE of the posted ``performClick``."""
    return crashed(system, PACKAGE, "java.lang.NullPointerException", "performClick()")


def _allow(text: str = "Allow") -> dict[str, Any]:
    return allow_permission(PACKAGE, text)


STEP_NEW_USER = click(PACKAGE, "new_user_txt", "New User", cls="android.widget.TextView")
STEP_AGREE = click(PACKAGE, "accept_terms_btn", "I Agree", cls="android.widget.Button")
STEP_DECLINE = click(PACKAGE, "reject_terms_btn", "No Thanks", cls="android.widget.Button")
STEP_RECORD = click(PACKAGE, "btnRecord", cls="android.widget.Button")

BUG_1141 = BugSpec(
    bug_id="translationRecorder#1141",
    kind="crash",
    title="Crash when hitting record button when creating Profile",
    oracle=_crashed_on_posted_click,
    human_steps=(
        _allow(),
        _allow(),
        STEP_NEW_USER,
        STEP_AGREE,
        STEP_RECORD,
        STEP_RECORD,
    ),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "translationRecorder#1141": [
        # The record button tapped once: the recording runs, no second tap.
        [_allow(), _allow(), STEP_NEW_USER, STEP_AGREE, STEP_RECORD],
        # No Thanks instead of I Agree: the login screen closes with the terms.
        [_allow(), _allow(), STEP_NEW_USER, STEP_DECLINE],
        # The neighbouring "Record" label (a TextView) tapped twice instead of the button.
        [
            _allow(),
            _allow(),
            STEP_NEW_USER,
            STEP_AGREE,
            click(PACKAGE, "textView3", "Record", cls="android.widget.TextView"),
            click(PACKAGE, "textView3", "Record", cls="android.widget.TextView"),
        ],
        # The New User card never opened: the record button is not there.
        [_allow(), _allow()],
    ],
}


class TranslationRecorder(VirtualApp):
    """translationRecorder 1.3.2-rc (see the module docstring)."""

    name: ClassVar[str] = "translationRecorder"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "translationRecorder"
    version: ClassVar[str] = "1.3.2-rc"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1141,)

    def initial_data(self) -> dict[str, Any]:
        return {"users": [], "profile": -1, "plugins_initialized": False}

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            # PermissionActivity.onResume: Dexter checks RECORD_AUDIO and the storage permissions.
            ctx.ui.setdefault("answers", {})
            for permission in PERMISSIONS:
                ctx.request_permission(permission)
        elif ctx.activity == LOGIN and "fragment" not in ctx.ui:
            ctx.ui.update(fragment="create", activated=False, recording=False, pending=False)
            ctx.start_activity(TERMS)  # startActivityForResult(TermsOfUseActivity, 42)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # Every screen here calls Screen.lockOrientation: a rotation changes nothing.
        return dict(ctx.ui)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != SPLASH or permission not in PERMISSIONS:
            return
        answers = ctx.ui.setdefault("answers", {})
        answers[permission] = granted
        if len(answers) < len(PERMISSIONS):
            return
        if all(answers.values()):
            self._splash_continue(ctx)
        else:
            ctx.ui["answers"] = {}
            ctx.start_activity(PERMS_DIALOG)

    def _splash_continue(self, ctx: AppContext) -> None:
        """SplashScreen.onPermissionsAccepted's thread: plugins, database, then the next screen."""
        ctx.data["plugins_initialized"] = True
        ctx.start_activity(USERS if ctx.data["profile"] == -1 else MAIN_MENU)
        ctx.finish()

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == TERMS:
            self._decline_terms(ctx)
            return True
        if ctx.activity == LOGIN:
            # LoginActivity.onBackPressed: finish, then UserActivity.
            if ctx.ui.get("pending"):
                # The create fragment's view is destroyed with the activity; the runnable
                # posted by startRecording still runs 3 s after the tap.
                raise _posted_click_crash()
            ctx.start_activity(USERS)
            ctx.finish()
            return True
        return False

    # -- handlers ------------------------------------------------------------------------------
    def _open_login(self, ctx: AppContext) -> None:
        ctx.start_activity(LOGIN)
        ctx.finish()

    def _decline_terms(self, ctx: AppContext) -> None:
        # setResult(RESULT_DECLINED_TOU); finish() -> LoginActivity.onActivityResult: the result
        # is not RESULT_OK, so the login screen finishes as well.
        ctx.finish()
        ctx.finish()

    def _record_click(self, ctx: AppContext) -> None:
        """FragmentCreateProfile's btnRecord listener (the buggy build)."""
        if ctx.ui.get("activated"):
            ctx.ui["activated"] = False
            self._stop_recording(ctx)
        else:
            ctx.ui["activated"] = True
            self._start_recording(ctx)

    def _start_recording(self, ctx: AppContext) -> None:
        if not ctx.ui.get("recording"):
            ctx.ui["recording"] = True
            # Handler.postDelayed({ btnRecord.performClick() }, 3000)
            ctx.ui["pending"] = True
        else:
            self._stop_recording(ctx)

    def _stop_recording(self, ctx: AppContext) -> None:
        ctx.ui["recording"] = False
        # convertAudio -> LoginActivity.onProfileCreated: FragmentReviewProfile replaces this one.
        ctx.ui["fragment"] = "review"
        if ctx.ui.get("pending"):
            # Stopped by a tap inside the 3-second window: the posted performClick is still
            # queued and runs once the create fragment's view has been destroyed.
            raise _posted_click_crash()

    def _redo(self, ctx: AppContext) -> None:
        ctx.ui.update(fragment="create", activated=False, recording=False, pending=False)

    def _yes(self, ctx: AppContext) -> None:
        user_id = len(ctx.data["users"]) + 1
        ctx.data["users"].append({"id": user_id, "hash": FIXED_HASH})
        ctx.data["profile"] = user_id
        ctx.start_activity(MAIN_MENU)
        ctx.finish()

    def _pick_user(self, ctx: AppContext, user_id: int) -> None:
        ctx.toast(f"Identicon {user_id}")
        ctx.data["profile"] = user_id
        ctx.start_activity(MAIN_MENU)
        ctx.finish()

    # -- screens -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SPLASH:
            return Screen(
                content=w.relative_layout(
                    [
                        w.linear_layout(
                            [
                                w.text_view("translationRecorder", "app_name"),
                                View(cls="android.widget.ProgressBar", resource_id="progress_bar"),
                            ]
                        )
                    ]
                )
            )
        if ctx.activity == USERS:
            return Screen(content=self._users_screen(ctx))
        if ctx.activity == LOGIN:
            return Screen(content=self._login_screen(ctx))
        if ctx.activity == TERMS:
            return Screen(content=self._terms_screen())
        if ctx.activity == LEGAL:
            return Screen(
                content=w.scroll_view([w.text_view(str(ctx.extras.get("title", "")), "text")])
            )
        if ctx.activity == PERMS_DIALOG:
            windows: list[Window] = [
                w.confirm_dialog(
                    "Permissions Needed",
                    "Please enable permissions to use translationRecorder",
                    ("Open Permission Settings", None),
                    None,
                    None,
                )
            ]
            windows[0].cancelable = False
            return Screen(content=w.frame_layout(), windows=windows)
        return Screen(content=self._main_menu())

    def _users_screen(self, ctx: AppContext) -> View:
        cards = [
            View(
                cls="androidx.cardview.widget.CardView",
                on_click=self._open_login,
                height=420,
                children=[
                    w.image_view("identicon", height=240),
                    w.text_view("New User", "new_user_txt"),
                ],
            )
        ]
        for user in ctx.data["users"]:
            cards.append(
                View(
                    cls="androidx.cardview.widget.CardView",
                    height=420,
                    children=[
                        w.image_view(
                            "identicon", height=240, handler=w.bind(self._pick_user, user["id"])
                        ),
                        w.image_view("playIcon"),
                    ],
                )
            )
        return View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            children=[
                w.text_view("Available User", "available_user_txt", height=140),
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="recycler",
                    layout="horizontal",
                    height=460,
                    children=cards,
                ),
                View(cls="android.view.View"),
            ],
        )

    def _login_screen(self, ctx: AppContext) -> View:
        if ctx.ui.get("fragment") == "review":
            fragment = View(
                cls="androidx.constraintlayout.widget.ConstraintLayout",
                children=[
                    w.frame_layout(rid="waveform_frame", height=200),
                    w.image_button("btn_play", height=150),
                    w.text_view("Is this ok?", "textView4"),
                    w.text_view(PRIVACY_TXT, "textView6"),
                    w.image_view("icon_hash", height=200),
                    w.linear_layout(
                        [
                            w.button("btnRedo", "Redo", self._redo),
                            w.button("btnYes", "Yes", self._yes),
                        ],
                        horizontal=True,
                        height=150,
                    ),
                ],
            )
        else:
            fragment = View(
                cls="androidx.constraintlayout.widget.ConstraintLayout",
                children=[
                    w.frame_layout(
                        [
                            View(
                                cls="android.view.View",
                                resource_id="recording_waveform",
                                extra={"recording": bool(ctx.ui.get("recording"))},
                            )
                        ],
                        rid="waveform_view",
                        height=260,
                    ),
                    w.text_view(RECORD_NAME, "textView"),
                    w.text_view(PRIVACY, "textView2"),
                    w.button(
                        "btnRecord",
                        handler=self._record_click,
                        width=220,
                        height=220,
                        gravity="center",
                        naf=True,
                    ),
                    w.text_view("Record", "textView3", gravity="center"),
                ],
            )
        return View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            children=[
                View(cls="android.view.View", height=380),
                View(
                    cls="androidx.cardview.widget.CardView",
                    resource_id="fragment_container",
                    height=1150,
                    children=[fragment],
                ),
                View(cls="android.view.View"),
            ],
        )

    def _terms_screen(self) -> View:
        def legal(title: str) -> Any:
            return lambda c: c.start_activity(LEGAL, {"title": title})

        return w.relative_layout(
            [
                w.text_view("Terms of Use", "examplePassageLinkText", height=160),
                w.scroll_view(
                    [
                        w.linear_layout(
                            [
                                w.text_view(TERMS_TEXT),
                                w.linear_layout(
                                    [
                                        w.button(
                                            "license_btn",
                                            "License Agreement",
                                            legal("License Agreement"),
                                        ),
                                        w.button(
                                            "translation_guidelines_btn",
                                            "Translation Guidelines",
                                            legal("Translation Guidelines"),
                                        ),
                                        w.button(
                                            "statement_of_faith_btn",
                                            "Statement of Faith",
                                            legal("Statement of Faith"),
                                        ),
                                    ]
                                ),
                            ]
                        )
                    ],
                    rid="scrollView",
                ),
                w.linear_layout(
                    [
                        w.button("reject_terms_btn", "No Thanks", self._decline_terms),
                        w.button("accept_terms_btn", "I Agree", w.finish),
                    ],
                    rid="linearLayout",
                    horizontal=True,
                    height=160,
                ),
            ]
        )

    def _main_menu(self) -> View:
        return w.linear_layout(
            [
                w.image_button("files", "Files Button", height=400),
                w.relative_layout(
                    [
                        w.image_button("record_icon", "Record Button", height=300),
                        w.text_view("Language", "language_view"),
                        w.text_view("Book", "book_view"),
                    ],
                    rid="new_record",
                ),
            ],
            horizontal=True,
        )
