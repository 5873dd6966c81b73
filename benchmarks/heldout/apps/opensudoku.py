"""Open Sudoku (``org.moire.opensudoku``), the GitHub repository ``ogarcia/opensudoku``:
version 3.1.0 (tag ``3.1.0``, commit ``0c039a2``) for bug opensudoku#62 and version 3.4.1 (tag
``3.4.1``, commit ``3603a0b``) for bug opensudoku#96.

Modelled from the sources at those tags: ``AndroidManifest.xml``, ``gui/TitleScreenActivity``,
``gui/FolderListActivity``, ``gui/SudokuListActivity``, ``gui/SudokuPlayActivity``,
``gui/SudokuBoardView``, ``gui/HintsQueue``, ``gui/Changelog``, ``gui/inputmethod/IMControlPanel``,
``IMPopup``, ``IMPopupDialog``, ``IMSingleNumber``, ``IMNumpad``, ``game/SudokuGame``,
``game/SudokuSolver``, ``db/DatabaseHelper`` (the 90 bundled puzzles in the folders Easy, Medium
and Hard), ``db/SudokuDatabase``, ``res/layout/*.xml``, ``res/xml/game_settings.xml``,
``res/values/strings.xml`` and ``res/raw/changelog``.

What a person sees: the title screen (``resume_button``, shown once a puzzle was opened,
``sudoku_lists_button``, ``settings_button``; a "What's new?" changelog dialog at the first
launch); the folder list (``android:id/list`` rows ``name``/``detail``, a long press opens the
folder context menu Export folder / Rename folder / Delete folder; ``get_more_puzzles``); the
puzzle list of a folder (rows with a preview board ``sudoku_board``, ``state``, ``time``,
``last_played``; a long press opens the puzzle context menu); the game screen: the action bar
(time as title, Undo and Settings actions, the overflow menu of ``onCreateOptionsMenu``), the board
``sudoku_board`` and the input-method panel ``input_methods``: Popup (only the
``switch_input_mode`` button "Pop"; tapping a cell opens the two-tab popup "Select number" /
"Edit note"), Single number (``button_1``..``button_9``, ``button_clear`` "C", the pencil
``switch_num_note``, ``switch_input_mode`` "SN") and Numpad (same ids, "Num\\nPad"). The first
game shows the one-time hints of ``HintsQueue`` ("Welcome", then the active input mode's), one at
a time, each closed with "Close".

Modelling notes: SudokuBoardView draws its 81 cells on a canvas (one node in a real dump); the
model gives each cell a child node (``android.view.View``, no id) whose text is what the cell
draws (its value; for an empty cell its notes, e.g. "1 5"; a filled cell's notes are not drawn)
and whose ``selected`` flag is the board's selected cell, so a tap at a cell's place reaches it.
The game clock is not modelled (the title stays "00:00"). "Last played" shows a fixed clock time.

Bugs:

- opensudoku#62 (crash, 3.1.0): in Single number mode, tapping a cell in note mode toggles the
  selected number in its note and, when that toggles the note off, ``IMSingleNumber.onCellTapped``
  calls ``SudokuBoardView.clearCellSelection()``; the Hint menu item's confirmation
  (``SudokuPlayActivity.onCreateDialog``, DIALOG_HINT, the anonymous ``$2`` listener) then calls
  ``mSudokuBoard.getSelectedCell().isEditable()`` on null: a ``NullPointerException``. Fixed in
  3.3.0 (commit ``3bb5422``, ``cell != null &&``).
- opensudoku#96 (crash, 3.4.1): ``SudokuPlayActivity.onCreate`` stores the opened puzzle's id as
  ``most_recently_played_sudoku_id``; deleting its folder (``SudokuDatabase.deleteFolder`` drops
  the folder's puzzles) leaves the preference, ``TitleScreenActivity.setupResumeButton`` still
  shows Resume, and Resume starts the game with an id ``getSudoku`` no longer finds:
  ``mSudokuGame.getId()`` on null in ``onCreate`` (line 156). Deleting the puzzle itself clears
  the preference (``SudokuListActivity``). Fixed in 3.5.0 (commit ``3181956``, ``canResume``).

Stubbed: "Get more puzzles online" (a browser intent: the model logs it), Import (the storage
permission, then a file list that shows no files), Export, Add/Edit puzzle (``SudokuEditActivity``
shows an empty editor with Save/Cancel that saves nothing), Game Settings (the preference rows of
``game_settings.xml``'s first categories; the check boxes are stored, and Single number's
bidirectional selection, the input modes and the first launch hints are honoured), About. Crash
frames are the model's, in the app's real classes and lines (API 25 framework frames).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, long_click
from device_agent.virtual.stacks import launch_frames, message_frames
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "org.moire.opensudoku"
TITLE = ".gui.TitleScreenActivity"
FOLDERS = ".gui.FolderListActivity"
SUDOKUS = ".gui.SudokuListActivity"
PLAY = ".gui.SudokuPlayActivity"
SETTINGS = ".gui.GameSettingsActivity"
EDIT = ".gui.SudokuEditActivity"
EXPORT = ".gui.SudokuExportActivity"
FILES = ".gui.FileListActivity"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"

APP_NAME = "Open Sudoku"
OK, CANCEL = "OK", "Cancel"  # android.R.string.yes / no as the framework spells them
STATE_PLAYING, STATE_NOT_STARTED, STATE_COMPLETED = 0, 1, 2  # SudokuGame.GAME_STATE_*
IM_POPUP, IM_SINGLE, IM_NUMPAD = 0, 1, 2
IM_NAMES = ("IMPopup", "IMSingleNumber", "IMNumpad")  # one-time hint keys (class names)
IM_TITLES = ("Popup", "Single number", "Numpad")
IM_ABBR = ("Pop", "SN", "Num\nPad")
IM_PREFS = ("im_popup", "im_single_number", "im_numpad")
MODE_VALUE, MODE_NOTE = 0, 1
CELL = 120  # px: the board is the screen's width, 9 cells

FIRST_RUN_HINT = (
    "There are several input modes which you can use to fill in the puzzle. In order to help "
    "you get familiar with these modes, there will be several hints displayed as you go through "
    "them.\n\nYou can disable these hints in game settings."
)
IM_HINTS = (
    "You're now in the Popup input mode. Tap any cell with finger to edit its content.\n\n"
    "Notice the button in the lower right corner. You can use this button to switch to another "
    "input mode.",
    "You're now in the Single number input mode. First select any number button by pressing "
    "it. Then just tap on cells in which you want to have the selected number filled.\n\n"
    "Press Pencil button to toggle the cell's note editing.",
    "You're now in the Numpad input mode. Buttons act as a standard numeric keyboard.\n\n"
    "Press Pencil button to toggle the cell's note editing.",
)
DISABLE_MODES_HINT = (
    "Please remember that you don't have to use all input modes. You can disable any of them in "
    "the game settings.\n\nYou can also use the keyboard and trackball to control the game. If "
    "you want to enter notes using the keyboard, press number with alt or shift."
)
HELP_TEXT = (
    "Keyboard controls\n\nUse trackball to navigate to the desired cell and then press a number "
    "on the keyboard to fill in the value. If you want to edit the cell's note, press number "
    "with shift or alt.\n\nInput modes\n\nYou can switch between several input modes using the "
    "button in the lower right corner of the screen. You can also disable any input mode in game "
    "settings - it will become completely hidden.\n\nPop-up input mode\n\nA pop-up dialog is "
    "shown when you tap the cell. You can edit cell's content using this dialog.\n\nSingle "
    "number input mode\n\nFirst select any number button by pressing it. Then just tap on cells "
    "in which you want to have the selected number filled.\n\nUse Pencil button to toggle "
    "between the cell's value and note editing.\n\nNumpad input mode\n\nButtons act as a "
    "standard numeric keyboard.\n\nUse Pencil button to toggle between the cell's value and note "
    "editing."
)
HINT_CONFIRM = "This will fill in the correct value for the selected cell. Do you want to continue?"

FOLDER_NAMES = ((1, "Easy"), (2, "Medium"), (3, "Hard"))
# DatabaseHelper.onCreate: (folder id, puzzle id, puzzle), 0 for an empty cell.
PUZZLES = (
    (1, 1, "052006000160900004049803620400000800083201590001000002097305240200009056000100970"),
    (1, 2, "052400100100002030000813025400007010683000597070500002890365000010700006006004970"),
    (1, 3, "302000089068052734009000000400007000083201590000500002000000200214780350530000908"),
    (1, 4, "402000007000080420050302006090030050503060708070010060900406030015070000200000809"),
    (1, 5, "060091080109680405050040106600000200023904710004000003907020030305079602040150070"),
    (1, 6, "060090380009080405050300106001008200020904010004200900907006030305070600046050070"),
    (1, 7, "402000380109607400008300106090030004023964710800010060907006500005809602046000809"),
    (1, 8, "400091000009007425058340190691000000003964700000000963087026530315800600000150009"),
    (1, 9, "380001004002600070000487003000040239201000406495060000600854000070006800800700092"),
    (1, 10, "007520060002009008006407000768005009031000450400300781000804300100200800050013600"),
    (1, 11, "380000000540009078000407503000145209000908000405362000609804000170200045000000092"),
    (1, 12, "007001000540609078900487000760100230230000056095002081000854007170206045000700600"),
    (1, 13, "007021900502009078006407500000140039031908450490062000009804300170200805004710600"),
    (1, 14, "086500204407008090350009000009080601010000080608090300000200076030800409105004820"),
    (1, 15, "086507000007360100000000068249003050500000007070100342890000000002056400000904820"),
    (1, 16, "000007230420368000050029768000080650000602000078090000894230070000856019065900000"),
    (1, 17, "906000200400368190350400000209080051013040980670090302000001076032856009005000803"),
    (1, 18, "095002000700804001810076500476000302000000000301000857003290075500307006000400130"),
    (1, 19, "005002740002850901810000500070501302008723600301609050003000075509017200087400100"),
    (1, 20, "605102740732004001000000020400501300008020600001609007060000000500300286087405109"),
    (1, 21, "695102040700800000000970023076000090900020004020000850160098000000007006080405139"),
    (1, 22, "090002748000004901800906500470500090008000600020009057003208005509300000287400030"),
    (1, 23, "001009048089070030003106005390000500058602170007000094900708300030040860870300400"),
    (1, 24, "600039708000004600000100025002017506408000103107850200910008000005900000806320009"),
    (1, 25, "620500700500270631040100005302000086000090000160000204900008050235041007006005019"),
    (1, 26, "080130002140902007273080000000070206007203900502040000000060318600308024400021050"),
    (1, 27, "980100402046950000200684001010009086007000900590800070700465008000098720408001059"),
    (1, 28, "085100400000950007073684001010070080067203940090040070700465310600098000008001650"),
    (1, 29, "085100460146000807070004001300009080067000940090800003700400010601000724038001650"),
    (1, 30, "085130462006000007270680090000009200060213040002800000020065018600000700438021650"),
    (2, 31, "916004072800620050500008930060000200000207000005000090097800003080076009450100687"),
    (2, 32, "000900082063001409908000000000670300046050290007023000000000701704300620630007000"),
    (2, 33, "035670000400829500080003060020005807800206005301700020040900070002487006000052490"),
    (2, 34, "030070902470009000009003060024000837007000100351000620040900200000400056708050090"),
    (2, 35, "084200000930840000057000000600401700400070002005602009000000980000028047000003210"),
    (2, 36, "007861000008003000560090010100070085000345000630010007050020098000600500000537100"),
    (2, 37, "040001003000050079560002804100270080082000960030018007306100098470080000800500040"),
    (2, 38, "000500006000870302270300081000034900793050614008790000920003057506087000300005000"),
    (2, 39, "000900067090000208460078000320094070700603002010780043000850016501000090670009000"),
    (2, 40, "024000017000301000300000965201000650000637000093000708539000001000502000840000570"),
    (2, 41, "200006143004000600607008029100800200003090800005003001830500902006000400942600005"),
    (2, 42, "504002030900073008670000020000030780005709200047060000050000014100450009060300502"),
    (2, 43, "580000637000000000603540000090104705010709040807205090000026304000000000468000072"),
    (2, 44, "000010000900003408670500021000130780015000240047065000750006014102400009000090000"),
    (2, 45, "780300050956000000002065001003400570600000003025008100200590800000000417030004025"),
    (2, 46, "200367500500800060300450700090530400080000070003074050001026005030005007002783001"),
    (2, 47, "801056200000002381900003000350470000008000100000068037000600002687100000004530806"),
    (2, 48, "300004005841753060000010000003000087098107540750000100000070000030281796200300008"),
    (2, 49, "000064810040050062009010300003040607008107500704030100006070200430080090017390000"),
    (2, 50, "000040320000357080000600400357006040600705003080900675008009000090581000064070000"),
    (2, 51, "905040026026050900030600050350000009009020800100000075010009030003080760560070108"),
    (2, 52, "010403060030017400200000300070080004092354780500070030003000005008530040050906020"),
    (2, 53, "605900100000100073071300005009010004046293510700040600200001730160002000008009401"),
    (2, 54, "049060002800210490100040000000035084008102300630470000000080001084051006700020950"),
    (2, 55, "067020300003700000920103000402035060300000002010240903000508039000009200008010750"),
    (2, 56, "050842001004000900800050040600400019007506800430009002080090006001000400500681090"),
    (2, 57, "000076189000002030009813000025000010083000590070000460000365200010700000536120000"),
    (2, 58, "080000030400368000350409700000003650003000900078100000004201076000856009060000020"),
    (2, 59, "000500748589000001700086900302010580000000000067050204004760002200000867876005000"),
    (2, 60, "021009008000004031740100025000007086058000170160800000910008052230900000800300410"),
    (3, 61, "600300100071620000805001000500870901009000600407069008000200807000086410008003002"),
    (3, 62, "906013008058000090030000010060800920003409100049006030090000080010000670400960301"),
    (3, 63, "300060250000500103005210486000380500030000040002045000413052700807004000056070004"),
    (3, 64, "060001907100007230080000406018002004070040090900100780607000040051600009809300020"),
    (3, 65, "600300208400185000000000450000070835030508020958010000069000000000631002304009006"),
    (3, 66, "400030090200001600760800001500318000032000510000592008900003045001700006040020003"),
    (3, 67, "004090170900070002007204000043000050798406213060000890000709400600040001085030700"),
    (3, 68, "680001003007004000000820000870009204040302080203400096000036000000500400700200065"),
    (3, 69, "000002000103400005200050401340005090807000304090300017605030009400008702000100000"),
    (3, 70, "050702003073480005000050400040000200027090350006000010005030000400068730700109060"),
    (3, 71, "500080020007502801002900040024000308000324000306000470090006700703208900060090005"),
    (3, 72, "108090000200308096090000400406009030010205060080600201001000040360904007000060305"),
    (3, 73, "010008570607050009052170000001003706070000040803700900000017260100020407024300090"),
    (3, 74, "020439800080000001003001520050092703000000000309740080071300900600000030008924010"),
    (3, 75, "000500201800006005005207080017960804000000000908074610080405300700600009504009000"),
    (3, 76, "920000000500870000038091000052930160090000030073064980000410250000053001000000073"),
    (3, 77, "590006010001254709000001400003715008100000004200648100002500000708463900050100047"),
    (3, 78, "309870004000005008870400000104580003000706000700034105000009081900300000400057206"),
    (3, 79, "800200000910300706000007002084000009095104860100000230500600000609003071000005008"),
    (3, 80, "005037001000050627600002530020070000001968200000010090013700008486090000700840100"),
    (3, 81, "090350700000800029000402008710000000463508297000000051300204000940005000008037040"),
    (3, 82, "000005904080090605006000030030701450008040700074206090060000300801060070309800000"),
    (3, 83, "030004087948700500060800009010586720000000000087312050800003070003007865570200090"),
    (3, 84, "300687015000030082050000300400300000601050709000004003008000020210040000970521004"),
    (3, 85, "702000004030702010400093008000827090007030800080956000300570009020309080600000503"),
    (3, 86, "300040057400853060025700000000000430800406001034000000000005690090624003160080002"),
    (3, 87, "000260050000005900000380046020094018004000500950810070380021000005700000040058000"),
    (3, 88, "062080504008050090700320001000740620000203000027065000200036007040070100803090240"),
    (3, 89, "002001000068000003000086090900002086804000102520800009080140000100000920000700500"),
    (3, 90, "000030065460950200000086004003070006004090100500010300200140000007065028630020000"),
)


# -- the game: cells, rules and the solver ----------------------------------------------------
def _peers(i: int) -> set[int]:
    r, c = divmod(i, 9)
    br, bc = r - r % 3, c - c % 3
    out = {r * 9 + k for k in range(9)} | {k * 9 + c for k in range(9)}
    out |= {(br + a) * 9 + bc + b for a in range(3) for b in range(3)}
    out.discard(i)
    return out


PEERS = [_peers(i) for i in range(81)]


def solve(givens: str) -> list[int]:
    """``SudokuSolver``: the solution from the puzzle's read-only cells (the user's entries are
    ignored), ``[]`` when there is none."""
    grid = [int(ch) for ch in givens]

    def fill() -> bool:
        try:
            i = grid.index(0)
        except ValueError:
            return True
        used = {grid[p] for p in PEERS[i]}
        for v in range(1, 10):
            if v not in used:
                grid[i] = v
                if fill():
                    return True
        grid[i] = 0
        return False

    return grid if fill() else []


def new_game(folder: int, sudoku_id: int, givens: str) -> dict[str, Any]:
    return {
        "id": sudoku_id,
        "folder": folder,
        "givens": givens,
        "values": [int(ch) for ch in givens],
        "notes": [0] * 81,
        "state": STATE_NOT_STARTED,
        "time": 0,
        "last_played": 0,
        "stack": [],
        "checkpoint": None,
        "used_solver": False,
    }


def editable(game: dict[str, Any], i: int) -> bool:
    return game["givens"][i] == "0"


def completed(game: dict[str, Any]) -> bool:
    """``CellCollection.isCompleted``: every cell filled and none breaking the rules."""
    values = game["values"]
    return all(values) and all(values[i] != values[p] for i in range(81) for p in PEERS[i])


def note_text(mask: int) -> str:
    return " ".join(str(n) for n in range(1, 10) if mask & (1 << (n - 1)))


# -- pieces ------------------------------------------------------------------------------------
def menu(items: list[tuple[str, Callable[[AppContext], None], bool]], close: Any) -> Window:
    """An overflow menu: AppCompat's rows, each title in ``<package>:id/title``."""
    rows = [
        View(
            cls="android.widget.LinearLayout",
            height=126,
            enabled=enabled,
            on_click=handler if enabled else None,
            children=[w.text_view(title, "title", height=126, enabled=enabled)],
        )
        for title, handler, enabled in items
    ]
    root = View(cls="android.widget.ListView", weight=0, children=rows)
    bounds = (560, 63, 1060, 63 + 126 * len(rows))
    return Window(root=root, kind="menu", on_dismiss=close, bounds=bounds)


def context_menu(title: str, items: list[tuple[str, Callable[[AppContext], None]]]) -> Window:
    """A ListView's context menu (``registerForContextMenu``): a dialog, its header title, then
    one row per item (``android:id/title``)."""
    rows = [
        View(
            cls="android.widget.LinearLayout",
            height=147,
            on_click=handler,
            children=[w.text_view(text, "android:id/title", height=147)],
        )
        for text, handler in items
    ]
    return w.alert_dialog(
        w.dialog_title(title),
        [View(cls="android.widget.ListView", weight=0, children=rows)],
        [],
        lambda c: c.ui.update(ctx_menu=None),
    )


def action_bar(title: str, actions: list[View]) -> View:
    return w.toolbar(title, actions=actions, rid="action_bar")


# -- the bugs' steps ---------------------------------------------------------------------------
def cell(row: int, col: int) -> dict[str, Any]:
    """A tap on the board's cell (row, col): the board starts below the action bar (y 210)."""
    top = 210 + row * CELL
    return click(
        PACKAGE, cls="android.view.View", bounds=[col * CELL, top, (col + 1) * CELL, top + CELL]
    )


CLOSE = click(PACKAGE, "android:id/button1", "Close")  # changelog and one-time hints
YES = click(PACKAGE, "android:id/button1", OK)
NO = click(PACKAGE, "android:id/button2", CANCEL)
BACK = {"kind": "press_back"}
MORE = click(PACKAGE, desc="More options")
HINT = click(PACKAGE, "title", "Hint")
LISTS = click(PACKAGE, "sudoku_lists_button", "Sudoku Lists")
RESUME = click(PACKAGE, "resume_button", "Resume")
FIRST_PUZZLE = click(PACKAGE, cls="android.widget.RelativeLayout", bounds=[0, 210, 1080, 490])
# The first launch: the changelog, the lists, the first Easy puzzle and its two one-time hints.
OPEN_EASY_1 = [CLOSE, LISTS, click(PACKAGE, text="Easy"), FIRST_PUZZLE, CLOSE, CLOSE]
SINGLE_NUMBER = [click(PACKAGE, "switch_input_mode", "Pop"), CLOSE]
PENCIL = click(PACKAGE, "switch_num_note")
FOUR = click(PACKAGE, "button_4", "4")


def delete_folder(name: str) -> list[dict[str, Any]]:
    return [
        long_click(PACKAGE, text=name),
        click(PACKAGE, "android:id/title", "Delete folder"),
        YES,
    ]


STEPS_62 = [
    *OPEN_EASY_1,
    *SINGLE_NUMBER,
    FOUR,
    cell(0, 0),
    PENCIL,
    cell(0, 0),
    cell(0, 0),
    MORE,
    HINT,
    YES,
]
STEPS_96 = [*OPEN_EASY_1, cell(0, 0), FOUR, BACK, BACK, *delete_folder("Easy"), BACK, RESUME]

WRONG_SEQUENCES = {
    "opensudoku#62": [
        # the note set once: the cell stays selected and gets its hint
        [*OPEN_EASY_1, *SINGLE_NUMBER, FOUR, cell(0, 0), PENCIL, cell(0, 0), MORE, HINT, YES],
        # the hint declined
        [
            *OPEN_EASY_1,
            *SINGLE_NUMBER,
            FOUR,
            cell(0, 0),
            PENCIL,
            cell(0, 0),
            cell(0, 0),
            MORE,
            HINT,
            NO,
        ],
        # no note mode: the filled cell is selected
        [*OPEN_EASY_1, *SINGLE_NUMBER, FOUR, cell(0, 0), MORE, HINT, YES],
        # a note on a neighbouring cell before the hint selects that cell
        [
            *OPEN_EASY_1,
            *SINGLE_NUMBER,
            FOUR,
            cell(0, 0),
            PENCIL,
            cell(0, 0),
            cell(0, 0),
            cell(0, 3),
            MORE,
            HINT,
            YES,
        ],
        # the Popup mode's note tab
        [
            *OPEN_EASY_1,
            cell(0, 0),
            FOUR,
            cell(0, 0),
            click(PACKAGE, "android:id/title", "Edit note"),
            click(PACKAGE, "button_4", "4"),
            click(PACKAGE, "button_close", "Close"),
            MORE,
            HINT,
            YES,
        ],
    ],
    "opensudoku#96": [
        # another folder deleted
        [*OPEN_EASY_1, cell(0, 0), FOUR, BACK, BACK, *delete_folder("Medium"), BACK, RESUME],
        # nothing deleted
        [*OPEN_EASY_1, cell(0, 0), FOUR, BACK, BACK, BACK, RESUME],
        # the lists instead of Resume
        [
            *OPEN_EASY_1,
            cell(0, 0),
            FOUR,
            BACK,
            BACK,
            *delete_folder("Easy"),
            BACK,
            LISTS,
            click(PACKAGE, text="Medium"),
        ],
        # the folder deleted before another folder's puzzle is played
        [
            CLOSE,
            LISTS,
            *delete_folder("Easy"),
            click(PACKAGE, text="Medium"),
            FIRST_PUZZLE,
            CLOSE,
            CLOSE,
            BACK,
            BACK,
            BACK,
            RESUME,
        ],
    ],
}

BUG_62 = BugSpec(
    "opensudoku#62",
    "crash",
    "Game crashes when using hint",
    lambda data, system: crashed(
        system, PACKAGE, "java.lang.NullPointerException", "Cell.isEditable()"
    ),
    human_steps=tuple(STEPS_62),
)
BUG_96 = BugSpec(
    "opensudoku#96",
    "crash",
    '[Bug] App crash when using "Resume"',
    lambda data, system: crashed(
        system, PACKAGE, "java.lang.RuntimeException", "SudokuGame.getId()"
    ),
    human_steps=tuple(STEPS_96),
)


class OpenSudoku(VirtualApp):
    """Open Sudoku 3.1.0 (bug opensudoku#62)."""

    name: ClassVar[str] = "opensudoku"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "3.1.0"
    launch_activity: ClassVar[str] = TITLE
    changelog: ClassVar[tuple[str, ...]] = (
        "3.1.0",
        "Adds a menu option to undo to before mistake. Thanks @jlnordin!",
        "French translation updated. Thanks @Tubix!",
        "3.0.0",
        "New title screen with resume feature.",
        "Spectacular full App UI themes.",
        "New action buttons for undo and settings in game screen.",
        "New option for highlight notes that match a particular number when a cell is selected.",
        "Thanks @jlnordin for all new features!",
    )
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_62,)

    # -- storage ---------------------------------------------------------------------------------
    def initial_data(self) -> dict[str, Any]:
        return {
            "prefs": {
                "highlight_wrong_values": True,
                "highlight_completed_values": True,
                "highlight_similar_cells": True,
                "highlight_similar_notes": True,
                "bidirectional_selection": True,
                "show_number_totals": False,
                "fill_in_notes_enabled": False,
                "im_popup": True,
                "im_single_number": True,
                "im_numpad": True,
                "show_time": True,
                "show_hints": True,
            },
            "recent": None,  # most_recently_played_sudoku_id
            "hints_shown": [],
            "changelog_seen": False,
            "folders": [{"id": fid, "name": name} for fid, name in FOLDER_NAMES],
            "games": [new_game(f, i, p) for f, i, p in PUZZLES],
            "clock": 0,
            # IMControlPanelStatePersister: the active input mode and each mode's state
            "im": {
                "active": IM_POPUP,
                "sn_number": 1,
                "sn_mode": MODE_VALUE,
                "np_mode": MODE_VALUE,
            },
            "sort": 0,
            "next_folder": 4,
        }

    def _game(self, ctx: AppContext, sudoku_id: Any) -> dict[str, Any] | None:
        return next((g for g in ctx.data["games"] if g["id"] == sudoku_id), None)

    def _folder(self, ctx: AppContext, folder_id: Any) -> dict[str, Any] | None:
        return next((f for f in ctx.data["folders"] if f["id"] == folder_id), None)

    def _detail(self, ctx: AppContext, folder_id: int) -> str:
        """``FolderInfo.getDetail``."""
        games = [g for g in ctx.data["games"] if g["folder"] == folder_id]
        if not games:
            return "No puzzles"
        count = len(games)
        solved = sum(g["state"] == STATE_COMPLETED for g in games)
        playing = sum(g["state"] == STATE_PLAYING for g in games)
        unsolved = count - solved
        text = "1 puzzle" if count == 1 else f"{count} puzzles"
        if playing or unsolved:
            parts = []
            if playing:
                parts.append(f"{playing} playing")
            if unsolved:
                parts.append(f"{unsolved} unsolved")
            text += " (" + ", ".join(parts) + ")"
        if unsolved == 0:
            text += " (all solved)"
        return text

    # -- lifecycle -------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == TITLE:
            self._title_create(ctx)
        elif ctx.activity == FOLDERS:
            self._folders_create(ctx)
        elif ctx.activity == PLAY:
            self._play_create(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == PLAY:
            return {"restored": True, "game": ctx.ui.get("game")}
        return {}

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        for key in ("menu", "ctx_menu", "dialog", "popup"):
            if ui.get(key):
                ui[key] = None
                return True
        if ui.get("queue"):
            self._close_hint(ctx)
            return True
        if ctx.activity == PLAY:
            self._play_pause(ctx)
        return False

    # -- title screen ----------------------------------------------------------------------------
    def _title_create(self, ctx: AppContext) -> None:
        self._show_changelog_once(ctx)

    def _show_changelog_once(self, ctx: AppContext) -> None:
        """``Changelog.showOnFirstRun``: once per version code."""
        if not ctx.data["changelog_seen"]:
            ctx.data["changelog_seen"] = True
            ctx.ui["dialog"] = "changelog"

    def _title(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        buttons = []
        if ctx.data["recent"] is not None:  # setupResumeButton
            buttons.append(w.button("resume_button", "Resume", self._resume))
        buttons += [
            w.button("sudoku_lists_button", "Sudoku Lists", lambda c: c.start_activity(FOLDERS)),
            w.button("settings_button", "Settings", lambda c: c.start_activity(SETTINGS)),
        ]
        content = w.linear_layout(
            [
                action_bar(APP_NAME, [w.overflow_button(lambda c: c.ui.update(menu="title"))]),
                w.image_view("", "", height=700),
                w.linear_layout(buttons, padding=130),
            ]
        )
        windows = []
        if ui.get("dialog"):
            windows.append(self._common_dialog(ctx, ui["dialog"]))
        if ui.get("menu"):
            windows.append(
                menu(
                    [
                        ("Settings", self._menu_then(lambda c: c.start_activity(SETTINGS)), True),
                        ("About", self._menu_then(lambda c: c.ui.update(dialog="about")), True),
                    ],
                    lambda c: c.ui.update(menu=None),
                )
            )
        return Screen(content=content, windows=windows)

    def _resume(self, ctx: AppContext) -> None:
        ctx.start_activity(PLAY, {"sudoku_id": ctx.data["recent"]})

    def _menu_then(self, fn: Callable[[AppContext], None]) -> Callable[[AppContext], None]:
        def handler(ctx: AppContext) -> None:
            ctx.ui["menu"] = None
            fn(ctx)

        return handler

    def _common_dialog(self, ctx: AppContext, kind: str) -> Window:
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        if kind == "changelog":
            lines = [
                w.text_view(line, height=70 if line[0].isdigit() else 60) for line in self.changelog
            ]
            web = View(cls="android.webkit.WebView", weight=0, children=lines)
            return w.alert_dialog(
                w.dialog_title("What's new?"),
                [web],
                [w.dialog_button("android:id/button1", "Close", close)],
                close,
            )
        # DIALOG_ABOUT (layout/about.xml)
        body = w.scroll_view(
            [
                w.linear_layout(
                    [
                        w.text_view(f"Version {self.version}", "version_label"),
                        w.text_view(
                            "If you run into a bug, don't hesitate to contact me by e-mail or "
                            "use the issue tracker on the project's homepage."
                        ),
                        w.text_view("https://opensudoku.moire.org/"),
                        w.text_view("<opensudoku@moire.org>"),
                        w.text_view("Current Developer"),
                        w.text_view("Óscar García Amor"),
                    ],
                    weight=0,
                )
            ],
            rid="scrollView",
            weight=0,
        )
        return w.alert_dialog(
            w.dialog_title(APP_NAME),
            [body],
            [w.dialog_button("android:id/button1", "OK", close)],
            close,
        )

    # -- folder list -----------------------------------------------------------------------------
    def _folders_create(self, ctx: AppContext) -> None:
        pass

    def _folders(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        rows = [
            w.list_row(
                f["name"],
                self._detail(ctx, f["id"]),
                title_rid="name",
                subtitle_rid="detail",
                on_click=w.bind(
                    lambda c, fid: c.start_activity(SUDOKUS, {"folder_id": fid}), f["id"]
                ),
                on_long_click=w.bind(lambda c, fid: c.ui.update(ctx_menu=fid), f["id"]),
            )
            for f in ctx.data["folders"]
        ]
        content = w.linear_layout(
            [
                action_bar(APP_NAME, [w.overflow_button(lambda c: c.ui.update(menu="folders"))]),
                w.list_view(rows),
                w.button(
                    "get_more_puzzles",
                    "Get more puzzles online",
                    self._more_puzzles,
                    weight=0,
                    height=147,
                ),
            ]
        )
        windows: list[Window] = []
        if ui.get("ctx_menu") is not None:
            fid = ui["ctx_menu"]
            folder = self._folder(ctx, fid)
            name = folder["name"] if folder else ""
            windows.append(
                context_menu(
                    name,
                    [
                        ("Export folder", w.bind(self._folder_action, fid, "export")),
                        ("Rename folder", w.bind(self._folder_action, fid, "rename")),
                        ("Delete folder", w.bind(self._folder_action, fid, "delete")),
                    ],
                )
            )
        dialog = ui.get("dialog")
        if dialog:
            windows.append(self._folder_dialog(ctx, dialog))
        if ui.get("menu"):
            windows.append(
                menu(
                    [
                        (
                            "Add folder",
                            self._menu_then(lambda c: c.ui.update(dialog=["add", 0])),
                            True,
                        ),
                        ("Import", self._menu_then(self._import), True),
                        (
                            "Export all folders",
                            self._menu_then(lambda c: c.start_activity(EXPORT, {"folder_id": -1})),
                            True,
                        ),
                        ("Settings", self._menu_then(lambda c: c.start_activity(SETTINGS)), True),
                        (
                            "About",
                            self._menu_then(lambda c: c.ui.update(dialog=["about", 0])),
                            True,
                        ),
                    ],
                    lambda c: c.ui.update(menu=None),
                )
            )
        return Screen(content=content, windows=windows)

    def _more_puzzles(self, ctx: AppContext) -> None:
        ctx.log("OpenSudoku", "ACTION_VIEW https://opensudoku.moire.org/ (browser not modelled)")

    def _import(self, ctx: AppContext) -> None:
        ctx.request_permission(STORAGE)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if granted:
            ctx.start_activity(FILES)
        else:
            ctx.toast("Permission DENIED")

    def _folder_action(self, ctx: AppContext, fid: int, what: str) -> None:
        ctx.ui["ctx_menu"] = None
        if what == "export":
            ctx.start_activity(EXPORT, {"folder_id": fid})
        else:
            folder = self._folder(ctx, fid)
            ctx.ui["dialog"] = [what, fid]
            ctx.ui["name_text"] = folder["name"] if folder and what == "rename" else ""

    def _folder_dialog(self, ctx: AppContext, dialog: Any) -> Window:
        what, fid = dialog
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        if what == "about":
            return self._common_dialog(ctx, "about")
        folder = self._folder(ctx, fid)
        name = folder["name"] if folder else ""
        if what == "delete":
            return w.confirm_dialog(
                f"Delete {name}",
                "Are you sure you want to delete this folder?",
                (OK, w.bind(self._delete_folder, fid)),
                (CANCEL, close),
                close,
            )
        field = w.linear_layout(
            [
                w.text_view("Name:"),
                View(
                    cls="android.widget.EditText",
                    resource_id="name",
                    text=ctx.ui.get("name_text", ""),
                    on_text=lambda c, t: c.ui.update(name_text=t),
                ),
            ],
            weight=0,
        )
        title = "Add folder" if what == "add" else f"Rename {name}"
        save = w.bind(self._save_folder, what, fid)
        return w.input_dialog(title, field, ("Save", save), (CANCEL, close), close)

    def _save_folder(self, ctx: AppContext, what: str, fid: int) -> None:
        name = ctx.ui.get("name_text", "").strip()
        if what == "add":
            ctx.data["folders"].append({"id": ctx.data["next_folder"], "name": name})
            ctx.data["next_folder"] += 1
        else:
            folder = self._folder(ctx, fid)
            if folder:
                folder["name"] = name
        ctx.ui["dialog"] = None

    def _delete_folder(self, ctx: AppContext, fid: int) -> None:
        """``SudokuDatabase.deleteFolder``: the folder's puzzles, then the folder. The
        ``most_recently_played_sudoku_id`` preference is left as it is (opensudoku#96)."""
        ctx.data["games"] = [g for g in ctx.data["games"] if g["folder"] != fid]
        ctx.data["folders"] = [f for f in ctx.data["folders"] if f["id"] != fid]
        ctx.ui["dialog"] = None

    # -- puzzle list -----------------------------------------------------------------------------
    def _sudoku_list_menu(self) -> list[tuple[str, str]]:
        return [
            ("Folders", "folders"),
            ("Filter", "filter"),
            ("Add sudoku", "add"),
            ("Settings", "settings"),
        ]

    def _sorted(self, games: list[dict[str, Any]], ctx: AppContext) -> list[dict[str, Any]]:
        return games  # "created DESC": the bundled puzzles all have created 0 (insertion order)

    def _sudokus(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        fid = ctx.extras.get("folder_id")
        folder = self._folder(ctx, fid)
        games = self._sorted([g for g in ctx.data["games"] if g["folder"] == fid], ctx)
        rows = []
        for g in games:
            texts = []
            if g["state"] == STATE_COMPLETED:
                texts.append(w.text_view("Solved", "state"))
            elif g["state"] == STATE_PLAYING:
                texts.append(w.text_view("Playing", "state"))
            if g["time"]:
                texts.append(w.text_view("00:00", "time"))
            if g["last_played"]:
                texts.append(w.text_view("Last played at 12:00", "last_played"))
            rows.append(
                w.relative_layout(
                    [
                        View(
                            cls="org.moire.opensudoku.gui.SudokuBoardView",
                            resource_id="sudoku_board",
                            width=260,
                            focusable=False,
                        ),
                        w.linear_layout(texts),
                    ],
                    layout=HORIZONTAL,
                    height=280,
                    on_click=w.bind(self._play, g["id"]),
                    on_long_click=w.bind(lambda c, gid: c.ui.update(ctx_menu=gid), g["id"]),
                )
            )
        title = f"{folder['name']} - {self._detail(ctx, folder['id'])}" if folder else APP_NAME
        content = w.linear_layout(
            [
                action_bar(title, [w.overflow_button(lambda c: c.ui.update(menu="sudokus"))]),
                w.list_view(rows, scroll_key="scroll"),
            ]
        )
        windows: list[Window] = []
        gid = ui.get("ctx_menu")
        if gid is not None:
            windows.append(
                context_menu(
                    "Puzzle",
                    [
                        ("Play this puzzle", w.bind(self._puzzle_action, gid, "play")),
                        ("Edit note", w.bind(self._puzzle_action, gid, "note")),
                        ("Reset puzzle", w.bind(self._puzzle_action, gid, "reset")),
                        ("Edit puzzle", w.bind(self._puzzle_action, gid, "edit")),
                        ("Delete puzzle", w.bind(self._puzzle_action, gid, "delete")),
                    ],
                )
            )
        if ui.get("dialog"):
            windows.append(self._sudoku_dialog(ctx, ui["dialog"]))
        if ui.get("menu"):
            windows.append(
                menu(
                    [
                        (text, self._menu_then(w.bind(self._sudoku_menu, key)), True)
                        for text, key in self._sudoku_list_menu()
                    ],
                    lambda c: c.ui.update(menu=None),
                )
            )
        return Screen(content=content, windows=windows)

    def _sudoku_menu(self, ctx: AppContext, key: str) -> None:
        if key == "folders":
            ctx.start_activity(FOLDERS)
            ctx.finish()
        elif key == "settings":
            ctx.start_activity(SETTINGS)
        elif key == "add":
            ctx.start_activity(EDIT, {"folder_id": ctx.extras.get("folder_id")})
        else:
            ctx.ui["dialog"] = [key, 0]

    def _play(self, ctx: AppContext, gid: int) -> None:
        ctx.start_activity(PLAY, {"sudoku_id": gid})

    def _puzzle_action(self, ctx: AppContext, gid: int, what: str) -> None:
        ctx.ui["ctx_menu"] = None
        if what == "play":
            self._play(ctx, gid)
        elif what == "edit":
            ctx.start_activity(EDIT, {"sudoku_id": gid})
        else:
            ctx.ui["dialog"] = [what, gid]

    def _sudoku_dialog(self, ctx: AppContext, dialog: Any) -> Window:
        what, gid = dialog
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        if what in ("delete", "reset"):
            confirmed = self._delete_puzzle if what == "delete" else self._reset_puzzle
            return w.confirm_dialog(
                "Puzzle",
                f"Are you sure you want to {what} selected puzzle?",
                (OK, w.bind(confirmed, gid)),
                (CANCEL, close),
                close,
            )
        if what == "note":
            return w.alert_dialog(
                w.dialog_title("Edit note"),
                [w.text_view("Note:"), View(cls="android.widget.EditText", resource_id="note")],
                w.dialog_buttons(("Save", close), (CANCEL, close)),
                close,
            )
        if what == "sort":
            return w.alert_dialog(
                w.dialog_title("Sort puzzles by"),
                w.checked_rows(
                    ["Creation date", "Play time", "Last played"],
                    ctx.ui.get("sort_choice", ctx.data["sort"]),
                    lambda c, i: c.ui.update(sort_choice=i),
                ),
                w.dialog_buttons((OK, self._apply_sort), (CANCEL, close)),
                close,
            )
        # DIALOG_FILTER: the three game states, all shown
        return w.alert_dialog(
            w.dialog_title("Filter by game state"),
            [
                View(
                    cls="android.widget.CheckedTextView",
                    resource_id="android:id/text1",
                    text=text,
                    checkable=True,
                    checked=True,
                    height=147,
                )
                for text in ("Not started", "Playing", "Solved")
            ],
            w.dialog_buttons((OK, close), (CANCEL, close)),
            close,
        )

    def _apply_sort(self, ctx: AppContext) -> None:
        ctx.data["sort"] = ctx.ui.get("sort_choice", ctx.data["sort"])
        ctx.ui["dialog"] = None

    def _delete_puzzle(self, ctx: AppContext, gid: int) -> None:
        if ctx.data["recent"] == gid:  # the puzzle's own delete forgets it
            ctx.data["recent"] = None
        ctx.data["games"] = [g for g in ctx.data["games"] if g["id"] != gid]
        ctx.ui["dialog"] = None

    def _reset_puzzle(self, ctx: AppContext, gid: int) -> None:
        game = self._game(ctx, gid)
        if game is not None:
            game.update(new_game(game["folder"], gid, game["givens"]))
        ctx.ui["dialog"] = None

    # -- the game screen -------------------------------------------------------------------------
    def _play_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        gid = ui.get("game") if ui.get("restored") else ctx.extras.get("sudoku_id")
        game = self._game(ctx, gid)
        if game is None:
            raise self._no_game_crash()
        ui.clear()
        ui["game"] = game["id"]
        ctx.data["recent"] = game["id"]
        ctx.data["clock"] += 1
        if game["state"] == STATE_NOT_STARTED:
            game["state"] = STATE_PLAYING
        game["last_played"] = ctx.data["clock"]
        ui["queue"] = []
        self._one_time_hint(ctx, "welcome", "Welcome", FIRST_RUN_HINT)
        last = self._last_changed(game)
        readonly = game["state"] == STATE_COMPLETED
        ui["sel"] = last if last is not None and not readonly else (None if readonly else 0)
        # onResume: activateFirstInputMethod, then the persisted mode
        im = ctx.data["im"]
        active = im["active"] if self._im_enabled(ctx, im["active"]) else IM_POPUP
        self._activate(ctx, active, hint_first=True)
        if not readonly:
            self._on_cell_selected(ctx, ui["sel"])

    def _no_game_crash(self) -> JavaException:
        """``SudokuPlayActivity.onCreate`` with an id ``getSudoku`` does not find (3.1.0's
        onCreate has the same line)."""
        npe = JavaException(
            "java.lang.NullPointerException",
            "Attempt to invoke virtual method 'long org.moire.opensudoku.game.SudokuGame.getId()'"
            " on a null object reference",
            frames=[
                "org.moire.opensudoku.gui.SudokuPlayActivity.onCreate(SudokuPlayActivity.java:156)",
                "android.app.Activity.performCreate(Activity.java:6679)",
                "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1118)",
                *launch_frames(25, perform_line=2618),
            ],
        )
        return JavaException(
            "java.lang.RuntimeException",
            "Unable to start activity ComponentInfo{org.moire.opensudoku/"
            "org.moire.opensudoku.gui.SudokuPlayActivity}: java.lang.NullPointerException: "
            + npe.message,
            frames=launch_frames(25),
            cause=npe,
        )

    def _last_changed(self, game: dict[str, Any]) -> int | None:
        for entry in reversed(game["stack"]):
            if entry.get("cell", -1) >= 0:
                return int(entry["cell"])
        return None

    def _play_pause(self, ctx: AppContext) -> None:
        """``onPause``: the game is saved (the model keeps it in storage all along)."""

    def _cur(self, ctx: AppContext) -> dict[str, Any]:
        game = self._game(ctx, ctx.ui.get("game"))
        assert game is not None
        return game

    def _readonly(self, ctx: AppContext) -> bool:
        return self._cur(ctx)["state"] == STATE_COMPLETED

    # one-time hints (HintsQueue)
    def _one_time_hint(self, ctx: AppContext, key: str, title: str, message: str) -> None:
        if not ctx.data["prefs"]["show_hints"] or key in ctx.data["hints_shown"]:
            return
        ctx.data["hints_shown"].append(key)
        ctx.ui["queue"].append([title, message])

    def _close_hint(self, ctx: AppContext) -> None:
        if ctx.ui.get("queue"):
            ctx.ui["queue"].pop(0)

    # input methods (IMControlPanel)
    def _im_enabled(self, ctx: AppContext, index: int) -> bool:
        return bool(ctx.data["prefs"][IM_PREFS[index]])

    def _activate(self, ctx: AppContext, index: int, hint_first: bool = False) -> None:
        """``activateInputMethod``: the first enabled mode from ``index`` on, and its one-time
        hint."""
        found = -1
        for k in range(3):
            candidate = (index + k) % 3
            if self._im_enabled(ctx, candidate):
                found = candidate
                break
        if found == -1:
            return
        if hint_first and found != IM_POPUP and self._im_enabled(ctx, IM_POPUP):
            # activateFirstInputMethod activates Popup before the persisted mode is restored
            self._one_time_hint(ctx, IM_NAMES[IM_POPUP], IM_TITLES[IM_POPUP], IM_HINTS[IM_POPUP])
        ctx.data["im"]["active"] = found
        self._one_time_hint(ctx, IM_NAMES[found], IM_TITLES[found], IM_HINTS[found])

    def _switch_mode(self, ctx: AppContext) -> None:
        """``activateNextInputMethod``."""
        nxt = ctx.data["im"]["active"] + 1
        if nxt >= 3:
            self._one_time_hint(ctx, "thatIsAll", "That's all", DISABLE_MODES_HINT)
            nxt = 0
        self._activate(ctx, nxt)

    def _set_value(self, ctx: AppContext, i: int, value: int) -> None:
        """``SudokuGame.setCellValue``."""
        game = self._cur(ctx)
        if not editable(game, i):
            return
        self._push(game, i)
        game["values"][i] = value
        if completed(game):
            game["state"] = STATE_COMPLETED
            ctx.ui["sel"] = ctx.ui.get("sel")
            ctx.ui["dialog"] = "used_solver" if game["used_solver"] else "well_done"

    def _set_note(self, ctx: AppContext, i: int, mask: int) -> None:
        """``SudokuGame.setCellNote``."""
        game = self._cur(ctx)
        if editable(game, i):
            self._push(game, i)
            game["notes"][i] = mask

    def _push(self, game: dict[str, Any], i: int) -> None:
        game["stack"].append(
            {"cell": i, "values": list(game["values"]), "notes": list(game["notes"])}
        )

    def _undo(self, ctx: AppContext) -> None:
        game = self._cur(ctx)
        while game["stack"]:
            entry = game["stack"].pop()
            if entry.get("checkpoint"):
                continue
            game["values"], game["notes"] = entry["values"], entry["notes"]
            break
        last = self._last_changed(game)
        if last is not None:
            ctx.ui["sel"] = last
            self._on_cell_selected(ctx, last)

    def _on_cell_selected(self, ctx: AppContext, cell: int | None) -> None:
        """The active input method's ``onCellSelected``."""
        im = ctx.data["im"]
        if (
            im["active"] == IM_SINGLE
            and cell is not None
            and ctx.data["prefs"]["bidirectional_selection"]
        ):
            v = self._cur(ctx)["values"][cell]
            if v != 0 and v != im["sn_number"]:
                im["sn_number"] = v

    def _tap_cell(self, ctx: AppContext, i: int) -> None:
        """``SudokuBoardView.onTouchEvent`` ACTION_UP: select the cell, the input method's
        ``onCellTapped``, then ``onCellSelected`` with the (maybe cleared) selection."""
        if self._readonly(ctx):
            return
        ui = ctx.ui
        ui["sel"] = i
        active = ctx.data["im"]["active"]
        if active == IM_POPUP:
            game = self._cur(ctx)
            if editable(game, i):
                ui["popup"] = {
                    "cell": i,
                    "tab": "number",
                    "notes": [n for n in range(1, 10) if game["notes"][i] & (1 << (n - 1))],
                }
        elif active == IM_SINGLE:
            self._sn_cell_tapped(ctx, i)
        self._on_cell_selected(ctx, ui["sel"])

    def _sn_cell_tapped(self, ctx: AppContext, i: int) -> None:
        """``IMSingleNumber.onCellTapped``."""
        im = ctx.data["im"]
        game = self._cur(ctx)
        number = im["sn_number"]
        if im["sn_mode"] == MODE_NOTE:
            if number == 0:
                self._set_note(ctx, i, 0)
            else:
                mask = game["notes"][i] ^ (1 << (number - 1))
                self._set_note(ctx, i, mask)
                if not mask & (1 << (number - 1)):
                    # "if we toggled the note off we want to de-select the cell"
                    ctx.ui["sel"] = None
        else:
            if number == game["values"][i]:
                number = 0
                ctx.ui["sel"] = None
            self._set_value(ctx, i, number)

    def _sn_number(self, ctx: AppContext, number: int) -> None:
        """A Single number button (its OnTouchListener): select the number and, with
        bidirectional selection, move the board's selection to the first cell holding it
        (``onSelectedNumberChanged``; "C" clears the selection)."""
        im = ctx.data["im"]
        im["sn_number"] = number
        if ctx.data["prefs"]["bidirectional_selection"] and not self._readonly(ctx):
            self._selected_number_changed(ctx, number)

    def _selected_number_changed(self, ctx: AppContext, number: int) -> None:
        if number != 0:
            values = self._cur(ctx)["values"]
            if number in values:
                ctx.ui["sel"] = values.index(number)
        else:
            ctx.ui["sel"] = None

    def _toggle_note_mode(self, ctx: AppContext, key: str) -> None:
        im = ctx.data["im"]
        im[key] = MODE_NOTE if im[key] == MODE_VALUE else MODE_VALUE

    def _numpad(self, ctx: AppContext, number: int) -> None:
        """``IMNumpad``'s number buttons act on the selected cell."""
        sel = ctx.ui.get("sel")
        if sel is None:
            return
        game = self._cur(ctx)
        if ctx.data["im"]["np_mode"] == MODE_NOTE:
            mask = 0 if number == 0 else game["notes"][sel] ^ (1 << (number - 1))
            self._set_note(ctx, sel, mask)
        else:
            self._set_value(ctx, sel, number)

    # popup dialog (IMPopupDialog)
    def _popup_number(self, ctx: AppContext, number: int) -> None:
        popup = ctx.ui["popup"]
        ctx.ui["popup"] = None
        self._set_value(ctx, popup["cell"], number)

    def _popup_clear(self, ctx: AppContext) -> None:
        popup = ctx.ui["popup"]
        if popup["tab"] == "number":
            self._popup_number(ctx, 0)
        else:
            popup["notes"] = []

    def _popup_close(self, ctx: AppContext) -> None:
        popup = ctx.ui["popup"]
        ctx.ui["popup"] = None
        mask = sum(1 << (n - 1) for n in popup["notes"])
        self._set_note(ctx, popup["cell"], mask)

    # menu and dialogs
    def _open_dialog(self, ctx: AppContext, name: str) -> None:
        ctx.ui["menu"] = None
        ctx.ui["dialog"] = name

    def _hint_confirmed(self, ctx: AppContext) -> None:
        """DIALOG_HINT's positive button (3.1.0: no null check)."""
        ctx.ui["dialog"] = None
        cell = ctx.ui.get("sel")
        if cell is None:
            raise JavaException(
                "java.lang.NullPointerException",
                "Attempt to invoke virtual method 'boolean "
                "org.moire.opensudoku.game.Cell.isEditable()' on a null object reference",
                frames=[
                    "org.moire.opensudoku.gui.SudokuPlayActivity$2.onClick"
                    f"(SudokuPlayActivity.java:{self.hint_line})",
                    "androidx.appcompat.app.AlertController$ButtonHandler.handleMessage"
                    "(AlertController.java:167)",
                    *message_frames(25),
                ],
            )
        self._give_hint(ctx, cell)

    hint_line: ClassVar[int] = 564

    def _give_hint(self, ctx: AppContext, cell: int) -> None:
        game = self._cur(ctx)
        if not editable(game, cell):
            ctx.ui["dialog"] = "cannot_hint"
            return
        solution = solve(game["givens"])
        if not solution:
            ctx.ui["dialog"] = "not_solved"
            return
        self._set_value(ctx, cell, solution[cell])

    def _solve_confirmed(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        game = self._cur(ctx)
        solution = solve(game["givens"])
        if not solution:
            ctx.ui["dialog"] = "not_solved"
            return
        game["used_solver"] = True
        for i in range(81):
            if editable(game, i) and game["state"] != STATE_COMPLETED:
                self._set_value(ctx, i, solution[i])

    def _restart_confirmed(self, ctx: AppContext) -> None:
        game = self._cur(ctx)
        game.update(new_game(game["folder"], game["id"], game["givens"]))
        game["state"] = STATE_PLAYING
        ctx.ui["dialog"] = None

    def _clear_notes_confirmed(self, ctx: AppContext) -> None:
        game = self._cur(ctx)
        game["stack"].append(
            {"cell": -1, "values": list(game["values"]), "notes": list(game["notes"])}
        )
        game["notes"] = [0] * 81
        ctx.ui["dialog"] = None

    def _set_checkpoint(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None
        game = self._cur(ctx)
        game["stack"].append({"checkpoint": True})

    def _undo_to_checkpoint(self, ctx: AppContext) -> None:
        game = self._cur(ctx)
        while game["stack"]:
            entry = game["stack"].pop()
            if entry.get("checkpoint"):
                break
            game["values"], game["notes"] = entry["values"], entry["notes"]
        ctx.ui["dialog"] = None

    def _undo_to_before_mistake(self, ctx: AppContext) -> None:
        game = self._cur(ctx)
        solution = solve(game["givens"])

        def wrong() -> bool:
            return any(v and v != solution[i] for i, v in enumerate(game["values"]))

        while game["stack"] and solution and wrong():
            entry = game["stack"].pop()
            if not entry.get("checkpoint"):
                game["values"], game["notes"] = entry["values"], entry["notes"]
        ctx.ui["dialog"] = None

    def _play_menu(self, ctx: AppContext) -> list[tuple[str, Callable[[AppContext], None], bool]]:
        game = self._cur(ctx)
        playing = game["state"] == STATE_PLAYING
        has_undo = any(not e.get("checkpoint") for e in game["stack"])
        has_checkpoint = any(e.get("checkpoint") for e in game["stack"])
        items: list[tuple[str, Callable[[AppContext], None], bool]] = [
            ("Undo", self._menu_then(self._undo), playing and has_undo),
        ]
        if ctx.data["prefs"]["fill_in_notes_enabled"]:
            items.append(("Fill in notes", self._menu_then(self._fill_in_notes), playing))
        items += [
            ("Clear all notes", w.bind(self._open_dialog, "clear_notes"), playing),
            ("Set checkpoint", self._set_checkpoint, True),
            (
                "Undo to checkpoint",
                w.bind(self._open_dialog, "undo_checkpoint"),
                playing and has_checkpoint,
            ),
            ("Undo to before mistake", w.bind(self._open_dialog, "undo_mistake"), playing),
            ("Hint", w.bind(self._open_dialog, "hint"), playing),
            ("Solve Puzzle", w.bind(self._open_dialog, "solve"), playing),
            ("Restart", w.bind(self._open_dialog, "restart"), True),
            ("Settings", self._menu_then(lambda c: c.start_activity(SETTINGS)), True),
            ("Help", self._menu_then(self._help), True),
        ]
        return items

    def _fill_in_notes(self, ctx: AppContext) -> None:
        game = self._cur(ctx)
        game["stack"].append(
            {"cell": -1, "values": list(game["values"]), "notes": list(game["notes"])}
        )
        for i in range(81):
            if game["values"][i] == 0:
                used = {game["values"][p] for p in PEERS[i]}
                game["notes"][i] = sum(1 << (n - 1) for n in range(1, 10) if n not in used)

    def _help(self, ctx: AppContext) -> None:
        ctx.ui["queue"].append(["Help", HELP_TEXT])

    def _play_dialog(self, ctx: AppContext, name: str) -> Window:
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        confirms: dict[str, tuple[str, Callable[[AppContext], None]]] = {
            "restart": ("Are you sure you want to restart this game?", self._restart_confirmed),
            "clear_notes": (
                "Are you sure you want to clear all notes?",
                self._clear_notes_confirmed,
            ),
            "undo_checkpoint": (
                "Are you sure you want to undo all actions since the last checkpoint?",
                self._undo_to_checkpoint,
            ),
            "undo_mistake": (
                "Are you sure you want to undo all actions since the last solvable state?",
                self._undo_to_before_mistake,
            ),
            "solve": ("Are you sure you want to see the solution?", self._solve_confirmed),
            "hint": (HINT_CONFIRM, self._hint_confirmed),
        }
        if name in confirms:
            message, handler = confirms[name]
            return w.confirm_dialog(APP_NAME, message, (OK, handler), (CANCEL, close), close)
        infos = {
            "well_done": ("Well done!", "Congratulations, you have solved the puzzle in 00:00!"),
            "used_solver": (APP_NAME, "You used the solver to see the solution!"),
            "not_solved": (APP_NAME, "This puzzle has no solution."),
            "cannot_hint": (APP_NAME, "You cannot get a hint for that cell."),
        }
        title, message = infos[name]
        return w.confirm_dialog(title, message, (OK, close), None, close)

    def _board(self, ctx: AppContext) -> View:
        game = self._cur(ctx)
        sel = ctx.ui.get("sel")
        rows = []
        for r in range(9):
            cells = []
            for c in range(9):
                i = r * 9 + c
                v = game["values"][i]
                cells.append(
                    View(
                        cls="android.view.View",
                        text=str(v) if v else note_text(game["notes"][i]),
                        width=CELL,
                        height=CELL,
                        selected=i == sel and game["state"] != STATE_COMPLETED,
                        on_click=w.bind(self._tap_cell, i),
                        focusable=False,
                        style="" if editable(game, i) else "dim",
                    )
                )
            rows.append(
                View(cls="android.view.View", layout=HORIZONTAL, height=CELL, children=cells)
            )
        return View(
            cls="org.moire.opensudoku.gui.SudokuBoardView",
            resource_id="sudoku_board",
            height=CELL * 9,
            weight=0,
            focusable=True,
            children=rows,
        )

    def _im_panel(self, ctx: AppContext) -> View:
        im = ctx.data["im"]
        active = im["active"]
        switch = w.button("switch_input_mode", IM_ABBR[active], self._switch_mode)
        if active == IM_POPUP:
            panel = w.linear_layout(
                [
                    w.linear_layout(
                        [View(cls="android.view.View"), switch],
                        horizontal=True,
                        height=170,
                        weight=0,
                    )
                ]
            )
        else:
            key = "sn_mode" if active == IM_SINGLE else "np_mode"
            press = self._sn_number if active == IM_SINGLE else self._numpad

            def num(n: int, text: str) -> View:
                selected = active == IM_SINGLE and im["sn_number"] == n
                rid = "button_clear" if n == 0 else f"button_{n}"
                return w.button(rid, text, w.bind(press, n), style="primary" if selected else "")

            pencil = w.image_button(
                "switch_num_note",
                "",
                w.bind(self._toggle_note_mode, key),
                naf=True,
                style="primary" if im[key] == MODE_NOTE else "",
            )
            panel = w.linear_layout(
                [
                    w.linear_layout(
                        [*(num(n, str(n)) for n in range(1, 6)), pencil],
                        horizontal=True,
                        height=170,
                        weight=0,
                    ),
                    w.linear_layout(
                        [*(num(n, str(n)) for n in range(6, 10)), num(0, "C"), switch],
                        horizontal=True,
                        height=170,
                        weight=0,
                    ),
                ]
            )
        return View(
            cls="org.moire.opensudoku.gui.inputmethod.IMControlPanel",
            resource_id="input_methods",
            children=[panel],
        )

    def _popup_window(self, ctx: AppContext) -> Window:
        popup = ctx.ui["popup"]
        game = self._cur(ctx)
        tabs = w.linear_layout(
            [
                w.linear_layout(
                    [w.text_view(text, "android:id/title")],
                    on_click=w.bind(lambda c, t: c.ui["popup"].update(tab=t), tab),
                    selected=popup["tab"] == tab,
                )
                for tab, text in (("number", "Select number"), ("note", "Edit note"))
            ],
            rid="android:id/tabs",
            horizontal=True,
            height=147,
            weight=0,
        )
        tabs.cls = "android.widget.TabWidget"
        grid: list[View] = []
        for row in ((1, 2, 3), (4, 5, 6), (7, 8, 9)):
            cells = []
            for n in row:
                if popup["tab"] == "number":
                    cells.append(
                        w.button(
                            f"button_{n}",
                            str(n),
                            w.bind(self._popup_number, n),
                            style="primary" if game["values"][popup["cell"]] == n else "",
                        )
                    )
                else:
                    cells.append(
                        View(
                            cls="android.widget.ToggleButton",
                            resource_id=f"button_{n}",
                            text=str(n),
                            checkable=True,
                            checked=n in popup["notes"],
                            on_click=w.bind(lambda c, k: w.toggle(c.ui["popup"]["notes"], k), n),
                        )
                    )
            grid.append(
                View(cls="android.widget.TableRow", layout=HORIZONTAL, height=160, children=cells)
            )
        grid.append(
            View(
                cls="android.widget.TableRow",
                layout=HORIZONTAL,
                height=160,
                children=[
                    w.button("button_clear", "Clear", self._popup_clear),
                    w.button("button_close", "Close", self._popup_close),
                ],
            )
        )
        content = View(
            cls="android.widget.FrameLayout",
            resource_id="android:id/tabcontent",
            weight=0,
            children=[View(cls="android.widget.TableLayout", weight=0, children=grid)],
        )
        root = View(
            cls="android.widget.TabHost",
            weight=0,
            children=[w.linear_layout([tabs, content], weight=0)],
        )
        return Window(root=root, on_dismiss=lambda c: c.ui.update(popup=None))

    def _play_screen(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        game = self._cur(ctx)
        has_undo = any(not e.get("checkpoint") for e in game["stack"])
        bar = action_bar(
            "00:00",
            [
                w.action_item("", "Undo", self._undo_action if has_undo else self._noop),
                w.action_item("", "Settings", lambda c: c.start_activity(SETTINGS)),
                w.overflow_button(lambda c: c.ui.update(menu="play")),
            ],
        )
        content = w.linear_layout(
            [
                bar,
                w.relative_layout(
                    [w.linear_layout([self._board(ctx), self._im_panel(ctx)])],
                    rid="root_layout",
                ),
            ]
        )
        windows: list[Window] = []
        if ui.get("queue"):
            title, message = ui["queue"][0]
            windows.append(self._hint_dialog(title, message))
        if ui.get("popup"):
            windows.append(self._popup_window(ctx))
        if ui.get("dialog"):
            windows.append(self._play_dialog(ctx, ui["dialog"]))
        if ui.get("menu"):
            windows.append(menu(self._play_menu(ctx), lambda c: c.ui.update(menu=None)))
        return Screen(content=content, windows=windows)

    def _hint_dialog(self, title: str, message: str) -> Window:
        """HintsQueue's AlertDialog: a long message scrolls above the Close button."""
        body = w.scroll_view(
            [w.dialog_message(message)],
            rid="android:id/scrollView",
            height=min(1000, 60 + 52 * (len(message) // 40 + message.count("\n"))),
            weight=0,
            scrollable=len(message) > 600,
        )
        close = w.dialog_button("android:id/button1", "Close", self._close_hint)
        return w.alert_dialog(w.dialog_title(title), [body], [close], self._close_hint)

    def _undo_action(self, ctx: AppContext) -> None:
        if self._cur(ctx)["state"] == STATE_PLAYING:
            self._undo(ctx)

    def _noop(self, ctx: AppContext) -> None:
        pass

    # -- settings and stubs ----------------------------------------------------------------------
    settings_rows: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("", "Game Helpers", ""),
        (
            "highlight_wrong_values",
            "Highlight wrong values",
            "Highlight values that break rules of sudoku.",
        ),
        (
            "highlight_completed_values",
            "Highlight completed numbers",
            "Highlight buttons for numbers which have been entered 9 times",
        ),
        (
            "highlight_similar_cells",
            "Highlight similar cells",
            "Highlight cells with similar values",
        ),
        (
            "highlight_similar_notes",
            "Highlight similar notes",
            "Highlight cells with similar note values",
        ),
        (
            "bidirectional_selection",
            "Bidirectional selection",
            "In single number input panel, the selection of a non editable cell automatically "
            "selects the corresponding button (and vice versa).",
        ),
        ("show_number_totals", "Show Number Totals", "Displays count of each number placed"),
        ("fill_in_notes_enabled", "Fill in notes", 'Enable "Fill in notes" menu item'),
        ("", "Input Modes", ""),
        ("im_popup", "Popup", "Edit cell value and note in popup."),
        (
            "im_single_number",
            "Single number",
            "Select number, then just tap on cell to set its value or note.",
        ),
        ("im_numpad", "Numpad", "Show numpad (acts as standard numeric keyboard)"),
        ("", "Game", ""),
        ("show_time", "Show time", "Show time during gameplay"),
        (
            "show_hints",
            "First launch hints",
            "Show hints that guide you through application controls",
        ),
    )

    def _settings(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]
        rows = []
        for key, title, summary in self.settings_rows:
            if not key:
                rows.append(w.preference_category(title))
                continue
            rows.append(
                w.preference(
                    title,
                    summary,
                    w.bind(lambda c, k: c.data["prefs"].update({k: not c.data["prefs"][k]}), key),
                    widget=w.checkbox_widget(bool(prefs.get(key, False))),
                )
            )
        content = w.linear_layout(
            [
                action_bar("Game Settings", []),
                w.list_view(rows, scroll_key="scroll"),
            ]
        )
        return Screen(content=content)

    def _stub(self, ctx: AppContext, title: str, body: list[View]) -> Screen:
        return Screen(content=w.linear_layout([action_bar(title, []), *body]))

    def render(self, ctx: AppContext) -> Screen:
        activity = ctx.activity
        if activity == TITLE:
            return self._title(ctx)
        if activity == FOLDERS:
            return self._folders(ctx)
        if activity == SUDOKUS:
            return self._sudokus(ctx)
        if activity == PLAY:
            return self._play_screen(ctx)
        if activity == SETTINGS:
            return self._settings(ctx)
        if activity == EDIT:
            return self._stub(
                ctx,
                "Edit sudoku",
                [
                    View(
                        cls="org.moire.opensudoku.gui.SudokuBoardView",
                        resource_id="sudoku_board",
                        height=CELL * 9,
                        weight=0,
                    ),
                    w.linear_layout(
                        [w.button("", "Save", w.finish), w.button("", "Cancel", w.finish)],
                        horizontal=True,
                        height=170,
                        weight=0,
                    ),
                ],
            )
        if activity == EXPORT:
            return self._stub(
                ctx,
                APP_NAME,
                [
                    w.text_view("Filename"),
                    View(
                        cls="android.widget.EditText", resource_id="filename", weight=0, height=147
                    ),
                    w.text_view("Directory"),
                    w.button("save_button", "Save", w.finish, weight=0, height=147),
                ],
            )
        return self._stub(ctx, APP_NAME, [w.list_view([])])  # FileListActivity: no files


class OpenSudoku341(OpenSudoku):
    """Open Sudoku 3.4.1 (bug opensudoku#96): opensudoku#62 fixed (3.3.0), the Sort menu item
    (3.4.0), "Remove notes on number entry" (3.2.0) and "Show sudoku lists on startup" (3.3.0),
    the changelog also offered by the folder list, and a number button whose digit is not on the
    board clears the selection (3.4.1)."""

    version: ClassVar[str] = "3.4.1"
    changelog: ClassVar[tuple[str, ...]] = (
        "3.4.1",
        "Improved SDM importer to support files with dots instead of zeros.",
        "If a digit is not present in the board, clear selection and highlight notes (if any).",
        "French translation updated. Thanks @Tubix!",
        "German translation updated. Thanks @cweiske!",
        "3.4.0",
        "New menu option to sort puzzles by last played and play time. Thanks @fuentesj11!",
        "3.3.1",
        "Fix crash when using the new feature to automatically remove cell notes. Thanks "
        "@jlnordin!",
        "3.3.0",
        "Adds a new config option to skip titlescreen.",
        "Fix folder view to show sudoku previews with custom theme colors.",
        'Fix the crash when no cell was selected and you used the "hint" command.',
        "Thanks @jlnordin for all new features!",
    )
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_96,)
    hint_line: ClassVar[int] = 556
    settings_rows: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("", "App Startup", ""),
        (
            "show_sudoku_lists_on_startup",
            "Show sudoku lists on startup",
            "Show the sudoku lists on startup and skip the title screen.",
        ),
        *OpenSudoku.settings_rows[:8],
        (
            "remove_notes_on_input",
            "Remove notes on number entry",
            "Automatically remove notes from the same column, row, and box when entering a number",
        ),
        *OpenSudoku.settings_rows[8:],
    )

    def initial_data(self) -> dict[str, Any]:
        data = super().initial_data()
        data["prefs"].update(show_sudoku_lists_on_startup=False, remove_notes_on_input=False)
        return data

    def _title_create(self, ctx: AppContext) -> None:
        if ctx.data["prefs"]["show_sudoku_lists_on_startup"]:
            ctx.start_activity(FOLDERS)
        else:
            self._show_changelog_once(ctx)

    def _folders_create(self, ctx: AppContext) -> None:
        self._show_changelog_once(ctx)

    def _common_dialog(self, ctx: AppContext, kind: Any) -> Window:
        return super()._common_dialog(ctx, kind if isinstance(kind, str) else kind[0])

    def _folder_dialog(self, ctx: AppContext, dialog: Any) -> Window:
        if dialog == "changelog":
            return self._common_dialog(ctx, "changelog")
        return super()._folder_dialog(ctx, dialog)

    def _sudoku_list_menu(self) -> list[tuple[str, str]]:
        return [
            ("Folders", "folders"),
            ("Filter", "filter"),
            ("Sort", "sort"),
            ("Add sudoku", "add"),
            ("Settings", "settings"),
        ]

    def _sorted(self, games: list[dict[str, Any]], ctx: AppContext) -> list[dict[str, Any]]:
        """``SudokuListSorter``: created, time or last played, descending."""
        key = {1: "time", 2: "last_played"}.get(ctx.data["sort"])
        return sorted(games, key=lambda g: -g[key]) if key else games

    def _set_value(self, ctx: AppContext, i: int, value: int) -> None:
        game = self._cur(ctx)
        if value and editable(game, i) and ctx.data["prefs"]["remove_notes_on_input"]:
            for p in PEERS[i]:  # SetCellValueAndRemoveNotesCommand
                game["notes"][p] &= ~(1 << (value - 1))
        super()._set_value(ctx, i, value)

    def _selected_number_changed(self, ctx: AppContext, number: int) -> None:
        values = self._cur(ctx)["values"]
        if number != 0 and number in values:
            ctx.ui["sel"] = values.index(number)
        else:
            ctx.ui["sel"] = None

    def _hint_confirmed(self, ctx: AppContext) -> None:
        """3.3.0's fix: ``cell != null && cell.isEditable()``."""
        ctx.ui["dialog"] = None
        cell = ctx.ui.get("sel")
        if cell is None:
            ctx.ui["dialog"] = "cannot_hint"
            return
        self._give_hint(ctx, cell)
