"""What the photo flow holds: the dice read from a photo, the player's fixes, and what to say.

No Flet here, so plain tests cover it: the mapping of the reader's boxes onto the photo as shown,
the messages when more or fewer dice than needed were found, and every edit (tap to step a value,
set a value, remove a die, add one). Values leave only through `use()`, once the count is right.

>>> r = PhotoReading.from_dice([(5, (10, 10, 40, 40), 0.99), (3, (60, 10, 40, 40), 0.4)], (200, 100), 5)
>>> r.values(), r.ready(), r.uncertain()
([5, 3], False, [1])
>>> r.message().en
'Found 2 dice, 5 needed: add 3 with “+ Die” (or take another photo).'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from statistics import median
from typing import Any

from scorekeeper.i18n import Text, plural_ru

# a die is marked for the player to check where the chance that it is a die of this value (die times
# face probability; a reader without them: its confidence) is under this (figures: docs/vision.md)
LOW_CONFIDENCE = 0.7
MAX_PHOTO_BYTES = 12 * 2**20  # larger files are refused before reading (phones take 2–8 MB)
UPLOAD_MAX_BYTES = 32 * 2**20  # the limit when photos come by HTTP upload (48 MP photos fit)
PREVIEW_LONG_SIDE = 1280  # the photo is shown from a copy at most this long (quick to send)
MAX_DICE = 30
REGION_MARGIN = 1.5  # the photo is shown from where its dice lie, this many dice around them ...
REGION_SHARE = 0.5  # ... when that is at most this share of it (a photo of a whole table)
# The dialog's room: its content spans the screen less DIALOG_MARGIN across and DIALOG_CHROME down
# (title, actions, insets), the photo at most MAX_SHOWN_W wide and, upright, at least MIN_SHOWN_H
# high; held sideways the fixes go in a column beside the photo, SIDE_W wide (less when narrow).
DIALOG_MARGIN = 40.0
DIALOG_CHROME = 150.0
MAX_SHOWN_W = 600.0
MIN_SHOWN_H = 300.0
UNDER_PHOTO = 260.0  # the message, the dice, the hint and the buttons under the photo, upright
SIDE_W = 360.0
MIN_SIDE_W = 264.0
GAP = 12.0

Box = tuple[float, float, float, float]


@dataclass
class PhotoDie:
    """One die of the reading: its value, its box on the photo (None: added by hand)."""

    value: int
    box: Box | None = None
    confidence: float = 1.0
    edited: bool = False  # the player set, stepped or looked at this value: it counts as certain
    kept: bool = False  # a die kept through the throw before, not thrown again: not on the photo
    faces: tuple[float, ...] = ()  # the reader's probability of each face 1..6, where it gives them
    die: float = 1.0  # ... and that this is a die at all

    @property
    def sureness(self) -> float:
        """How likely this is a die showing `value`, by the reader's probabilities (else its confidence)."""
        if len(self.faces) == 6:
            return self.die * self.faces[self.value - 1]
        return self.confidence

    @property
    def doubtful(self) -> bool:
        """Read with little sureness and not yet confirmed by the player."""
        return not self.edited and self.box is not None and self.sureness < LOW_CONFIDENCE


@dataclass
class PhotoReading:
    """The dice read from one photo, as the player fixes them before using them."""

    needed: int
    size: tuple[int, int]  # (width, height) of the image the boxes are measured in
    dice: list[PhotoDie] = field(default_factory=list)
    selected: int | None = None  # 0-based die that the next tap steps and the pad sets
    removed: int = 0  # dice of the photo the player took away («Убрать», «Оставить N надёжных»)

    @classmethod
    def from_dice(
        cls, found: Iterable[Any], size: tuple[int, int], needed: int, kept: Sequence[int] = ()
    ) -> PhotoReading:
        """From the reader's dice (objects with value/box/confidence and, where the reader gives
        them, faces/die probabilities; or (value, box, confidence) triples).

        `kept`: the dice kept through the throw before (recorded without its dice). When the photo
        shows fewer dice than needed, it shows the dice thrown again: the kept ones join them, as
        many as fit (a photo of all five dice, kept ones included, is taken as it is)."""
        dice: list[PhotoDie] = []
        for item in found:
            faces: tuple[float, ...] = ()
            die = 1.0
            if isinstance(item, tuple):
                value, box, confidence = item[:3]
                if len(item) == 5:
                    faces, die = tuple(float(f) for f in item[3]), float(item[4])
            else:
                value, box, confidence = item.value, item.box, item.confidence
                faces, die = tuple(float(f) for f in getattr(item, "faces", ())), float(getattr(item, "die", 1.0))
            if 1 <= int(value) <= 6:
                dice.append(PhotoDie(int(value), tuple(float(v) for v in box), float(confidence),  # type: ignore[arg-type]
                                     faces=faces if len(faces) == 6 else (), die=die))
        dice = dice[:MAX_DICE]
        if dice and len(dice) < needed:
            dice += [PhotoDie(int(v), None, 1.0, edited=True, kept=True)
                     for v in list(kept)[: needed - len(dice)] if 1 <= int(v) <= 6]
        return cls(needed, size, dice)

    # --- edits ----------------------------------------------------------------------------------
    def tap(self, index: int) -> None:
        """Tap die `index` (0-based): select it, or step its value (…, 6, 1) if it is selected."""
        if not 0 <= index < len(self.dice):
            return
        if self.selected == index:
            die = self.dice[index]
            die.value = 1 if die.value >= 6 else die.value + 1
            die.edited = True
        else:
            self.selected = index
            self.dice[index].edited = True  # looked at: no longer flagged

    def set_value(self, value: int) -> None:
        """The face pad: give the selected die this value."""
        if self.selected is None or not 1 <= value <= 6:
            return
        die = self.dice[self.selected]
        die.value = value
        die.edited = True

    def remove(self) -> None:
        """Remove the selected die (a die read twice, or something that is not a die)."""
        if self.selected is None:
            return
        gone = self.dice.pop(self.selected)
        self.selected = None
        self.removed += gone.box is not None  # a die added by hand and removed again is no news

    def keep_best(self) -> None:
        """Keep only the `needed` surest dice, in their order on the photo: first those the player
        set or confirmed, then those read with the most confidence."""
        if len(self.dice) <= self.needed:
            return
        ranked = sorted(range(len(self.dice)), key=lambda i: (not self.dice[i].edited, -self.dice[i].sureness, i))
        keep = sorted(ranked[: self.needed])
        self.removed += sum(1 for i, d in enumerate(self.dice) if i not in keep and d.box is not None)
        self.dice = [self.dice[i] for i in keep]
        self.selected = None

    def add(self, value: int = 1) -> None:
        """Add a die the photo missed (no box); it is selected so the pad sets its value."""
        if len(self.dice) >= MAX_DICE:
            return
        self.dice.append(PhotoDie(value, None, 1.0, edited=True))
        self.selected = len(self.dice) - 1

    # --- reading -------------------------------------------------------------------------------
    def values(self) -> list[int]:
        """The dice's values in order."""
        return [d.value for d in self.dice]

    def ready(self) -> bool:
        """As many dice as the throw needs."""
        return len(self.dice) == self.needed

    def uncertain(self) -> list[int]:
        """0-based indexes of the dice to check."""
        return [i for i, d in enumerate(self.dice) if d.doubtful]

    def use(self) -> list[int] | None:
        """The values to record, only when the count is right."""
        return self.values() if self.ready() else None

    def added(self) -> int:
        """How many dice the player added by hand (not on the photo, not kept)."""
        return sum(1 for d in self.dice if d.box is None and not d.kept)

    def kept(self) -> list[int]:
        """The values of the kept dice that joined the photo's."""
        return [d.value for d in self.dice if d.kept]

    def message(self) -> Text:
        """What to tell the player now: the count and what to do about it."""
        kept = self.kept()
        told = count_message(len(self.dice) - len(kept), self.needed - len(kept), len(self.uncertain()),
                             self.added(), self.removed)
        if not kept:
            return told
        faces = ", ".join(str(v) for v in kept)
        return Text(f"Отложенные кубики ({faces}) добавлены к фото. {told.ru}",
                    f"The kept dice ({faces}) join the photo's. {told.en}")


def dice_word(n: int) -> Text:
    """'5 кубиков' / '5 dice'."""
    return Text(f"{n} {plural_ru(n, 'кубик', 'кубика', 'кубиков')}", f"{n} {'die' if n == 1 else 'dice'}")


def found_ru(n: int) -> str:
    """'Найден' 1 кубик, 'Найдено' 2 / 5 кубиков (the participle agrees with the number)."""
    return plural_ru(n, "Найден", "Найдено", "Найдено")


def dice_told(count: int, added: int = 0, removed: int = 0) -> Text:
    """The dice there are: 'Найдено 5 кубиков' when all come from the photo as read, else where
    they came from and how many the player took away ('Осталось 4 кубика (убрано: 3)')."""
    gone = Text(f"убрано: {removed}", f"{removed} removed") if removed > 0 else None
    if added <= 0:
        if gone is None:
            return Text(f"{found_ru(count)} {dice_word(count).ru}", f"Found {dice_word(count).en}")
        left_ru = plural_ru(count, "Остался", "Осталось", "Осталось")
        return Text(f"{left_ru} {dice_word(count).ru} ({gone.ru})", f"{dice_word(count).en} left ({gone.en})")
    if added >= count:
        added_ru = plural_ru(count, "Добавлен", "Добавлено", "Добавлено")
        told = Text(f"{added_ru} вручную {dice_word(count).ru}", f"{dice_word(count).en} added by hand")
        return told if gone is None else Text(f"{told.ru} ({gone.ru})", f"{told.en} ({gone.en})")
    more = ("", "") if gone is None else (f", {gone.ru}", f", {gone.en}")
    return Text(
        f"{dice_word(count).ru} (с фото: {count - added}, добавлено вручную: {added}{more[0]})",
        f"{dice_word(count).en} ({count - added} from the photo, {added} added by hand{more[1]})",
    )


def count_message(found: int, needed: int, doubtful: int = 0, added: int = 0, removed: int = 0) -> Text:
    """The count of dice (`found`, of which `added` by hand, `removed` taken away by the player)
    against the throw's, said plainly, with the way to fix it."""
    told = dice_told(found, added, removed)
    if found == 0 and not removed:
        return Text(
            f"Кубиков на фото не нашлось. Добавьте {needed} кнопкой «+ Кубик» или снимите ещё раз, "
            "сверху и при хорошем свете.",
            f"No dice found on the photo. Add {needed} with “+ Die”, or take another photo from "
            "above in good light.",
        )
    if found > needed:
        extra = found - needed
        return Text(
            f"{told.ru}, а нужно {needed}: уберите {extra} "
            f"(нажмите кубик, затем «Убрать») или оставьте {needed} самых надёжных.",
            f"{told.en}, {needed} needed: remove {extra} "
            f"(tap a die, then “Remove”) or keep the {needed} surest.",
        )
    if found < needed:
        missing = needed - found
        return Text(
            f"{told.ru}, а нужно {needed}: добавьте {missing} кнопкой «+ Кубик» "
            "(или снимите ещё раз).",
            f"{told.en}, {needed} needed: add {missing} with “+ Die” "
            "(or take another photo).",
        )
    if doubtful:
        return Text(
            f"{told.ru}. Проверьте отмеченные ({doubtful}): нажмите кубик, "
            "чтобы исправить. Затем «Записать».",
            f"{told.en}. Check the marked ones ({doubtful}): tap a die to fix it. "
            "Then “Use”.",
        )
    return Text(
        f"{told.ru}. Проверьте значения и нажмите «Записать».",
        f"{told.en}. Check the values and press “Use”.",
    )


@dataclass(frozen=True)
class DialogLayout:
    """The room in the photo dialog on a screen: the photo's (width, height) at most, and held
    sideways the column beside it (`side` wide, `height` high: it scrolls there)."""

    photo: tuple[float, float]
    side: float | None = None
    height: float | None = None

    def width(self, shown_width: float) -> float:
        """The content's width around a photo shown `shown_width` wide."""
        if self.side is None:
            return self.photo[0]
        return shown_width + GAP + self.side


def dialog_layout(width: float, height: float, sideways: bool) -> DialogLayout:
    """The photo as large as the screen allows with the fixes still in reach: upright, the photo
    above them (scrolling on a small phone); held sideways, the photo left and the fixes beside it,
    both in sight without scrolling the photo away."""
    room_w = max(200.0, width - DIALOG_MARGIN)
    room_h = max(160.0, height - DIALOG_CHROME)
    if sideways:
        side = max(MIN_SIDE_W, min(SIDE_W, room_w * 0.45))
        return DialogLayout((max(120.0, room_w - side - GAP), room_h), side, room_h)
    return DialogLayout((min(MAX_SHOWN_W, room_w), max(MIN_SHOWN_H, room_h - UNDER_PHOTO)))


def fit(size: tuple[int, int], max_width: float, max_height: float) -> tuple[float, float]:
    """The shown size of an image of `size` inside max_width × max_height, proportions kept."""
    width, height = size
    if width <= 0 or height <= 0:
        return (max_width, max_height)
    scale = min(max_width / width, max_height / height)
    return (width * scale, height * scale)


def shown_box(box: Sequence[float], size: tuple[int, int], shown: tuple[float, float]) -> Box:
    """A box in the image's pixels mapped onto the image as shown (kept inside it)."""
    sx = shown[0] / size[0]
    sy = shown[1] / size[1]
    x, y, w, h = box
    left = min(max(0.0, x * sx), shown[0])
    top = min(max(0.0, y * sy), shown[1])
    right = min(max(left, (x + w) * sx), shown[0])
    bottom = min(max(top, (y + h) * sy), shown[1])
    return (left, top, right - left, bottom - top)


def label_font(boxes: Sequence[Box]) -> float:
    """The size of the values written beside the dice: smaller where the dice are small."""
    sides = sorted(min(w, h) for _, _, w, h in boxes)
    side = sides[len(sides) // 2] if sides else 40.0
    return 11.0 if side < 24 else 13.0 if side < 40 else 15.0


def label_size(font: float) -> tuple[float, float]:
    """The (width, height) of a one-digit value label written at `font`."""
    return (round(font * 0.62) + 6.0, round(font * 1.3))


def overlap(a: Box, b: Box) -> float:
    """The area two boxes (left, top, width, height) share."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(0.0, w) * max(0.0, h)


def label_spots(boxes: Sequence[Box], room: tuple[float, float], label: tuple[float, float]) -> list[Box]:
    """Where to write each die's value on the shown photo: beside its box, not over a die.

    Above the die if there is room, else to its right, below, left or at a corner, whichever
    covers the least of any die (and of the labels already placed), inside the photo.
    """
    lw, lh = label
    gap = 1.0
    placed: list[Box] = []
    for x, y, w, h in boxes:
        cx, cy = x + w / 2, y + h / 2
        spots = [
            (cx - lw / 2, y - lh - gap), (x + w + gap, cy - lh / 2), (cx - lw / 2, y + h + gap),
            (x - lw - gap, cy - lh / 2), (x + w + gap, y - lh - gap), (x - lw - gap, y - lh - gap),
            (x + w + gap, y + h + gap), (x - lw - gap, y + h + gap),
        ]
        best: Box | None = None
        best_cost = float("inf")
        for left, top in spots:
            spot = (min(max(0.0, left), max(0.0, room[0] - lw)), min(max(0.0, top), max(0.0, room[1] - lh)), lw, lh)
            cost = 2 * sum(overlap(spot, b) for b in boxes) + sum(overlap(spot, p) for p in placed)
            if cost < best_cost:
                best, best_cost = spot, cost
            if cost == 0:
                break
        assert best is not None
        placed.append(best)
    return placed


def tap_areas(boxes: Sequence[Box], room: tuple[float, float], reach: float) -> list[Box]:
    """Each die's tap target on the shown photo: its box grown towards `reach` × `reach`, as far
    as it stays clear of its neighbours' targets (and inside the photo)."""
    centres = [(x + w / 2, y + h / 2) for x, y, w, h in boxes]
    areas: list[Box] = []
    for i, (_, _, w, h) in enumerate(boxes):
        cx, cy = centres[i]
        near = min((max(abs(cx - ox), abs(cy - oy)) for j, (ox, oy) in enumerate(centres) if j != i),
                   default=reach)
        half_w = max(w / 2, min(reach, near) / 2)
        half_h = max(h / 2, min(reach, near) / 2)
        left, top = max(0.0, cx - half_w), max(0.0, cy - half_h)
        right, bottom = min(room[0], cx + half_w), min(room[1], cy + half_h)
        areas.append((left, top, max(0.0, right - left), max(0.0, bottom - top)))
    return areas


def size_message(size: int, limit: int = MAX_PHOTO_BYTES) -> Text | None:
    """Why a file of `size` bytes is refused, or None if it may be read."""
    if size <= 0:
        return Text("Файл пустой: выберите фото кубиков.", "The file is empty: choose a photo of the dice.")
    if size > limit:
        mb, top = size / 2**20, limit / 2**20
        ru_mb = f"{mb:.1f}".replace(".", ",")
        return Text(
            f"Фото слишком большое ({ru_mb} МБ; можно до {top:.0f} МБ). Снимите с меньшим "
            "разрешением или выберите другое.",
            f"The photo is too large ({mb:.1f} MB; the limit is {top:.0f} MB). Take it at a lower "
            "resolution or choose another.",
        )
    return None


def error_message(detail: str) -> Text:
    """A reader's refusal as a sentence for the player, its kind said plainly in either language."""
    low = detail.lower()
    if "heic" in low or "avif" in low:
        ru, en = "Фото в формате HEIC/AVIF не читается: сохраните его как JPEG", \
            "A HEIC/AVIF photo cannot be read here: save it as JPEG"
    elif "empty" in low:
        ru, en = "Файл пустой", "The file is empty"
    elif "too large" in low:
        ru, en = "Фото слишком большое для чтения", "The photo is too large to read"
    elif "corrupt" in low or "truncated" in low or "cannot be decoded" in low:
        ru, en = "Фото повреждено и не читается", "The photo is damaged and cannot be read"
    elif "not" in low and ("image" in low or "photo" in low or "format" in low):
        ru, en = "Это не похоже на фото (нужен JPEG, PNG, WebP или BMP)", \
            "This does not look like a photo (a JPEG, PNG, WebP or BMP is needed)"
    else:
        ru, en = f"Фото не удалось прочитать ({detail})", f"The photo cannot be read ({detail})"
    return Text(
        f"{ru}. Выберите другое фото или введите кубики вручную.",
        f"{en}. Choose another photo or enter the dice by hand.",
    )


def dice_region(found: Sequence[Any], width: int, height: int) -> tuple[int, int, int, int]:
    """The part of a photo (x0, y0, x1, y1) worth showing: where the dice lie, with a margin of
    REGION_MARGIN dice around them (a die the reader missed next to them stays in sight), when that
    is at most REGION_SHARE of the photo; else the whole photo. A photo of a whole table, its dice
    a few percent of its width, so shows them several times larger. Never narrower than half as
    wide as high (or the other way round)."""
    whole = (0, 0, width, height)
    if not found:
        return whole
    side = float(median(max(d.box[2], d.box[3]) for d in found))
    margin = max(REGION_MARGIN * side, 0.04 * max(width, height))
    x0 = min(d.box[0] for d in found) - margin
    y0 = min(d.box[1] for d in found) - margin
    x1 = max(d.box[0] + d.box[2] for d in found) + margin
    y1 = max(d.box[1] + d.box[3] for d in found) + margin
    for short, long_ in ((0, 1), (1, 0)):  # widen the shorter side to half the longer
        spans = [x1 - x0, y1 - y0]
        if spans[short] < spans[long_] / 2:
            grow = (spans[long_] / 2 - spans[short]) / 2
            if short == 0:
                x0, x1 = x0 - grow, x1 + grow
            else:
                y0, y1 = y0 - grow, y1 + grow
    box = (max(0, round(x0)), max(0, round(y0)), min(width, round(x1)), min(height, round(y1)))
    if (box[2] - box[0]) * (box[3] - box[1]) > REGION_SHARE * width * height:
        return whole
    return box


def analyse(data: bytes, needed: int, limit: int = MAX_PHOTO_BYTES,
            kept: Sequence[int] = ()) -> tuple[PhotoReading, bytes]:
    """Read the dice of an encoded photo: the reading and a JPEG preview its boxes refer to.

    The photo is decoded once (upright, limits checked: vision.ImageError otherwise); the dice are
    read from those pixels, and the preview is a smaller copy of the same pixels: of the part where
    the dice lie, in a photo of a whole table (dice_region), the boxes measured from its corner.
    """
    import cv2

    import vision

    if len(data) > limit:
        raise vision.ImageError(f"file too large: {len(data) / 2**20:.1f} MB (the limit is {limit / 2**20:.0f} MB)")
    photo = vision.load_photo(data)
    pixels = photo.pixels
    found: list[Any] = list(vision.read_dice(pixels))
    x0, y0, x1, y1 = dice_region(found, pixels.shape[1], pixels.shape[0])
    if (x0, y0, x1, y1) != (0, 0, pixels.shape[1], pixels.shape[0]):  # the dice, larger: the rest is table
        pixels = pixels[y0:y1, x0:x1]
        found = [(d.value, (d.box[0] - x0, d.box[1] - y0, d.box[2], d.box[3]), d.confidence, d.faces, d.die)
                 for d in found]
    height, width = pixels.shape[:2]
    scale = min(1.0, PREVIEW_LONG_SIDE / max(width, height))
    small = pixels
    if scale < 1.0:
        small = cv2.resize(pixels, (round(width * scale), round(height * scale)), interpolation=cv2.INTER_AREA)
    ok, encoded = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 85])
    if not ok:
        raise vision.ImageError("the photo could not be prepared for display")
    return PhotoReading.from_dice(found, (width, height), needed, kept), encoded.tobytes()
