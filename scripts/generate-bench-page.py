#!/usr/bin/env python3
"""Writes a deterministic, realistic HTML page of about TARGET bytes: headings, paragraphs with links and
inline styles, nested lists, tables, quotes and preformatted blocks. Usage: generate-bench-page.py BYTES FILE"""
import random
import sys

WORDS = (
    "the of and to in is that for it as was with be by on not he this are or his from at which but have an "
    "they you were her she there been one all we their has would when if so no what up out who them some "
    "monkey browser terminal handoff device account window layout width column table paragraph reference "
    "capuchin research stone tool archaeology site layer quartz anvil hammer decade forest river valley"
).split()


def sentence(rng, words):
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def paragraph(rng, link_number):
    parts = []
    for _ in range(rng.randint(3, 6)):
        s = sentence(rng, rng.randint(8, 20))
        roll = rng.random()
        if roll < 0.3:
            words = s.split(" ")
            i = rng.randrange(len(words))
            words[i] = f'<a href="/wiki/page-{link_number[0]}.html">{words[i]}</a>'
            link_number[0] += 1
            s = " ".join(words)
        elif roll < 0.45:
            s = f"<em>{s}</em>"
        elif roll < 0.55:
            s = s.replace(" the ", " <b>the</b> ", 1)
        parts.append(s)
    return "<p>" + " ".join(parts) + "</p>\n"


def section(rng, index, link_number):
    out = [f'<h2 id="section-{index}">Section {index}: {sentence(rng, 4)[:-1]}</h2>\n']
    for _ in range(rng.randint(2, 4)):
        out.append(paragraph(rng, link_number))
    kind = index % 4
    if kind == 0:
        out.append("<ul>\n")
        for _ in range(rng.randint(3, 6)):
            out.append(f"<li>{sentence(rng, rng.randint(4, 12))}")
            if rng.random() < 0.3:
                out.append("<ol>" + "".join(f"<li>{sentence(rng, 5)}</li>" for _ in range(3)) + "</ol>")
            out.append("</li>\n")
        out.append("</ul>\n")
    elif kind == 1:
        out.append('<table border="1">\n<tr><th>Site</th><th>Year</th><th>Finds</th><th>Notes</th></tr>\n')
        for row in range(rng.randint(4, 8)):
            out.append(
                f"<tr><td>{rng.choice(WORDS).title()} {row}</td><td>{1900 + rng.randint(0, 125)}</td>"
                f"<td>{rng.randint(1, 999)}</td><td>{sentence(rng, rng.randint(3, 14))}</td></tr>\n"
            )
        out.append("</table>\n")
    elif kind == 2:
        out.append(f"<blockquote><p>{sentence(rng, 25)}</p></blockquote>\n")
    else:
        out.append("<pre>\n" + "".join(f"  {rng.choice(WORDS)} = {rng.randint(0, 99999)}\n" for _ in range(5)))
        out.append("</pre>\n")
    return "".join(out)


def main():
    target = int(sys.argv[1])
    rng = random.Random(4)  # deterministic
    link_number = [1]
    out = [
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Benchmark page</title>\n'
        "<style>body { font-family: serif }</style></head><body>\n"
        '<nav><a href="/">Home</a> | <a href="/news/">News</a> | <a href="/about">About</a></nav>\n'
        "<h1>Benchmark page</h1>\n"
    ]
    size = len(out[0])
    index = 1
    while size < target:
        chunk = section(rng, index, link_number)
        out.append(chunk)
        size += len(chunk.encode())
        index += 1
    out.append("<footer><p>&copy; 2026 Example. <a href=\"#section-1\">Top</a></p></footer></body></html>\n")
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write("".join(out))


main()
