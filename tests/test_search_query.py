"""What the heuristic reasoner types into a search field no step gives a value for
(heuristic._search_query): a label a later step names, or, when the report goes on to pick any
result ("tap one of the entries under the search box"), the first row of the list the path saw
last, since what the app listed is what its search finds."""

from __future__ import annotations

from device_agent.actions import CLICK
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.heuristic import _search_query
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _spec_of, _transition

SETTINGS = dump(
    status_bar(),
    node(
        "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
        node("android.widget.TextView", "Settings", f"{APP}:id/title", "", (40, 80, 600, 200)),
        button("Search", (900, 80, 1060, 200), rid=f"{APP}:id/search", desc="Search"),
        node("androidx.recyclerview.widget.RecyclerView", "", f"{APP}:id/list", "",
             (0, 210, 1080, 1900),
             node("android.widget.TextView", "Video and audio", "android:id/title", "",
                  (0, 210, 1080, 360), clickable=True),
             node("android.widget.TextView", "Downloads", "android:id/title", "",
                  (0, 360, 1080, 510), clickable=True),
             scrollable=True),
    ),
)  # fmt: skip
SEARCH = dump(
    status_bar(),
    node(
        "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
        node("android.widget.EditText", "", f"{APP}:id/search_text", "", (40, 80, 900, 200),
             clickable=True),
        node("android.widget.TextView", "No results", f"{APP}:id/empty", "", (40, 300, 1040, 400)),
    ),
)  # fmt: skip

OPEN_SEARCH = S2RStep("Tap the search button", CLICK, ["search button"])


def _path() -> SPath:
    return SPath([_transition(_click(SETTINGS, "Search"), SETTINGS, SEARCH)])


def test_picking_any_result_searches_for_the_first_row_the_app_listed() -> None:
    pick = S2RStep("Tap one of the entries listed under the search box", CLICK, ["entries"])
    spec = _spec_of(OPEN_SEARCH, pick, kind=NON_CRASH)
    assert _search_query(spec, _path(), 1) == "Video and audio"


def test_a_named_result_is_searched_for_by_its_name() -> None:
    named = S2RStep("Open Downloads from the results", CLICK, ["Downloads"])
    spec = _spec_of(OPEN_SEARCH, named, kind=NON_CRASH)
    assert _search_query(spec, _path(), 1) == "Downloads"


def test_no_query_is_made_up_when_no_result_is_picked() -> None:
    back = S2RStep("Press Back", "press_back", [])
    spec = _spec_of(OPEN_SEARCH, back, kind=NON_CRASH)
    assert _search_query(spec, _path(), 1) == ""
