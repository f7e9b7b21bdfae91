import { sql } from "kysely";
import { redirect } from "react-router";
import { notFound } from "#app/platform/http/errors.ts";
import { parseRadius, radiusParam } from "#app/platform/geo/radius.ts";
import { measuredFrom, parseNearFilter, type NearFilter } from "#app/modules/taxonomy/near.server.ts";
import type { LocationOption } from "#app/modules/taxonomy/public-terms.server.ts";
import type { NearChoice, NearSort } from "./near-list.ts";

// "Near a place" on the lists of events, services and organisations:
// the place and radius of the URL (taxonomy/near.server.ts), the "nearest first" order, the
// clean address a submitted filter form is sent on to, and what the form shows again.

/** `?sort=`: absent is the list's own order, `nearest` by distance; anything else is the 404. */
function parseSort(url: URL): NearSort {
  const values = url.searchParams.getAll("sort");
  if (values.length === 0) return null;
  if (values.length === 1 && values[0] === "nearest") return "nearest";
  notFound();
}

const NEAR_PARAMS = new Set(["near", "radius", "location", "sort"]);

/**
 * The address a list's filter form lands on, null when the URL is already clean. The form
 * submits every field, empty ones too; the clean address has only what is set, and the place
 * itself (`near` without a radius) as `?location=`, the address lists always had for a city.
 */
export function cleanNearUrl(url: URL): string | null {
  const params = url.searchParams;
  // A repeated parameter is left to the parsers (the 404).
  if (["near", "radius", "location", "sort"].some((name) => params.getAll(name).length > 1)) return null;
  const near = params.get("near")?.trim() ?? "";
  const radius = parseRadius(params.get("radius"));
  const clean = new URLSearchParams();
  for (const [name, value] of params) {
    if (!NEAR_PARAMS.has(name)) clean.append(name, value);
    else if (name === "near" && near) clean.append(radius === null ? "location" : "near", near);
    else if (name === "radius" && near && radius !== null) clean.append("radius", radiusParam(radius)!);
    else if (name === "location" && value.trim() && !near) clean.append("location", value);
    else if (name === "sort" && value.trim()) clean.append("sort", value);
  }
  const query = clean.toString();
  if (query === params.toString()) return null;
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * A list's place filter from its URL: first the redirect to the clean address (cleanNearUrl),
 * then the place (an unknown one is the 404), the radius, and the order, which is by distance
 * only where distances are measured (a place with a point and a radius or `any`).
 */
export function nearListQuery(
  url: URL,
  locations: readonly LocationOption[],
): { filter: NearFilter | null; nearest: boolean; choice: NearChoice } {
  const target = cleanNearUrl(url);
  if (target) throw redirect(target);
  const filter = parseNearFilter(url, locations);
  const sort = parseSort(url);
  return {
    filter,
    nearest: sort === "nearest" && measuredFrom(filter) !== null,
    choice: { near: filter?.place.slug ?? null, radius: filter?.radius ?? null, sort },
  };
}

type NearTitleT = (key: "near.title_within" | "near.title_any", options: { place: string; km?: number }) => string;

/** The place filter in a list's title: "Варшава", "Варшава + 20 км", "відстані від: Варшава". */
export function nearTitle(filter: NearFilter | null, t: NearTitleT): string | null {
  if (!filter) return null;
  const place = filter.place.name.text;
  if (filter.radius === null) return place;
  return filter.radius === "any" ? t("near.title_any", { place }) : t("near.title_within", { place, km: filter.radius });
}

/**
 * Select list of an item's own point and its city's point (the city joined `as loc`, as the
 * cards join it), for an item page: `itemPoints` (near-list.ts) turns them into the page's point.
 */
export function itemPointSelect(alias: string) {
  return [
    sql<number | null>`${sql.ref(`${alias}.latitude`)}`.as("latitude"),
    sql<number | null>`${sql.ref(`${alias}.longitude`)}`.as("longitude"),
    sql<number | null>`loc.latitude`.as("location_latitude"),
    sql<number | null>`loc.longitude`.as("location_longitude"),
  ] as const;
}
