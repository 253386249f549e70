import type { APIRoute } from 'astro';
import { geoArea, geoBounds, geoConicConformal, geoPath } from 'd3-geo';
import type { MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land from 'world-atlas/land-10m.json';
import { company } from '@/data/company';

/**
 * The contact page's map: Northern California with the Sacramento office marked, drawn at build
 * time from Natural Earth's coastline (world-atlas) and served from this site, so the page loads
 * nothing from a map provider. The "Open in OpenStreetMap" link next to it leads to the full map.
 */

const WIDTH = 600;
const HEIGHT = 400;
// Longitude, latitude.
const OFFICE: [number, number] = [company.map.longitude, company.map.latitude];
const PLACES: Array<{ name: string; at: [number, number]; dx: number; anchor: 'start' | 'end' }> = [
  { name: 'San Francisco', at: [-122.4194, 37.7749], dx: -10, anchor: 'end' },
  { name: 'Stockton', at: [-121.2908, 37.9577], dx: 10, anchor: 'start' },
  { name: 'Reno', at: [-119.8138, 39.5296], dx: 10, anchor: 'start' },
];
// What the map shows: from the coast past Reno, from Monterey Bay to Redding.
const EXTENT = {
  type: 'Feature' as const,
  properties: {},
  geometry: {
    type: 'MultiPoint' as const,
    coordinates: [
      [-123.6, 36.9],
      [-119.4, 40.4],
    ],
  },
};

/**
 * The land polygons that reach into the map (the others would only add bytes). A ring wound the
 * wrong way stands for the rest of the sphere: the data has a tiny one that would paint the sea as
 * land, so polygons larger than a hemisphere are left out.
 */
function landInView(): MultiPolygon['coordinates'] {
  const topology = land as unknown as Topology<{ land: GeometryCollection }>;
  const [[west, south], [east, north]] = EXTENT.geometry.coordinates as [[number, number], [number, number]];
  return feature(topology, topology.objects.land).features.flatMap(({ geometry }) => {
    const polygons =
      geometry.type === 'MultiPolygon'
        ? geometry.coordinates
        : geometry.type === 'Polygon'
          ? [geometry.coordinates]
          : [];
    return polygons.filter((coordinates) => {
      const polygon: Polygon = { type: 'Polygon', coordinates };
      if (geoArea(polygon) > 2 * Math.PI) return false;
      const [[w, s], [e, n]] = geoBounds(polygon);
      // With a margin: the frame shows a little more than the extent it was fitted to.
      return w <= east + 5 && e >= west - 5 && s <= north + 5 && n >= south - 5;
    });
  });
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function drawMap(): string {
  const projection = geoConicConformal()
    .parallels([37, 40])
    .rotate([121, 0])
    .fitExtent(
      [
        [0, 0],
        [WIDTH, HEIGHT],
      ],
      EXTENT,
    )
    .clipExtent([
      [0, 0],
      [WIDTH, HEIGHT],
    ]);
  const path = geoPath(projection).digits(1);
  const coast = path({ type: 'MultiPolygon', coordinates: landInView() }) ?? '';
  const point = (at: [number, number]) =>
    // biome-ignore lint/style/noNonNullAssertion: a Mercator projection maps every longitude and latitude it is given (the points are the offices)
    projection(at)!.map((value) => Math.round(value * 10) / 10) as [number, number];
  const [ox, oy] = point(OFFICE);
  const places = PLACES.map(({ name, at, dx, anchor }) => {
    const [x, y] = point(at);
    return (
      `<circle cx="${x}" cy="${y}" r="3.5" fill="#475569"/>` +
      `<text x="${x + dx}" y="${y + 4}" text-anchor="${anchor}" class="place">${escapeXml(name)}</text>`
    );
  }).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">` +
    `<style>.place{font:500 14px system-ui,sans-serif;fill:#334155}.sea{font:italic 15px system-ui,sans-serif;fill:#1e3a8a}.office{font:700 16px system-ui,sans-serif;fill:#0f172a}</style>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#dbeafe"/>` +
    `<path d="${coast}" fill="#f8fafc" stroke="#94a3b8" stroke-width="1"/>` +
    `<text x="40" y="${HEIGHT - 40}" class="sea">Pacific Ocean</text>` +
    places +
    // A pin whose tip is on the office.
    `<path d="M${ox} ${oy}c-4-9-12-14-12-22a12 12 0 0 1 24 0c0 8-8 13-12 22z" fill="#ea580c" stroke="#fff" stroke-width="2"/>` +
    `<circle cx="${ox}" cy="${oy - 22}" r="4.5" fill="#fff"/>` +
    `<text x="${ox + 18}" y="${oy - 26}" class="office">${escapeXml(company.shortName)}</text>` +
    `<text x="${ox + 18}" y="${oy - 9}" class="place">${escapeXml(company.address.street)}, ${escapeXml(company.address.city)}</text>` +
    `</svg>`
  );
}

export const GET: APIRoute = () => new Response(drawMap(), { headers: { 'Content-Type': 'image/svg+xml' } });
