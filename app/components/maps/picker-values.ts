import type { GeoPoint } from "#app/platform/geo/radius.ts";

// The point picker's values (pure): what its inputs hold and what a click writes into them.

/** Six decimals (about 0.1 m) for latitude and longitude. */
function coordinateValue(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/** A click at `lng`, `lat` (MapLibre's longitudes may run past ±180 on a world copy): the inputs' values. */
export function pickedValues(lng: number, lat: number): { latitude: string; longitude: string } {
  const longitude = ((((lng + 180) % 360) + 360) % 360) - 180;
  return { latitude: coordinateValue(Math.max(-90, Math.min(90, lat))), longitude: coordinateValue(longitude) };
}

/** The point the inputs hold, or null when either is empty or out of range. */
export function pointFromValues(latitude: string, longitude: string): GeoPoint | null {
  if (latitude.trim() === "" || longitude.trim() === "") return null;
  const lat = Number(latitude.replace(",", "."));
  const lon = Number(longitude.replace(",", "."));
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { latitude: lat, longitude: lon };
}
