"""``orchestrator.text.quoted``: the quoted phrases of a report's text, which the step extraction
reads as labels and values (and never types when they are observed output)."""

from orchestrator.text import quoted


def test_quotes_in_reading_order_with_offsets() -> None:
    text = 'Tap "Add" then type `42` and press «OK».'
    assert quoted(text) == [(4, "Add"), (20, "42"), (35, "OK")]


def test_a_quote_inside_another_is_not_a_second_phrase() -> None:
    # the single-quoted x sits inside the double-quoted phrase: one phrase, not two
    assert [q for _, q in quoted("Type \"say 'x' now\" in the box")] == ["say 'x' now"]


def test_apostrophes_are_not_quotes() -> None:
    assert quoted("It doesn't work and it's gone") == []


def test_bold_counts_only_when_asked() -> None:
    text = "Open **Settings** first"
    assert quoted(text) == []
    assert quoted(text, bold=True) == [(5, "Settings")]


def test_a_pasted_json_of_many_quotes_gives_every_key_once() -> None:
    # 2,000 quoted keys on one line: each found once, in order (issue 15's fuzz shape)
    text = "".join(f'"k{i}":{{' for i in range(2000))
    phrases = [q for _, q in quoted(text)]
    assert phrases[:3] == ["k0", "k1", "k2"]
    assert len(phrases) == 2000
    assert phrases[-1] == "k1999"


def test_the_caller_owns_the_returned_list() -> None:
    text = 'Press "Save"'
    first = quoted(text)
    first.append((0, "mutated"))
    assert quoted(text) == [(6, "Save")]
