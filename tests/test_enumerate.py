"""Candidate actions per screen (LTGDroid's six categories) on the real dumps in
``../shared/fixtures`` and on small synthetic dumps; :func:`dump` and :func:`node` build the
synthetic ones (also used by ``test_diff`` and ``test_heuristic``)."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import pytest

from device_agent.actions import (
    CLICK,
    INPUT_TEXT,
    LONG_CLICK,
    PRESS_BACK,
    PRESS_DELETE,
    PRESS_ENTER,
    PRESS_HOME,
    ROTATE,
    SWIPE,
)
from device_agent.hierarchy import SYSTEM_UI_PACKAGES, find_node, parse_hierarchy
from orchestrator.enumerate import (
    candidate_label,
    describe_candidate,
    enumerate_actions,
    global_actions,
)
from tests.conftest import SHARED

FIXTURES = SHARED / "fixtures"
XML_FILES = sorted(FIXTURES.glob("*.xml")) if FIXTURES.is_dir() else []
GLOBAL = {SWIPE, ROTATE, PRESS_BACK, PRESS_ENTER, PRESS_DELETE, PRESS_HOME}


# -- synthetic dumps -------------------------------------------------------------------------------
def node(
    cls: str = "android.widget.FrameLayout",
    text: str = "",
    rid: str = "",
    desc: str = "",
    bounds: tuple[int, int, int, int] = (0, 0, 1080, 1920),
    *children: str,
    package: str = "com.example.app",
    clickable: bool = False,
    long_clickable: bool = False,
    enabled: bool = True,
    checkable: bool = False,
    checked: bool = False,
    selected: bool = False,
    scrollable: bool = False,
    naf: bool = False,
    index: int = 0,
) -> str:
    """One ``<node>`` in ``uiautomator dump`` attribute order; ``children`` are nested nodes."""

    def b(v: bool) -> str:
        return "true" if v else "false"

    left, top, right, bottom = bounds
    attrs = (
        ('NAF="true" ' if naf else "")
        + f'index="{index}" text="{escape(text)}" resource-id="{rid}" class="{cls}" '
        f'package="{package}" content-desc="{escape(desc)}" checkable="{b(checkable)}" '
        f'checked="{b(checked)}" clickable="{b(clickable)}" enabled="{b(enabled)}" '
        f'focusable="{b(clickable)}" focused="false" scrollable="{b(scrollable)}" '
        f'long-clickable="{b(long_clickable)}" password="false" selected="{b(selected)}" '
        f'bounds="[{left},{top}][{right},{bottom}]"'
    )
    if not children:
        return f"<node {attrs} />"
    return f"<node {attrs}>" + "".join(children) + "</node>"


def dump(*windows: str, rotation: int = 0) -> str:
    """A whole dump: windows bottom first."""
    return (
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
        f'<hierarchy rotation="{rotation}">' + "".join(windows) + "</hierarchy>"
    )


def status_bar() -> str:
    return node(
        "android.widget.FrameLayout",
        "",
        "com.android.systemui:id/status_bar",
        "",
        (0, 0, 1080, 63),
        node(
            "android.widget.TextView",
            "12:00",
            "",
            "",
            (10, 0, 100, 63),
            package="com.android.systemui",
            clickable=True,
        ),
        package="com.android.systemui",
    )


def button(text: str, bounds: tuple[int, int, int, int], **kw: Any) -> str:
    return node(
        "android.widget.Button",
        text,
        kw.pop("rid", ""),
        kw.pop("desc", ""),
        bounds,
        clickable=True,
        **kw,
    )


def main_screen() -> str:
    """A file list with a toolbar, two rows (clickable and long-clickable containers whose label
    is a child text), an unlabelled NAF icon, a disabled button, a zero-area view, a text field and
    a wrapper and widget on the same rectangle."""
    row1 = node(
        "android.widget.RelativeLayout",
        "",
        "com.example.app:id/row",
        "",
        (0, 300, 1080, 489),
        node("android.widget.ImageView", "", "com.example.app:id/icon", "", (20, 320, 160, 460)),
        node(
            "android.widget.TextView", "test2", "com.example.app:id/name", "", (180, 320, 900, 400)
        ),
        node(
            "android.widget.TextView", "Dec 23", "com.example.app:id/date", "", (180, 400, 900, 460)
        ),
        node(
            "android.widget.ImageButton",
            "",
            "com.example.app:id/row_menu",
            "",
            (960, 340, 1060, 440),
            clickable=True,
            naf=True,
        ),
        clickable=True,
        long_clickable=True,
    )
    row2 = node(
        "android.widget.RelativeLayout",
        "",
        "com.example.app:id/row",
        "",
        (0, 489, 1080, 678),
        node(
            "android.widget.TextView", "Music", "com.example.app:id/name", "", (180, 509, 900, 589)
        ),
        clickable=True,
        long_clickable=True,
    )
    toolbar = node(
        "android.view.ViewGroup",
        "",
        "com.example.app:id/toolbar",
        "",
        (0, 63, 1080, 210),
        node(
            "android.widget.ImageButton",
            "",
            "",
            "Open navigation drawer",
            (0, 63, 147, 210),
            clickable=True,
        ),
        node("android.widget.TextView", "Files", "", "", (180, 90, 600, 180)),
        node(
            "android.widget.ImageView", "", "", "More options", (933, 63, 1080, 210), clickable=True
        ),
    )
    wrapper = node(
        "android.widget.FrameLayout",
        "",
        "",
        "",
        (800, 1600, 1000, 1800),
        node(
            "android.widget.Button",
            "OK",
            "com.example.app:id/ok",
            "",
            (800, 1600, 1000, 1800),
            clickable=True,
        ),
        clickable=True,
    )
    window = node(
        "android.widget.FrameLayout",
        "",
        "",
        "",
        (0, 0, 1080, 1920),
        toolbar,
        node(
            "androidx.recyclerview.widget.RecyclerView",
            "",
            "com.example.app:id/list",
            "",
            (0, 300, 1080, 1400),
            row1,
            row2,
            scrollable=True,
        ),
        node(
            "android.widget.EditText",
            "",
            "com.example.app:id/search_box",
            "Search files",
            (0, 1400, 1080, 1550),
            clickable=True,
            long_clickable=True,
        ),
        button("Disabled", (0, 1600, 300, 1700), enabled=False),
        node("android.view.View", "", "com.example.app:id/ghost", "", (0, 0, 0, 0), clickable=True),
        wrapper,
    )
    return dump(status_bar(), window)


# -- synthetic screens -----------------------------------------------------------------------------
def test_categories_labels_and_skips_on_a_synthetic_screen() -> None:
    tree = parse_hierarchy(main_screen())
    actions = enumerate_actions(tree)
    widgets = [a for a in actions if a.target is not None]
    kinds_labels = [(a.kind, candidate_label(a, tree)) for a in widgets]
    assert (CLICK, "test2") in kinds_labels and (LONG_CLICK, "test2") in kinds_labels
    assert (CLICK, "Music") in kinds_labels and (LONG_CLICK, "Music") in kinds_labels
    assert (CLICK, "Open navigation drawer") in kinds_labels
    assert (CLICK, "More options") in kinds_labels
    # The text field: click and input_text (text left empty for the reasoner), named by its desc.
    field = [a for a in widgets if a.kind == INPUT_TEXT]
    assert (
        len(field) == 1
        and field[0].text == ""
        and candidate_label(field[0], tree) == "Search files"
    )
    assert (CLICK, "Search files") in kinds_labels and (LONG_CLICK, "Search files") in kinds_labels
    # Disabled, zero-area and system-UI nodes are not candidates.
    assert all(lab != "Disabled" for _, lab in kinds_labels)
    assert all(a.target.resource_id != "com.example.app:id/ghost" for a in widgets)
    assert all(a.target.text != "12:00" for a in widgets)
    # The NAF menu icon of the row is kept and named by its row.
    naf = [a for a in widgets if a.target.resource_id.endswith("row_menu")]
    assert len(naf) == 1 and naf[0].extra["naf"] is True
    assert candidate_label(naf[0], tree) == "row menu"
    assert naf[0].extra["context"] == "test2"
    # Wrapper and button on the same rectangle with the same label: one candidate, the button.
    oks = [a for a in widgets if candidate_label(a, tree) == "OK"]
    assert len(oks) == 1 and oks[0].target.resource_id == "com.example.app:id/ok"
    # Every widget action's target finds its node again.
    for action in widgets:
        found = find_node(tree, action.target)
        assert found is not None and found.bounds == action.target.bounds
    # Globals: 4 swipes, the other orientation, Back, Enter, Delete, Home.
    globals_ = [a for a in actions if a.target is None]
    assert [a.kind for a in globals_].count(SWIPE) == 4
    assert [a.orientation for a in globals_ if a.kind == ROTATE] == ["landscape"]
    assert {a.kind for a in globals_} == GLOBAL
    # Widgets come first, then globals.
    assert actions[: len(widgets)] == widgets
    assert describe_candidate(field[0], tree) == 'input_text EditText "Search files"'


def test_same_selector_twice_is_one_candidate_and_globals_options() -> None:
    twice = dump(
        node(
            "android.widget.FrameLayout",
            "",
            "",
            "",
            (0, 0, 1080, 1920),
            button("Save", (0, 100, 500, 200), rid="com.example.app:id/save"),
            button("Save", (0, 100, 500, 200), rid="com.example.app:id/save"),
        ),
        rotation=1,
    )
    tree = parse_hierarchy(twice)
    actions = enumerate_actions(tree)
    assert [a.kind for a in actions if a.target is not None] == [CLICK]
    # A landscape dump offers the rotation back to portrait; both with both_rotations.
    assert [a.orientation for a in actions if a.kind == ROTATE] == ["portrait"]
    both = enumerate_actions(tree, both_rotations=True)
    assert sorted(a.orientation for a in both if a.kind == ROTATE) == ["landscape", "portrait"]
    explicit = enumerate_actions(tree, orientation="portrait")
    assert [a.orientation for a in explicit if a.kind == ROTATE] == ["landscape"]
    assert all(a.target is not None for a in enumerate_actions(tree, include_global=False))
    assert len(global_actions("portrait")) == 9
    assert candidate_label(global_actions()[0]) == "swipe up"


def test_an_empty_screen_still_has_global_actions() -> None:
    tree = parse_hierarchy(dump(status_bar()))
    actions = enumerate_actions(tree)
    assert actions and all(a.target is None for a in actions)


# -- real dumps ------------------------------------------------------------------------------------
def _expected_widget_actions(path: Path) -> int:
    """Independent count: clickable + long-clickable + editable, enabled, non-zero nodes of the
    top window (before deduplication)."""
    tree = parse_hierarchy(path.read_text("utf-8"))
    top = tree.top_window()
    total = 0
    for n in top.iter():
        if not n.enabled or n.bounds.area == 0 or n.package in SYSTEM_UI_PACKAGES:
            continue
        total += int(n.clickable) + int(n.long_clickable) + int(n.is_editable)
    return total


@pytest.mark.skipif(not XML_FILES, reason=f"{FIXTURES} is absent (ships with CI only)")
@pytest.mark.parametrize("path", XML_FILES, ids=lambda p: p.name)
def test_fixture_enumeration(path: Path) -> None:
    tree = parse_hierarchy(path.read_text("utf-8"))
    actions = enumerate_actions(tree)
    widgets = [a for a in actions if a.target is not None]
    assert 0 < len(widgets) <= _expected_widget_actions(path)
    assert len({a.key() for a in actions}) == len(actions), "no duplicates"
    top = tree.top_window()
    for action in widgets:
        node_ = find_node(tree, action.target)
        assert node_ is not None and node_.package not in SYSTEM_UI_PACKAGES
        assert node_.enabled and node_.bounds.area > 0
        assert node_.window == top.window
        assert candidate_label(action, tree)
    naf_nodes = [n for n in top.iter() if n.naf and n.clickable and n.enabled and n.bounds.area]
    naf_actions = [a for a in widgets if a.extra.get("naf")]
    assert len(naf_actions) >= len(naf_nodes) and len(naf_nodes) == len(
        {a.target.bounds for a in naf_actions}
    )
    editable = [n for n in top.iter() if n.is_editable and n.enabled and n.bounds.area]
    assert len([a for a in widgets if a.kind == INPUT_TEXT]) == len(editable)


@pytest.mark.skipif(not XML_FILES, reason=f"{FIXTURES} is absent (ships with CI only)")
def test_known_fixture_candidates() -> None:
    def labels(name: str) -> list[tuple[str, str]]:
        tree = parse_hierarchy((FIXTURES / name).read_text("utf-8"))
        return [
            (a.kind, candidate_label(a, tree))
            for a in enumerate_actions(tree, include_global=False)
        ]

    assert labels("gmail_welcome_tour.xml") == [(CLICK, "GOT IT")]
    assert labels("markor_crash_dialog_landscape.xml") == [(CLICK, "OK")]
    dialog = labels("maps_timeline_dialog.xml")
    assert (CLICK, "Done") in dialog and (CLICK, "Go to Web & App Activity") in dialog
    picker = labels("markor_file_picker_list.xml")
    assert (
        (CLICK, "Alarms") in picker
        and (LONG_CLICK, "Alarms") in picker
        and (CLICK, "Cancel") in picker
    )
    nora = labels("nora_chat_chinese_edittext.xml")
    assert (INPUT_TEXT, "h") in nora and (CLICK, "Send") in nora
    flutter = labels("flutter_ide_explorer_naf.xml")
    assert (CLICK, 'unlabelled Button in ".dart_tool"') in flutter
    landscape = parse_hierarchy((FIXTURES / "markor_crash_dialog_landscape.xml").read_text("utf-8"))
    assert [a.orientation for a in enumerate_actions(landscape) if a.kind == ROTATE] == ["portrait"]


def test_a_search_boxs_auto_complete_field_is_typed_into() -> None:
    # A search box's text field (SearchView$SearchAutoComplete) is a text field like EditText.
    def window(*children: str) -> str:
        return dump(node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920), *children))

    search = node(
        "androidx.appcompat.widget.SearchView$SearchAutoComplete",
        "",
        "com.example.app:id/search_src_text",
        "",
        (0, 100, 1080, 200),
        clickable=True,
    )
    kinds = {a.kind for a in enumerate_actions(parse_hierarchy(window(search)))}
    assert INPUT_TEXT in kinds
    # A plain label whose text says "complete" is no field.
    label = node("android.widget.TextView", "Complete", "", "", (0, 0, 100, 100), clickable=True)
    assert INPUT_TEXT not in {a.kind for a in enumerate_actions(parse_hierarchy(window(label)))}
