"""SecScanQR (``de.t_dankworth.secscanqr``) 1.2.3, for SecScanQR#101 ("Generates QR-Code is not
stored").

Modelled from the sources at tag ``1.2.3`` (commit ``bbdc86992ab64d8127aa7682f74b3260302f1ee2``):
``AndroidManifest.xml``, ``activities/MainActivity.java``,
``activities/generator/GenerateActivity.java``, ``TextGeneratorActivity.java``,
``GeneratorResultActivity.java``, ``res/layout/activity_main.xml``, ``activity_generate.xml``,
``activity_text_generator.xml``, ``activity_generator_result.xml``, ``res/menu/navigation.xml``,
``optionsmenu.xml``, ``res/values/strings.xml`` (the ``generators`` and ``text_formats_array``
arrays) and ``styles.xml``. The later change is commit ``d0ec851`` ("Testing new save mode",
released in 1.2.4 together with ``eb02e1c`` "Fixing Bug for Huawei users"), which replaces the
``Date`` in the file name by random numbers and a ``d.m.yyyy`` date.

What is modelled: ``MainActivity`` (AppCompat action bar "SecScanQR" with its overflow: Settings,
About; the hint text ``tvTxtqrcode``; the support library ``BottomNavigationView`` ``navigation``
with History, Scan, Generate, the first item checked as the view checks it by default);
``GenerateActivity`` (action bar "QR-Code Generator", no Up arrow as the code never enables it,
the ``lvGenerators`` list BARCODE, GEO, TEXT, VCARD); ``TextGeneratorActivity`` (own Toolbar
"QR-Code Generator" with Up, ``txtQR`` "Here you can enter some text", "Format: ", the ``spinner``
QR_CODE/AZTEC, the ``fab`` without a content description; an empty text toasts "First type in some
Text"); ``GeneratorResultActivity`` (action bar "SecScanQR" with Up, ``resultImage``, ``btnSave``
"Save"). The app targets SDK 25, so on this API 30 device the first "Save" asks for
WRITE_EXTERNAL_STORAGE (denied: toast "Permission is needed").
Stubs: History, Settings, the Barcode/Geo/VCard generators (a title and Navigate up), the About
dialog (its title and an OK), the zxing camera screen (the prompt only; no camera: Back returns
with the toast "You canceled the scanning").

The bug (SecScanQR#101, a crash): ``saveQrCode`` names the file ``new Date() + ".png"``
(``Date.toString()``, e.g. "Sat Jun 01 10:15:30 GMT+02:00 2019.png", the result of
``DateFormat.format`` being thrown away). The name holds ``:``, which the reporter's external
storage refuses (FAT rules), so ``new FileOutputStream(f)`` throws ``FileNotFoundException``
(``EINVAL``), which the ``catch (Exception e)`` prints; the ``finally`` then calls
``fos.close()`` on the null ``fos`` and throws ``NullPointerException``, which nothing catches:
the process dies and the user lands on the previous screen; the folder ``SecScanQR`` (created by
``createFolder``) stays empty, as the report says. The first Save goes through
``onRequestPermissionsResult`` (line 174), later ones through the button's ``onClick`` (line 78).

Uncertain: whether this device's storage refuses ``:`` (the reporter's did; the maintainer's fix
removes the ``:`` from the name); we model the reporter's device. The ``Date`` in the name is a
fixed stamp (the model has no clock). The generated image is not drawn.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "de.t_dankworth.secscanqr"
ACT = f"{PACKAGE}.activities"
MAIN = f"{ACT}.MainActivity"
GENERATE = f"{ACT}.generator.GenerateActivity"
TEXT_GEN = f"{ACT}.generator.TextGeneratorActivity"
RESULT = f"{ACT}.generator.GeneratorResultActivity"
BARCODE_GEN = f"{ACT}.generator.BarcodeGenerateActivity"
GEO_GEN = f"{ACT}.generator.GeoGeneratorActivity"
VCARD_GEN = f"{ACT}.generator.VCardGeneratorActivity"
HISTORY = f"{ACT}.HistoryActivity"
SETTINGS = f"{ACT}.SettingsActivity"
CAPTURE = "com.journeyapps.barcodescanner.CaptureActivity"
STUB_TITLES = {
    BARCODE_GEN: "Barcode Generator",
    GEO_GEN: "Geo Generator",
    VCARD_GEN: "VCard Generator",
    HISTORY: "History",
    SETTINGS: "Settings",
}

STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
SDCARD = "/storage/emulated/0"
FOLDER = f"{SDCARD}/SecScanQR"
# new Date().toString() at the moment of saving (a fixed stamp: the model has no clock).
DATE_STAMP = "Sat Jun 01 10:15:30 GMT+02:00 2019"

GENERATORS = ("BARCODE", "GEO", "TEXT", "VCARD")
GENERATOR_TARGETS = {"BARCODE": BARCODE_GEN, "GEO": GEO_GEN, "TEXT": TEXT_GEN, "VCARD": VCARD_GEN}
TEXT_FORMATS = ("QR_CODE", "AZTEC")
FORMAT_INTS = {"QR_CODE": 9, "AZTEC": 10}
NAV_ITEMS = (
    ("navigation_history", "History"),
    ("navigation_scan", "Scan"),
    ("navigation_generate", "Generate"),
)

RESULT_CLASS = "de.t_dankworth.secscanqr.activities.generator.GeneratorResultActivity"
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'void java.io.FileOutputStream.close()' "
    "on a null object reference"
)


# Android 11's frames below the app's: the main looper, and a delivered activity result.
LOOPER_30 = [
    "android.os.Looper.loop(Looper.java:223)",
    "android.app.ActivityThread.main(ActivityThread.java:7656)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:592)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)",
]
DELIVER_30 = [
    "android.app.ActivityThread.handleSendResult(ActivityThread.java:5002)",
    "android.app.servertransaction.ActivityResultItem.execute(ActivityResultItem.java:51)",
    "android.app.servertransaction.TransactionExecutor.executeCallbacks(TransactionExecutor.java:135)",
    "android.app.servertransaction.TransactionExecutor.execute(TransactionExecutor.java:95)",
    "android.app.ActivityThread$H.handleMessage(ActivityThread.java:2066)",
    "android.os.Handler.dispatchMessage(Handler.java:106)",
    *LOOPER_30,
]


def _not_stored(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of SecScanQR#101: saving a generated code died with the NPE of
    ``saveQrCode``'s ``finally`` (the file was never written); on the first Save the NPE
    arrives wrapped in ActivityThread's "Failure delivering result" RuntimeException."""
    return crashed(
        system, PACKAGE, "", "java.lang.NullPointerException", "FileOutputStream.close()"
    )


BUG_101 = BugSpec(
    "SecScanQR#101",
    "crash",
    "Generates QR-Code is not stored",
    _not_stored,
    human_steps=(
        click(PACKAGE, "navigation_generate", desc="Generate"),
        click(PACKAGE, "android:id/text1", "TEXT"),
        input_text(PACKAGE, "txtQR", "Hello", hint="Here you can enter some text"),
        click(PACKAGE, "fab"),
        click(PACKAGE, "btnSave", "Save"),
        allow_permission(PACKAGE),
    ),
)

_TO_RESULT = (
    click(PACKAGE, "navigation_generate", desc="Generate"),
    click(PACKAGE, "android:id/text1", "TEXT"),
    input_text(PACKAGE, "txtQR", "Hello", hint="Here you can enter some text"),
    click(PACKAGE, "fab"),
)

WRONG_SEQUENCES = {
    "SecScanQR#101": [
        # No text typed: the "+" only toasts "First type in some Text".
        [
            click(PACKAGE, "navigation_generate", desc="Generate"),
            click(PACKAGE, "android:id/text1", "TEXT"),
            click(PACKAGE, "fab"),
        ],
        # The storage permission denied: "Permission is needed", nothing written.
        [
            *_TO_RESULT,
            click(PACKAGE, "btnSave", "Save"),
            click(
                PACKAGE,
                "com.android.permissioncontroller:id/permission_deny_button",
                "Don't allow",
            ),
        ],
        # The code generated, then Up instead of Save.
        [*_TO_RESULT, click(PACKAGE, desc=w.NAVIGATE_UP)],
        # The VCard generator (a stub) instead of the text one.
        [
            click(PACKAGE, "navigation_generate", desc="Generate"),
            click(PACKAGE, "android:id/text1", "VCARD"),
            click(PACKAGE, desc=w.NAVIGATE_UP),
        ],
    ]
}


def _action_bar(title: str, *, up: bool = False, actions: tuple[View, ...] = ()) -> View:
    """AppCompat's window decor action bar (``action_bar``, a Toolbar)."""
    return w.toolbar(
        title, navigation=w.up_button() if up else None, actions=actions, rid="action_bar"
    )


class SecScanQR(VirtualApp):
    """SecScanQR 1.2.3: scanner and generator of QR codes; saving a generated code crashes."""

    name: ClassVar[str] = "SecScanQR"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "SecScanQR"
    version: ClassVar[str] = "1.2.3"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_101,)

    def initial_data(self) -> dict[str, Any]:
        # External storage: folder path -> file names (no SecScanQR folder after install).
        return {"storage": {SDCARD: []}, "history": []}

    # -- lifecycle --------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            ctx.ui.setdefault("nav", "History")
            ctx.ui.setdefault("menu", False)
            ctx.ui.setdefault("about", False)
        elif ctx.activity == TEXT_GEN:
            ctx.ui.setdefault("text", "")
            ctx.ui.setdefault("format", "QR_CODE")
            ctx.ui.setdefault("spinner_open", False)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and (ctx.ui.get("menu") or ctx.ui.get("about")):
            ctx.ui["menu"] = ctx.ui["about"] = False
            return True
        if ctx.activity == TEXT_GEN and ctx.ui.get("spinner_open"):
            ctx.ui["spinner_open"] = False
            return True
        if ctx.activity == CAPTURE:
            # onActivityResult with no contents.
            ctx.finish()
            ctx.toast("You canceled the scanning")
            return True
        return False

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != RESULT or permission != STORAGE:
            return
        if granted:
            self._create_folder(ctx, via="permission")
        else:
            ctx.toast("Permission is needed")

    # -- MainActivity -----------------------------------------------------------------------
    def _navigate(self, ctx: AppContext, title: str) -> None:
        ctx.ui["nav"] = title
        ctx.start_activity({"History": HISTORY, "Scan": CAPTURE}.get(title, GENERATE))

    def _menu_item(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item == "about":
            ctx.ui["about"] = True
        else:
            ctx.start_activity(SETTINGS)

    def _render_main(self, ctx: AppContext) -> Screen:
        bar = _action_bar(
            "SecScanQR", actions=(w.overflow_button(lambda c: c.ui.update(menu=True)),)
        )
        hint = w.text_view(
            'Press on the "Scan" Button to scan a QR-Code/Barcode', "tvTxtqrcode", height=200
        )
        body = w.frame_layout([w.scroll_view([w.relative_layout([hint], weight=0)])], rid="content")
        nav = w.bottom_navigation(
            NAV_ITEMS,
            ctx.ui["nav"],
            self._navigate,
            rid="navigation",
            cls="android.support.design.widget.BottomNavigationView",
            item_cls="android.support.design.internal.BottomNavigationItemView",
            label_rid="largeLabel",
        )
        windows: list[Window] = []
        if ctx.ui["menu"]:
            windows.append(
                w.menu_window(
                    [
                        ("Settings", w.bind(self._menu_item, "settings")),
                        ("About", w.bind(self._menu_item, "about")),
                    ],
                    lambda c: c.ui.update(menu=False),
                )
            )
        if ctx.ui["about"]:
            windows.append(
                w.alert_dialog(
                    w.text_view("About", "android:id/title"),
                    [w.text_view("SecScanQR 1.2.3", height=200)],
                    w.dialog_buttons(("OK", lambda c: c.ui.update(about=False))),
                    lambda c: c.ui.update(about=False),
                )
            )
        root = w.linear_layout([bar, body, nav], rid="container")
        return Screen(content=root, windows=windows)

    # -- generators -------------------------------------------------------------------------
    def _render_generate(self, ctx: AppContext) -> Screen:
        rows = [  # android.R.layout.simple_list_item_1: the row is the TextView text1
            w.text_view(name, "android:id/text1", on_click=w.bind(self._open_generator, name))
            for name in GENERATORS
        ]
        listing = w.list_view(rows, rid="lvGenerators")
        return Screen(
            content=w.linear_layout([_action_bar("QR-Code Generator"), listing], rid="container")
        )

    def _open_generator(self, ctx: AppContext, name: str) -> None:
        ctx.start_activity(GENERATOR_TARGETS[name])

    def _set_text(self, ctx: AppContext, text: str) -> None:
        ctx.ui["text"] = text

    def _choose_format(self, ctx: AppContext, index: int) -> None:
        ctx.ui["format"] = TEXT_FORMATS[index]
        ctx.ui["spinner_open"] = False

    def _plus(self, ctx: AppContext) -> None:
        text = ctx.ui["text"].strip()
        if not text:
            ctx.toast("First type in some Text")
            return
        ctx.start_activity(RESULT, {"CODE": text, "FORMAT": FORMAT_INTS[ctx.ui["format"]]})

    def _render_text_generator(self, ctx: AppContext) -> Screen:
        form = w.linear_layout(
            [
                w.edit_text(
                    "txtQR",
                    ctx.ui["text"],
                    self._set_text,
                    hint="Here you can enter some text",
                    extra={"multiline": True},
                ),
                w.text_view("Format: ", "textView"),
                w.spinner("spinner", ctx.ui["format"], lambda c: c.ui.update(spinner_open=True)),
            ],
            weight=0,
        )
        content = w.linear_layout(
            [w.text_view("", "textView3", height=144), w.scroll_view([form])],
            rid="linearLayout",
        )
        fab = w.fab("fab", "", self._plus, gravity="top_end")
        root = View(
            cls="android.support.design.widget.CoordinatorLayout",
            children=[
                w.toolbar("QR-Code Generator", navigation=w.up_button()),
                w.frame_layout([content, fab], layout=FRAME),
            ],
        )
        windows = []
        if ctx.ui["spinner_open"]:
            windows.append(
                w.spinner_dropdown(
                    TEXT_FORMATS,
                    TEXT_FORMATS.index(ctx.ui["format"]),
                    self._choose_format,
                    lambda c: c.ui.update(spinner_open=False),
                )
            )
        return Screen(content=root, windows=windows)

    # -- GeneratorResultActivity ------------------------------------------------------------
    def _save(self, ctx: AppContext) -> None:
        """btnSave's onClick: requestPermission()."""
        if STORAGE in ctx.permissions:
            self._create_folder(ctx, via="click")
        else:
            ctx.request_permission(STORAGE)

    def _create_folder(self, ctx: AppContext, via: str) -> None:
        storage = ctx.data["storage"]
        existed = FOLDER in storage
        if not existed:
            storage[FOLDER] = []  # storageDir.mkdir() succeeds
            storage[SDCARD].append("SecScanQR")
        self._save_qr_code(ctx, via, 158 if existed else 155)

    def _save_qr_code(self, ctx: AppContext, via: str, folder_line: int) -> None:
        name = f"{DATE_STAMP}.png"
        if ":" in name:
            # FileOutputStream(f) throws FileNotFoundException (EINVAL), printed by the catch;
            # the finally's fos.close() then runs on null.
            ctx.log(
                "System.err",
                f"java.io.FileNotFoundException: {FOLDER}/{name}: open failed: "
                "EINVAL (Invalid argument)",
                "W",
            )
            frames = [
                f"{RESULT_CLASS}.saveQrCode(GeneratorResultActivity.java:142)",
                f"{RESULT_CLASS}.createFolder(GeneratorResultActivity.java:{folder_line})",
            ]
            if via == "click":
                raise JavaException(
                    "java.lang.NullPointerException",
                    NPE_MESSAGE,
                    [
                        *frames,
                        f"{RESULT_CLASS}.requestPermission(GeneratorResultActivity.java:185)",
                        f"{RESULT_CLASS}.access$000(GeneratorResultActivity.java:41)",
                        f"{RESULT_CLASS}$1.onClick(GeneratorResultActivity.java:78)",
                        "android.view.View.performClick(View.java:7448)",
                        "android.view.View.performClickInternal(View.java:7425)",
                        "android.view.View.access$3600(View.java:810)",
                        "android.view.View$PerformClick.run(View.java:28305)",
                        "android.os.Handler.handleCallback(Handler.java:938)",
                        "android.os.Handler.dispatchMessage(Handler.java:99)",
                        *LOOPER_30,
                    ],
                )
            # The first Save: the permission answer is a delivered result, which
            # ActivityThread.deliverResults wraps in a RuntimeException.
            npe = JavaException(
                "java.lang.NullPointerException",
                NPE_MESSAGE,
                [
                    *frames,
                    f"{RESULT_CLASS}.onRequestPermissionsResult(GeneratorResultActivity.java:174)",
                    "android.app.Activity.dispatchRequestPermissionsResult(Activity.java:8263)",
                    "android.app.Activity.dispatchActivityResult(Activity.java:8113)",
                    "android.app.ActivityThread.deliverResults(ActivityThread.java:4953)",
                    *DELIVER_30,
                ],
            )
            raise JavaException(
                "java.lang.RuntimeException",
                "Failure delivering result ResultInfo{who=@android:requestPermissions:, "
                "request=97, result=-1, data=Intent { "
                "act=android.content.pm.action.REQUEST_PERMISSIONS (has extras) }} to activity "
                f"{{{PACKAGE}/{RESULT_CLASS}}}: java.lang.NullPointerException: {NPE_MESSAGE}",
                [
                    "android.app.ActivityThread.deliverResults(ActivityThread.java:4994)",
                    *DELIVER_30,
                ],
                cause=npe,
            )
        ctx.data["storage"][FOLDER].append(name)
        ctx.toast('Saved in "SecScanQR" folder on the internal storage')

    def _render_result(self, ctx: AppContext) -> Screen:
        image = w.image_view("resultImage", height=1080)
        root = w.linear_layout(
            [
                _action_bar("SecScanQR", up=True),
                View(
                    cls="android.support.constraint.ConstraintLayout",
                    children=[image, w.button("btnSave", "Save", self._save, width=300)],
                ),
            ]
        )
        return Screen(content=root)

    # -- stubs ------------------------------------------------------------------------------
    def _render_capture(self, ctx: AppContext) -> Screen:
        prompt = w.text_view(
            "Activate the flashlight using the volume keys", "zxing_status_view", height=200
        )
        viewfinder = View(cls="android.view.View", resource_id="zxing_viewfinder_view")
        return Screen(
            content=w.frame_layout([viewfinder, prompt], rid="zxing_barcode_scanner", layout=FRAME)
        )

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == GENERATE:
            return self._render_generate(ctx)
        if ctx.activity == TEXT_GEN:
            return self._render_text_generator(ctx)
        if ctx.activity == RESULT:
            return self._render_result(ctx)
        if ctx.activity == CAPTURE:
            return self._render_capture(ctx)
        title = STUB_TITLES.get(ctx.activity, "SecScanQR")
        return Screen(content=w.linear_layout([w.toolbar(title, navigation=w.up_button()), View()]))
