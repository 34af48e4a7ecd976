"""The overview inset names each end of a story far apart (issue 18): Four Towns' Idlib end and Madaya's."""

from geo.map import build, inset
from geo.run.view import from_params
from tests.conftest import SHIPPED


def test_should_group_places_by_their_busiest_neighbour_and_name_the_busiest_end_first():
    places = [(36.20, 37.10, "Aleppo", 5), (33.70, 36.10, "Madaya", 3), (36.21, 37.00, "Rashidin", 1),
              (33.72, 36.09, "Zabadani", 3), (33.75, 36.12, "Bqin", 1)]
    # Rashidin lies about 9 km from Aleppo; Zabadani and Bqin within 6 km of Madaya; the two ends 300 km apart.
    ends = inset.story_ends(places)
    assert [(e.name, e.events) for e in ends] == [("Madaya · Zabadani", 7), ("Aleppo · Rashidin", 6)]
    assert (ends[0].lat, ends[0].lon) == (33.70, 36.10)


def test_should_name_madaya_and_zabadani_in_the_april_inset():
    from geo.data import evidence

    loaded = evidence.load(SHIPPED.parent / "four-towns-2017-04")
    m = build.build_map(loaded, from_params({}, loaded)[0])
    drawn = next(e for e in m._children.values() if isinstance(e, inset.Inset))
    names = " | ".join(name for _, _, name in drawn.data["ends"])
    assert "Madaya" in names and "Zabadani" in names and "al-Rashidin" in names
    assert "Governorate" not in names  # a governorate holding a town shown gives way to the town
