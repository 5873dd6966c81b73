"""QKSMS 2.7.1 (``com.moez.QKSMS``), with bug qksms#585.

Modelled from the sources at tag ``v2.7.1`` (under ``QKSMS/src/main``: ``AndroidManifest.xml``,
``ui/MainActivity.java`` (``launchWelcomeActivity``, ``showDialogIfNeeded``, ``beginMmsSetup``),
``ui/welcome/*`` (``WelcomeActivity``, the intro, theme and night pages),
``ui/dialog/DefaultSmsHelper.java``, ``ui/dialog/mms/MMSSetupFragment.java``,
``ui/settings/SettingsActivity.java``, ``ui/settings/SettingsFragment.java``
(``onPreferenceClick``), ``ui/base/QKSwipeBackActivity.java``, ``res/layout/activity_welcome.xml``,
``activity_fragment.xml``, ``view_toolbar.xml``, ``dialog_material.xml``,
``fragment_conversations.xml``, ``list_item_conversation.xml``, ``list_item_preference.xml``,
``res/menu/conversations.xml``, ``settings.xml``, ``res/xml/settings_main.xml``,
``settings_general.xml`` and ``res/values/strings.xml``):

- first run: ``MainActivity`` starts ``WelcomeActivity`` (three pages: the greeting with
  "Let's get started!", "Pick a color", "Night mode"; ``welcome_previous``/``welcome_next``
  arrows, ``welcome_skip`` "SKIP", which reads "FINISH" once the night page was built). Back in
  ``MainActivity``: the Snackbar "Some things won't work until QKSMS is the default SMS app"
  (action "Set now", a stub) and the MMS setup dialog ("Set up MMS?": Later, Don't ask again,
  Okay, in QKSMS's own dialog layout: ``buttonNeutral``, ``buttonNegative``, ``buttonPositive``);
- the conversation list (toolbar ``toolbar`` with ``toolbar_title`` "Conversations", the Search
  action and "More options": Settings, What's new, Donate), the RecyclerView
  ``conversations_list`` of rows (``conversation_list_name``, ``conversation_list_date``,
  ``conversation_list_snippet``) and the FAB ``fab``; search, compose, threads, changelog and
  donate are stubs;
- ``SettingsActivity``: toolbar "Settings" (Navigate up = Back, overflow "What's new"), the
  PreferenceFragment list (``android:id/list``) of ``settings_main.xml`` (Theme color,
  Background color, the "Categories" header then Appearance, General, Notifications, MMS, QK
  Reply, QK Compose, About, Donate). A category opens a new ``SettingsFragment`` with
  ``replace(content_frame, fragment, CATEGORY_TAG)`` on the back stack; General lists its
  real preferences (the check boxes toggle), the other categories are stubs.

Device precondition (fixed data): a fresh emulator's SMS store holding three threads, listed in
``THREADS``. QKSMS is not the default SMS app (nobody made it so). Tapping "Okay" on the MMS
setup dialog shows "No configurations found" (the emulator has no carrier MMS APN; an
assumption of the model), whose buttons close it.

The bug (qksms#585, crash): ``SettingsActivity`` is re-created on rotation (no
``configChanges`` in 2.7.1's manifest). The restored FragmentManager still holds the back stack
entry "replace main settings by the category"; ``onCreate`` finds the main ``SettingsFragment``
by its tag and replaces the shown category by it again, off the back stack (so the screen jumps
back to the main settings). Back then pops the entry, whose reversal re-adds the main fragment,
which is already added: ``java.lang.IllegalStateException: Fragment already added``. The model
keeps the fragment manager's state (fragments, added list, back stack) in the activity's saved
state and runs the same transactions; the oracle reads the recorded crash.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.moez.QKSMS"
MAIN = ".ui.MainActivity"
WELCOME = ".ui.welcome.WelcomeActivity"
SETTINGS = ".ui.settings.SettingsActivity"
SEARCH = ".ui.search.SearchActivity"
COMPOSE = ".ui.compose.ComposeActivity"
THREAD = ".ui.messagelist.MessageListActivity"

FRAGMENT_TAG = "SettingsFragment"  # SettingsFragment.TAG
CATEGORY_TAG = "settings_category_fragment_tag"
ALREADY_ADDED = (
    "Fragment already added: SettingsFragment{1d41d5f0 #0 id=0x7f0e0085 SettingsFragment}"
)
CRASH_FRAMES = [
    "android.app.FragmentManagerImpl.addFragment(FragmentManager.java:1153)",
    "android.app.BackStackRecord.popFromBackStack(BackStackRecord.java:1547)",
]

NOT_DEFAULT = "Some things won't work until QKSMS is the default SMS app"
SET_UP_MMS = "Set up MMS?"
SET_UP_MMS_BODY = (
    "It appears that MMS hasn't been configured in QKSMS yet. Press okay automatically "
    "configure MMS."
)
NO_CONFIG = "No configurations found"
NO_CONFIG_BODY = (
    "We couldn't find an MMS configuration for your carrier automatically. Press okay to "
    "contact support. We'll help you get set up! "
)
LATER_TITLE = "Setting up MMS later"
LATER_BODY = (
    "Visit the MMS section of Settings to try automatic configuration, contact support, or "
    "enter your own configuration."
)
# (name, date, snippet): the emulator's SMS store, a device precondition.
THREADS = (
    ("Anna Berg", "4:41PM", "See you at the station at six"),
    ("+1 555-0134", "Tue", "Your code is 482913"),
    ("Tom Rivera", "Mar 3", "Thanks for the photos!"),
)
# settings_main.xml's categories: (key, title, summary).
CATEGORIES = (
    ("appearance", "Appearance", "Themes, fonts, colors, avatars, and more"),
    ("general", "General", "Delivery, message sending, formatting"),
    ("notifications", "Notifications", "Sounds, LED, privacy"),
    ("mms", "MMS", "Configure MMS (APNs), max size, group messaging"),
    ("quickreply", "QK Reply", "QK Reply, popup options"),
    ("quickcompose", "QK Compose", "QK Compose, starred contacts"),
    ("about", "About", "Version, changelog, authors, thanks"),
)
# settings_general.xml's first preferences: (header, [(key, title, summary, default)]).
GENERAL = (
    (
        "Delayed messaging",
        [
            (
                "pref_key_delayed",
                "Delayed messaging",
                "Wait before sending your messages, so you have a chance to review them",
                False,
            ),
            (
                "pref_key_delay_duration",
                "Delay length (seconds)",
                "Time to wait before sending your message",
                None,
            ),
        ],
    ),
    (
        "Delivery confirmations",
        [
            (
                "pref_key_delivery",
                "Delivery confirmations",
                "Confirm that messages were sent successfully",
                False,
            ),
            (
                "pref_key_delivery_toast",
                "Show toast",
                "Show a short toast to indicate a message being delivered",
                True,
            ),
            ("pref_key_delivery_vibrate", "Vibrate", "Vibrate on message delivery", True),
        ],
    ),
    (
        "Delete old messages",
        [
            (
                "pref_key_delete_old_messages",
                "Delete old messages",
                "Automatically delete messages once they're old enough",
                False,
            ),
        ],
    ),
)
CATEGORY_TITLES = {key: title for key, title, _ in CATEGORIES}

BUG_585 = BugSpec(
    bug_id="qksms#585",
    kind="crash",
    title="Crash when backPress from SettingsActivity after Orientation changed",
    oracle=crash_oracle(PACKAGE, "java.lang.IllegalStateException", "Fragment already added"),
    human_steps=(
        click(PACKAGE, "welcome_skip", "SKIP", cls="android.widget.TextView"),
        click(PACKAGE, "buttonNeutral", "Later", cls="android.widget.TextView"),
        click(PACKAGE, desc=w.MORE_OPTIONS, cls="android.widget.ImageView"),
        click(PACKAGE, "android:id/title", "Settings", cls="android.widget.TextView"),
        click(PACKAGE, "android:id/title", "General", cls="android.widget.TextView"),
        {"kind": "rotate", "orientation": "landscape"},
        {"kind": "press_back"},
    ),
)


def _new_fm() -> dict[str, Any]:
    """An empty FragmentManager state: fragments by key, the added keys, the back stack."""
    return {"fragments": {}, "added": [], "backstack": [], "next": 0}


class QKSMS271(VirtualApp):
    """QKSMS 2.7.1 (see the module docstring)."""

    name: ClassVar[str] = "qksms"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "QKSMS"
    version: ClassVar[str] = "2.7.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_585,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "welcome_seen": False,
            "mms_dont_ask_again": False,
            "snackbar": False,
            "night": False,
            "prefs": {k: d for _, rows in GENERAL for k, _, _, d in rows if d is not None},
        }

    # -- lifecycle -------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            ui.setdefault("menu", False)
            if "mms" not in ui:
                # showDialogIfNeeded -> beginMmsSetup (no MMSC, proxy or port configured).
                ui["mms"] = None if ctx.data["mms_dont_ask_again"] else "set_up_mms"
            if not ctx.data["welcome_seen"]:
                ctx.start_activity(WELCOME)
        elif ctx.activity == WELCOME:
            ui.setdefault("page", 0)
            ui.setdefault("finished", False)
        elif ctx.activity == SETTINGS:
            self._settings_on_create(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == MAIN and ui.get("mms"):
            ui["mms"] = None  # the dialog is dismissed: MMSSetupFragment.close()
            return True
        if w.dismiss(ui, "menu"):
            return True
        if ctx.activity == WELCOME:
            # finish() with RESULT_CANCELED: onStop still stores WELCOME_SEEN, and
            # MainActivity.onActivityResult still shows the default SMS app Snackbar.
            ctx.data["welcome_seen"] = True
            ctx.data["snackbar"] = True
            return False
        if ctx.activity == SETTINGS:
            return self._settings_back(ctx)
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != WELCOME:
            return False
        if direction == "left":
            self._welcome_page(ctx, ctx.ui["page"] + 1)
            return True
        if direction == "right":
            self._welcome_page(ctx, ctx.ui["page"] - 1)
            return True
        return False

    # -- welcome ---------------------------------------------------------------------------
    def _welcome_page(self, ctx: AppContext, page: int) -> None:
        page = max(0, min(2, page))
        ctx.ui["page"] = page
        if page >= 1:
            # The pager builds the night page next to the theme page: setFinished().
            ctx.ui["finished"] = True

    def _welcome_skip(self, ctx: AppContext) -> None:
        ctx.data["welcome_seen"] = True  # onStop: WELCOME_SEEN
        ctx.data["snackbar"] = True  # onActivityResult: DefaultSmsHelper.showIfNotDefault
        ctx.finish()

    def _render_welcome(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        page = ui["page"]
        if page == 0:
            body = [
                w.text_view("QKSMS", height=220),
                w.text_view("Love texting again.", height=140),
                View(cls="android.view.View", height=300),
                w.text_view(
                    "Let's get started!",
                    "welcome_start",
                    on_click=lambda c: self._welcome_page(c, 1),
                ),
            ]
        elif page == 1:
            body = [
                w.text_view("Pick a color", "welcome_quickreply_title", height=220),
                w.text_view("Any color.", height=140),
                w.scroll_view([View(cls="android.view.View", resource_id="welcome_themes")]),
            ]
        else:
            body = [
                w.text_view("Night mode", "welcome_night_title", height=220),
                w.text_view("Easy on the eyes.", "welcome_night_description", height=140),
                View(cls="android.view.View", height=300),
                w.text_view(
                    "Toggle me",
                    "welcome_night_hint",
                    on_click=lambda c: c.data.update(night=not c.data["night"]),
                ),
            ]
        children: list[View] = [
            View(
                cls="androidx.viewpager.widget.ViewPager",
                resource_id="welcome_pager",
                children=[w.linear_layout(body)],
            )
        ]
        if page == 0 or ui["finished"]:
            children.append(
                w.text_view(
                    "FINISH" if ui["finished"] else "SKIP",
                    "welcome_skip",
                    height=95,
                    weight=0,
                    on_click=self._welcome_skip,
                )
            )
        else:
            children.append(View(cls="android.view.View", height=95, weight=0))
        arrows = w.linear_layout(
            [
                w.image_view(
                    "welcome_previous",
                    "",
                    lambda c: self._welcome_page(c, c.ui["page"] - 1),
                    width=168,
                    enabled=page > 0,
                ),
                *[w.image_view(f"welcome_indicator_{i}", width=42) for i in range(3)],
                w.image_view(
                    "welcome_next",
                    "",
                    lambda c: self._welcome_page(c, c.ui["page"] + 1),
                    width=168,
                    enabled=page < 2,
                ),
            ],
            horizontal=True,
            height=168,
            weight=0,
        )
        children.append(arrows)
        root = w.linear_layout(children, rid="welcome")
        return Screen(content=root)

    # -- conversation list -----------------------------------------------------------------
    def _main_action(self, ctx: AppContext, fn: Any) -> None:
        ctx.data["snackbar"] = False  # the snackbar leaves on the next interaction
        ctx.ui["menu"] = False
        fn(ctx)

    def _main_menu(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item == "Settings":
            ctx.start_activity(SETTINGS)
        else:
            ctx.toast(item)  # the changelog and donate dialogs are stubs

    def _mms_answer(self, ctx: AppContext, button: str) -> None:
        dialog = ctx.ui["mms"]
        if dialog == "set_up_mms":
            if button == "positive":
                ctx.ui["mms"] = "no_configurations_found"
            elif button == "negative":
                ctx.data["mms_dont_ask_again"] = True
                ctx.ui["mms"] = "setting_up_mms_later"
            else:
                ctx.ui["mms"] = None
        else:
            ctx.ui["mms"] = None

    def _up(self, ctx: AppContext) -> None:
        """Navigate up: ``onBackPressed()`` (QKSwipeBackActivity)."""
        if not self.on_back(ctx):
            ctx.finish()

    def _toolbar(self, title: str, *, up: bool, actions: list[View]) -> View:
        title_view = w.text_view(title, "toolbar_title", height=147)
        nav = w.nav_button(w.NAVIGATE_UP, self._up) if up else None
        return w.toolbar(title_view, navigation=nav, actions=actions)

    def _render_main(self, ctx: AppContext) -> Screen:
        rows = [
            w.linear_layout(
                [
                    w.image_view("conversation_list_avatar", width=168),
                    w.linear_layout(
                        [
                            w.linear_layout(
                                [
                                    w.text_view(name, "conversation_list_name"),
                                    w.text_view(date, "conversation_list_date", width=200),
                                ],
                                horizontal=True,
                            ),
                            w.text_view(snippet, "conversation_list_snippet"),
                        ]
                    ),
                ],
                rid="conversation_list_row",
                horizontal=True,
                height=210,
                on_click=w.bind(
                    self._main_action, lambda c, n=name: c.start_activity(THREAD, {"name": n})
                ),
            )
            for name, date, snippet in THREADS
        ]
        bar = self._toolbar(
            "Conversations",
            up=False,
            actions=[
                w.action_item(
                    "menu_search",
                    "Search",
                    w.bind(self._main_action, lambda c: c.start_activity(SEARCH)),
                ),
                w.overflow_button(w.bind(self._main_action, lambda c: c.ui.update(menu=True))),
            ],
        )
        body: list[View] = [
            w.list_view(
                rows, rid="conversations_list", cls="androidx.recyclerview.widget.RecyclerView"
            ),
            w.fab("fab", "", w.bind(self._main_action, lambda c: c.start_activity(COMPOSE))),
        ]
        if ctx.data["snackbar"]:
            body.append(
                w.linear_layout(
                    [
                        w.text_view(NOT_DEFAULT, "sb__text"),
                        w.text_view(
                            "Set now",
                            "sb__action",
                            width=260,
                            on_click=lambda c: c.data.update(snackbar=False),
                        ),
                    ],
                    horizontal=True,
                    height=220,
                    gravity="bottom",
                )
            )
        content = w.linear_layout(
            [bar, View(resource_id="content_frame", layout=FRAME, children=body)], rid="root"
        )
        windows: list[Window] = []
        if ctx.ui["menu"]:
            windows.append(
                w.menu_window(
                    [(t, w.bind(self._main_menu, t)) for t in ("Settings", "What's new", "Donate")],
                    lambda c: c.ui.update(menu=False),
                    bounds=(560, 63, 1068, 441),
                )
            )
        if ctx.ui["mms"]:
            windows.append(self._mms_dialog(ctx.ui["mms"]))
        return Screen(content=content, windows=windows)

    def _mms_dialog(self, tag: str) -> Window:
        """MMSSetupFragment's current QKDialog (dialog_material.xml's ids)."""
        if tag == "set_up_mms":
            title, body = SET_UP_MMS, SET_UP_MMS_BODY
            buttons = [
                ("buttonNeutral", "Later", "neutral"),
                ("buttonNegative", "Don't ask again", "negative"),
                ("buttonPositive", "Okay", "positive"),
            ]
        elif tag == "no_configurations_found":
            title, body = NO_CONFIG, NO_CONFIG_BODY
            buttons = [
                ("buttonNegative", "Cancel", "negative"),
                ("buttonPositive", "Okay", "positive"),
            ]
        else:
            title, body = LATER_TITLE, LATER_BODY
            buttons = [("buttonPositive", "Okay", "positive")]
        panel = View(
            cls="android.view.View",
            resource_id="buttonPanel",
            layout=HORIZONTAL,
            height=140,
            children=[
                w.text_view(text, rid, on_click=w.bind(self._mms_answer, which))
                for rid, text, which in buttons
            ],
        )
        root = w.linear_layout(
            [
                w.linear_layout(
                    [
                        w.text_view(title, "alertTitle", height=140),
                        w.text_view(body, "message", height=260),
                    ],
                    rid="contentPanel",
                    weight=0,
                ),
                panel,
            ],
            rid="parentPanel",
            weight=0,
        )
        return Window(root=root, cancelable=False)

    # -- settings: the FragmentManager -----------------------------------------------------
    def _settings_on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("menu", False)
        fm = ui.setdefault("fm", _new_fm())  # restored with the instance state on rotation
        main = next(
            (k for k, f in fm["fragments"].items() if f["tag"] == FRAGMENT_TAG), None
        )  # findFragmentByTag(SettingsFragment.TAG)
        if main is None:
            main = self._new_fragment(fm, FRAGMENT_TAG, "main")
        # replace(R.id.content_frame, mSettingsFragment, TAG).commit(): not on the back stack.
        for key in fm["added"]:
            if key != main:
                self._drop_unless_kept(fm, key)
        fm["added"] = [main]

    @staticmethod
    def _new_fragment(fm: dict[str, Any], tag: str, category: str) -> str:
        key = f"f{fm['next']}"
        fm["next"] += 1
        fm["fragments"][key] = {"tag": tag, "category": category}
        return key

    @staticmethod
    def _drop_unless_kept(fm: dict[str, Any], key: str) -> None:
        """A removed fragment stays active only while a back stack entry holds it."""
        held = any(key == r["added"] or key in r["removed"] for r in fm["backstack"])
        if not held:
            fm["fragments"].pop(key, None)

    def _open_category(self, ctx: AppContext, category: str) -> None:
        fm = ctx.ui["fm"]
        key = self._new_fragment(fm, CATEGORY_TAG, category)
        # addToBackStack(null).replace(R.id.content_frame, fragment, CATEGORY_TAG)
        fm["backstack"].append({"removed": list(fm["added"]), "added": key})
        fm["added"] = [key]

    def _settings_back(self, ctx: AppContext) -> bool:
        fm = ctx.ui["fm"]
        if not fm["backstack"]:
            return False  # super.onBackPressed(): the activity finishes
        record = fm["backstack"].pop()  # popBackStack(): the replace reversed
        if record["added"] in fm["added"]:
            fm["added"].remove(record["added"])
        self._drop_unless_kept(fm, record["added"])
        for key in record["removed"]:
            if key in fm["added"]:
                raise JavaException("java.lang.IllegalStateException", ALREADY_ADDED, CRASH_FRAMES)
            fm["added"].append(key)
        return True

    def _shown_category(self, ctx: AppContext) -> str:
        fm = ctx.ui["fm"]
        return str(fm["fragments"][fm["added"][-1]]["category"])

    def _toggle(self, ctx: AppContext, key: str) -> None:
        ctx.data["prefs"][key] = not ctx.data["prefs"][key]

    def _render_settings(self, ctx: AppContext) -> Screen:
        category = self._shown_category(ctx)
        rows: list[View] = []
        if category == "main":
            rows.append(
                w.preference("Theme color", "Tap to change theme", lambda c: c.toast("Theme color"))
            )
            rows.append(
                w.preference(
                    "Background color",
                    "Tap to change background color",
                    lambda c: c.toast("Background color"),
                )
            )
            rows.append(w.preference_category("Categories"))
            for key, title, summary in CATEGORIES:
                rows.append(w.preference(title, summary, w.bind(self._open_category, key)))
            rows.append(
                w.preference(
                    "Donate",
                    "QKSMS is free. Help support us by donating!",
                    lambda c: c.toast("Donate"),
                )
            )
        elif category == "general":
            prefs = ctx.data["prefs"]
            for header, entries in GENERAL:
                rows.append(w.preference_category(header))
                for key, title, summary, default in entries:
                    if default is None:
                        rows.append(w.preference(title, summary, lambda c: None))
                    else:
                        rows.append(
                            w.preference(
                                title,
                                summary,
                                w.bind(self._toggle, key),
                                widget=w.checkbox_widget(bool(prefs[key])),
                            )
                        )
        else:
            rows.append(w.preference_category(CATEGORY_TITLES[category]))
        bar = self._toolbar(
            "Settings",
            up=True,
            actions=[w.overflow_button(lambda c: c.ui.update(menu=True))],
        )
        content = w.linear_layout(
            [
                bar,
                View(
                    resource_id="content_frame",
                    children=[w.list_view(rows, scroll_key="settings_scroll")],
                ),
            ],
            rid="root",
        )
        windows = []
        if ctx.ui["menu"]:
            windows.append(
                w.menu_window(
                    [("What's new", lambda c: c.ui.update(menu=False))],
                    lambda c: c.ui.update(menu=False),
                    bounds=(560, 63, 1068, 189),
                )
            )
        return Screen(content=content, windows=windows)

    # -- rendering -------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == WELCOME:
            return self._render_welcome(ctx)
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        titles = {SEARCH: "Search", COMPOSE: "Compose", THREAD: str(ctx.extras.get("name", ""))}
        bar = self._toolbar(titles.get(ctx.activity, ""), up=True, actions=[])
        return Screen(content=w.linear_layout([bar, View()]))
