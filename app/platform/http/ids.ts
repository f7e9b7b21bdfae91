import { z } from "zod";

// The one reading of a row id, wherever it comes from (a path segment, a form field, a
// query parameter): every table's id is a PostgreSQL integer (int4), so anything but a
// plain positive decimal within its range is no id at all. A value past the range would
// otherwise reach the database and fail there as a 500.

export const INT4_MAX = 2_147_483_647;

/** The id written in `value` (a string or a number), or null. */
export function parseId(value: unknown): number | null {
  if (typeof value === "number") return Number.isInteger(value) && value > 0 && value <= INT4_MAX ? value : null;
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= INT4_MAX ? id : null;
}

/** The ids among `values` (form fields posted many times), the rest dropped. */
export function parseIds(values: readonly unknown[]): number[] {
  return values.flatMap((value) => {
    const id = parseId(value);
    return id === null ? [] : [id];
  });
}

/** zod: one id (from text or a number), as every schema with an id field uses it. */
export const idSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const id = parseId(value);
  if (id === null) {
    ctx.addIssue({ code: "custom", message: "invalid id" });
    return z.NEVER;
  }
  return id;
});

/** zod, inside conform schemas: conform has already turned the field's text into a number. */
export const idNumberSchema = z.number().int().positive().max(INT4_MAX);
