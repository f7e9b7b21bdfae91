import type { AdvertFieldKind } from "#db/schema.ts";

// Two number fields of one category keyed `<base>_from` and `<base>_to` ("Salary from", "Salary
// to") are one range: the advert form asks them as one from–to pair, and the list filters them
// as one pair, `f.<base>.min` / `f.<base>.max`, matching adverts whose range meets the one asked
// for. Pure: the form (browser) and the server group fields the same way.

type Keyed = { key: string; kind: AdvertFieldKind };

/** A category's `<base>_from` and `<base>_to` number fields. */
export type FieldRange<F> = { base: string; from: F; to: F };

/** The category's fields in order, each range pair as one entry where its first field stands. */
export function groupRanges<F extends Keyed>(fields: readonly F[]): Array<{ field: F } | { range: FieldRange<F> }> {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const paired = new Set<F>();
  const groups: Array<{ field: F } | { range: FieldRange<F> }> = [];
  for (const field of fields) {
    if (paired.has(field)) continue;
    const range = rangeOf(field, byKey);
    if (range) {
      paired.add(range.from).add(range.to);
      groups.push({ range });
    } else groups.push({ field });
  }
  return groups;
}

/** The ranges among a category's fields. */
export function fieldRanges<F extends Keyed>(fields: readonly F[]): FieldRange<F>[] {
  return groupRanges(fields).flatMap((group) => ("range" in group ? [group.range] : []));
}

function rangeOf<F extends Keyed>(field: F, byKey: ReadonlyMap<string, F>): FieldRange<F> | null {
  const match = /^(.+)_(from|to)$/.exec(field.key);
  if (!match || field.kind !== "number") return null;
  const base = match[1]!;
  // A field keyed as the base itself would take the range's filter names.
  if (byKey.has(base)) return null;
  const from = byKey.get(`${base}_from`);
  const to = byKey.get(`${base}_to`);
  return from?.kind === "number" && to?.kind === "number" ? { base, from, to } : null;
}

/** The range's name from its two labels: the words they begin with ("Salary from", "Salary to" → "Salary"), or both. */
export function rangeLabel(fromLabel: string, toLabel: string): string {
  const from = fromLabel.trim().split(/\s+/);
  const to = toLabel.trim().split(/\s+/);
  let shared = 0;
  while (shared < from.length - 1 && shared < to.length - 1 && from[shared]!.toLowerCase() === to[shared]!.toLowerCase()) shared++;
  return shared ? from.slice(0, shared).join(" ") : `${fromLabel.trim()} – ${toLabel.trim()}`;
}
