import { z } from "zod";

/**
 * A point on the earth (a location's, an event's, a service's, an organisation's): latitude and
 * longitude in degrees, both or neither (migrations/0039 refuses half a point).
 */
const POINT_RANGES = { latitude: 90, longitude: 180 } as const;

function coordinate(name: keyof typeof POINT_RANGES) {
  const max = POINT_RANGES[name];
  const message = `admin:errors.${name}`;
  return z.number({ error: message }).min(-max, message).max(max, message).optional();
}

/** The pair's fields (`latitude`, `longitude`) of a form's schema. */
export const pointShape = { latitude: coordinate("latitude"), longitude: coordinate("longitude") };

/** Both or neither: the missing half is marked beside its own field. */
export function pointPairIssue(value: { latitude?: unknown; longitude?: unknown }): "latitude" | "longitude" | null {
  const hasLatitude = typeof value.latitude === "number";
  const hasLongitude = typeof value.longitude === "number";
  if (hasLatitude === hasLongitude) return null;
  return hasLatitude ? "longitude" : "latitude";
}

export const POINT_PAIR_MESSAGE = "admin:errors.point_pair";
