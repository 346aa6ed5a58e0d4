#!/usr/bin/env python3
"""Makes Resources/Stores/land-detail-10m.geojson: Natural Earth 1:10m land with its lakes cut out, kept only
around the stores (cells of CELL degrees within REACH degrees of a store), for the map at city zoom.

Usage: scripts/make-land-detail.py ne_10m_land.json ne_10m_lakes.json Resources/Stores/apple-stores.json OUT

Each covered cell holds the land and lake rings clipped to it (filled even-odd, a lake is a hole in the land
and an island in a lake is land again); the edges the clipping adds lie on cell borders and are not coast.
The file lists the covered cells ("cells": [[column, row], ...] of the CELL-degree grid from -180, -90) so
the map uses it only for views wholly inside them."""
import json
import math
import sys

CELL = 0.5
REACH = 1.0
DECIMALS = 4


def rings_of(geojson):
    for feature in geojson["features"]:
        geometry = feature["geometry"]
        polygons = [geometry["coordinates"]] if geometry["type"] == "Polygon" else geometry["coordinates"]
        for polygon in polygons:
            for ring in polygon:
                if len(ring) >= 4:
                    yield [(p[0], p[1]) for p in ring[:-1]]


def clip(ring, west, south, east, north):
    """Sutherland-Hodgman against a rectangle; the ring is closed implicitly."""
    def edge(points, inside, cross):
        out = []
        if not points:
            return out
        previous = points[-1]
        for point in points:
            if inside(point):
                if not inside(previous):
                    out.append(cross(previous, point))
                out.append(point)
            elif inside(previous):
                out.append(cross(previous, point))
            previous = point
        return out

    def at_x(x):
        return lambda a, b: (x, a[1] + (b[1] - a[1]) * (x - a[0]) / (b[0] - a[0]))

    def at_y(y):
        return lambda a, b: (a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]), y)

    points = edge(ring, lambda p: p[0] >= west, at_x(west))
    points = edge(points, lambda p: p[0] <= east, at_x(east))
    points = edge(points, lambda p: p[1] >= south, at_y(south))
    points = edge(points, lambda p: p[1] <= north, at_y(north))
    return points


def bbox(ring):
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    return min(xs), min(ys), max(xs), max(ys)


def split(pieces, rect, cells, out):
    """Clips `pieces` to `rect` (column0, row0, column1, row1 in cells, exclusive ends), recursing into quarters
    that hold covered cells, down to single cells."""
    c0, r0, c1, r1 = rect
    inside = [cell for cell in cells if c0 <= cell[0] < c1 and r0 <= cell[1] < r1]
    if not inside or not pieces:
        return
    west, south, east, north = -180 + c0 * CELL, -90 + r0 * CELL, -180 + c1 * CELL, -90 + r1 * CELL
    clipped = []
    for ring in pieces:
        x0, y0, x1, y1 = bbox(ring)
        if x1 < west or x0 > east or y1 < south or y0 > north:
            continue
        if x0 >= west and x1 <= east and y0 >= south and y1 <= north:
            clipped.append(ring)
            continue
        piece = clip(ring, west, south, east, north)
        if len(piece) >= 3:
            clipped.append(piece)
    if c1 - c0 == 1 and r1 - r0 == 1:
        out[(c0, r0)] = clipped
        return
    cm = (c0 + c1) // 2 if c1 - c0 > 1 else c1
    rm = (r0 + r1) // 2 if r1 - r0 > 1 else r1
    for quarter in [(c0, r0, cm, rm), (cm, r0, c1, rm), (c0, rm, cm, r1), (cm, rm, c1, r1)]:
        if quarter[0] < quarter[2] and quarter[1] < quarter[3]:
            split(clipped, quarter, inside, out)


def rounded(ring):
    out = []
    for x, y in ring:
        point = [round(x, DECIMALS), round(y, DECIMALS)]
        if not out or out[-1] != point:
            out.append(point)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def main():
    land_file, lakes_file, stores_file, out_file = sys.argv[1:5]
    stores = json.load(open(stores_file))
    columns, rows = int(360 / CELL), int(180 / CELL)
    cells = set()
    for store in stores:
        lat, lon = store["latitude"], store["longitude"]
        for c in range(math.floor((lon - REACH + 180) / CELL), math.floor((lon + REACH + 180) / CELL) + 1):
            for r in range(math.floor((lat - REACH + 90) / CELL), math.floor((lat + REACH + 90) / CELL) + 1):
                if 0 <= c < columns and 0 <= r < rows:
                    cells.add((c, r))
    rings = list(rings_of(json.load(open(land_file)))) + list(rings_of(json.load(open(lakes_file))))
    out = {}
    split(rings, (0, 0, columns, rows), sorted(cells), out)
    features = []
    for cell in sorted(cells):
        polygons = [[ring + [ring[0]]] for ring in map(rounded, out.get(cell, [])) if len(ring) >= 3]
        if polygons:
            features.append({"type": "Feature", "properties": {"cell": list(cell)},
                             "geometry": {"type": "MultiPolygon", "coordinates": polygons}})
    result = {"type": "FeatureCollection", "cellSize": CELL, "cells": [list(c) for c in sorted(cells)],
              "features": features}
    with open(out_file, "w") as f:
        json.dump(result, f, separators=(",", ":"))
        f.write("\n")
    points = sum(len(p[0]) for feature in features for p in feature["geometry"]["coordinates"])
    print(f"{len(cells)} cells, {len(features)} with land, {points} points", file=sys.stderr)


if __name__ == "__main__":
    main()
