"""Every relative link in docs/*.md and README.md reaches a file of the project, and a link to a section
(``fairness.md#the-hash-chain``) reaches a heading of that page, named as GitHub names it (lower case,
punctuation dropped, spaces to hyphens)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: ``## Heads-up: 200,000 deals`` -> ``heads-up-200000-deals``."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {slug(m.group(1)) for m in re.finditer(r"^#+ (.*)$", page.read_text(encoding="utf-8"), re.M)}


def test_slug_follows_github() -> None:
    assert slug("The hash chain") == "the-hash-chain"
    assert slug("Playing them at the table: `brag play`") == "playing-them-at-the-table-brag-play"


LINKS = [(page, target) for page in PAGES
         for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8"))
         if not target.startswith(("http://", "https://", "mailto:"))]


def test_the_pages_have_links() -> None:
    assert len(LINKS) > 30


@pytest.mark.parametrize(("page", "target"), LINKS, ids=[f"{p.name}->{t}" for p, t in LINKS])
def test_a_link_reaches_its_page_and_section(page: Path, target: str) -> None:
    path, _, anchor = target.partition("#")
    reached = (page.parent / path).resolve() if path else page
    assert reached.exists(), f"{page.name}: {target} links to a file that is not there"
    if anchor and reached.suffix == ".md":
        assert anchor in anchors(reached), f"{page.name}: {target}: no such section in {reached.name}"
