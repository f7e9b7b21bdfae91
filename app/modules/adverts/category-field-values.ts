import type { AdvertFieldKind, AdvertFieldOption } from "#db/schema.ts";
import { FIELD_TEXT_MAX } from "./category-field-names.ts";

// A staff-defined advert field's value as text (a form input, a URL parameter) and as stored
// (advert_field_values: one column per kind). Pure and zod-free: the advert form checks with it
// in the browser and on the server, the list's filters parse their URL values with it.

/** What parsing needs to know of a field. */
export type FieldRule = { kind: AdvertFieldKind; required: boolean; options: ReadonlyArray<Pick<AdvertFieldOption, "value">> };

/** A value in the column of its kind: numbers as decimal text, dates as yyyy-mm-dd. */
export type StoredFieldValue =
  | { kind: "number"; value: string }
  | { kind: "select" | "text"; value: string }
  | { kind: "boolean"; value: boolean }
  | { kind: "date"; value: string };

/** Why a value was refused: the message key under `fields:errors`, and its values. */
export type FieldValueError = {
  code: "required" | "not_a_number" | "out_of_range" | "unknown_option" | "bad_date" | "date_out_of_range" | "too_long" | "range_order";
  values?: Record<string, string | number>;
};

// What a value may be, for the form, the filters and saved searches alike: PostgreSQL's date
// takes years JavaScript's Date refuses and refuses some it takes (year 0), so the years are
// bounded here, well inside both, before any value reaches SQL.
const FIELD_NUMBER_MIN = 0;
const FIELD_NUMBER_MAX = 999_999_999;
const FIELD_DATE_FIRST_YEAR = 1900;
const FIELD_DATE_LAST_YEAR = 2200;

/** The words a yes/no field takes; the form sends "yes" or "no". */
const YES = new Set(["yes", "true", "1", "on"]);
const NO = new Set(["no", "false", "0", "off"]);

/** "12 500,50" and "12500.5" alike: spaces (also thin ones) between digits, a comma or a dot for decimals. */
export function parseFieldNumber(raw: string): number | null {
  const compact = raw
    .trim()
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(",", ".");
  if (!/^-?\d{1,12}(\.\d{1,2})?$/.test(compact)) return null;
  return Number(compact);
}

/** yyyy-mm-dd of a real day between the first and last year, or why not. */
function checkFieldDate(raw: string): { ok: true; date: string } | { ok: false; error: FieldValueError } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw.trim());
  if (!match) return { ok: false, error: { code: "bad_date" } };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIELD_DATE_FIRST_YEAR || year > FIELD_DATE_LAST_YEAR) {
    return { ok: false, error: { code: "date_out_of_range", values: { min: FIELD_DATE_FIRST_YEAR, max: FIELD_DATE_LAST_YEAR } } };
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? { ok: true, date: match[0] }
    : { ok: false, error: { code: "bad_date" } };
}

function parseFieldBoolean(raw: string): boolean | null {
  const word = raw.trim().toLowerCase();
  return YES.has(word) ? true : NO.has(word) ? false : null;
}

/**
 * A field's value from its text: null when empty (and allowed to be), or why it is refused.
 * The same rules for the form and for the filters' URL values.
 */
export function parseFieldValue(
  field: FieldRule,
  raw: string | null | undefined,
): { ok: true; value: StoredFieldValue | null } | { ok: false; error: FieldValueError } {
  const text = (raw ?? "").trim();
  if (!text) return field.required ? { ok: false, error: { code: "required" } } : { ok: true, value: null };
  switch (field.kind) {
    case "number": {
      const number = parseFieldNumber(text);
      if (number === null) return { ok: false, error: { code: "not_a_number" } };
      if (number < FIELD_NUMBER_MIN || number > FIELD_NUMBER_MAX) {
        return { ok: false, error: { code: "out_of_range", values: { min: FIELD_NUMBER_MIN, max: FIELD_NUMBER_MAX } } };
      }
      return { ok: true, value: { kind: "number", value: String(number) } };
    }
    case "select":
      return field.options.some((option) => option.value === text)
        ? { ok: true, value: { kind: "select", value: text } }
        : { ok: false, error: { code: "unknown_option" } };
    case "boolean": {
      const value = parseFieldBoolean(text);
      return value === null ? { ok: false, error: { code: "unknown_option" } } : { ok: true, value: { kind: "boolean", value } };
    }
    case "date": {
      const checked = checkFieldDate(text);
      return checked.ok ? { ok: true, value: { kind: "date", value: checked.date } } : { ok: false, error: checked.error };
    }
    case "text":
      return text.length > FIELD_TEXT_MAX
        ? { ok: false, error: { code: "too_long", values: { max: FIELD_TEXT_MAX } } }
        : { ok: true, value: { kind: "text", value: text } };
  }
}

const BOUND_RULES = {
  number: { kind: "number", required: false, options: [] },
  date: { kind: "date", required: false, options: [] },
} as const;

/**
 * A filter's bound (`f.<key>.min`/`.max`) as a number or a date field would store it, by the
 * same rules as the form: the normalized text, or null for anything the field could not hold.
 */
export function parseFieldBound(kind: "number" | "date", raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const parsed = parseFieldValue(BOUND_RULES[kind], raw);
  return parsed.ok && parsed.value ? String(parsed.value.value) : null;
}

/** A value as the columns of advert_field_values (the one not of its kind null). */
export function valueColumns(value: StoredFieldValue) {
  return {
    number_value: value.kind === "number" ? value.value : null,
    text_value: value.kind === "select" || value.kind === "text" ? value.value : null,
    bool_value: value.kind === "boolean" ? value.value : null,
    date_value: value.kind === "date" ? value.value : null,
  };
}

/** The refusal as a form message (`key|{json}`, like every form message). */
export function fieldErrorMessage(error: FieldValueError): string {
  const key = `fields:errors.${error.code}`;
  return error.values ? `${key}|${JSON.stringify(error.values)}` : key;
}
