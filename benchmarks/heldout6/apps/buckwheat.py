"""Buckwheat (``com.danilkinkin.buckwheat``, danilkinkin/buckwheat) 4.7.0, for buckwheat#118.

A daily-budget app (Jetpack Compose, one activity): the user sets a budget and a finish date,
the app divides it into daily budgets, and every spend is typed on the app's own number
keyboard; the "For today" pill shows what is left for the day and opens the Budget sheet.

Sources read at commit 0b69ea8 ("bump: update app version to 4.7.0", 2024-06-22), the release
before the report (2024-07-08); the issue is open, with no fix commit. Files read:
``home/MainScreen.kt``, ``home/BottomSheets.kt``, ``onboarding/Onboarding.kt``,
``wallet/Wallet.kt``, ``wallet/BudgetConstructor.kt``, ``wallet/BudgetSummary.kt``,
``wallet/Total.kt``, ``wallet/EditButton.kt``, ``wallet/FinishDateSelector.kt``,
``base/datePicker/Day.kt``, ``editor/Editor.kt``, ``editor/CurrentSpendEditor.kt``,
``editor/toolbar/EditorToolbar.kt``, ``editor/toolbar/restBudgetPill/*``,
``keyboard/Keyboard.kt``, ``data/SpendsViewModel.kt``, ``di/SpendsRepository.kt``,
``util/time.kt``, ``util/numberFormat.kt``, ``analytics/RestAndSpentBudgetCard.kt`` and
``res/values/strings.xml``.

Bug buckwheat#118 (non-crash). When the Budget sheet is switched to editing (the pencil),
``BudgetConstructor`` fills its amount field with what is *left* (``budget - spent -
spentFromDailyBudget``) and reports every edit of the field (or of the finish date) to
``Wallet`` as the new amount; with spends recorded, "Change budget" calls
``SpendsRepository.changeBudget``, which stores that amount as the *whole* budget while the
spends stay. So typing a larger "left" amount (the report's step 3) leaves less than was typed,
and once it is below what was spent the budget is over: ``updateDailyBudget(whatBudgetForDay())``
and the pill's ``whatBudgetForDay(excludeCurrentDay, applyTodaySpends)`` go to zero or below and
the pill reads "The budget is over". "Previous values" puts the old whole budget back in the
field, so it cannot undo a change that has already replaced it. The oracle: a change applied a
field value that was shown as the amount left, and the amount left afterwards differs from it.

The human steps: a budget of 1000 to 17 July (10 days, 100 a day), a spend of 700 on the app's
keyboard (more than the day's 100, so the pill reads "New daily"), the pill, the pencil, 400
typed over the 300 shown, Back (hides the soft keyboard), "Change budget": the budget becomes
400 with 700 spent and the pill reads "The budget is over". The report gives no amounts.

Fixed data: today is Monday 8 July 2024 (the report's date); the finish-date calendar shows
July and August 2024, the days before today disabled. No currency is set (plain numbers, as
``numberFormat`` writes them, with its trailing space).

Stubbed: the spending history above the editor, tags, the settings sheet, analytics, CSV
export, "Finish early", the "Rest" and "Currency" choosers (their rows do nothing), editing a
recorded spend, the new-day recalculation sheets, the swipe tutorial, and debug mode. The
"Click to view budget details" balloon is shown at once (the app waits 2 s) until the pill is
tapped. The keyboard's apply and backspace keys and the sheet's pencil and back arrow are icons
without content descriptions (``contentDescription = null``), so the steps name them by bounds.
Uncertain: the dump classes of Compose nodes (a clickable Card as ``android.view.View``,
``Button``/``IconButton`` as ``android.widget.Button``, icons without descriptions), the
calendar header's date-range text, and layout geometry.
"""

from __future__ import annotations

import calendar
from decimal import ROUND_FLOOR, ROUND_HALF_EVEN, Decimal
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.danilkinkin.buckwheat"
MAIN = ".MainActivity"
TODAY = (2024, 7, 8)
MONTHS = ((2024, 7), (2024, 8))
BUTTON = "android.widget.Button"
CLICKABLE = "android.view.View"
STEPS = (
    (
        "Establish a budget",
        "Calculate approximately how much money you need for a certain "
        "period, such as a month, and enter it in the application. If you can’t calculate, "
        "indicate it very approximately, for example, half of the salary, over time you will "
        "indicate it more and more accurately",
    ),
    (
        "Record every expense",
        "The application will calculate how much you need to spend per "
        "day to fit into the budget, write down the expenses and keep track of the budget",
    ),
    (
        "Spend wisely",
        "Over time, you will learn to feel how much you really spend and how much "
        "you need. Learn to understand whether you can spend money on a trinket right now",
    ),
)


def _dec(value: str) -> Decimal:
    return Decimal(value or "0")


def _fmt(value: Decimal) -> str:
    """``numberFormat`` with no currency: grouped, at most two decimals, a trailing space."""
    text = f"{value.quantize(Decimal('0.01')):,.2f}".rstrip("0").rstrip(".")
    return f"{text} "


def _day_index(day: int, month: int = 7) -> int:
    """Days from 1 July 2024 (the model's dates are all in July and August 2024)."""
    return day - 1 if month == 7 else 31 + day - 1


def _date_name(index: int) -> tuple[int, str]:
    day, month = (index + 1, "July") if index < 31 else (index - 30, "August")
    return day, month


def _days_left(finish: int) -> int:
    """``countDays(finish, today)``: both days counted."""
    return finish - _day_index(TODAY[2]) + 1


def rest_is_not_what_was_set(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of buckwheat#118: "Change budget" applied the field's "left" amount as the
    whole budget, and what is left afterwards is not that amount."""
    return any(c["shown_as_left"] and c["left_after"] != c["field"] for c in data["changes"])


# -- steps -------------------------------------------------------------------------------------
SET_UP = click(PACKAGE, text="Set up a budget", cls="android.widget.TextView")
BUDGET_FIELD = "android.widget.EditText"
FINISH_ROW = click(PACKAGE, text="No finish date selected", cls="android.widget.TextView")
DAY_17 = click(PACKAGE, text="17", cls=CLICKABLE)
APPLY = click(PACKAGE, text="Apply", cls=BUTTON)
PILL = click(PACKAGE, text="New daily", cls="android.widget.TextView")  # the pill, overspent today
FOR_TODAY = click(PACKAGE, text="For today", cls="android.widget.TextView")  # no spend yet
CHANGE = click(PACKAGE, text="Change budget", cls=BUTTON)
PREVIOUS = click(PACKAGE, text="Previous values", cls=BUTTON)
BACK = {"kind": "press_back"}


def _key(label: str) -> dict[str, Any]:
    return click(PACKAGE, text=label, cls=CLICKABLE)


def _budget(amount: str, bounds: list[int]) -> dict[str, Any]:
    """Typing into the Budget sheet's amount field (a Compose field: no id, no hint)."""
    return input_text(PACKAGE, "", amount, cls=BUDGET_FIELD, bounds=bounds)


FIRST_FIELD = [0, 297, 1080, 597]  # the field of the first set-up (no suggestion chip)
EDIT_FIELD = [0, 381, 1080, 681]  # the field when editing, below "Previous values"


KEY_APPLY = click(PACKAGE, cls=CLICKABLE, bounds=[0, 1454, 1080, 1644])
SETUP = [SET_UP, _budget("1000", FIRST_FIELD), BACK, FINISH_ROW, DAY_17, APPLY, APPLY]
SPEND_700 = [_key("7"), _key("0"), _key("0"), KEY_APPLY]
PENCIL = click(PACKAGE, cls=BUTTON, bounds=[933, 150, 1080, 297])  # no description


class Buckwheat(VirtualApp):
    """Buckwheat 4.7.0: onboarding, the budget sheet, the finish date and the keyboard."""

    name: ClassVar[str] = "buckwheat"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Buckwheat"
    version: ClassVar[str] = "4.7.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "buckwheat#118",
            "non-crash",
            "Fixing the budget breaks it",
            rest_is_not_what_was_set,
            human_steps=(
                *SETUP,
                *SPEND_700,
                PILL,
                PENCIL,
                _budget("400", EDIT_FIELD),
                BACK,
                CHANGE,
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "budget": "0",
            "spent": "0",
            "spent_daily": "0",
            "daily": "0",
            "start": None,
            "finish": None,
            "spends": [],
            "balloon": False,
            "changes": [],
        }

    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("raw", "")
        # requireSetBudget: no finish date yet opens the onboarding sheet.
        ctx.ui.setdefault("sheets", [] if ctx.data["finish"] is not None else ["onboarding"])

    def on_back(self, ctx: AppContext) -> bool:
        sheets = ctx.ui["sheets"]
        if not sheets:
            return False
        if sheets[-1] == "wallet" and ctx.ui["wallet"]["edit"] and not self._forced(ctx):
            ctx.ui["wallet"]["edit"] = False  # the back arrow's job; Back closes the sheet
        if self._cancelable(ctx, sheets[-1]):
            sheets.pop()
        return True

    # -- budget logic (SpendsRepository) -----------------------------------------------------
    def _left(self, data: dict[str, Any]) -> Decimal:
        return _dec(data["budget"]) - _dec(data["spent"]) - _dec(data["spent_daily"])

    def _budget_for_day(
        self, data: dict[str, Any], exclude_today: bool = False, apply_today: bool = False
    ) -> Decimal:
        """``whatBudgetForDay``."""
        rest_days = _days_left(data["finish"]) - (1 if exclude_today else 0)
        rest = _dec(data["budget"]) - _dec(data["spent"])
        if apply_today:
            rest -= _dec(data["spent_daily"])
        elif exclude_today:
            rest -= _dec(data["daily"])
        return (rest / max(rest_days, 1)).quantize(Decimal("0.01"), ROUND_HALF_EVEN)

    def _set_budget(self, data: dict[str, Any], budget: Decimal, finish: int) -> None:
        data.update(budget=str(budget), spent="0", spent_daily="0", spends=[])
        data.update(start=_day_index(TODAY[2]), finish=finish)
        data["daily"] = str(self._budget_for_day(data))

    def _change_budget(self, data: dict[str, Any], budget: Decimal, finish: int) -> None:
        data.update(budget=str(budget), finish=finish)
        data["daily"] = str(self._budget_for_day(data))

    # -- handlers ----------------------------------------------------------------------------
    def _open_wallet(self, ctx: AppContext) -> None:
        data = ctx.data
        forced = data["finish"] is None
        left = self._left(data)
        # BudgetConstructor's remembered field: what is left (empty while no budget is set).
        field = "" if _dec(data["budget"]) == 0 else _plain(left)
        finish = data["finish"]
        same_day = finish is not None and finish == data["start"]
        ctx.ui["wallet"] = {
            "edit": forced or same_day,
            "cache": data["budget"],  # Wallet.budgetCache
            "date": finish,
            "field": field,
            "field_cache": str(left) if field else "0",
            "shown_as_left": True,
            "edited": False,
            "suggest": _dec(data["budget"]) != left and _dec(data["budget"]) != 0,
        }
        ctx.ui["sheets"].append("wallet")
        data["balloon"] = False

    def _forced(self, ctx: AppContext) -> bool:
        return ctx.data["finish"] is None

    def _cancelable(self, ctx: AppContext, sheet: str) -> bool:
        return sheet not in ("onboarding",) and not (sheet == "wallet" and self._forced(ctx))

    def _close_sheet(self, ctx: AppContext) -> None:
        if ctx.ui["sheets"] and self._cancelable(ctx, ctx.ui["sheets"][-1]):
            ctx.ui["sheets"].pop()

    def _set_up(self, ctx: AppContext) -> None:
        ctx.ui["sheets"].remove("onboarding")
        self._open_wallet(ctx)

    def _on_change(self, ctx: AppContext) -> None:
        wallet = ctx.ui["wallet"]
        wallet["cache"] = wallet["field_cache"]
        wallet["edited"] = True

    def _type_budget(self, ctx: AppContext, text: str) -> None:
        wallet = ctx.ui["wallet"]
        cleaned = "".join(ch for ch in text if ch.isdigit() or ch == ".")
        wallet["field"] = cleaned
        wallet["field_cache"] = cleaned or "0"
        self._on_change(ctx)

    def _use_last(self, ctx: AppContext) -> None:
        wallet = ctx.ui["wallet"]
        wallet.update(field=_plain(_dec(ctx.data["budget"])), field_cache=ctx.data["budget"])
        wallet.update(shown_as_left=False, suggest=False)
        wallet["date"] = ctx.data["finish"]  # today + the old period's length - 1
        self._on_change(ctx)

    def _open_dates(self, ctx: AppContext) -> None:
        ctx.ui["pick"] = ctx.ui["wallet"]["date"]
        ctx.ui["sheets"].append("date")

    def _pick(self, ctx: AppContext, index: int) -> None:
        ctx.ui["pick"] = index

    def _apply_date(self, ctx: AppContext) -> None:
        ctx.ui["sheets"].pop()
        ctx.ui["wallet"]["date"] = ctx.ui["pick"]
        self._on_change(ctx)

    def _apply_budget(self, ctx: AppContext) -> None:
        wallet = ctx.ui["wallet"]
        amount = _dec(wallet["cache"])
        if ctx.data["spends"] and not self._forced(ctx):
            self._change_budget(ctx.data, amount, wallet["date"])
            ctx.data["changes"].append(
                {
                    "field": str(_dec(wallet["field_cache"])),
                    "shown_as_left": wallet["shown_as_left"] and wallet["edited"],
                    "left_after": str(self._left(ctx.data)),
                }
            )
        else:
            self._set_budget(ctx.data, amount, wallet["date"])
            ctx.data["balloon"] = True  # activateTutorial(OPEN_WALLET)
        ctx.ui["sheets"].remove("wallet")

    def _press(self, ctx: AppContext, key: str) -> None:
        raw = ctx.ui["raw"]
        if key == "back":
            raw = raw[:-1]
        elif key == "." and "." not in raw:
            raw = (raw or "0") + "."
        elif key.isdigit():
            raw = raw + key if raw != "0" else key
        ctx.ui["raw"] = raw

    def _type_spent(self, ctx: AppContext, text: str) -> None:
        ctx.ui["raw"] = "".join(ch for ch in text if ch.isdigit() or ch == ".")

    def _commit_spent(self, ctx: AppContext) -> None:
        value = _dec(ctx.ui["raw"].rstrip(".") or "0")
        if value > 0 and ctx.data["finish"] is not None:
            ctx.data["spends"].append(str(value))
            ctx.data["spent_daily"] = str(_dec(ctx.data["spent_daily"]) + value)
        ctx.ui["raw"] = ""

    # -- screens -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        windows: list[Window] = []
        for sheet in ctx.ui["sheets"]:
            if sheet == "onboarding":
                windows.append(self._sheet(ctx, sheet, self._onboarding(), 120))
            elif sheet == "wallet":
                windows.append(self._sheet(ctx, sheet, self._wallet(ctx), 150))
            elif sheet == "date":
                windows.append(self._sheet(ctx, sheet, self._dates(ctx), 100))
        if ctx.data["balloon"] and not windows:
            balloon = w.text_view("Click to view budget details", height=110)
            windows.append(
                Window(root=balloon, kind="menu", modal=False, bounds=(60, 230, 800, 340))
            )
        return Screen(content=self._main(ctx), windows=windows)

    def _sheet(self, ctx: AppContext, name: str, body: View, top: int) -> Window:
        return Window(
            root=w.scroll_view([body]),
            kind="sheet",
            cancelable=self._cancelable(ctx, name),
            on_dismiss=self._close_sheet,
            bounds=(0, top, 1080, 1920),
        )

    def _pill(self, ctx: AppContext) -> View:
        data = ctx.data
        if data["finish"] is None:
            return w.button("", "", self._open_wallet, width=147)
        daily = _dec(data["daily"])
        rest_today = daily - _dec(data["spent_daily"])
        new_daily = self._budget_for_day(data, exclude_today=True, apply_today=True)
        if daily <= 0 or new_daily <= 0:
            label, value = "The budget is over", ""
        elif rest_today < 0:
            label, value = "New daily", _fmt(new_daily.quantize(Decimal("1"), ROUND_HALF_EVEN))
        else:
            label, value = "For today", _fmt(rest_today)
        texts = [w.text_view(label, height=131)]
        if value:
            texts.append(w.text_view(value, width=300, height=131))
        return View(cls=CLICKABLE, layout="horizontal", on_click=self._open_wallet, children=texts)

    def _main(self, ctx: AppContext) -> View:
        bar = w.linear_layout(
            [self._pill(ctx), w.button("", "", lambda c: None, width=147)],
            horizontal=True,
            height=131,
            weight=0,
        )
        editor = w.edit_text("", ctx.ui["raw"], self._type_spent, height=500)
        keys = [
            ["7", "8", "9", "back"],
            ["4", "5", "6"],
            ["1", "2", "3"],
            ["0", "."],
        ]
        rows = [
            w.linear_layout(
                [
                    View(
                        cls=CLICKABLE,
                        text="" if k == "back" else k,
                        on_click=w.bind(self._press, k),
                    )
                    for k in row
                ],
                horizontal=True,
                height=190,
                weight=0,
            )
            for row in keys
        ]
        apply = View(cls=CLICKABLE, on_click=self._commit_spent, height=190)
        keyboard = w.linear_layout([*rows, apply], height=950, weight=0)
        return View(cls="android.view.View", children=[bar, editor, keyboard])

    def _onboarding(self) -> View:
        rows: list[View] = []
        for n, ((title, text), height) in enumerate(zip(STEPS, (263, 158, 158), strict=True), 1):
            column = w.linear_layout(
                [w.text_view(title, height=63), w.text_view(text, height=height)]
            )
            rows.append(
                w.linear_layout(
                    [w.text_view(str(n), width=120), column],
                    horizontal=True,
                    height=63 + height,
                    weight=0,
                )
            )
        start = View(
            cls=CLICKABLE,
            on_click=self._set_up,
            height=168,
            children=[w.text_view("Set up a budget", height=168)],
        )
        return w.linear_layout(
            [
                w.text_view("Hello!", height=150),
                w.text_view("Welcome to Buckwheat, let's save money together", height=126),
                *rows,
                start,
            ],
            weight=0,
        )

    def _wallet(self, ctx: AppContext) -> View:
        wallet = ctx.ui["wallet"]
        forced = self._forced(ctx)
        changed = wallet["cache"] != ctx.data["budget"] or wallet["date"] != ctx.data["finish"]
        back = w.button("", "", lambda c: c.ui["wallet"].update(edit=False), width=147)
        pencil = w.button("", "", lambda c: c.ui["wallet"].update(edit=True), width=147)
        header = w.linear_layout(
            [
                back if wallet["edit"] and not forced else View(width=147),
                w.text_view(
                    "Setting up a budget" if changed or wallet["edit"] else "Budget", height=147
                ),
                pencil if not wallet["edit"] else View(width=147),
            ],
            horizontal=True,
            height=147,
            weight=0,
        )
        body = self._constructor(ctx) if wallet["edit"] else self._summary(ctx)
        rows = [
            self._row("Rest", "Always ask", None),
            self._row("Currency", "", None),
        ]
        if changed or wallet["edit"]:
            rows.append(self._total(ctx))
            days = _days_left(wallet["date"]) if wallet["date"] is not None else 0
            has_spends = bool(ctx.data["spends"]) and not forced
            rows.append(
                w.button(
                    "",
                    "Change budget" if has_spends else "Apply",
                    self._apply_budget,
                    enabled=days > 0 and _dec(wallet["cache"]) > 0,
                )
            )
        else:
            if ctx.data["spends"]:
                rows.append(self._row("View analytics", "", None))
            rows += [self._row("Export to CSV", "", None), self._row("Finish early", "", None)]
        return w.linear_layout([header, body, *rows], weight=0)

    def _row(self, text: str, caption: str, handler: Any) -> View:
        texts = [w.text_view(text)] + ([w.text_view(caption)] if caption else [])
        return View(
            cls=CLICKABLE,
            layout="horizontal",
            height=147,
            on_click=handler or (lambda c: None),
            children=texts,
        )

    def _constructor(self, ctx: AppContext) -> View:
        wallet = ctx.ui["wallet"]
        children: list[View] = []
        if wallet["suggest"]:
            children.append(w.button("", "Previous values", self._use_last, width=450, height=84))
        placeholder = [] if wallet["field"] or self._forced(ctx) else [w.text_view("0")]
        field = w.edit_text("", wallet["field"], self._type_budget, height=300)
        children.append(
            View(cls="android.view.View", layout=FRAME, height=360, children=[*placeholder, field])
        )
        date = wallet["date"]
        if date is not None and _days_left(date) > 0:
            day, month = _date_name(date)
            days = _days_left(date)
            label = f"To {day:02d} {month} ({days} day{'s' if days != 1 else ''})"
        else:
            label = "No finish date selected"
        children.append(self._row(label, "", self._open_dates))
        return w.linear_layout(children, weight=0)

    def _summary(self, ctx: AppContext) -> View:
        data = ctx.data
        left = self._left(data)
        budget = _dec(data["budget"])
        percent = (left / budget * 100).quantize(Decimal("1"), ROUND_HALF_EVEN) if budget else 0
        left_card = w.linear_layout(
            [
                w.text_view(_fmt(left) if left >= 0 else _fmt(-left) + "over"),
                w.text_view("Left"),
                w.text_view(f"{percent}% of budget"),
            ],
            height=420,
            weight=0,
        )
        whole = w.linear_layout([w.text_view(_fmt(budget)), w.text_view("Starting budget")])
        days = w.linear_layout(
            [w.text_view(str(_days_left(data["finish"]))), w.text_view("Days left")]
        )
        edit = View(cls=CLICKABLE, on_click=lambda c: c.ui["wallet"].update(edit=True), width=200)
        cards = w.linear_layout([whole, days, edit], horizontal=True, height=300, weight=0)
        return w.linear_layout([left_card, cards], weight=0)

    def _total(self, ctx: AppContext) -> View:
        wallet = ctx.ui["wallet"]
        budget = _dec(wallet["cache"])
        days = _days_left(wallet["date"]) if wallet["date"] is not None else 0
        if budget > 0 and days > 0:
            per_day = (budget / days).quantize(Decimal("1"), ROUND_FLOOR)
            return w.linear_layout(
                [w.text_view("Total"), w.text_view(f"{_fmt(per_day)} per day")], weight=0
            )
        reasons = ""
        if budget <= 0:
            reasons += "- Enter your budget\n"
        if days <= 0:
            reasons += "- Calculate the budget for at least one day\n"
        return w.linear_layout([w.text_view("Unable to budget"), w.text_view(reasons)], weight=0)

    def _dates(self, ctx: AppContext) -> View:
        pick = ctx.ui["pick"]
        today = _day_index(TODAY[2])
        if pick is None:
            header = [w.text_view("Choose a finish date", height=120)]
        else:
            day, month_name = _date_name(pick)
            days = _days_left(pick)
            header = [
                w.text_view(f"08 July - {day:02d} {month_name}", height=120),
                w.text_view(f"{days} day{'s' if days != 1 else ''}", height=80),
            ]
        bar = w.linear_layout(
            [
                w.button("", "", self._close_sheet, width=147),
                View(width=500),
                w.button("", "Apply", self._apply_date, enabled=pick is not None, width=350),
            ],
            horizontal=True,
            height=147,
            weight=0,
        )
        months: list[View] = []
        for year, month in MONTHS:
            months.append(w.text_view(f"{calendar.month_name[month]} {year}", height=100))
            first, count = calendar.monthrange(year, month)
            cells: list[View] = [View(cls="android.view.View", width=150) for _ in range(first)]
            for day in range(1, count + 1):
                index = _day_index(day, month)
                cells.append(
                    View(
                        cls=CLICKABLE,
                        text=str(day),
                        width=150,
                        enabled=index >= today,
                        selected=pick is not None and today <= index <= pick,
                        on_click=w.bind(self._pick, index) if index >= today else None,
                    )
                )
            months += [
                w.linear_layout(cells[i : i + 7], horizontal=True, height=110, weight=0)
                for i in range(0, len(cells), 7)
            ]
        return w.linear_layout([bar, *header, *months], weight=0)


def _plain(value: Decimal) -> str:
    """``setScale(2).stripTrailingZeros().toPlainString()`` as the field shows it."""
    text = f"{value.quantize(Decimal('0.01')):f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "buckwheat#118": [
        # The field edited but the sheet closed with Back: nothing is applied.
        [*SETUP, *SPEND_700, PILL, PENCIL, _budget("400", EDIT_FIELD), BACK, BACK],
        # "Change budget" with the field left as it was: the budget is unchanged.
        [*SETUP, *SPEND_700, PILL, PENCIL, CHANGE],
        # "Previous values" puts the whole budget in the field: applying it is right.
        [*SETUP, *SPEND_700, PILL, PENCIL, PREVIOUS, CHANGE],
        # No spend recorded: the button is "Apply" and sets a new budget from scratch.
        [*SETUP, FOR_TODAY, PENCIL, _budget("400", FIRST_FIELD), BACK, APPLY],
    ],
}
