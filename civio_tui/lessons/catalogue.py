"""The eight lessons of Learn to play, as data: one idea each, learnt by doing
(docs/ARCHITECTURE.md, "Lessons, hints and puzzles").

The material is the publisher's own example precedents
(docs/DECK.md, "Precedents that must be valid"). Every statement about a card is backed by a
claim that tests/lessons/test_lesson_claims.py checks against the rules, so a deck change cannot
make a lesson lie.
"""

from __future__ import annotations

from cards.ranks import RANKS
from civio_tui.keymap import key_label
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

RACE_PRECEDENT = ("Race", BROWN, "14th Amendment")
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
            goal="A precedent is a row of cards, each linked to the one before. Place the "
            "Issue Race, then a Case that lists Race.",
            hand=("Race", ENGEL, BROWN, "14th Amendment"),
            solution=("Race", BROWN),
            praise="Brown v Board (1954) lists Race. It ended segregation in public schools.",
            nudge="Read each Case's issues on the right: which one lists Race?",
            claims=(Valid(("Race", BROWN)),),
        ),
        Build(
            goal="Close the precedent with an Amendment that Brown strengthens.",
            start=("Race", BROWN),
            hand=("1st Amendment", "14th Amendment", "4th Amendment"),
            solution=RACE_PRECEDENT,
            praise="Brown strengthens the 14th Amendment (equal protection). Issue, Case, "
            "Amendment: your first precedent!",
            nudge="A Case card lists the amendments it strengthens: look at Brown's.",
            claims=(Strengthens(BROWN, 14), Valid(RACE_PRECEDENT, points=2)),
        ),
        Build(
            goal="An Amendment can never start a precedent. Build one more: an Issue, a Case "
            "that lists it, an Amendment it strengthens.",
            hand=("Race", "School", ENGEL, "4th Amendment", "1st Amendment"),
            solution=("School", ENGEL, "1st Amendment"),
            must_use=(),
            praise="Engel v Vitale (1962) lists School and strengthens the 1st Amendment: no "
            "official prayers in public schools.",
            nudge="Start from the Case: which Issue does it list, which Amendment does it "
            "strengthen?",
            claims=(Valid(("School", ENGEL, "1st Amendment")), Strengthens(ENGEL, 1)),
        ),
    ),
)

CASE_TO_CASE = Lesson(
    "case-to-case",
    "Case to Case",
    "Either card lists the other; strengthened and weakened",
    (
        Follow(
            teach="A Case may follow another Case when either card lists the other.",
            prev=BARNETTE,
            card=TINKER,
            praise="Tinker (1969) lists Barnette in its plus column: it built on Barnette.",
            nudge="A Case may follow another when either card lists the other's name. Read "
            "both cards' plus and minus columns.",
            claims=(Lists(TINKER, BARNETTE, "plus"), Valid((BARNETTE, TINKER))),
        ),
        Follow(
            prev=ENGEL,
            card=KOREMATSU,
            praise="No listing, no link, however close in time.",
            nudge="Look for Engel's name on Korematsu's card, and Korematsu's name on Engel's.",
            claims=(Invalid((ENGEL, KOREMATSU)),),
        ),
        Choice(
            question="A plus listing means the later Court built on (strengthened) the case. "
            "Hazelwood lists Tinker in its MINUS column. What does that mean?",
            show=(HAZELWOOD,),
            options=(
                Option(
                    "The later Court cut back Tinker (weakened it)",
                    True,
                    "Right: in 1988 Hazelwood let a principal cut articles from a school "
                    "newspaper. A minus listing still links.",
                ),
                Option(
                    "Hazelwood may not follow Tinker",
                    False,
                    "A minus listing is still a link: either card listing the other is enough.",
                ),
                Option(
                    "The Court built on Tinker",
                    False,
                    "That would be the plus column. Minus means weakened or overruled.",
                ),
            ),
            nudge="Minus is the opposite of plus.",
            claims=(Lists(HAZELWOOD, TINKER, "minus"), Valid((TINKER, HAZELWOOD))),
        ),
        Build(
            goal="Chain three Cases, each linked to the one before it.",
            hand=(KOREMATSU, BARNETTE, TINKER, PICO),
            solution=(BARNETTE, TINKER, PICO),
            praise="Barnette (1943), Tinker (1969), Pico (1982): each built on the one before.",
            nudge="Korematsu is not about schools and lists none of the others.",
            claims=(
                Valid((BARNETTE, TINKER, PICO)),
                Lists(PICO, TINKER, "plus"),
                Alone(KOREMATSU, (BARNETTE, TINKER, PICO)),
            ),
        ),
    ),
)

MORE_CARDS = Lesson(
    "more-cards",
    "Laws, Freedoms, Marbury",
    "Where Laws, Freedoms and Amendments stand; the wild card",
    (
        Build(
            goal="A Law may follow a Case that shares an issue with it, in the same year or "
            "later. Place a Law after Brown v Board (1954).",
            start=(BROWN,),
            hand=(JIM_CROW, ESPIONAGE, VRA),
            solution=(BROWN, VRA),
            praise="The Voting Rights Act of 1965 shares the issue Race with Brown, and came "
            "later.",
            nudge="Compare each Law's issues and year with Brown's.",
            claims=(Valid((BROWN, VRA)), Invalid((BROWN, JIM_CROW)), Invalid((BROWN, ESPIONAGE))),
        ),
        Build(
            goal="A Freedom may follow only a Case whose plus column lists it. Place one after "
            "Barnette.",
            start=(BARNETTE,),
            hand=("Privacy", "Expression", "Press"),
            solution=(BARNETTE, "Expression"),
            praise="Barnette lists Expression. After a Freedom only Amendments may follow, and "
            "Amendments end a precedent.",
            nudge="Read Barnette's plus column.",
            claims=(
                Lists(BARNETTE, "Expression", "plus"),
                Valid((BARNETTE, "Expression", "1st Amendment")),
                Invalid((BARNETTE, "Expression", TINKER)),
            ),
        ),
        Build(
            goal="Marbury v Madison is wild: it may stand anywhere; the card after it must link "
            "to the card before it. Build Katz, Marbury, Greenwood, then an Amendment.",
            hand=(GREENWOOD, "14th Amendment", MARBURY, KATZ, "4th Amendment"),
            solution=(KATZ, MARBURY, GREENWOOD, "4th Amendment"),
            must_use=(KATZ, MARBURY, GREENWOOD),
            praise="Marbury (1803) let the Court strike down laws: it fits anywhere, for no "
            "points. The 4th closes it, as Katz strengthens it.",
            nudge="Greenwood lists Katz. Which Amendment does Katz strengthen?",
            claims=(
                Lists(GREENWOOD, KATZ, "plus"),
                Strengthens(KATZ, 4),
                Valid((KATZ, MARBURY, GREENWOOD, "4th Amendment"), points=2),
                Invalid((KATZ, GREENWOOD, "14th Amendment")),
            ),
        ),
    ),
)

FIRST_TURN = Deal(
    you=("Race", BROWN, "14th Amendment", GIDEON, GREGG, ESCOBEDO, GAULT),
    hidden=(ESCOBEDO, GAULT),
    bot=(HAZELWOOD, KATZ, ENGEL, "School", "Privacy", "4th Amendment", PLESSY),
    bot_hidden=("4th Amendment", PLESSY),
    discard=MIRANDA,
    supply=("Religion", KOREMATSU, "Press"),
)
"""One turn of yours: take Miranda from the discard pile, drop Gregg, reveal a card and go out."""

TURN = Lesson(
    "turn",
    "Your turn",
    "Draw, keep or discard, reveal; why two cards stay hidden",
    (
        TableTurn(
            deal=FIRST_TURN,
            moves=(
                Move(
                    "draw discard",
                    goal="A turn starts with a draw: the supply's hidden top card, or the "
                    "discard pile's face-up card. Take the one that links to your cards.",
                    praise="Good: Miranda v Arizona lists Gideon and Escobedo, two of yours.",
                    nudge="Read Miranda's card: does it list any of your cards?",
                    wrong=(
                        (
                            "draw supply",
                            "Allowed, but blind: Miranda, face up on the pile, lists your Gideon "
                            "and Escobedo.",
                        ),
                    ),
                ),
                Move(
                    f"discard {GREGG}",
                    goal="Now you hold 8 cards: discard one. Keep the cards that link.",
                    praise="Right: Gregg v Georgia linked to none of your cards.",
                    nudge="Which card lists none of the others, and is listed by none?",
                ),
                Move(
                    f"reveal {ESCOBEDO}",
                    also=(f"reveal {GAULT}",),
                    goal="End the turn: turn one hidden card face up. Your opponent can see and "
                    "take face-up cards, so keep hidden the card you need most.",
                    praise="Good: Miranda stays hidden. Escobedo and In re Gault link through it.",
                    nudge="Which hidden card do the others link through?",
                    wrong=(
                        (
                            f"reveal {MIRANDA}",
                            "Allowed, but Miranda is the card Escobedo and In re Gault link "
                            "through: face up, an attack could take it. Show a card you need less.",
                        ),
                    ),
                ),
                Move(
                    "civio call",
                    goal="All 7 of your cards now form precedents, 3 cards and 4. Call CIVIO?",
                    praise="CIVIO! Lesson 6 counts the score.",
                    nudge="Calling CIVIO wins the round at once.",
                    wrong=(
                        (
                            "civio play on",
                            "Allowed, but why wait? Bot could go out first.",
                        ),
                    ),
                ),
            ),
            claims=(
                Lists(MIRANDA, GIDEON, "plus"),
                Lists(MIRANDA, ESCOBEDO, "plus"),
                Lists(GAULT, MIRANDA, "plus"),
                Invalid((GIDEON, ESCOBEDO, GAULT)),
                Alone(GREGG, ("Race", BROWN, "14th Amendment", GIDEON, ESCOBEDO, GAULT, MIRANDA)),
                Valid(GIDEON_PRECEDENT),
                Valid(RACE_PRECEDENT),
            ),
        ),
        Choice(
            question="Why keep two cards hidden?",
            options=(
                Option(
                    "Opponents cannot see them or pick them",
                    True,
                    "Right: an attack takes a face-up card of its choosing, a hidden one only "
                    "blind; and hidden cards keep your plans secret.",
                ),
                Option(
                    "Hidden cards score double",
                    False,
                    "Hidden and face-up cards score the same. Think of what opponents can do.",
                ),
                Option(
                    "Hidden cards cannot be discarded",
                    False,
                    "You may discard any card (except one just taken from the discard pile).",
                ),
            ),
            nudge="What can an opponent do with a card they see?",
        ),
    ),
)


def any_draw(goal: str) -> Move:
    """The turn's draw, from either pile (the step is about what comes after it)."""
    return Move("draw supply", also=("draw discard",), goal=goal, nudge="Either pile will do.")


BLIND = "Allowed, but blind. Miranda, face up, lists your Gideon and Escobedo."
ATTACK_DEAL = Deal(
    you=("Race", BROWN, GIDEON, ESCOBEDO, KOREMATSU, CRA, EO9066),
    hidden=(CRA, EO9066),
    bot=(MIRANDA, KATZ, ENGEL, "School", "Privacy", JIM_CROW, PLESSY),
    bot_hidden=(JIM_CROW, PLESSY),
    discard=GREGG,
    supply=("Press", "Religion", "14th Amendment", "Expression"),
    bot_first=True,
)
"""Bot attacks you with Jim Crow Laws (Lose Turn), you overrule with the Civil Rights Act; then
you attack with Executive Order 9066 (Confiscate and Arrest) and take Miranda."""

ATTACKS = Lesson(
    "attacks",
    "Attacks and overrules",
    "Lose Turn, Confiscate and Arrest; overruling with a Law",
    (
        TableTurn(
            deal=ATTACK_DEAL,
            moves=(
                Move("draw supply", bot=True),
                Move(f"discard {JIM_CROW}", bot=True),
                Move("target 0", bot=True),
                Move(
                    f"overrule {CRA}",
                    goal="Some Laws are attacks. Bot discarded Jim Crow Laws: Lose Turn, you "
                    "would miss your next turn. Stop it by showing a Law that overrules it.",
                    praise="Overruled: you keep your turn. In 1964 the Civil Rights Act outlawed "
                    "the segregation of the Jim Crow laws.",
                    nudge="Read the Action line of each of your Laws.",
                    wrong=(
                        (
                            "accept",
                            "You may, but you would miss your next turn: one of your Laws "
                            "overrules Lose Turn.",
                        ),
                    ),
                ),
                any_draw("Your turn: draw a card, from either pile."),
                Move(
                    f"discard {EO9066}",
                    goal="Attack back: discard the Law whose attack, Confiscate and Arrest, "
                    "takes one of Bot's cards.",
                    praise="Executive Order 9066 (1942) sent Japanese Americans to camps.",
                    nudge="Read each Law's Action line.",
                ),
                Move(
                    "target 1",
                    goal="Choose whom it strikes (with more players, you pick one).",
                    nudge="Bot is your only opponent.",
                ),
                Move("accept", bot=True),
                Move(
                    f"confiscate {MIRANDA}",
                    goal="Take one of Bot's face-up cards, or one of its 2 hidden cards blind. "
                    "Which face-up card lists two of your Cases?",
                    praise="Miranda v Arizona is yours now: that is why you hide your best cards. "
                    "With 8 cards, you now discard one to end your turn.",
                    nudge="Read the plus columns: which card names two of your Cases?",
                    wrong=(
                        ("confiscate hidden 0", BLIND),
                        ("confiscate hidden 1", BLIND),
                        ("confiscate School", "School is an Issue: it lists no cards."),
                        ("confiscate Privacy", "Privacy is a Freedom: it lists no cards."),
                        (f"confiscate {ENGEL}", "Engel v Vitale lists none of your Cases."),
                        (f"confiscate {KATZ}", "Katz v US lists none of your Cases."),
                    ),
                ),
            ),
            claims=(
                LawDoes(JIM_CROW, "attack", "lose_turn"),
                LawDoes(CRA, "overrule", "lose_turn"),
                LawDoes(EO9066, "attack", "confiscate"),
                Year(EO9066, 1942),
                Year(CRA, 1964),
                Lists(MIRANDA, GIDEON, "plus"),
                Lists(MIRANDA, ESCOBEDO, "plus"),
            ),
        ),
        Choice(
            question="When Bot attacks you with Confiscate and Arrest, which of your cards "
            "can it take?",
            options=(
                Option(
                    "Only the card you drew last",
                    False,
                    "Bot chooses among all your cards.",
                ),
                Option(
                    "Any card, after looking at your hidden ones",
                    False,
                    "Hidden cards stay hidden: Bot may take one, but only blind.",
                ),
                Option(
                    "A face-up card it chooses, or a hidden one blind",
                    True,
                    "Right: so keep your best cards hidden.",
                ),
            ),
            nudge="You just did it to Bot.",
        ),
    ),
)


CIVIO = Lesson(
    "civio",
    "CIVIO and scoring",
    "Going out: 3 + 4 cards or a Thurgood Flush, and the score",
    (
        Build(
            goal="You go out when your 7 cards form a 3-card and a 4-card precedent. Race → "
            "Brown → 14th is one: finish the other.",
            start=(GIDEON,),
            hand=("Race", GAULT, BROWN, MIRANDA, "14th Amendment", ESCOBEDO),
            solution=GIDEON_PRECEDENT,
            praise="Escobedo, Miranda and In re Gault built on Gideon's right to a lawyer. All 7 "
            "cards are placed: call CIVIO!",
            nudge="Start from Gideon: which card lists it?",
            claims=(
                Valid(GIDEON_PRECEDENT, points=4),
                Valid(RACE_PRECEDENT),
                Lists(ESCOBEDO, GIDEON, "plus"),
                Lists(MIRANDA, GIDEON, "plus"),
                Lists(GAULT, MIRANDA, "plus"),
            ),
        ),
        Choice(
            question="The table says '✓ Goes out (3 + 4): ? pts as winner'. The winner scores "
            "1 point per +1 card, plus 2 for going out. What is the ?",
            precedents=(RACE_PRECEDENT, GIDEON_PRECEDENT),
            options=(
                Option("8", True, "Right: 6 points of cards, plus 2 for going out."),
                Option("6", False, "You counted the cards' points: add 2 for going out."),
                Option(
                    "7",
                    False,
                    "3 + 4 counts cards: a 3-card and a 4-card precedent. Count the +1 cards.",
                ),
                Option("9", False, "Race is an Issue: Issues score 0."),
            ),
            nudge="Count the cards marked +1, then add 2.",
            claims=(WinnerScores((RACE_PRECEDENT, GIDEON_PRECEDENT), 8),),
        ),
        Build(
            goal="A Thurgood Flush is one 7-card precedent. Finish the booklet's.",
            start=("School", BARNETTE, TINKER, PICO),
            hand=("1st Amendment", "Expression", "14th Amendment"),
            solution=BOOKLET_FLUSH,
            praise="Forty years of the Court protecting what students may say and read.",
            nudge="Pico lists a Freedom in its plus column; Amendments go last.",
            claims=(
                Valid(BOOKLET_FLUSH, points=6),
                Lists(TINKER, BARNETTE, "plus"),
                Lists(PICO, TINKER, "plus"),
                Lists(PICO, "Expression", "plus"),
            ),
        ),
        Choice(
            question="A flush triples the whole score: (points + 2) × 3. This one holds 6 "
            "points. What does it score?",
            precedents=(BOOKLET_FLUSH,),
            options=(
                Option("24", True, "Right: (6 + 2) × 3 = 24, the booklet's own example."),
                Option("18", False, "6 × 3 forgets the 2 for going out: it is tripled too."),
                Option(
                    "20",
                    False,
                    "6 × 3 + 2 is a house rule you may pick in New game; the booklet's rule "
                    "triples the 2 too.",
                ),
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
            question=f"Points add up over the rounds of a game to a rank: {RANK_TABLE} ... "
            "With 8 points in all, which is your rank?",
            options=(
                Option("Law Clerk", True, "Right: Law Clerk holds 6 to 10 points."),
                Option("Intern", False, "Intern is 0 to 5 points: you have 8."),
                Option("Judge", False, "Judge starts at 31 points."),
            ),
            nudge="Find the range 8 falls in.",
            claims=(RankAt(8, "Law Clerk"), RankAt(5, "Intern"), RankAt(31, "Judge")),
        ),
        Choice(
            question=f"{RANK_TABLE}. You won a flush for 24 and two rounds for 8 each. Your rank?",
            options=(
                Option("Judge", True, "Right: 24 + 8 + 8 = 40, the top of Judge (31-40)."),
                Option("Lawyer (1st chair)", False, "That is 21-30: add all three rounds."),
                Option("Intern", False, "Points carry over between rounds: add them up."),
            ),
            nudge="Add the three rounds.",
            claims=(RankAt(40, "Judge"), RankAt(21, "Lawyer (1st chair)")),
        ),
        Choice(
            question="A game is several rounds, until someone reaches the target rank (Chief "
            "Justice, 81 points, unless you choose lower). Every game is saved as you play: "
            "Campaigns on the main menu lists your games. You must stop mid-round: what then?",
            options=(
                Option(
                    "Campaigns starts the story again from chapter 1",
                    False,
                    "A campaign is not a story: it is one of your games, saved round by round.",
                ),
                Option(
                    "Continue on the main menu picks it up",
                    True,
                    "Right: Continue opens your latest game, Campaigns all of them. Lessons too "
                    "keep your place: leave with Escape and come back.",
                ),
                Option("It is lost", False, "Every move is saved as you play."),
            ),
            nudge="Every game is saved as you play.",
            claims=(RankAt(81, "Chief Justice of the Supreme Court"),),
        ),
    ),
)

NEXT_PANE, RIGHT, LEFT = (
    key_label(k) for k in ("table.next_pane", "hand.group_right", "hand.group_left")
)
ARRANGE = (
    f"To arrange your cards, go to Your cards ({NEXT_PANE}) and move a card to the next "
    f"precedent with {RIGHT}, back with {LEFT}."
)

COACHED = Lesson(
    "coached",
    "A coached round",
    "Play a round against Easy with teaching hints",
    (
        Play(
            "Time to play a real round against Easy, the gentlest opponent. Teaching hints are "
            "on: at each of your decisions a nudge names the idea. Press H for a hint, H again "
            f"for the move. {ARRANGE} When the round is over, Esc brings you back here (in the "
            "middle of the round, Esc asks first). This round is not one of your saved games.",
        ),
    ),
)

YEARS: tuple[Year, ...] = (
    Year(MARBURY, 1803),
    Year(PLESSY, 1896),
    Year(ESPIONAGE, 1917),
    Year(BARNETTE, 1943),
    Year(BROWN, 1954),
    Year(ENGEL, 1962),
    Year(GIDEON, 1963),
    Year(EO9066, 1942),
    Year(CRA, 1964),
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
