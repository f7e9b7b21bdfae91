// The places a map shows, as the map's JSON and a list's map view carry them (pure: the
// browser's map reads them too).

export type MapPoint = {
  id: number;
  latitude: number;
  longitude: number;
  title: string;
  /** The item's page, in the request's language. */
  url: string;
  /** Venue, address, town: what is known. */
  place: string | null;
  /** From the near filter's place, when the list measures distances. */
  distanceKm: number | null;
};

/** An item's point on its page: its own, else its city's (`own` false). */
export type ItemPoint = { latitude: number; longitude: number; own: boolean };

export type MapPoints = { points: MapPoint[]; truncated: boolean };

/** A GeoJSON FeatureCollection of the points (what MapLibre's GeoJSON source reads). */
export function pointsToGeoJson({ points, truncated }: MapPoints) {
  return {
    type: "FeatureCollection" as const,
    truncated,
    features: points.map((point) => ({
      type: "Feature" as const,
      id: point.id,
      geometry: { type: "Point" as const, coordinates: [point.longitude, point.latitude] as [number, number] },
      properties: {
        title: point.title,
        url: point.url,
        place: point.place,
        ...(point.distanceKm === null ? {} : { distanceKm: point.distanceKm }),
      },
    })),
  };
}

export type PointsGeoJson = ReturnType<typeof pointsToGeoJson>;

/** A point on OpenStreetMap's own site (the no-JS way to see it on a map). */
export function osmPointUrl(latitude: number, longitude: number, zoom = 15): string {
  const lat = latitude.toFixed(5);
  const lon = longitude.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${zoom}/${lat}/${lon}`;
}
