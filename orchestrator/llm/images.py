"""Screenshots for a multimodal model: numbered boxes on candidate widgets, downscaling, data URLs.

LTGDroid shows the model the current screen with each candidate widget marked and numbered, so
that "widget 3" in the text and the box labelled 3 in the picture are the same thing (the
set-of-marks style of visual prompting). Boxes are drawn at the device's resolution (widget
bounds from ``uiautomator dump`` are screen pixels, as are screenshots), then the image is
downscaled so its longest side is at most ``max_side`` pixels; labels are sized so they stay
legible after the downscale. The result is a PNG (lossless: UI text stays sharp), deterministic
for the same input, so cached requests hit.
"""

from __future__ import annotations

import base64
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
LABEL_PX = 18  # label text height after downscaling, in pixels of the sent image


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
    """Draw each ``(number, bounds)`` box with its number, then downscale.

    ``png``: the screenshot (any format Pillow reads); ``bounds`` in the screenshot's pixels
    (clipped to the image); ``max_side``: longest side of the result in pixels (an image already
    smaller is not enlarged). Returns PNG bytes. Raises ``ReasonerError`` when ``png`` is not an
    image.
    """
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
    if boxes:
        _draw_boxes(image, boxes, scale)
    if scale < 1.0:
        size = (max(1, round(width * scale)), max(1, round(height * scale)))
        image = image.resize(size, Image.Resampling.LANCZOS, reducing_gap=1.0)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


def _draw_boxes(image: Image.Image, boxes: Sequence[tuple[int, Bounds]], scale: float) -> None:
    draw = ImageDraw.Draw(image)
    width, height = image.size
    line = max(2, round(3 / scale))
    font = _font(max(10, round(LABEL_PX / scale)))
    pad = max(1, round(2 / scale))
    for i, (number, b) in enumerate(boxes):
        left, top = max(0, min(b.left, width - 1)), max(0, min(b.top, height - 1))
        right, bottom = (
            max(left + 1, min(b.right, width) - 1),
            max(top + 1, min(b.bottom, height) - 1),
        )
        colour = BOX_COLOURS[i % len(BOX_COLOURS)]
        draw.rectangle((left, top, right, bottom), outline=colour, width=line)
        label = str(number)
        x0, y0, x1, y1 = draw.textbbox((0, 0), label, font=font)
        tw, th = x1 - x0, y1 - y0
        # The label sits inside the box's top-left corner so it never covers a neighbour's label.
        lx, ly = left, top
        draw.rectangle((lx, ly, lx + tw + 2 * pad, ly + th + 2 * pad), fill=colour)
        draw.text((lx + pad - x0, ly + pad - y0), label, fill=(255, 255, 255), font=font)


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
