"""Android's standard pieces as view builders: an app model is mostly its own screens and bug.

Each builder produces the view classes, resource ids and content descriptions Android (the
framework, AppCompat or Material Components) uses for that piece, so the engine meets the same
widgets it meets on a phone; the parameters cover the variations real apps show (an app's own id
for its toolbar, a Switch instead of a CheckBox...). The pieces:

- basics: :func:`bind`, :func:`text_view`, :func:`image_button`, :func:`fab`;
- building blocks: :func:`button`, :func:`image_view`, :func:`linear_layout`,
  :func:`frame_layout`, :func:`relative_layout`, :func:`scroll_view`, :func:`check_box`,
  :func:`switch`, :func:`radio_button`;
- state: :func:`toggle` (a multi-select tap), :func:`pager_swipe` (a ViewPager's swipe),
  :func:`dismiss` (Back closing a menu or drawer), :func:`pop_back_stack` (Back in an app's
  own navigation stack);
- app bar: :func:`toolbar`, :func:`nav_button`, :func:`up_button`, :func:`action_item`,
  :func:`overflow_button` (and the handler :func:`finish`);
- menus: :func:`popup_menu`, :func:`menu_window`;
- dialogs: :func:`dialog_button`, :func:`dialog_buttons`, :func:`alert_dialog`,
  :func:`confirm_dialog`, :func:`input_dialog`, :func:`choice_dialog`,
  :func:`multi_choice_dialog`, :func:`date_picker_dialog`, :func:`time_picker_dialog`;
- lists: :func:`list_row`, :func:`list_view`;
- system screens: :func:`document_row`, :func:`document_picker` (DocumentsUI's file picker);
- navigation: :func:`drawer_layout`, :func:`drawer_entry`, :func:`navigation_item`,
  :func:`navigation_sheet`, :func:`tabs`, :func:`bottom_navigation`;
- settings: :func:`preference`, :func:`checkbox_widget`, :func:`switch_widget`,
  :func:`preference_category`;
- input: :func:`edit_text`, :func:`spinner`;
- first run: :func:`intro_pager`.

All of them are additions to the app-model contract: existing builders keep their signatures.
Sizes are pixels on the 1080x1920 portrait screen (420 dpi) the virtual device lays out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from device_agent.virtual.app import AppContext
from device_agent.virtual.views import (
    FRAME,
    HORIZONTAL,
    VERTICAL,
    Handler,
    TextHandler,
    View,
    Window,
)


def bind(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Callable[[AppContext], None]:
    """A click handler calling ``fn(ctx, *args, **kwargs)`` (binds a list row's own values)."""

    def handler(ctx: AppContext) -> None:
        fn(ctx, *args, **kwargs)

    return handler


def text_view(text: str, rid: str = "", **kw: Any) -> View:
    """An ``android.widget.TextView`` with ``text`` and the (short) resource id ``rid``."""
    return View(cls="android.widget.TextView", text=text, resource_id=rid, **kw)


def dialog_button(rid: str, text: str, handler: Any, width: int = 300) -> View:
    """A dialog's text button (``android:id/button1`` positive, ``button2`` negative,
    ``button3`` neutral, as AlertDialog lays them out), ``width`` px wide."""
    return View(
        cls="android.widget.Button",
        resource_id=rid,
        text=text,
        on_click=handler,
        width=width,
        style="text",
    )


def overflow_button(handler: Any) -> View:
    """The toolbar's "More options" (⋮) button, 126 px wide."""
    return View(
        cls="android.widget.ImageView", content_desc="More options", on_click=handler, width=126
    )


def popup_menu(items: Sequence[tuple[Any, ...]], *, title_rid: str = "title") -> View:
    """A popup menu's list: one 126 px row per ``(title, handler)``, the title in a TextView
    with id ``title`` (as Android's popup menus lay it out; ``title_rid`` for a framework menu's
    ``android:id/title``). An item ``(title, handler, rid)`` gives its row the id ``rid`` (a
    menu item's own id, as an app's custom popup layout shows it)."""
    return View(
        cls="android.widget.ListView",
        weight=0,
        children=[
            View(
                cls="android.widget.LinearLayout",
                resource_id=item[2] if len(item) > 2 else "",
                on_click=item[1],
                height=126,
                children=[text_view(item[0], title_rid, height=126)],
            )
            for item in items
        ],
    )


def alert_dialog(title: View, body: list[View], buttons: list[View], on_dismiss: Any) -> Window:
    """An AlertDialog window as the framework lays it out: ``android:id/parentPanel`` holding
    the ``title`` view (the app's own ``android:id/alertTitle`` text), the ``body`` and, when
    there are ``buttons``, an ``android:id/buttonPanel`` with a spacer then the buttons."""
    children = [title, *body]
    if buttons:
        children.append(
            View(
                cls="android.widget.LinearLayout",
                resource_id="android:id/buttonPanel",
                layout=HORIZONTAL,
                height=140,
                children=[View(cls="android.view.View"), *buttons],
            )
        )
    return Window(
        root=View(
            cls="android.widget.LinearLayout",
            resource_id="android:id/parentPanel",
            weight=0,
            children=children,
        ),
        on_dismiss=on_dismiss,
    )


# -- basics ------------------------------------------------------------------------------------
# Content descriptions of the navigation buttons (AppCompat's abc_action_bar_up_description and
# abc_action_menu_overflow_description; the drawer's is the app's own, usually this text).
NAVIGATE_UP = "Navigate up"
OPEN_DRAWER = "Open navigation drawer"
MORE_OPTIONS = "More options"

TOOLBAR_HEIGHT = 147  # 56 dp at 420 dpi (2.625 px/dp): Material's app bar height
FAB_SIZE = 168  # 64 dp with its margin drawn inside: the FloatingActionButton's touch target


def image_button(rid: str = "", desc: str = "", handler: Handler | None = None, **kw: Any) -> View:
    """An ``android.widget.ImageButton`` (an icon button): id ``rid``, content description
    ``desc`` (its only label, as TalkBack reads it)."""
    return View(
        cls="android.widget.ImageButton",
        resource_id=rid,
        content_desc=desc,
        on_click=handler,
        **kw,
    )


def fab(
    rid: str,
    desc: str,
    handler: Handler | None,
    *,
    size: int = FAB_SIZE,
    cls: str = "android.widget.ImageButton",
    **kw: Any,
) -> View:
    """A FloatingActionButton (an ``ImageButton`` in dumps; ``cls`` for one that dumps as
    another class: a Compose FAB's ``android.widget.Button``, a CardView used as one), ``size``
    px square (147 for a mini FAB), at the bottom end of its FRAME parent unless ``gravity``
    says otherwise."""
    kw.setdefault("gravity", "bottom_end")
    return View(
        cls=cls,
        resource_id=rid,
        content_desc=desc,
        on_click=handler,
        width=size,
        height=size,
        style="fab",
        **kw,
    )


# -- building blocks ---------------------------------------------------------------------------
# One builder a framework class the screens are made of, so a model names what a node is and its
# own values, never the View fields every instance of that class repeats.
def button(rid: str = "", text: str = "", handler: Handler | None = None, **kw: Any) -> View:
    """An ``android.widget.Button`` with id ``rid`` and label ``text``; a tap calls
    ``handler`` (other :class:`View` fields, ``width``, ``enabled``..., through ``kw``)."""
    return View(cls="android.widget.Button", resource_id=rid, text=text, on_click=handler, **kw)


def flutter_text(desc: str, **kw: Any) -> View:
    """A Flutter ``Text`` (and any other Flutter semantics node without a role): an
    ``android.view.View`` whose only label is its content description ``desc``."""
    return View(cls="android.view.View", content_desc=desc, **kw)


def flutter_button(desc: str, handler: Handler | None, **kw: Any) -> View:
    """A Flutter button (``ElevatedButton``, ``TextButton``, ``IconButton``...): an
    ``android.widget.Button`` labelled by its content description ``desc``; a tap calls
    ``handler``."""
    return View(cls="android.widget.Button", content_desc=desc, on_click=handler, **kw)


def flutter_tab_desc(labels: Sequence[str], i: int) -> str:
    """How Flutter's semantics describe navigation destination ``i`` of ``labels``:
    ``"Habits\nTab 4 of 5"``."""
    return f"{labels[i]}\nTab {i + 1} of {len(labels)}"


def flutter_nav_bar(
    labels: Sequence[str], selected: int, on_select: Callable[[AppContext, int], None], **kw: Any
) -> View:
    """A Flutter ``NavigationBar``: one destination per label, side by side, described as
    :func:`flutter_tab_desc` says, the ``selected`` one selected; a tap on destination ``i``
    calls ``on_select(ctx, i)``. ``kw`` goes to the bar (``height``...)."""
    return View(
        cls="android.view.View",
        layout=HORIZONTAL,
        weight=0,
        children=[
            View(
                cls="android.view.View",
                content_desc=flutter_tab_desc(labels, i),
                selected=i == selected,
                on_click=bind(on_select, i),
            )
            for i in range(len(labels))
        ],
        **kw,
    )


def image_view(rid: str = "", desc: str = "", handler: Handler | None = None, **kw: Any) -> View:
    """An ``android.widget.ImageView`` (an icon, a picture, a clickable image): id ``rid``,
    content description ``desc``; a tap calls ``handler`` when given."""
    return View(
        cls="android.widget.ImageView",
        resource_id=rid,
        content_desc=desc,
        on_click=handler,
        **kw,
    )


def linear_layout(
    children: list[View] | None = None, *, rid: str = "", horizontal: bool = False, **kw: Any
) -> View:
    """An ``android.widget.LinearLayout`` stacking ``children`` top to bottom, or left to right
    with ``horizontal``; id ``rid`` (the list is used as given, not copied)."""
    return View(
        cls="android.widget.LinearLayout",
        resource_id=rid,
        layout=HORIZONTAL if horizontal else VERTICAL,
        children=children if children is not None else [],
        **kw,
    )


def frame_layout(children: list[View] | None = None, *, rid: str = "", **kw: Any) -> View:
    """An ``android.widget.FrameLayout`` holding ``children`` (pass ``layout=FRAME`` to let them
    overlap), id ``rid``."""
    return View(
        cls="android.widget.FrameLayout",
        resource_id=rid,
        children=children if children is not None else [],
        **kw,
    )


def relative_layout(children: list[View] | None = None, *, rid: str = "", **kw: Any) -> View:
    """An ``android.widget.RelativeLayout`` holding ``children``, id ``rid``."""
    return View(
        cls="android.widget.RelativeLayout",
        resource_id=rid,
        children=children if children is not None else [],
        **kw,
    )


def scroll_view(children: list[View] | None = None, *, rid: str = "", **kw: Any) -> View:
    """An ``android.widget.ScrollView`` holding ``children`` (its one content child), id
    ``rid``; pass ``scrollable=True`` and a ``scroll_key`` for one the user scrolls."""
    return View(
        cls="android.widget.ScrollView",
        resource_id=rid,
        children=children if children is not None else [],
        **kw,
    )


def check_box(
    rid: str, text: str, checked: bool, handler: Handler | None = None, **kw: Any
) -> View:
    """A checkable ``android.widget.CheckBox`` with id ``rid`` and label ``text``, ``checked``
    or not; a tap calls ``handler`` (which flips the state the model keeps)."""
    return View(
        cls="android.widget.CheckBox",
        resource_id=rid,
        text=text,
        checkable=True,
        checked=checked,
        on_click=handler,
        **kw,
    )


def switch(rid: str, text: str, checked: bool, handler: Handler | None = None, **kw: Any) -> View:
    """A checkable ``android.widget.Switch`` (a toggle on a screen, not a preference row's
    :func:`switch_widget`) with id ``rid`` and label ``text`` (often empty), ``checked`` or not;
    a tap calls ``handler`` (which flips the state the model keeps)."""
    return View(
        cls="android.widget.Switch",
        resource_id=rid,
        text=text,
        checkable=True,
        checked=checked,
        on_click=handler,
        **kw,
    )


def radio_button(
    rid: str, text: str, checked: bool, handler: Handler | None = None, **kw: Any
) -> View:
    """A checkable ``android.widget.RadioButton`` with id ``rid`` and label ``text`` (often
    empty: the label is a TextView beside it), ``checked`` or not; a tap calls ``handler``
    (which selects it in the state the model keeps)."""
    return View(
        cls="android.widget.RadioButton",
        resource_id=rid,
        text=text,
        checkable=True,
        checked=checked,
        on_click=handler,
        **kw,
    )


def toggle(items: list[Any], value: Any) -> None:
    """A multi-select tap on ``value``: removes it from ``items`` (a selection, the expanded
    groups of an expandable list...) when there, else appends it."""
    if value in items:
        items.remove(value)
    else:
        items.append(value)


def pager_swipe(ui: dict[str, Any], key: str, count: int, direction: str) -> bool:
    """A swipe on a ViewPager (intro slides, tabs) whose page is ``ui[key]`` of ``count``:
    ``left`` goes to the next page, ``right`` to the previous one; returns whether the pager
    moved (what :meth:`~device_agent.virtual.app.VirtualApp.on_swipe` answers)."""
    page = ui[key]
    if direction == "left" and page < count - 1:
        ui[key] = page + 1
        return True
    if direction == "right" and page > 0:
        ui[key] = page - 1
        return True
    return False


def dismiss(ui: dict[str, Any], key: str, closed: Any = False) -> bool:
    """Back on an open piece the model keeps in ``ui[key]`` (a menu, a drawer, a panel): when
    it is open (truthy), closes it (sets ``closed``) and answers True, the Back consumed, as
    :meth:`~device_agent.virtual.app.VirtualApp.on_back` answers; else False."""
    if not ui.get(key):
        return False
    ui[key] = closed
    return True


def pop_back_stack(stack: list[Any]) -> bool:
    """Back in an app's own navigation ``stack`` (a Compose NavHost's, a fragment back stack):
    when it holds more than one entry, removes the top one and answers True (the Back consumed,
    as :meth:`~device_agent.virtual.app.VirtualApp.on_back` answers); else leaves it and answers
    False (the activity's to finish)."""
    if len(stack) > 1:
        stack.pop()
        return True
    return False


# -- app bar -----------------------------------------------------------------------------------
def nav_button(desc: str, handler: Handler | None) -> View:
    """The app bar's navigation icon: ``NAVIGATE_UP`` (back arrow) or ``OPEN_DRAWER``
    (hamburger), an ``ImageButton`` with no id, as AppCompat's Toolbar creates it."""
    return View(cls="android.widget.ImageButton", content_desc=desc, on_click=handler)


def finish(ctx: AppContext) -> None:
    """A handler finishing the current activity (an up arrow's, a Cancel's, a Discard's)."""
    ctx.finish()


def up_button(handler: Handler | None = None) -> View:
    """The app bar's ``NAVIGATE_UP`` arrow (see :func:`nav_button`); a tap calls ``handler``,
    by default :func:`finish` (a child screen's up arrow returns to its parent)."""
    return nav_button(NAVIGATE_UP, handler if handler is not None else finish)


def action_item(
    rid: str,
    desc: str,
    handler: Handler | None,
    *,
    enabled: bool = True,
    text: str = "",
    width: int = 147,
) -> View:
    """A toolbar action (a menu item shown as an icon): AppCompat's ``ActionMenuItemView``,
    which dumps as an ``android.widget.TextView`` with the item's id and its title as content
    description (``text`` only for items shown with their title)."""
    return View(
        cls="android.widget.TextView",
        resource_id=rid,
        text=text,
        content_desc=desc,
        on_click=handler,
        enabled=enabled,
        width=width,
    )


def toolbar(
    title: str | View,
    *,
    navigation: View | None = None,
    actions: Sequence[View] = (),
    rid: str = "toolbar",
    cls: str = "android.view.ViewGroup",
    height: int = TOOLBAR_HEIGHT,
) -> View:
    """An app bar: the ``navigation`` icon (see :func:`nav_button`), the title (a TextView of
    the bar's height when ``title`` is a string), then the ``actions`` (see :func:`action_item`
    and :func:`overflow_button`), left to right. ``rid`` is the app's id for its Toolbar
    (``toolbar``; ``action_bar`` or ``android:id/action_bar`` for a window decor ActionBar)."""
    children: list[View] = [navigation] if navigation is not None else []
    children.append(text_view(title, height=height) if isinstance(title, str) else title)
    children.extend(actions)
    return View(
        cls=cls,
        resource_id=rid,
        layout=HORIZONTAL,
        height=height,
        style="toolbar",
        children=children,
    )


def child_page(title: str, body: Sequence[View] = ()) -> View:
    """A child activity's content: its app bar (``title`` and the :func:`up_button`) above the
    ``body`` views, stacked in a LinearLayout."""
    return linear_layout([toolbar(title, navigation=up_button()), *body])


# -- menus -------------------------------------------------------------------------------------
def menu_window(
    items: Sequence[tuple[Any, ...]],
    on_dismiss: Handler | None,
    *,
    title_rid: str = "title",
    **kw: Any,
) -> Window:
    """An overflow or popup menu as a window (``kind="menu"``) holding :func:`popup_menu`
    (``items`` and ``title_rid`` as there); touching outside dismisses it through
    ``on_dismiss``; ``kw`` are the :class:`Window`'s other fields (``bounds``...)."""
    return Window(
        root=popup_menu(items, title_rid=title_rid), kind="menu", on_dismiss=on_dismiss, **kw
    )


# -- dialogs -----------------------------------------------------------------------------------
def _buttons(
    positive: tuple[str, Handler | None] | None, negative: tuple[str, Handler | None] | None
) -> list[View]:
    """A dialog's ``(text, handler)`` buttons, negative (``button2``) before positive
    (``button1``) as Material lays them out."""
    buttons = []
    if negative is not None:
        buttons.append(dialog_button("android:id/button2", negative[0], negative[1]))
    if positive is not None:
        buttons.append(dialog_button("android:id/button1", positive[0], positive[1]))
    return buttons


def dialog_buttons(
    positive: tuple[str, Handler | None] | None,
    negative: tuple[str, Handler | None] | None = None,
) -> list[View]:
    """An AlertDialog's buttons for :func:`alert_dialog`, each ``(text, handler)`` or None:
    the ``negative`` one (``android:id/button2``) before the ``positive`` one (``button1``),
    as Material lays them out (see :func:`dialog_button`)."""
    return _buttons(positive, negative)


def checked_rows(
    choices: Sequence[str],
    selected: int | None,
    on_choose: Callable[[AppContext, int], None],
    *,
    height: int = 147,
) -> list[View]:
    """Single-choice rows: a checkable ``CheckedTextView`` (``android:id/text1``) per choice,
    the ``selected`` one checked; tapping row ``i`` calls ``on_choose(ctx, i)``."""
    return [
        View(
            cls="android.widget.CheckedTextView",
            resource_id="android:id/text1",
            text=choice,
            checkable=True,
            checked=i == selected,
            on_click=bind(on_choose, i),
            height=height,
        )
        for i, choice in enumerate(choices)
    ]


def dialog_title(text: str) -> View:
    """An AlertDialog's title: ``android:id/alertTitle``."""
    return text_view(text, "android:id/alertTitle", height=140)


def dialog_message(text: str) -> View:
    """An AlertDialog's message: ``android:id/message``."""
    return text_view(text, "android:id/message")


def confirm_dialog(
    title: str,
    message: str,
    positive: tuple[str, Handler | None],
    negative: tuple[str, Handler | None] | None,
    on_dismiss: Handler | None,
) -> Window:
    """A confirmation AlertDialog: title, message, the ``(text, handler)`` positive button
    (``android:id/button1``) and optional negative one (``button2``), negative first as
    Material lays them out."""
    buttons = _buttons(positive, negative)
    return alert_dialog(dialog_title(title), [dialog_message(message)], buttons, on_dismiss)


def edit_text(
    rid: str,
    text: str,
    on_text: TextHandler | None,
    *,
    hint: str = "",
    focusable: bool | None = None,
    cls: str = "android.widget.EditText",
    **kw: Any,
) -> View:
    """An editable text field with id ``rid`` (an ``android.widget.EditText``, or a subclass
    named by ``cls``: ``AutoCompleteTextView``...); the device calls ``on_text`` with the
    field's whole new text (typing, deleting)."""
    return View(
        cls=cls,
        resource_id=rid,
        text=text,
        hint=hint,
        on_text=on_text,
        focusable=focusable,
        **kw,
    )


def text_input_layout(field: View, *, rid: str = "", **kw: Any) -> View:
    """Material's ``TextInputLayout`` (id ``rid``) wrapping one text ``field`` (an
    :func:`edit_text`); ``kw`` sets the wrapper's size (``height=190``...)."""
    return View(
        cls="com.google.android.material.textfield.TextInputLayout",
        resource_id=rid,
        children=[field],
        **kw,
    )


def input_dialog(
    title: str,
    field: View,
    positive: tuple[str, Handler | None],
    negative: tuple[str, Handler | None] | None,
    on_dismiss: Handler | None,
) -> Window:
    """An AlertDialog asking for text: title, the ``field`` (see :func:`edit_text`), then the
    buttons as in :func:`confirm_dialog`."""
    return alert_dialog(dialog_title(title), [field], _buttons(positive, negative), on_dismiss)


def choice_dialog(
    title: str,
    choices: Sequence[str],
    selected: int | None,
    on_choose: Callable[[AppContext, int], None],
    on_dismiss: Handler | None,
    *,
    negative: tuple[str, Handler | None] | None = None,
    visible_rows: int = 0,
    scroll_key: str = "choice_scroll",
) -> Window:
    """A single-choice AlertDialog (``setSingleChoiceItems``): a ``ListView``
    (``android:id/select_dialog_listview``) of ``CheckedTextView`` rows (``android:id/text1``),
    the ``selected`` one checked; tapping row ``i`` calls ``on_choose(ctx, i)``. With
    ``visible_rows`` the list shows that many rows and scrolls (its first visible row in
    ``ctx.ui[scroll_key]``), so the buttons of a list longer than the screen stay on it."""
    size: dict[str, Any] = (
        {"height": 147 * visible_rows, "scrollable": True, "scroll_key": scroll_key}
        if visible_rows
        else {"weight": 0}
    )
    listing = View(
        cls="android.widget.ListView",
        resource_id="android:id/select_dialog_listview",
        children=checked_rows(choices, selected, on_choose, height=147),
        **size,
    )
    return alert_dialog(dialog_title(title), [listing], _buttons(None, negative), on_dismiss)


def multi_choice_dialog(
    title: str,
    choices: Sequence[str],
    checked: Sequence[bool],
    on_toggle: Callable[[AppContext, int], None],
    positive: tuple[str, Handler | None] | None,
    negative: tuple[str, Handler | None] | None,
    on_dismiss: Handler | None,
) -> Window:
    """A multi-choice AlertDialog (``setMultiChoiceItems``, a ``MultiSelectListPreference``'s
    dialog): a ``ListView`` (``android:id/select_dialog_listview``) of checkable
    ``CheckedTextView`` rows (``android:id/text1``), row ``i`` checked when ``checked[i]``;
    tapping row ``i`` calls ``on_toggle(ctx, i)``; then the buttons as in
    :func:`confirm_dialog`."""
    rows = [
        View(
            cls="android.widget.CheckedTextView",
            resource_id="android:id/text1",
            text=choice,
            checkable=True,
            checked=checked[i],
            on_click=bind(on_toggle, i),
            height=147,
        )
        for i, choice in enumerate(choices)
    ]
    listing = View(
        cls="android.widget.ListView",
        resource_id="android:id/select_dialog_listview",
        weight=0,
        children=rows,
    )
    return alert_dialog(dialog_title(title), [listing], _buttons(positive, negative), on_dismiss)


MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def date_picker_dialog(
    year: int,
    month: int,
    day: int,
    on_day: Callable[[AppContext, int], None],
    on_month: Callable[[AppContext, int], None],
    ok: Handler | None,
    cancel: Handler | None,
) -> Window:
    """The framework's DatePickerDialog (calendar mode): the header (``date_picker_header_year``,
    ``date_picker_header_date``), previous/next month buttons (``android:id/prev``,
    ``android:id/next``), the month's days as views whose content description is the full date
    ("05 March 2024", as the framework's accessibility helper reads it) and whose text is the
    day number, then Cancel/OK. ``month`` is 1-12; ``on_day(ctx, d)`` selects day ``d``,
    ``on_month(ctx, delta)`` moves by ``delta`` months (-1 or +1)."""
    import calendar

    _, days = calendar.monthrange(year, month)
    name = MONTHS[month - 1]
    weekday = calendar.day_abbr[calendar.weekday(year, month, day)]
    header = View(
        cls="android.widget.LinearLayout",
        resource_id="android:id/date_picker_header",
        weight=0,
        children=[
            text_view(str(year), "android:id/date_picker_header_year"),
            text_view(f"{weekday}, {name[:3]} {day}", "android:id/date_picker_header_date"),
        ],
    )
    nav = View(
        cls="android.widget.LinearLayout",
        layout=HORIZONTAL,
        height=126,
        children=[
            image_button("android:id/prev", "Previous month", bind(on_month, -1), width=126),
            text_view(f"{name} {year}", "android:id/month_name", height=126),
            image_button("android:id/next", "Next month", bind(on_month, 1), width=126),
        ],
    )
    weeks: list[View] = []
    first = calendar.weekday(year, month, 1)  # Monday = 0
    cells: list[View] = [View(cls="android.view.View", width=140) for _ in range(first)]
    for d in range(1, days + 1):
        cells.append(
            View(
                cls="android.view.View",
                text=str(d),
                content_desc=f"{d:02d} {name} {year}",
                selected=d == day,
                on_click=bind(on_day, d),
                width=140,
            )
        )
    for start in range(0, len(cells), 7):
        weeks.append(View(layout=HORIZONTAL, height=100, children=cells[start : start + 7]))
    month_view = View(
        cls="android.view.View", resource_id="android:id/month_view", weight=0, children=weeks
    )
    buttons = _buttons(("OK", ok), ("Cancel", cancel))
    picker = View(
        cls="android.widget.DatePicker",
        resource_id="android:id/datePicker",
        weight=0,
        children=[header, nav, month_view],
    )
    return alert_dialog(View(cls="android.view.View", height=0), [picker], buttons, cancel)


def time_picker_dialog(
    hour: int,
    minute: int,
    on_hour: Callable[[AppContext, int], None],
    on_minute: Callable[[AppContext, int], None],
    ok: Handler | None,
    cancel: Handler | None,
    *,
    face: str = "hours",
    on_face: Callable[[AppContext, str], None] | None = None,
) -> Window:
    """The framework's TimePickerDialog (clock mode, 24-hour): the header's hour and minute
    (``android:id/hours``, ``android:id/minutes``; tapping one calls ``on_face(ctx, "hours")``
    or ``on_face(ctx, "minutes")``) and the clock face's numbers as views whose content
    description is the number (the RadialTimePickerView's virtual views): the hours 0-23 when
    ``face`` is ``"hours"``, the minutes in steps of 5 when it is ``"minutes"``. Tapping a
    number calls ``on_hour(ctx, h)`` or ``on_minute(ctx, m)``."""
    show_minutes = face == "minutes"
    header = View(
        cls="android.widget.LinearLayout",
        resource_id="android:id/time_header",
        layout=HORIZONTAL,
        height=200,
        children=[
            View(
                cls="android.widget.TextView",
                resource_id="android:id/hours",
                text=f"{hour:02d}",
                selected=not show_minutes,
                on_click=bind(on_face, "hours") if on_face else None,
            ),
            text_view(":", "android:id/separator", width=40),
            View(
                cls="android.widget.TextView",
                resource_id="android:id/minutes",
                text=f"{minute:02d}",
                selected=show_minutes,
                on_click=bind(on_face, "minutes") if on_face else None,
            ),
        ],
    )
    numbers = list(range(0, 60, 5) if show_minutes else range(24))
    handler = on_minute if show_minutes else on_hour
    current = minute if show_minutes else hour
    rows = [
        View(
            layout=HORIZONTAL,
            height=110,
            children=[
                View(
                    cls="android.view.View",
                    content_desc=str(n),
                    selected=n == current,
                    on_click=bind(handler, n),
                )
                for n in numbers[start : start + 6]
            ],
        )
        for start in range(0, len(numbers), 6)
    ]
    face_view = View(
        cls="android.view.View", resource_id="android:id/radial_picker", weight=0, children=rows
    )
    picker = View(
        cls="android.widget.TimePicker",
        resource_id="android:id/timePicker",
        weight=0,
        children=[header, face_view],
    )
    buttons = _buttons(("OK", ok), ("Cancel", cancel))
    return alert_dialog(View(cls="android.view.View", height=0), [picker], buttons, cancel)


# -- lists -------------------------------------------------------------------------------------
def list_row(
    title: str,
    subtitle: str = "",
    *,
    on_click: Handler | None = None,
    on_long_click: Handler | None = None,
    title_rid: str = "android:id/text1",
    subtitle_rid: str = "android:id/text2",
    rid: str = "",
    height: int = 168,
    leading: View | None = None,
    trailing: Sequence[View] = (),
    cls: str = "android.widget.LinearLayout",
) -> View:
    """A list or RecyclerView row: an optional ``leading`` icon, the title (and subtitle) in a
    column, then ``trailing`` views (a checkbox, a menu button). Ids default to
    ``simple_list_item_2``'s ``android:id/text1``/``text2``; apps pass their own."""
    texts = [text_view(title, title_rid)]
    if subtitle:
        texts.append(text_view(subtitle, subtitle_rid))
    children: list[View] = [leading] if leading is not None else []
    children.append(View(cls="android.widget.LinearLayout", children=texts))
    children.extend(trailing)
    return View(
        cls=cls,
        resource_id=rid,
        layout=HORIZONTAL,
        height=height,
        on_click=on_click,
        on_long_click=on_long_click,
        children=children,
    )


def list_view(
    rows: Sequence[View],
    *,
    rid: str = "android:id/list",
    cls: str = "android.widget.ListView",
    scroll_key: str = "",
) -> View:
    """A scrollable list (``ListView`` by default; pass
    ``cls="androidx.recyclerview.widget.RecyclerView"`` and the app's id for a RecyclerView);
    ``scroll_key`` names the ``ctx.ui`` entry that holds its first visible row."""
    return View(
        cls=cls,
        resource_id=rid,
        scrollable=True,
        scroll_key=scroll_key,
        children=list(rows),
    )


# -- system screens ----------------------------------------------------------------------------
DOCUMENTSUI = "com.android.documentsui:id/"  # the ids of DocumentsUI, the system file picker


def document_row(title: str, handler: Handler | None, *, size: str = "") -> View:
    """One file in DocumentsUI's list (``item_root``): the ``icon_mime`` icon, then the name in
    ``android:id/title`` (with ``size``, in a column above DocumentsUI's ``size``); a tap calls
    ``handler`` (picks the file)."""
    name = text_view(title, "android:id/title")
    label = (
        View(
            cls="android.widget.LinearLayout",
            children=[name, text_view(size, DOCUMENTSUI + "size")],
        )
        if size
        else name
    )
    return View(
        cls="android.widget.LinearLayout",
        resource_id=DOCUMENTSUI + "item_root",
        layout=HORIZONTAL,
        height=190,
        on_click=handler,
        children=[image_view(DOCUMENTSUI + "icon_mime", width=150), label],
    )


def document_picker(
    rows: Sequence[View], *, title: str = "Downloads", footer: Sequence[View] = ()
) -> View:
    """DocumentsUI's picker screen (what ``ACTION_OPEN_DOCUMENT``/``ACTION_CREATE_DOCUMENT``
    start): its toolbar (``title``, the "Show roots" button), the ``dir_list`` RecyclerView of
    ``rows`` (see :func:`document_row`), then ``footer`` (a save bar: name field and button)."""
    bar = toolbar(title, navigation=nav_button("Show roots", None), rid=DOCUMENTSUI + "toolbar")
    listing = View(
        cls="androidx.recyclerview.widget.RecyclerView",
        resource_id=DOCUMENTSUI + "dir_list",
        children=list(rows),
    )
    return linear_layout([bar, listing, *footer])


# -- navigation --------------------------------------------------------------------------------
def drawer_layout(
    content: View,
    drawer: View | None = None,
    *,
    rid: str = "drawer_layout",
    cls: str = "androidx.drawerlayout.widget.DrawerLayout",
) -> View:
    """A DrawerLayout holding the screen's ``content`` and, when open, the ``drawer`` panel over
    it (a NavigationView, see :func:`drawer_entry`)."""
    children = [content] if drawer is None else [content, drawer]
    return View(cls=cls, resource_id=rid, layout=FRAME, children=children)


def drawer_entry(
    title: str,
    handler: Handler | None,
    *,
    checked: bool = False,
    rid: str = "design_menu_item_text",
    on_long_click: Handler | None = None,
    height: int = 147,
) -> View:
    """One NavigationView menu entry: a checkable ``CheckedTextView`` with Material's id
    ``design_menu_item_text`` (an app's own layout may use its own ``rid``)."""
    return View(
        cls="android.widget.CheckedTextView",
        resource_id=rid,
        text=title,
        on_click=handler,
        on_long_click=on_long_click,
        checkable=True,
        checked=checked,
        height=height,
    )


def navigation_item(
    rid: str,
    title: str,
    handler: Handler | None,
    *,
    checked: bool = False,
    cls: str = "com.google.android.material.internal.NavigationMenuItemView",
    height: int = 147,
) -> View:
    """One NavigationView menu entry as Material's own layout dumps it: a checkable
    ``NavigationMenuItemView`` with the menu item's id ``rid`` holding its ``title`` in
    ``design_menu_item_text`` (the support library's class through ``cls``); see
    :func:`drawer_entry` for the flat ``CheckedTextView`` form."""
    return View(
        cls=cls,
        resource_id=rid,
        on_click=handler,
        checkable=True,
        checked=checked,
        height=height,
        children=[text_view(title, "design_menu_item_text", height=height)],
    )


def navigation_sheet(
    children: list[View],
    on_dismiss: Handler | None,
    *,
    bounds: tuple[int, int, int, int] | None = None,
    cls: str = "com.google.android.material.navigation.NavigationView",
    rid: str = "nav_view",
) -> Window:
    """An open navigation drawer as a sheet window (``kind="sheet"``): a NavigationView
    (``cls``, id ``rid``) holding ``children`` (a header, :func:`drawer_entry` or
    :func:`navigation_item` rows), over ``bounds``; touching outside calls ``on_dismiss``."""
    return Window(
        root=View(cls=cls, resource_id=rid, children=children),
        kind="sheet",
        on_dismiss=on_dismiss,
        bounds=bounds,
    )


def tabs(
    titles: Sequence[str],
    selected: int,
    on_select: Callable[[AppContext, int], None],
    *,
    rid: str = "tabs",
    tab_cls: str = "android.widget.LinearLayout",
    height: int = 126,
) -> View:
    """A TabLayout: a ``HorizontalScrollView`` of tabs, each a ``tab_cls`` view (Material's
    TabView dumps as ``android.widget.LinearLayout``; the old ActionBar's as
    ``android.support.v7.app.ActionBar$Tab``) holding its title; tab ``selected`` is selected,
    tapping tab ``i`` calls ``on_select(ctx, i)``."""
    return View(
        cls="android.widget.HorizontalScrollView",
        resource_id=rid,
        layout=HORIZONTAL,
        height=height,
        children=[
            View(
                cls=tab_cls,
                layout=FRAME,
                selected=selected == i,
                on_click=bind(on_select, i),
                children=[text_view(title, selected=selected == i, height=height)],
            )
            for i, title in enumerate(titles)
        ],
    )


def bottom_navigation(
    items: Sequence[tuple[str, str]],
    selected: str,
    on_select: Callable[[AppContext, str], None],
    *,
    rid: str = "bottom_navigation",
    cls: str = "com.google.android.material.bottomnavigation.BottomNavigationView",
    item_cls: str = "com.google.android.material.bottomnavigation.BottomNavigationItemView",
    label_rid: str = "navigation_bar_item_large_label_view",
    height: int = 168,
) -> View:
    """A BottomNavigationView: one item per ``(id, title)``, the title as content description
    and label (``label_rid``: Material's large label; the support library's was ``largeLabel``),
    the item titled ``selected`` selected; tapping calls ``on_select(ctx, title)``."""
    return View(
        cls=cls,
        resource_id=rid,
        layout=HORIZONTAL,
        height=height,
        children=[
            View(
                cls=item_cls,
                resource_id=item_rid,
                content_desc=title,
                selected=selected == title,
                on_click=bind(on_select, title),
                children=[text_view(title, label_rid, height=height)],
            )
            for item_rid, title in items
        ],
    )


# -- settings ----------------------------------------------------------------------------------
def checkbox_widget(checked: bool, *, enabled: bool = True) -> View:
    """A CheckBoxPreference's widget: ``android:id/checkbox``, not clickable itself (the row
    is)."""
    return View(
        cls="android.widget.CheckBox",
        resource_id="android:id/checkbox",
        checked=checked,
        enabled=enabled,
        width=150,
        clickable=False,
        focusable=False,
    )


def switch_widget(
    checked: bool, *, rid: str = "android:id/switch_widget", focusable: bool | None = None
) -> View:
    """A SwitchPreference's widget: a ``Switch`` (``android:id/switch_widget``; AndroidX
    preference's is ``switchWidget``), not clickable itself (the row is)."""
    return View(
        cls="android.widget.Switch",
        resource_id=rid,
        checked=checked,
        width=180,
        clickable=False,
        focusable=focusable,
    )


def preference(
    title: str,
    summary: str,
    on_click: Handler | None,
    *,
    widget: View | None = None,
    enabled: bool = True,
    height: int = 200,
) -> View:
    """A preference row: ``android:id/title`` over ``android:id/summary``, then its ``widget``
    (:func:`checkbox_widget`, :func:`switch_widget`) at the end; the row takes the clicks."""
    texts = View(
        cls="android.widget.RelativeLayout",
        children=[
            text_view(title, "android:id/title", enabled=enabled),
            text_view(summary, "android:id/summary", enabled=enabled),
        ],
    )
    return View(
        cls="android.widget.LinearLayout",
        layout=HORIZONTAL,
        height=height,
        enabled=enabled,
        on_click=on_click,
        children=[texts] if widget is None else [texts, widget],
    )


def preference_category(title: str, height: int = 110) -> View:
    """A settings screen's section header (PreferenceCategory's title)."""
    return text_view(title, height=height)


# -- input -------------------------------------------------------------------------------------
def spinner(
    rid: str,
    value: str,
    on_open: Handler | None,
    *,
    height: int = 126,
) -> View:
    """A closed ``android.widget.Spinner`` showing ``value`` in ``android:id/text1``; tapping
    calls ``on_open`` (show :func:`spinner_dropdown` then)."""
    return View(
        cls="android.widget.Spinner",
        resource_id=rid,
        height=height,
        on_click=on_open,
        children=[text_view(value, "android:id/text1", height=height)],
    )


def spinner_dropdown(
    choices: Sequence[str],
    selected: int,
    on_choose: Callable[[AppContext, int], None],
    on_dismiss: Handler | None,
) -> Window:
    """An open Spinner's drop-down: a ListView of ``CheckedTextView`` rows
    (``android:id/text1``), the ``selected`` one checked; tapping row ``i`` calls
    ``on_choose(ctx, i)``; touching outside calls ``on_dismiss``."""
    listing = View(
        cls="android.widget.ListView",
        weight=0,
        children=checked_rows(choices, selected, on_choose, height=126),
    )
    return Window(root=listing, kind="menu", on_dismiss=on_dismiss)


# -- first run ---------------------------------------------------------------------------------
def intro_pager(
    page: View,
    *,
    skip: View | None,
    indicator: View | None,
    advance: View,
    pager_rid: str = "view_pager",
    bottom_rid: str = "",
    bottom_height: int = 168,
    root_cls: str = "android.widget.FrameLayout",
) -> View:
    """A first-run (intro/onboarding) screen: a ViewPager showing the current slide's ``page``
    above a bottom bar holding ``skip``, the page ``indicator`` and the ``advance`` button (Next
    or Done), as the app-intro libraries lay them out, in a ``root_cls`` root."""
    pager = View(cls="androidx.viewpager.widget.ViewPager", resource_id=pager_rid, children=[page])
    bar = [v for v in (skip, indicator, advance) if v is not None]
    bottom = View(
        cls="android.widget.RelativeLayout",
        resource_id=bottom_rid,
        layout=HORIZONTAL,
        height=bottom_height,
        children=bar,
    )
    return View(cls=root_cls, children=[pager, bottom])


def app_intro(
    slides: Sequence[tuple[str, str]],
    slide: int,
    on_next: Handler | None,
    on_done: Handler | None,
) -> View:
    """The AppIntro library's first-run screen (used by Omni Notes, Markor and many others):
    slide ``slide`` of ``slides`` (``(title, description)``) with ids ``main``, ``title``,
    ``image`` and ``description``; the bar ``bottom`` with ``skip`` ("SKIP", calls
    ``on_done``), the ``indicator_container`` ("2/6") and ``next`` ("NEXT", ``on_next``) or,
    on the last slide, ``done`` ("DONE", ``on_done``)."""
    title, description = slides[slide]
    last = slide == len(slides) - 1
    page = View(
        cls="android.widget.LinearLayout",
        resource_id="main",
        children=[
            text_view(title, "title", height=200),
            View(cls="android.widget.ImageView", resource_id="image", height=700),
            text_view(description, "description", height=300),
        ],
    )
    indicator = View(
        cls="android.widget.LinearLayout",
        resource_id="indicator_container",
        children=[text_view(f"{slide + 1}/{len(slides)}", height=60)],
    )
    advance = image_button(
        "done" if last else "next",
        "DONE" if last else "NEXT",
        on_done if last else on_next,
        width=300,
    )
    skip = image_button("skip", "SKIP", on_done, width=300)
    return intro_pager(page, skip=skip, indicator=indicator, advance=advance, bottom_rid="bottom")


def long_choice_dialog(
    title: str,
    choices: Sequence[str],
    selected: int | None,
    on_choose: Callable[[AppContext, int], None],
    on_dismiss: Handler | None,
    *,
    negative: tuple[str, Handler | None] | None = None,
    visible_rows: int = 8,
    scroll_key: str = "choice_scroll",
) -> Window:
    """:func:`choice_dialog` for a list longer than the screen (a ``ListPreference``'s dialog of
    many entries): ``visible_rows`` rows shown, the rest scrolled to."""
    return choice_dialog(
        title,
        choices,
        selected,
        on_choose,
        on_dismiss,
        negative=negative,
        visible_rows=visible_rows,
        scroll_key=scroll_key,
    )


def number_picker(
    rid: str,
    labels: Sequence[str],
    index: int,
    on_index: Callable[[AppContext, int], None],
    *,
    wrap: bool = True,
    cls: str = "android.widget.NumberPicker",
    input_rid: str = "android:id/numberpicker_input",
    width: int = 240,
) -> View:
    """A NumberPicker (a selector wheel) showing ``labels[index]``, as its accessibility
    provider exposes it in dumps: a ``Button`` whose text is the value above (tapping it steps
    back one), the ``EditText`` ``input_rid`` with the value (typing a value or a label's
    start, case-insensitive, selects it; other text is ignored), and a ``Button`` with the value
    below (steps forward). ``wrap`` makes the wheel go round from the last value to the first;
    without it the end buttons are absent at the ends. ``on_index(ctx, i)`` receives the newly
    selected index. ``cls`` names a backport's class (``net.simonvt.numberpicker.NumberPicker``)
    and ``input_rid`` its input's id (``np__numberpicker_input``)."""
    count = len(labels)

    def step(delta: int) -> Handler:
        return bind(on_index, (index + delta) % count)

    def typed(ctx: AppContext, text: str) -> None:
        wanted = text.strip().lower()
        if not wanted:
            return
        for i, label in enumerate(labels):
            if label.lower() == wanted:
                on_index(ctx, i)
                return
        for i, label in enumerate(labels):
            if label.lower().startswith(wanted):
                on_index(ctx, i)
                return

    children: list[View] = []
    if wrap or index > 0:
        children.append(
            View(
                cls="android.widget.Button",
                text=labels[(index - 1) % count],
                on_click=step(-1),
                height=120,
            )
        )
    children.append(
        edit_text(input_rid, labels[index], typed, height=130),
    )
    if wrap or index < count - 1:
        children.append(
            View(
                cls="android.widget.Button",
                text=labels[(index + 1) % count],
                on_click=step(1),
                height=120,
            )
        )
    return View(cls=cls, resource_id=rid, width=width, weight=0, height=370, children=children)
