import { type ComponentType, useEffect, useState } from 'react';
import type { RouteMapProps } from './RouteMap';
import type { TrackingResult } from './tracking-view';

/**
 * Where a found shipment's route map goes: the map's code and land shapes are loaded on demand once the
 * result shows (a chunk of their own, off the page's first load); nothing (the timeline alone) when the
 * route cannot be drawn.
 */
export function RouteMapSlot({ route }: { route: TrackingResult['route'] }) {
  const [MapView, setMapView] = useState<ComponentType<RouteMapProps> | null>(null);
  const drawable = !!route.origin && !!route.destination;
  useEffect(() => {
    if (!drawable) return;
    let live = true;
    import('./RouteMap').then((module) => live && setMapView(() => module.default)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [drawable]);
  return drawable && MapView ? <MapView route={route} /> : null;
}
