import type { AdvertFieldFilterParams } from "#db/schema.ts";
import { appendFieldParams, parseFieldParams } from "./category-field-filters.ts";
import { isCurrency, parsePriceAmount, type Currency } from "./price.ts";
import { isAdvertKind, type AdvertKind } from "./kinds.ts";
import { parseRadius, radiusParam, type Radius } from "#app/platform/geo/radius.ts";

// The filters and sort of the advert lists, all in the URL (a GET form fills them):
//   ?kind=<kind>&near=<slug>&radius=<r>&min=<amount>&max=<amount>&currency=<code>&photos=1&sort=<sort>&page=<n>
// plus the category's field filters, `f.<key>…` (category-field-filters.ts). `?location=<slug>`,
// what links and saved searches carried before, still reads as `near` with no radius (the city itself).
// Pure: the loader parses them, the filter form shows them.

export const ADVERT_SORTS = ["newest", "cheapest", "expensive", "nearest"] as const;
type AdvertSort = (typeof ADVERT_SORTS)[number];

export type AdvertListQuery = {
  /** The advert kind (kinds.ts); null: every kind. An unknown kind is no filter. */
  kind: AdvertKind | null;
  /** The place's (a location's) slug, checked against the database by the loader. */
  near: string | null;
  /** How far from the place (radius.ts); null: the place itself, and always null without a place. */
  radius: Radius;
  minPrice: number | null;
  maxPrice: number | null;
  currency: Currency | null;
  withPhotos: boolean;
  /** `nearest` only with a place and a radius (the loader also wants the place to have a point); else `newest`. */
  sort: AdvertSort;
  /** Field filters as the URL has them; the loader keeps those the category's fields accept. */
  fields: AdvertFieldFilterParams;
};

/** Longer than any slug or amount: such a value is no filter. */
const MAX_VALUE_LENGTH = 200;

function single(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  // Control characters (NUL, which PostgreSQL text and jsonb refuse) never name anything.
  return !value || value.length > MAX_VALUE_LENGTH || /[\u0000-\u001f\u007f]/.test(value) ? null : value;
}

/** Unknown or malformed values count as "no filter" (the form then shows them cleared). */
export function parseAdvertQuery(params: URLSearchParams): AdvertListQuery {
  let minPrice = parseAmount(single(params, "min"));
  let maxPrice = parseAmount(single(params, "max"));
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const currency = single(params, "currency");
  const sort = single(params, "sort");
  const kind = single(params, "kind");
  const near = single(params, "near");
  const place = near ?? single(params, "location");
  const radius = near ? parseRadius(single(params, "radius")) : null;
  const chosenSort = (ADVERT_SORTS as readonly string[]).includes(sort ?? "") ? (sort as AdvertSort) : "newest";
  return {
    kind: isAdvertKind(kind) ? kind : null,
    near: place,
    radius,
    minPrice,
    maxPrice,
    currency: isCurrency(currency) ? currency : null,
    withPhotos: params.get("photos") === "1",
    sort: chosenSort === "nearest" && !measures(place, radius) ? "newest" : chosenSort,
    fields: parseFieldParams(params),
  };
}

/** Whether a list with this place and radius measures distances (the place must still have a point). */
function measures(near: string | null, radius: Radius): boolean {
  return near !== null && radius !== null;
}

function parseAmount(value: string | null): number | null {
  return value === null ? null : parsePriceAmount(value);
}

/** Whether anything narrows the list (then an empty result says "nothing matches"). */
export function isFiltered(query: AdvertListQuery): boolean {
  return (
    query.kind !== null ||
    // "Any distance" from a place lists everything (only nearer first, with distances).
    (query.near !== null && query.radius !== "any") ||
    query.minPrice !== null ||
    query.maxPrice !== null ||
    query.currency !== null ||
    query.withPhotos ||
    Object.keys(query.fields).length > 0
  );
}

/** The query string of `query` (defaults left out), for links that keep the filters. */
export function advertQueryString(query: AdvertListQuery): string {
  const params = new URLSearchParams();
  if (query.kind) params.set("kind", query.kind);
  if (query.near) {
    params.set("near", query.near);
    const radius = radiusParam(query.radius);
    if (radius) params.set("radius", radius);
  }
  if (query.minPrice !== null) params.set("min", String(query.minPrice));
  if (query.maxPrice !== null) params.set("max", String(query.maxPrice));
  if (query.currency) params.set("currency", query.currency);
  if (query.withPhotos) params.set("photos", "1");
  appendFieldParams(params, query.fields);
  if (query.sort !== "newest") params.set("sort", query.sort);
  const text = params.toString();
  return text ? `?${text}` : "";
}
