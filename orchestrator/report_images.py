"""Pictures for ``report.html``: each step's "before" screenshot with a marker where its tap or
swipe landed, and an animated replay of the confirming trace (Pillow).

Where an action lands is computed as the device backends compute it: a tap or long press at the
centre of the target's bounds; a swipe over 30% of the area either side of its centre (the
target's bounds, or the screen minus a tenth at the top and the bottom), as
``device_agent/adb/backend.py`` does. Screenshots are in device pixels, so bounds map 1:1; a
screenshot of another size is scaled to it.
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw

MARKER_COLOUR = (230, 30, 60)
# The animation: this many pixels wide (height keeps the aspect), this long per frame.
ANIMATION_WIDTH = 360
FRAME_MS = 1200
ANIMATION_FILE = "replay.gif"


def action_points(action: dict[str, Any], size: tuple[int, int]) -> list[tuple[int, int]]:
    """Where an action (``Action.to_json()`` form) touches a screen of ``size`` (width, height)
    in pixels: one point for a tap, long press or text input, two (start, end) for a swipe, none
    for keys and rotation."""
    kind = action.get("kind", "")
    target = action.get("target") if isinstance(action.get("target"), dict) else None
    bounds = target.get("bounds") if target else None
    box = bounds if isinstance(bounds, list) and len(bounds) == 4 else None
    if kind in ("click", "long_click", "input_text") and box is not None:
        return [((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)]
    if kind == "swipe":
        w, h = size
        left, top, right, bottom = box if box is not None else (0, h // 10, w, h - h // 10)
        cx, cy = (left + right) // 2, (top + bottom) // 2
        dx, dy = (right - left) * 3 // 10, (bottom - top) * 3 // 10
        ends = {
            "up": ((cx, cy + dy), (cx, cy - dy)),
            "down": ((cx, cy - dy), (cx, cy + dy)),
            "left": ((cx + dx, cy), (cx - dx, cy)),
            "right": ((cx - dx, cy), (cx + dx, cy)),
        }.get(str(action.get("direction", "")))
        return list(ends) if ends else []
    return []


def marked(png: bytes, action: dict[str, Any]) -> Image.Image:
    """The screenshot ``png`` (device pixels, so bounds map 1:1) with a ring where ``action``
    landed (and a line to the end point of a swipe); unchanged when the action touches no point
    (keys, rotation). Raises ``PIL.UnidentifiedImageError`` for bytes that are not an image."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    points = action_points(action, image.size)
    if points:
        draw = ImageDraw.Draw(image)
        radius = max(12, image.width // 24)
        width = max(4, image.width // 150)
        x, y = points[0]
        ring = (x - radius, y - radius, x + radius, y + radius)
        draw.ellipse(ring, outline=MARKER_COLOUR, width=width)
        draw.ellipse((x - width, y - width, x + width, y + width), fill=MARKER_COLOUR)
        if len(points) == 2:
            draw.line(points, fill=MARKER_COLOUR, width=width)
            ex, ey = points[1]
            end = (ex - 2 * width, ey - 2 * width, ex + 2 * width, ey + 2 * width)
            draw.ellipse(end, fill=MARKER_COLOUR)
    return image


def png_bytes(image: Image.Image) -> bytes:
    """``image`` as PNG bytes (light compression: screenshots are many and the run waits)."""
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()


def animation(
    frames: list[Image.Image], width: int = ANIMATION_WIDTH, frame_ms: int = FRAME_MS
) -> bytes:
    """An animated GIF of ``frames`` (in order: the marked "before" of each step, then the final
    screen), each shrunk by a whole factor to about ``width`` pixels wide and shown ``frame_ms``
    ms, looping. Returns ``b""`` for no frames."""
    small = []
    for image in frames:
        factor = max(1, image.width // width)
        small.append(image.reduce(factor).quantize(128, method=Image.Quantize.FASTOCTREE))
    if not small:
        return b""
    out = io.BytesIO()
    small[0].save(
        out, format="GIF", save_all=True, append_images=small[1:], duration=frame_ms, loop=0
    )
    return out.getvalue()
