"""Check the links inside a built HTML documentation: ``python tools/check_links.py DIR``.

Every ``href`` and ``src`` of every page that points inside the documentation must name a
file that exists and, with ``#anchor``, an element of that page with that ``id``. Links to
other sites are not followed (CI has no network). Prints each broken link and exits with
status 1 if there is one; the ``docs`` session of ``noxfile.py`` runs it after the build.
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class _Page(HTMLParser):
    """The ids and the links of one HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag == "a" and found.get("name"):
            self.ids.add(str(found["name"]))
        for key in ("href", "src"):
            value = found.get(key)
            if value:
                self.links.append(value)


def broken_links(root: Path) -> list[str]:
    """Each broken internal link of the pages under ``root``, as ``page: link (why)``."""
    pages: dict[Path, _Page] = {}
    for path in sorted(root.rglob("*.html")):
        page = _Page()
        page.feed(path.read_text(encoding="utf-8"))
        pages[path.resolve()] = page
    broken = []
    for path, page in pages.items():
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc:
                continue  # another site, or mailto:, data:, javascript:
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            where = f"{path.relative_to(root.resolve())}: {link}"
            if not target.exists():
                broken.append(f"{where} (no such file)")
            elif parts.fragment and target in pages and parts.fragment not in pages[target].ids:
                broken.append(f"{where} (no such anchor)")
    return broken


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tools/check_links.py BUILT_HTML_DIR", file=sys.stderr)
        return 2
    root = Path(argv[0])
    if not root.is_dir():
        print(f"check_links: {root} is not a folder", file=sys.stderr)
        return 2
    broken = broken_links(root)
    for line in broken:
        print(line)
    print(f"{len(broken)} broken internal links in {root}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
