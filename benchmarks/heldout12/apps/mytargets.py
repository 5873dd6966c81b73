"""MyTargets (archery scoring), version 2.3.5, package de.dreier.mytargets.

Sources read: DreierF/MyTargets at tag v2.3.5 (commit cb34f6c4fcc1b12b4c119ef0b2ba625d659d74d4),
and the fix commit 29c20ea28c9e1eece88f5e29c8ab442f74dc6672 ("Fixed #210").

Bug MyTargets#210 (non-crash): ``EditRoundFragment.onSaveRound`` runs, for a training whose
standard round is the custom practice one (a "Free Training"), the branch meant for a new round
on an existing round as well: it sets ``round.info.index = standardRound.rounds.size()``. The
rounds list of ``TrainingFragment`` titles each row "Round <index + 1>", so the first round of a
one-round training is titled "Round 2" after it is edited and saved.

Modelled: the trainings list (``TrainingsFragment``) with its FloatingActionMenu ("Training with
Standard Round", "Free Training"), the new-training screen (``EditTrainingFragment``, which asks
for the location permission for the weather query), the training screen with its rounds list and
the contextual action bar of a long-pressed round (Edit / Statistic / Delete), the round screen
(ends list), the input screen (``InputActivity``: target, Previous / Next) and the edit-round
screen (``EditRoundFragment``). Stubbed: standard round training (title and Navigate up),
statistics, scoreboard, bow/arrow/distance/target selectors (shown, not openable), the
weather query (no network: the environment row just reads "Sunny"). Uncertain: a tap on the
target view records one arrow of fixed value 10 (the real view places the arrow where the
finger is and shows a zoom); the end is saved once all its arrows are in (arrows per end 3, the
default); the exact date format of the toolbar subtitle.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, input_text, long_click
from device_agent.virtual.views import Screen, View

PKG = "de.dreier.mytargets"
MAIN = ".activities.MainActivity"
EDIT_TRAINING = ".activities.SimpleFragmentActivityBase$EditTrainingActivity"
EDIT_ROUND = ".activities.SimpleFragmentActivityBase$EditRoundActivity"
TRAINING = ".activities.SimpleFragmentActivityBase$TrainingActivity"
ROUND = ".activities.SimpleFragmentActivityBase$RoundActivity"
INPUT = ".activities.InputActivity"
STUB = ".activities.StubActivity"
LOCATION = "android.permission.ACCESS_FINE_LOCATION"
ARROWS_PER_END = 3
DATE = "Dec 17, 2016"
RECYCLER = "android.support.v7.widget.RecyclerView"


def round_numbers_wrong(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of MyTargets#210: a round's stored index is not its place in the training."""
    for training in data["trainings"]:
        for position, rnd in enumerate(training["rounds"]):
            if rnd["index"] != position:
                return True
    return False


HUMAN_210 = (
    click(PKG, "fab"),
    click(PKG, "fab1", desc="Free Training"),
    allow_permission(PKG),
    click(PKG, "action_save", desc="Save"),
    click(PKG, "targetView"),
    click(PKG, "targetView"),
    click(PKG, "targetView"),
    {"kind": "press_back"},
    {"kind": "press_back"},
    long_click(PKG, "title", text="Round 1"),
    click(PKG, "action_edit", desc="Edit"),
    input_text(PKG, "comment", "windy"),
    click(PKG, "action_save", desc="Save"),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "MyTargets#210": [
        # Edit opened, comment typed, but left with the X instead of Save.
        [*HUMAN_210[:-1], click(PKG, desc="Navigate up")],
        # The round row tapped (opens the round) instead of long-pressed.
        [*HUMAN_210[:9], click(PKG, "title", text="Round 1")],
        # Long-press, then Statistic instead of Edit.
        [*HUMAN_210[:10], click(PKG, "action_statistic", desc="Statistic")],
        # A second round added with the FAB, no round edited.
        [
            *HUMAN_210[:9],
            click(PKG, "fab", desc="New round"),
            click(PKG, "action_save", desc="Save"),
            {"kind": "press_back"},
            {"kind": "press_back"},
        ],
        # The new training left with the X instead of Save.
        [*HUMAN_210[:3], click(PKG, desc="Navigate up")],
    ]
}


class MyTargets(VirtualApp):
    """MyTargets 2.3.5."""

    name: ClassVar[str] = "MyTargets"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "MyTargets"
    version: ClassVar[str] = "2.3.5"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "MyTargets#210",
            "non-crash",
            "Adding comments to a round increases its count",
            round_numbers_wrong,
            human_steps=HUMAN_210,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"trainings": [], "next_id": 1}

    # -- helpers -------------------------------------------------------------------------------
    def _training(self, ctx: AppContext) -> dict[str, Any] | None:
        tid = ctx.extras.get("training_id")
        for training in ctx.data["trainings"]:
            if training["id"] == tid:
                return training
        return None

    def _round(self, ctx: AppContext) -> dict[str, Any] | None:
        training = self._training(ctx)
        if training is None:
            return None
        for rnd in training["rounds"]:
            if rnd["id"] == ctx.extras.get("round_id"):
                return rnd
        return None

    def _new_id(self, ctx: AppContext) -> int:
        value = int(ctx.data["next_id"])
        ctx.data["next_id"] = value + 1
        return value

    @staticmethod
    def _points(rounds: list[dict[str, Any]]) -> str:
        shots = [s for r in rounds for s in r["shots"]]
        ends = sum(len(r["ends"]) for r in rounds)
        return f"{sum(shots)}/{ends * ARROWS_PER_END * 10}" if ends else ""

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == EDIT_TRAINING and "asked" not in ctx.ui:
            ctx.ui["asked"] = True
            if LOCATION not in ctx.permissions:
                ctx.request_permission(LOCATION)
        if ctx.activity == EDIT_TRAINING and "title" not in ctx.ui:
            ctx.ui["title"] = "Training"
        if ctx.activity == EDIT_ROUND and "comment" not in ctx.ui:
            rnd = self._round(ctx)
            ctx.ui["comment"] = rnd["comment"] if rnd else ""

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        ctx.ui["weather"] = "Sunny" if granted else ""

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == TRAINING and ctx.ui.get("selected") is not None:
            ctx.ui["selected"] = None
            return True
        if ctx.activity == MAIN and ctx.ui.get("fab_open"):
            ctx.ui["fab_open"] = False
            return True
        return False

    # -- handlers ------------------------------------------------------------------------------
    def _toggle_fab(self, ctx: AppContext) -> None:
        ctx.ui["fab_open"] = not ctx.ui.get("fab_open")

    def _free_training(self, ctx: AppContext) -> None:
        ctx.ui["fab_open"] = False
        ctx.start_activity(EDIT_TRAINING, {"type": 0})

    def _standard_training(self, ctx: AppContext) -> None:
        ctx.ui["fab_open"] = False
        ctx.start_activity(STUB, {"title": "New training"})

    def _save_training(self, ctx: AppContext) -> None:
        tid = self._new_id(ctx)
        rid = self._new_id(ctx)
        title = str(ctx.ui.get("title") or "")
        training = {
            "id": tid,
            "title": title,
            "date": DATE,
            "custom_practice": True,
            "rounds": [{"id": rid, "index": 0, "comment": "", "shots": [], "ends": []}],
        }
        ctx.data["trainings"].append(training)
        ctx.finish()
        ctx.start_activity(TRAINING, {"training_id": tid})
        ctx.start_activity(ROUND, {"training_id": tid, "round_id": rid})
        ctx.start_activity(INPUT, {"training_id": tid, "round_id": rid})

    def _shoot(self, ctx: AppContext) -> None:
        rnd = self._round(ctx)
        if rnd is None:
            return
        current = ctx.ui.setdefault("current", [])
        if len(current) >= ARROWS_PER_END:
            return
        current.append(10)
        if len(current) == ARROWS_PER_END:
            rnd["ends"].append(list(current))
            rnd["shots"].extend(current)

    def _next(self, ctx: AppContext) -> None:
        if len(ctx.ui.get("current", [])) == ARROWS_PER_END:
            ctx.ui["current"] = []

    def _save_round(self, ctx: AppContext) -> None:
        training = self._training(ctx)
        rnd = self._round(ctx)
        if training is not None and ctx.extras.get("round_id") is None:
            self._create_round(ctx, training)
            return
        if training is None or rnd is None:
            ctx.finish()
            return
        rnd["comment"] = str(ctx.ui.get("comment", ""))
        if training["custom_practice"]:
            # The bug (EditRoundFragment.onSaveRound): the new-round index is given to an
            # edited round too.
            rnd["index"] = len(training["rounds"])
        ctx.finish()

    def _new_round(self, ctx: AppContext) -> None:
        ctx.start_activity(EDIT_ROUND, {"training_id": ctx.extras["training_id"]})

    def _create_round(self, ctx: AppContext, training: dict[str, Any]) -> None:
        rid = self._new_id(ctx)
        rnd = {
            "id": rid,
            "index": len(training["rounds"]),
            "comment": str(ctx.ui.get("comment", "")),
            "shots": [],
            "ends": [],
        }
        training["rounds"].append(rnd)
        ctx.finish()
        ctx.start_activity(ROUND, {"training_id": training["id"], "round_id": rid})
        ctx.start_activity(INPUT, {"training_id": training["id"], "round_id": rid})

    def _select_round(self, ctx: AppContext, rid: int) -> None:
        ctx.ui["selected"] = rid

    def _open_round(self, ctx: AppContext, rid: int) -> None:
        if ctx.ui.get("selected") is not None:
            ctx.ui["selected"] = None if ctx.ui["selected"] == rid else rid
            return
        ctx.start_activity(ROUND, {"training_id": ctx.extras["training_id"], "round_id": rid})

    def _edit_selected(self, ctx: AppContext) -> None:
        rid = ctx.ui.get("selected")
        ctx.ui["selected"] = None
        ctx.start_activity(EDIT_ROUND, {"training_id": ctx.extras["training_id"], "round_id": rid})

    def _statistic_selected(self, ctx: AppContext) -> None:
        ctx.ui["selected"] = None
        ctx.start_activity(STUB, {"title": "Statistic"})

    def _delete_selected(self, ctx: AppContext) -> None:
        training = self._training(ctx)
        rid = ctx.ui.get("selected")
        ctx.ui["selected"] = None
        if training is not None:
            training["rounds"] = [r for r in training["rounds"] if r["id"] != rid]

    def _open_training(self, ctx: AppContext, tid: int) -> None:
        ctx.start_activity(TRAINING, {"training_id": tid})

    def _flag(self, ctx: AppContext, key: str, value: bool) -> None:
        ctx.ui[key] = value

    def _flip(self, ctx: AppContext, key: str) -> None:
        ctx.ui[key] = not ctx.ui.get(key)

    def _set(self, key: str) -> Any:
        def handler(ctx: AppContext, text: str) -> None:
            ctx.ui[key] = text

        return handler

    # -- screens -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        screens = {
            MAIN: self._main,
            EDIT_TRAINING: self._edit_training,
            TRAINING: self._training_screen,
            ROUND: self._round_screen,
            INPUT: self._input,
            EDIT_ROUND: self._edit_round,
        }
        build = screens.get(ctx.activity)
        if build is None:
            title = str(ctx.extras.get("title", "MyTargets"))
            return Screen(content=w.child_page(title))
        return build(ctx)

    def _main(self, ctx: AppContext) -> Screen:
        rows = [
            w.list_row(
                t["title"],
                t["date"],
                title_rid="title",
                subtitle_rid="subtitle",
                on_click=w.bind(self._open_training, t["id"]),
            )
            for t in ctx.data["trainings"]
        ]
        fab_children: list[View] = []
        if ctx.ui.get("fab_open"):
            fab_children = [
                w.fab("fab2", "Training with Standard Round", self._standard_training, size=147),
                w.fab("fab1", "Free Training", self._free_training, size=147),
            ]
        menu = View(
            cls="android.view.ViewGroup",
            resource_id="fab",
            on_click=self._toggle_fab,
            gravity="bottom_end",
            width=300,
            height=600 if fab_children else 170,
            children=fab_children,
        )
        toolbar = w.toolbar(
            "MyTargets",
            actions=[w.overflow_button(lambda c: None)],
        )
        body = w.frame_layout([w.list_view(rows, rid="recyclerView", cls=RECYCLER), menu])
        return Screen(content=w.linear_layout([toolbar, body]))

    def _edit_training(self, ctx: AppContext) -> Screen:
        toolbar = w.toolbar(
            "New training",
            navigation=w.up_button(),
            actions=[w.action_item("action_save", "Save", self._save_training)],
        )
        header = w.linear_layout(
            [
                w.edit_text(
                    "training", str(ctx.ui.get("title", "")), self._set("title"), hint="Title"
                ),
                w.button("trainingDate", DATE, lambda c: None),
            ],
            rid="training_layout",
        )
        form = w.scroll_view(
            [
                w.linear_layout(
                    [
                        w.radio_button(
                            "outdoor",
                            "Outdoor",
                            not ctx.ui.get("indoor"),
                            w.bind(self._flag, "indoor", False),
                        ),
                        w.radio_button(
                            "indoor",
                            "Indoor",
                            bool(ctx.ui.get("indoor")),
                            w.bind(self._flag, "indoor", True),
                        ),
                        w.text_view("Distance", "distance"),
                        w.text_view("Target", "target"),
                        w.text_view("Arrows", "arrowsLabel"),
                        View(cls="android.view.View", resource_id="arrows", text="3"),
                    ],
                    rid="practiceLayout",
                ),
                w.text_view("Bow", "bow"),
                w.text_view("Arrow", "arrow"),
                w.text_view(str(ctx.ui.get("weather") or "Environment"), "environment"),
                w.check_box(
                    "timer", "Timer", bool(ctx.ui.get("timer")), w.bind(self._flip, "timer")
                ),
            ],
            rid="scrollView",
        )
        return Screen(content=w.linear_layout([toolbar, header, form]))

    def _round_row(self, ctx: AppContext, rnd: dict[str, Any]) -> View:
        selected = ctx.ui.get("selected") == rnd["id"]
        subtitle = rnd["comment"]
        row = w.list_row(
            f"Round {rnd['index'] + 1}",
            subtitle,
            title_rid="title",
            subtitle_rid="subtitle",
            on_click=w.bind(self._open_round, rnd["id"]),
            on_long_click=w.bind(self._select_round, rnd["id"]),
            trailing=[w.text_view(self._points([rnd]), "points")],
        )
        row.selected = selected
        return row

    def _training_screen(self, ctx: AppContext) -> Screen:
        training = self._training(ctx)
        if training is None:
            return Screen(content=w.child_page("Training"))
        if ctx.ui.get("selected") is not None:
            bar = w.toolbar(
                "1 round selected",
                navigation=w.nav_button("Done", lambda c: c.ui.update(selected=None)),
                actions=[
                    w.action_item("action_edit", "Edit", self._edit_selected),
                    w.action_item("action_statistic", "Statistic", self._statistic_selected),
                    w.action_item("action_delete", "Delete", self._delete_selected),
                ],
                rid="action_mode_bar",
            )
        else:
            bar = w.toolbar(
                training["title"],
                navigation=w.up_button(),
                actions=[
                    w.action_item("action_scoreboard", "Scoreboard", None),
                    w.action_item("action_statistics", "Statistic", None),
                ],
            )
        info = w.text_view(f"Points: {self._points(training['rounds'])}", "detail_round_info")
        rows = [self._round_row(ctx, r) for r in training["rounds"]]
        body = w.frame_layout(
            [
                w.list_view(rows, rid="recyclerView", cls=RECYCLER),
                w.fab("fab", "New round", self._new_round),
            ]
        )
        return Screen(content=w.linear_layout([bar, info, body]))

    def _round_screen(self, ctx: AppContext) -> Screen:
        rnd = self._round(ctx)
        title = f"Round {rnd['index'] + 1}" if rnd else "Round"
        rows = [
            w.list_row(f"End {i + 1}", " ".join(str(s) for s in end), title_rid="title")
            for i, end in enumerate(rnd["ends"] if rnd else [])
        ]
        body = w.frame_layout(
            [w.list_view(rows, rid="recyclerView", cls=RECYCLER), w.fab("fab", "New end", None)]
        )
        toolbar = w.toolbar(title, navigation=w.up_button())
        return Screen(content=w.linear_layout([toolbar, body]))

    def _input(self, ctx: AppContext) -> Screen:
        rnd = self._round(ctx)
        current = ctx.ui.get("current", [])
        end_no = len(rnd["ends"]) + (0 if len(current) == ARROWS_PER_END else 1) if rnd else 1
        toolbar = w.toolbar(
            "MyTargets",
            navigation=w.up_button(),
            actions=[
                w.action_item("action_show_all", "Show all", None),
                w.action_item("action_show_sidebar", "Timer", None),
            ],
        )
        details = w.linear_layout(
            [
                w.text_view(f"End {end_no}", "endTitle"),
                w.text_view(f"{sum(current)}/{ARROWS_PER_END * 10}", "scoreEnd"),
                w.text_view(f"Round {rnd['index'] + 1}" if rnd else "Round", "roundTitle"),
                w.text_view(self._points([rnd]) if rnd else "", "scoreRound"),
            ],
            rid="details",
        )
        target = View(
            cls="android.view.View",
            resource_id="targetView",
            on_click=self._shoot,
            height=1000,
        )
        bar = w.linear_layout(
            [
                w.button("prev", "Previous", None, enabled=False),
                w.button("next", "Next", self._next, enabled=len(current) == ARROWS_PER_END),
            ],
            rid="but_bar",
        )
        return Screen(content=w.linear_layout([toolbar, details, target, bar]))

    def _edit_round(self, ctx: AppContext) -> Screen:
        training = self._training(ctx)
        new = ctx.extras.get("round_id") is None
        title = "New round" if new else "Edit round"
        toolbar = w.toolbar(
            title,
            navigation=w.up_button(),
            actions=[w.action_item("action_save", "Save", self._save_round)],
        )
        fields: list[View] = []
        if new or (training is not None and training["custom_practice"]):
            fields.append(
                w.linear_layout([w.text_view("Distance", "distance")], rid="distanceLayout")
            )
        if new:
            fields.append(
                w.linear_layout(
                    [
                        w.text_view("Target", "target"),
                        w.text_view("3 arrows", "arrowsLabel"),
                        View(cls="android.view.View", resource_id="arrows", text="3"),
                    ],
                    rid="notEditable",
                )
            )
        fields.append(
            w.edit_text(
                "comment", str(ctx.ui.get("comment", "")), self._set("comment"), hint="Comment"
            )
        )
        form = w.scroll_view([w.linear_layout(fields)], rid="scrollView")
        return Screen(content=w.linear_layout([toolbar, form]))
