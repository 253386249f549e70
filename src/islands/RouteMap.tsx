import { geoCentroid, geoNaturalEarth1, geoPath } from 'd3-geo';
import type { Feature, LineString, MultiPoint } from 'geojson';
import { useLayoutEffect, useRef, useState } from 'react';
import { feature } from 'topojson-client';
import land from 'world-atlas/land-110m.json';
import type { MapPoint, TrackingResult } from './tracking-view';

/**
 * The route map of a found shipment, drawn in the browser from the world's land shapes shipped with
 * the site (world-atlas, 1:110m): no tile server, no request to anyone else. Loaded on demand by the
 * result panel, so neither its code nor its map data weighs on the page's first load.
 */
export interface RouteMapProps {
  route: TrackingResult['route'];
}

/** The width it is drawn at until its box is measured (and its widest), and its height for a width. */
const WIDTH = 640;
const heightFor = (width: number) => Math.round(width / 2);
const MARGIN = 16;
/** Place labels in CSS pixels: the map is drawn at its own width in pixels, so they stay this size on a phone. */
const LABEL_SIZE = 13;
/** Degrees of land shown around the route's places, so a short route is not zoomed to a blur. */
const AROUND = { longitude: 14, latitude: 8 };

const coordinates = (point: MapPoint): [number, number] => [point.longitude, point.latitude];
const line = (from: MapPoint, to: MapPoint): Feature<LineString> => ({
  type: 'Feature',
  properties: {},
  geometry: { type: 'LineString', coordinates: [coordinates(from), coordinates(to)] },
});

/** The shipped map file is what the map expects; otherwise loading the map fails and the page keeps the timeline. */
type LandTopology = Parameters<typeof feature>[0] & { objects: { land: Parameters<typeof feature>[1] } };
function isLandTopology(value: unknown): value is LandTopology {
  if (typeof value !== 'object' || value === null || !('type' in value) || value.type !== 'Topology') return false;
  return 'objects' in value && typeof value.objects === 'object' && value.objects !== null && 'land' in value.objects;
}
if (!isLandTopology(land)) throw new Error('world-atlas land-110m.json is not a land topology');
const landShape = feature(land, land.objects.land);

export default function RouteMap({ route }: RouteMapProps) {
  const frame = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(WIDTH);
  useLayoutEffect(() => {
    const figure = frame.current;
    if (!figure) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(1, Math.min(WIDTH, Math.round(entry.contentRect.width))));
    });
    observer.observe(figure);
    return () => observer.disconnect();
  }, []);

  const { origin, destination } = route;
  if (!origin || !destination) return null;
  const height = heightFor(width);
  const arrived = route.current?.name === destination.name;
  // Somewhere between: neither still at the origin nor arrived.
  const current = route.current && route.current.name !== origin.name && !arrived ? route.current : null;
  const places = [origin, ...(current ? [current] : []), destination];

  const centre = geoCentroid({ type: 'MultiPoint', coordinates: places.map(coordinates) });
  const framed: MultiPoint = {
    type: 'MultiPoint',
    coordinates: places.flatMap(({ longitude, latitude }) => [
      [longitude - AROUND.longitude, Math.max(-80, latitude - AROUND.latitude)],
      [longitude + AROUND.longitude, Math.min(80, latitude + AROUND.latitude)],
    ]),
  };
  const projection = geoNaturalEarth1()
    .rotate([-centre[0], 0])
    .fitExtent(
      [
        [MARGIN, MARGIN],
        [width - MARGIN, height - MARGIN],
      ],
      framed,
    );
  const path = geoPath(projection);
  const travelled = arrived ? line(origin, destination) : current ? line(origin, current) : null;
  const ahead = arrived ? null : line(current ?? origin, destination);
  const marks = places.filter((place, index) => places.findIndex((other) => other.name === place.name) === index);

  const caption = `Route map: from ${origin.name} to ${destination.name}${current ? `; now in ${current.name}` : ''}${arrived ? '; arrived' : ''}.`;
  return (
    <figure ref={frame} className="mt-6">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        aria-hidden="true"
        data-testid="route-map"
        className="block h-auto w-full rounded-lg bg-brand-50"
      >
        <path d={path(landShape) ?? undefined} fill="#cbd5e1" stroke="#94a3b8" strokeWidth={0.5} />
        {travelled && <path d={path(travelled) ?? undefined} fill="none" stroke="#1e40af" strokeWidth={3} />}
        {ahead && (
          <path d={path(ahead) ?? undefined} fill="none" stroke="#1e40af" strokeWidth={2} strokeDasharray="6 5" />
        )}
        {marks.map((place) => {
          const [x, y] = projection(coordinates(place)) ?? [Number.NaN, Number.NaN];
          if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
          const here = place.name === (current ?? (arrived ? destination : null))?.name;
          return (
            <g key={place.name} transform={`translate(${x} ${y})`}>
              <circle r={here ? 7 : 5} fill={here ? '#ea580c' : '#fff'} stroke="#172554" strokeWidth={2} />
              <text
                x={x > width / 2 ? -10 : 10}
                y={-10}
                textAnchor={x > width / 2 ? 'end' : 'start'}
                fontSize={LABEL_SIZE}
                fontWeight={600}
                fill="#0f172a"
                stroke="#fff"
                strokeWidth={4}
                paintOrder="stroke"
              >
                {/* The city alone keeps a label on a phone-wide map; the caption below names the country too. */}
                {place.name.split(', ')[0]}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 text-sm text-slate-700">{caption}</figcaption>
    </figure>
  );
}
