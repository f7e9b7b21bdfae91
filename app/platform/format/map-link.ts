/** An OpenStreetMap search for a place: its parts (venue, address, town…) that are known, joined by commas. */
export function mapSearchUrl(parts: ReadonlyArray<string | null | undefined>): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(parts.filter(Boolean).join(", "))}`;
}

/** OpenStreetMap centred on a point, with a marker (zoom 16: a few streets around). */
export function mapPointUrl(point: { latitude: number; longitude: number }): string {
  const lat = point.latitude.toFixed(5);
  const lon = point.longitude.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}
