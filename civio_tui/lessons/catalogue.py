"""The eight lessons of Learn to play, as data (LEARNING.md): one idea each, learnt by doing.

The material is the publisher's own example precedents (DECK.md). Every statement about a card
is backed by a claim that tests/lessons/test_lesson_claims.py checks against the rules, so a
deck change cannot make a lesson lie.
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
            goal="An Issue opens a precedent. Place Race first, then a Case that lists Race.",
            hand=("Race", ENGEL, BROWN, "14th Amendment"),
            solution=("Race", BROWN),
            praise=(
                "Brown v Board of Education (1954) lists the issue Race, so it may follow Race. "
                "In Brown the Court ended legal segregation in public schools."
            ),
            nudge="Read each Case's issues on the right: which one lists Race?",
            claims=(Valid(("Race", BROWN)),),
        ),
        Build(
            goal="Close the precedent with an Amendment that Brown v Board strengthens.",
            start=("Race", BROWN),
            hand=("1st Amendment", "14th Amendment", "4th Amendment"),
            solution=RACE_PRECEDENT,
            praise=(
                "Brown strengthens the 14th Amendment: it read the 14th's equal protection as "
                "forbidding separate schools. Issue, Case, Amendment: your first precedent!"
            ),
            nudge="A Case card lists the amendments it strengthens: look at Brown's.",
            claims=(Strengthens(BROWN, 14), Valid(RACE_PRECEDENT, points=2)),
        ),
        Build(
            goal="Now build one yourself: an Issue, a Case that lists it, an Amendment it "
            "strengthens.",
            hand=("Race", "School", ENGEL, "4th Amendment", "1st Amendment"),
            solution=("School", ENGEL, "1st Amendment"),
            must_use=(),
            praise=(
                "Engel v Vitale (1962) lists School and strengthens the 1st Amendment: the Court "
                "ruled that official prayers in public schools break the separation of church "
                "and state."
            ),
            nudge="Start from the Case: which Issue does it list, which Amendment does it "
            "strengthen?",
            claims=(Valid(("School", ENGEL, "1st Amendment")), Strengthens(ENGEL, 1)),
        ),
        Choice(
            question="Why may Brown v Board follow the Issue Race?",
            show=(BROWN,),
            options=(
                Option(
                    "Brown's card lists the issue Race",
                    True,
                    "Yes: a Case may follow an Issue it lists. That is the whole link.",
                ),
                Option(
                    "Brown is a famous case",
                    False,
                    "Fame does not count, only what the cards list. Look at Brown's issues.",
                ),
                Option(
                    "Race is older than Brown",
                    False,
                    "Issues have no year. Look at what Brown's card lists.",
                ),
            ),
            nudge="Find the word Race on Brown's card.",
            claims=(Valid(("Race", BROWN)),),
        ),
    ),
)

CASE_TO_CASE = Lesson(
    "case-to-case",
    "Case to Case",
    "Either card lists the other; strengthened and weakened",
    (
        Follow(
            prev=BARNETTE,
            card=TINKER,
            praise=(
                "Tinker lists Barnette in its plus column: in 1969 the Court built on Barnette's "
                "protection of students who refuse to salute the flag."
            ),
            nudge="A Case may follow another when either card lists the other's name. Read "
            "both cards' plus and minus columns.",
            claims=(Lists(TINKER, BARNETTE, "plus"), Valid((BARNETTE, TINKER))),
        ),
        Follow(
            prev=ENGEL,
            card=KOREMATSU,
            praise="Two Cases with no listing between them never link, however close in time.",
            nudge="Look for Engel's name on Korematsu's card, and Korematsu's name on Engel's.",
            claims=(Invalid((ENGEL, KOREMATSU)),),
        ),
        Follow(
            prev=BROWN,
            card=PLESSY,
            praise=(
                "Brown lists Plessy in its minus column: in 1954 the Court overruled Plessy's "
                "'separate but equal'. A minus listing links too, in either order."
            ),
            nudge="Check the minus columns as well as the plus columns.",
            claims=(Lists(BROWN, PLESSY, "minus"), Valid((BROWN, PLESSY)), Valid((PLESSY, BROWN))),
        ),
        Choice(
            question="Pico lists Tinker in its PLUS column. What does that say about history?",
            show=(PICO,),
            options=(
                Option(
                    "The later Court built on Tinker (strengthened it)",
                    True,
                    "Right. In 1982 Pico built on Tinker: students keep their rights at school, "
                    "here the right to find books in the school library.",
                ),
                Option(
                    "The later Court cut Tinker back",
                    False,
                    "That is what the minus column means. Plus means strengthened: built on.",
                ),
                Option(
                    "Pico came before Tinker",
                    False,
                    "Cards list earlier cases: Tinker (1969) came before Pico (1982).",
                ),
            ),
            nudge="Plus and minus: which one sounds like support?",
            claims=(Lists(PICO, TINKER, "plus"),),
        ),
        Choice(
            question="Hazelwood lists Tinker in its MINUS column. What does that mean?",
            show=(HAZELWOOD,),
            options=(
                Option(
                    "The later Court cut back Tinker (weakened it)",
                    True,
                    "Right. In 1988 Hazelwood let a principal cut articles from a school "
                    "newspaper, narrowing Tinker. It still links: Hazelwood may follow Tinker.",
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
            praise=(
                "Barnette (1943), Tinker (1969), Pico (1982): three Courts, each building on the "
                "one before, for students' freedom of expression."
            ),
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
            praise=(
                "The Voting Rights Act of 1965 shares the issue Race with Brown and came later: "
                "Congress followed the Court in ending legal discrimination, at the ballot box."
            ),
            nudge="Compare each Law's issues and year with Brown's.",
            claims=(Valid((BROWN, VRA)), Invalid((BROWN, JIM_CROW)), Invalid((BROWN, ESPIONAGE))),
        ),
        Build(
            goal="A Freedom may follow only a Case whose plus column lists it. Place a Freedom "
            "after Barnette.",
            start=(BARNETTE,),
            hand=("Privacy", "Expression", "Press"),
            solution=(BARNETTE, "Expression"),
            praise=(
                "Barnette's plus column lists Expression: in 1943 the Court ruled that no "
                "student can be forced to salute the flag."
            ),
            nudge="Read Barnette's plus column.",
            claims=(Lists(BARNETTE, "Expression", "plus"), Valid((BARNETTE, "Expression"))),
        ),
        Build(
            goal="Amendments close a precedent: only another Amendment may follow one. Build "
            "Engel v Vitale, Tinker and the 1st Amendment into one precedent.",
            hand=("1st Amendment", TINKER, ENGEL),
            solution=(ENGEL, TINKER, "1st Amendment"),
            praise=(
                "Tinker lists Engel v Vitale, and both strengthen the 1st Amendment, which closes "
                "the precedent: an example from the booklet itself."
            ),
            nudge="Put the two Cases first; the Amendment goes last.",
            claims=(
                Lists(TINKER, ENGEL, "plus"),
                Strengthens(ENGEL, 1),
                Valid((ENGEL, TINKER, "1st Amendment")),
            ),
        ),
        Build(
            goal="Marbury v Madison is the wild card: it may stand anywhere. Build Katz v US, "
            "Marbury, California v Greenwood and an Amendment into one precedent.",
            hand=(GREENWOOD, "14th Amendment", MARBURY, KATZ, "4th Amendment"),
            solution=(KATZ, MARBURY, GREENWOOD, "4th Amendment"),
            must_use=(KATZ, MARBURY, GREENWOOD),
            praise=(
                "Marbury v Madison (1803) gave the Court the power to strike down laws, which "
                "every later case relies on: so it fits anywhere (it scores no points). An "
                "Amendment needs a Case of the precedent that strengthens it: Katz, the 4th."
            ),
            nudge="Greenwood lists Katz. Which Amendment does Katz strengthen?",
            claims=(
                Lists(GREENWOOD, KATZ, "plus"),
                Strengthens(KATZ, 4),
                Valid((KATZ, MARBURY, GREENWOOD, "4th Amendment"), points=2),
                Invalid((KATZ, GREENWOOD, "14th Amendment")),
            ),
        ),
        Choice(
            question="In Barnette → Expression → ?, what may come after the Freedom?",
            options=(
                Option(
                    "An Amendment",
                    True,
                    "Right: after a Freedom only Amendments follow, and one Freedom per "
                    "precedent. Barnette → Expression → 1st Amendment is valid.",
                ),
                Option("Another Case", False, "After a Freedom only Amendments may follow."),
                Option("Another Freedom", False, "A precedent holds at most one Freedom."),
            ),
            nudge="A Freedom is near the end of a precedent.",
            claims=(
                Valid((BARNETTE, "Expression", "1st Amendment")),
                Invalid((BARNETTE, "Expression", TINKER)),
                Invalid((BARNETTE, "Expression", "Religion")),
            ),
        ),
    ),
)

FIRST_TURNS = Deal(
    you=("Race", BROWN, GIDEON, GREGG, KOREMATSU, ESCOBEDO, GAULT),
    hidden=(ESCOBEDO, GAULT),
    bot=(HAZELWOOD, KATZ, ENGEL, "School", "Privacy", "4th Amendment", PLESSY),
    bot_hidden=("4th Amendment", PLESSY),
    discard=MIRANDA,
    supply=("Religion", "14th Amendment", "Press"),
)
"""Two turns of yours and one of Bot's: take Miranda from the pile, drop Gregg, then draw the
14th Amendment, drop Korematsu and go out."""

ANY_REVEAL = "Any one is allowed: each turn ends with 5 cards face up and 2 hidden."

TURN = Lesson(
    "turn",
    "Your turn",
    "Draw, keep or discard, reveal; why two cards stay hidden",
    (
        TableTurn(
            deal=FIRST_TURNS,
            moves=(
                Move(
                    "draw discard",
                    goal="Your turn starts with a draw: the hidden top card of the supply, or "
                    "the face-up top of the discard pile (Miranda v Arizona). Take the better.",
                    praise="Good: Miranda lists Gideon and Escobedo, two of your cards.",
                    nudge="Read Miranda's card: does it list any of your cards?",
                    wrong=(
                        (
                            "draw supply",
                            "Allowed, but blind: the discard pile shows Miranda, which lists "
                            "Gideon and Escobedo, two of your cards.",
                        ),
                    ),
                ),
                Move(
                    f"discard {GREGG}",
                    goal="You hold 8 cards: discard one to get back to 7. Keep the cards that "
                    "link to others.",
                    praise="Right: Gregg v Georgia links to none of your cards. Gideon → "
                    "Escobedo → Miranda → In re Gault is a 4-card precedent now.",
                    nudge="Which card lists none of the others, and is listed by none?",
                    wrong=(
                        (
                            f"discard {KOREMATSU}",
                            "Korematsu v US lists the issue Race, so it could still join a "
                            "precedent. One of your cards links to nothing at all.",
                        ),
                    ),
                ),
                Move(
                    f"reveal {ESCOBEDO}",
                    also=(f"reveal {GAULT}", f"reveal {MIRANDA}"),
                    goal="You hold 3 hidden cards (the card you take goes to them). End your "
                    "turn by turning one of them face up.",
                    praise=ANY_REVEAL,
                    nudge="Any of the three: the rule is 5 face up and 2 hidden.",
                ),
                Move("draw supply", bot=True),
                Move("discard Religion", bot=True),
                Move(
                    "draw supply",
                    goal="Your turn again. Bot threw away Religion: does it link to your "
                    "cards, or is the supply the better draw?",
                    praise="",
                    nudge="Religion is a Freedom: it needs a Case whose plus column lists it.",
                    wrong=(
                        (
                            "draw discard",
                            "Religion links to none of your cards: a blind draw from the supply "
                            "is the better chance.",
                        ),
                    ),
                ),
                Move(
                    f"discard {KOREMATSU}",
                    goal="You drew the 14th Amendment: keep it and discard another card, or "
                    "discard it at once? Race → Brown → 14th is a 3-card precedent.",
                    praise="Right: the 14th closes Race → Brown → 14th, and Korematsu is left "
                    "over.",
                    nudge="Brown strengthens the 14th. Which card would then be left over?",
                    wrong=(
                        (
                            "discard 14th Amendment",
                            "Brown v Board strengthens the 14th Amendment: it closes Race → "
                            "Brown → 14th. Keep it, and discard another card.",
                        ),
                    ),
                ),
                Move(
                    "reveal 14th Amendment",
                    also=(f"reveal {ESCOBEDO}", f"reveal {GAULT}", f"reveal {MIRANDA}"),
                    goal="3 hidden cards again: turn one face up. Which would you rather keep "
                    "out of your opponent's sight?",
                    praise=ANY_REVEAL,
                    nudge="Any of the three: keep hidden the cards you need most.",
                ),
                Move(
                    "civio call",
                    goal="All 7 of your cards form precedents: Race → Brown → 14th and Gideon "
                    "→ Escobedo → Miranda → In re Gault. The game asks: call CIVIO?",
                    praise="CIVIO! Lesson 6 shows how a win is scored.",
                    nudge="Calling CIVIO wins the round at once.",
                    wrong=(
                        (
                            "civio play on",
                            "Allowed, but why wait? Bot could go out first. Call CIVIO.",
                        ),
                    ),
                ),
            ),
            claims=(
                Lists(MIRANDA, GIDEON, "plus"),
                Lists(MIRANDA, ESCOBEDO, "plus"),
                Alone(GREGG, ("Race", BROWN, GIDEON, KOREMATSU, ESCOBEDO, GAULT, MIRANDA)),
                Alone("Religion", ("Race", BROWN, GIDEON, KOREMATSU, ESCOBEDO, GAULT, MIRANDA)),
                Valid(("Race", KOREMATSU)),
                Valid(GIDEON_PRECEDENT),
                Valid(RACE_PRECEDENT),
                Strengthens(BROWN, 14),
            ),
        ),
        Choice(
            question="Why keep two cards hidden at all?",
            options=(
                Option(
                    "Opponents cannot pick them and cannot see what I collect",
                    True,
                    "Right. A Confiscate attack takes a face-up card of the attacker's choice, "
                    "but a hidden one only blind; and hidden cards give your plans away to no "
                    "one. Hide the cards you need most.",
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
            nudge="Lesson 5 is about attacks: what could an opponent do with a card they see?",
        ),
        Choice(
            question="At the table your cards sit in Precedent A, Precedent B and Not placed, "
            "in the pane Your cards. How do you move the highlighted card into a precedent?",
            options=(
                Option(
                    "With Enter",
                    False,
                    "Enter answers the question in the pane Your move (draw, discard...).",
                ),
                Option(
                    f"With {key_label('hand.group_right')} and {key_label('hand.group_left')}",
                    True,
                    f"Right: in Your cards ({key_label('table.next_pane')} gets you there), "
                    f"{key_label('hand.group_right')} moves it to the next precedent, "
                    f"{key_label('hand.group_left')} back; each precedent says at once "
                    f"whether it is valid and why. {key_label('hand.arrange')} lays out your "
                    "best precedents for you.",
                ),
                Option(
                    "I cannot: the game arranges them",
                    False,
                    f"You arrange them yourself ({key_label('hand.arrange')} does it for you "
                    "if you ask), and you call CIVIO yourself too.",
                ),
            ),
            nudge="Arrows move things at the table; Tab moves between panes.",
        ),
    ),
)


def any_draw(goal: str) -> Move:
    """The turn's draw, from either pile (the step is about what comes after it)."""
    return Move("draw supply", also=("draw discard",), goal=goal, nudge="Either pile will do.")


BLIND = (
    "Allowed, but blind: you cannot see what you get. Miranda, face up, lists your Gideon and "
    "Escobedo."
)
LOSE_TURN_DEAL = Deal(
    you=("Race", BROWN, GIDEON, ESCOBEDO, KOREMATSU, ESPIONAGE, MIRANDA),
    hidden=(ESPIONAGE, MIRANDA),
    bot=(HAZELWOOD, KATZ, ENGEL, "School", "Privacy", "4th Amendment", PLESSY),
    bot_hidden=("4th Amendment", PLESSY),
    discard=GREGG,
    supply=(GAULT, "Religion", "Press"),
)
CONFISCATE_DEAL = Deal(
    you=("Race", BROWN, KOREMATSU, GIDEON, ESCOBEDO, EO9066, GAULT),
    hidden=(EO9066, GAULT),
    bot=(MIRANDA, KATZ, ENGEL, "School", "Privacy", "4th Amendment", PLESSY),
    bot_hidden=("4th Amendment", PLESSY),
    discard=GREGG,
    supply=("Press", "Religion", "14th Amendment"),
)
OVERRULE_DEAL = Deal(
    you=("Race", BROWN, GIDEON, ESCOBEDO, KOREMATSU, CRA, CLA),
    hidden=(CRA, CLA),
    bot=(MIRANDA, KATZ, ENGEL, "School", "Privacy", JIM_CROW, PLESSY),
    bot_hidden=(JIM_CROW, PLESSY),
    discard=GREGG,
    supply=("Press", "Religion", "14th Amendment"),
    bot_first=True,
)

ATTACKS = Lesson(
    "attacks",
    "Attacks and overrules",
    "Lose Turn, Confiscate and Arrest; overruling with a Law",
    (
        TableTurn(
            deal=LOSE_TURN_DEAL,
            moves=(
                any_draw(
                    "Some Laws attack: discarding one strikes an opponent. You hold one, "
                    "hidden. Start your turn: draw a card, from either pile."
                ),
                Move(
                    f"discard {ESPIONAGE}",
                    goal="Discarding a Law with an attack launches it at an opponent. Discard "
                    "the Law whose attack makes Bot lose a turn.",
                    praise="The Espionage Act (1917) made it a crime to interfere with the war; "
                    "Schenck was convicted under it.",
                    nudge="Each Law card shows one action: Attack or Overrule. Read them.",
                ),
                Move(
                    "target 1",
                    goal="Your attack: Lose Turn. Choose whom it strikes.",
                    nudge="Bot is your only opponent.",
                ),
                Move(
                    "accept",
                    bot=True,
                    praise="Bot held no Law to overrule it: you play again.",
                ),
            ),
            claims=(
                LawDoes(ESPIONAGE, "attack", "lose_turn"),
                Lists("Schenck v US", ESPIONAGE, "plus"),
            ),
        ),
        TableTurn(
            deal=CONFISCATE_DEAL,
            moves=(
                any_draw(
                    "A new deal. Another attack, Confiscate and Arrest, takes a card from your "
                    "opponent. Start your turn: draw a card, from either pile."
                ),
                Move(
                    f"discard {EO9066}",
                    goal="Discard the Law whose attack is Confiscate and Arrest: you will take "
                    "one of Bot's cards.",
                    praise="Executive Order 9066 (1942) sent Japanese Americans to internment "
                    "camps.",
                    nudge="Read each Law's Action line.",
                ),
                Move("target 1", goal="Choose whom your attack strikes.", nudge="Bot."),
                Move("accept", bot=True, praise="Bot cannot overrule it."),
                Move(
                    f"confiscate {MIRANDA}",
                    goal="Take one of Bot's face-up cards (you choose) or one of its 2 hidden "
                    "cards (blind). Which face-up card links to yours?",
                    praise="Miranda goes to your hidden cards.",
                    nudge="Miranda v Arizona lists two of your Cases.",
                    wrong=(
                        ("confiscate hidden 0", BLIND),
                        ("confiscate hidden 1", BLIND),
                    ),
                ),
                Move("reveal 4th Amendment", bot=True),
                Move(
                    f"discard {KOREMATSU}",
                    also=("discard Press",),
                    goal="After a confiscation you discard one card (this discard attacks "
                    "nobody). Which card do you need least?",
                    praise="Your turn is over: you took Bot's best card.",
                    nudge="Korematsu links only to Race, which has Brown already.",
                ),
            ),
            claims=(
                LawDoes(EO9066, "attack", "confiscate"),
                Year(EO9066, 1942),
                Lists(MIRANDA, GIDEON, "plus"),
                Lists(MIRANDA, ESCOBEDO, "plus"),
                Alone("Press", ("Race", BROWN, GIDEON, ESCOBEDO, GAULT, MIRANDA)),
                Valid(("Race", KOREMATSU)),
            ),
        ),
        TableTurn(
            deal=OVERRULE_DEAL,
            moves=(
                Move("draw supply", bot=True),
                Move(f"discard {JIM_CROW}", bot=True),
                Move("target 0", bot=True),
                Move(
                    f"overrule {CRA}",
                    goal="Bot attacks you with Jim Crow Laws: Lose Turn. Accept it, or "
                    "overrule it by showing one of your Laws that overrules Lose Turn.",
                    praise="The attack ends; your Law stays hidden, but Bot now knows you hold "
                    "it. In 1964 the Civil Rights Act outlawed the segregation the Jim Crow "
                    "laws had imposed.",
                    nudge="Read the Action line of each of your Laws.",
                    wrong=(
                        (
                            "accept",
                            "You may, but you would lose your next turn: one of your Laws "
                            "overrules Lose Turn.",
                        ),
                    ),
                ),
            ),
            claims=(
                LawDoes(JIM_CROW, "attack", "lose_turn"),
                LawDoes(CRA, "overrule", "lose_turn"),
                LawDoes(CLA, "overrule", "confiscate"),
                Year(CRA, 1964),
            ),
        ),
        Choice(
            question="Confiscate and Arrest: Bot takes one of your cards. Which can Bot take?",
            options=(
                Option(
                    "Any face-up card, or a hidden one chosen blind",
                    True,
                    "Right: that is why your best cards are safer hidden. You then draw a "
                    "replacement from the supply.",
                ),
                Option(
                    "Any card, hidden or not, after looking",
                    False,
                    "Hidden cards stay hidden: Bot picks one of them only blind.",
                ),
                Option("Only the card you drew last", False, "Bot chooses among all your cards."),
            ),
            nudge="Remember lesson 4: why keep two hidden?",
        ),
        Build(
            goal="Laws stand in precedents too: a Case may follow a Law it lists. Build Jim Crow "
            "Laws, Plessy v Ferguson and the Civil Rights Act of 1964 into one precedent.",
            hand=(CRA, PLESSY, JIM_CROW),
            solution=(JIM_CROW, PLESSY, CRA),
            praise=(
                "Plessy (1896) upheld Jim Crow's 'separate but equal'; the Civil Rights Act of "
                "1964, later and on the same issue Race, outlawed segregation in public places."
            ),
            nudge="Plessy lists Jim Crow Laws. A Law may follow a Case that shares an issue.",
            claims=(Lists(PLESSY, JIM_CROW, "plus"), Valid((JIM_CROW, PLESSY, CRA))),
        ),
    ),
)

CIVIO = Lesson(
    "civio",
    "CIVIO and scoring",
    "Going out: 3 + 4 cards or a Thurgood Flush, and the score",
    (
        Choice(
            question="You go out when all 7 cards form a 3-card and a 4-card precedent. The "
            "table says '✓ Goes out (3 + 4): 8 pts as winner'. What are the 3 and the 4?",
            options=(
                Option(
                    "Card counts: a 3-card and a 4-card precedent",
                    True,
                    "Right. The points are the '8 pts' part.",
                ),
                Option("Points: 3 + 4 = 7", False, "Not points: the points are the '8 pts'."),
                Option("Turns left to play", False, "They count cards in each precedent."),
            ),
            nudge="Seven cards in all: how do they split?",
        ),
        Build(
            goal="Going out with 3 + 4: first build the 4-card precedent from your 7 cards.",
            hand=("Race", GAULT, BROWN, MIRANDA, "14th Amendment", GIDEON, ESCOBEDO),
            solution=GIDEON_PRECEDENT,
            praise=(
                "Gideon (1963) gave every poor defendant a lawyer; Escobedo and Miranda built "
                "on it for suspects questioned by police; In re Gault (1967) gave children "
                "the same rights."
            ),
            nudge="Start from Gideon: which card lists it?",
            claims=(
                Valid(GIDEON_PRECEDENT, points=4),
                Lists(ESCOBEDO, GIDEON, "plus"),
                Lists(MIRANDA, GIDEON, "plus"),
                Lists(GAULT, MIRANDA, "plus"),
            ),
        ),
        Build(
            goal="Now the other three cards: the 3-card precedent.",
            context="Your 4-card precedent: Gideon → Escobedo → Miranda → In re Gault",
            hand=("14th Amendment", BROWN, "Race"),
            solution=RACE_PRECEDENT,
            praise="All seven cards are in precedents: at the end of your turn, call CIVIO!",
            nudge="You built this one in lesson 1.",
            claims=(Valid(RACE_PRECEDENT),),
        ),
        Choice(
            question="The winner scores the points in the precedents (+1 cards: Amendments, "
            "Freedoms, the Civil Rights Act, Cases that strengthen an Amendment), plus 2 for "
            "going out. What does this win score?",
            precedents=(RACE_PRECEDENT, GIDEON_PRECEDENT),
            options=(
                Option(
                    "8",
                    True,
                    "Right: Brown and the 14th (2) + Gideon, Escobedo, Miranda, Gault (4) = 6, "
                    "plus 2 for going out = 8.",
                ),
                Option("6", False, "You counted the cards' points: add 2 for going out."),
                Option("7", False, "Not 3 + 4: count the +1 cards, then add 2."),
                Option("9", False, "Race is an Issue: Issues score 0."),
            ),
            nudge="Count the cards marked +1, then add 2.",
            claims=(WinnerScores((RACE_PRECEDENT, GIDEON_PRECEDENT), 8),),
        ),
        Build(
            goal="A Thurgood Flush is one 7-card precedent. Build the booklet's: School first, "
            "two Amendments last.",
            hand=(
                "1st Amendment",
                PICO,
                "Expression",
                BARNETTE,
                "14th Amendment",
                "School",
                TINKER,
            ),
            solution=BOOKLET_FLUSH,
            praise=(
                "School → Barnette → Tinker → Pico → Expression → 1st → 14th: forty years of "
                "the Court protecting what students may say and read."
            ),
            nudge="Barnette lists School; Tinker lists Barnette; Pico lists Tinker and Expression.",
            claims=(
                Valid(BOOKLET_FLUSH, points=6),
                Lists(TINKER, BARNETTE, "plus"),
                Lists(PICO, TINKER, "plus"),
                Lists(PICO, "Expression", "plus"),
            ),
        ),
        Choice(
            question="A flush triples the whole score: (points + 2) × 3. This flush holds 6 "
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
            question="A game ends when someone reaches the target rank chosen at the start "
            "(Chief Justice, 81 points, unless you choose lower). What is in Campaigns on the "
            "main menu?",
            options=(
                Option(
                    "My saved games, each one a whole game of rounds",
                    True,
                    "Right: every game is saved as you play. Campaigns lists them; Continue "
                    "opens the latest.",
                ),
                Option(
                    "Story chapters to play in order",
                    False,
                    "No: a campaign is one of your games, saved round by round.",
                ),
            ),
            nudge="Think of a campaign as a long game toward a rank.",
            claims=(RankAt(81, "Chief Justice of the Supreme Court"),),
        ),
        Choice(
            question="You must stop in the middle of a round. What happens to the game?",
            options=(
                Option(
                    "It is saved: Continue on the main menu picks it up",
                    True,
                    "Right. Lessons work the same way: leave with Escape and come back.",
                ),
                Option("It is lost", False, "Every move is saved as you play."),
            ),
            nudge="Continue is the second line of the main menu.",
        ),
    ),
)

COACHED = Lesson(
    "coached",
    "A coached round",
    "Play a round against Easy with teaching hints",
    (
        Play(
            "Time to play a real round against Easy, the gentlest opponent. Teaching hints are "
            "on: at each of your decisions a nudge names the idea. Press H for a hint, H again "
            "for the move. When the round is over, Esc brings you back here (in the middle of the "
            "round, Esc asks first).",
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
