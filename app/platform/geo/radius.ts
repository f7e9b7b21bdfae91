import type { Language } from "#app/i18n/locales.ts";
import { numberFormat } from "#app/platform/format/intl.ts";

// "Near a place, within a radius", as list URLs carry it: `?near=<location slug>&radius=<r>`.
// Pure: loaders parse it, filter forms show it, saved searches store it.

/** The radii a list offers, in kilometres. */
export const RADII_KM = [5, 20, 50, 100] as const;
type RadiusKm = (typeof RADII_KM)[number];
/**
 * How far from the place a list reaches: null is the place itself (its city, as `?location=`
 * always meant), a number is within that many km, `any` is everywhere (distances shown).
 */
export type Radius = RadiusKm | "any" | null;

/** A radius from a URL or a form; anything else (absent, unknown) is the place itself. */
export function parseRadius(value: string | null | undefined): Radius {
  if (value === "any") return "any";
  const km = Number(value);
  return (RADII_KM as readonly number[]).includes(km) ? (km as RadiusKm) : null;
}

/** The radius as the URL writes it (`radius=` is left out for the place itself). */
export function radiusParam(radius: Radius): string | null {
  return radius === null ? null : String(radius);
}

export type GeoPoint = { latitude: number; longitude: number };

/** "12 км" / "12 km": whole kilometres, "< 1" for what is in the same place. */
export function formatDistance(km: number, language: Language): string {
  const unit = language === "uk" ? "км" : "km";
  if (km < 1) return `< 1 ${unit}`;
  const digits = km < 10 ? 1 : 0;
  return `${numberFormat(language, `km${digits}`, { maximumFractionDigits: digits }).format(km)} ${unit}`;
}

/** The great-circle distance in km (haversine, the earth as earthdistance's sphere): for the browser and tests; the database measures lists. */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const EARTH_RADIUS_KM = 6378.168;
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
