"""``device_agent.hierarchy`` on every real ``uiautomator`` dump in ``../shared/fixtures``: parsing,
windows, labels, fingerprints and finding widgets again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lxml import etree

from device_agent.errors import HierarchyError
from device_agent.hierarchy import (
    SYSTEM_UI_PACKAGES,
    clean_dump,
    find_node,
    parse_hierarchy,
    structural_hash,
)
from tests.conftest import SHARED

FIXTURES = SHARED / "fixtures"
XML_FILES = sorted(FIXTURES.glob("*.xml")) if FIXTURES.is_dir() else []


def _xml_ids(path: Path) -> str:
    return path.name


pytestmark = pytest.mark.skipif(not XML_FILES, reason=f"{FIXTURES} is absent (ships with CI only)")


@pytest.mark.parametrize("path", XML_FILES, ids=_xml_ids)
def test_every_fixture_parses_with_all_nodes(path: Path) -> None:
    raw = path.read_text(encoding="utf-8")
    tree = parse_hierarchy(raw)
    # Independent count with lxml: every <node> element becomes one ViewNode.
    expected = len(etree.fromstring(raw.encode("utf-8")).findall(".//node"))
    assert sum(1 for _ in tree.iter()) == expected
    assert tree.windows, "a dump has at least one window"
    for node in tree.iter():
        assert node.bounds.right >= node.bounds.left and node.bounds.bottom >= node.bounds.top
        for child in node.children:
            assert child.parent is node and child.depth == node.depth + 1
            assert child.path.startswith(node.path + ".")


@pytest.mark.parametrize("path", XML_FILES, ids=_xml_ids)
def test_fingerprint_is_stable_and_ignores_bounds(path: Path) -> None:
    raw = path.read_text(encoding="utf-8")
    first = structural_hash(raw)
    assert first == structural_hash(parse_hierarchy(raw)) == structural_hash(raw)
    assert len(first) == 16 and int(first, 16) >= 0
    # The same screen drawn a few pixels lower is the same structure.
    shifted = re.sub(
        r'bounds="\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]"',
        lambda m: f'bounds="[{m[1]},{int(m[2]) + 3}][{m[3]},{int(m[4]) + 3}]"',
        raw,
    )
    assert shifted != raw and structural_hash(shifted) == first
    # A changed label in the app's window is a different screen (the top window comes last).
    top = parse_hierarchy(raw).top_window()
    labelled = [n for n in top.iter() if n.text and not n.is_editable and '"' not in n.text]
    if labelled:
        attr = f'text="{labelled[-1].text}"'
        head, sep, tail = raw.rpartition(attr)
        if sep:
            assert structural_hash(head + 'text="something else"' + tail) != first


@pytest.mark.parametrize("path", XML_FILES, ids=_xml_ids)
def test_top_window_is_never_system_ui_and_selectors_find_their_node(path: Path) -> None:
    tree = parse_hierarchy(path.read_text(encoding="utf-8"))
    top = tree.top_window()
    assert top is not None and top.package not in SYSTEM_UI_PACKAGES
    for node in top.iter():
        if node.bounds.area == 0 or not (node.clickable or node.long_clickable):
            continue
        found = find_node(tree, node.selector())
        assert found is not None, f"selector of {node.path} finds nothing"
        assert found.bounds == node.bounds, f"selector of {node.path} finds {found.path}"


def test_known_fixture_facts() -> None:
    crash = parse_hierarchy((FIXTURES / "markor_crash_dialog_landscape.xml").read_text("utf-8"))
    assert crash.rotation == 1
    assert [w.package for w in crash.windows].count("com.android.systemui") == 2
    assert crash.top_window().package == "android"
    picker = parse_hierarchy((FIXTURES / "markor_file_picker_list.xml").read_text("utf-8"))
    assert sum(1 for n in picker.iter() if n.naf) == 3
    flutter = parse_hierarchy((FIXTURES / "flutter_ide_explorer_naf.xml").read_text("utf-8"))
    assert sum(1 for n in flutter.iter() if n.naf) == 18
    nora = parse_hierarchy((FIXTURES / "nora_chat_chinese_edittext.xml").read_text("utf-8"))
    edits = [n for n in nora.iter() if n.is_editable]
    assert len(edits) == 1 and edits[0].text == "h"
    assert any("\n" in n.text for n in nora.iter()), "&#10; decodes to a newline"
    maps = parse_hierarchy((FIXTURES / "maps_search_results_deep.xml").read_text("utf-8"))
    assert max(n.depth for n in maps.iter()) >= 24
    assert any("–" in n.content_desc or "–" in n.text for n in maps.iter())


def test_clean_dump_strips_the_dumper_trailer_and_noise() -> None:
    raw = (FIXTURES / "gmail_welcome_tour.xml").read_text("utf-8")
    noisy = "some adb noise\n" + raw + "UI hierchary dumped to: /dev/tty\n"
    assert clean_dump(noisy).endswith("</hierarchy>")
    assert structural_hash(noisy) == structural_hash(raw)
    with pytest.raises(HierarchyError, match="no <hierarchy>"):
        clean_dump("ERROR: could not get idle state.")
    with pytest.raises(HierarchyError, match="empty"):
        parse_hierarchy("   ")


_IME_DUMP = (
    "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
    '<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.x" '
    'content-desc="" clickable="false" enabled="true" bounds="[0,0][1080,1920]">'
    '<node index="0" text="  " resource-id="com.x:id/row" class="android.widget.LinearLayout" '
    'package="com.x" content-desc="" clickable="true" enabled="true" bounds="[0,100][1080,300]">'
    '<node index="0" text="   " resource-id="" class="android.widget.TextView" package="com.x" '
    'content-desc="Row label" clickable="false" enabled="true" bounds="[0,100][500,300]" />'
    "</node></node>"
    '<node index="0" text="" resource-id="" class="android.widget.FrameLayout" '
    'package="com.google.android.inputmethod.latin" content-desc="" clickable="false" '
    'enabled="true" bounds="[0,1200][1080,1920]">'
    '<node index="0" text="q" resource-id="" class="android.widget.Button" '
    'package="com.google.android.inputmethod.latin" content-desc="" clickable="true" '
    'enabled="true" bounds="[0,1200][100,1300]" /></node></hierarchy>'
)


def test_keyboard_window_is_not_the_top_window_and_labels_skip_blank_text() -> None:
    tree = parse_hierarchy(_IME_DUMP)
    assert tree.top_window().package == "com.x"
    row = next(n for n in tree.iter() if n.resource_id == "com.x:id/row")
    # Whitespace-only text does not hide the content-desc of the labelled child.
    assert row.label() == "Row label"
