#!/usr/bin/env python3
"""Paints the five rating faces of the review overlay (Assets/Images/{love,cool,happy,sad,angry}@3x.png).

Flat faces drawn with Pillow's vector primitives at 4x and downsampled (anti-aliasing), 120 px
square: 40 pt at 3 pixels a point, found as `love` by UIKit's @3x rule. Nothing is copied from
anywhere; the same Pillow version gives the same bytes.

    python3 scripts/make-ratings.py            # all five
"""
import math
import os
import sys

from PIL import Image, ImageDraw

SIZE = 120  # pixels of the finished face (40 pt @3x)
K = 4  # supersampling
S = SIZE * K
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "Images")

YELLOW = (255, 201, 61, 255)
SHADE = (240, 160, 30, 255)
INK = (74, 45, 24, 255)
RED = (232, 48, 72, 255)
CHEEK = (255, 128, 110, 150)
BLUE = (90, 170, 240, 255)


def px(v):
    """A length in finished pixels -> supersampled pixels."""
    return int(round(v * K))


def disc(d, cx, cy, r, fill):
    d.ellipse([px(cx - r), px(cy - r), px(cx + r), px(cy + r)], fill=fill)


def face(colour, shade):
    """The head: a disc with a darker rim at the lower right, on a clear canvas."""
    img = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    disc(d, 60, 60, 57, shade)
    disc(d, 58, 58, 54, colour)
    return img, d


def arc(d, box, start, end, width):
    d.arc([px(v) for v in box], start, end, fill=INK, width=px(width))


def heart(d, cx, cy, s):
    """A heart of half-width s centred at (cx, cy)."""
    disc(d, cx - s / 2, cy - s / 4, s / 2, RED)
    disc(d, cx + s / 2, cy - s / 4, s / 2, RED)
    d.polygon([(px(cx - s * 0.98), px(cy - s * 0.05)), (px(cx + s * 0.98), px(cy - s * 0.05)), (px(cx), px(cy + s * 1.05))], fill=RED)


def love():
    img, d = face(YELLOW, SHADE)
    heart(d, 39, 48, 12)
    heart(d, 79, 48, 12)
    # An open smile: a half disc with a tongue.
    d.chord([px(34), px(58), px(84), px(98)], 0, 180, fill=INK)
    d.chord([px(46), px(82), px(72), px(100)], 180, 360, fill=(236, 96, 96, 255))
    return img


def cool():
    img, d = face(YELLOW, SHADE)
    # Sunglasses: two rounded lenses on a bar.
    d.rounded_rectangle([px(22), px(38), px(56), px(60)], radius=px(9), fill=(30, 30, 36, 255))
    d.rounded_rectangle([px(62), px(38), px(96), px(60)], radius=px(9), fill=(30, 30, 36, 255))
    d.rectangle([px(16), px(40), px(102), px(45)], fill=(30, 30, 36, 255))
    d.line([px(29), px(43), px(37), px(51)], fill=(120, 120, 140, 255), width=px(3))
    # A smirk.
    arc(d, (40, 56, 86, 88), 20, 150, 5)
    return img


def happy():
    img, d = face(YELLOW, SHADE)
    # Closed, smiling eyes.
    arc(d, (28, 40, 50, 60), 200, 340, 5)
    arc(d, (68, 40, 90, 60), 200, 340, 5)
    disc(d, 30, 68, 8, CHEEK)
    disc(d, 88, 68, 8, CHEEK)
    arc(d, (36, 52, 82, 90), 20, 160, 6)
    return img


def sad():
    img, d = face((255, 214, 102, 255), SHADE)
    disc(d, 41, 52, 5.5, INK)
    disc(d, 77, 52, 5.5, INK)
    # Brows raised at the middle, a frown, a tear.
    d.line([px(30), px(40), px(48), px(34)], fill=INK, width=px(4))
    d.line([px(88), px(40), px(70), px(34)], fill=INK, width=px(4))
    arc(d, (40, 76, 78, 104), 200, 340, 6)
    disc(d, 34, 72, 5, BLUE)
    d.polygon([(px(29.5), px(71)), (px(38.5), px(71)), (px(34), px(60))], fill=BLUE)
    return img


def angry():
    img, d = face((245, 106, 60, 255), (200, 62, 40, 255))
    disc(d, 41, 56, 5.5, INK)
    disc(d, 77, 56, 5.5, INK)
    # Brows drawn down to the middle, a tight frown.
    d.line([px(28), px(38), px(50), px(47)], fill=INK, width=px(6))
    d.line([px(90), px(38), px(68), px(47)], fill=INK, width=px(6))
    arc(d, (40, 78, 78, 100), 200, 340, 6)
    return img


FACES = {"love": love, "cool": cool, "happy": happy, "sad": sad, "angry": angry}


def main(names):
    for name in names or FACES:
        if name not in FACES:
            sys.exit(f"no face named {name}: {', '.join(FACES)}")
        img = FACES[name]().resize((SIZE, SIZE), Image.LANCZOS)
        path = os.path.join(OUT, f"{name}@3x.png")
        img.save(path, optimize=True)
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
