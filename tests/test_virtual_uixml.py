"""The virtual device's dump must read like a real ``uiautomator dump``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from device_agent.hierarchy import parse_hierarchy, structural_hash
from device_agent.virtual.layout import LNode
from device_agent.virtual.uixml import XML_HEADER, dump_windows, escape_attr, is_naf

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures"
ATTR_RE = re.compile(r'([A-Za-z-]+)="')


def _node(**kw) -> LNode:
    defaults = {"cls": "android.widget.TextView", "bounds": (0, 0, 100, 100), "package": "p"}
    defaults.update(kw)
    return LNode(**defaults)


def _attr_names(xml: str) -> list[list[str]]:
    """Attribute names of every <node> tag, in order."""
    return [ATTR_RE.findall(tag) for tag in re.findall(r"<node ([^>]*?)/?>", xml)]


def test_attribute_order_matches_real_dump() -> None:
    path = FIXTURES / "gmail_welcome_tour.xml"
    if not path.exists():
        pytest.skip(f"{path} is absent (shared fixtures ship with CI)")
    real = _attr_names(path.read_text())[0]
    root = _node(cls="android.widget.FrameLayout", children=[_node(text="Hi")])
    xml, _ = dump_windows([root], 0)
    for names in _attr_names(xml):
        assert names == real


def test_naf_attribute_comes_first_only_when_true() -> None:
    path = FIXTURES / "maps_search_results_deep.xml"
    if not path.exists():
        pytest.skip(f"{path} is absent (shared fixtures ship with CI)")
    real_naf = next(n for n in _attr_names(path.read_text()) if n[0] == "NAF")
    naf = _node(cls="android.widget.ImageView", clickable=True)
    labelled = _node(cls="android.widget.Button", clickable=True, text="OK")
    xml, _ = dump_windows([_node(cls="android.widget.FrameLayout", children=[naf, labelled])], 0)
    names = _attr_names(xml)
    assert names[1] == real_naf
    assert "NAF" not in names[0] and "NAF" not in names[2]


def test_header_rotation_and_single_line() -> None:
    xml, _ = dump_windows([_node()], 1)
    assert xml.startswith(XML_HEADER + '<hierarchy rotation="1"><node index="0" ')
    assert xml.endswith(" /></hierarchy>")
    assert "\n" not in xml


def test_escaping_round_trips_through_parse_hierarchy() -> None:
    tricky = 'Tom & Jerry <say> "hi"\nline 2\ttab'
    child = _node(text=tricky, content_desc="a&b", resource_id="p:id/x", bounds=(1, 2, 30, 40))
    root = _node(cls="android.widget.FrameLayout", children=[child])
    xml, paths = dump_windows([root], 0)
    assert "&amp;" in xml and "&lt;say&gt;" in xml and "&quot;hi&quot;" in xml and "&#10;" in xml
    tree = parse_hierarchy(xml)
    parsed = tree.windows[0].children[0]
    assert parsed.text == tricky
    assert parsed.content_desc == "a&b"
    assert parsed.resource_id == "p:id/x"
    assert parsed.bounds.to_list() == [1, 2, 30, 40]
    assert paths[parsed.path] is child


def test_invalid_xml_characters_become_dots() -> None:
    assert escape_attr("a\x01b\x1fc") == "a.b.c"
    xml, _ = dump_windows([_node(text="bad\x07char")], 0)
    assert parse_hierarchy(xml).windows[0].text == "bad.char"


def test_naf_rule_looks_at_descendants() -> None:
    row = _node(cls="android.widget.LinearLayout", clickable=True, children=[_node(text="Label")])
    bare = _node(cls="android.widget.LinearLayout", clickable=True, children=[_node()])
    listview = _node(cls="android.widget.ListView", clickable=True)
    assert not is_naf(row)
    assert is_naf(bare)
    assert not is_naf(listview)
    assert not is_naf(_node(clickable=True, enabled=False))


def test_paths_match_parse_hierarchy_numbering_and_hash_is_stable() -> None:
    leaves = [_node(text=f"item {i}") for i in range(3)]
    w0 = _node(cls="android.widget.FrameLayout", children=leaves)
    w1 = _node(cls="android.widget.FrameLayout", children=[_node(text="dialog")])
    xml, paths = dump_windows([w0, w1], 0)
    tree = parse_hierarchy(xml)
    for node in tree.iter():
        assert paths[node.path].text == node.text
    assert len(tree.windows) == 2
    assert structural_hash(xml) == structural_hash(dump_windows([w0, w1], 0)[0])
