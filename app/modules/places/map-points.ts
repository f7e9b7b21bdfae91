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
