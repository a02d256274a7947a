"""The repository carries its own spec: every document a tracked file cites is in the repository.

A citation is a document name in capitals ending in `.md` (`docs/RULES.md`, `README.md`), with an
optional path. It resolves from the repository's root or from the citing file's folder, so
`RULES.md` inside docs/ means docs/RULES.md, but `RULES.md` in a code comment names no file of the
repository. A section named after the citation (`docs/RULES.md, Hidden information`,
`docs/RULES.md "A round"`, `§ Ranks`, or a link's `#anchor`) must be a heading of that document.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

CITATION = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)*[A-Z][A-Z0-9_]*\.md)(#[\w-]+)?")
"""A document name in capitals, its optional path, and an optional Markdown anchor."""

SECTION = re.compile(
    r"""^(?:\s*[,§]\s*|\s+\(?|\()(?:"([^"\n]+)"|'(?!s\b)([^'\n]+)')"""
    r"""|^\s*[,§]\s*(?![^,;:()"'\n]*\.md)([A-Za-z][^,;:()\[\]"'\n.]*[^,;:()\[\]"'\n.\s])"""
)
"""A section named right after a citation: quoted (not a possessive 's), or after a comma or "§"
up to punctuation (not another document's name)."""

PLACEHOLDERS = frozenset({"NAME.md"})
"""Names that stand for a file the program writes (`exports/NAME.md`), not for a document."""

DECK_DATA = "cards/data/"
"""The deck's data names the docs by bare name: a card's `note` is part of the deck's SHA-256,
which every save records, so it is never edited for a path (docs/DECK.md, "Data, not code")."""


@dataclass(frozen=True)
class Citation:
    source: str
    line: int
    document: str
    section: str | None


def citations(source: str, text: str) -> list[Citation]:
    """Every document citation in one file's text, with the section it names, if any."""
    found = []
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        # A section name may run on to the next line of a wrapped comment or docstring.
        following = lines[number].lstrip(" #") if number < len(lines) else ""
        for match in CITATION.finditer(line):
            document, anchor = match.group(1), match.group(2)
            if Path(document).name in PLACEHOLDERS:
                continue
            rest = f"{line[match.end() :]} {following}"
            named = SECTION.match(rest) if anchor is None else None
            section = anchor or (named and next(g for g in named.groups() if g)) or None
            found.append(Citation(source, number, document, section))
    return found


def resolve(citation: Citation, root: Path) -> Path | None:
    """The cited document inside `root`, or None when the repository does not hold it."""
    places = [root, (root / citation.source).parent]
    if citation.source.startswith(DECK_DATA):
        places += [root / "docs", root / DECK_DATA]
    for place in places:
        path = (place / citation.document).resolve()
        if path.is_file() and path.is_relative_to(root):
            return path
    return None


def slug(text: str) -> str:
    """A heading or section name compared loosely: GitHub's anchor rule (lower case, spaces to
    hyphens, punctuation dropped)."""
    return re.sub(r"[^\w -]", "", text.lower().replace("`", "")).strip().replace(" ", "-")


def headings(document: Path) -> list[str]:
    return [
        slug(line.lstrip("#"))
        for line in document.read_text(encoding="utf-8").splitlines()
        if line.startswith("#")
    ]


def has_section(document: Path, section: str) -> bool:
    """A heading of `document` is the section, or starts with it ("More games" names
    "More games and puzzles: ...")."""
    wanted = slug(section.lstrip("#"))
    return any(h == wanted or h.startswith(wanted + "-") for h in headings(document))


def problems(root: Path, files: list[str]) -> list[str]:
    found = []
    for source in files:
        try:
            text = (root / source).read_text(encoding="utf-8")
        except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
            continue
        for citation in citations(source, text):
            where = f"{source}:{citation.line}: {citation.document}"
            document = resolve(citation, root)
            if document is None:
                found.append(f"{where} is not a file of the repository")
            elif citation.section and not has_section(document, citation.section):
                found.append(f"{where} has no section {citation.section!r}")
    return found


def tracked_files() -> list[str]:
    result = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        pytest.skip("not a git checkout")
    return result.stdout.splitlines()


def test_every_cited_document_and_section_is_in_the_repository() -> None:
    # This file's own examples cite missing documents on purpose.
    files = [f for f in tracked_files() if f != "tests/test_docs.py"]
    assert problems(ROOT, files) == []


def test_the_spec_the_code_cites_is_in_docs() -> None:
    for name in ("RULES.md", "DECK.md", "ARCHITECTURE.md"):
        assert (ROOT / "docs" / name).is_file(), name


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "RULES.md").write_text("# Rules\n## A round\n### Hidden information\n")
    (tmp_path / "cards" / "data").mkdir(parents=True)
    return tmp_path


def check(repo: Path, source: str, text: str) -> list[str]:
    (repo / source).parent.mkdir(parents=True, exist_ok=True)
    (repo / source).write_text(text)
    return problems(repo, [source])


@pytest.mark.parametrize(
    "text",
    [
        '"""The engine (docs/RULES.md, "A round")."""',
        "# docs/RULES.md, Hidden information: what a seat knows",
        "# docs/RULES.md § A round",
        '"""What a seat knows (docs/RULES.md,\n"Hidden information")."""',
        "# See docs/RULES.md for everything.",
        "# exports/NAME.md is written by `x`",
    ],
)
def test_a_citation_inside_the_repository_passes(repo: Path, text: str) -> None:
    assert check(repo, "cards/engine.py", text) == []


@pytest.mark.parametrize(
    ("source", "text", "problem"),
    [
        ("cards/engine.py", "# RULES.md, A round", "RULES.md is not a file"),
        ("cards/engine.py", "# docs/STYLE.md says so", "docs/STYLE.md is not a file"),
        ("cards/engine.py", '# docs/RULES.md "Setup"', "no section 'Setup'"),
        ("cards/engine.py", "# docs/RULES.md, Scoring rules", "no section 'Scoring rules'"),
        ("cards/engine.py", "# (docs/RULES.md,\n# Scoring rules)", "no section 'Scoring rules'"),
        ("README.md", "[rules](docs/RULES.md#scoring)", "no section '#scoring'"),
        ("docs/AI.md", "See [the rules](RULES.md#a-turn).", "no section '#a-turn'"),
    ],
)
def test_a_citation_outside_the_repository_or_its_sections_fails(
    repo: Path, source: str, text: str, problem: str
) -> None:
    (found,) = check(repo, source, text)
    assert problem in found


def test_a_doc_cites_its_neighbours_by_bare_name(repo: Path) -> None:
    assert check(repo, "docs/DECK.md", "[rules](RULES.md#hidden-information)") == []


def test_only_the_deck_data_names_the_docs_by_bare_name(repo: Path) -> None:
    note = 'note = "Our choice (RULES.md)."\n'
    assert check(repo, "cards/data/standard.toml", note) == []
    assert check(repo, "cards/other.toml", note) != []
