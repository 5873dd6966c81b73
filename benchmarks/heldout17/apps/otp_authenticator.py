"""OTP Authenticator (``net.bierbaumer.otp_authenticator``) 0.1.2, for otp-authenticator#19.

Modelled from the sources at tag ``v0.1.2`` (the newest code when the issue was filed; ``HEAD``
only changes the README): ``AndroidManifest.xml``, ``MainActivity.java``, ``EntriesAdapter.java``,
``res/layout`` (``activity_main``, ``content_main``, ``dialog_about``, ``row``), ``res/menu``
(``menu_main``, ``menu_edit``), ``res/values/strings.xml`` and ``res/raw/about.html``. The
repository has no fix for the issue.

- ``MainActivity`` (no ``configChanges``: rotation re-creates it): the ``toolbar`` titled "OTP
  Authenticator" with the overflow menu's one item "About", the TOTP ``progressBar``, the
  ``listView`` of accounts (rows ``textViewOTP`` over ``textViewLabel``) and the FAB
  ``action_scan``. With no account the indefinite Snackbar "No account has been added yet" offers
  "ADD". The FAB and "ADD" ask for the camera permission (denied: Snackbar "Camera permission not
  granted") and start zxing's ``CaptureActivityAnyOrientation``, the only way to add an account.
- "About" shows a plain ``AlertDialog`` (``new AlertDialog.Builder(this).setView(view).show()``)
  whose only view is the WebView ``webViewAbout`` showing ``about.html`` (no title, no buttons;
  Back or a touch outside closes it). A long click on an account starts an action mode whose
  Edit and Delete show the "Rename" and "Remove <label>?" dialogs, built the same way.

The bug (otp-authenticator#19, non-crash): these dialogs are not DialogFragments and the activity
does not save them, so an orientation change re-creates ``MainActivity`` without the open dialog:
it disappears (its window leaks with the old activity: ``WindowLeaked`` in logcat). The oracle
reads the dialogs lost that way, which the model records when the activity is re-created.

Fixed world data: the device has a camera but nothing scannable in front of it, so the scanner
adds no account (an account needs a real QR code); the About page's links are not followed.
Not modelled: the rows' action mode (no account can be added offline), the TOTP countdown.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "net.bierbaumer.otp_authenticator"
MAIN = ".MainActivity"
CAPTURE = ".CaptureActivityAnyOrientation"
CAMERA = "android.permission.CAMERA"
LEAKED = (
    "android.view.WindowLeaked: Activity net.bierbaumer.otp_authenticator.MainActivity has "
    "leaked window DecorView@5c3e1f2[] that was originally added here"
)


def _dialog_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of otp-authenticator#19: an open dialog vanished when the activity was
    re-created on an orientation change."""
    return bool(data.get("lost_dialogs"))


BUG_19 = BugSpec(
    bug_id="otp-authenticator#19",
    kind="non-crash",
    title="Dialog Disappears on Device Rotation",
    oracle=_dialog_lost,
    human_steps=(
        click(PACKAGE, desc="More options", cls="android.widget.ImageView"),
        click(PACKAGE, "title", text="About"),
        {"kind": "rotate", "orientation": "landscape"},
    ),
)

WRONG_SEQUENCES = {
    "otp-authenticator#19": (
        # About closed with Back before the rotation.
        (*BUG_19.human_steps[:2], {"kind": "press_back"}, BUG_19.human_steps[2]),
        # Rotated first, then About opened and left open.
        (BUG_19.human_steps[2], *BUG_19.human_steps[:2]),
        # Rotated with only the overflow menu open (a popup, not a dialog).
        (BUG_19.human_steps[0], BUG_19.human_steps[2]),
        # Camera permission denied, then rotated: no dialog is open.
        (
            click(PACKAGE, "snackbar_action", text="ADD"),
            click(PACKAGE, "com.android.permissioncontroller:id/permission_deny_button"),
            BUG_19.human_steps[2],
        ),
    )
}


class OtpAuthenticator012(VirtualApp):
    """OTP Authenticator 0.1.2 (see the module docstring)."""

    name: ClassVar[str] = "otp-authenticator"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Authenticator"
    version: ClassVar[str] = "0.1.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_19,)

    def initial_data(self) -> dict[str, Any]:
        return {"entries": [], "lost_dialogs": []}

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            ctx.ui.setdefault("menu", False)
            ctx.ui.setdefault("dialog", None)
            # onCreate: an empty list shows the "no account" Snackbar.
            ctx.ui["snackbar"] = "none" if not ctx.data["entries"] else ""

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        """Rotation: nothing is saved; an open AlertDialog leaks with the old activity."""
        if ctx.activity == MAIN and ctx.ui.get("dialog"):
            ctx.data["lost_dialogs"].append(ctx.ui["dialog"])
            ctx.log("WindowManager", LEAKED, "E")
        return {}

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            return w.dismiss(ctx.ui, "menu")
        if ctx.activity == CAPTURE:
            # RESULT_CANCELED: onActivityResult shows the "no account" Snackbar again.
            ctx.finish()
            return True
        return False

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission != CAMERA:
            return
        if granted:
            ctx.ui["snackbar"] = "none"
            ctx.start_activity(CAPTURE)
        else:
            ctx.ui["snackbar"] = "permission"

    def _scan(self, ctx: AppContext) -> None:
        if CAMERA in ctx.permissions:
            # Back from the scanner (RESULT_CANCELED) shows the "no account" Snackbar again.
            ctx.ui["snackbar"] = "none"
            ctx.start_activity(CAPTURE)
        else:
            ctx.ui["snackbar"] = ""
            ctx.request_permission(CAMERA)

    def _about(self, ctx: AppContext) -> None:
        ctx.ui.update(menu=False, dialog="about")

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _snackbar(self, ctx: AppContext) -> View | None:
        kind = ctx.ui.get("snackbar")
        if not kind:
            return None
        if kind == "permission":
            children = [w.text_view("Camera permission not granted", "snackbar_text")]
        else:
            children = [
                w.text_view("No account has been added yet", "snackbar_text"),
                w.button("snackbar_action", "ADD", self._scan, width=250),
            ]
        return View(
            cls="android.widget.LinearLayout",
            resource_id="",
            layout="horizontal",
            height=150,
            children=children,
        )

    def _render_main(self, ctx: AppContext) -> Screen:
        rows = [
            View(
                cls="android.widget.RelativeLayout",
                height=200,
                children=[
                    w.text_view(entry.get("otp", ""), "textViewOTP"),
                    w.text_view(entry["label"], "textViewLabel"),
                ],
            )
            for entry in ctx.data["entries"]
        ]
        bar = w.toolbar(
            "OTP Authenticator",
            actions=[w.overflow_button(lambda c: c.ui.update(menu=True))],
        )
        top = w.relative_layout(
            [bar, View(cls="android.widget.ProgressBar", resource_id="progressBar", height=12)],
            weight=0,
        )
        layers: list[View] = [
            w.linear_layout(
                [
                    View(
                        cls="android.support.design.widget.AppBarLayout", children=[top], weight=0
                    ),
                    w.relative_layout([w.list_view(rows, rid="listView")]),
                ]
            ),
        ]
        # The CoordinatorLayout lifts the FAB above a shown Snackbar.
        fab = w.fab("action_scan", "", self._scan, naf=True, gravity="")
        bottom = [
            w.linear_layout(
                [View(cls="android.view.View"), fab], horizontal=True, height=fab.height, weight=0
            )
        ]
        snackbar = self._snackbar(ctx)
        if snackbar is not None:
            bottom.append(snackbar)
        layers.append(
            View(gravity="bottom", height=sum(v.height or 0 for v in bottom), children=bottom)
        )
        content = View(
            cls="android.support.design.widget.CoordinatorLayout", layout=FRAME, children=layers
        )
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [("About", self._about)],
                    lambda c: c.ui.update(menu=False),
                    bounds=(560, 63, 1072, 189),
                )
            )
        if ctx.ui.get("dialog") == "about":
            page = View(
                cls="android.webkit.WebView",
                resource_id="webViewAbout",
                weight=0,
                children=[
                    View(cls="android.view.View", text="OTP Authenticator 0.1.1", height=120),
                    View(cls="android.view.View", text="© 2015 - Bruno Bierbaumer", height=100),
                    View(
                        cls="android.view.View",
                        text="Project Homepage",
                        height=100,
                        on_click=lambda c: None,
                    ),
                    View(
                        cls="android.view.View",
                        text="Acknowledgments",
                        height=100,
                        on_click=lambda c: None,
                    ),
                ],
            )
            windows.append(
                Window(
                    root=View(
                        cls="android.widget.FrameLayout",
                        resource_id="android:id/custom",
                        weight=0,
                        children=[page],
                    ),
                    on_dismiss=self._close_dialog,
                )
            )
        return Screen(content=content, windows=windows)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == CAPTURE:
            return Screen(
                content=w.frame_layout(
                    [
                        View(
                            cls="com.journeyapps.barcodescanner.DecoratedBarcodeView",
                            resource_id="zxing_barcode_scanner",
                        ),
                        w.text_view(
                            "Place a barcode inside the viewfinder rectangle to scan it.",
                            "zxing_status_view",
                            gravity="bottom",
                            height=120,
                        ),
                    ],
                    layout=FRAME,
                )
            )
        return self._render_main(ctx)
