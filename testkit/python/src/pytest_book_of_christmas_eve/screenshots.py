"""Screenshots against stored baselines: decoded PNGs compared pixel by pixel (Pillow)."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops


def compare_png(expected: bytes, actual: bytes) -> tuple[int, int, Image.Image | None]:
    """(pixels that differ, pixels in all, a difference mask or None). Images of different sizes
    differ everywhere."""
    a = Image.open(io.BytesIO(expected)).convert("RGBA")
    b = Image.open(io.BytesIO(actual)).convert("RGBA")
    if a.size != b.size:
        return max(a.width * a.height, b.width * b.height), max(a.width * a.height, b.width * b.height), None
    diff = ImageChops.difference(a, b)
    # a pixel differs when any channel does
    mask = Image.new("L", a.size, 0)
    for channel in diff.split():
        mask = ImageChops.lighter(mask, channel.point(lambda v: 255 if v else 0))
    changed = mask.histogram()[255]
    return changed, a.width * a.height, mask if changed else None


def file_stem(test_name: str, name: str) -> str:
    """One file name per test and name, safe on every file system."""
    plain = test_name.replace("[", "-").replace("]", "")  # test_x[chromium] -> test_x-chromium
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{plain}-{name}").strip("_")


class ScreenshotAsserter:
    """`assert_screenshot(page_or_locator, name, **screenshot_options)`: compare with
    __screenshots__/TEST-NAME.png beside the test file; with --update-screenshots, (re)write it."""

    def __init__(self, test_file: Path, test_name: str, update: bool) -> None:
        self.folder = test_file.parent / "__screenshots__"
        self.test_name = test_name
        self.update = update

    def __call__(self, target: Any, name: str, max_diff_pixels: int = 0, **options: Any) -> None:
        stem = file_stem(self.test_name, name)
        baseline = self.folder / f"{stem}.png"
        actual_path = self.folder / f"{stem}.actual.png"
        diff_path = self.folder / f"{stem}.diff.png"
        actual = target.screenshot(**{"animations": "disabled", "caret": "hide", **options})
        if self.update:
            self.folder.mkdir(parents=True, exist_ok=True)
            baseline.write_bytes(actual)
            actual_path.unlink(missing_ok=True)
            diff_path.unlink(missing_ok=True)
            return
        if not baseline.is_file():
            self.folder.mkdir(parents=True, exist_ok=True)
            actual_path.write_bytes(actual)
            raise AssertionError(f"no baseline {baseline}: the screenshot is in {actual_path.name};"
                                 " run pytest with --update-screenshots to store it")
        changed, total, mask = compare_png(baseline.read_bytes(), actual)
        if changed <= max_diff_pixels:
            actual_path.unlink(missing_ok=True)
            diff_path.unlink(missing_ok=True)
            return
        actual_path.write_bytes(actual)
        if mask is not None:
            mask.save(diff_path)
            where = f"; differing pixels in white in {diff_path.name} (box {mask.getbbox()})"
        else:
            sizes = (Image.open(baseline).size, Image.open(io.BytesIO(actual)).size)
            where = f"; the sizes differ: baseline {sizes[0]}, actual {sizes[1]}"
        raise AssertionError(f"screenshot {name!r}: {changed} of {total} pixels differ from {baseline}"
                             f" (at most {max_diff_pixels} allowed); the actual image is {actual_path.name}"
                             f"{where}; if the change is wanted, run pytest with --update-screenshots")
