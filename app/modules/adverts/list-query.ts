import type { AdvertFieldFilterParams } from "#db/schema.ts";
import { appendFieldParams, parseFieldParams } from "./category-field-filters.ts";
import { isCurrency, parsePriceAmount, type Currency } from "./price.ts";
import { isAdvertKind, type AdvertKind } from "./kinds.ts";

// The filters and sort of the advert lists, all in the URL (a GET form fills them):
//   ?kind=<kind>&location=<slug>&min=<amount>&max=<amount>&currency=<code>&photos=1&sort=<sort>&page=<n>
// plus the category's field filters, `f.<key>…` (category-field-filters.ts).
// Pure: the loader parses them, the filter form shows them.

export const ADVERT_SORTS = ["newest", "cheapest", "expensive"] as const;
type AdvertSort = (typeof ADVERT_SORTS)[number];

export type AdvertListQuery = {
  /** The advert kind (kinds.ts); null: every kind. An unknown kind is no filter. */
  kind: AdvertKind | null;
  /** Location slug (checked against the database by the loader). */
  location: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  currency: Currency | null;
  withPhotos: boolean;
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
  return {
    kind: isAdvertKind(kind) ? kind : null,
    location: single(params, "location"),
    minPrice,
    maxPrice,
    currency: isCurrency(currency) ? currency : null,
    withPhotos: params.get("photos") === "1",
    sort: (ADVERT_SORTS as readonly string[]).includes(sort ?? "") ? (sort as AdvertSort) : "newest",
    fields: parseFieldParams(params),
  };
}

function parseAmount(value: string | null): number | null {
  return value === null ? null : parsePriceAmount(value);
}

/** Whether anything narrows the list (then an empty result says "nothing matches"). */
export function isFiltered(query: AdvertListQuery): boolean {
  return (
    query.kind !== null ||
    query.location !== null ||
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
  if (query.location) params.set("location", query.location);
  if (query.minPrice !== null) params.set("min", String(query.minPrice));
  if (query.maxPrice !== null) params.set("max", String(query.maxPrice));
  if (query.currency) params.set("currency", query.currency);
  if (query.withPhotos) params.set("photos", "1");
  appendFieldParams(params, query.fields);
  if (query.sort !== "newest") params.set("sort", query.sort);
  const text = params.toString();
  return text ? `?${text}` : "";
}
