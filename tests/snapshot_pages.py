"""The memory snapshot's stored form, read by the format tools/build_runtime.mjs packPages writes,
for the tests of both suites (tests/e2e/test_speed_boot.py reads engine.snap, the repo's gzipped
copy; tests/xbrowser/test_dist.py reads dist/'s engine.bin): [u32 count][count x u32 page index,
increasing][those pages], little-endian, each page `page` bytes but the snapshot's last, which
may be short."""

from __future__ import annotations


def read_pages(packed: bytes, page: int, total: int) -> tuple[list[int], list[bytes]]:
    """(the page indices, the pages) of `packed`, a snapshot of `total` bytes; the pages must
    fill `packed` exactly."""
    count = int.from_bytes(packed[:4], "little")
    indices = [int.from_bytes(packed[4 + 4 * i:8 + 4 * i], "little") for i in range(count)]
    pages, at = [], 4 + 4 * count
    for k in indices:
        n = min(page, total - k * page)
        pages.append(packed[at:at + n])
        at += n
    assert at == len(packed), f"{len(packed)} bytes, but its page list makes {at}"
    return indices, pages
