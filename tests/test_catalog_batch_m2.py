"""Catalog batch m2 (issue 13): NewPipe#11914, NewPipe#11915, URLCheck#493. Every catalog bug's
human steps are replayed by ``tests/test_catalog_human_steps.py``; here: the screens on the way
carry the real ids, the crash block in logcat has the report's exception, and plausible wrong
sequences do not trigger the bug."""

from __future__ import annotations

from device_agent.actions import Action, Selector
from device_agent.hierarchy import ViewNode, parse_hierarchy
from device_agent.virtual.catalog.newpipe import PACKAGE as NP
from device_agent.virtual.catalog.newpipe import NewPipe0274
from device_agent.virtual.catalog.urlcheck import PACKAGE as UC
from device_agent.virtual.catalog.urlcheck import URLCheck34
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import act, fresh, node_text, tap, texts, triggered

IMPORT = "NewPipe#11914"
SEARCH = "NewPipe#11915"


def _rotate(device: VirtualDevice, orientation: str = "landscape") -> None:
    result = device.execute(Action(kind="rotate", orientation=orientation))
    assert result.performed, result.detail


def _swipe_up(device: VirtualDevice) -> None:
    assert device.execute(Action(kind="swipe", direction="up")).performed


def _back(device: VirtualDevice) -> None:
    assert device.execute(Action(kind="press_back")).performed


def _nodes(device: VirtualDevice, resource_id: str) -> list[ViewNode]:
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    return [n for n in tree.iter() if n.resource_id == resource_id]


def _crash_log(device: VirtualDevice) -> str:
    return "\n".join(device.read_logcat(0, ("crash",)).lines)


# -- NewPipe#11914 -------------------------------------------------------------------------------
def _soundcloud_import(device: VirtualDevice) -> None:
    tap(device, content_desc="Open Drawer")
    tap(device, text="Subscriptions")
    tap(device, content_desc="More options")
    tap(device, text="Import from")
    tap(device, text="SoundCloud")


def test_fresh_install_opens_trending_with_the_tabs_toolbar_and_fixed_videos() -> None:
    device = fresh(NewPipe0274)
    shown = texts(device)
    assert shown[:3] == ["Open Drawer", "Trending", "Search"]
    for tab in ("What's New", "Subscriptions", "Bookmarked Playlists"):
        assert tab in shown
    assert node_text(device, f"{NP}:id/itemVideoTitleView").startswith("Highlights")
    tap(device, content_desc="Open Drawer")
    shown = texts(device)
    for entry in ("Trending", "Subscriptions", "What's New", "Downloads", "Settings"):
        assert entry in shown
    assert "Toggle service, currently selected:YouTube" in shown
    assert not triggered(device, IMPORT) and not triggered(device, SEARCH)


def test_the_import_page_has_the_real_ids_and_the_dialog_asks_before_importing() -> None:
    device = fresh(NewPipe0274)
    _soundcloud_import(device)
    assert node_text(device, f"{NP}:id/input_button") == "Import"
    assert node_text(device, f"{NP}:id/info_text_view").startswith("Import a SoundCloud")
    tap(device, resource_id=f"{NP}:id/input_button")  # empty: nothing happens
    assert "OK" not in texts(device)
    act(device, "input_text", "soundcloud.com/someone", resource_id=f"{NP}:id/input_text")
    tap(device, resource_id=f"{NP}:id/input_button")
    assert any(t.startswith("Keep in mind this operation") for t in texts(device))
    _rotate(device)
    assert triggered(device, IMPORT)
    log = _crash_log(device)
    assert "IllegalStateException: Result intent is null" in log
    assert "ImportConfirmationDialog.onCreate" in log


def test_rotating_on_the_import_page_before_importing_keeps_the_typed_url() -> None:
    device = fresh(NewPipe0274)
    _soundcloud_import(device)
    act(device, "input_text", "someone", resource_id=f"{NP}:id/input_text")
    _rotate(device)
    assert node_text(device, f"{NP}:id/input_text") == "someone"
    assert not triggered(device, IMPORT)


def test_cancelling_the_dialog_then_rotating_does_not_crash() -> None:
    device = fresh(NewPipe0274)
    _soundcloud_import(device)
    act(device, "input_text", "someone", resource_id=f"{NP}:id/input_text")
    tap(device, resource_id=f"{NP}:id/input_button")
    tap(device, text="Cancel")
    _rotate(device)
    assert not triggered(device, IMPORT)


def test_confirming_the_import_then_rotating_does_not_crash() -> None:
    device = fresh(NewPipe0274)
    tap(device, content_desc="Subscriptions")  # the main page's tab has the same menu
    tap(device, content_desc="More options")
    tap(device, text="Import from")
    tap(device, text="SoundCloud")
    act(device, "input_text", "someone", resource_id=f"{NP}:id/input_text")
    tap(device, resource_id=f"{NP}:id/input_button")
    tap(device, text="OK")
    _rotate(device)
    assert "OK" not in texts(device) and not triggered(device, IMPORT)


# -- NewPipe#11915 -------------------------------------------------------------------------------
def _settings_search(device: VirtualDevice, query: str) -> None:
    tap(device, resource_id=f"{NP}:id/action_search")
    act(device, "input_text", query, resource_id=f"{NP}:id/toolbar_search_edit_text")


def _settings() -> VirtualDevice:
    device = fresh(NewPipe0274)
    tap(device, content_desc="Open Drawer")
    tap(device, text="Settings")
    return device


def test_settings_search_finds_preferences_and_opens_their_page() -> None:
    device = _settings()
    shown = texts(device)
    assert shown[:3] == ["Navigate up", "Settings", "Search"]
    assert {"Video and audio", "Download", "Appearance", "Content"} <= set(shown)
    tap(device, resource_id=f"{NP}:id/action_search")
    assert "No results" in texts(device)  # an empty query finds nothing
    act(device, "input_text", "resolution", resource_id=f"{NP}:id/toolbar_search_edit_text")
    assert node_text(device, f"{NP}:id/breadcrumbs") == "Video and audio"
    tap(device, text="Default resolution")
    assert texts(device)[:2] == ["Navigate up", "Video and audio"]
    assert "Search" not in texts(device)  # the search item is the main page's only


def test_report_steps_crash_with_the_fragment_already_added() -> None:
    device = _settings()
    _settings_search(device, "resolution")
    tap(device, text="Default resolution")
    _rotate(device)
    _back(device)
    tap(device, resource_id=f"{NP}:id/action_search")
    assert triggered(device, SEARCH)
    assert "Fragment already added: PreferenceSearchFragment" in _crash_log(device)


def test_opening_a_result_and_searching_again_without_rotating_works() -> None:
    device = _settings()
    _settings_search(device, "resolution")
    tap(device, text="Default resolution")
    _back(device)
    _settings_search(device, "theme")
    assert "Night theme" in texts(device) and not triggered(device, SEARCH)


def test_rotating_before_searching_then_searching_works() -> None:
    device = _settings()
    _rotate(device)
    tap(device, text="Appearance")
    _back(device)
    _settings_search(device, "history")
    assert "Watch history" in texts(device) and not triggered(device, SEARCH)


def test_rotating_while_the_search_is_open_keeps_it_working() -> None:
    device = _settings()
    _settings_search(device, "download")
    _rotate(device)
    assert "Video download folder" in texts(device)
    _back(device)  # closes the search
    tap(device, resource_id=f"{NP}:id/action_search")
    assert not triggered(device, SEARCH)


# -- URLCheck#493 --------------------------------------------------------------------------------
WEBHOOK = "URLCheck#493"


def _webhook_card() -> VirtualDevice:
    device = fresh(URLCheck34)
    assert node_text(device, f"{UC}:id/pageIndex") == "1/5"
    tap(device, resource_id=f"{UC}:id/bBack", text="Skip tutorial")
    tap(device, text="Modules")
    _swipe_up(device)
    tap(device, text="Webhook:")
    return device


def _test_webhook(device: VirtualDevice, url: str) -> None:
    act(device, "input_text", url, resource_id=f"{UC}:id/webhook_url")
    _back(device)  # the keyboard covers the rest of the card
    _swipe_up(device)
    tap(device, resource_id=f"{UC}:id/webhook_test")


def test_first_run_tutorial_then_the_main_screen_and_the_module_cards() -> None:
    device = fresh(URLCheck34)
    assert "Tutorial" in texts(device)
    tap(device, resource_id=f"{UC}:id/bNext")
    assert node_text(device, f"{UC}:id/bBack") == "Back"
    _back(device)
    _back(device)  # Back on the first page ends the tutorial
    shown = texts(device)
    assert {"URLCheck", "Modules", "Automations", "Settings", "About", "More options"} <= set(shown)
    tap(device, text="Modules")
    shown = texts(device)
    assert shown[:3] == ["Navigate up", "Modules", "More options"]
    assert {"Log:", "Input text:", "Move up", "Enable/disable module"} <= set(shown)


def test_the_webhook_card_has_the_real_fields_and_its_test_starts_disabled() -> None:
    device = _webhook_card()
    assert node_text(device, f"{UC}:id/webhook_body").startswith('{\n  "url": "$URL$"')
    assert node_text(device, f"{UC}:id/webhook_templates") == "Templates"
    _swipe_up(device)
    (test_button,) = _nodes(device, f"{UC}:id/webhook_test")
    assert not test_button.enabled  # no URL yet
    device.execute(Action(kind="click", target=Selector(bounds=test_button.bounds)))
    assert not triggered(device, WEBHOOK)


def test_an_http_webhook_test_crashes_with_the_cast_to_https() -> None:
    device = _webhook_card()
    _test_webhook(device, "http://example.com/hook")
    assert triggered(device, WEBHOOK)
    log = _crash_log(device)
    assert "FATAL EXCEPTION: Thread-2" in log
    assert "HttpURLConnectionImpl cannot be cast to javax.net.ssl.HttpsURLConnection" in log


def test_an_https_webhook_test_fails_without_crashing() -> None:
    device = _webhook_card()
    _test_webhook(device, "https://example.com/hook")
    assert "Failed to send to webhook" in texts(device)
    assert not triggered(device, WEBHOOK)


def test_a_url_without_a_scheme_fails_without_crashing() -> None:
    device = _webhook_card()
    _test_webhook(device, "example.com/hook")
    assert "Failed to send to webhook" in texts(device)
    assert not triggered(device, WEBHOOK)


def test_enabling_the_webhook_without_a_url_is_refused() -> None:
    device = _webhook_card()
    (label,) = [n for n in _nodes(device, f"{UC}:id/label") if n.text == "Webhook:"]
    (switch,) = [
        n
        for n in _nodes(device, f"{UC}:id/enable")
        if n.bounds.top == label.bounds.top  # the Webhook card's header row
    ]
    assert not switch.checked
    assert device.execute(Action(kind="click", target=Selector(bounds=switch.bounds))).performed
    assert "Can't enable the module: Missing webhook url or body" in texts(device)
    assert not triggered(device, WEBHOOK)
