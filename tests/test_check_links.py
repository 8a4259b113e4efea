"""tools/check_links.py, which the docs session runs on the built documentation."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

TOOL = Path(__file__).resolve().parents[1] / "tools" / "check_links.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_links", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_only_links_to_missing_pages_or_anchors_are_reported(tmp_path: Path) -> None:
    (tmp_path / "api").mkdir()
    (tmp_path / "index.html").write_text(
        '<a href="api/page.html#here">ok</a> <a href="api/page.html#gone">anchor</a>'
        '<a href="missing.html">file</a> <a href="https://example.org/x.html">other site</a>'
        '<img src="api/pic.svg"> <a href="#top">self</a><h1 id="top">t</h1>',
        encoding="utf-8",
    )
    (tmp_path / "api" / "page.html").write_text(
        '<p id="here">x</p><a href="../index.html#top">back</a>', encoding="utf-8"
    )
    (tmp_path / "api" / "pic.svg").write_text("<svg/>", encoding="utf-8")
    broken = _tool().broken_links(tmp_path)
    assert broken == [
        "index.html: api/page.html#gone (no such anchor)",
        "index.html: missing.html (no such file)",
    ]
    assert _tool().main([str(tmp_path)]) == 1
    (tmp_path / "index.html").write_text(
        '<a id="top" href="api/page.html#here">ok</a>', encoding="utf-8"
    )
    assert _tool().main([str(tmp_path)]) == 0
