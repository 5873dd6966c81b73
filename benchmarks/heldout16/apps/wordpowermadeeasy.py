"""Word Power Made Easy 0.1.0 (``com.developfreedom.wordpowermadeeasy``), with bug
wordpowermadeeasy#2 (non-crash).

A vocabulary builder: one screen showing a random English word and its meaning. Modelled from the
app's sources at commit ``61b3e5b`` (versionName 0.1.0, the build of the report's date):
``MainActivity``, ``WordEngine``, ``res/layout/activity_main.xml`` (no landscape layout yet),
``res/menu/main.xml`` and ``res/values/strings.xml``. The word list is the app's
``res/xml/word_list.xml`` (1394 distinct words); the model keeps its first 40 pairs
(:data:`WORDS`), and ``WordEngine.getRandomWord``'s ``new Random()`` becomes a fixed
pseudo-random walk through them.

Screens (``.MainActivity``, theme ``android:Theme.Light``: a window title bar "Word Power Made
Easy", no action bar):

- first launch: the welcome AlertDialog "Welcome to Word Power Made Easy!" (message from
  ``welcomeText``, button OK); ``onCreate`` sets the ``welcomeScreenShown`` preference as soon as
  it shows it, so it never comes back, not even when a rotation dismisses it;
- the main screen: ``textview_word`` ("Word" from the layout; selectable text, not clickable),
  ``textview_meaning`` ("Meaning" from the layout, clickable: ``nextRandom``) and an empty
  RelativeLayout below it that also calls ``nextRandom``. ``nextRandom`` draws a random pair
  and sets both TextViews.

The bug: the two TextViews get their text only from ``nextRandom``; neither has
``android:freezesText``, so the TextViews do not save their text and a rotation, which re-creates
the activity, shows the layout's placeholders "Word" and "Meaning" again instead of the pair
drawn. The fix (commit ``11490ff``, "Fixed issue number #2 - Rotation loses meaning") adds
``android:freezesText="true"`` to both.

The app keeps nothing of the pair drawn; for the oracle the model mirrors in its data what the two
TextViews show (``shown``) and the pair the current activity instance drew last (``drawn``, reset
when a new instance starts without saved state).

Not modelled: the options menu (its one item, Settings, does nothing; with this theme it is only
reachable from a Menu key) and the word's text-selection action mode.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import Screen, Window

PACKAGE = "com.developfreedom.wordpowermadeeasy"
MAIN = ".MainActivity"
BUG_ID = "wordpowermadeeasy#2"
APP_NAME = "Word Power Made Easy"
WELCOME_TITLE = "Welcome to Word Power Made Easy!"
WELCOME_TEXT = (
    "We believe that simplicity leads to productivity. Read the lines below carefully because "
    "you'll never be disturbed about it again.\n1. Press anywhere to get a random Word/Meaning."
    "\n2. Double click on the Word to copy it."
)
PLACEHOLDERS = {"word": "Word", "meaning": "Meaning"}  # the layout's android:text

# res/xml/word_list.xml, its first 40 pairs: (word, meaning).
WORDS: tuple[tuple[str, str], ...] = (
    ("Abhor", "hate"),
    ("Bigot", "narrow-minded, prejudiced person"),
    ("Counterfeit", "fake; false"),
    ("Enfranchise", "give voting rights"),
    ("Hamper", "hinder; obstruct"),
    ("Kindle", "to start a fire"),
    ("Noxious", "harmful; poisonous; lethal"),
    ("Placid", "calm; peaceful"),
    ("Remuneration", "payment for work done"),
    ("Talisman", "lucky charm"),
    ("Abrasive", "rough; coarse; harsh"),
    ("Bilk", "cheat; defraud"),
    ("Covert", "hidden; undercover"),
    ("Engender", "cause"),
    ("Hangar", "storage area (like garage) for a plane"),
    ("Knotty", "complex; difficult to solve"),
    ("Nuance", "something subtle; a fine shade of meaning"),
    ("Plagiarism", "taking credit for someone else's writing or ideas"),
    ("Renown", "fame"),
    ("Tangent", "going off the main subject"),
    ("Abasement", "humiliation; degradation"),
    ("Billowing", "swelling; fluttering; waving"),
    ("Cower", "recoil in fear or servility; shrink away from"),
    ("Enhance", "improve; make better or clearer"),
    ("Harangue", "noisy, attacking speech"),
    ("Labyrinth", "a maze"),
    ("Nullify", "to counter; make unimportant"),
    ("Plaintiff", "petitioner (in court of law)"),
    ("Replete", "full"),
    ("Tangible", "can be touched"),
    ("Abrogate", "cancel; deny; repeal"),
    ("Blasphemy", "speech which offends religious sentiments"),
    ("Credible", "believable"),
    ("Enigma", "puzzle; mystery"),
    ("Harbingers", "indicators; bringers of warnings"),
    ("Labyrinthine", "complicated; highly convoluted"),
    ("Nuzzle", "cuddle; snuggle"),
    ("Plaudit", "statement giving strong praise"),
    ("Reprehensible", "shameful; very bad"),
    ("Tardy", "slow; late; overdue; delayed"),
)


def _meaning_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of wordpowermadeeasy#2: this activity drew a pair, yet the meaning shown is
    not that pair's (the layout's placeholder came back)."""
    drawn = data.get("drawn")
    return drawn is not None and data["shown"]["meaning"] != drawn["meaning"]


_OK = click(PACKAGE, "android:id/button1", "OK")
_NEXT = click(PACKAGE, "textview_meaning")
_ROTATE = {"kind": "rotate", "orientation": "landscape"}

WRONG_SEQUENCES = {
    BUG_ID: (
        # A word drawn, no rotation.
        (_OK, _NEXT),
        # Rotated before drawing a word, then a word drawn.
        (_OK, _ROTATE, _NEXT),
        # Rotated with nothing drawn: the placeholders are what the layout shows anyway.
        (_OK, _ROTATE, {"kind": "rotate", "orientation": "portrait"}),
        # A word drawn, then the app restarted: a new activity, nothing drawn yet.
        (_OK, _NEXT, {"kind": "restart_app"}),
        # A word drawn, the app left and reopened (the same activity: the texts stay).
        (_OK, _NEXT, {"kind": "leave_and_return"}),
    )
}


class WordPowerMadeEasy(VirtualApp):
    """Word Power Made Easy 0.1.0: bug wordpowermadeeasy#2 (meaning lost on rotation)."""

    name: ClassVar[str] = "wordpowermadeeasy"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "0.1.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            BUG_ID,
            "non-crash",
            "Meaning lost after rotation",
            _meaning_lost,
            human_steps=(_OK, _NEXT, _ROTATE),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"welcomeScreenShown": False, "shown": dict(PLACEHOLDERS), "drawn": None}

    def on_create(self, ctx: AppContext) -> None:
        if not ctx.ui.get("saved_state"):
            ctx.data["drawn"] = None  # a new instance: it has drawn nothing yet
        # setContentView: the TextViews show the layout's texts (no freezesText: the bug).
        ctx.ui.clear()
        ctx.data["shown"] = dict(PLACEHOLDERS)
        if not ctx.data["welcomeScreenShown"]:
            ctx.ui["welcome"] = True  # showWelcomeScreen(), then the preference is saved
            ctx.data["welcomeScreenShown"] = True

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # Nothing of the activity's own survives; the Bundle exists (savedInstanceState != null).
        # The welcome dialog is not a managed dialog: a rotation dismisses it for good.
        return {"saved_state": True}

    def next_random(self, ctx: AppContext) -> None:
        step = ctx.memory.get("random", 0) + 1
        ctx.memory["random"] = step
        word, meaning = WORDS[(step * 17 + 5) % len(WORDS)]
        ctx.data["shown"] = {"word": word, "meaning": meaning}
        ctx.data["drawn"] = {"word": word, "meaning": meaning}

    def _dismiss_welcome(self, ctx: AppContext) -> None:
        ctx.ui["welcome"] = False

    def render(self, ctx: AppContext) -> Screen:
        shown = ctx.data["shown"]
        content = w.linear_layout(
            [
                w.text_view(APP_NAME, "android:id/title", height=105),
                w.relative_layout(
                    [
                        w.linear_layout(
                            [
                                w.text_view(
                                    shown["word"], "textview_word", height=520, focusable=True
                                ),
                                w.text_view(
                                    shown["meaning"],
                                    "textview_meaning",
                                    height=900,
                                    on_click=self.next_random,
                                ),
                                w.relative_layout(on_click=self.next_random, height=368),
                            ]
                        )
                    ],
                    padding=42,
                ),
            ]
        )
        windows: list[Window] = []
        if ctx.ui.get("welcome"):
            windows.append(
                w.alert_dialog(
                    w.dialog_title(WELCOME_TITLE),
                    [w.dialog_message(WELCOME_TEXT)],
                    w.dialog_buttons(("OK", self._dismiss_welcome)),
                    self._dismiss_welcome,
                )
            )
        return Screen(content=content, windows=windows)
