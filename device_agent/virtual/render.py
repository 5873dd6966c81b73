"""Screenshots of the virtual device: a PNG drawn with Pillow from the laid-out windows.

The picture is meant to be read by a person or a multimodal model, so widgets look like their
Material counterparts: an indigo toolbar with a white title, filled buttons with upper-case
labels, underlined text fields (hint in grey, caret when focused), check boxes and switches that
show their state, round floating action buttons, dialogs as white cards over a dimmed screen,
toasts as dark pills, the soft keyboard as a QWERTY panel, and the status and navigation bars.
Text uses DejaVu Sans when the system has it (Debian's ``fonts-dejavu-core``; wide Unicode
coverage), else the TrueType font that ships with Pillow (``ImageFont.load_default(size=...)``,
FreeType; Latin only, so other characters are folded to ASCII where possible). Set
``REPROFARM_FONT`` to a ``.ttf`` path to choose another. PNGs are written with compression level 1
(fast; a screen is ~50-150 KB).
"""

from __future__ import annotations

import io
import os
import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFont

from device_agent.virtual.layout import LINE_PX, TEXT_PX, LNode, Rect, is_empty

if TYPE_CHECKING:
    from device_agent.virtual.device import Frame, FrameWindow

PRIMARY = (63, 81, 181)
PRIMARY_DARK = (48, 63, 159)
ACCENT = (255, 64, 129)
TEXT = (33, 33, 33)
TEXT_2 = (117, 117, 117)
HINT = (158, 158, 158)
DIVIDER = (224, 224, 224)
BACKGROUND = (250, 250, 250)
WHITE = (255, 255, 255)
DISABLED = (189, 189, 189)
SELECTED = (232, 234, 246)

Draw = ImageDraw.ImageDraw


_FONT_CANDIDATES = ("DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
_ASCII_FOLD = {"\u2026": "...", "\u2022": "*", "\u2013": "-", "\u2014": "-", "\u00b7": "."}


@lru_cache(maxsize=1)
def font_path() -> str:
    """The TrueType file used for text (``""``: Pillow's bundled font)."""
    for candidate in (os.environ.get("REPROFARM_FONT", ""), *_FONT_CANDIDATES):
        if not candidate:
            continue
        try:
            ImageFont.truetype(candidate, 12)
        except OSError:
            continue
        return candidate
    return ""


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The text font at ``size`` pixels (see the module docstring for the choice)."""
    path = font_path()
    return ImageFont.truetype(path, size) if path else ImageFont.load_default(size=size)


def _drawable(text: str) -> str:
    """``text`` as the chosen font can draw it: unchanged with DejaVu; with Pillow's Latin-only
    font, accents stripped and common symbols folded to ASCII."""
    if font_path() or text.isascii():
        return text
    folded = "".join(_ASCII_FOLD.get(ch, ch) for ch in text)
    folded = unicodedata.normalize("NFKD", folded)
    return "".join(ch for ch in folded if not unicodedata.combining(ch))


def _text_width(text: str, size: int) -> float:
    f = font(size)
    return f.getlength(text) if hasattr(f, "getlength") else len(text) * size * 0.55


def _fit(text: str, width: int, size: int) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    if width <= 0:
        return ""
    if _text_width(text, size) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _text_width(text[:mid] + "\u2026", size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + "\u2026"


def _wrap(text: str, width: int, size: int, max_lines: int) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        current = ""
        for word in words:
            trial = f"{current} {word}" if current else word
            if _text_width(trial, size) <= width or not current:
                current = trial
            else:
                lines.append(current)
                current = word
        lines.append(current)
    if len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [_fit(" ".join(lines[max_lines - 1 :]), width, size)]
    return [_fit(line, width, size) for line in lines]


def draw_text(
    d: Draw,
    rect: Rect,
    text: str,
    size: int = TEXT_PX,
    color: tuple[int, int, int] = TEXT,
    align: str = "left",
    pad: int = 32,
    bold: bool = False,
    wrap: bool = True,
) -> None:
    """Draw ``text`` inside ``rect``: wrapped over as many lines as fit, vertically centred."""
    left, top, right, bottom = rect
    width = right - left - 2 * pad
    text = _drawable(text)
    if not text or width <= 0 or bottom - top < size // 2:
        return
    line_h = max(LINE_PX, int(size * 1.3)) if size >= TEXT_PX else int(size * 1.3)
    max_lines = max(1, (bottom - top) // line_h) if wrap else 1
    lines = _wrap(text, width, size, max_lines)
    total = len(lines) * line_h
    y = top + (bottom - top - total) // 2 + (line_h - size) // 2
    f = font(size)
    for line in lines:
        w = _text_width(line, size)
        if align == "center":
            x = left + (right - left - w) / 2
        elif align == "right":
            x = right - pad - w
        else:
            x = left + pad
        d.text(
            (x, y - size * 0.12),
            line,
            font=f,
            fill=color,
            stroke_width=1 if bold else 0,
            stroke_fill=color,
        )
        y += line_h


def _caps(text: str) -> str:
    """Button text in capitals (Material ``textAllCaps``); symbols such as π stay as they are."""
    return "".join(ch.upper() if ch.isascii() else ch for ch in text)


def _rounded(
    d: Draw,
    rect: Rect,
    radius: int,
    fill: tuple[int, ...] | None = None,
    outline: tuple[int, ...] | None = None,
    width: int = 1,
) -> None:
    if is_empty(rect):
        return
    radius = max(0, min(radius, (rect[2] - rect[0]) // 2, (rect[3] - rect[1]) // 2))
    d.rounded_rectangle(rect, radius=radius, fill=fill, outline=outline, width=width)


def _shadow(d: Draw, rect: Rect, radius: int = 12) -> None:
    for i, alpha in ((10, 18), (6, 26), (3, 34)):
        _rounded(
            d,
            (rect[0] - i // 2, rect[1], rect[2] + i // 2, rect[3] + i),
            radius + i,
            fill=(0, 0, 0, alpha),
        )


def _inset(rect: Rect, dx: int, dy: int | None = None) -> Rect:
    dy = dx if dy is None else dy
    return (rect[0] + dx, rect[1] + dy, rect[2] - dx, rect[3] - dy)


def _icon(d: Draw, rect: Rect, desc: str, color: tuple[int, int, int]) -> None:
    """A simple glyph for an icon button, chosen by its description."""
    cx, cy = (rect[0] + rect[2]) // 2, (rect[1] + rect[3]) // 2
    r = max(8, min(rect[2] - rect[0], rect[3] - rect[1]) // 4)
    low = desc.lower()
    if "more" in low or "option" in low or ("menu" in low and "navigation" not in low):
        for k in (-1, 0, 1):
            d.ellipse((cx - 6, cy + k * 20 - 6, cx + 6, cy + k * 20 + 6), fill=color)
    elif "navigate up" in low or low in ("back", "up") or "back" in low:
        d.line((cx + r, cy, cx - r, cy), fill=color, width=6)
        d.line((cx - r, cy, cx - r // 3, cy - r * 2 // 3), fill=color, width=6)
        d.line((cx - r, cy, cx - r // 3, cy + r * 2 // 3), fill=color, width=6)
    elif "search" in low:
        d.ellipse((cx - r, cy - r, cx + r // 3, cy + r // 3), outline=color, width=6)
        d.line((cx, cy, cx + r, cy + r), fill=color, width=7)
    elif any(k in low for k in ("add", "new", "create", "plus")):
        d.line((cx - r, cy, cx + r, cy), fill=color, width=7)
        d.line((cx, cy - r, cx, cy + r), fill=color, width=7)
    elif "navigation" in low or "drawer" in low or "hamburger" in low:
        for k in (-1, 0, 1):
            d.line((cx - r, cy + k * 16, cx + r, cy + k * 16), fill=color, width=6)
    elif "delete" in low or "remove" in low or "trash" in low:
        d.rectangle((cx - r * 2 // 3, cy - r // 2, cx + r * 2 // 3, cy + r), outline=color, width=5)
        d.line((cx - r, cy - r // 2 - 6, cx + r, cy - r // 2 - 6), fill=color, width=5)
    elif desc:
        d.ellipse((cx - r - 8, cy - r - 8, cx + r + 8, cy + r + 8), outline=color, width=4)
        letter = desc.strip()[:1].upper()
        draw_text(
            d,
            (cx - r - 8, cy - r - 8, cx + r + 8, cy + r + 8),
            letter,
            size=max(20, r),
            color=color,
            align="center",
            pad=0,
            wrap=False,
        )
    else:
        _rounded(d, _inset(rect, max(8, (rect[2] - rect[0]) // 4)), 10, fill=(207, 216, 220))


class _Painter:
    def __init__(self, frame: Frame) -> None:
        self.frame = frame
        geo = frame.geo
        self.img = Image.new("RGB", (geo.width, geo.height), BACKGROUND)
        self.d = ImageDraw.Draw(self.img, "RGBA")

    def paint(self) -> bytes:
        for win in self.frame.windows:
            self.window(win)
        self.system_bars()
        if self.frame.keyboard:
            self.keyboard()
        out = io.BytesIO()
        self.img.save(out, format="PNG", compress_level=1)
        return out.getvalue()

    # -- windows ------------------------------------------------------------------------------
    def window(self, win: FrameWindow) -> None:
        d = self.d
        node = win.node
        if win.dim:
            d.rectangle((0, 0, self.frame.geo.width, self.frame.geo.height), fill=(0, 0, 0, 110))
        rect = node.bounds
        if win.kind in ("dialog", "system", "permission"):
            _shadow(d, rect, 24)
            _rounded(d, rect, 24, fill=WHITE)
        elif win.kind == "menu":
            _shadow(d, rect, 8)
            _rounded(d, rect, 8, fill=WHITE)
        elif win.kind == "sheet":
            _shadow(d, rect, 28)
            _rounded(d, rect, 28, fill=WHITE)
            d.rectangle((rect[0], rect[1] + 28, rect[2], rect[3]), fill=WHITE)
            cx = (rect[0] + rect[2]) // 2
            _rounded(d, (cx - 48, rect[1] + 18, cx + 48, rect[1] + 28), 5, fill=DIVIDER)
        elif win.kind == "launcher":
            top, bottom = (40, 60, 110), (110, 60, 130)
            h = rect[3] - rect[1]
            for y in range(rect[1], rect[3], 8):
                t = (y - rect[1]) / max(1, h)
                color = tuple(int(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
                d.rectangle((rect[0], y, rect[2], y + 8), fill=color)
        elif win.kind == "toast":
            _rounded(d, rect, (rect[3] - rect[1]) // 2, fill=(50, 50, 50, 235))
        elif win.kind in ("activity", "settings"):
            d.rectangle(rect, fill=BACKGROUND)
        self.node(node, win)

    def node(self, node: LNode, win: FrameWindow) -> None:
        self.paint_node(node, win)
        for child in node.children:
            self.node(child, win)
        self.overlay(node)

    def paint_node(self, n: LNode, win: FrameWindow) -> None:
        d = self.d
        r = n.bounds
        if is_empty(r):
            return
        name = n.short_class
        style = n.style
        role = n.role
        enabled = n.enabled
        fg = TEXT if enabled else DISABLED
        # An empty TextView draws its hint in the theme's hint colour (its dump shows the hint as
        # text, decision 0029), so a screenshot tells a hint from a value as a person sees it.
        showing_hint = n.view is not None and not n.view.text and bool(n.hint)
        if showing_hint and enabled:
            fg = HINT
        if role == "toolbar" or style == "toolbar":
            d.rectangle(r, fill=PRIMARY)
            d.rectangle((r[0], r[3] - 4, r[2], r[3]), fill=(0, 0, 0, 40))
            if n.text:
                draw_text(d, r, n.text, size=50, color=WHITE, bold=True, wrap=False, pad=52)
            return
        if role == "toolbar_title":
            draw_text(
                d,
                (r[0], r[1], r[2], r[3]),
                n.text,
                size=50,
                color=WHITE,
                bold=True,
                wrap=False,
                pad=0,
            )
            return
        if role == "toast_text":
            draw_text(d, r, n.text, size=38, color=WHITE, align="center", pad=40)
            return
        if style == "launcher_icon":
            cx = (r[0] + r[2]) // 2
            ir = min(72, (r[2] - r[0]) // 3)
            top = r[1] + 40
            d.ellipse((cx - ir, top, cx + ir, top + 2 * ir), fill=(245, 245, 245))
            draw_text(
                d,
                (cx - ir, top, cx + ir, top + 2 * ir),
                (n.text or "?")[:1].upper(),
                size=64,
                color=PRIMARY,
                align="center",
                pad=0,
                bold=True,
                wrap=False,
            )
            draw_text(
                d,
                (r[0] - 20, top + 2 * ir + 10, r[2] + 20, top + 2 * ir + 80),
                n.text,
                size=34,
                color=WHITE,
                align="center",
                pad=0,
                wrap=False,
            )
            return
        if n.selected:
            d.rectangle(r, fill=SELECTED)
        if style == "primary":
            d.rectangle(r, fill=PRIMARY)
        if style == "dim":
            fg = TEXT_2
        is_fab = style == "fab" or "FloatingActionButton" in name
        if is_fab:
            cx, cy = (r[0] + r[2]) // 2, (r[1] + r[3]) // 2
            rad = min(r[2] - r[0], r[3] - r[1]) // 2 - 4
            d.ellipse((cx - rad + 2, cy - rad + 6, cx + rad + 2, cy + rad + 8), fill=(0, 0, 0, 60))
            d.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=ACCENT)
            if n.text:
                draw_text(d, r, n.text, size=36, color=WHITE, align="center", pad=4, wrap=False)
            else:
                _icon(d, r, n.content_desc or "add", WHITE)
            return
        if n.editable or "EditText" in name:
            line_y = r[3] - 24
            focused = n.focused
            d.line(
                (r[0] + 32, line_y, r[2] - 32, line_y),
                fill=ACCENT if focused else (140, 140, 140),
                width=5 if focused else 2,
            )
            view_text = n.view.text if n.view is not None else n.text
            shown = ("\u2022" * len(view_text)) if n.password else view_text
            if shown:
                draw_text(d, (r[0], r[1], r[2], line_y), shown, color=fg, wrap="\n" in shown)
            elif n.hint:
                draw_text(d, (r[0], r[1], r[2], line_y), n.hint, color=HINT, wrap=False)
            if focused:
                last = shown.split("\n")[-1] if shown else ""
                x = r[0] + 32 + int(_text_width(_fit(last, r[2] - r[0] - 64, TEXT_PX), TEXT_PX)) + 3
                cy = (r[1] + line_y) // 2
                d.line((x, cy - 26, x, cy + 26), fill=ACCENT, width=4)
            return
        if any(k in name for k in ("CheckBox", "RadioButton", "CheckedTextView")):
            size = 54
            bx = r[0] + 36
            by = (r[1] + r[3]) // 2 - size // 2
            box = (bx, by, bx + size, by + size)
            if "Radio" in name:
                d.ellipse(box, outline=ACCENT if n.checked else TEXT_2, width=5)
                if n.checked:
                    d.ellipse(_inset(box, 13), fill=ACCENT)
            elif n.checked:
                _rounded(d, box, 6, fill=ACCENT)
                d.line((bx + 12, by + 28, bx + 23, by + 40, bx + 43, by + 15), fill=WHITE, width=7)
            else:
                _rounded(d, box, 6, outline=TEXT_2, width=5)
            draw_text(d, (bx + size + 8, r[1], r[2], r[3]), n.text, color=fg, pad=24)
            return
        if "Switch" in name or "ToggleButton" in name:
            tx = r[2] - 150
            cy = (r[1] + r[3]) // 2
            on = n.checked
            _rounded(
                d,
                (tx, cy - 20, tx + 100, cy + 20),
                20,
                fill=(255, 160, 190) if on else (189, 189, 189),
            )
            kx = tx + 70 if on else tx + 30
            d.ellipse(
                (kx - 30, cy - 30, kx + 30, cy + 30),
                fill=ACCENT if on else (245, 245, 245),
                outline=(0, 0, 0, 40),
            )
            draw_text(d, (r[0], r[1], tx - 10, r[3]), n.text, color=fg)
            return
        if "Button" in name and "ImageButton" not in name:
            if style == "text" or win.kind in ("system", "permission"):
                color = fg if showing_hint else PRIMARY if enabled else DISABLED
                align = "right" if win.kind in ("system", "permission") else "center"
                draw_text(
                    d,
                    r,
                    n.text if win.kind in ("system", "permission") else _caps(n.text),
                    size=40,
                    color=color,
                    align=align,
                    bold=True,
                    pad=48,
                )
                return
            body = _inset(r, min(20, (r[2] - r[0]) // 10), min(16, (r[3] - r[1]) // 8))
            if not is_empty(body):
                d.rounded_rectangle(
                    (body[0], body[1] + 4, body[2], body[3] + 4), radius=10, fill=(0, 0, 0, 40)
                )
                _rounded(d, body, 10, fill=PRIMARY if enabled else (224, 224, 224))
            draw_text(
                d,
                body,
                _caps(n.text or n.content_desc),
                size=38,
                color=WHITE if enabled else TEXT_2,
                align="center",
                bold=True,
                pad=12,
            )
            return
        if "ImageButton" in name or "ImageView" in name:
            on_bar = style == "toolbar_icon" or self._on_toolbar(r)
            _icon(d, r, n.content_desc or n.text, WHITE if on_bar else (97, 97, 97))
            return
        if "ProgressBar" in name:
            cx, cy = (r[0] + r[2]) // 2, (r[1] + r[3]) // 2
            rad = max(10, min(r[2] - r[0], r[3] - r[1]) // 2 - 6)
            d.arc((cx - rad, cy - rad, cx + rad, cy + rad), 0, 270, fill=ACCENT, width=8)
            return
        if style == "dialog_title":
            draw_text(d, r, n.text, size=48, color=TEXT, bold=True)
            return
        if style == "title":
            draw_text(d, r, n.text, size=56, color=TEXT, bold=True)
            return
        if n.text:
            on_bar = self._on_toolbar(r) or style in ("primary", "toolbar")
            draw_text(d, r, n.text, color=WHITE if on_bar else fg, size=TEXT_PX)
        elif n.content_desc and not n.children and n.clickable:
            _icon(d, r, n.content_desc, (97, 97, 97))

    def overlay(self, n: LNode) -> None:
        """Drawn after children: dividers under list rows."""
        if (
            n.view is not None
            and n.children
            and n.clickable
            and n.short_class not in ("ListView", "RecyclerView")
        ):
            r = n.bounds
            if r[3] - r[1] < 400 and not n.style:
                self.d.line((r[0] + 24, r[3] - 1, r[2], r[3] - 1), fill=DIVIDER, width=2)

    def _on_toolbar(self, r: Rect) -> bool:
        # A view inside the area of a drawn toolbar: white on indigo.
        width, height = self.img.size
        x = min(max(0, (r[0] + r[2]) // 2), width - 1)
        y = min(max(0, r[1] + 6 if r[3] - r[1] > 9 else r[1]), height - 1)
        px = self.img.getpixel((x, y))
        return px == PRIMARY

    # -- system UI ----------------------------------------------------------------------------
    def system_bars(self) -> None:
        d = self.d
        geo = self.frame.geo
        sb = geo.status_bar
        on_launcher = bool(self.frame.windows) and self.frame.windows[0].kind == "launcher"
        d.rectangle(sb, fill=(0, 0, 0, 50) if on_launcher else PRIMARY_DARK)
        draw_text(d, sb, self.frame.clock_text, size=34, color=WHITE, pad=40, wrap=False)
        right = sb[2] - 40
        # battery
        d.rectangle((right - 24, 16, right, 48), outline=WHITE, width=3)
        d.rectangle((right - 20, 22, right - 4, 44), fill=WHITE)
        d.rectangle((right - 16, 11, right - 8, 16), fill=WHITE)
        # signal
        for i in range(4):
            h = 8 + i * 8
            d.rectangle((right - 90 + i * 12, 48 - h, right - 82 + i * 12, 48), fill=WHITE)
        nb = geo.nav_bar
        d.rectangle(nb, fill=(0, 0, 0))
        cx, cy = (nb[0] + nb[2]) // 2, (nb[1] + nb[3]) // 2
        if geo.landscape:
            centres = [(cx, cy + 300), (cx, cy), (cx, cy - 300)]
        else:
            centres = [(cx - 300, cy), (cx, cy), (cx + 300, cy)]
        (bx, by), (hx, hy), (rx, ry) = centres
        d.polygon([(bx + 18, by - 22), (bx + 18, by + 22), (bx - 20, by)], outline=WHITE, width=4)
        d.ellipse((hx - 24, hy - 24, hx + 24, hy + 24), outline=WHITE, width=4)
        d.rectangle((rx - 20, ry - 20, rx + 20, ry + 20), outline=WHITE, width=4)

    def keyboard(self) -> None:
        d = self.d
        kb = self.frame.geo.keyboard
        d.rectangle(kb, fill=(236, 239, 241))
        rows = ["qwertyuiop", "asdfghjkl", "^zxcvbnm<", ["?123", ",", " ", ".", "\u21b5"]]
        top = kb[1] + 24
        row_h = (kb[3] - kb[1] - 48) // 4
        width = kb[2] - kb[0]
        unit = width // 10
        for r_i, row in enumerate(rows):
            y0 = top + r_i * row_h
            if isinstance(row, str):
                keys = list(row)
                x = kb[0] + (width - len(keys) * unit) // 2
                spans = [unit] * len(keys)
            else:
                keys = list(row)
                spans = [int(unit * 1.5), unit, int(unit * 5), unit, int(unit * 1.5)]
                x = kb[0] + (width - sum(spans)) // 2
            for key, span in zip(keys, spans, strict=True):
                rect = (x + 6, y0 + 8, x + span - 6, y0 + row_h - 8)
                fill = (207, 216, 220) if len(key) > 1 or key in "^<" else WHITE
                _rounded(d, rect, 10, fill=fill)
                self._key_label(rect, key)
                x += span

    def _key_label(self, rect: Rect, key: str) -> None:
        d = self.d
        cx, cy = (rect[0] + rect[2]) // 2, (rect[1] + rect[3]) // 2
        if key == "^":  # shift
            d.polygon(
                [
                    (cx, cy - 24),
                    (cx - 22, cy),
                    (cx - 10, cy),
                    (cx - 10, cy + 20),
                    (cx + 10, cy + 20),
                    (cx + 10, cy),
                    (cx + 22, cy),
                ],
                outline=TEXT,
                width=3,
            )
        elif key == "<":  # delete
            d.polygon(
                [
                    (cx - 30, cy),
                    (cx - 14, cy - 18),
                    (cx + 26, cy - 18),
                    (cx + 26, cy + 18),
                    (cx - 14, cy + 18),
                ],
                outline=TEXT,
                width=3,
            )
            d.line((cx - 4, cy - 8, cx + 12, cy + 8), fill=TEXT, width=3)
            d.line((cx - 4, cy + 8, cx + 12, cy - 8), fill=TEXT, width=3)
        elif key == "\u21b5":  # enter
            d.line((cx + 22, cy - 18, cx + 22, cy + 6, cx - 20, cy + 6), fill=TEXT, width=4)
            d.polygon([(cx - 26, cy + 6), (cx - 12, cy - 6), (cx - 12, cy + 18)], fill=TEXT)
        else:
            label = "space" if key == " " else key
            draw_text(
                d,
                rect,
                label,
                size=40 if len(label) == 1 else 30,
                color=TEXT,
                align="center",
                pad=0,
                wrap=False,
            )


def render_frame(frame: Frame) -> bytes:
    """PNG bytes of ``frame`` at the screen's size in its orientation."""
    return _Painter(frame).paint()
