#!/usr/bin/env python3
"""Writes the site's one-glyph font for U+FFEB (HALFWIDTH RIGHTWARDS ARROW) into site.css.

Spry's failure messages, which KataSpec reproduces and the chapters quote, start each line with
U+FFEB, and few fonts have it (no font of a stock Debian, for one): it showed as an empty box. The
site carries its own glyph, drawn here as a one-cell arrow with the metrics of DejaVu Sans Mono, as
a data: URL (a page opened from file:// may not load a font file), with unicode-range U+FFEB so
that it is used for that character alone.

Needs fontTools (python3 -m pip install fonttools); only to change the glyph, not to build or test.
Usage: scripts/make-arrow-font.py   (rewrites the block between the markers in site.css)
"""
import base64
import io
import pathlib
import re

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

UNITS, ADVANCE, ASCENT, DESCENT = 2048, 1233, 1901, -483


def arrow():
    pen = TTGlyphPen(None)
    # A shaft on the math axis and a head reaching the cell's right edge, drawn clockwise.
    for point in [(110, 530), (110, 700), (640, 700), (640, 1000), (1150, 615), (640, 230), (640, 530)]:
        (pen.lineTo if pen.points else pen.moveTo)(point)
    pen.closePath()
    return pen.glyph()


def empty():
    pen = TTGlyphPen(None)
    return pen.glyph()


def font_bytes():
    builder = FontBuilder(UNITS, isTTF=True)
    builder.setupGlyphOrder([".notdef", "arrow"])
    builder.setupCharacterMap({0xFFEB: "arrow"})
    builder.setupGlyf({".notdef": empty(), "arrow": arrow()})
    builder.setupHorizontalMetrics({".notdef": (ADVANCE, 0), "arrow": (ADVANCE, 120)})
    builder.setupHorizontalHeader(ascent=ASCENT, descent=DESCENT)
    builder.setupNameTable({"familyName": "kata arrow", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=ASCENT, sTypoDescender=DESCENT, usWinAscent=ASCENT, usWinDescent=-DESCENT)
    builder.setupPost()
    out = io.BytesIO()
    builder.save(out)
    return out.getvalue()


def main():
    data = base64.b64encode(font_bytes()).decode("ascii")
    block = ("/* kata-arrow: begin (written by scripts/make-arrow-font.py) */\n"
             "@font-face {\n  font-family: \"kata arrow\";\n"
             "  src: url(data:font/ttf;base64,%s) format(\"truetype\");\n"
             "  unicode-range: U+FFEB;\n}\n"
             "/* kata-arrow: end */" % data)
    css = pathlib.Path(__file__).resolve().parent.parent / "Sources/KataTools/Site/Resources/assets/site.css"
    text = css.read_text()
    pattern = re.compile(r"/\* kata-arrow: begin.*?/\* kata-arrow: end \*/", re.S)
    if not pattern.search(text):
        raise SystemExit("make-arrow-font: no kata-arrow markers in %s" % css)
    css.write_text(pattern.sub(lambda _: block, text))
    print("make-arrow-font: %d bytes of font written into %s" % (len(data), css))


if __name__ == "__main__":
    main()
