"""Screenshots for a multimodal model: numbered boxes on candidate widgets, downscaling, data URLs.

LTGDroid shows the model the current screen with each candidate widget marked and numbered, so
that "widget 3" in the text and the box labelled 3 in the picture are the same thing (the
set-of-marks style of visual prompting). The screenshot is downscaled so its longest side is
at most ``max_side`` pixels, then boxes are drawn with the widget bounds scaled alike (bounds
from ``uiautomator dump`` are screen pixels, as are screenshots), so lines and labels have the
same legible size whatever the device's resolution. The result is a PNG (lossless: UI text
stays sharp), deterministic for the same input, so cached requests hit.
"""

from __future__ import annotations

import base64
import functools
import io
from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from device_agent.actions import Bounds
from orchestrator.errors import ReasonerError

# Distinct, saturated colours, cycled so neighbouring boxes differ.
BOX_COLOURS = (
    (230, 25, 75),
    (0, 130, 200),
    (60, 180, 75),
    (245, 130, 48),
    (145, 30, 180),
    (0, 128, 128),
)
LABEL_PX = 16  # label text size in pixels of the sent (downscaled) image
LINE_PX = 3  # box outline width, same unit


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.load_default(size=size)
    except (TypeError, OSError):  # Pillow without FreeType: fixed bitmap font
        return ImageFont.load_default()


def prepare_screenshot(
    png: bytes,
    boxes: Sequence[tuple[int, Bounds]] = (),
    max_side: int = 1024,
) -> bytes:
    """Downscale, then draw each ``(number, bounds)`` box with its number.

    ``png``: the screenshot (any format Pillow reads); ``bounds`` in the screenshot's pixels
    (scaled with the image, clipped to it); ``max_side``: longest side of the result in pixels
    (an image already smaller is not enlarged; 0 keeps the size). Returns PNG bytes. Raises
    ``ReasonerError`` when ``png`` is not an image.
    """
    base, scale = _downscaled(png, max_side)
    image = base.copy() if boxes else base  # the cached image is shared: draw on a copy
    if boxes:
        _draw_boxes(image, boxes, scale)
    out = io.BytesIO()
    # Level 3: twice as fast as the default for UI screenshots, a few KB larger (no token cost).
    image.save(out, format="PNG", compress_level=3)
    return out.getvalue()


@functools.lru_cache(maxsize=32)
def _downscaled(png: bytes, max_side: int) -> tuple[Image.Image, float]:
    """The decoded, downscaled screenshot and its scale factor. Cached: every candidate probed on
    a screen sends that screen as its "before" image, each with its own box."""
    try:
        image: Image.Image = Image.open(io.BytesIO(png))
        image.load()
    except Exception as exc:  # Pillow raises several types for bad data
        raise ReasonerError(
            f"screenshot is not a readable image ({exc}); check the device's screencap"
        ) from exc
    image = image.convert("RGB")
    width, height = image.size
    scale = min(1.0, max_side / max(width, height)) if max_side > 0 else 1.0
    if scale < 1.0:
        size = (max(1, round(width * scale)), max(1, round(height * scale)))
        # reducing_gap: a fast integer box reduction first, then Lanczos for the remainder.
        image = image.resize(size, Image.Resampling.LANCZOS, reducing_gap=1.0)
    return image, scale


def _draw_boxes(image: Image.Image, boxes: Sequence[tuple[int, Bounds]], scale: float) -> None:
    draw = ImageDraw.Draw(image)
    width, height = image.size
    font = _font(LABEL_PX)
    pad = 2
    for i, (number, b) in enumerate(boxes):
        left = max(0, min(round(b.left * scale), width - 1))
        top = max(0, min(round(b.top * scale), height - 1))
        right = max(left + 1, min(round(b.right * scale), width) - 1)
        bottom = max(top + 1, min(round(b.bottom * scale), height) - 1)
        colour = BOX_COLOURS[i % len(BOX_COLOURS)]
        draw.rectangle((left, top, right, bottom), outline=colour, width=LINE_PX)
        label = str(number)
        x0, y0, x1, y1 = draw.textbbox((0, 0), label, font=font)
        # The label sits inside the box's top-left corner so it never covers a neighbour's label.
        draw.rectangle((left, top, left + x1 - x0 + 2 * pad, top + y1 - y0 + 2 * pad), fill=colour)
        draw.text((left + pad - x0, top + pad - y0), label, fill=(255, 255, 255), font=font)


def data_url(png: bytes) -> str:
    """``data:image/png;base64,...`` for an ``image_url`` content part."""
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def image_size(png: bytes) -> tuple[int, int]:
    """``(width, height)`` in pixels of an image; raises ``ReasonerError`` for bad data."""
    try:
        with Image.open(io.BytesIO(png)) as image:
            return image.size
    except Exception as exc:
        raise ReasonerError(f"not a readable image ({exc})") from exc
