"""Tally, the example app model of docs/app-models.md: a counter with an "Add 5" button.

Version 1.0 has bug Tally#1 (non-crash): "Add 5" writes the new amount in front of the shown
total instead of adding it, so the total reads 50 after one tap from 0. Version 1.1 fixes it.
Load it with ``--app-dir examples/apps``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import Screen, View

MAIN = ".MainActivity"


def total_is_wrong(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Tally#1: the stored total is not the sum of the amounts added."""
    return bool(data["added"]) and data["total"] != sum(data["added"])


class Tally(VirtualApp):
    """Tally 1.0: one screen, a total and two buttons."""

    name: ClassVar[str] = "Tally"
    package: ClassVar[str] = "org.example.tally"
    label: ClassVar[str] = "Tally"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Tally#1",
            "non-crash",
            "Total shows 50 after adding 5",
            total_is_wrong,
            human_steps=({"kind": "click", "target": {"text": "Add 5"}},),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"total": 0, "added": []}

    def add(self, ctx: AppContext, amount: int) -> None:
        # The bug: the amount's digits are written in front of the total's.
        ctx.data["total"] = int(f"{amount}{ctx.data['total']}")
        ctx.data["added"].append(amount)

    def render(self, ctx: AppContext) -> Screen:
        return Screen(
            content=View(
                cls="android.widget.LinearLayout",
                children=[
                    View(cls="android.widget.TextView", text="Total", resource_id="caption"),
                    View(
                        cls="android.widget.TextView",
                        text=str(ctx.data["total"]),
                        resource_id="total",
                    ),
                    View(
                        cls="android.widget.Button",
                        text="Add 5",
                        resource_id="add",
                        on_click=lambda c: self.add(c, 5),
                    ),
                    View(
                        cls="android.widget.Button",
                        text="Reset",
                        resource_id="reset",
                        on_click=lambda c: c.data.update(total=0, added=[]),
                    ),
                ],
            )
        )


class Tally11(Tally):
    """Tally 1.1: Tally#1 fixed (the amount is added)."""

    version: ClassVar[str] = "1.1"

    def add(self, ctx: AppContext, amount: int) -> None:
        ctx.data["total"] += amount
        ctx.data["added"].append(amount)
