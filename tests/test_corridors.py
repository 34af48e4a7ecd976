"""Corridors: routes in order, with a geodesic length beside the claimed one."""

from datetime import UTC, datetime

import pytest

from geo.corridors import Corridor, Waypoint

ACTIVE = dict(active_from=datetime(2016, 12, 15, tzinfo=UTC), active_until=datetime(2016, 12, 16, tzinfo=UTC))


def test_should_measure_a_route_along_its_waypoints_on_the_ellipsoid():
    # one degree of longitude on the equator is 111.32 km on WGS 84
    route = Corridor("c", "test", waypoints=(Waypoint(0, 0), Waypoint(0, 0.5), Waypoint(0, 1)),
                     description="", sources=(), **ACTIVE)
    assert route.length_km == pytest.approx(111.32, abs=0.01)


def test_should_refuse_a_route_of_one_point():
    with pytest.raises(ValueError, match="at least 2 waypoints"):
        Corridor("c", "test", waypoints=(Waypoint(0, 0),), description="", sources=(), **ACTIVE)


def test_should_refuse_a_waypoint_off_the_globe():
    with pytest.raises(ValueError, match="instead got"):
        Waypoint(91, 0)


def test_should_give_every_shipped_corridor_a_plausible_length(shipped):
    lengths = {c.id: c.length_km for c in shipped.corridors}
    assert {"aleppo_corridor", "idlib_route", "foua_kefraya_route"} <= set(lengths)
    # the humanitarian corridor was claimed at 21 km by road; straight segments are shorter
    assert 5 < lengths["aleppo_corridor"] < 21
    assert 40 < lengths["idlib_route"] < 80


def test_should_link_the_aleppo_corridor_to_its_claimed_lengths(shipped):
    corridor = next(c for c in shipped.corridors if c.id == "aleppo_corridor")
    claims = shipped.claims.set_index("id").loc[list(corridor.length_claims)]
    assert sorted(claims["value"]) == [6, 15, 21]
    assert set(claims["unit"]) == {"km"}
