"""Numbers in report text: what is counted, how it is hedged, and who says so.

A number is a claim only when a unit from :data:`UNITS` follows it, at most
:data:`MAX_MODIFIERS` words later ("17 green buses", "Twenty passenger busses",
"21km"); so years, dates and clock times are never claims. What is counted starts as
the unit's quantity and may be narrowed by the words around it (:data:`CONTEXT`):
"1000 people have been killed" is ``killed``, "5,000 ... brought out" is
``people_evacuated``. The hedge comes from the words before the number
(:data:`QUALIFIER_WORDS`, values of :data:`geo.data.schema.QUALIFIERS`); "between 200 and
250" and "200-250" are ranges. A number in brackets right after another one is a
unit conversion ("2.5 square km (1 square mile)") and is not a second claim.

Who says so is read from the sentence by :func:`geo.ingest.claimants.attributions`.

>>> [(c.quantity, c.qualifier, c.value, c.unit) for c in find_claims("around 250 wounded")]
[('wounded', 'about', 250.0, 'people')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from geo.data.schema import QUALIFIERS
from geo.ingest.alternation import group_name
from geo.ingest.claimants import attributions
from geo.ingest.cleaning import holds, lowered

MAX_MODIFIERS = 3
HEDGE_REACH = 24  # characters before a number read for its hedge ("no fewer than", "between")

# unit pattern -> (quantity, unit), tried in this order at each word after the number
UNITS: tuple[tuple[str, str, str], ...] = (
    (r"square (?:km|kilomet(?:re|er)s?)|sq\.? ?km|km2|km²", "area", "km2"),
    (r"square miles?", "area", "mi2"),
    (r"km|kilomet(?:re|er)s?", "length", "km"),
    (r"miles?", "length", "mi"),
    (r"hectares?", "area", "hectares"),
    (r"bus(?:s?es)?|coach(?:es)?", "buses", "buses"),
    (r"ambulances?", "ambulances", "ambulances"),
    (r"cars?", "cars", "cars"),
    (r"vehicles?|trucks?|lorries", "vehicles", "vehicles"),
    (r"columns?|convoys?", "columns", "columns"),
    (r"buildings?|houses?|homes", "buildings", "buildings"),
    (r"(?:explosive )?(?:objects|devices)|mines|booby[- ]traps", "explosive_objects", "explosive objects"),
    (r"staff|volunteers|aid workers|medics|doctors", "staff", "staff"),
    (r"aboard|on board", "people_evacuated", "people"),
    (r"wounded", "wounded", "people"),
    (r"injured", "injured", "people"),
    (r"children|kids", "children", "children"),
    (r"people|persons|civilians|residents|evacuees|rebels|militants|fighters|insurgents|gunmen"
     r"|families|family members|members|patients|men|women|refugees|soldiers|troops|orphans"
     r"|citizens|nationals|passengers|foreigners|expatriates|diplomats|students|pilgrims",
     "people", "people"),
    # people counted by their nationality, a plural ("560 Indonesians", "46 Americans"; not "3 Syrian towns")
    (r"(?:afghan|american|australian|bangladeshi|briton|brit|canadian|egyptian|ethiopian|filipino|german|indian"
     r"|indonesian|iranian|iraqi|italian|jordanian|kenyan|korean|kuwaiti|libyan|malaysian|nepali|nigerian|pakistani"
     r"|palestinian|russian|saudi|somali|syrian|tunisian|turk|yemeni)s",
     "people", "people"),
)

# (quantity it applies to, words in the clause or sentence, narrowed quantity); first match wins
CONTEXT: tuple[tuple[str, str, str], ...] = (
    ("people", r"\b(?:killed|dead|died|deaths?|executed|massacred)\b", "killed"),
    ("people", r"\b(?:injured|hurt)\b", "injured"),
    ("people", r"\b(?:wounded)\b", "wounded"),
    ("people", r"\breturn(?:ed|ing)? to (?:their )?homes?\b", "civilians_returned_home"),
    ("children", r"\b(?:evacuat\w*|left|leav\w*|brought out|taken out)\b", "children_evacuated"),
    ("people", r"\b(?:evacuat\w*|brought out|taken out|pull-?out|pulled out|aboard|left|leav\w*|depart\w*"
               r"|transported|bused out|ferried out)\b", "people_evacuated"),
    ("length", r"\bcorridor\b", "corridor_length"),
    ("length", r"\broads?\b", "roads_cleared"),
    ("area", r"\b(?:swe(?:ep|pt)\w*|demin\w*|cleared)\b", "area_swept"),
    ("area", r"\b(?:enclave|pocket|controlled|held)\b", "enclave_area"),
    ("buildings", r"\b(?:cleared|demin\w*|swept)\b", "buildings_cleared"),
    ("explosive_objects", r"\b(?:defused|disarmed|destroyed|cleared)\b", "explosive_objects_defused"),
    ("columns", r"\b(?:left|depart\w*|set off|set out|rolled out)\b", "columns_departed"),
)

# words right before a number -> qualifier (longest phrase first)
QUALIFIER_WORDS: dict[str, str] = {
    "no fewer than": "at_least",
    "no less than": "at_least",
    "at least": "at_least",
    "a minimum of": "at_least",
    "more than": "more_than",
    "upwards of": "more_than",
    "in excess of": "more_than",
    "over": "more_than",
    "close to": "nearly",
    "just under": "nearly",
    "almost": "nearly",
    "nearly": "nearly",
    "as many as": "up_to",
    "up to": "up_to",
    "an estimated": "about",
    "approximately": "about",
    "roughly": "about",
    "around": "about",
    "about": "about",
    "some": "about",
}
assert set(QUALIFIER_WORDS.values()) <= set(QUALIFIERS)

_ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
         "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS_WORDS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
NUMBER_WORDS = {word: value for value, word in enumerate(_ONES)} | {
    word: 10 * (i + 2) for i, word in enumerate(_TENS_WORDS)
}
SCALES = {"dozen": 12, "hundred": 100, "thousand": 1_000, "million": 1_000_000}
ORDINALS = {
    word: i + 1
    for i, word in enumerate(("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
                              "ninth", "tenth"))
}

_TENS = "|".join(_TENS_WORDS)
_UNITS_WORDS = "one|two|three|four|five|six|seven|eight|nine"
_WORD_NUMBER = (
    rf"(?:(?:{_TENS})(?:[- ](?:{_UNITS_WORDS}))?|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
    r"|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|(?:one|a)(?=\s+(?:dozen|hundred|thousand|million)))"
)
_DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_NUMBER = re.compile(
    rf"(?<![\w.,/:])(?P<number>(?:{_DIGITS})|\b(?:{_WORD_NUMBER})\b)(?P<scale>(?:\s+(?:dozen|hundred|thousand|million))*)"
    r"(?![\d,.]\d|[/:]\d)"
)
_ORDINAL = re.compile(rf"\b(?P<ordinal>{'|'.join(ORDINALS)})\s+(?P<unit>columns?|convoys?)\b")
_UNIT = re.compile(  # the unit's group u0, u1 ... names its row of UNITS
    rf"\s*(?P<modifiers>(?:[A-Za-z][\w'-]*\s+){{0,{MAX_MODIFIERS}}}?)"
    rf"(?:{'|'.join(f'(?P<u{i}>{p})' for i, (p, _, _) in enumerate(UNITS))})(?![\w²])"
)
_CONTEXT_RULES: dict[str, list[tuple[re.Pattern[str], str]]] = {}  # quantity -> its rules, in table order
for _quantity, _words, _narrowed in CONTEXT:
    _CONTEXT_RULES.setdefault(_quantity, []).append((re.compile(_words), _narrowed))
_QUALIFIER = re.compile(
    r"\b(?P<words>" + "|".join(sorted(map(re.escape, QUALIFIER_WORDS), key=len, reverse=True)) + r")\s+$"
)
_RANGE_GLUE = re.compile(r"\s*(?:-|–|to|and)\s*$")
_RANGE_OPEN = re.compile(r"\b(?:between|from)\s+$")
_HAS_DIGIT = re.compile(r"\d")
_YEAR = re.compile(r"(?:19|20)\d\d")
_CONVERSION = re.compile(r"\s*\(\s*")
# a number written in words holds one of these ("thirt" for thirty and thirteen; "one" counts only
# before a scale); an ordinal counts only before a column or convoy (cheap tests before the patterns)
COUNT_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirt",
               "fift", "twent", "forty", "dozen", "hundred", "thousand", "million")
ORDINAL_UNITS = ("column", "convoy")
_CLAUSE_BREAK = re.compile(r"[,;:()\"“”]")
_LAST_CLAUSE_BREAK = re.compile(r"[,;:()\"“”][^,;:()\"“”]*$")  # searched up to a position: the last break before it
_STRONG_BREAK = re.compile(r"[;:]|\b(?:while|whereas|but)\b")
_MODIFIER_STOP = re.compile(
    r"\b(?:of|were|was|are|is|have|has|had|been|be|said|in|at|on|from|to|for|by|after|before|during|while"
    r"|per|a|the|and|or|than)\b"
)



@dataclass(frozen=True)
class QuantityClaim:
    """One number in a sentence: value or range, hedge, unit, what it counts and who said so.

    ``text`` is the number phrase as written ("around 250 wounded"), at ``start``/``end``
    in the text given to :func:`find_claims`; ``evidence`` is that whole text (the sentence).
    """

    text: str
    start: int
    end: int
    quantity: str
    qualifier: str
    unit: str
    value: float | None = None
    low: float | None = None
    high: float | None = None
    claimed_by: str | None = None
    evidence: str = ""

    def __post_init__(self) -> None:
        if self.qualifier not in QUALIFIERS:
            raise ValueError(f"qualifier: expected one of {', '.join(QUALIFIERS)}, instead got {self.qualifier!r}")
        if (self.qualifier == "range") != (self.value is None):
            raise ValueError(f"claim {self.text!r}: a range has low and high, anything else a value")


def number_value(number: str, scale: str = "") -> float:
    """The value of "5,000", "2.5", "Twenty", "twenty-five", "two hundred", "1.5 million"."""
    word = number.lower().replace("-", " ")
    if word[0].isdigit():
        value = float(word.replace(",", ""))
    elif word == "a" or word == "one":
        value = 1.0
    else:
        value = float(sum(NUMBER_WORDS[part] for part in word.split()))
    for part in scale.lower().split():
        value *= SCALES[part]
    return value


def _unit(text: str, end: int, allow_modifiers: bool) -> tuple[re.Match[str], str, str] | None:
    m = _UNIT.match(text, end)
    if not m or (m["modifiers"] and (not allow_modifiers or _MODIFIER_STOP.search(m["modifiers"]))):
        return None
    _, quantity, unit = UNITS[int(group_name(m)[1:])]
    return m, quantity, unit


def _clause(text: str, start: int, end: int) -> tuple[int, int]:
    """The span between the clause breaks around ``start``..``end``."""
    before = _LAST_CLAUSE_BREAK.search(text, 0, start)
    after = _CLAUSE_BREAK.search(text, end)
    return (before.start() + 1 if before else 0), (after.start() if after else len(text))


def _narrow(quantity: str, text: str, start: int, end: int) -> str:
    """The quantity after the context rules: the number's clause first, then on to the
    end of its part of the sentence ("100,000 people, including ..., have been evacuated")."""
    left, right = _clause(text, start, end)
    stop = _STRONG_BREAK.search(text, end)
    rules = _CONTEXT_RULES.get(quantity, ())
    for scope in (text[left:right], text[left:stop.start() if stop else len(text)]) if rules else ():
        for rule, narrowed in rules:
            if rule.search(scope):
                return narrowed
    return quantity


def _is_conversion(text: str, start: int, previous_end: int | None) -> bool:
    """A number in brackets straight after another claim restates it in other units."""
    return previous_end is not None and _CONVERSION.fullmatch(text, previous_end, start) is not None


def _range_end(text: str, m: re.Match[str], after: re.Match[str] | None) -> re.Match[str] | None:
    """The second number of "between 200 and 250", "200-250", "from 5 to 10", if ``m`` starts one."""
    if after is None or not _RANGE_GLUE.fullmatch(text[m.end():after.start()]):
        return None
    dashed = text[m.end():after.start()].strip() in ("-", "–")
    opened = _RANGE_OPEN.search(text, max(0, m.start() - HEDGE_REACH), m.start())
    if not (dashed or opened):
        return None
    first, second = number_value(m["number"], m["scale"]), number_value(after["number"], after["scale"])
    return after if second > first else None


def _speaker_of(speakers: tuple[tuple[int, str], ...], start: int, end: int) -> str | None:
    """The speaker named nearest to a claim in its sentence."""
    nearest = min(speakers, key=lambda s: min(abs(s[0] - start), abs(s[0] - end)), default=None)
    return nearest[1] if nearest else None


def find_claims(text: str, offset: int = 0) -> tuple[QuantityClaim, ...]:
    """Every numeric claim in a sentence, in order; the speaker is the one named nearest to it.

    ``offset`` is added to every ``start``/``end``: where the sentence begins in a longer text.
    """
    low = lowered(text)
    numbers = list(_NUMBER.finditer(low)) if _HAS_DIGIT.search(low) or holds(low, COUNT_WORDS) else []
    found: list[tuple[int, int, dict[str, Any]]] = []  # start, end and the other fields of each claim (QuantityClaim's, by name)
    previous_end: int | None = None
    i = 0
    while i < len(numbers):
        m = numbers[i]
        second = _range_end(low, m, numbers[i + 1] if i + 1 < len(numbers) else None)
        i += 2 if second else 1
        end = second.end() if second else m.end()
        year_like = second is None and _YEAR.fullmatch(m["number"]) is not None
        unit_found = _unit(low, end, allow_modifiers=not year_like)
        if unit_found is None or _is_conversion(low, m.start(), previous_end):
            continue
        unit_match, quantity, unit = unit_found
        value = number_value(m["number"], m["scale"])
        if second:
            opened = _RANGE_OPEN.search(low, max(0, m.start() - HEDGE_REACH), m.start())
            start, qualifier = (opened.start() if opened else m.start()), "range"
            amounts = {"low": value, "high": number_value(second["number"], second["scale"])}
        else:
            hedge = _QUALIFIER.search(low, max(0, m.start() - HEDGE_REACH), m.start())
            start = hedge.start() if hedge else m.start()
            qualifier = QUALIFIER_WORDS[hedge["words"]] if hedge else "exact"
            amounts = {"value": value}
        found.append((start, unit_match.end(), {"quantity": _narrow(quantity, low, m.start(), unit_match.end()),
                                                "qualifier": qualifier, "unit": unit, **amounts}))
        previous_end = unit_match.end()
    for m in _ORDINAL.finditer(low) if holds(low, ORDINAL_UNITS) else ():
        found.append((m.start(), m.end(), {"quantity": _narrow("columns", low, m.start(), m.end()),
                                           "qualifier": "exact", "unit": "columns",
                                           "value": float(ORDINALS[m["ordinal"]])}))
    if not found:
        return ()
    speakers = attributions(text)
    evidence = text.strip()
    return tuple(
        QuantityClaim(text=text[start:end], start=start + offset, end=end + offset, evidence=evidence,
                      claimed_by=_speaker_of(speakers, start, end), **fields)
        for start, end, fields in sorted(found, key=lambda f: f[0])
    )
