"""OpeNoise 3.0.4 (it.piemonte.arpa.openoise), ARPA Piemonte's sound level meter: an Ionic /
Angular app in a Capacitor WebView, reading the microphone through cordova-plugin-audioinput.

Sources read: github.com/Arpapiemonte/openoise-meter at tag tag_openoise_3.0.4 (commit
ff86b6cccc86de45fd709fc81e0bf6e24583a4fa, "Versione 3.0.4"): app.component.ts (first-run
alert), pages/tabs (the four top tabs), pages/noisemeter (page and bottom bar: Start, Pause,
Stop, Reset, Save; autoStart with the 3 s countdown), components/livelli (the levels card),
components/grafici (the chart segments), services/audio.service.ts, variabili.service.ts,
assets/i18n/en.json. The next release in the repository, 3.2.3 (644aefe), changes
``startCapture`` (the audio listeners are added once only).

Bug openoise-meter#8 (non-crash): the Reset button calls ``AudioService.reset()``; during a
measurement it clears the 1 s interval, calls ``audioinput.stop()`` and at once
``startCapture()``, which resets the sums, calls ``audioinput.start()`` again and adds another
``audioinput`` window listener. With the stop still pending in the plugin, the restarted capture
gets no more audio frames after those already queued: every later 1 s tick computes
``10*log10(0/0)`` = NaN for LAeq(1s), shown as 0.0, while LAeq(t) keeps the value from the
queued frames. A second Reset (stop with nothing pending, then start) brings the input back.
The model's ``memory["stalled"]`` is that plugin state; the shown seconds are logged in
``data["readings"]`` (what the app also writes to logcat each second), which the oracle reads.

Time: the 1 s interval is modelled as two ticks after each action taken while measuring (the
seconds a person waits before the next one); the first-run 3 s countdown is taken as elapsed
when the screen is first shown. The microphone is replaced by fixed data: a steady 43.8 dBA
room. Stubbed: the Measures, Settings and Info tabs (titles only), the charts (segment labels
only), the card's Rotate button (turns the screen in the app: no-op here), the saved file.
Uncertain: the WebView's accessibility classes (texts as ``android.view.View``, buttons as
``android.widget.Button``), the exact plugin race (device-dependent, as the report says),
the first LAeq(1s) reading after the Reset.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click
from device_agent.virtual.views import Screen, View

PACKAGE = "it.piemonte.arpa.openoise"
MAIN = ".MainActivity"
MIC = "android.permission.RECORD_AUDIO"
ENV_DBA = 43.8  # the fixed room level the model's microphone hears
START_CLOCK = 11 * 3600 + 26 * 60 + 50  # the measurement's start time of day (fixed)

WELCOME_TITLE = "Welcome to OpeNoise!"
WELCOME_TEXT = (
    "OpeNoise is an app aimed at the measurement of real-time sound pressure level.\n"
    "To consider measured data reliable it is necessary to calibrate the device.\n"
    "For more information please refer to the Tutorial and Glossary sections.\n"
    "Good measurements!\n"
    "WARNING: When upgrading from version 2.0.3, it is necessary to re-calibrate the device. "
    "We apologize for the inconvenience."
)
TABS = ("Noise Meter", "Measures", "Settings", "Info")


def oracle_8(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of openoise-meter#8: during an unpaused measurement with the microphone
    allowed, a second's LAeq(1s) came out as 0.0 (no audio frames reached the app)."""
    return any(r["laeq_1s"] == 0.0 for r in data["readings"])


def _b(text: str) -> dict[str, Any]:
    return click(PACKAGE, text=text, cls="android.widget.Button")


OK = _b("Ok")
ALLOW = allow_permission(PACKAGE)
DENY = click(PACKAGE, "com.android.permissioncontroller:id/permission_deny_button", "Don't allow")
START, PAUSE, STOP, RESET = _b("Start"), _b("Pause"), _b("Stop"), _b("Reset")

HUMAN_8 = (ALLOW, OK, RESET)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "openoise-meter#8": [
        # measuring, never reset
        [ALLOW, OK, PAUSE, START],
        # reset after the measurement was stopped
        [ALLOW, OK, STOP, RESET],
        # stop then Start again (Start resets while not measuring)
        [ALLOW, OK, STOP, START],
        # microphone refused: no measurement to reset
        [DENY, OK, RESET],
        # reset while paused: nothing is computed while paused
        [ALLOW, OK, PAUSE, RESET],
    ],
}


def _fmt(value: float) -> str:
    return f"{value:.1f}"


class OpeNoise(VirtualApp):
    """OpeNoise 3.0.4: the Capacitor WebView with the four tabs; the noise meter page."""

    name: ClassVar[str] = "openoise-meter"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "OpeNoise"
    version: ClassVar[str] = "3.0.4"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "openoise-meter#8",
            "non-crash",
            "pressing reset fixes LAeq(1s) to zero",
            oracle_8,
            human_steps=HUMAN_8,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # Capacitor Preferences: "firstTime" is null until the welcome alert's Ok.
        return {"firstTime": None, "readings": []}

    # -- the AudioService singleton (process memory) -------------------------------------------
    def _svc(self, ctx: AppContext) -> dict[str, Any]:
        svc: dict[str, Any] = ctx.memory.setdefault(
            "audio",
            {
                "capture": False,
                "pause": False,
                "stalled": False,
                "stop_pending": False,
                "listeners": 0,
                "save": False,
                "firstTime": True,  # VariabiliService.firstTime: autoStart once per process
                "tab": 0,
                "orientation": "verticale",
                "alert": None,
            },
        )
        svc.setdefault("levels", self._zero_levels())
        return svc

    @staticmethod
    def _zero_levels() -> dict[str, Any]:
        return {
            "count": 0,
            "dbATime": 0.0,
            "dbARunning": 0.0,
            "min": 0.0,
            "max": 0.0,
            "frames_total": 0,
            "running_sum": 0.0,
            "started": False,
        }

    def _reset_parameters(self, svc: dict[str, Any]) -> None:
        svc["levels"] = self._zero_levels()

    def _start_capture(self, ctx: AppContext) -> None:
        svc = self._svc(ctx)
        svc["capture"] = True
        self._reset_parameters(svc)
        svc["levels"]["started"] = True
        # audioinput.start(): frames flow unless the previous stop is still pending in the
        # plugin, which then ends this new capture too (only frames already queued arrive).
        svc["stalled"] = svc["stop_pending"]
        svc["queued"] = 1 if svc["stop_pending"] else 0
        svc["stop_pending"] = False
        svc["listeners"] += 1  # window.addEventListener("audioinput", ...) every time
        ctx.log("Capacitor/Console", "startCapture", "I")

    def _stop_capture(self, svc: dict[str, Any]) -> None:
        svc["capture"] = False
        svc["pause"] = False
        svc["stalled"] = False

    def _start_audio(self, ctx: AppContext) -> None:
        if MIC in ctx.permissions:
            self._start_capture(ctx)
        else:
            ctx.request_permission(MIC)  # audioinput.getMicrophonePermission

    def _tick(self, ctx: AppContext) -> None:
        """One run of the 1 s interval of ``startCapture``."""
        svc = self._svc(ctx)
        if not svc["capture"]:
            return
        lv = svc["levels"]
        lv["count"] += 1
        if svc["pause"]:
            return
        if svc["stalled"]:
            frames = svc.get("queued", 0)
            svc["queued"] = 0
        else:
            frames = 1
        if frames:
            lv["frames_total"] += frames
            lv["dbATime"] = ENV_DBA
            lv["dbARunning"] = ENV_DBA
            lv["min"] = ENV_DBA if lv["min"] == 0.0 else min(lv["min"], ENV_DBA)
            lv["max"] = max(lv["max"], ENV_DBA)
        else:
            lv["dbATime"] = 0.0  # 10*log10(0/0) is NaN, shown as 0
            if lv["frames_total"] == 0:
                lv["dbARunning"] = 0.0
        entry = {"laeq_t": lv["dbARunning"], "laeq_1s": lv["dbATime"], "second": lv["count"]}
        ctx.data["readings"].append(entry)
        ctx.log(
            "Capacitor/Console",
            f"LAeq(t) {_fmt(entry['laeq_t'])} LAeq(1s) {_fmt(entry['laeq_1s'])}",
            "I",
        )

    def _after(self, ctx: AppContext) -> None:
        self._tick(ctx)
        self._tick(ctx)

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        svc = self._svc(ctx)
        if svc["firstTime"]:  # NoisemeterPage.autoStart after the 3 s countdown
            svc["firstTime"] = False
            self._start_audio(ctx)
            self._after(ctx)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission == MIC and granted:
            self._start_capture(ctx)
            self._after(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        svc = self._svc(ctx)
        # Back dismisses an open ion-alert (the welcome one without running its Ok handler).
        if ctx.data["firstTime"] is None and not svc.get("welcome_hidden"):
            svc["welcome_hidden"] = True
            return True
        if svc["alert"] is not None:
            svc["alert"] = None
            return True
        return False

    # -- handlers ------------------------------------------------------------------------------
    def _welcome_ok(self, ctx: AppContext) -> None:
        ctx.data["firstTime"] = "no"
        self._svc(ctx)["welcome_hidden"] = True
        self._after(ctx)

    def _alert_ok(self, ctx: AppContext) -> None:
        self._svc(ctx)["alert"] = None
        self._after(ctx)

    def _start(self, ctx: AppContext) -> None:
        svc = self._svc(ctx)
        if not svc["capture"]:
            self._reset(ctx, tick=False)
            self._start_audio(ctx)  # countdown elapsed, then startAudio
        else:
            svc["pause"] = not svc["pause"]
        self._after(ctx)

    def _pause(self, ctx: AppContext) -> None:
        svc = self._svc(ctx)
        if svc["capture"]:
            svc["pause"] = not svc["pause"]
        self._after(ctx)

    def _stop(self, ctx: AppContext) -> None:
        svc = self._svc(ctx)
        if svc["capture"]:
            self._stop_capture(svc)
            if svc["save"]:
                svc["alert"] = ("Data saved in the file:", "2023-08-31-112650.txt")
        self._after(ctx)

    def _reset(self, ctx: AppContext, tick: bool = True) -> None:
        svc = self._svc(ctx)
        if svc["capture"]:
            # clearInterval, audioinput.stop() (its end is still pending), startCapture()
            svc["stop_pending"] = not svc["stalled"]
            self._start_capture(ctx)
        else:
            self._reset_parameters(svc)
        if tick:
            self._after(ctx)

    def _save(self, ctx: AppContext) -> None:
        svc = self._svc(ctx)
        svc["save"] = not svc["save"]
        if not svc["save"]:
            if svc["capture"]:
                svc["alert"] = ("Data saved in the file:", "2023-08-31-112650.txt")
            else:
                ctx.toast("File saving disabled.")
        elif svc["capture"]:
            ctx.toast("Data saving in progress in the file: 2023-08-31-112650.txt")
        else:
            ctx.toast("File saving enabled: the next measurement will be saved in the log file.")
        self._after(ctx)

    def _tab(self, ctx: AppContext, index: int) -> None:
        self._svc(ctx)["tab"] = index
        self._after(ctx)

    # -- screens -------------------------------------------------------------------------------
    @staticmethod
    def _t(text: str, **kw: Any) -> View:
        return View(cls="android.view.View", text=text, **kw)

    _blocked: bool = False

    def _btn(self, text: str, handler: Any, **kw: Any) -> View:
        return View(
            cls="android.widget.Button",
            text=text,
            on_click=None if self._blocked else handler,
            **kw,
        )

    def _levels(self, svc: dict[str, Any]) -> list[View]:
        lv = svc["levels"]
        started = lv["started"]
        clock = START_CLOCK
        start_txt = (
            f"Thu 08/31 {clock // 3600:02d}:{clock // 60 % 60:02d}:{clock % 60:02d}"
            if started
            else ""
        )
        secs = lv["count"]
        elapsed = f"00:{secs // 60:02d}:{secs % 60:02d}" if started and secs else ""
        top = w.linear_layout(
            [
                w.linear_layout([self._t("Start"), self._t("Elapsed time")]),
                w.linear_layout([self._t(start_txt), self._t(elapsed)]),
                self._btn("Rotate", lambda c: None),
            ],
            horizontal=True,
        )
        if svc["orientation"] == "verticale":
            card = w.linear_layout(
                [
                    w.linear_layout([self._t("LAmax"), self._t("LAeq(t)"), self._t("LAmin")]),
                    w.linear_layout(
                        [
                            self._t(_fmt(lv["max"])),
                            self._t(_fmt(lv["dbARunning"])),
                            self._t(_fmt(lv["min"])),
                        ]
                    ),
                    w.linear_layout(
                        [self._t("LAeq(1s)"), self._t(_fmt(lv["dbATime"])), self._t("dBA")]
                    ),
                ],
                horizontal=True,
            )
        else:
            card = w.linear_layout([])
        charts = w.linear_layout(
            [
                self._btn(label, lambda c: None)
                for label in ("Global", "1/3 Octave", "Spectrum", "FFT")
            ],
            horizontal=True,
        )
        return [top, card, charts]

    def _bottom_bar(self) -> View:
        return w.linear_layout(
            [
                self._btn("Start", self._start),
                self._btn("Pause", self._pause),
                self._btn("Stop", self._stop),
                self._btn("Reset", self._reset),
                self._btn("Save", self._save),
            ],
            horizontal=True,
            height=160,
        )

    def render(self, ctx: AppContext) -> Screen:
        svc = self._svc(ctx)
        welcome = ctx.data["firstTime"] is None and not svc.get("welcome_hidden")
        self._blocked = welcome or svc["alert"] is not None  # the alert's backdrop
        tabs = w.linear_layout(
            [self._btn(t, w.bind(self._tab, i)) for i, t in enumerate(TABS)],
            horizontal=True,
            height=160,
        )
        page: list[View] = [tabs]
        if svc["tab"] == 0:
            page += [w.scroll_view([w.linear_layout(self._levels(svc))]), self._bottom_bar()]
        else:
            page.append(self._t(TABS[svc["tab"]]))
        if welcome:
            page.append(
                w.linear_layout(
                    [
                        self._t(WELCOME_TITLE),
                        self._t(WELCOME_TEXT),
                        w.button("", "Ok", self._welcome_ok),
                    ]
                )
            )
        elif svc["alert"] is not None:
            header, message = svc["alert"]
            page.append(
                w.linear_layout(
                    [
                        self._t(header),
                        self._t(message),
                        w.button("", "OK", self._alert_ok),
                    ]
                )
            )
        webview = View(
            cls="android.webkit.WebView",
            resource_id="webview",
            children=[w.linear_layout(page)],
        )
        return Screen(content=webview)
