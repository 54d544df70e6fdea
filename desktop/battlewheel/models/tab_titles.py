"""Short, unique titles for the character-sheet tabs.

A dozen sheets share one tab bar; full names ("Kestrel of the Burning Road") would be
elided to "K…". A tab shows the name's leading words up to about fourteen letters,
stopping at a joining word ("of", "the"), and keeps a trailing number, so "Hunt
spearman 3" and "Bandit 3" stay apart. Titles that would clash fall back to full names.
"""

from collections import Counter
from collections.abc import Mapping

MAX_LETTERS = 14
JOINING_WORDS = frozenset({"of", "the", "from", "at", "in", "on", "and", "de", "von", "van"})


def short_title(name: str) -> str:
    """The tab title for one name: ``Kestrel`` for "Kestrel of the Burning Road"."""
    words = name.split()
    if not words:
        return name
    number = words.pop() if len(words) > 1 and words[-1].isdigit() else None
    kept = [words[0]]
    for word in words[1:]:
        if word.casefold() in JOINING_WORDS or len(" ".join([*kept, word])) > MAX_LETTERS:
            break
        kept.append(word)
    return " ".join(kept + ([number] if number else []))


def tab_titles(names: Mapping[str, str]) -> dict[str, str]:
    """Short titles by combatant id; any that two combatants would share stay full names."""
    short = {cid: short_title(name) for cid, name in names.items()}
    counts = Counter(short.values())
    return {cid: title if counts[title] == 1 else names[cid] for cid, title in short.items()}
