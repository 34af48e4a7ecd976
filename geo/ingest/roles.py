"""Where a place stands to its sentence: the words read back from a place mention (prepositions, who
people are, who tells) and the phrases that say which side held it.

The tables :mod:`geo.ingest.triggers` reads a place's role and side with (see its module's table of
roles); every pattern is lower case, matched against :func:`geo.ingest.cleaning.lowered` text.
"""

from __future__ import annotations

import re

from geo.ingest.alternation import by_first_letter
from geo.ingest.scene import VEHICLE_WORDS

# where a place stands to the sentence, by the preposition read back from it
# (every alternative opens with a plain letter, see :func:`~geo.ingest.alternation.by_first_letter`)
ROLES: tuple[tuple[str, str], ...] = (
    ("locator", r"between|beyond|around|north(?:ern)? of|south(?:ern)? of|east(?:ern)? of|west(?:ern)? of"
                r"|north-?(?:east|west)(?:ern)? of|south-?(?:east|west)(?:ern)? of"
                r"|disagreements? (?:over|about)|disputes? (?:over|about)|differences? (?:over|about)|rows? over"
                r"|talks (?:over|about|on)|negotiations (?:over|about|on)|wrangling over"
                r"|on the road to"),
    ("near", r"near|next to|close to|outside|on the (?:\w+ )?(?:outskirts|edge) of|the (?:\w+ )?(?:outskirts|edge) of"),
    ("origin", r"from|out of"),
    ("destination", r"to|towards|toward|for|into|onto|in the direction of"),
    ("location", r"at|in|inside|within|on|through|across|throughout"),
)
PEOPLE = (r"civilians|residents|inhabitants|villagers|people|persons|families|evacuees|fighters|rebels|militants|refugees"
          r"|children|those|victims|population")
# "the rebels in Idlib fired on ...": where an armed party is from, not where it acted
# the one list of armed people (triggers.ARMED reads it too): "rebels in X" tells who, not where an event is; the
# plural "militias" only ("a member of a militia in Aleppo" was killed in Aleppo)
ARMED_PEOPLE = r"rebels|fighters|militants|insurgents|troops|soldiers|forces|jihadists|gunmen|militias|militiamen"
# "a source in Aleppo said", "an AFP reporter in Rashidin": where the one who tells is, not where it happened
SPEAKERS = r"source|sources|official|officials|reporter|correspondent|spokesman|spokeswoman|spokesperson|crew"

SIDE_PHRASES: tuple[tuple[str, str], ...] = (
    ("opposition", r"rebel[- ](?:held|controlled|run)|opposition[- ](?:held|controlled)|insurgent[- ]held"
                   r"|(?:rebel|insurgent|opposition) (?:areas?|zones?|enclaves?|districts?|neighbou?rhoods?|sectors?"
                   r"|sides?|parts?|pockets?|bastions?|strongholds?)"),
    ("government", r"government[- ](?:held|controlled)|regime[- ](?:held|controlled)|government held"
                   r"|government (?:sides?|areas?|zones?|parts?|lines)"),
)

# a sentence without any of these words has no side phrase (a cheap test first)
SIDE_WORDS = ("held", "controlled", "run", "rebel", "insurgent", "opposition", "government")

# "the buses of X", "the convoy from X": whose the vehicles are (leaving or arriving is read apart)
CARRIERS = VEHICLE_WORDS  # the one vehicle list (scene.VEHICLE_WORDS)
# "civilians from the villages in X": X locates the place the people are from
FROM_SETTLEMENTS = re.compile(rf"\b(?:{PEOPLE})\s+from\s+(?:the\s+)?(?:[\w-]+\s+){{0,2}}(?:villages|towns|areas|cities)"
                              r"\s+(?:in|of|near)\s+(?:the\s+)?$")

ROLE_WORDS, ROLE_GROUPS = by_first_letter(
    (("provenance", "|".join(rf"{people}\s+(?:from|of)" for people in PEOPLE.split("|"))
      + "|" + "|".join(rf"{carrier}\s+(?:from|of)" for carrier in CARRIERS.split("|"))
      + "|" + "|".join(rf"{armed}\s+in" for armed in ARMED_PEOPLE.split("|"))
      + "|" + "|".join(rf"{speaker}\s+(?:in|at|based in)" for speaker in SPEAKERS.split("|"))
      + "|" + "|".join(rf"{verb}\s+(?:all\s+|originally\s+|mostly\s+)?from" for verb in ("is", "are", "was", "were"))
      + "|" + "|".join(rf"{whose}\s+(?:homes?|houses?)\s+in" for whose in ("their", "his", "her"))
      + "|" + "|".join(rf"{live}\s+in" for live in ("live", "lives", "lived", "living"))),
     *ROLES))  # who they are: "the victims were from X", "who had left their homes in X", "relatives who live in X"
ROLE = re.compile(rf"(?<!\w)(?:{ROLE_WORDS})\b")
SIDE = re.compile(r"(?<!\w)(?:" + "|".join(rf"(?P<{side}>{words})" for side, words in SIDE_PHRASES) + r")\b")
# "Aleppo's outskirts", "Aleppo's western edge": the place's possessive makes it the place the words are near
OUTSKIRTS_AFTER = re.compile(r"['’]s\s+(?:[\w-]+\s+)?(?:outskirts|edge|edges|periphery)\b")
POSSESSIVE = re.compile(r"['’]s\s+(?:[\w-]+\s+)?")
AND = re.compile(r"\s*(?:and|or|&)\s*")
# "the Aleppo neighbourhood of Ramousah": the second place is the one meant, in the first one's role
PART_OF = re.compile(r"\s+(?:[\w-]+\s+)?(?:neighbou?rhoods?|districts?|quarters?|suburbs?|areas?|sectors?) of\s+"
                     r"|['’]s\s+(?:[\w-]+\s+)?")  # "Aleppo's Mashad neighbourhood", "Aleppo's southwestern Rashidin district" too
# "the Madaya residents", "a Foua evacuee": the place only says who the people are
NAMES_PEOPLE = re.compile(r"\s+(?:residents?|evacuees?|families|natives?|civilians|refugees|people|villagers|townspeople)\b")
# "Egypt said it evacuated 436 of its nationals": a state taking its own people out is who acts, not where
TAKES_ITS_OWN = re.compile(r"\s+(?:(?:said|says) it\s+|ha[sd]\s+)?(?:evacuated|airlifted|repatriated|rescued|flew out)"
                           r"(?:\s+[\w,'’-]+){0,5}?\s+(?:of\s+)?its\s+(?:own\s+)?(?:nationals|citizens|diplomats|staff)\b")
# "the villages near Idlib", "Kefraya near the northwestern city of Idlib": from a place to the one near it
NEAR_AFTER_PLACE = re.compile(r"\s*(?:near|close to|next to|outside)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:of\s+)?")
