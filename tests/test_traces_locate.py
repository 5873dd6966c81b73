"""The locator cascade and the modal dismissal, on hand-written view hierarchies."""

from __future__ import annotations

from device_agent.hierarchy import parse_hierarchy
from orchestrator.traces.build import locators_for
from orchestrator.traces.locate import ID, POSITION, STRUCTURE, TEXT, locate
from orchestrator.traces.modals import dismissal, modal_on_top
from orchestrator.traces.template import Locators

PKG = "org.example.notes"


def _node(
    cls: str, rid: str = "", text: str = "", desc: str = "", bounds: str = "", **kw: str
) -> str:
    attrs = {
        "index": "0",
        "text": text,
        "resource-id": f"{PKG}:id/{rid}" if rid else "",
        "class": f"android.widget.{cls}",
        "package": kw.get("package", PKG),
        "content-desc": desc,
        "clickable": kw.get("clickable", "true"),
        "long-clickable": "false",
        "enabled": "true",
        "bounds": bounds,
    }
    body = " ".join(f'{k}="{v}"' for k, v in attrs.items())
    children = kw.get("children", "")
    return f"<node {body}>{children}</node>" if children else f"<node {body} />"


def _screen(*nodes: str, dialog: str = "") -> str:
    main = _node(
        "FrameLayout",
        bounds="[0,0][1080,1920]",
        clickable="false",
        children=_node(
            "LinearLayout",
            rid="toolbar",
            bounds="[0,0][1080,200]",
            clickable="false",
            children="".join(nodes),
        ),
    )
    head = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
    return f'{head}<hierarchy rotation="0">{main}{dialog}</hierarchy>'


SAVE = _node("Button", rid="save", text="Save", bounds="[800,50][1000,150]")
MENU = _node("ImageView", desc="More options", bounds="[1000,50][1080,150]")


def _recorded(xml: str, attr: str, value: str) -> Locators:
    """The locators of the node of ``xml`` whose ``attr`` is ``value``."""
    tree = parse_hierarchy(xml)
    node = next(n for n in tree.iter() if getattr(n, attr) == value)
    return locators_for(node)


def test_the_same_control_is_found_by_id_and_reused() -> None:
    loc = _recorded(_screen(SAVE, MENU), "text", "Save")
    match = locate(loc, parse_hierarchy(_screen(SAVE, MENU)))
    assert match is not None and match.level == ID and match.exact


def test_a_renamed_control_with_its_id_is_a_rewrite_naming_the_change() -> None:
    loc = _recorded(_screen(SAVE, MENU), "text", "Save")
    renamed = _node("Button", rid="save", text="Store", bounds="[800,50][1000,150]")
    match = locate(loc, parse_hierarchy(_screen(renamed, MENU)))
    assert match is not None and match.level == ID and not match.exact
    assert any('"Save" → "Store"' in c for c in match.changes)


def test_a_control_with_a_new_id_is_found_by_its_words() -> None:
    loc = _recorded(_screen(SAVE, MENU), "text", "Save")
    new_id = _node("Button", rid="action_save", text="Save", bounds="[600,50][800,150]")
    match = locate(loc, parse_hierarchy(_screen(new_id, MENU)))
    assert match is not None and match.level == TEXT and not match.exact
    assert any(c.startswith("id save → action_save") for c in match.changes)
    assert any(c.startswith("moved") for c in match.changes)


def test_a_widget_without_id_is_reused_when_its_words_match() -> None:
    loc = _recorded(_screen(SAVE, MENU), "content_desc", "More options")
    match = locate(loc, parse_hierarchy(_screen(SAVE, MENU)))
    assert match is not None and match.level == TEXT and match.exact


def test_rows_sharing_an_id_are_not_taken_for_a_renamed_row() -> None:
    rows = [
        _node("TextView", rid="name", text=t, bounds=f"[0,{300 + 100 * i}][1080,{400 + 100 * i}]")
        for i, t in enumerate(("Movies", "Music"))
    ]
    loc = _recorded(_screen(*rows), "text", "Music")
    others = [
        _node("TextView", rid="name", text=t, bounds=f"[0,{300 + 100 * i}][1080,{400 + 100 * i}]")
        for i, t in enumerate(("Movies", "Pictures"))
    ]
    # "Music" is gone and two rows share the id: no credible target (not "Pictures" renamed).
    match = locate(loc, parse_hierarchy(_screen(*others)))
    assert match is None or match.level == POSITION


def test_an_unlabelled_icon_is_found_by_structure_then_by_position() -> None:
    icon = _node("ImageView", bounds="[100,50][200,150]")
    loc = _recorded(_screen(SAVE, icon), "cls", "android.widget.ImageView")
    match = locate(loc, parse_hierarchy(_screen(SAVE, icon)))
    assert match is not None and match.level == STRUCTURE and match.exact
    moved_icon = _node("ImageView", bounds="[120,60][190,140]")
    inner = _node(
        "LinearLayout",
        rid="extra",
        bounds="[0,0][1080,200]",
        clickable="false",
        children=moved_icon,
    )
    match = locate(loc, parse_hierarchy(_screen(SAVE, inner)))
    assert match is not None and match.level == POSITION and not match.exact


def test_nothing_credible_gives_no_match() -> None:
    loc = _recorded(_screen(SAVE, MENU), "text", "Save")
    assert locate(loc, parse_hierarchy(_screen(MENU))) is None


WHATS_NEW = _node(
    "FrameLayout",
    bounds="[66,600][1014,1300]",
    clickable="false",
    children=_node(
        "TextView",
        rid="alertTitle",
        text="What's new",
        bounds="[66,600][1014,700]",
        clickable="false",
    )
    + _node("Button", rid="button2", text="Later", bounds="[300,1150][600,1280]")
    + _node("Button", rid="button1", text="Got it", bounds="[684,1150][1014,1280]"),
)


def test_a_whats_new_dialog_is_closed_with_its_closing_button() -> None:
    xml = _screen(SAVE, dialog=WHATS_NEW)
    assert modal_on_top(xml) == "What's new"
    closing = dismissal(xml)
    assert closing is not None and closing.action.target is not None
    assert closing.action.target.text == "Got it"
    assert "What's new" in closing.reason


def test_a_new_permission_prompt_is_granted() -> None:
    prompt = _node(
        "FrameLayout",
        bounds="[66,700][1014,1200]",
        clickable="false",
        package="com.android.permissioncontroller",
        children=_node(
            "Button",
            text="Don't allow",
            bounds="[66,1000][1014,1100]",
            package="com.android.permissioncontroller",
        )
        + _node(
            "Button",
            text="Allow",
            bounds="[66,1100][1014,1200]",
            package="com.android.permissioncontroller",
        ),
    )
    closing = dismissal(_screen(SAVE, dialog=prompt))
    assert closing is not None and closing.action.target is not None
    assert closing.action.target.text == "Allow"


def test_a_plain_screen_has_no_modal() -> None:
    assert modal_on_top(_screen(SAVE, MENU)) == ""
    assert dismissal(_screen(SAVE, MENU)) is None
    assert dismissal("not xml") is None
