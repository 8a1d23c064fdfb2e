#!/usr/bin/env python3
"""Draws the rounded-face comparison sheet (Assets/Docs/rounded-faces.png) and prints each face's
metrics, measured from its outlines: cap height and x-height (ink height of H and x), the
advance width of "Hamburgefonstiv" and the stem (ink width of l), all in ems.

Needs Pillow (python3-pil) and the candidates' Debian packages:
  apt-get install fonts-inter fonts-quicksand fonts-comfortaa fonts-dosis fonts-eurofurence \\
    fonts-motoya-l-maruberi
Usage: scripts/rounded-faces.py [OUTPUT.png]
"""
import sys

from PIL import Image, ImageDraw, ImageFont

FONTS = "/usr/share/fonts/"
CANDIDATES = [
    ("Inter Regular (SF Pro stand-in, reference)", "opentype/inter/Inter-Regular.otf"),
    ("Quicksand Medium", "truetype/quicksand/Quicksand-Medium.ttf"),
    ("Quicksand Regular", "truetype/quicksand/Quicksand-Regular.ttf"),
    ("Comfortaa Regular", "truetype/comfortaa/Comfortaa-Regular.ttf"),
    ("Dosis Medium", "opentype/dosis/Dosis-Medium.otf"),
    ("Eurofurence regular", "truetype/eurofurence/eurof55.ttf"),
    ("Motoya L Maruberi W3 (monospaced)", "truetype/motoya-l-maruberi/MTLmr3m.ttf"),
]
SIZE = 34  # the sheet's text size, px
BIG = 400  # the size metrics are measured at, px per em


def metrics(path):
    font = ImageFont.truetype(path, BIG)

    def height(text):
        box = font.getbbox(text)
        return (box[3] - box[1]) / BIG

    glyph = Image.new("L", (BIG, BIG + 100), 0)
    ImageDraw.Draw(glyph).text((100, 0), "l", font=font, fill=255)
    box = font.getbbox("l")
    row = (box[1] + box[3]) // 2
    stem = sum(1 for x in range(BIG) if glyph.getpixel((x, row)) > 127) / BIG
    return height("H"), height("x"), font.getlength("Hamburgefonstiv") / BIG, stem


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "rounded-faces.png"
    sheet = Image.new("RGB", (820, 40 + len(CANDIDATES) * (SIZE * 2 + 60)), "white")
    draw = ImageDraw.Draw(sheet)
    label = ImageFont.truetype(FONTS + "opentype/inter/Inter-Regular.otf", 13)
    y = 20
    for name, file in CANDIDATES:
        path = FONTS + file
        cap, x, width, stem = metrics(path)
        line = f"{name}: cap {cap:.3f} em, x {x:.3f} em, x/cap {x / cap:.2f}, 'Hamburgefonstiv' {width:.2f} em, stem {stem:.3f} em"
        print(line)
        font = ImageFont.truetype(path, SIZE)
        draw.text((20, y), line, font=label, fill=(120, 120, 120))
        draw.text((20, y + 22), "Rounded Rate it 0123", font=font, fill="black")
        draw.text((20, y + 28 + SIZE), "Hamburgefonstiv agy", font=font, fill="black")
        y += SIZE * 2 + 60
    sheet.convert("L").quantize(16).save(out, optimize=True)


if __name__ == "__main__":
    main()
