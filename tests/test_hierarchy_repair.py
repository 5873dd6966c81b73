"""One bad node must not cost the screen: ``parse_hierarchy`` repairs characters XML does not
allow, keeps nodes with bad ``bounds`` as untappable, warns, and keeps every other node; a dump
without nodes is recognised as such (the adb backend retries it while an app is in front,
``tests/test_adb_device.py``)."""

from __future__ import annotations

import pytest
from structlog.testing import capture_logs

from device_agent.actions import Bounds, Selector
from device_agent.adb.parsers import dump_xml, has_no_nodes
from device_agent.errors import HierarchyError
from device_agent.hierarchy import find_node, parse_hierarchy, repair_characters, structural_hash


def _dump(*rows: str) -> str:
    """A one-window dump whose list holds one TextView per ``(text, bounds)`` row."""
    nodes = "".join(
        f'<node index="{i}" text="{text}" resource-id="com.x:id/row" '
        f'class="android.widget.TextView" package="com.x" content-desc="" clickable="true" '
        f'enabled="true" bounds="{bounds}" />'
        for i, (text, bounds) in enumerate(row.split("|") for row in rows)
    )
    return (
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
        '<hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.'
        'FrameLayout" package="com.x" content-desc="" clickable="false" enabled="true" '
        f'bounds="[0,0][1080,1920]">{nodes}</node></hierarchy>'
    )


GOOD = ("Inbox|[0,100][1080,200]", "Sent|[0,200][1080,300]", "Drafts|[0,300][1080,400]")


def _texts(xml: str) -> list[str]:
    return [n.text for n in parse_hierarchy(xml).iter() if n.text]


@pytest.mark.parametrize(
    "bad_text",
    ["&#1;", "&#x0;", "&#xD83D;", "&#56832;", "a&#x1F;b", "&#99999999;", "\x01", "\ud83d"],
    ids=["ctl", "nul", "lone-high", "lone-low", "unit-sep", "out-of-range", "raw-ctl", "raw-sur"],
)
def test_a_node_with_a_bad_character_is_repaired_and_the_rest_kept(bad_text: str) -> None:
    xml = _dump(GOOD[0], f"{bad_text}|[0,150][1080,250]", *GOOD[1:])
    with capture_logs() as logs:
        tree = parse_hierarchy(xml)
    texts = [n.text for n in tree.iter() if n.text]
    assert texts[0] == "Inbox" and texts[2:] == ["Sent", "Drafts"]
    assert "\ufffd" in texts[1] and len(texts[1]) <= len(bad_text)
    assert tree.repairs and "U+FFFD" in tree.repairs[0]
    assert [e["event"] for e in logs] == ["hierarchy_repaired"]
    assert logs[0]["log_level"] == "warning"
    # The repaired dump still finds widgets and fingerprints like any other.
    assert find_node(tree, Selector(text="Drafts")) is not None
    assert len(structural_hash(xml)) == 16


def test_a_surrogate_pair_written_as_two_references_becomes_the_character() -> None:
    xml = _dump("Chat &#55357;&#56832; now|[0,100][1080,200]", GOOD[1])
    assert _texts(xml) == ["Chat \U0001f600 now", "Sent"]
    text, fixes = repair_characters("&#xD83D;&#xDE00;&#xD83D; &#xDE00;&#65;")
    assert text == "\U0001f600\ufffd \ufffd&#65;"
    assert fixes == [
        "1 surrogate pair(s) written as two character references joined",
        "2 invalid character reference(s) replaced by U+FFFD (&#xD83D;, &#xDE00;)",
    ]


@pytest.mark.parametrize(
    "bounds",
    ["", "[]", "[0,0][1080", "[a,b][c,d]", "[0,0][99999999999,5]", "0,0,10,10", " [1,2] [3,4]"],
)
def test_a_node_with_bad_bounds_is_kept_untappable_and_the_rest_kept(bounds: str) -> None:
    xml = _dump(GOOD[0], f"Broken|{bounds}", *GOOD[1:])
    with capture_logs() as logs:
        tree = parse_hierarchy(xml)
    broken = next(n for n in tree.iter() if n.text == "Broken")
    assert broken.bounds == Bounds(0, 0, 0, 0) and broken.bounds.area == 0
    assert _texts(xml) == ["Inbox", "Broken", "Sent", "Drafts"]
    assert any("kept as empty" in r for r in tree.repairs)
    assert logs and logs[0]["event"] == "hierarchy_repaired"
    # Never a tap target: a selector naming it finds nothing rather than a point at (0, 0).
    assert find_node(tree, Selector(text="Broken")) is None
    assert find_node(tree, Selector(text="Sent")).bounds == Bounds(0, 200, 1080, 300)


def test_a_clean_dump_has_no_repairs_and_logs_nothing() -> None:
    with capture_logs() as logs:
        tree = parse_hierarchy(_dump(*GOOD))
    assert tree.repairs == [] and logs == []


def test_structural_damage_is_still_an_error_not_a_silently_truncated_tree() -> None:
    cut = _dump(*GOOD).replace("</node></hierarchy>", "</hierarchy>")
    with pytest.raises(HierarchyError, match="not well-formed"):
        parse_hierarchy(cut)


def test_a_dump_nested_deeper_than_the_recursion_limit_parses() -> None:
    depth = 2000  # libxml2 accepts this with huge_tree; Python's recursion limit is 1000
    inner = '<node class="android.view.View" package="com.x" bounds="[0,0][10,10]">' * depth
    xml = f'<hierarchy rotation="0">{inner}{"</node>" * depth}</hierarchy>'
    tree = parse_hierarchy(xml)
    assert max(n.depth for n in tree.iter()) == depth - 1
    assert len(structural_hash(tree)) == 16


def test_a_dump_without_nodes_is_complete_but_empty() -> None:
    out = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\" />"
    xml = dump_xml(out + "\nUI hierchary dumped to: /dev/tty\n")
    assert has_no_nodes(xml) and parse_hierarchy(xml).windows == []
    assert not has_no_nodes(dump_xml(_dump(*GOOD)))
    with pytest.raises(HierarchyError, match="cut off"):
        dump_xml(_dump(*GOOD)[:-40])
