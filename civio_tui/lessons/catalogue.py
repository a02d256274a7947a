"""The eight lessons of Learn to play, as data: one idea each, learnt by doing
(docs/ARCHITECTURE.md, "Lessons, hints and puzzles").

The material is the publisher's own example precedents
(docs/DECK.md, "Precedents that must be valid"). Every statement about a card is backed by a
claim that tests/lessons/test_lesson_claims.py checks against the rules, so a deck change cannot
make a lesson lie.
"""

from __future__ import annotations

from cards.ranks import RANKS
from civio_tui.keymap import first_key_label
from civio_tui.lessons.model import (
    Alone,
    Build,
    Choice,
    Deal,
    Follow,
    Invalid,
    LawDoes,
    Lesson,
    Lists,
    Move,
    NonWinnerScores,
    Option,
    Play,
    RankAt,
    Strengthens,
    TableTurn,
    Valid,
    WinnerScores,
    Year,
)

BROWN = "Brown v Board of Education of Topeka"
BARNETTE = "Board of Education v Barnette"
TINKER = "Tinker v Des Moines School District"
PICO = "Board of Education v Pico"
HAZELWOOD = "Hazelwood School District v Kuhlmeier"
ENGEL = "Engel v Vitale"
KOREMATSU = "Korematsu v US"
PLESSY = "Plessy v Ferguson"
KATZ = "Katz v US"
SHELLEY = "Shelley v Kraemer"
GREENWOOD = "California v Greenwood"
MARBURY = "Marbury v Madison"
GIDEON = "Gideon v Wainwright"
ESCOBEDO = "Escobedo v Illinois"
MIRANDA = "Miranda v Arizona"
GAULT = "In re Gault"
GREGG = "Gregg v Georgia"
VRA = "Voting Rights Act of 1965"
CRA = "Civil Rights Act of 1964"
CLA = "Civil Liberties Act of 1988"
EO9066 = "Executive Order 9066"
ESPIONAGE = "Espionage Act of 1917"
JIM_CROW = "Jim Crow Laws"
SHAW = "Shaw v Reno"

RACE_PRECEDENT = ("Race", BROWN, "14th Amendment")
SCHOOL_PRECEDENT = ("School", ENGEL, "1st Amendment")
GIDEON_PRECEDENT = (GIDEON, ESCOBEDO, MIRANDA, GAULT)
BOOKLET_FLUSH = ("School", BARNETTE, TINKER, PICO, "Expression", "1st Amendment", "14th Amendment")

RANK_TABLE = " · ".join(
    f"{r.title} {r.low}+" if r.high is None else f"{r.title} {r.low}-{r.high}" for r in RANKS[:5]
)

PRECEDENT = Lesson(
    "precedent",
    "A precedent",
    "Issue, then a Case that lists it, then an Amendment",
    (
        Build(
            goal="A precedent is a row of linked cards. An Issue may only open it. Place Race, "
            "then a Case that lists Race.",
            hand=("Race", ENGEL, BROWN),
            solution=("Race", BROWN),
            praise="Brown v Board (1954) lists Race. It ended segregated schools.",
            nudge="Read each Case's Issues line: which one lists Race?",
            claims=(Valid(("Race", BROWN)), Invalid(("Race", ENGEL)), Invalid((BROWN, "Race"))),
        ),
        Build(
            goal="End it with an Amendment that Brown strengthens.",
            start=("Race", BROWN),
            hand=("1st Amendment", "14th Amendment", "4th Amendment"),
            solution=RACE_PRECEDENT,
            praise="Brown strengthens the 14th (equal protection). Your first precedent!",
            nudge="Read Brown's Strengthens line.",
            claims=(Strengthens(BROWN, 14), Valid(RACE_PRECEDENT, points=2)),
        ),
        Build(
            goal="Now one on your own: Issue, Case, Amendment.",
            hand=("Race", "School", ENGEL, "4th Amendment", "1st Amendment"),
            solution=SCHOOL_PRECEDENT,
            must_use=(),
            praise="Engel v Vitale (1962) lists School and strengthens the 1st: no official "
            "prayers in public schools.",
            nudge="Start from the Case: which Issue does it list, which Amendment does it "
            "strengthen?",
            claims=(
                Valid(SCHOOL_PRECEDENT),
                Strengthens(ENGEL, 1),
                Invalid((ENGEL, "4th Amendment")),
            ),
        ),
    ),
)

CASE_TO_CASE = Lesson(
    "case-to-case",
    "Case to Case",
    "Either card lists the other; strengthened and weakened",
    (
        Follow(
            teach="A Case may follow another Case when either one lists the other.",
            prev=BARNETTE,
            card=TINKER,
            praise="Tinker (1969) lists Barnette under Plus: it built on Barnette.",
            nudge="Read both cards' Plus and Minus lines.",
            claims=(Lists(TINKER, BARNETTE, "plus"), Valid((BARNETTE, TINKER))),
        ),
        Follow(
            prev=ENGEL,
            card=KOREMATSU,
            praise="No listing, no link.",
            nudge="Look for Engel's name on Korematsu's card, and the other way round.",
            claims=(Invalid((ENGEL, KOREMATSU)),),
        ),
        Choice(
            question="Plus means a later Court built on a case. Hazelwood lists Tinker under "
            "Minus. What does that mean?",
            show=(HAZELWOOD,),
            options=(
                Option(
                    "The Court cut Tinker back",
                    True,
                    "Right: in 1988 Hazelwood let a principal cut a school newspaper. Minus "
                    "still links.",
                ),
                Option("Hazelwood may not follow Tinker", False, "Minus is a link too."),
                Option("The Court built on Tinker", False, "That would be Plus."),
            ),
            nudge="Minus is the opposite of Plus.",
            claims=(Lists(HAZELWOOD, TINKER, "minus"), Valid((TINKER, HAZELWOOD))),
        ),
        Build(
            goal="Chain three Cases, each linked to the one before.",
            hand=(KOREMATSU, BARNETTE, TINKER, HAZELWOOD),
            solution=(BARNETTE, TINKER, HAZELWOOD),
            praise="Barnette, Tinker, Hazelwood: built on, then cut back.",
            nudge="Korematsu lists none of the others.",
            claims=(
                Valid((BARNETTE, TINKER, HAZELWOOD)),
                Alone(KOREMATSU, (BARNETTE, TINKER, HAZELWOOD)),
            ),
        ),
    ),
)

MORE_CARDS = Lesson(
    "more-cards",
    "Laws, Freedoms, Marbury",
    "Laws after Cases and Cases after Laws; Freedoms; the wild card",
    (
        Build(
            goal="A Law may follow a Case sharing an issue, in its year or later. Place one "
            "after Shelley v Kraemer (1948).",
            start=(SHELLEY,),
            hand=(JIM_CROW, VRA),
            solution=(SHELLEY, VRA),
            praise="The Voting Rights Act (1965) shares Race.",
            nudge="Compare the Laws' issues and years with Shelley's.",
            claims=(Valid((SHELLEY, VRA)), Invalid((SHELLEY, JIM_CROW))),
        ),
        Build(
            goal="A Case may follow a Law it lists; a Law never follows a Law. What comes next?",
            start=(SHELLEY, VRA),
            hand=(JIM_CROW, SHAW),
            solution=(SHELLEY, VRA, SHAW),
            praise="Shaw v Reno (1993) lists the Act under Minus: it limited districts drawn "
            "by race.",
            nudge="Which card lists the Voting Rights Act?",
            claims=(
                Lists(SHAW, VRA, "minus"),
                Valid((SHELLEY, VRA, SHAW)),
                Valid(("Race", VRA, SHAW)),
                Invalid((VRA, JIM_CROW)),
                Invalid((JIM_CROW, SHAW)),
            ),
        ),
        Build(
            goal="A Freedom comes right after a Case that lists it under Plus. Place one after "
            "Katz.",
            start=(KATZ,),
            hand=("Expression", "Privacy"),
            solution=(KATZ, "Privacy"),
            praise="Katz lists Privacy. After a Freedom come only Amendments.",
            nudge="Read Katz's Plus line.",
            claims=(
                Lists(KATZ, "Privacy", "plus"),
                Valid((KATZ, "Privacy", "4th Amendment")),
                Invalid((KATZ, "Privacy", GREENWOOD)),
                Invalid((KATZ, "Expression")),
            ),
        ),
        Build(
            goal="Marbury v Madison is wild. Build Katz, Marbury, Greenwood, then an Amendment.",
            hand=(GREENWOOD, MARBURY, KATZ, "4th Amendment", "1st Amendment"),
            solution=(KATZ, MARBURY, GREENWOOD, "4th Amendment"),
            must_use=(KATZ, MARBURY, GREENWOOD),
            praise="Katz, earlier in the row, strengthens the 4th.",
            nudge="Greenwood strengthens no Amendment. Which one does Katz strengthen?",
            claims=(
                Lists(GREENWOOD, KATZ, "plus"),
                Strengthens(KATZ, 4),
                Valid((KATZ, MARBURY, GREENWOOD, "4th Amendment"), points=2),
                Valid((SHELLEY, VRA, "14th Amendment")),
                Invalid((KATZ, GREENWOOD, "1st Amendment")),
            ),
        ),
    ),
)

FIRST_TURN = Deal(
    you=("School", ENGEL, "1st Amendment", GIDEON, "8th Amendment", ESCOBEDO, GAULT),
    hidden=(ESCOBEDO, GAULT),
    bot=(HAZELWOOD, KATZ, "Race", "Press", "Privacy", "4th Amendment", PLESSY),
    bot_hidden=("4th Amendment", PLESSY),
    discard=MIRANDA,
    supply=("Religion", KOREMATSU, "Expression"),
)
"""One turn of yours: take Miranda from the discard pile, drop Gregg, reveal a card and go out."""

TURN = Lesson(
    "turn",
    "Your turn",
    "Draw, discard, turn a card face up; why two cards stay hidden",
    (
        TableTurn(
            deal=FIRST_TURN,
            moves=(
                Move(
                    "draw discard",
                    goal="Draw the supply's unseen top card or the discard pile's face-up one: "
                    "take the one that fits.",
                    praise="Miranda lists Gideon and Escobedo. It joins your hidden cards.",
                    nudge="Does Miranda list any of your cards?",
                    wrong=(("draw supply", "Allowed, but blind: Miranda fits your cards."),),
                ),
                Move(
                    "discard 8th Amendment",
                    goal="You hold 8: discard one that fits none of the others.",
                    praise="None of your Cases strengthens the 8th.",
                    nudge="Which card lists none of the others, and is listed by none?",
                ),
                Move(
                    f"reveal {ESCOBEDO}",
                    also=(f"reveal {GAULT}",),
                    goal="Turn one of your 3 hidden cards face up: Bot can take face-up ones.",
                    praise="Miranda stays hidden: your Cases link through it.",
                    nudge="Which hidden card do the others link through?",
                    wrong=(
                        (
                            f"reveal {MIRANDA}",
                            "Allowed, but the others link through Miranda: keep it hidden.",
                        ),
                    ),
                ),
                Move(
                    "civio call",
                    goal="Your 7 cards can go out now. Call CIVIO?",
                    nudge="Calling CIVIO wins the round.",
                    wrong=(("civio play on", "Allowed, but Bot could go out first."),),
                ),
            ),
            claims=(
                Lists(MIRANDA, GIDEON, "plus"),
                Lists(MIRANDA, ESCOBEDO, "plus"),
                Lists(GAULT, MIRANDA, "plus"),
                Invalid((GIDEON, ESCOBEDO, GAULT)),
                Alone("8th Amendment", (*SCHOOL_PRECEDENT, GIDEON, ESCOBEDO, GAULT, MIRANDA)),
                Valid(GIDEON_PRECEDENT),
                Valid(SCHOOL_PRECEDENT),
            ),
        ),
    ),
)


BLIND = "Allowed, but blind: a face-up card is one your Gideon strengthens."
ATTACK_DEAL = Deal(
    you=(GIDEON, "1st Amendment", "4th Amendment", "8th Amendment", "14th Amendment", CRA, EO9066),
    hidden=(CRA, EO9066),
    bot=(
        "5th Amendment",
        "6th Amendment",
        "9th Amendment",
        "15th Amendment",
        "Elections",
        JIM_CROW,
        PLESSY,
    ),
    bot_hidden=(JIM_CROW, PLESSY),
    discard=GREGG,
    supply=("Race", "School", "Justice"),
    bot_first=True,
)
"""Bot attacks you with Jim Crow Laws (Lose Turn), you overrule with the Civil Rights Act; then
you attack with Executive Order 9066 (Confiscate and Arrest), take the 6th Amendment and discard
a card."""

ATTACKS = Lesson(
    "attacks",
    "Attacks and overrules",
    "Lose Turn, Confiscate and Arrest; overruling an attack",
    (
        TableTurn(
            deal=ATTACK_DEAL,
            moves=(
                Move("draw supply", bot=True),
                Move(f"discard {JIM_CROW}", bot=True),
                Move("target 0", bot=True),
                Move(
                    f"overrule {CRA}",
                    goal="Can one of your cards overrule it?",
                    praise="Overruled! The Civil Rights Act (1964) outlawed Jim Crow segregation.",
                    nudge="Read the Action line of your cards.",
                    wrong=(("accept", "You would miss your next turn: overrule it."),),
                ),
                Move("draw supply", for_you=True),
                Move(
                    f"discard {EO9066}",
                    goal="Your turn: discard your attacking Law.",
                    praise="It attacks: Confiscate and Arrest.",
                    nudge="Read each Law's Action line.",
                ),
                Move(
                    "target 1",
                    goal="Attack whom?",
                    praise="Attacked!",
                    nudge="Bot is your only opponent.",
                ),
                Move("accept", bot=True),
                Move(
                    "confiscate 6th Amendment",
                    goal="Confiscate: which of Bot's cards does your Gideon strengthen?",
                    praise="The 6th is yours, hidden.",
                    nudge="Read Gideon's Strengthens line.",
                    wrong=(
                        ("confiscate hidden 0", BLIND),
                        ("confiscate hidden 1", BLIND),
                        ("confiscate Elections", "An Issue only opens a precedent."),
                        *(
                            (
                                f"confiscate {n}th Amendment",
                                f"Gideon does not strengthen the {n}th.",
                            )
                            for n in (5, 9, 15)
                        ),
                    ),
                ),
                Move("reveal Justice", bot=True),
                Move(
                    "discard 8th Amendment",
                    also=("discard 1st Amendment", "discard 4th Amendment"),
                    goal="Discard one to end your turn.",
                    praise="Your turn ends.",
                    nudge="Which card fits none of your others?",
                ),
            ),
            claims=(
                LawDoes(JIM_CROW, "attack", "lose_turn"),
                LawDoes(CRA, "overrule", "lose_turn"),
                LawDoes(EO9066, "attack", "confiscate"),
                Year(EO9066, 1942),
                Year(CRA, 1964),
                Strengthens(GIDEON, 6),
                *(Invalid((GIDEON, f"{n}th Amendment")) for n in (5, 9, 15)),
            ),
        ),
    ),
)


CIVIO = Lesson(
    "civio",
    "CIVIO and scoring",
    "Going out: 3 + 4 cards or a Thurgood Flush, and the score",
    (
        Choice(
            question="You go out with a 3-card and a 4-card precedent. You score 1 per +1 card, "
            "plus 2 for going out. Your score?",
            precedents=(RACE_PRECEDENT, GIDEON_PRECEDENT),
            options=(
                Option("8", True, "Right: 6 card points, plus 2."),
                Option("6", False, "Add 2 for going out."),
                Option("7", False, "Count the +1 cards, not all the cards."),
            ),
            nudge="Count the +1 cards, then add 2.",
            claims=(WinnerScores((RACE_PRECEDENT, GIDEON_PRECEDENT), 8),),
        ),
        Build(
            goal="A Thurgood Flush is one precedent of all 7. It may end in a run of "
            "Amendments, each strengthened by a Case in it. Finish this one.",
            start=("School", BARNETTE, TINKER, PICO),
            hand=("1st Amendment", "Expression", "14th Amendment"),
            solution=BOOKLET_FLUSH,
            praise="It is the example in the game's printed rules: forty years of students' "
            "free speech.",
            nudge="Pico lists a Freedom; Amendments go last.",
            claims=(
                Valid(BOOKLET_FLUSH, points=6),
                Lists(PICO, "Expression", "plus"),
                Strengthens(TINKER, 14),
            ),
        ),
        Choice(
            question="A flush scores (points + 2) × 3. This one holds 6 points. Its score?",
            precedents=(BOOKLET_FLUSH,),
            options=(
                Option("24", True, "Right: (6 + 2) × 3 = 24."),
                Option("18", False, "Add the 2 before you multiply."),
            ),
            nudge="Add the 2 first, then multiply by 3.",
            claims=(WinnerScores((BOOKLET_FLUSH,), 24),),
        ),
    ),
)

RANKS_LESSON = Lesson(
    "ranks",
    "Ranks and campaigns",
    "Points add up to ranks; your games are saved",
    (
        Choice(
            question=f"Your points add up over a game's rounds to a rank: {RANK_TABLE} … "
            "With 8 points, your rank?",
            options=(
                Option("Law Clerk", True, "Right: 6 to 10."),
                Option("Intern", False, "Intern is 0 to 5."),
                Option("Judge", False, "Judge starts at 31."),
            ),
            nudge="Find the range 8 falls in.",
            claims=(RankAt(8, "Law Clerk"), RankAt(5, "Intern"), RankAt(31, "Judge")),
        ),
        Choice(
            question="If Bot goes out first, your 3- and 4-card precedents still score, without "
            "the 2. So the table says 'Not out yet · 4 points if someone else wins'. Why 4?",
            precedents=(GIDEON_PRECEDENT,),
            options=(
                Option("Your 4 +1 cards", True, "Right: a round you lose still counts."),
                Option("4 cards in a row", False, "It counts points, not cards."),
            ),
            nudge="Count the +1 cards.",
            claims=(NonWinnerScores((*GIDEON_PRECEDENT, GREGG, "Race", KOREMATSU), 4),),
        ),
        Choice(
            question=f"{RANK_TABLE}. You win a flush for 24, then two rounds for 8. Your rank?",
            options=(
                Option("Judge", True, "Right: 24 + 8 + 8 = 40."),
                Option("Lawyer (1st chair)", False, "That is 21-30: add all three."),
                Option("Intern", False, "Points carry over: add them up."),
            ),
            nudge="Add the three rounds.",
            claims=(RankAt(40, "Judge"), RankAt(21, "Lawyer (1st chair)")),
        ),
        Choice(
            question="A game ends when someone reaches Chief Justice (81 points) or the lower "
            "goal you chose. You must stop mid-round: what then?",
            options=(
                Option(
                    "Continue, on the main menu, picks it up",
                    True,
                    "Right: every move is saved. Campaigns lists all your games.",
                ),
                Option("It is lost", False, "Every move is saved as you play."),
            ),
            nudge="Every game is saved as you play.",
            claims=(RankAt(81, "Chief Justice of the Supreme Court"),),
        ),
    ),
)

NEXT_PANE, RIGHT, LEFT, RAISE, LOWER = (
    first_key_label(k)
    for k in ("table.next_pane", "hand.group_right", "hand.group_left", "hand.raise", "hand.lower")
)
ARRANGE = (
    f"In Your cards ({NEXT_PANE}), {RIGHT} and {LEFT} move a card to another precedent, "
    f"{RAISE} and {LOWER} move it up or down within one."
)

COACHED = Lesson(
    "coached",
    "A coached round",
    "Play a round against Easy with teaching hints",
    (
        Play(
            "Now a real round against Easy. At each move a hint names an idea: H for a hint, H "
            f"again for the move. {ARRANGE} Esc brings you back here. This round is not saved "
            "with your games.",
        ),
    ),
)

YEARS: tuple[Year, ...] = (
    Year(MARBURY, 1803),
    Year(PLESSY, 1896),
    Year(ESPIONAGE, 1917),
    Year(BARNETTE, 1943),
    Year(BROWN, 1954),
    Year(SHELLEY, 1948),
    Year(ENGEL, 1962),
    Year(GIDEON, 1963),
    Year(EO9066, 1942),
    Year(CRA, 1964),
    Year(VRA, 1965),
    Year(SHAW, 1993),
    Year(GAULT, 1967),
    Year(TINKER, 1969),
    Year(PICO, 1982),
    Year(HAZELWOOD, 1988),
    Year(CLA, 1988),
)
"""The years the lessons' words give cards (a test finds every year in the text here)."""

LESSONS: tuple[Lesson, ...] = (
    PRECEDENT,
    CASE_TO_CASE,
    MORE_CARDS,
    TURN,
    ATTACKS,
    CIVIO,
    RANKS_LESSON,
    COACHED,
)


def lesson_by_id(lesson_id: str) -> Lesson:
    """The lesson with this id (KeyError for an id no lesson has)."""
    for lesson in LESSONS:
        if lesson.id == lesson_id:
            return lesson
    raise KeyError(lesson_id)
