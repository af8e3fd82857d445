"""What each key position types on the layouts the presets are built from. GENERATED.

Written by tools/xkb_layouts.py from the xkb symbol files of xkeyboard-config
(/usr/share/X11/xkb/symbols) and X11's keysymdef.h; do not edit by hand. The letter rows of
us(basic), gr(basic), ge(basic), lv(basic), lv(ergonomic):
``BASE`` is level 1 (no Shift), ``SHIFT`` level 2, ``ALTGR`` level 3, each a row of
characters in the order of ``POSITIONS`` (``-`` where the level types nothing); a
dead key (an accent that types nothing on its own) is ``"dead"``. ``TYPED`` is every
letter a preset's layout types on any key at any level, dead keys aside (for QWERTZ
and AZERTY de(basic), fr(basic)).
"""

from typing import Final

POSITIONS: Final = (
    *(f"AD{n:02}" for n in range(1, 11)),
    *(f"AC{n:02}" for n in range(1, 12)),
    *(f"AB{n:02}" for n in range(1, 11)),
)
"""The letter rows' key positions, by xkb name: AD top, AC home, AB bottom row."""


def _table(rows: dict[str, str]) -> dict[str, dict[str, str]]:
    return {
        layout: {p: c for p, c in zip(POSITIONS, row.split(), strict=True) if c != "-"}
        for layout, row in rows.items()
    }


BASE: Final = _table(
    {
        "us": "q w e r t y u i o p  a s d f g h j k l ; '  z x c v b n m , . /",
        "greek": "; ς ε ρ τ υ θ ι ο π  α σ δ φ γ η ξ κ λ dead '  ζ χ ψ ω β ν μ , . /",
        "georgian": "ქ წ ე რ ტ ყ უ ი ო პ  ა ს დ ფ გ ჰ ჯ კ ლ ; '  ზ ხ ც ვ ბ ნ მ , . /",
        "latvian": "q w e r t y u i o p  a s d f g h j k l ; '  z x c v b n m , . /",
        "latvian-ergonomic": "ū g j r m v n z ē č  š u s i l d a t e c '  ņ b ī k p o ā , . ļ",
    }
)

SHIFT: Final = _table(
    {
        "us": 'Q W E R T Y U I O P  A S D F G H J K L : "  Z X C V B N M < > ?',
        "greek": ': Σ Ε Ρ Τ Υ Θ Ι Ο Π  Α Σ Δ Φ Γ Η Ξ Κ Λ dead "  Ζ Χ Ψ Ω Β Ν Μ < > ?',
        "georgian": 'Q ჭ E ღ თ Y U I O P  A შ D F G H ჟ K L : "  ძ X ჩ V B N M < > ?',
        "latvian": 'Q W E R T Y U I O P  A S D F G H J K L : "  Z X C V B N M < > ?',
        "latvian-ergonomic": 'Ū G J R M V N Z Ē Č  Š U S I L D A T E C "  Ņ B Ī K P O Ā ; : Ļ',
    }
)

ALTGR: Final = _table(
    {
        "us": "- - - - - - - - - -  - - - - - - - - - - -  - - - - - - - - - -",
        "greek": "· ϛ - ® - ϒ ϑ ͻ - ϡ  - - ↓ ϕ ϝ - ͼ ϟ ϲ dead dead  ͽ → © ϖ ϐ ʹ ϻ « » -",
        "georgian": "- - ჱ ® - ჸ - ჲ - -  ჺ - - ჶ ჹ ჵ ჷ - - - -  - ჴ © ჳ - ჼ - « » ჻",
        "latvian": "q w ē ŗ t y ū ī ō p  ā š d f ģ h j ķ ļ ; “  ž x č v b ņ m • · /",
        "latvian-ergonomic": "q g j ŗ m w y z ē č  š u s i l d a t e c '  ņ x ī k p ō ā < > ?",
    }
)

TYPED: Final[dict[str, str]] = {
    "qwerty": ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"),
    "qwertz": (
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzªµºÄÆÐÖØÜÞäæðöøüþđĦħıĸŁłŊŋŦŧſΩẞ"
    ),
    "azerty": (
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzªµºÆÐØÞßàæçèéðøùþđĦħıĸŁłŊŋŦŧΩẞ"
    ),
    "greek": ("ʹͻͼͽΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρςστυφχψωϏϐϑϒϕϖϗϚϛϜϝϞϟϠϡϰϱϲϴϹϺϻϽϾϿ"),
    "georgian": ("ABDEFGHIKLMNOPQUVXYაბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰჱჲჳჴჵჶჷჸჹჺჼ"),
    "latvian": ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzĀāČčĒēĢģĪīĶķĻļŅņŌōŖŗŠšŪūŽž"),
    "latvian-ergonomic": (
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzĀāČčĒēĢģĪīĶķĻļŅņŌōŖŗŠšŪūŽž"
    ),
}
