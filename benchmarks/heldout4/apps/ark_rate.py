"""ARK Rate (``dev.arkbuilders.rate``, ARK-Builders/Rate, formerly ARK-Builders/ARK-Rate), a
Jetpack Compose currency converter, version 1.2.0 (versionCode 3).

Sources read at commit 2f1abb7 (2023-12-14, the head of the development branch the day before the
report; its app sources are those of the tag v1.2.0, e2fd0ef, 2023-12-16):
``presentation/MainActivity.kt``, ``MainScreen.kt``, ``ui/BottomNavigation.kt``,
``ui/RateScaffold.kt``, ``quick/QuickScreen.kt``, ``quick/QuickScreenInputAmount.kt``,
``quick/QuickViewModel.kt``, ``addcurrency/AddCurrencyScreen.kt`` and its view model,
``summary/SummaryScreen.kt``, ``summary/SummaryViewModel.kt``, ``settings/SettingsScreen.kt``,
``settings/SettingsViewModel.kt``, ``assets/AssetsScreen.kt``, ``shared/SharedViewModel.kt``,
``data/preferences/Preferences.kt``, ``data/fiat/FiatCurrencyRepo.kt``, ``App.kt``,
``res/values/strings.xml`` and the manifest.

Bug ``Rate#71`` (crash). Settings' three "rate round" rows (``SettingsNumberComp``) open a
dialog whose field keeps only digits; Save stores ``value.toInt()`` in the DataStore. The
Summary screen's ``SummaryViewModel`` then builds its three formats in ``init`` with
``createFormat(n) = DecimalFormat("0." + "#".repeat(n))`` for every one of the three settings,
whichever currencies are shown, so a round of 123456789 makes ``"#".repeat(n)`` allocate a
``CharArray`` of n chars (about 247 MB) and the process dies with ``java.lang.OutOfMemoryError``
on the main thread (the view-model coroutine resumes on ``Dispatchers.Main``). The Summary screen
is opened by Convert on the Quick screen (``QuickViewModel.onExchange``) and by the Assets screen's
Summary button; both paths crash. The report has no stack trace: the exception class follows from
the code; its message (byte count, free bytes, growth limit) and the frames are the model's, in the
app's real classes and lines (``SummaryViewModel.kt:165``, ``:38``). Where the limit lies is
uncertain (it depends on the device's heap): the model runs out of memory when the pattern needs
more than 50,000,000 characters and formats normally below that. A round above ``Int.MAX_VALUE``
(ten digits) crashes already on Save with ``NumberFormatException`` (``String.toInt``), as the
code does; that is not this bug.

Screens (Compose: no resource ids; texts, content descriptions and classes as Compose's
accessibility exposes them): the Scaffold's bottom navigation (Quick, Assets, Alerts, Settings;
``navigate(route) { launchSingleTop = true }``, hidden on Search and Summary and while the amount
field has the keyboard); Quick (start destination: the 3D / Grid / List toggle, an unlabelled sort
icon opening "Sort by" with Used count / Used time, the quick currencies as tiles or rows, Search);
Search (``AddCurrencyScreen``: a "Search" field filtering the currency list, rows of code and
name); Quick's amount screen once a currency is picked (the amount field labelled with the code,
"Convert <code> to:", the chosen target currencies with an unlabelled delete icon each, an
unlabelled add icon that opens Search for a target, Convert; Convert with no target toasts "Add at
least one currency to convert into"); Summary ("Quick <code>", TOTAL and EXCHANGE cards); Assets
(amount rows with a Delete icon, an unlabelled add icon, Summary); Settings (Currencies: Fiat/fiat,
Crypto/crypto, Fiat/crypto rate round, each showing its value, default 2; Privacy: Crash reports
switch); the round dialog (its title, a number field, Save).

Stubbed: the Alerts screen (an empty column: the pair-alert editor is off the path), the
background rate worker and notifications, the 3D tag cloud's animation (tiles in a row). Network
content is fixed data: the rates of the 15 currencies in ``RATES`` (per US dollar, as the fiat
API returns them; ETH and SOL as the crypto API would) and their names from
``FiatCurrencyRepo.fiatCodeToCurrency``. Uncertain: with crash reports on (the default) ACRA
handles the crash and shows its own "Crash" dialog; the virtual device shows the system's
"keeps stopping" dialog instead; the bottom bar is hidden whenever the amount screen is shown
(its field requests focus and the keyboard at once).
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_DOWN, ROUND_HALF_EVEN, Decimal, localcontext
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "dev.arkbuilders.rate"
MAIN = ".presentation.MainActivity"
LABEL = "ARK Rate"

VIEW = "android.view.View"
BUTTON = "android.widget.Button"
EDIT = "android.widget.EditText"

# Fixed data: (code, name, type, units per US dollar) as the APIs would have returned them.
RATES: tuple[tuple[str, str, str, float], ...] = (
    ("AUD", "Australian Dollar", "FIAT", 1.51),
    ("BRL", "Brazilian Real", "FIAT", 4.91),
    ("CAD", "Canadian Dollar", "FIAT", 1.36),
    ("CHF", "Swiss Franc", "FIAT", 0.87),
    ("CNY", "Chinese Yuan", "FIAT", 7.14),
    ("ETH", "Ethereum", "CRYPTO", 0.000445),
    ("EUR", "Euro", "FIAT", 0.92),
    ("GBP", "British Pound Sterling", "FIAT", 0.79),
    ("INR", "Indian Rupee", "FIAT", 83.3),
    ("JPY", "Japanese Yen", "FIAT", 142.1),
    ("MXN", "Mexican Peso", "FIAT", 17.2),
    ("SEK", "Swedish Krona", "FIAT", 10.3),
    ("SOL", "Solana", "CRYPTO", 0.0137),
    ("UAH", "Ukrainian Hryvnia", "FIAT", 36.9),
    ("USD", "United States Dollar", "FIAT", 1.0),
)
NAMES = {code: name for code, name, _, _ in RATES}
TYPES = {code: kind for code, _, kind, _ in RATES}
USD_VALUE = {code: 1.0 / per_usd for code, _, _, per_usd in RATES}  # CurrencyRate.rate

# (preference key, Settings row title), in the screen's order; the stored keys of Preferences.kt.
ROUNDS = (
    ("round_fiat_fiat", "Fiat/fiat rate round"),
    ("round_crypto_crypto", "Crypto/crypto rate round"),
    ("round_crypto_fiat", "Fiat/crypto rate round"),
)
TABS = (("quick", "Quick"), ("assets", "Assets"), ("alerts", "Alerts"), ("settings", "Settings"))
SHOW_AS = (("TAG_CLOUD", "3D"), ("GRID", "Grid"), ("LIST", "List"))
NO_TARGET = "Add at least one currency to convert into"
OOM_CHARS = 50_000_000  # the model's limit: see the module docstring

VM = "dev.arkbuilders.rate.presentation.summary.SummaryViewModel"
COROUTINE_FRAMES = [
    "kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:33)",
    "kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)",
    "android.os.Handler.handleCallback(Handler.java:942)",
    "android.os.Handler.dispatchMessage(Handler.java:99)",
    "android.os.Looper.loopOnce(Looper.java:201)",
    "android.os.Looper.loop(Looper.java:288)",
    "android.app.ActivityThread.main(ActivityThread.java:7872)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:548)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:936)",
]


def decimal_format(value: float, fraction_digits: int, rounding: str = ROUND_HALF_EVEN) -> str:
    """``DecimalFormat("0." + "#" * n).format(value)``: at most ``n`` fraction digits of the
    double's shortest decimal form, trailing zeros dropped."""
    with localcontext() as context:
        context.prec = 400
        digits = min(fraction_digits, 340)
        q = Decimal(repr(value)).quantize(Decimal(1).scaleb(-digits), rounding=rounding)
        text = format(q, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def amount_input(new: str) -> tuple[str, float] | None:
    """``onAmountChanged`` of the Quick and Assets view models: ``None`` (the old text stays)
    unless digits and one dot; the shown text without leading zeros and the amount."""
    if not re.fullmatch(r"[0-9]*\.?[0-9]*", new):
        return None
    if not re.search(r"[0-9]", new):
        return new, 0.0
    return re.sub(r"^0+(?=\d)", "", new), float(new)


def create_format(n: int) -> int:
    """``SummaryViewModel.createFormat(n)``: the fraction digits of the format; ``"#".repeat(n)``
    runs out of memory for a huge ``n``."""
    if n > OOM_CHARS:
        size = 2 * n + 16
        raise JavaException(
            "java.lang.OutOfMemoryError",
            f"Failed to allocate a {size} byte allocation with 25165824 free bytes and 226MB "
            "until OOM, target footprint 34559472, growth limit 268435456",
            frames=[
                "kotlin.text.StringsKt__StringsJVMKt.repeat(StringsJVM.kt:409)",
                f"{VM}.createFormat(SummaryViewModel.kt:165)",
                f"{VM}.access$createFormat(SummaryViewModel.kt:22)",
                f"{VM}$1.invokeSuspend(SummaryViewModel.kt:38)",
                *COROUTINE_FRAMES,
            ],
        )
    return n


def summary_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Rate#71: the app ran out of memory building the Summary's rate formats."""
    return crashed(system, PACKAGE, "java.lang.OutOfMemoryError")


def _tab(title: str) -> dict[str, Any]:
    return click(PACKAGE, desc=title, cls=VIEW)


def _row(text: str) -> dict[str, Any]:
    return click(PACKAGE, text=text, cls="android.widget.TextView")


# The amount screen's unlabelled add icon (an IconButton: a Button with no text), by its place.
ADD_TARGET = click(PACKAGE, cls=BUTTON, bounds=[456, 403, 624, 571])

_PICK_AND_CONVERT = [
    _tab("Quick"),
    click(PACKAGE, text="Search", cls=BUTTON),
    _row("EUR"),
    input_text(PACKAGE, "", "100", hint="EUR"),
    ADD_TARGET,
    _row("GBP"),
    click(PACKAGE, text="Convert", cls=BUTTON),
]
_TYPE_9_DIGITS = [
    _tab("Settings"),
    _row("Fiat/fiat rate round"),
    input_text(PACKAGE, "", "123456789", hint="2"),
]
SAVE = click(PACKAGE, text="Save", cls=BUTTON)

BUG_71 = BugSpec(
    "Rate#71",
    "crash",
    "Settings/Quick: a 9-digit rate round then Convert crashes the app",
    summary_crashed,
    human_steps=(*_TYPE_9_DIGITS, SAVE, *_PICK_AND_CONVERT),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Rate#71": [
        # the round left at its default: Convert shows the Summary
        [_tab("Settings"), *_PICK_AND_CONVERT],
        # a one-digit round
        [
            _tab("Settings"),
            _row("Fiat/fiat rate round"),
            input_text(PACKAGE, "", "9", hint="2"),
            SAVE,
            *_PICK_AND_CONVERT,
        ],
        # the dialog dismissed with Back instead of Save
        [
            *_TYPE_9_DIGITS,
            {"kind": "press_back"},  # hides the keyboard
            {"kind": "press_back"},  # dismisses the dialog
            *_PICK_AND_CONVERT,
        ],
        # no target currency added: Convert only toasts
        [*_TYPE_9_DIGITS, SAVE, *_PICK_AND_CONVERT[:4], _PICK_AND_CONVERT[-1]],
    ],
}


class ArkRate(VirtualApp):
    """ARK Rate 1.2.0: one activity, Compose navigation kept as a back stack in ``ctx.ui``."""

    name: ClassVar[str] = "Rate"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = LABEL
    version: ClassVar[str] = "1.2.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_71,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "prefs": {key: 2 for key, _ in ROUNDS}
            | {"crash_report": True, "show_as": 0, "sorted_by": 0},
            "quick": [],  # QuickCurrency rows: {"code", "used_count", "used_time"}
            "quick_base": [],  # RoomQuickBaseCurrency codes
            "assets": [],  # CurrencyAmount rows: {"code", "amount"}
            "clock": 0,
        }

    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("stack", [{"route": "quick"}])

    # navigation -----------------------------------------------------------------------------
    def _top(self, ctx: AppContext) -> dict[str, Any]:
        entry: dict[str, Any] = ctx.ui["stack"][-1]
        return entry

    def _navigate(self, ctx: AppContext, route: str, **args: Any) -> None:
        if self._top(ctx)["route"] == route and not args:
            return  # launchSingleTop
        ctx.ui["stack"].append({"route": route, **args})

    def _pop(self, ctx: AppContext) -> None:
        if not w.pop_back_stack(ctx.ui["stack"]):
            ctx.finish()

    def on_back(self, ctx: AppContext) -> bool:
        top = self._top(ctx)
        if top.get("dialog") or top.get("sort"):
            top["dialog"] = None
            top["sort"] = False
            return True
        if top["route"] == "quick" and top.get("selected"):
            top["selected"] = None  # BackHandler of the amount screen
            return True
        return w.pop_back_stack(ctx.ui["stack"])

    # quick ----------------------------------------------------------------------------------
    def _select(self, ctx: AppContext, code: str) -> None:
        self._top(ctx).update(selected=code, amount_text="", amount=0.0)

    def _amount(self, ctx: AppContext, new: str) -> None:
        filtered = amount_input(new)
        if filtered is not None:
            self._top(ctx).update(amount_text=filtered[0], amount=filtered[1])

    def _convert(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        if not ctx.data["quick_base"]:
            ctx.toast(NO_TARGET)
            return
        code = top["selected"]
        ctx.data["clock"] += 1
        rows = [q for q in ctx.data["quick"] if q["code"] != code]
        used = next((q["used_count"] for q in ctx.data["quick"] if q["code"] == code), 0)
        rows.append({"code": code, "used_count": used + 1, "used_time": ctx.data["clock"]})
        ctx.data["quick"] = rows
        self._open_summary(ctx, {"code": code, "amount": top["amount"]})

    def _open_summary(self, ctx: AppContext, amount: dict[str, Any] | None) -> None:
        self._navigate(ctx, "summary", amount=amount)
        # SummaryViewModel's init: the three formats, then the totals.
        for key, _ in ROUNDS:
            create_format(int(ctx.data["prefs"][key]))

    def _attraction(self, ctx: AppContext) -> list[str]:
        rows = ctx.data["quick"]
        key = "used_count" if ctx.data["prefs"]["sorted_by"] == 0 else "used_time"
        ordered = [q["code"] for q in sorted(rows, key=lambda q: q[key])]
        return ordered[0::2] + list(reversed(ordered[1::2]))

    def _quick_select_screen(self, ctx: AppContext) -> list[View]:
        show_as = ctx.data["prefs"]["show_as"]
        toggle = w.linear_layout(
            [
                w.text_view(
                    title, on_click=w.bind(self._show_as, i), selected=i == show_as, width=200
                )
                for i, (_, title) in enumerate(SHOW_AS)
            ],
            horizontal=True,
            height=126,
        )
        sort = View(cls=BUTTON, on_click=lambda c: self._top(c).update(sort=True), width=126)
        codes = self._attraction(ctx)
        if show_as == 2:
            items = [
                w.list_row(
                    code,
                    NAMES[code],
                    cls=VIEW,
                    title_rid="",
                    subtitle_rid="",
                    on_click=w.bind(self._select, code),
                    height=120,
                )
                for code in sorted(codes, key=lambda c: -self._used(ctx, c))
            ]
            listing = w.list_view(items, rid="", cls=VIEW)
        else:
            tiles = [
                View(
                    cls=VIEW,
                    on_click=w.bind(self._select, code),
                    width=240,
                    height=240,
                    children=[w.text_view(code)],
                )
                for code in codes
            ]
            listing = w.linear_layout(tiles, horizontal=True, height=400)
        search = w.button(
            "", "Search", lambda c: self._navigate(c, "add_currency", base=False), height=147
        )
        return [
            w.linear_layout([toggle, sort], horizontal=True, height=147),
            listing,
            View(),
            search,
        ]

    def _used(self, ctx: AppContext, code: str) -> int:
        return next(q["used_count"] for q in ctx.data["quick"] if q["code"] == code)

    def _show_as(self, ctx: AppContext, i: int) -> None:
        ctx.data["prefs"]["show_as"] = i

    def _sort_by(self, ctx: AppContext, i: int) -> None:
        ctx.data["prefs"]["sorted_by"] = i
        self._top(ctx)["sort"] = False

    def _quick_amount_screen(self, ctx: AppContext) -> list[View]:
        top = self._top(ctx)
        code = top["selected"]
        targets = [
            w.linear_layout(
                [
                    w.text_view(base, width=300),
                    View(
                        cls=BUTTON, width=147, height=147, on_click=w.bind(self._remove_base, base)
                    ),
                ],
                horizontal=True,
                height=147,
                weight=0,
            )
            for base in ctx.data["quick_base"]
        ]
        add = self._add_currency_button(base=True)
        column = w.linear_layout(
            [
                w.text_view(f"Convert {code} to:", height=120),
                *targets,
                w.linear_layout([View(width=456), add], horizontal=True, height=168, weight=0),
            ],
            weight=0,
        )
        field = w.edit_text("", top["amount_text"], self._amount, hint=code, height=180)
        # Laid out as it shows above the keyboard the field opens at once (``imePadding``).
        return [
            View(height=40),
            field,
            column,
            w.button("", "Convert", self._convert, height=160),
            View(),
        ]

    def _remove_base(self, ctx: AppContext, code: str) -> None:
        ctx.data["quick_base"] = [c for c in ctx.data["quick_base"] if c != code]

    # search ---------------------------------------------------------------------------------
    def _pick(self, ctx: AppContext, code: str) -> None:
        top = self._top(ctx)
        origin = top.get("origin", "quick")
        if origin == "assets":
            if any(a["code"] == code for a in ctx.data["assets"]):
                ctx.toast(f"{code} currency is already added to assets")
                return
            ctx.data["assets"].append({"code": code, "amount": 0.0})
            self._pop(ctx)
            return
        base = top.get("base")
        self._pop(ctx)
        if base:
            if code not in ctx.data["quick_base"]:
                ctx.data["quick_base"].append(code)
        else:
            self._select(ctx, code)  # SharedViewModel.quickCurrencyPickedFlow

    def _search_screen(self, ctx: AppContext) -> list[View]:
        top = self._top(ctx)
        text = top.get("filter", "")
        rows = [
            w.list_row(
                code,
                name,
                cls=VIEW,
                title_rid="",
                subtitle_rid="",
                on_click=w.bind(self._pick, code),
                height=84,
            )
            for code, name, _, _ in RATES
            if code.lower().startswith(text.lower()) or text.lower() in name.lower()
        ]
        field = w.edit_text(
            "", text, lambda c, t: self._top(c).update(filter=t), hint="Search", height=180
        )
        return [field, w.list_view(rows, rid="", cls=VIEW, scroll_key="search_scroll")]

    # summary --------------------------------------------------------------------------------
    def _summary_screen(self, ctx: AppContext) -> list[View]:
        amount = self._top(ctx).get("amount")
        prefs = ctx.data["prefs"]

        def fmt(a: str, b: str, value: float) -> str:
            kinds = (TYPES[a], TYPES[b])
            key = (
                "round_fiat_fiat"
                if kinds == ("FIAT", "FIAT")
                else "round_crypto_crypto"
                if kinds == ("CRYPTO", "CRYPTO")
                else "round_crypto_fiat"
            )
            return decimal_format(value, int(prefs[key]))

        total: dict[str, float] = {}
        exchange: dict[str, str] = {}
        if amount is None:
            held = {a["code"]: a["amount"] for a in ctx.data["assets"]}
            usd = sum(v * USD_VALUE[c] for c, v in held.items())
            total = {c: usd / USD_VALUE[c] for c in held}
            pairs = [(i, j) for i in held for j in held if i != j]
        else:
            code = amount["code"]
            usd = amount["amount"] * USD_VALUE[code]
            total = {code: amount["amount"]} | {
                b: usd / USD_VALUE[b] for b in ctx.data["quick_base"]
            }
            others = [b for b in ctx.data["quick_base"] if b != code]
            pairs = [(code, b) for b in others] + [(b, code) for b in others]
        for i, j in pairs:
            exchange[f"{i}/{j}"] = fmt(i, j, USD_VALUE[i] / USD_VALUE[j])

        def card(title: str, rows: dict[str, str]) -> View:
            lines = [
                w.linear_layout(
                    [w.text_view(k), w.text_view(v)], horizontal=True, height=84, weight=0
                )
                for k, v in rows.items()
            ]
            return View(
                cls=VIEW, on_click=None, weight=0, children=[w.text_view(title, height=100), *lines]
            )

        head = [w.text_view(f"Quick {amount['code']}", height=100)] if amount else []
        totals = {k: decimal_format(v, 6, ROUND_HALF_DOWN) for k, v in total.items()}
        return [*head, card("TOTAL", totals), card("EXCHANGE", exchange), View()]

    # assets, alerts -------------------------------------------------------------------------
    def _asset_amount(self, ctx: AppContext, code: str, text: str) -> None:
        filtered = amount_input(text)
        for asset in ctx.data["assets"]:
            if asset["code"] == code and filtered is not None:
                asset["text"], asset["amount"] = filtered

    def _assets_screen(self, ctx: AppContext) -> list[View]:
        rows = [
            w.linear_layout(
                [
                    w.edit_text(
                        "", a.get("text", ""), self._asset_field(a["code"]), hint=a["code"]
                    ),
                    View(
                        cls=BUTTON,
                        content_desc="Delete",
                        width=147,
                        on_click=w.bind(self._remove_asset, a["code"]),
                    ),
                ],
                horizontal=True,
                height=180,
                weight=0,
            )
            for a in ctx.data["assets"]
        ]
        add = self._add_currency_button(origin="assets")
        summary = w.button("", "Summary", lambda c: self._open_summary(c, None), height=147)
        return [*rows, add, View(), summary]

    def _add_currency_button(self, **args: Any) -> View:
        """The "+" icon button opening AddCurrency with ``args``."""
        return w.button(
            "", "", w.bind(self._navigate, "add_currency", **args), width=168, height=168
        )

    def _asset_field(self, code: str) -> Any:
        return lambda ctx, text: self._asset_amount(ctx, code, text)

    def _remove_asset(self, ctx: AppContext, code: str) -> None:
        ctx.data["assets"] = [a for a in ctx.data["assets"] if a["code"] != code]

    # settings -------------------------------------------------------------------------------
    def _settings_screen(self, ctx: AppContext) -> list[View]:
        prefs = ctx.data["prefs"]
        rounds = [
            View(
                cls=VIEW,
                on_click=w.bind(self._open_round, key),
                height=200,
                weight=0,
                children=[w.text_view(title), w.text_view(str(prefs[key]))],
            )
            for key, title in ROUNDS
        ]
        switch = View(
            cls="android.widget.Switch",
            checkable=True,
            checked=prefs["crash_report"],
            on_click=self._flip_reports,
            width=180,
        )
        reports = View(
            cls=VIEW,
            on_click=self._flip_reports,
            height=180,
            weight=0,
            layout="horizontal",
            children=[w.text_view("Crash reports"), switch],
        )
        return [
            w.text_view("Currencies", height=120),
            *rounds,
            w.text_view("Privacy", height=120),
            reports,
            View(),
        ]

    def _open_round(self, ctx: AppContext, key: str) -> None:
        self._top(ctx).update(dialog=key, input=str(ctx.data["prefs"][key]))

    def _flip_reports(self, ctx: AppContext) -> None:
        ctx.data["prefs"]["crash_report"] = not ctx.data["prefs"]["crash_report"]

    def _save_round(self, ctx: AppContext) -> None:
        """``SettingsViewModel.onRoundSave``: empty is "0"; ``toInt`` of the digits."""
        top = self._top(ctx)
        key, value = top["dialog"], top["input"] or "0"
        top["dialog"] = None
        if int(value) > 2**31 - 1:
            raise JavaException(
                "java.lang.NumberFormatException",
                f'For input string: "{value}"',
                frames=[
                    "java.lang.Integer.parseInt(Integer.java:786)",
                    "java.lang.Integer.parseInt(Integer.java:614)",
                    "dev.arkbuilders.rate.presentation.settings.SettingsViewModel"
                    "$onRoundSave$1.invokeSuspend(SettingsViewModel.kt:58)",
                    *COROUTINE_FRAMES,
                ],
            )
        ctx.data["prefs"][key] = int(value)

    def _round_dialog(self, ctx: AppContext) -> Window:
        top = self._top(ctx)
        title = dict(ROUNDS)[top["dialog"]]
        field = w.edit_text(
            "",
            top["input"],
            lambda c, t: self._top(c).update(input="".join(ch for ch in t if ch.isdigit())),
        )
        save = w.button("", "Save", self._save_round, width=260)
        body = w.linear_layout(
            [
                w.text_view(title),
                field,
                w.linear_layout([View(), save], horizontal=True, height=140),
            ],
            weight=0,
        )
        return Window(root=body, on_dismiss=lambda c: self._top(c).update(dialog=None))

    # render ---------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        top = self._top(ctx)
        route = top["route"]
        windows: list[Window] = []
        bar = route not in ("add_currency", "summary")
        if route == "quick" and top.get("selected"):
            body = self._quick_amount_screen(ctx)
            bar = False
        elif route == "quick":
            body = self._quick_select_screen(ctx)
            if top.get("sort"):
                sorted_by = ctx.data["prefs"]["sorted_by"]
                rows = [
                    w.linear_layout(
                        [
                            w.text_view(text),
                            w.radio_button(
                                "", "", sorted_by == i, w.bind(self._sort_by, i), width=147
                            ),
                        ],
                        horizontal=True,
                        height=147,
                        weight=0,
                        on_click=w.bind(self._sort_by, i),
                    )
                    for i, text in enumerate(("Used count", "Used time"))
                ]
                windows.append(
                    Window(
                        root=w.linear_layout([w.text_view("Sort by"), *rows], weight=0),
                        on_dismiss=lambda c: self._top(c).update(sort=False),
                    )
                )
        elif route == "add_currency":
            body = self._search_screen(ctx)
        elif route == "summary":
            body = self._summary_screen(ctx)
        elif route == "assets":
            body = self._assets_screen(ctx)
        elif route == "settings":
            body = self._settings_screen(ctx)
            if top.get("dialog"):
                windows.append(self._round_dialog(ctx))
        else:
            body = [View()]  # Alerts (stub)
        children = [View(cls=VIEW, children=body)]
        if bar:
            selected = next(title for r, title in TABS if r == route)
            children.append(
                w.bottom_navigation(
                    [("", title) for _, title in TABS],
                    selected,
                    self._tab,
                    rid="",
                    cls=VIEW,
                    item_cls=VIEW,
                    label_rid="",
                )
            )
        return Screen(content=View(cls=VIEW, children=children), windows=windows)

    def _tab(self, ctx: AppContext, title: str) -> None:
        route = next(r for r, t in TABS if t == title)
        self._navigate(ctx, route)
