"""The one save format: every game file is a pydantic model under one envelope.

A save file is a JSON object that names its `format` (the kind of file: "civio-tui campaign",
"civio-tui easy play", ...) and its `schema_version`, and says which deck edition it was
played with (a campaign inside `campaign.deck`, the other games in `deck`). `Envelope.parse`
is the only way a save's bytes are read:

- bytes that are not UTF-8, not JSON, nested too deeply, too large, of another kind, of a
  version this program does not know, or that do not validate against the model raise
  `UnreadableSave` with one sentence for the player; nothing else escapes;
- a file of an older version is migrated on read (`MIGRATIONS[n]` turns version n into n+1,
  in memory: the file on disk is only ever written by the game it belongs to, after a move).

The callers keep the rule that a file that cannot be read is never written over: they say
`unreadable_message(...)` ("unreadable (...): kept as it was") and play on without saving.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cards.ruleset import RuleSet
from civio_tui.json_errors import UnreadableJsonError, field_place, read_json

if TYPE_CHECKING:
    from cards.deck import Deck

MAX_SAVE_BYTES = 32 * 1024 * 1024
"""Save files are small; anything far larger is not ours and is not read into memory."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]
T = TypeVar("T")

DECK_SHA256 = r"^[0-9a-f]{64}$"

SAFE_REPLAY_ERRORS = (ValueError, TypeError, LookupError, ArithmeticError, RecursionError)
"""What rebuilding a game from a validated file may raise when its moves do not replay (an
illegal move, a card that is not in the deck): each is a reason, never a crash."""


class UnreadableSave(ValueError):
    """A save file this program cannot use; the message is the reason, for people."""


class DeckEdition(BaseModel):
    """Which deck a save was played with: the pack's name and the SHA-256 of its canonical
    JSON (`Deck.sha256`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    sha256: str = Field(pattern=DECK_SHA256)

    def describe(self) -> str:
        # Always double quotes: repr() would switch to them only for names with an apostrophe.
        return f'"{self.name}" (sha256 {self.sha256[:12]}…)'


class Envelope(BaseModel):
    """What every save file holds first: its kind (`format`) and `schema_version`. A subclass
    sets `KIND`, `VERSION` and the `MIGRATIONS` from older versions; `VERSION_KEY` names the
    field older files kept their version in, when it was not `schema_version`."""

    model_config = ConfigDict(extra="forbid")

    KIND: ClassVar[str]
    VERSION: ClassVar[int]
    WHAT: ClassVar[str]
    """The kind in words, for messages: "Easy Play game"."""
    MIGRATIONS: ClassVar[dict[int, Migration]] = {}
    VERSION_KEY: ClassVar[str] = "schema_version"
    OLD_VERSION_KEY: ClassVar[str | None] = None

    format: str
    schema_version: int

    @property
    def edition(self) -> DeckEdition | None:
        """The deck the save was played with (None: a file from before saves named it)."""
        return None

    @classmethod
    def parse(cls, data: bytes, limit: int = MAX_SAVE_BYTES) -> Self:
        """The save in `data`, migrated to the current version; UnreadableSave says why not."""
        doc = cls.earlier_shape(read_document(data, limit))
        if not isinstance(doc, dict) or doc.get("format") != cls.KIND:
            raise UnreadableSave(f"wrong schema: not a {cls.KIND} file")
        key = cls.VERSION_KEY if cls.VERSION_KEY in doc else (cls.OLD_VERSION_KEY or "")
        version = doc.get(key)
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise UnreadableSave(
                f"wrong schema: {cls.VERSION_KEY} is {version!r}, not a version number"
            )
        if version > cls.VERSION:
            raise UnreadableSave(
                f"made by a newer civio-tui ({cls.VERSION_KEY} {version}; this version reads "
                f"up to {cls.VERSION}): update civio-tui to open it"
            )
        while version < cls.VERSION:
            migrate = cls.MIGRATIONS.get(version)
            if migrate is None:
                raise UnreadableSave(f"wrong schema: version {version} is not one this game wrote")
            try:
                doc = migrate(doc)
            except (*SAFE_REPLAY_ERRORS, AttributeError) as exc:  # a malformed old file
                raise UnreadableSave(
                    f"wrong schema: cannot migrate from {cls.VERSION_KEY} {version}: {exc!r}"
                ) from None
            version += 1
        return cls.validate_document(doc)

    @classmethod
    def earlier_shape(cls, doc: Any) -> Any:
        """A document of a version from before files named their kind, given the envelope's
        keys (a subclass whose early files had none says how); anything else as it is."""
        return doc

    @classmethod
    def validate_document(cls, doc: Any) -> Self:
        """The model from a document of the current version (UnreadableSave if it is not)."""
        try:
            return cls.model_validate(doc)
        except ValidationError as exc:
            raise UnreadableSave(f"wrong schema: {first_error(exc)}") from None
        except RecursionError:
            raise UnreadableSave("wrong schema: nested too deeply") from None

    def to_bytes(self) -> bytes:
        """Indented, human-readable JSON (UTF-8, newline at the end)."""
        return (self.model_dump_json(indent=2) + "\n").encode("utf-8")


def read_document(data: bytes, limit: int = MAX_SAVE_BYTES) -> Any:
    """The JSON document in a file's bytes; UnreadableSave says why there is none."""
    if len(data) > limit:
        raise UnreadableSave(f"larger than {limit // 2**20 or 1} MiB: not a save of this game")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnreadableSave(f"corrupt: not UTF-8 text (byte {exc.start})") from None
    try:
        doc = read_json(text)
    except UnreadableJsonError as exc:
        raise UnreadableSave(f"corrupt JSON: {exc}") from None
    return doc


def first_error(exc: ValidationError) -> str:
    """pydantic's first complaint, where it is and how many more there are."""
    errors = exc.errors()
    err = errors[0]
    where = field_place(err["loc"])
    message = err["msg"].removeprefix("Value error, ")
    extra = len(errors) - 1
    more = f" (and {extra} more problem{'s' if extra > 1 else ''})" if extra else ""
    return f"{where}: {message}{more}" if where else f"{message}{more}"


def first_line(exc: BaseException) -> str:
    text = str(exc)
    return text.splitlines()[0] if text else type(exc).__name__


def unreadable_message(name: str, reason: str, unsaved: str) -> str:
    """The one sentence for a save that cannot be used: it is kept exactly as it was, and
    `unsaved` says what is not saved meanwhile ("this Solitaire deal is not saved")."""
    return f"{name} is unreadable ({reason}): kept as it was, and {unsaved}"


# --- the games kept in one file each -----------------------------------------------------------


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatDoc(_Part):
    """A seat: the name shown and who plays it ("human" or a computer level)."""

    name: str = Field(min_length=1, max_length=40)
    level: str = Field(min_length=1)


class EasyActionDoc(_Part):
    """One Easy Play action as `EasyAction.to_json` writes it."""

    kind: str
    card: int | None = None
    cards: list[int] = Field(default_factory=list, max_length=2)
    source: str | None = None


class EasyGameDoc(_Part):
    """An Easy Play game as `EasyPlayGame.to_json` writes it: settings and every round's
    actions (loading replays them with the rules' checks)."""

    seats: int = Field(ge=2, le=4)
    rules: RuleSet = Field(default_factory=RuleSet)
    seed: int
    target: str | None = None
    max_rounds: int | None = Field(default=None, ge=1)
    tiebreak: str = "shared"
    first_dealer: int = Field(default=0, ge=0, le=3)
    deck_sha256: str | None = Field(default=None, pattern=DECK_SHA256)
    rounds: list[list[EasyActionDoc]] = Field(default_factory=list)


def _saved_at_aware(doc: dict[str, Any]) -> None:
    """Earlier files may hold a `saved_at` without a time zone, or none that parses: UTC is
    assumed, and a time that does not parse is dropped (it only orders the list)."""
    text = doc.get("saved_at")
    if not isinstance(text, str):
        doc.pop("saved_at", None)
        return
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        doc.pop("saved_at", None)
        return
    doc["saved_at"] = (when if when.tzinfo else when.replace(tzinfo=UTC)).isoformat()


def _renamed_version(doc: dict[str, Any]) -> dict[str, Any]:
    """Files before the one envelope kept their version as `version`."""
    out = {k: v for k, v in doc.items() if k != "version"}
    out["schema_version"] = int(doc["version"]) + 1
    _saved_at_aware(out)
    return out


def _easy_v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1, the single `easy-play.json`: seat 0 at the keyboard, every other seat the one
    computer `level`; its name is the file's (given by the store)."""
    names = [str(n) for n in doc["names"]]
    level = str(doc["level"])
    players = [{"name": n, "level": "human" if s == 0 else level} for s, n in enumerate(names)]
    out = {k: v for k, v in doc.items() if k not in ("names", "level")}
    return {**out, "version": 2, "name": doc.get("name", ""), "players": players}


def _easy_v2_to_v3(doc: dict[str, Any]) -> dict[str, Any]:
    return _renamed_version(doc)


class GameFileEnvelope(Envelope):
    """A game kept in one file: when it was saved and the deck edition it is played with."""

    OLD_VERSION_KEY: ClassVar[str | None] = "version"

    saved_at: datetime | None = None
    deck: DeckEdition | None = None
    """None in files from before saves named their deck (the game inside still holds its
    sha256)."""

    @property
    def edition(self) -> DeckEdition | None:
        return self.deck


class EasyPlayFile(GameFileEnvelope):
    """`NAME.easy-play.json`: a named Easy Play game and its players."""

    KIND: ClassVar[str] = "civio-tui easy play"
    VERSION: ClassVar[int] = 3
    WHAT: ClassVar[str] = "Easy Play game"
    MIGRATIONS: ClassVar[dict[int, Migration]] = {1: _easy_v1_to_v2, 2: _easy_v2_to_v3}

    format: Literal["civio-tui easy play"] = "civio-tui easy play"
    schema_version: Literal[3] = 3
    name: str = Field(max_length=40)
    players: list[SeatDoc] = Field(min_length=2, max_length=4)
    game: EasyGameDoc


class SolitaireActionDoc(_Part):
    kind: Literal["turn", "call", "end"]
    precedents: list[list[int]] = Field(default_factory=list, max_length=2)


class SolitaireGameDoc(_Part):
    """A Solitaire deal as `Solitaire.to_json` writes it: its seed and every action."""

    seed: int
    deck_sha256: str | None = Field(default=None, pattern=DECK_SHA256)
    actions: list[SolitaireActionDoc]


def _no_picks() -> list[list[int]]:
    return [[], []]


class SolitaireFile(GameFileEnvelope):
    """`solitaire.json`: the deal in progress and the cards put in precedent 1 and 2."""

    KIND: ClassVar[str] = "civio-tui solitaire"
    VERSION: ClassVar[int] = 2
    WHAT: ClassVar[str] = "Solitaire deal"
    MIGRATIONS: ClassVar[dict[int, Migration]] = {1: _renamed_version}

    format: Literal["civio-tui solitaire"] = "civio-tui solitaire"
    schema_version: Literal[2] = 2
    game: SolitaireGameDoc
    picked: list[list[int]] = Field(default_factory=_no_picks, min_length=2, max_length=2)


class ConcentrationGameDoc(_Part):
    """A Concentration game as `Concentration.to_json` writes it: every place turned."""

    seed: int
    players: int = Field(ge=1, le=4)
    deck_sha256: str | None = Field(default=None, pattern=DECK_SHA256)
    turned: list[int]


class ConcentrationFile(GameFileEnvelope):
    """`concentration.json`: the game in progress and who sits at each seat."""

    KIND: ClassVar[str] = "civio-tui concentration"
    VERSION: ClassVar[int] = 2
    WHAT: ClassVar[str] = "Concentration game"
    MIGRATIONS: ClassVar[dict[int, Migration]] = {1: _renamed_version}

    format: Literal["civio-tui concentration"] = "civio-tui concentration"
    schema_version: Literal[2] = 2
    game: ConcentrationGameDoc
    seats: list[SeatDoc] = Field(min_length=1, max_length=4)


def edition_of(deck: Deck) -> DeckEdition:
    return DeckEdition(name=deck.name, sha256=deck.sha256)


def check_edition(save: Envelope, deck: Deck) -> None:
    """UnreadableSave when the save names another deck than the one it is opened with."""
    edition = save.edition
    if edition is not None and edition.sha256 != deck.sha256:
        raise UnreadableSave(
            f"played with a different deck, {edition.describe()}; this game uses "
            f"{edition_of(deck).describe()}"
        )


def rebuild(build: Callable[[], T]) -> T:
    """The game a validated file describes, replayed by its engine with the rules' checks;
    UnreadableSave when a move does not replay."""
    try:
        return build()
    except SAFE_REPLAY_ERRORS as exc:
        raise UnreadableSave(f"does not replay: {first_line(exc)}") from None
