"""AnySoftKeyboard (``com.menny.android.anysoftkeyboard``) 1.9.0, for AnySoftKeyboard#1167 ("In UI
settings you can't change keyboard effects and tweak settings").

Modelled from the sources at commit ``0c4743e6`` (the parent of the fix ``df9d9dea``, "Fix for
missing ListPreference. #1167"), under ``app/src/main``: ``AndroidManifest.xml``,
``LauncherSettingsActivity.java``, ``ui/settings/BasicAnyActivity.java``,
``MainSettingsActivity.java``, ``MainFragment.java``, ``UserInterfaceSettingsFragment.java``,
``EffectsSettingsFragment.java``, ``ui/settings/setup/*`` (the setup wizard), the layouts
``main_ui.xml``, ``main_fragment.xml``, ``user_interface_root_settings.xml``,
``keyboard_setup_wizard_page_*.xml``, ``res/menu/bottom_navigation_main.xml``,
``res/xml/prefs_effects_prefs.xml``, ``res/values/strings.xml`` and
``settings_keys_dont_translate.xml``.

- The launcher icon opens ``LauncherSettingsActivity``, a proxy: while AnySoftKeyboard is not
  enabled in the system's keyboard settings it starts ``BasicAnyActivity``, the setup wizard,
  else ``MainSettingsActivity``.
- The wizard (a ViewPager the user cannot swipe, showing the first page not done): Welcome
  ("Start setup…" ``go_to_start_setup``, "Go to Privacy Policy…"), Enable AnySoftKeyboard
  ("Go to your Language&Input settings…" ``go_to_language_settings_action``), Switch to
  AnySoftKeyboard ("Switch active keyboards" ``go_to_switch_keyboard_action``), Enable
  Permissions ("Allow contacts-based typing suggestions" ``ask_for_permissions_action``, "Turn
  off Contacts Dictionary" ``disable_contacts_dictionary``), then What's next ("Setup
  languages…", "Select theme…", "Configure everything else…" ``go_to_all_settings_action``,
  which opens ``MainSettingsActivity`` and finishes the wizard). The language-pack page is
  skipped: the device's locale is English, which the built-in keyboard covers.
- ``MainSettingsActivity``: the app bar title set by the shown fragment, a fragment container
  and the support library's ``bottom_navigation`` (Hello, Language, UI, Gestures, Setup Emojis).
  Hello is ``MainFragment`` (title "Welcome to AnySoftKeyboard", an About action, the
  "not fully set-up" link while another keyboard is the default); UI is
  ``UserInterfaceSettingsFragment``: three tiles (``settings_tile_themes``,
  ``settings_tile_effects`` "Keyboard effects and experience.", ``settings_tile_even_more``).
  The effects tile adds ``EffectsSettingsFragment`` (title "Effects"): the preferences of
  ``prefs_effects_prefs.xml``: Vibrate on key-press, Sound on key-press (a CheckBoxPreference)
  and Animations. Back pops a tile's screen; a bottom tab replaces the root and clears the stack.
- Language, Gestures, Setup Emojis, the themes and "Tweaks and more." tiles, About, and the
  wizard's languages and themes links, and the home screen's "not fully set-up" link (which
  adds the wizard as a fragment) are stubs (their title).

Not the app's own screens (stand-ins, so a fresh install can reach the settings): Android's
"Manage keyboards" screen (``Settings.ACTION_INPUT_METHOD_SETTINGS``: an AnySoftKeyboard switch
and its "Attention" warning; after OK the wizard's content observer brings the app back, as
the real app does), and the system's "Change keyboard" input-method picker. Both are drawn as
the model's own windows and activity, where on a phone they belong to the Settings app and the
system UI. The privacy-policy link would open a browser, not modelled (nothing happens).

The bug (AnySoftKeyboard#1167): the move to the support library's preferences (``f9a819a6``,
"Replacing PrefCompat with offical Compat") turned the app's own ``ListPreference`` elements of
several preference XMLs into ``PreferenceScreen``; in ``prefs_effects_prefs.xml`` these are the 1st
(Vibrate on key-press) and 3rd (Animations) rows. A ``PreferenceScreen`` with no children shows
its summary raw ("... Currently: %s", no entry to format in) and a tap on it goes to
``onNavigateToScreen``, which nobody handles: nothing opens. The fix makes them
``ListPreference`` again (a single-choice dialog, "Select vibration type": None, Light, Medium,
Strong; "Animations": Full, Some, None). The oracle reads app state: a tap on one of those two
rows that opened nothing.

Human steps: 12 from a fresh install: the wizard (Start setup…, the Language&Input link, the
AnySoftKeyboard switch, OK, Switch active keyboards, AnySoftKeyboard, Allow contacts-based typing
suggestions, Allow, Configure everything else…), then the report's: the UI tab, the effects
tile, Vibrate on key-press.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog import _steps as steps
from device_agent.virtual.views import Screen, View

PACKAGE = "com.menny.android.anysoftkeyboard"
LAUNCHER = ".LauncherSettingsActivity"
WIZARD = "com.anysoftkeyboard.ui.settings.BasicAnyActivity"
MAIN = "com.anysoftkeyboard.ui.settings.MainSettingsActivity"
# Stand-in for the Settings app's "Manage keyboards" screen (ACTION_INPUT_METHOD_SETTINGS).
IME_SETTINGS = "com.android.settings.Settings$AvailableVirtualKeyboardActivity"
READ_CONTACTS = "android.permission.READ_CONTACTS"
IME_NAME = "AnySoftKeyboard"
OTHER_IME = "Android Keyboard (AOSP)"

# res/menu/bottom_navigation_main.xml: (id, title).
TABS = (
    ("bottom_nav_home_button", "Hello"),
    ("bottom_nav_language_button", "Language"),
    ("bottom_nav_ui_button", "UI"),
    ("bottom_nav_gestures_button", "Gestures"),
    ("bottom_nav_quick_text_button", "Setup Emojis"),
)
# Activity titles each root fragment sets in onStart.
TAB_TITLES = {
    "Hello": "Welcome to AnySoftKeyboard",
    "Language": "Language",
    "UI": "UI",
    "Gestures": "Gestures",
    "Setup Emojis": "Quick text keys",
}
# user_interface_root_settings.xml: (id, tileLabel, the screen it adds).
TILES = (
    ("settings_tile_themes", "Pick and configure keyboard themes.", "themes"),
    ("settings_tile_effects", "Keyboard effects and experience.", "effects"),
    ("settings_tile_even_more", "Tweaks and more.", "tweaks"),
)
PAGE_TITLES = {
    "effects": "Effects",
    "themes": "Keyboard Themes",
    "tweaks": "Tweaks and more",
    "about": "About",
    "languages": "Language packs",
}

# prefs_effects_prefs.xml's two list preferences: key -> (title, summary, dialog title,
# entries, entry values).
LISTS: dict[str, tuple[str, str, str, tuple[str, ...], tuple[str, ...]]] = {
    "vibrate_on_key_press_duration": (
        "Vibrate on key-press",
        "Vibration level feedback for key-press. Currently: %s",
        "Select vibration type",
        ("None", "Light", "Medium", "Strong"),
        ("0", "17", "30", "50"),
    ),
    "settings_key_tweak_animations_level": (
        "Animations",
        "How much animations should be used. Currently: %s",
        "Animations",
        ("Full", "Some", "None"),
        ("full", "some", "none"),
    ),
}
SOUND_KEY = "sound_on"

WELCOME = (
    "Welcome!",
    "Thank you for giving AnySoftKeyboard a try!",
    "As with any other Android keyboard, you are required to enable AnySoftKeyboard in Android "
    "Settings pages. This is required by Android to ensure that your typing data is not stolen "
    "by evil keyboards*.",
    "Okay, ready? click below to start, I'll guide you through this.",
)
WELCOME_FOOTNOTE = (
    "* Of course, AnySoftKeyboard is not evil. You are encouraged to look at our source code and "
    "verify that. Plus, we do not have NETWORK permissions, so we can not send any data off the "
    "device."
)
ENABLE_DETAILS = (
    "In this step, you'll need to enable AnySoftKeyboard. Please check 'AnySoftKeyboard' in your "
    "Language&Input settings. This will allow us to run on your device."
)
SWITCH_DETAILS = (
    "Your system can use AnySoftKeyboard now, but it is not set as the active keyboard.\n"
    "By switching, AnySoftKeyboard will be your new on-screen keyboard, along with all its "
    "features!"
)
PERMISSIONS_DETAILS = (
    "In this step, you can approve AnySoftKeyboard to read contacts stored on your device. If you "
    "wish to block this access, you may disable Contacts Dictionary."
)
CONTACTS_MESSAGE = (
    "AnySoftKeyboard is using your contacts' names to provide you with a personalized word "
    "suggestion: as you type a word, we look for similar words to auto-complete and auto-correct "
    "your typing."
)
IME_WARNING = (
    "This input method may be able to collect all the text you type, including personal data "
    "like passwords and credit card numbers. It comes from the app AnySoftKeyboard. Use this "
    "input method?"
)


DEMO_CLS = "com.anysoftkeyboard.keyboards.views.DemoAnyKeyboardView"


def _demo_keyboard() -> View:
    """demo_keyboard_include_layout.xml: the keyboard preview in its shadowed frame."""
    return w.frame_layout(
        [View(cls=DEMO_CLS, resource_id="demo_keyboard_view", height=600)],
        rid="demo_keyboard_view_background",
        height=620,
    )


def _dead_pref_tapped(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of AnySoftKeyboard#1167: a tap on Vibrate on key-press or Animations opened
    nothing."""
    return bool(data.get("dead_pref_taps"))


def _click(rid: str = "", text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return steps.click(PACKAGE, rid, text, desc, cls)


SETUP_STEPS: tuple[dict[str, Any], ...] = (
    _click("go_to_start_setup"),
    _click("go_to_language_settings_action"),
    _click("android:id/title", IME_NAME),
    _click("android:id/button1", "OK"),
    _click("go_to_switch_keyboard_action"),
    _click("android:id/text1", IME_NAME),
    _click("ask_for_permissions_action"),
    steps.allow_permission(PACKAGE),
    _click("go_to_all_settings_action"),
)
TO_EFFECTS: tuple[dict[str, Any], ...] = (
    *SETUP_STEPS,
    _click("bottom_nav_ui_button"),
    _click("settings_tile_effects"),
)
TAP_VIBRATE = _click("android:id/title", "Vibrate on key-press")


class AnySoftKeyboard(VirtualApp):
    """AnySoftKeyboard 1.9.0: the setup wizard and the settings' UI > Effects screen."""

    name: ClassVar[str] = "AnySoftKeyboard"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "AnySoftKeyboard"
    version: ClassVar[str] = "1.9.0"
    launch_activity: ClassVar[str] = LAUNCHER
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "AnySoftKeyboard#1167",
            "non-crash",
            "In UI settings you can't change keyboard effects and tweak settings",
            _dead_pref_tapped,
            human_steps=(*TO_EFFECTS, TAP_VIBRATE),
        ),
    )
    # Whether the effects' list rows are ListPreferences (True: the fix, df9d9dea) or, as in
    # 1.9.0, childless PreferenceScreens.
    list_preferences: ClassVar[bool] = False

    def initial_data(self) -> dict[str, Any]:
        return {
            "wizard_started": False,
            "ime_enabled": False,
            "ime_default": False,
            "use_contacts_dictionary": True,
            "prefs": {
                "vibrate_on_key_press_duration": "0",
                "settings_key_tweak_animations_level": "some",
                SOUND_KEY: False,
            },
            "dead_pref_taps": [],
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == LAUNCHER:
            # LauncherSettingsActivity.onResume: a proxy that starts the real screen and leaves.
            ctx.start_activity(MAIN if ctx.data["ime_enabled"] else WIZARD)
            ctx.finish()
        elif ctx.activity == MAIN:
            ctx.ui.setdefault("tab", "Hello")
            ctx.ui.setdefault("stack", [])

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("dialog"):
            ctx.ui["dialog"] = None
            return True
        if ctx.activity == MAIN and ctx.ui["stack"]:
            ctx.ui["stack"].pop()  # the fragment back stack (DEEPER transitions)
            return True
        if ctx.activity == WIZARD and ctx.ui.get("sub"):
            ctx.ui["sub"] = None
            return True
        return False

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        # WizardPermissionsFragment's request refreshes the pager when granted; a denial is
        # handled by BasicAnyActivity's dialog, not modelled past the pager staying put.
        return None

    # -- wizard ------------------------------------------------------------------------------
    def _contacts_done(self, ctx: AppContext) -> bool:
        return not ctx.data["use_contacts_dictionary"] or READ_CONTACTS in ctx.permissions

    def _wizard_page(self, ctx: AppContext) -> str:
        if not ctx.data["wizard_started"]:
            return "welcome"
        if not ctx.data["ime_enabled"]:
            return "enable"
        if not ctx.data["ime_default"]:
            return "switch"
        if not self._contacts_done(ctx):
            return "permissions"
        return "done"

    def _start_setup(self, ctx: AppContext) -> None:
        ctx.data["wizard_started"] = True

    def _open_ime_settings(self, ctx: AppContext) -> None:
        ctx.start_activity(IME_SETTINGS)

    def _open_ime_picker(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = "ime_picker"

    def _pick_ime(self, ctx: AppContext, index: int) -> None:
        ctx.ui["dialog"] = None
        ctx.data["ime_default"] = index == 1

    def _ask_contacts(self, ctx: AppContext) -> None:
        ctx.data["use_contacts_dictionary"] = True
        if READ_CONTACTS not in ctx.permissions:
            ctx.request_permission(READ_CONTACTS)

    def _disable_contacts(self, ctx: AppContext) -> None:
        ctx.data["use_contacts_dictionary"] = False

    def _all_settings(self, ctx: AppContext) -> None:
        ctx.start_activity(MAIN)
        ctx.finish()

    def _wizard_sub(self, ctx: AppContext, sub: str) -> None:
        ctx.ui["sub"] = sub

    def _link(self, rid: str, text: str, handler: Any) -> View:
        return w.text_view(text, rid, on_click=handler)

    def _step_page(
        self, title: str, link: tuple[str, str], handler: Any, details: str
    ) -> list[View]:
        """A setup step: its title, its state icon and action link (id and text), both calling
        ``handler``, then ``details``."""
        return [
            w.text_view(title),
            self._state_icon(handler),
            self._link(*link, handler),
            w.text_view(details),
        ]

    def _state_icon(self, handler: Any) -> View:
        return w.image_view("step_state_icon", handler=handler)

    def _wizard_page_views(self, ctx: AppContext, page: str) -> list[View]:
        if page == "welcome":
            title, sub, info, info2 = WELCOME
            return [
                w.text_view(title),
                _demo_keyboard(),
                w.text_view(sub),
                w.text_view(info),
                w.text_view(info2),
                self._link("go_to_start_setup", "Start setup…", self._start_setup),
                w.text_view(WELCOME_FOOTNOTE),
                self._link(
                    "setup_wizard_welcome_privacy_action",
                    "Go to Privacy Policy…",
                    lambda c: None,  # a browser: not modelled
                ),
            ]
        steps = {
            "enable": (
                "Enable AnySoftKeyboard",
                ("go_to_language_settings_action", "Go to your Language&Input settings…"),
                self._open_ime_settings,
                ENABLE_DETAILS,
            ),
            "switch": (
                "Switch to AnySoftKeyboard",
                ("go_to_switch_keyboard_action", "Switch active keyboards"),
                self._open_ime_picker,
                SWITCH_DETAILS,
            ),
            "permissions": (
                "Enable Permissions",
                ("ask_for_permissions_action", "Allow contacts-based typing suggestions"),
                self._ask_contacts,
                PERMISSIONS_DETAILS,
            ),
        }
        if page in ("enable", "switch"):
            return self._step_page(*steps[page])
        if page == "permissions":
            return [
                *self._step_page(*steps[page]),
                self._link(
                    "disable_contacts_dictionary",
                    "Turn off Contacts Dictionary",
                    self._disable_contacts,
                ),
                w.text_view(CONTACTS_MESSAGE),
                self._link(
                    "open_permissions_wiki_action",
                    "Read more about permissions…",
                    lambda c: None,  # a browser: not modelled
                ),
            ]
        return [
            w.text_view("What's next"),
            _demo_keyboard(),
            w.text_view("Thank you for choosing AnySoftKeyboard."),
            w.text_view(
                "You are done 🎉\nGo to you favorite app to try it out.",
                "setup_wizard_you_are_done_subtitle",
            ),
            w.text_view("Or, you can customize and personalize the keyboard to your likings:"),
            self._link(
                "go_to_languages_action", "Setup languages…", w.bind(self._wizard_sub, "languages")
            ),
            self._link("go_to_theme_action", "Select theme…", w.bind(self._wizard_sub, "themes")),
            self._link(
                "go_to_all_settings_action", "Configure everything else…", self._all_settings
            ),
        ]

    def _render_wizard(self, ctx: AppContext) -> Screen:
        sub = ctx.ui.get("sub")
        if sub:
            content = w.frame_layout(
                [w.linear_layout([w.text_view(PAGE_TITLES[sub])])], rid="main_ui_content"
            )
            return Screen(content=content, title=PAGE_TITLES[sub])
        page = self._wizard_page(ctx)
        body = View(
            cls="android.support.v4.widget.NestedScrollView",
            scrollable=True,
            children=[w.linear_layout(self._wizard_page_views(ctx, page))],
        )
        pager = View(
            cls="android.support.v4.view.ViewPager",
            resource_id="wizard_pages_pager",
            children=[body],
        )
        windows = []
        if ctx.ui.get("dialog") == "ime_picker":
            selected = 1 if ctx.data["ime_default"] else 0
            windows.append(
                w.choice_dialog(
                    "Change keyboard",
                    (OTHER_IME, IME_NAME),
                    selected,
                    self._pick_ime,
                    self._close_dialog,
                )
            )
        return Screen(
            content=w.frame_layout([pager], rid="main_ui_content"),
            title=IME_NAME,
            windows=windows,
        )

    # -- the system's "Manage keyboards" (stand-in) -------------------------------------------
    def _toggle_ime(self, ctx: AppContext) -> None:
        if ctx.data["ime_enabled"]:
            return  # the active keyboard cannot be turned off here once it is the default
        ctx.ui["dialog"] = "ime_warning"

    def _confirm_ime(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.data["ime_enabled"] = True
        # WizardPageEnableKeyboardFragment's content observer relaunches the wizard, and the
        # settings screen (FLAG_ACTIVITY_NO_HISTORY) is gone.
        ctx.finish()

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _render_ime_settings(self, ctx: AppContext) -> Screen:
        rows = [
            w.preference(
                IME_NAME, "", self._toggle_ime, widget=w.switch_widget(ctx.data["ime_enabled"])
            ),
            w.preference(
                OTHER_IME, "English (US)", None, widget=w.switch_widget(True), enabled=False
            ),
        ]
        windows = []
        if ctx.ui.get("dialog") == "ime_warning":
            windows.append(
                w.confirm_dialog(
                    "Attention",
                    IME_WARNING,
                    positive=("OK", self._confirm_ime),
                    negative=("Cancel", self._close_dialog),
                    on_dismiss=self._close_dialog,
                )
            )
        content = w.linear_layout(
            [
                View(cls="android.support.v7.widget.RecyclerView", children=rows),
            ]
        )
        return Screen(content=content, title="Manage keyboards", windows=windows)

    # -- MainSettingsActivity ----------------------------------------------------------------
    def _select_tab(self, ctx: AppContext, title: str) -> None:
        ctx.ui["tab"] = title
        ctx.ui["stack"] = []

    def _push(self, ctx: AppContext, page: str) -> None:
        ctx.ui["stack"].append(page)

    def _tap_list_pref(self, ctx: AppContext, key: str) -> None:
        if not self.list_preferences:
            # A childless PreferenceScreen: onNavigateToScreen, which nobody handles.
            ctx.data["dead_pref_taps"].append(key)
            return
        ctx.ui["dialog"] = key

    def _choose(self, ctx: AppContext, index: int) -> None:
        key = ctx.ui.get("dialog")
        ctx.ui["dialog"] = None
        if key in LISTS:
            ctx.data["prefs"][key] = LISTS[key][4][index]

    def _toggle_sound(self, ctx: AppContext) -> None:
        ctx.data["prefs"][SOUND_KEY] = not ctx.data["prefs"][SOUND_KEY]

    def _list_summary(self, ctx: AppContext, key: str) -> str:
        summary = LISTS[key][1]
        if not self.list_preferences:
            return summary
        entries, values = LISTS[key][3], LISTS[key][4]
        value = ctx.data["prefs"][key]
        return summary.replace("%s", entries[values.index(value)] if value in values else "")

    def _effects(self, ctx: AppContext) -> list[View]:
        sound = ctx.data["prefs"][SOUND_KEY]
        vib_title = LISTS["vibrate_on_key_press_duration"][0]
        anim_title = LISTS["settings_key_tweak_animations_level"][0]
        rows = [
            w.preference_category("Effects"),
            w.preference(
                vib_title,
                self._list_summary(ctx, "vibrate_on_key_press_duration"),
                w.bind(self._tap_list_pref, "vibrate_on_key_press_duration"),
            ),
            w.preference(
                "Sound on key-press",
                "Sound effects on soft keyboard press." if sound else "",
                self._toggle_sound,
                widget=w.checkbox_widget(sound),
            ),
            w.preference(
                anim_title,
                self._list_summary(ctx, "settings_key_tweak_animations_level"),
                w.bind(self._tap_list_pref, "settings_key_tweak_animations_level"),
            ),
        ]
        return [
            View(cls="android.support.v7.widget.RecyclerView", resource_id="list", children=rows)
        ]

    def _home(self, ctx: AppContext) -> list[View]:
        views = [
            w.frame_layout(
                [
                    View(cls=DEMO_CLS, resource_id="demo_keyboard_view", height=600),
                    w.text_view(IME_NAME, "ask_gplus_link", on_click=lambda c: None),
                ]
            ),
        ]
        if not ctx.data["ime_default"]:
            views.append(
                w.text_view(
                    "AnySoftKeyboard is not fully set-up for use. Click here to set up.",
                    "not_configured_click_here",
                    on_click=w.bind(self._push, "wizard"),
                )
            )
        views.append(
            w.frame_layout([w.text_view("What's new")], rid="change_log_fragment"),
        )
        return [w.scroll_view([w.linear_layout(views)])]

    def _ui_root(self, ctx: AppContext) -> list[View]:
        tiles = [
            View(
                cls="net.evendanan.pushingpixels.SettingsTileView",
                resource_id=rid,
                on_click=w.bind(self._push, page),
                children=[w.image_view("tile_image"), w.text_view(label, "tile_label")],
            )
            for rid, label, page in TILES
        ]
        return [
            _demo_keyboard(),
            w.linear_layout(tiles, rid="settings_root"),
        ]

    def _render_main(self, ctx: AppContext) -> Screen:
        tab = ctx.ui.get("tab", "Hello")
        stack = ctx.ui.get("stack", [])
        page = stack[-1] if stack else ""
        actions: list[View] = []
        if page == "effects":
            title, body = "Effects", self._effects(ctx)
        elif page == "wizard":
            title = IME_NAME
            body = [w.text_view("Enable AnySoftKeyboard")]
        elif page:
            title, body = PAGE_TITLES[page], [w.text_view(PAGE_TITLES[page])]
        elif tab == "Hello":
            title, body = TAB_TITLES[tab], self._home(ctx)
            actions = [w.action_item("about_menu_option", "About", w.bind(self._push, "about"))]
        elif tab == "UI":
            title, body = TAB_TITLES[tab], self._ui_root(ctx)
        else:
            title, body = TAB_TITLES[tab], [w.text_view(TAB_TITLES[tab])]
        windows = []
        dialog = ctx.ui.get("dialog")
        if dialog in LISTS:
            _, _, dialog_title, entries, values = LISTS[dialog]
            value = ctx.data["prefs"][dialog]
            windows.append(
                w.choice_dialog(
                    dialog_title,
                    entries,
                    values.index(value) if value in values else None,
                    self._choose,
                    self._close_dialog,
                    negative=("Cancel", self._close_dialog),
                )
            )
        content = w.linear_layout(
            [
                w.toolbar(title, actions=actions, rid="action_bar"),
                w.frame_layout([w.linear_layout(body)], rid="main_ui_content", weight=1),
                w.bottom_navigation(
                    TABS,
                    tab,
                    self._select_tab,
                    cls="android.support.design.widget.BottomNavigationView",
                    item_cls="android.support.design.internal.BottomNavigationItemView",
                    label_rid="largeLabel",
                ),
            ]
        )
        # The window decor's ActionBar (Theme.AskApp) is the toolbar above: no Screen title.
        return Screen(content=content, windows=windows)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == WIZARD:
            return self._render_wizard(ctx)
        if ctx.activity == IME_SETTINGS:
            return self._render_ime_settings(ctx)
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        return Screen(content=w.frame_layout([]))  # the proxy LauncherSettingsActivity


WRONG_SEQUENCES = {
    "AnySoftKeyboard#1167": (
        # On the Effects screen, only the working checkbox row is tapped.
        (*TO_EFFECTS, _click("android:id/title", "Sound on key-press")),
        # The Effects screen is reached but none of its list rows is tapped.
        TO_EFFECTS,
        # The themes tile instead of the effects tile.
        (*SETUP_STEPS, _click("bottom_nav_ui_button"), _click("settings_tile_themes")),
        # Back from Effects, then the tweaks tile.
        (*TO_EFFECTS, {"kind": "press_back"}, _click("settings_tile_even_more")),
    ),
}
