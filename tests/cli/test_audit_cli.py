"""Audit of the headless commands against docs/ARCHITECTURE.md ("Headless commands",
"Contracts"): every bad input exits 2 with exactly one stderr line naming the problem and where, and
nothing on stdout; every well-formed answer exits 0 with the JSON the contracts describe."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import FLUSH, THREE_FOUR, one_line_error, run, run_json

MARBURY = "Marbury v Madison"


# ------------------------------------------------------------------- argument errors


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["precedent"], ["civio precedent: error:", "CARD"]),
        (["hand"], ["civio hand: error:", "CARD"]),
        (["precedent", "School", "Barnette", "--rules", "house"], ["--rules", "house"]),
        (["precedent", "School", "--bogus"], ["civio precedent: error:", "--bogus"]),
        (["arena", "--rounds", "1"], ["civio arena: error:", "--players"]),
        (["arena", "--players", "random,random", "--seed", "abc"], ["--seed", "'abc'"]),
        (["arena", "--players", "random,random", "--seed", "1.5"], ["--seed", "'1.5'"]),
        (["arena", "--players", "random,random", "--rounds", "x"], ["--rounds", "'x'"]),
        (["arena", "--players", "random,random", "--max-turns", "many"], ["--max-turns"]),
        (["cards", "--typ", "law", "--bogus"], ["civio cards: error:", "--bogus"]),
        (["bench", "--fast"], ["civio bench: error:", "--fast"]),
        (["verdict"], ["civio: error:", "'verdict'"]),
    ],
)
def test_argument_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: list[str]
) -> None:
    line = one_line_error(capsys, *argv)
    for word in words:
        assert word in line, line


def test_help_exits_0_without_raising(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "precedent", "--help")
    assert code == 0 and out.startswith("usage: civio precedent") and err == ""
    from importlib.metadata import version

    code, out, err = run(capsys, "--version")
    assert (code, out, err) == (0, f"civio {version('civio-tui')}\n", "")


# ------------------------------------------------------------------- bad card packs

GOOD_CASE = """
[[cards]]
name = "Race"
type = "issue"

[[cards]]
name = "Alpha v Beta"
type = "case"
year = 1950
issues = ["Race"]
"""

BAD_PACKS = {
    "bad TOML": ('name = "x"\ncards = [\n', ["not valid TOML"]),
    "unknown type": (
        'name = "p"\ncustom = true\n[[cards]]\nname = "A"\ntype = "ruling"\n',
        ["line 3", "card 'A'", "field 'type'"],
    ),
    "header with a comment": (
        'name = "p"\ncustom = true\n[[cards]]  # the first card\nname = "A"\ntype = "ruling"\n'
        '[[cards]]\nname = "B"\ntype = "issue"\n',
        ["line 3", "card 'A'", "field 'type'"],
    ),
    "dangling plus": (
        'name = "p"\ncustom = true\n' + GOOD_CASE + 'plus = ["Nobody v Nowhere"]\n',
        ["card 'Alpha v Beta'", "field 'plus'", "'Nobody v Nowhere' names no card"],
    ),
    "dangling minus": (
        'name = "p"\ncustom = true\n' + GOOD_CASE + 'minus = ["Gone v Lost"]\n',
        ["field 'minus'", "'Gone v Lost'"],
    ),
    "law without action": (
        'name = "p"\ncustom = true\n'
        + GOOD_CASE
        + '\n[[cards]]\nname = "Some Act"\ntype = "law"\nyear = 1960\nissues = ["Race"]\n',
        ["card 'Some Act'", "field 'action'", "exactly one action"],
    ),
    "wrong counts": (
        'name = "p"\n' + GOOD_CASE,
        ["field 'type'", "78-card deck", "custom = true"],
    ),
    "duplicate name": (
        'name = "p"\ncustom = true\n'
        + GOOD_CASE
        + '\n[[cards]]\nname = "Alpha v Beta"\ntype = "case"\nyear = 1951\n',
        ["duplicate name", "'Alpha v Beta'"],
    ),
    "no cards": ('name = "p"\ncustom = true\n', ["no [[cards]]"]),
}


@pytest.mark.parametrize("problem", list(BAD_PACKS))
@pytest.mark.parametrize(
    "command",
    [
        ["cards"],
        ["precedent", "School"],
        ["hand", *FLUSH],
        ["arena", "--players", "random,random", "--rounds", "1"],
    ],
    ids=["cards", "precedent", "hand", "arena"],
)
def test_malformed_pack_is_one_line_naming_file_card_and_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, problem: str, command: list[str]
) -> None:
    text, words = BAD_PACKS[problem]
    pack = tmp_path / "pack.toml"
    pack.write_text(text, encoding="utf-8")
    line = one_line_error(capsys, *command, "--cards", str(pack))
    assert line.startswith(f"civio {command[0]}: error: {pack}")
    for word in words:
        assert word in line, line


@pytest.mark.parametrize("what", ["missing", "directory", "not UTF-8"])
def test_unreadable_pack_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, what: str
) -> None:
    path = tmp_path / "pack.toml"
    if what == "directory":
        path.mkdir()
    elif what == "not UTF-8":
        path.write_bytes(b'name = "\xff\xfe"\n')
    line = one_line_error(capsys, "precedent", "School", "--cards", str(path))
    assert str(path) in line
    assert {"missing": "No such file", "directory": "folder", "not UTF-8": "UTF-8"}[what] in line


def test_pack_saved_with_a_byte_order_mark_loads(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, mini_pack_path: Path
) -> None:
    pack = tmp_path / "bom.toml"
    pack.write_bytes(b"\xef\xbb\xbf" + mini_pack_path.read_bytes())
    cards = run_json(capsys, "cards", "--cards", str(pack))
    assert len(cards) == 32


# ------------------------------------------------------------------- card names


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["precedent", "Brwon", "Tinker"], ["card 1", "'Brwon'", "Brown v Board"]),
        (["precedent", "School", "Tinkr"], ["card 2", "Tinker v Des Moines"]),
        (["precedent", "Brown", "Brown v. Board of Education of Topeka"], ["card 2", "twice"]),
        (["hand", *FLUSH[:6], "Tinker v Des Moines School District"], ["card 7", "twice"]),
        (["hand", *FLUSH[:5]], ["exactly 7", "got 5"]),
        (["hand", *FLUSH, MARBURY], ["exactly 7", "got 8"]),
        (["hand", *FLUSH[:6], "Nobody v Nowhere"], ["card 7", "unknown card"]),
        (["precedent", "x    y"], ["unknown card 'x    y'"]),  # quoted as typed
    ],
)
def test_bad_card_names_and_counts(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: list[str]
) -> None:
    line = one_line_error(capsys, *argv, "--json")
    for word in words:
        assert word in line, line


def test_names_match_loosely(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "precedent", "KATZ VS. US", "california v. greenwood", "4th")
    assert doc["valid"] is True
    assert doc["cards"] == ["Katz v US", "California v Greenwood", "4th Amendment"]


# ------------------------------------------------------------------- precedent contract


def test_precedent_failure_position_is_0_based_and_counts_marbury(
    capsys: pytest.CaptureFixture[str],
) -> None:
    doc = run_json(capsys, "precedent", MARBURY, "Expression", "1st")
    assert doc["valid"] is False and doc["points"] == 0
    assert doc["failure"]["position"] == 1 and doc["failure"]["card"] == "Expression"
    assert isinstance(doc["failure"]["reason"], str) and doc["failure"]["reason"]
    code, out, _ = run(capsys, "precedent", MARBURY, "Expression", "1st")
    assert code == 0 and out.startswith("invalid at card 2 of 3 (Expression)")


def test_precedent_valid_document_types(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "precedent", "Jim Crow Laws", "Plessy", "Civil Rights Act")
    assert set(doc) == {"valid", "cards", "failure", "points", "winner_score"}
    assert doc["winner_score"] is None  # 3 cards are not a hand
    assert doc["valid"] is True and doc["failure"] is None
    assert type(doc["points"]) is int and doc["points"] == 1  # the CRA scores in either role
    code, out, _ = run(capsys, "precedent", "Jim Crow Laws", "Plessy", "Civil Rights Act")
    assert code == 0 and "played as a Law" in out


def test_precedent_cra_failing_in_both_roles_reports_the_later(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # As a Law the CRA cannot be followed by Loving (position 1); as Equality it cannot open.
    doc = run_json(capsys, "precedent", "Civil Rights Act", "Loving v Virginia")
    assert doc["failure"]["position"] == 1
    assert "(as a Law)" in doc["failure"]["reason"]


# ------------------------------------------------------------------- hand contract


def test_hand_prefers_the_flush_on_a_tie(
    capsys: pytest.CaptureFixture[str], mini_pack_path: Path
) -> None:
    # No card points: under cards_only scoring a flush (0 x 3 + 2) ties a 3 + 4 (0 + 2).
    hand = [
        "Race",
        "Dred Scott v Sandford",
        "Jim Crow Laws",
        "Plessy v Ferguson",
        "Voting Rights Act of 1965",
        "Shelby County v Holder",
        MARBURY,
    ]
    doc = run_json(capsys, "hand", *hand, "--rules", "summary", "--cards", str(mini_pack_path))
    assert doc["goes_out"] is True and doc["kind"] == "flush" and doc["winner_score"] == 2
    assert len(doc["precedents"]) == 1 and len(doc["precedents"][0]) == 7
    assert doc["non_winner_score"] == 0 and doc["non_winner_precedents"] == []


def test_hand_document_types(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "hand", *reversed(THREE_FOUR))
    assert doc["goes_out"] is True and doc["kind"] == "three_four"
    assert [len(p) for p in doc["precedents"]] == [3, 4]
    assert all(isinstance(n, str) for p in doc["precedents"] for n in p)
    assert type(doc["winner_score"]) is int and type(doc["non_winner_score"]) is int
    assert doc["winner_score"] == 8 and doc["non_winner_score"] == 6
    lengths = [len(p) for p in doc["non_winner_precedents"]]
    assert lengths == sorted(lengths) and set(lengths) <= {3, 4}


# ------------------------------------------------------------------- arena arguments


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "random,random", "--rounds", "0"], ["--rounds must be at least 1"]),
        (["--players", "random,random", "--rounds", "-4"], ["--rounds must be at least 1"]),
        (["--players", "random,random", "--max-turns", "-1"], ["--max-turns"]),
        (["--players", "random"], ["2-4"]),
        (["--players", "random,,random"], ["2-4"]),
        (["--players", "random,random,random,random,random"], ["2-4"]),
        (["--players", "random,wizard"], ["unknown player 'wizard'", "random"]),
    ],
)
def test_arena_bad_arguments(
    capsys: pytest.CaptureFixture[str], args: list[str], words: list[str]
) -> None:
    line = one_line_error(capsys, "arena", *args, "--json")
    assert line.startswith("civio arena: error:")
    for word in words:
        assert word in line, line


def test_arena_pack_too_small_for_the_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pack = tmp_path / "small.toml"
    pack.write_text('name = "p"\ncustom = true\n' + GOOD_CASE, encoding="utf-8")
    line = one_line_error(
        capsys, "arena", "--players", "random,random", "--rounds", "1", "--cards", str(pack)
    )
    assert "too few" in line


def test_arena_negative_seed_is_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(
        capsys,
        "arena",
        "--players",
        "random,random",
        "--rounds",
        "2",
        "--seed",
        "-7",
        "--max-turns",
        "20",
    )
    assert doc["seed"] == -7 and doc["rounds"] == 2
    assert doc["draws"] + sum(s["wins"] for s in doc["seats"]) == 2
