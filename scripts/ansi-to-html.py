#!/usr/bin/env python3
"""Turns `tmux capture-pane -p -e` output (text with SGR colour sequences) into an HTML <pre>.

The terminal's own model is kept: xterm's 256-colour palette, bold, dim, italic, underline and
reverse; every non-ASCII character sits in an inline block of exactly its cell width (1ch, or 2ch for
East Asian wide characters), so glyphs from fallback fonts (braille, symbols) never shift the columns.
Reads the capture on standard input, writes the <pre> on standard output.
"""
import html
import re
import sys
import unicodedata

BASE16 = [
    "#000000", "#cd0000", "#00cd00", "#cdcd00", "#3b78ff", "#cd00cd", "#00cdcd", "#e5e5e5",
    "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff",
]
DEFAULT_FG, DEFAULT_BG = "#d0d0d0", "#000000"


def palette(index: int) -> str:
    if index < 16:
        return BASE16[index]
    if index >= 232:
        level = 8 + (index - 232) * 10
        return f"#{level:02x}{level:02x}{level:02x}"
    cube = index - 16
    steps = [0, 95, 135, 175, 215, 255]
    return f"#{steps[cube // 36]:02x}{steps[(cube // 6) % 6]:02x}{steps[cube % 6]:02x}"


class Pen:
    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.fg = self.bg = None
        self.bold = self.dim = self.italic = self.underline = self.reverse = False

    def apply(self, params: list) -> None:
        i = 0
        while i < len(params):
            p = params[i]
            if p == 0:
                self.reset()
            elif p == 1:
                self.bold = True
            elif p == 2:
                self.dim = True
            elif p == 3:
                self.italic = True
            elif p == 4:
                self.underline = True
            elif p == 7:
                self.reverse = True
            elif p == 22:
                self.bold = self.dim = False
            elif p == 23:
                self.italic = False
            elif p == 24:
                self.underline = False
            elif p == 27:
                self.reverse = False
            elif 30 <= p <= 37:
                self.fg = p - 30
            elif 90 <= p <= 97:
                self.fg = p - 90 + 8
            elif p == 39:
                self.fg = None
            elif 40 <= p <= 47:
                self.bg = p - 40
            elif 100 <= p <= 107:
                self.bg = p - 100 + 8
            elif p == 49:
                self.bg = None
            elif p in (38, 48) and i + 2 < len(params) and params[i + 1] == 5:
                if p == 38:
                    self.fg = params[i + 2]
                else:
                    self.bg = params[i + 2]
                i += 2
            i += 1

    def style(self) -> str:
        fg = palette(self.fg) if self.fg is not None else DEFAULT_FG
        bg = palette(self.bg) if self.bg is not None else DEFAULT_BG
        if self.reverse:
            fg, bg = bg, fg
        parts = [f"color:{fg}"]
        if bg != DEFAULT_BG or self.reverse:
            parts.append(f"background:{bg}")
        if self.bold:
            parts.append("font-weight:bold")
        if self.dim:
            parts.append("opacity:.7")
        if self.italic:
            parts.append("font-style:italic")
        if self.underline:
            parts.append("text-decoration:underline")
        return ";".join(parts)


def cell_width(char: str) -> int:
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf") or 0xFE00 <= ord(char) <= 0xFE0F:
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def cells(text: str) -> str:
    out = []
    for char in text:
        if ord(char) < 0x80:
            out.append(html.escape(char))
        elif cell_width(char) == 0 and out and out[-1].endswith("</i>"):
            out[-1] = out[-1][:-4] + char + "</i>"
        else:
            out.append(f'<i class="c{max(cell_width(char), 1)}">{char}</i>')
    return "".join(out)


def convert(capture: str) -> str:
    pen = Pen()
    out = ["<pre>"]
    for line in capture.rstrip("\n").split("\n"):
        for part in re.split(r"(\x1b\[[0-9;]*m)", line):
            if part.startswith("\x1b["):
                pen.apply([int(p) if p else 0 for p in part[2:-1].split(";")] or [0])
            elif part:
                out.append(f'<span style="{pen.style()}">{cells(part)}</span>')
        out.append("\n")
    out.append("</pre>")
    return "".join(out)


if __name__ == "__main__":
    sys.stdout.write(convert(sys.stdin.read()))
