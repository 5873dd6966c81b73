"""Score Counter (``ua.napps.scorekeeper``, n-apps/ScoreCounter) 6.9.5, for ScoreCounter#79.

Modelled from the sources at commit ``e5ebb98`` ("v 6.9.5", 15 Dec 2021, the day the report
was filed and the parent of the fix; ``app/build.gradle`` gives ``6.9.5``):
``AndroidManifest.xml``, ``app/MainActivity.java``, ``counters/CountersFragment.java``,
``counters/CountersAdapter.java``, ``counters/CountersViewModel.java``, ``counters/Counter.java``,
``counters/CountersDao.java``, ``counters/EditCounterActivity.java``,
``counters/EditCounterViewModel.java``, ``log/LogActivity.java``,
``settings/LocalSettings.java``, ``utils/RateMyAppDialog.java``, the layouts ``activity_main``,
``fragment_counters``, ``item_counter_full``, ``item_counter_compact``,
``dialog_counter_step``, ``activity_edit_counter``, ``activity_log``, ``fragment_dices``,
``fragment_settings``, the menus ``counters_menu``, ``bottom_navigation_menu``,
``menu_delete``, ``res/values/strings.xml`` / ``arrays.xml``, and material-dialogs 0.9.6's
``md_dialog_input`` / ``md_stub_actionbuttons`` (``md_content``, ``android:id/input``,
``md_buttonDefaultPositive`` / ``Neutral``). The fix is commit ``31c04b3`` (PR #82, in 6.9.6):
``CountersAdapter.setCountersList``'s ``areContentsTheSame`` also compares ``defaultValue``.

Screens: ``MainActivity`` hosts ``CountersFragment`` above the ``bottom_navigation`` (unlabeled
items ``counters`` "Counters", ``dices`` "Dice", ``more`` "Settings"). The counters page has a
``toolbar`` (title: the leader "🥇 <name>", "<n>🧦" on a tie of some, none for 0-1 counters or
all equal; a tap toggles "lowest wins"), the actions ``menu_add_counter`` "Add counter" and
``menu_log`` "History (session-only)", and an overflow with "Reset all" / "Delete all" (both
ask "Are you sure?" Yes / No). A fresh install has no counters: the ``empty_state`` ("Tap on the
"+" button in the top right corner to add a new counter", a tap adds one). Each counter (fewer
than 6: ``item_counter_full`` cards sharing the height; 6 or more: ``item_counter_compact``
rows) shows ``tv_counter_name`` (tap: the "Counter name" input dialog, Set / More),
``iv_counter_edit`` "Edit" (opens ``EditCounterActivity``) and the ``counter_interaction_area``
with ``iv_decrease``, ``tv_counter_value`` and ``iv_increase``: a tap on the left / right third
takes away / adds the counter's step, on the middle opens the quick-change dialog ("<name> |
<value>", +5/+10/+15/+30 or -..., ``sign_btn_group`` "-" / "+", ``et_add_custom_value``); a long
press on the left / right third opens that dialog too, on the middle the set-value dialog
("<name> | <value>", ``android:id/input``, "Set" and "Reset"). ``EditCounterActivity``: up
arrow, ``menu_delete`` "Delete", ``et_counter_name``, ``color_slider``, ``btn_more_colors``,
``et_counter_value`` ("Value"), ``et_counter_step`` ("Increment"), ``et_counter_default_value``
(helper text "Reset value") and ``btn_save`` "Save".

The bug (ScoreCounter#79, non-crash): a view holder keeps the ``Counter`` object it was last
bound with (``CounterFullViewHolder.counter``), and ``setCountersList``'s DiffUtil
``areContentsTheSame`` compares id, name, colour, step and value but not ``defaultValue``. After
an edit that changes only the default (reset) value, the row is not re-bound, so the set-value
dialog's "Reset" runs ``CountersViewModel.resetCounter`` with the stale counter and writes its
old default (``setCount(id, counter.getDefaultValue())``), 0 for a new counter. Any re-bind (a
+/- tap, which also calls ``notifyItemChanged``, a changed value, a rotation) refreshes the
holder, so the next reset is right; "Reset all" (``UPDATE counters SET value = defaultValue``)
is right too.

Oracle: the session history (``Singleton``'s log, shown by ``LogActivity``) records each reset
with the value written; the model also records, for the ground truth only, the default value
the database held at that moment; the bug fired when a single-counter reset wrote a value other
than that default.

Determinism and stubs: the app picks each new counter's name and colour at random from shuffled
``names`` / ``default_color_list``; the model takes them in array order (muffalo, boomrat,
megascarab...; #5992F8, #FFD966, #52B8D2...). The interaction area decides by the touch's x
position; the model gives its three children the handlers (so they dump as clickable, where
the real ``iv_decrease`` / ``tv_counter_value`` / ``iv_increase`` are not), a touch on the
middle child meaning the middle third. Snackbars ("Counter added" with "One more", "Counter
deleted", "Logic changed") are shown as toasts; drag-to-reorder (a long press on the name or
"Edit") does nothing; the colour picker of ``btn_more_colors`` is not modelled (the slider's
colour choice is not either); vibration and sounds are not modelled. The Dice and Settings
pages show their real controls with no behaviour except the dice roll on a tap; the rate-app
dialog (after 18 launches or 14 days) never shows. The history is session-only in the app and
kept in the model's data.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text, long_click
from device_agent.virtual.views import FRAME, HORIZONTAL, Handler, Screen, View, Window

PACKAGE = "ua.napps.scorekeeper"
MAIN = ".app.MainActivity"
EDIT = ".counters.EditCounterActivity"
LOG = ".log.LogActivity"
ABOUT = ".settings.AboutActivity"

NAMES = (
    "muffalo",
    "boomrat",
    "megascarab",
    "cobra",
    "deer",
    "boar",
    "squirrel",
    "iguana",
    "aardvark",
    "albatross",
)
COLORS = (
    "#5992F8",
    "#FFD966",
    "#52B8D2",
    "#F18181",
    "#6CBE5E",
    "#B79A8F",
    "#A0BB31",
    "#A4AFC7",
    "#F2B04B",
    "#f7f7f7",
)
QUICK_STEPS = (5, 10, 15, 30)  # LocalSettings.getCustomCounter(1..4) defaults
STEP_BUTTONS = ("btn_one", "btn_two", "btn_three", "btn_four")

EMPTY_MESSAGE = 'Tap on the "+" button in the top right corner to add a new counter'
LONG_PRESS_TIP = "Try long tapping onto +/-"
STEPS_HINT = "You can edit these values in the settings"
CONFIRM = "Are you sure?"

CARD = "android.widget.FrameLayout"  # MaterialCardView (a FrameLayout)
TEXT = "android.widget.TextView"
MD_BUTTON = TEXT  # material-dialogs' MDButton extends TextView
EDIT_TEXT = "android.widget.EditText"

INC, DEC, SET = 1, 2, 3  # CountersAdapter.MODE_INCREASE_VALUE / _DECREASE_ / _SET_


def reset_wrote_wrong_value(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of ScoreCounter#79: a counter's own "Reset" wrote a value other than the
    reset (default) value the database held for it."""
    return any(
        e["type"] == "RST" and e.get("db_default") is not None and e["value"] != e["db_default"]
        for e in data["log"]
    )


def _find(data: dict[str, Any], cid: int) -> dict[str, Any] | None:
    for c in data["counters"]:
        if c["id"] == cid:
            return c
    return None


def _are_you_sure(yes: Handler, no: Handler) -> Window:
    """The app's untitled "Are you sure?" dialog: No, then Yes."""
    return w.alert_dialog(
        View(cls="android.view.View", height=0),
        [w.dialog_message(CONFIRM)],
        w.dialog_buttons(("Yes", yes), ("No", no)),
        no,
    )


def _fmt(value: int) -> str:
    """``String.format(Locale.FRANCE, "%,d", value)``: a narrow no-break space groups digits."""
    text = f"{abs(value):,}".replace(",", "\u202f")
    return f"-{text}" if value < 0 else text


STEP_ADD = click(PACKAGE, "menu_add_counter", desc="Add counter", cls=TEXT)
STEP_PLUS = click(PACKAGE, "iv_increase", desc="Decrease", cls="android.widget.ImageView")
STEP_MINUS = click(PACKAGE, "iv_decrease", desc="Decrease", cls="android.widget.ImageView")
STEP_EDIT = click(PACKAGE, "iv_counter_edit", desc="Edit", cls="android.widget.ImageView")
STEP_DEFAULT = input_text(PACKAGE, "et_counter_default_value", "5")
STEP_SAVE = click(PACKAGE, "btn_save", "Save", cls="android.widget.Button")
STEP_VALUE_LONG = long_click(PACKAGE, "tv_counter_value", desc="Value", cls=TEXT)
STEP_RESET = click(PACKAGE, "md_buttonDefaultNeutral", "Reset", cls=MD_BUTTON)
STEP_UP = click(PACKAGE, desc="Navigate up", cls="android.widget.ImageButton")
STEP_OVERFLOW = click(PACKAGE, desc="More options", cls="android.widget.ImageView")
STEP_RESET_ALL = click(PACKAGE, "title", "Reset all", cls=TEXT)
STEP_YES = click(PACKAGE, "android:id/button1", "Yes", cls="android.widget.Button")
STEP_LANDSCAPE: dict[str, Any] = {"kind": "rotate", "orientation": "landscape"}
STEP_PORTRAIT: dict[str, Any] = {"kind": "rotate", "orientation": "portrait"}

HUMAN_STEPS = (
    STEP_ADD,
    STEP_ADD,
    STEP_PLUS,
    STEP_EDIT,
    STEP_DEFAULT,
    STEP_SAVE,
    STEP_VALUE_LONG,
    STEP_RESET,
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "ScoreCounter#79": [
        # The edit screen left with the up arrow instead of Save: nothing changed.
        [STEP_ADD, STEP_ADD, STEP_PLUS, STEP_EDIT, STEP_DEFAULT, STEP_UP, STEP_VALUE_LONG,
         STEP_RESET],
        # Reset before editing the default value.
        [STEP_ADD, STEP_ADD, STEP_PLUS, STEP_VALUE_LONG, STEP_RESET, STEP_EDIT, STEP_DEFAULT,
         STEP_SAVE],
        # A +/- tap after saving re-binds the row: the reset is right.
        [STEP_ADD, STEP_ADD, STEP_PLUS, STEP_EDIT, STEP_DEFAULT, STEP_SAVE, STEP_MINUS,
         STEP_VALUE_LONG, STEP_RESET],
        # "Reset all" instead of the counter's own Reset.
        [STEP_ADD, STEP_ADD, STEP_PLUS, STEP_EDIT, STEP_DEFAULT, STEP_SAVE, STEP_OVERFLOW,
         STEP_RESET_ALL, STEP_YES],
        # A rotation (a new fragment and adapter) between the save and the reset.
        [STEP_ADD, STEP_ADD, STEP_PLUS, STEP_EDIT, STEP_DEFAULT, STEP_SAVE, STEP_LANDSCAPE,
         STEP_PORTRAIT, STEP_VALUE_LONG, STEP_RESET],
    ],
}  # fmt: skip


class ScoreCounter(VirtualApp):
    """Score Counter 6.9.5: the counters page, the counter editor, history, dice, settings."""

    name: ClassVar[str] = "ScoreCounter"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Score Counter"
    version: ClassVar[str] = "6.9.5"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "ScoreCounter#79",
            "non-crash",
            "After resetting the counter with custom default value - its value becomes 0",
            reset_wrote_wrong_value,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "counters": [],  # the Room table "counters", ordered by position
            "next_id": 1,
            "picked": 0,  # names/colours handed out
            "log": [],  # Singleton's session history
            "bound": {},  # CountersAdapter: the Counter each row's view holder holds, by id
            "long_press_tip": False,  # LocalSettings.getLongPressTipShowed()
            "settings": {"keep_screen_on": False, "dark_theme": False, "vibrate": True,
                         "swap_press": False},
        }  # fmt: skip

    # -- the database and the adapter ----------------------------------------------------------
    @staticmethod
    def _publish(data: dict[str, Any], rebind: tuple[int, ...] = ()) -> None:
        """Room's LiveData delivers the new list to ``setCountersList``: DiffUtil re-binds the
        rows whose id, name, colour, step or value changed (not ``defaultValue``: the bug);
        ``rebind`` are rows re-bound by ``notifyItemChanged`` from the adapter's list."""
        bound = data["bound"]
        fresh: dict[str, Any] = {}
        for counter in data["counters"]:
            key = str(counter["id"])
            old = bound.get(key)
            same = old is not None and all(
                old[f] == counter[f] for f in ("id", "name", "color", "step", "value")
            )
            fresh[key] = old if same and counter["id"] not in rebind else copy.deepcopy(counter)
        data["bound"] = fresh

    @staticmethod
    def _bind_all(data: dict[str, Any]) -> None:
        data["bound"] = {str(c["id"]): copy.deepcopy(c) for c in data["counters"]}

    def _holder(self, data: dict[str, Any], cid: int) -> dict[str, Any]:
        """The Counter the row's view holder holds (what its listeners pass on)."""
        held = data["bound"].get(str(cid))
        if held is None:
            found = _find(data, cid)
            assert found is not None
            held = copy.deepcopy(found)
        return held

    def add_counter(self, ctx: AppContext) -> None:
        data = ctx.data
        k = data["picked"]
        data["picked"] += 1
        counter = {
            "id": data["next_id"],
            "name": NAMES[k % len(NAMES)],
            "color": COLORS[k % len(COLORS)],
            "value": 0,
            "default": 0,
            "step": 1,
            "position": len(data["counters"]) + 1,
        }
        data["next_id"] += 1
        data["counters"].append(counter)
        self._publish(data)
        ctx.toast("Counter added")

    def _log(self, data: dict[str, Any], kind: str, counter: dict[str, Any], value: int,
             **extra: Any) -> None:  # fmt: skip
        data["log"].append(
            {"type": kind, "id": counter["id"], "name": counter["name"], "value": value,
             "previous": counter["value"], **extra}
        )  # fmt: skip

    def _modify(self, ctx: AppContext, held: dict[str, Any], amount: int) -> None:
        """``repository.modifyCount``: ``value = value + amount`` in SQL."""
        row = _find(ctx.data, held["id"])
        if row is not None:
            row["value"] += amount
        self._publish(ctx.data)

    def _set_count(self, ctx: AppContext, cid: int, value: int) -> None:
        row = _find(ctx.data, cid)
        if row is not None:
            row["value"] = value
        self._publish(ctx.data)

    def _step(self, ctx: AppContext, cid: int, mode: int) -> None:
        """``handleSingleStep`` with the holder's counter (after ``notifyItemChanged``)."""
        held = self._holder(ctx.data, cid)
        step = held["step"]
        if step == 0:
            return
        self._log(ctx.data, "INC" if mode == INC else "DEC", held, step)
        self._modify(ctx, held, step if mode == INC else -step)
        # notifyItemChanged: the next layout re-binds the row from the adapter's list.
        self._publish(ctx.data, rebind=(cid,))
        if abs(held["value"] - held["default"]) > 20 and not ctx.data["long_press_tip"]:
            ctx.data["long_press_tip"] = True
            ctx.toast(LONG_PRESS_TIP)

    def tap_area(self, ctx: AppContext, cid: int, mode: int) -> None:
        held = self._holder(ctx.data, cid)
        if mode == SET:
            self._open_step_dialog(ctx, held, INC)
        elif not ctx.data["settings"]["swap_press"]:
            self._step(ctx, cid, mode)
        else:
            self._open_step_dialog(ctx, held, mode)

    def long_press_area(self, ctx: AppContext, cid: int, mode: int) -> None:
        held = self._holder(ctx.data, cid)
        if mode == SET:
            ctx.ui["dialog"] = {"kind": "set_value", "id": cid, "held": copy.deepcopy(held),
                                "input": str(held["value"])}  # fmt: skip
        elif not ctx.data["settings"]["swap_press"]:
            self._open_step_dialog(ctx, held, mode)
        else:
            self._step(ctx, cid, mode)

    @staticmethod
    def _open_step_dialog(ctx: AppContext, held: dict[str, Any], mode: int) -> None:
        ctx.ui["dialog"] = {"kind": "step", "id": held["id"], "held": copy.deepcopy(held),
                            "mode": mode, "input": ""}  # fmt: skip

    def _apply_step(self, ctx: AppContext, amount: int) -> None:
        """The step dialog's ``amount`` added or taken (its mode) from its held counter."""
        dialog = ctx.ui["dialog"]
        held = dialog["held"]
        mode = dialog["mode"]
        self._log(ctx.data, "INC_C" if mode == INC else "DEC_C", held, amount)
        self._modify(ctx, held, amount if mode == INC else -amount)
        self._publish(ctx.data, rebind=(held["id"],))

    def step_button(self, ctx: AppContext, amount: int) -> None:
        self._apply_step(ctx, amount)
        ctx.ui["dialog"] = None

    def set_value(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        held = dialog["held"]
        text = dialog["input"].strip()
        try:
            value = int(text)
        except ValueError:
            value = held["value"]  # Utilities.parseInt's fallback
        if value != held["value"]:
            self._log(ctx.data, "SET", held, value)
            self._set_count(ctx, held["id"], value)
        self._publish(ctx.data, rebind=(held["id"],))
        ctx.ui["dialog"] = None

    def reset_counter(self, ctx: AppContext) -> None:
        """``CountersViewModel.resetCounter(counter)`` with the dialog's (the holder's) counter:
        ``setCount(id, counter.getDefaultValue())``."""
        held = ctx.ui["dialog"]["held"]
        row = _find(ctx.data, held["id"])
        db_default = row["default"] if row is not None else None
        self._log(ctx.data, "RST", held, held["default"], db_default=db_default)
        self._set_count(ctx, held["id"], held["default"])
        ctx.ui["dialog"] = None

    def reset_all(self, ctx: AppContext) -> None:
        for c in ctx.data["counters"]:
            self._log(ctx.data, "RST_ALL", c, 0)
            c["value"] = c["default"]  # UPDATE counters SET value = defaultValue
        self._publish(ctx.data)
        ctx.ui["dialog"] = None

    def remove_all(self, ctx: AppContext) -> None:
        ctx.data["counters"] = []
        ctx.data["log"] = []
        self._publish(ctx.data)
        ctx.ui["dialog"] = None

    def rename(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        name = dialog["input"]
        if name:  # input(..., allowEmptyInput = false)
            row = _find(ctx.data, dialog["id"])
            if row is not None:
                row["name"] = name
            if name.lower() in ("roman", "роман", "рома"):
                ctx.toast("👋")
            self._publish(ctx.data)
        ctx.ui["dialog"] = None

    # -- lifecycle, keys -------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            # A new CountersFragment: a new adapter binds every row from the database.
            self._bind_all(ctx.data)
            ctx.ui["tab"] = "counters"  # setSelectedItemId(R.id.counters), switchFragment
            ctx.ui["lowest_wins"] = False
            ctx.ui["dialog"] = None
            ctx.ui["menu"] = False
        elif ctx.activity == EDIT:
            counter = _find(ctx.data, ctx.extras["id"])
            if counter is None:
                ctx.finish()
                return
            ctx.ui.setdefault(
                "fields",
                {
                    "name": counter["name"],
                    "value": str(counter["value"]),
                    "step": str(counter["step"]),
                    "default": str(counter["default"]),
                },
            )
            ctx.ui.setdefault("dialog", None)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == EDIT:
            return {"fields": ctx.ui.get("fields")}
        return {}

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            if w.dismiss(ctx.ui, "menu"):
                return True
            if ctx.ui.get("tab") != "counters":
                ctx.ui["tab"] = "counters"
                return True
        return False

    def on_key(self, ctx: AppContext, key: str) -> bool:
        if key != "enter" or ctx.activity != MAIN:
            return False
        dialog = ctx.ui.get("dialog")
        if not dialog:
            return False
        if dialog["kind"] == "set_value" and ctx.focus.endswith("input"):
            self.set_value(ctx)
            return True
        if dialog["kind"] == "name" and ctx.focus.endswith("input"):
            self.rename(ctx)
            return True
        if dialog["kind"] == "step" and ctx.focus.endswith("et_add_custom_value"):
            text = dialog["input"].strip()
            if text:
                try:
                    amount = int(text)
                except ValueError:
                    amount = 0
                self._apply_step(ctx, amount)
            ctx.ui["dialog"] = None
            return True
        return False

    # -- the edit screen ---------------------------------------------------------------------
    def save_edit(self, ctx: AppContext) -> None:
        """``EditCounterActivity.validateAndSave``."""
        counter = _find(ctx.data, ctx.extras["id"])
        if counter is None:
            ctx.finish()
            return
        fields = ctx.ui["fields"]

        def parse(text: str, fallback: int) -> int:
            try:
                return int(text.strip())
            except ValueError:
                return fallback

        name = fields["name"]
        if counter["name"] != name:
            counter["name"] = name
            if name.lower() in ("roman", "роман", "рома"):
                ctx.toast("👋")
        value = parse(fields["value"], counter["value"])
        if value != counter["value"]:
            self._log(ctx.data, "SET", counter, value)
            counter["value"] = value
        counter["default"] = parse(fields["default"], counter["default"])
        counter["step"] = parse(fields["step"], counter["step"])
        self._publish(ctx.data)
        ctx.finish()

    def delete_counter(self, ctx: AppContext) -> None:
        counter = _find(ctx.data, ctx.extras["id"])
        if counter is not None:
            self._log(ctx.data, "RMV", counter, 0)
            ctx.data["counters"].remove(counter)
            for i, c in enumerate(ctx.data["counters"], 1):
                c["position"] = i  # updatePositions, after "Counter deleted"
            self._publish(ctx.data)
            ctx.toast("Counter deleted")
        ctx.ui["dialog"] = None
        ctx.finish()

    # -- rendering: the counters page ------------------------------------------------------------
    def _title(self, ctx: AppContext) -> str:
        counters = ctx.data["counters"]
        if len(counters) < 2:
            return ""
        values = [c["value"] for c in counters]
        top_value = min(values) if ctx.ui.get("lowest_wins") else max(values)
        top = [c for c in counters if c["value"] == top_value]
        if len(top) == 1:
            return "\U0001f947 " + top[0]["name"]
        return "" if len(top) == len(counters) else f"{len(top)}\U0001f9e6"

    def _toggle_logic(self, ctx: AppContext) -> None:
        ctx.ui["lowest_wins"] = not ctx.ui.get("lowest_wins")
        ctx.toast("Logic changed")

    def _counters_toolbar(self, ctx: AppContext) -> View:
        def open_menu(c: AppContext) -> None:
            c.ui["menu"] = True

        def start_log(c: AppContext) -> None:
            c.start_activity(LOG)

        bar = w.toolbar(
            self._title(ctx),
            actions=[
                w.action_item("menu_add_counter", "Add counter", self.add_counter),
                w.action_item("menu_log", "History (session-only)", start_log),
                w.overflow_button(open_menu),
            ],
        )
        bar.on_click = self._toggle_logic
        return View(cls="android.widget.LinearLayout", weight=0, children=[bar])

    def _value(self, counter: dict[str, Any], **kw: Any) -> View:
        """A counter's value (``tv_counter_value``), tapped or long pressed to set it."""
        cid = counter["id"]
        return View(
            cls=TEXT,
            resource_id="tv_counter_value",
            text=_fmt(counter["value"]),
            on_click=w.bind(self.tap_area, cid, SET),
            on_long_click=w.bind(self.long_press_area, cid, SET),
            **kw,
        )

    def _step_icon(
        self, cid: int, op: int, rid: str, desc: str, width: int = 189, **kw: Any
    ) -> View:
        """A counter's decrease or increase icon (``op``): tapped or long pressed."""
        return w.image_view(
            rid,
            desc,
            w.bind(self.tap_area, cid, op),
            width=width,
            on_long_click=w.bind(self.long_press_area, cid, op),
            **kw,
        )

    def _full_row(self, ctx: AppContext, counter: dict[str, Any]) -> View:
        cid = counter["id"]
        area = View(
            cls=CARD,
            resource_id="counter_interaction_area",
            layout=FRAME,
            clickable=True,
            focusable=True,
            children=[
                self._value(counter, content_desc="Value"),
                self._step_icon(cid, DEC, "iv_decrease", "Decrease", height=189, gravity="start"),
                # the layout's (wrong) @string/common_decrease:
                self._step_icon(cid, INC, "iv_increase", "Decrease", height=189, gravity="end"),
            ],
        )
        header = View(
            cls="android.widget.LinearLayout",
            layout=HORIZONTAL,
            height=147,
            children=[
                View(
                    cls=TEXT,
                    resource_id="tv_counter_name",
                    text=counter["name"],
                    content_desc="Counter name",
                    on_click=w.bind(self.name_dialog, cid),
                    on_long_click=lambda c: None,  # ItemTouchHelper.startDrag
                ),
                w.image_view(
                    "iv_counter_edit",
                    "Edit",
                    w.bind(self.open_editor, cid),
                    width=147,
                    on_long_click=lambda c: None,
                ),
            ],
        )
        return View(
            cls="android.widget.FrameLayout",
            children=[
                View(
                    cls=CARD,
                    resource_id="card",
                    children=[View(cls="android.widget.LinearLayout", children=[header, area])],
                )
            ],
        )

    def _compact_row(self, ctx: AppContext, counter: dict[str, Any]) -> View:
        cid = counter["id"]
        return View(
            cls=CARD,
            resource_id="card",
            layout=HORIZONTAL,
            height=168,
            children=[
                self._step_icon(cid, DEC, "iv_decrease", "Decrease", width=147),
                View(
                    cls=TEXT,
                    resource_id="tv_counter_name",
                    text=counter["name"],
                    on_click=w.bind(self.open_editor, cid),
                    on_long_click=lambda c: None,
                ),
                self._value(counter, width=300),
                self._step_icon(cid, INC, "iv_increase", "Increase", width=147),
            ],
        )

    def open_editor(self, ctx: AppContext, cid: int) -> None:
        ctx.start_activity(EDIT, {"id": cid})

    def name_dialog(self, ctx: AppContext, cid: int) -> None:
        held = self._holder(ctx.data, cid)
        ctx.ui["dialog"] = {"kind": "name", "id": cid, "input": held["name"]}

    def _counters_page(self, ctx: AppContext) -> list[View]:
        counters = ctx.data["counters"]
        if not counters:
            return [
                self._counters_toolbar(ctx),
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="empty_state",
                    on_click=self.add_counter,
                    children=[
                        w.image_view(desc=EMPTY_MESSAGE, width=336, height=336),
                        w.text_view(EMPTY_MESSAGE),
                    ],
                ),
            ]
        full = len(counters) < 6
        rows = [self._full_row(ctx, c) if full else self._compact_row(ctx, c) for c in counters]
        return [
            self._counters_toolbar(ctx),
            View(
                cls="androidx.recyclerview.widget.RecyclerView",
                resource_id="recycler_view",
                scrollable=not full,
                scroll_key="" if full else "scroll",
                children=rows,
            ),
        ]

    # -- rendering: other tabs ---------------------------------------------------------------
    def _roll(self, ctx: AppContext) -> None:
        rolls = ctx.data.setdefault("rolls", 0) + 1
        ctx.data["rolls"] = rolls
        ctx.ui["previous_roll"] = ctx.ui.get("roll", 0)
        ctx.ui["roll"] = (rolls * 5) % 6 + 1  # the dice's "random" result, fixed sequence

    def _dice_page(self, ctx: AppContext) -> list[View]:
        roll = ctx.ui.get("roll", 0)
        children: list[View] = [
            View(
                cls="android.widget.LinearLayout",
                layout=HORIZONTAL,
                height=147,
                weight=0,
                children=[
                    w.text_view("1d6", "tv_dice_variant_info"),
                    w.image_view("iv_dice_menu", "Dice", lambda c: None, width=147),
                ],
            )
        ]
        if roll:
            children.append(w.text_view(str(roll), "dice", on_click=self._roll))
        else:
            children.append(
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="empty_state_group",
                    on_click=self._roll,
                    children=[
                        w.image_view(
                            "im_empty_state",
                            "Tap anywhere or shake your device to roll the dice",
                            height=336,
                        ),  # fmt: skip
                        w.text_view(
                            "Tap anywhere or shake your device to roll the dice",
                            "tv_empty_state",
                        ),
                    ],
                )
            )
        return [View(cls="android.widget.FrameLayout", resource_id="container",
                     children=[View(children=children)])]  # fmt: skip

    def _settings_page(self, ctx: AppContext) -> list[View]:
        settings = ctx.data["settings"]

        def flip(key: str) -> Any:
            def handler(c: AppContext) -> None:
                c.data["settings"][key] = not c.data["settings"][key]

            return handler

        def switch(rid: str, text: str, key: str) -> View:
            return View(
                cls="android.widget.Switch",
                resource_id=rid,
                text=text,
                checkable=True,
                checked=settings[key],
                on_click=flip(key),
            )

        def about(c: AppContext) -> None:
            c.start_activity(ABOUT)

        rows = [
            w.text_view("Appearance", "tv_general"),
            switch("sw_keep_screen_on", "Keep screen on", "keep_screen_on"),
            switch("sw_dark_theme", "Dark theme", "dark_theme"),
            switch("sw_switch_vibrate", "Vibrate", "vibrate"),
            w.text_view("Counter", "tv_counter"),
            View(
                cls="android.widget.LinearLayout",
                layout=HORIZONTAL,
                height=189,
                children=[
                    w.text_view(str(n), f"btn_{i}_text") for i, n in enumerate(QUICK_STEPS, 1)
                ],
            ),
            switch("sw_swap_press", "Swap short and long press", "swap_press"),
            w.text_view("Actions"),
            w.text_view("Send feedback", "tv_request_feature"),
            w.text_view("Support ★★★★★", "tv_rate_app"),
            w.text_view("Help translate", "tv_help_translate"),
            w.text_view("Recommend to a friend", "tv_share"),
            w.text_view("Score Counter"),
            w.text_view("About me", "tv_about", on_click=about),
            w.text_view("Privacy policy", "tv_privacy_policy"),
        ]
        return [w.scroll_view([View(cls="android.widget.LinearLayout", weight=0, children=rows)])]

    def _select_tab(self, ctx: AppContext, tab: str) -> None:
        ctx.ui["tab"] = tab
        ctx.ui["menu"] = False

    def _bottom_nav(self, ctx: AppContext) -> View:
        tab = ctx.ui.get("tab", "counters")
        return View(
            cls="android.widget.FrameLayout",  # BottomNavigationView
            resource_id="bottom_navigation",
            layout=HORIZONTAL,
            height=147,
            weight=0,
            children=[
                View(
                    cls="android.widget.FrameLayout",  # BottomNavigationItemView, unlabeled
                    resource_id=rid,
                    content_desc=title,
                    selected=tab == rid,
                    on_click=w.bind(self._select_tab, rid),
                )
                for rid, title in (
                    ("counters", "Counters"),
                    ("dices", "Dice"),
                    ("more", "Settings"),
                )
            ],
        )

    # -- rendering: dialogs ------------------------------------------------------------------
    @staticmethod
    def _close(ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    @staticmethod
    def _md_input_dialog(
        content: str,
        text: str,
        on_text: Any,
        buttons: list[tuple[str, str, Any]],
        on_dismiss: Any,
    ) -> Window:
        """A material-dialogs input dialog: ``md_content``, ``android:id/input`` and the
        ``MDButton`` action buttons."""
        return Window(
            root=View(
                cls="android.widget.FrameLayout",  # MDRootLayout
                weight=0,
                children=[
                    View(
                        cls="android.widget.LinearLayout",
                        weight=0,
                        children=[
                            w.text_view(content, "md_content"),
                            w.edit_text("android:id/input", text, on_text),
                        ],
                    ),
                    View(
                        cls="android.widget.LinearLayout",
                        layout=HORIZONTAL,
                        height=147,
                        weight=0,
                        children=[
                            View(
                                cls=MD_BUTTON,
                                resource_id=rid,
                                text=label,
                                on_click=handler,
                                width=300,
                            )  # fmt: skip
                            for rid, label, handler in buttons
                        ],
                    ),
                ],
            ),
            on_dismiss=on_dismiss,
        )

    def _dialog_window(self, ctx: AppContext) -> Window | None:
        dialog = ctx.ui.get("dialog")
        if not dialog:
            return None

        def typed(c: AppContext, text: str) -> None:
            c.ui["dialog"]["input"] = text

        kind = dialog["kind"]
        if kind == "set_value":
            held = dialog["held"]
            return self._md_input_dialog(
                f"{held['name']} | {held['value']}",
                dialog["input"],
                typed,
                [
                    ("md_buttonDefaultNeutral", "Reset", self.reset_counter),
                    ("md_buttonDefaultPositive", "Set", self.set_value),
                ],
                self._close,
            )
        if kind == "name":

            def more(c: AppContext) -> None:
                cid = c.ui["dialog"]["id"]
                c.ui["dialog"] = None
                self.open_editor(c, cid)

            return self._md_input_dialog(
                "Counter name",
                dialog["input"],
                typed,
                [
                    ("md_buttonDefaultNeutral", "More", more),
                    ("md_buttonDefaultPositive", "Set", self.rename),
                ],
                self._close,
            )
        if kind == "step":
            current = _find(ctx.data, dialog["id"])
            title = f"{current['name']} | {current['value']}" if current else "Current value"
            sign = "+" if dialog["mode"] == INC else "-"

            def set_mode(c: AppContext, mode: int) -> None:
                c.ui["dialog"]["mode"] = mode

            buttons = [
                View(
                    cls="android.widget.FrameLayout",
                    resource_id=rid,
                    on_click=w.bind(self.step_button, n),
                    height=189,
                    children=[w.text_view(f"{sign}{n}", f"{rid}_text", height=189)],
                )
                for rid, n in zip(STEP_BUTTONS, QUICK_STEPS, strict=True)
            ]
            body = View(
                cls="android.widget.LinearLayout",
                weight=0,
                children=[
                    View(
                        cls="android.widget.LinearLayout",
                        layout=HORIZONTAL,
                        height=189,
                        children=buttons,
                    ),  # fmt: skip
                    w.text_view(STEPS_HINT),
                    View(
                        cls="android.widget.LinearLayout",
                        layout=HORIZONTAL,
                        height=168,
                        children=[
                            View(
                                cls="android.widget.LinearLayout",
                                resource_id="sign_btn_group",
                                layout=HORIZONTAL,
                                width=400,
                                children=[
                                    View(
                                        cls="android.widget.Button",
                                        resource_id=rid,
                                        text=sign,
                                        checkable=True,
                                        checked=dialog["mode"] == mode,
                                        on_click=w.bind(set_mode, mode),
                                    )
                                    for rid, sign, mode in (
                                        ("btn_dec", "-", DEC),
                                        ("btn_add", "+", INC),
                                    )
                                ],
                            ),  # fmt: skip
                            w.edit_text("et_add_custom_value", dialog["input"], typed),
                        ],
                    ),
                ],
            )
            return Window(
                root=View(
                    cls="android.widget.FrameLayout",
                    weight=0,
                    children=[
                        w.text_view(title, "md_title", height=140),
                        View(
                            cls="android.widget.FrameLayout",
                            resource_id="md_customViewFrame",
                            weight=0,
                            children=[body],
                        ),  # fmt: skip
                    ],
                ),
                on_dismiss=self._close,
            )
        if kind in ("reset_all", "remove_all"):
            action = self.reset_all if kind == "reset_all" else self.remove_all
            return _are_you_sure(action, self._close)
        return None

    def _overflow_menu(self) -> Window:
        def ask(kind: str) -> Any:
            def handler(c: AppContext) -> None:
                c.ui["menu"] = False
                if c.data["counters"]:  # onPrepareOptionsMenu disables both when empty
                    c.ui["dialog"] = {"kind": kind}

            return handler

        def close(c: AppContext) -> None:
            c.ui["menu"] = False

        return w.menu_window(
            [("Reset all", ask("reset_all")), ("Delete all", ask("remove_all"))],
            close,
            title_rid="title",
        )

    # -- render ------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == EDIT:
            return self._render_edit(ctx)
        if ctx.activity == LOG:
            return self._render_log(ctx)
        if ctx.activity == ABOUT:
            return Screen(
                content=View(
                    children=[w.toolbar("", navigation=w.up_button()), w.text_view("About me")]
                )
            )
        tab = ctx.ui.get("tab", "counters")
        if tab == "counters":
            page = self._counters_page(ctx)
        elif tab == "dices":
            page = self._dice_page(ctx)
        else:
            page = self._settings_page(ctx)
        windows: list[Window] = []
        if tab == "counters":
            if ctx.ui.get("menu"):
                windows.append(self._overflow_menu())
            dialog = self._dialog_window(ctx)
            if dialog is not None:
                windows.append(dialog)
        content = View(
            cls="android.widget.LinearLayout",
            children=[
                View(cls="android.widget.FrameLayout", resource_id="container",
                     children=[View(cls="android.widget.LinearLayout", children=page)]),
                self._bottom_nav(ctx),
            ],
        )  # fmt: skip
        return Screen(content=content, windows=windows)

    def _render_edit(self, ctx: AppContext) -> Screen:
        fields = ctx.ui.get("fields") or {"name": "", "value": "", "step": "", "default": ""}

        def typed(key: str) -> Any:
            def handler(c: AppContext, text: str) -> None:
                c.ui["fields"][key] = text

            return handler

        def field(til: str, rid: str, key: str, helper: str) -> View:
            children = [w.edit_text(rid, fields[key], typed(key))]
            if helper:
                children.append(w.text_view(helper, height=60))
            return View(cls="android.widget.LinearLayout", resource_id=til, weight=0,
                        children=children)  # fmt: skip

        def ask_delete(c: AppContext) -> None:
            c.ui["dialog"] = "delete"

        content = View(
            cls="android.view.ViewGroup",
            children=[
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="app_bar",
                    weight=0,
                    children=[
                        w.toolbar(
                            "",
                            navigation=w.up_button(),
                            actions=[w.action_item("menu_delete", "Delete", ask_delete)],
                        )
                    ],
                ),
                w.scroll_view(
                    [
                        View(
                            cls="android.view.ViewGroup",
                            weight=0,
                            children=[
                                field("til_counter_name", "et_counter_name", "name", ""),
                                View(
                                    cls="android.widget.LinearLayout",
                                    layout=HORIZONTAL,
                                    height=147,
                                    children=[
                                        View(cls="android.view.View", resource_id="color_slider"),
                                        w.image_view(
                                            "btn_more_colors", "", lambda c: None, width=147
                                        ),
                                    ],
                                ),  # fmt: skip
                                field("til_counter_value", "et_counter_value", "value", "Value"),
                                View(
                                    cls="android.widget.LinearLayout",
                                    layout=HORIZONTAL,
                                    weight=0,
                                    children=[
                                        field(
                                            "til_counter_step",
                                            "et_counter_step",
                                            "step",
                                            "Increment",
                                        ),
                                        field(
                                            "til_counter_default_value",
                                            "et_counter_default_value",
                                            "default",
                                            "Reset value",
                                        ),
                                    ],
                                ),  # fmt: skip
                                w.button("btn_save", "Save", self.save_edit),
                            ],
                        )
                    ]
                ),
            ],
        )
        windows: list[Window] = []
        if ctx.ui.get("dialog") == "delete":

            def close(c: AppContext) -> None:
                c.ui["dialog"] = None

            windows.append(_are_you_sure(self.delete_counter, close))
        return Screen(content=content, windows=windows)

    def _render_log(self, ctx: AppContext) -> Screen:
        entries = ctx.data["log"]

        def ask_clear(c: AppContext) -> None:
            c.ui["dialog"] = "clear"

        def close(c: AppContext) -> None:
            c.ui["dialog"] = None

        def clear(c: AppContext) -> None:
            c.data["log"] = []  # Singleton.clearLogEntries()
            c.ui["dialog"] = None

        windows: list[Window] = []
        if ctx.ui.get("dialog") == "clear":
            windows.append(_are_you_sure(clear, close))
        rows: list[View] = [
            w.list_row(
                e["name"],
                f"{e['type']} {e['value']} ({e['previous']})",
                title_rid="tv_counter_name",
                subtitle_rid="tv_log_text",
                height=147,
            )
            for e in reversed(entries)
        ]
        body: list[View]
        if rows:
            body = [
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="rv_log_main",
                    scrollable=True,
                    scroll_key="scroll",
                    children=rows,
                )
            ]
        else:
            body = [
                View(
                    cls="android.widget.LinearLayout",
                    children=[
                        w.image_view("iv_history", EMPTY_MESSAGE, height=336),
                        w.text_view("No history yet", "tv_empty_state"),
                    ],
                )
            ]
        return Screen(
            content=View(
                cls="android.widget.LinearLayout",
                children=[
                    View(
                        cls="android.widget.LinearLayout",
                        resource_id="appBarLayout",
                        weight=0,
                        children=[
                            w.toolbar(
                                "History (session-only)",
                                rid="toolbar_log_main",
                                actions=[w.action_item("menu_delete", "Delete", ask_clear)],
                            )
                        ],
                    ),
                    *body,
                    w.button("btn_close", "Back", w.finish),
                ],
            ),
            windows=windows,
        )
