import type { AdvertFieldFilterParam, AdvertFieldFilterParams, AdvertFieldKind, AdvertFieldOptions } from "#db/schema.ts";
import { parseFieldBound } from "./category-field-values.ts";
import { groupRanges } from "./field-ranges.ts";

// Filters by a category's own fields (salary, rooms, pets…), in the list's URL:
//   f.<key>.min / f.<key>.max  a number field's range, or a date field's (YYYY-MM-DD)
//   f.<key>=<option value>     a select field's one choice
//   f.<key>=1                  a yes/no field that must be yes
//   f.<base>.min / f.<base>.max  a range pair's (`<base>_from`, `<base>_to`: field-ranges.ts)
//                              adverts whose range meets the one asked for: one of its figures
//                              reaches min, one is at most max. Its fields' own keys read as the pair's.
// Text fields have no filter. Pure and in two steps: `parseFieldParams` keeps what is well
// formed without knowing the fields (so a saved search can store it as the URL says), and
// `resolveFieldFilters` keeps what the category's live fields accept. Anything else is ignored.
// Bounds are read by the advert form's own value rules (category-field-values.ts): a number or
// a date no field could hold (year 0, 1e308, -1) is no filter, and never reaches SQL.

export type { AdvertFieldFilterParams };

/** A filter the list's where-builder applies: the field's id and a checked, normalized value. */
export type FieldFilter =
  /** With `alsoFieldId`, either field's value may pass (a range's two ends). */
  | { fieldId: number; kind: "number"; min: number | null; max: number | null; alsoFieldId?: number }
  | { fieldId: number; kind: "date"; min: string | null; max: string | null }
  | { fieldId: number; kind: "select"; value: string }
  | { fieldId: number; kind: "boolean" };

/** What resolving needs of a field (CategoryField has it). */
export type FilterableField = { id: number; key: string; kind: AdvertFieldKind; options: AdvertFieldOptions };

const PARAM = /^f\.([a-z][a-z0-9_]{0,39})(?:\.(min|max))?$/;
/** More keys than any category has fields: the rest of such a URL is not read. */
const MAX_KEYS = 24;
const MAX_VALUE_LENGTH = 80;

/** The field filters of a list URL, syntactically checked; a repeated parameter counts as absent. */
export function parseFieldParams(params: URLSearchParams): AdvertFieldFilterParams {
  const seen = new Map<string, number>();
  for (const [name] of params) if (name.startsWith("f.")) seen.set(name, (seen.get(name) ?? 0) + 1);
  // A Map, not an object: a key such as "constructor" must not reach Object.prototype.
  const result = new Map<string, AdvertFieldFilterParam>();
  for (const [name, count] of seen) {
    const match = PARAM.exec(name);
    if (!match || count > 1) continue;
    const value = params.get(name)!.trim();
    if (value === "" || value.length > MAX_VALUE_LENGTH || /[\u0000-\u001f\u007f]/.test(value)) continue;
    const key = match[1]!;
    const bound = match[2] as "min" | "max" | undefined;
    const normalized = bound ? (parseFieldBound("number", value) ?? parseFieldBound("date", value)) : value;
    if (normalized === null) continue;
    let param = result.get(key);
    if (!param) {
      if (result.size >= MAX_KEYS) continue;
      param = {};
      result.set(key, param);
    }
    param[bound ?? "is"] = normalized;
  }
  return Object.fromEntries(result);
}

function toNumber(value: string | undefined): number | null {
  const bound = parseFieldBound("number", value);
  return bound === null ? null : Number(bound);
}

function ordered<T extends number | string>(min: T | null, max: T | null): [T | null, T | null] {
  return min !== null && max !== null && min > max ? [max, min] : [min, max];
}

/**
 * The filters `params` ask of `fields` (a category's live fields), and the same as params in
 * the fields' order, normalized (what the form shows and a saved search stores).
 */
export function resolveFieldFilters(
  fields: readonly FilterableField[],
  params: AdvertFieldFilterParams,
): { filters: FieldFilter[]; applied: AdvertFieldFilterParams } {
  const filters: FieldFilter[] = [];
  const applied: AdvertFieldFilterParams = {};
  for (const group of groupRanges(fields)) {
    if ("range" in group) {
      const { base, from, to } = group.range;
      const param = paramOf(params, base) ?? { ...paramOf(params, from.key), ...paramOf(params, to.key) };
      const [min, max] = ordered(toNumber(param.min), toNumber(param.max));
      if (min === null && max === null) continue;
      // Meets [min, max]: one of its figures reaches min, one is at most max (a range's `to` is not
      // below its `from`: the form refuses that).
      if (min !== null) filters.push({ fieldId: to.id, alsoFieldId: from.id, kind: "number", min, max: null });
      if (max !== null) filters.push({ fieldId: from.id, alsoFieldId: to.id, kind: "number", min: null, max });
      applied[base] = numberBounds(min, max);
      continue;
    }
    const { field } = group;
    const param = paramOf(params, field.key);
    if (!param) continue;
    if (field.kind === "number") {
      const [min, max] = ordered(toNumber(param.min), toNumber(param.max));
      if (min === null && max === null) continue;
      filters.push({ fieldId: field.id, kind: "number", min, max });
      applied[field.key] = numberBounds(min, max);
    } else if (field.kind === "date") {
      const [min, max] = ordered(parseFieldBound("date", param.min), parseFieldBound("date", param.max));
      if (min === null && max === null) continue;
      filters.push({ fieldId: field.id, kind: "date", min, max });
      applied[field.key] = bounds(min, max);
    } else if (field.kind === "select") {
      if (param.is === undefined || !field.options.some((option) => option.value === param.is)) continue;
      filters.push({ fieldId: field.id, kind: "select", value: param.is });
      applied[field.key] = { is: param.is };
    } else if (field.kind === "boolean") {
      if (param.is !== "1") continue;
      filters.push({ fieldId: field.id, kind: "boolean" });
      applied[field.key] = { is: "1" };
    }
  }
  return { filters, applied };
}

function paramOf(params: AdvertFieldFilterParams, key: string): AdvertFieldFilterParam | undefined {
  return Object.hasOwn(params, key) ? params[key] : undefined;
}

function numberBounds(min: number | null, max: number | null): AdvertFieldFilterParam {
  return bounds(min === null ? null : String(min), max === null ? null : String(max));
}

function bounds(min: string | null, max: string | null): AdvertFieldFilterParam {
  const param: AdvertFieldFilterParam = {};
  if (min !== null) param.min = min;
  if (max !== null) param.max = max;
  return param;
}

/** Appends the field filters to `params` as the URL carries them (keys in the given order). */
export function appendFieldParams(params: URLSearchParams, fields: AdvertFieldFilterParams): void {
  for (const [key, param] of Object.entries(fields)) {
    if (param.min !== undefined) params.set(`f.${key}.min`, param.min);
    if (param.max !== undefined) params.set(`f.${key}.max`, param.max);
    if (param.is !== undefined) params.set(`f.${key}`, param.is);
  }
}

/** Whether a URL parameter belongs to the field filters (the list drops empty ones from its address). */
export function isFieldParam(name: string): boolean {
  return name.startsWith("f.");
}
