"""Catalog batch m3 (held-out half): the screens on the way carry the real ids and texts, a crash
bug's block has the report's exception, and plausible wrong sequences do not trigger the bug.
Every catalog bug's human steps are replayed by ``tests/test_catalog_human_steps.py``."""

from __future__ import annotations

from device_agent.actions import Action
from device_agent.virtual.catalog.qksms import PACKAGE as QKP
from device_agent.virtual.catalog.qksms import QKSMS271
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import fresh, node_text, tap, texts, triggered

QK = "qksms#585"


def _crash_log(device: VirtualDevice) -> str:
    return "\n".join(device.read_logcat(0, ("crash",)).lines)


def _do(device: VirtualDevice, kind: str, **fields: str) -> None:
    result = device.execute(Action.from_json({"kind": kind, **fields}))
    assert result.performed, result.detail


# -- qksms 2.7.1 ----------------------------------------------------------------------------
def _qk_settings() -> VirtualDevice:
    device = fresh(QKSMS271)
    tap(device, resource_id=f"{QKP}:id/welcome_skip")
    tap(device, resource_id=f"{QKP}:id/buttonNeutral", text="Later")
    tap(device, content_desc="More options")
    tap(device, resource_id="android:id/title", text="Settings")
    return device


def test_qksms_first_run_welcome_mms_dialog_and_conversations() -> None:
    device = fresh(QKSMS271)
    assert node_text(device, f"{QKP}:id/welcome_start") == "Let's get started!"
    assert node_text(device, f"{QKP}:id/welcome_skip") == "SKIP"
    tap(device, resource_id=f"{QKP}:id/welcome_next")
    assert "Pick a color" in texts(device)
    assert node_text(device, f"{QKP}:id/welcome_skip") == "FINISH"
    tap(device, resource_id=f"{QKP}:id/welcome_skip")
    assert node_text(device, f"{QKP}:id/alertTitle") == "Set up MMS?"
    for rid, text in (("buttonNeutral", "Later"), ("buttonNegative", "Don't ask again")):
        assert node_text(device, f"{QKP}:id/{rid}") == text
    assert node_text(device, f"{QKP}:id/buttonPositive") == "Okay"
    tap(device, resource_id=f"{QKP}:id/buttonNegative")
    assert node_text(device, f"{QKP}:id/alertTitle") == "Setting up MMS later"
    tap(device, resource_id=f"{QKP}:id/buttonPositive")
    assert node_text(device, f"{QKP}:id/toolbar_title") == "Conversations"
    assert node_text(device, f"{QKP}:id/conversation_list_name") == "Anna Berg"
    assert node_text(device, f"{QKP}:id/sb__text").endswith("default SMS app")
    tap(device, content_desc="More options")
    shown = texts(device)
    assert all(t in shown for t in ("Settings", "What's new", "Donate"))


def test_qksms_settings_lists_the_categories_and_general() -> None:
    device = _qk_settings()
    shown = texts(device)
    for text in ("Theme color", "Categories", "Appearance", "General", "MMS"):
        assert text in shown
    assert node_text(device, f"{QKP}:id/toolbar_title") == "Settings"
    tap(device, resource_id="android:id/title", text="General")
    shown = texts(device)
    assert "Delivery confirmations" in shown and "Show toast" in shown


def test_qksms_human_steps_crash_with_the_reports_exception() -> None:
    device = _qk_settings()
    tap(device, resource_id="android:id/title", text="General")
    _do(device, "rotate", orientation="landscape")
    assert "Theme color" in texts(device)  # back on the main settings after the rotation
    assert not triggered(device, QK)
    _do(device, "press_back")
    assert triggered(device, QK)
    log = _crash_log(device)
    assert "java.lang.IllegalStateException: Fragment already added: SettingsFragment" in log
    assert "android.app.BackStackRecord.popFromBackStack" in log


def test_qksms_back_from_a_category_without_rotating_is_fine() -> None:
    device = _qk_settings()
    tap(device, resource_id="android:id/title", text="General")
    _do(device, "press_back")
    assert "Theme color" in texts(device)
    _do(device, "press_back")
    assert node_text(device, f"{QKP}:id/toolbar_title") == "Conversations"
    assert not triggered(device, QK)


def test_qksms_rotating_on_the_main_settings_then_back_is_fine() -> None:
    device = _qk_settings()
    _do(device, "rotate", orientation="landscape")
    _do(device, "press_back")
    assert node_text(device, f"{QKP}:id/toolbar_title") == "Conversations"
    assert not triggered(device, QK)


def test_qksms_rotating_after_leaving_the_category_is_fine() -> None:
    device = _qk_settings()
    tap(device, resource_id="android:id/title", text="General")
    _do(device, "press_back")
    _do(device, "rotate", orientation="landscape")
    _do(device, "press_back")
    assert not triggered(device, QK)


def test_qksms_rotating_in_the_conversations_then_settings_is_fine() -> None:
    device = fresh(QKSMS271)
    tap(device, resource_id=f"{QKP}:id/welcome_skip")
    tap(device, resource_id=f"{QKP}:id/buttonNeutral")
    _do(device, "rotate", orientation="landscape")
    tap(device, content_desc="More options")
    tap(device, resource_id="android:id/title", text="Settings")
    tap(device, resource_id="android:id/title", text="General")
    _do(device, "press_back")
    _do(device, "press_back")
    assert not triggered(device, QK)
