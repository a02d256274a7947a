"""The AI levels of the booklet game, with the hint and the review built on them."""
