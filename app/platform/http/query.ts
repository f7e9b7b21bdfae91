import { z } from "zod";
import { idSchema } from "./ids.ts";

// The one reader of query parameters for lists and filters. Each field falls back (to
// "absent" or its default) instead of failing, so a hostile or stale URL still shows the
// list; nothing reaches SQL that PostgreSQL would refuse (NUL bytes, numbers past int4).

/** Free text: control characters (NUL, which PostgreSQL text refuses, among them) dropped, trimmed, at most `max` characters. */
export function queryText(max = 200) {
  return z
    .string()
    .transform((value) =>
      value
        .replace(/[\u0000-\u001f\u007f]/g, "")
        .trim()
        .slice(0, max),
    )
    .pipe(z.string().min(1))
    .optional()
    .catch(undefined);
}

/** A row id (category, author…), absent when it is not one. */
export const queryId = idSchema.optional().catch(undefined);

/** A list page: 1 when absent or not a plain page number. */
export const queryPage = z
  .string()
  .regex(/^[1-9]\d{0,5}$/)
  .transform(Number)
  .catch(1);

/** One of `values`, else `fallback` (or absent without one). */
export function queryEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
): z.ZodCatch<z.ZodEnum<{ [K in T[number]]: K }>>;
export function queryEnum<const T extends readonly [string, ...string[]]>(
  values: T,
): z.ZodCatch<z.ZodOptional<z.ZodEnum<{ [K in T[number]]: K }>>>;
export function queryEnum<const T extends readonly [string, ...string[]]>(values: T, fallback?: T[number]) {
  return fallback === undefined ? z.enum(values).optional().catch(undefined) : z.enum(values).catch(fallback);
}

/** The parameters `shape` names, each its first non-empty value, parsed field by field (never throws). */
export function parseQuery<S extends z.ZodRawShape>(params: URLSearchParams, shape: S): z.infer<z.ZodObject<S>> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(shape)) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  return z.object(shape).parse(raw);
}
