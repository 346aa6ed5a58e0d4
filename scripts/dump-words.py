#!/usr/bin/env python3
"""Words kept: does `baton dump` keep every word `w3m -dump` shows? (issue 25, goal 2)

For each page, the words (runs of letters, digits and `_`) of `w3m -dump PAGE` are compared as a multiset with
those of `baton dump PAGE` (its "References" list of link URLs left out, the `[N]` link numbers after link texts removed).
A word w3m has more often than baton is still counted as kept when it appears in baton's text with all
spaces and punctuation removed: w3m glues image alt texts together ("LogoW3C") where baton keeps them
apart. The rest are lost; a lost word whose head or tail baton shows as a word of its own is reported as
broken (an identifier cut inside a narrow table cell).

Usage: scripts/dump-words.py [--baton PATH] [--verbose] PAGE...
Prints one line per page (words kept / w3m's words, %), the lost and broken words, and a total.
"""

import argparse
import collections
import re
import subprocess
import sys

WORD = re.compile(r"\w+")
LINK_NUMBER = re.compile(r"(?<=\S)\[[1-9]\d*\]")


def run(command):
    return subprocess.run(command, capture_output=True, check=False).stdout.decode("utf-8", "replace")


def baton_text(baton, page):
    text = run([baton, "dump", page])
    lines = text.split("\n")
    # The numbered list of link URLs after the last "References" heading is not page text.
    for index in range(len(lines) - 1, -1, -1):
        if lines[index] == "References":
            lines = lines[:index]
            break
    return LINK_NUMBER.sub("", "\n".join(lines))


def compare(baton, page):
    w3m_words = collections.Counter(WORD.findall(run(["w3m", "-dump", page])))
    text = baton_text(baton, page)
    baton_words = collections.Counter(WORD.findall(text))
    stream = "".join(WORD.findall(text))
    lost = collections.Counter()
    for word, count in w3m_words.items():
        missing = count - baton_words.get(word, 0)
        if missing > 0 and word not in stream:
            lost[word] = missing
    broken = sorted(
        word
        for word in lost
        if any(
            piece != word and len(piece) >= 2 and (word.startswith(piece) or word.endswith(piece))
            for piece in baton_words
            if piece not in w3m_words
        )
    )
    total = sum(w3m_words.values())
    return total, total - sum(lost.values()), lost, broken


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baton", default=".build/release/baton")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("pages", nargs="+")
    arguments = parser.parse_args()
    all_total = all_kept = 0
    for page in arguments.pages:
        total, kept, lost, broken = compare(arguments.baton, page)
        all_total += total
        all_kept += kept
        share = 100.0 * kept / total if total else 100.0
        print(f"{page}: {kept} / {total} words kept ({share:.2f} %)")
        if lost and (arguments.verbose or share < 100):
            print("  lost:", " ".join(f"{word}×{count}" if count > 1 else word for word, count in lost.most_common(20)))
        if broken:
            print("  broken:", " ".join(broken[:20]))
    share = 100.0 * all_kept / all_total if all_total else 100.0
    print(f"total: {all_kept} / {all_total} words kept ({share:.3f} %) on {len(arguments.pages)} pages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
