import { z } from "zod";
import { ADVERT_FIELD_KINDS, type AdvertFieldOption } from "#db/schema.ts";
import { errors } from "#app/modules/staff-content/form-schema.ts";
import { slugify } from "#app/platform/slug/transliterate.ts";

// The field editor's form on an advert category's page: one field's definition. Shared by the
// browser and the action. Select options are typed one a line, "Українська | English", or
// "value | Українська | English" to choose the value URLs and stored adverts carry.

const FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
const LABEL_MAX = 80;
const UNIT_MAX = 30;
const OPTIONS_MAX = 50;

const label = z.string({ error: errors.required }).trim().min(1, errors.required).max(LABEL_MAX, errors.tooLong(LABEL_MAX));
const unit = z.string().trim().max(UNIT_MAX, errors.tooLong(UNIT_MAX)).optional();

/** A key from a label: the slug rules, with underscores, starting with a letter. Empty when nothing is left. */
export function keyFromLabel(text: string): string {
  const key = slugify(text, 40)
    .replace(/-/g, "_")
    .replace(/^[^a-z]+/, "");
  return FIELD_KEY_PATTERN.test(key) ? key : "";
}

/** The options typed in the textarea, or the message of the first bad line. */
export function parseOptionLines(text: string): { options: AdvertFieldOption[] } | { error: string } {
  const options: AdvertFieldOption[] = [];
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > OPTIONS_MAX) return { error: `fields:editor.errors.options_too_many|${JSON.stringify({ max: OPTIONS_MAX })}` };
  for (const [index, line] of lines.entries()) {
    const parts = line.split("|").map((part) => part.trim());
    const [value, label_uk, label_en] =
      parts.length === 3 ? parts : parts.length === 2 ? [keyFromLabel(parts[1]!), parts[0], parts[1]] : [];
    const row = { line: index + 1 };
    if (!value || !label_uk || !label_en || label_uk.length > LABEL_MAX || label_en.length > LABEL_MAX)
      return { error: `fields:editor.errors.option_line|${JSON.stringify(row)}` };
    if (!FIELD_KEY_PATTERN.test(value)) return { error: `fields:editor.errors.option_value|${JSON.stringify(row)}` };
    if (options.some((option) => option.value === value))
      return { error: `fields:editor.errors.option_twice|${JSON.stringify({ ...row, value })}` };
    options.push({ value, label_uk, label_en });
  }
  return { options };
}

/** Options back as the textarea shows them. */
export function optionLines(options: readonly AdvertFieldOption[]): string {
  return options.map((option) => `${option.value} | ${option.label_uk} | ${option.label_en ?? option.label_uk}`).join("\n");
}

export const fieldDefinitionSchema = z
  .object({
    key: z.string().trim().toLowerCase().regex(FIELD_KEY_PATTERN, "fields:editor.errors.key").optional(),
    kind: z.enum(ADVERT_FIELD_KINDS, { error: errors.required }),
    label_uk: label,
    label_en: label,
    unit_uk: unit,
    unit_en: unit,
    options: z.string().max(6000, errors.tooLong(6000)).optional(),
    required: z.boolean().optional().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.kind === "select") {
      const parsed = parseOptionLines(value.options ?? "");
      if ("error" in parsed) ctx.addIssue({ code: "custom", path: ["options"], message: parsed.error });
      else if (parsed.options.length < 2) ctx.addIssue({ code: "custom", path: ["options"], message: "fields:editor.errors.options_few" });
    }
    if (!value.key && !keyFromLabel(value.label_en))
      ctx.addIssue({ code: "custom", path: ["key"], message: "fields:editor.errors.key_needed" });
  });
