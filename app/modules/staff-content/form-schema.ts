import { z } from "zod";
import { fromLocalInput } from "./datetime.ts";
import { allFields, SOCIAL_NETWORKS, type ContentSpec, type ContentTable, type FieldSpec } from "./types.ts";
import { idNumberSchema, INT4_MAX } from "#app/platform/http/ids.ts";
import { POINT_PAIR_MESSAGE, pointPairIssue, pointShape } from "./point-schema.ts";
import { recurrenceIssues, recurrenceShape } from "./recurrence-schema.ts";

// The zod schema of a content type's form, built from its description. Shared by the
// browser (conform's client validation) and the server (the action's validation); the
// server then checks what needs the database (slugs, categories) in values.server.ts.
// Messages are translation keys, optionally with values: `admin:errors.too_long|{"max":200}`.

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 120;
const PHONE = /^\+?[\d\s().-]{6,40}$/;

function withValues(key: string, values: Record<string, number>): string {
  return `${key}|${JSON.stringify(values)}`;
}

export const errors = {
  required: "admin:errors.required",
  tooLong: (max: number) => withValues("admin:errors.too_long", { max }),
  tooShort: (min: number) => withValues("admin:errors.too_short", { min }),
  url: "admin:errors.url",
  email: "admin:errors.email",
  phone: "admin:errors.phone",
  datetime: "admin:errors.datetime",
  number: "admin:errors.number",
  range: (min: number, max: number) => withValues("admin:errors.range", { min, max }),
  slug: "admin:errors.slug",
  choice: "admin:errors.choice",
} as const;

function text(options: { required?: boolean; max?: number; min?: number }) {
  let schema = z.string({ error: errors.required }).trim();
  if (options.min) schema = schema.min(options.min, errors.tooShort(options.min));
  if (options.max) schema = schema.max(options.max, errors.tooLong(options.max));
  return options.required ? schema.min(1, errors.required) : schema.optional();
}

const httpUrl = (max: number) =>
  z
    .string()
    .trim()
    .max(max, errors.tooLong(max))
    .refine((value) => /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value) && URL.canParse(value), errors.url)
    .optional();

const id = z.number({ error: errors.number }).int(errors.number).positive(errors.number).optional();

function fieldShape(field: FieldSpec<ContentTable>, spec: ContentSpec): Record<string, z.ZodType> {
  switch (field.kind) {
    case "text":
    case "textarea":
    case "richtext":
      if (field.bilingual) {
        return {
          [`${field.name}_uk`]: text(field),
          [`${field.name}_en`]: text({ max: field.max }),
        };
      }
      return { [field.name]: text(field) };
    case "url":
      return { [field.name]: httpUrl(field.max ?? 500) };
    case "email":
      return {
        [field.name]: z
          .string()
          .trim()
          .max(field.max ?? 200, errors.tooLong(field.max ?? 200))
          .refine((value) => z.email().safeParse(value).success, errors.email)
          .optional(),
      };
    case "tel":
      return { [field.name]: z.string().trim().regex(PHONE, errors.phone).optional() };
    case "datetime": {
      const value = z.string({ error: errors.required }).refine((input) => fromLocalInput(input) !== null, errors.datetime);
      return { [field.name]: field.required ? value : value.optional() };
    }
    case "number": {
      const min = field.min ?? 0;
      const max = field.max ?? 1_000_000;
      let value = z.number({ error: errors.number }).min(min, errors.range(min, max)).max(max, errors.range(min, max));
      if (!field.decimal) value = value.int(errors.number);
      return { [field.name]: value.optional() };
    }
    case "checkbox":
      return { [field.name]: z.boolean().optional() };
    case "select": {
      const value = z.enum(field.options as [string, ...string[]], { error: field.required ? errors.required : errors.choice });
      return { [field.name]: field.required ? value : value.optional() };
    }
    case "category":
      return { [field.name]: field.required ? z.number({ error: errors.required }).int().positive() : id };
    case "location":
      return { [field.name]: id };
    case "point":
      return pointShape;
    case "recurrence":
      return recurrenceShape;
    case "image":
      return {
        [field.name]: id,
        [`${field.name}_file`]: z.any().optional(),
        [`${field.name}_remove`]: z.boolean().optional(),
      };
    case "social":
      return Object.fromEntries(SOCIAL_NETWORKS.map((network) => [`social_${network}`, httpUrl(500)]));
    case "slug":
      return {
        slug: z.string().trim().toLowerCase().max(SLUG_MAX, errors.tooLong(SLUG_MAX)).regex(SLUG_PATTERN, errors.slug).optional(),
      };
    case "status":
      return { status: z.enum(spec.statuses as [string, ...string[]], { error: errors.required }) };
    case "tags":
      return {
        tag_ids: z.array(idNumberSchema).optional(),
        new_tags: z.string().trim().max(500, errors.tooLong(500)).optional(),
      };
    case "gallery":
      return {
        image_ids: z.array(idNumberSchema).optional(),
        remove_image_ids: z.array(idNumberSchema).optional(),
        images_file: z.any().optional(),
      };
  }
}

// By description, not type: a type's submission form (modules/submissions) is a narrower description of it.
const cache = new WeakMap<ContentSpec, z.ZodObject>();

/** The form schema of a content type (cached: the descriptions never change at run time). */
export function contentFormSchema(spec: ContentSpec): z.ZodObject {
  let schema = cache.get(spec);
  if (!schema) {
    const shape: Record<string, z.ZodType> = {
      version: z.number().int().min(0).max(INT4_MAX).optional(),
      force_version: z.number().int().min(0).max(INT4_MAX).optional(),
    };
    for (const field of allFields(spec)) Object.assign(shape, fieldShape(field, spec));
    schema = z.object(shape);
    const kinds = new Set(allFields(spec).map((field) => field.kind));
    if (kinds.has("point") || kinds.has("recurrence")) {
      // Rules between inputs, each marked beside the input concerned: a point is both
      // coordinates or neither; a repeating event has its days and its end.
      schema = schema.superRefine((value, ctx) => {
        const missing = kinds.has("point") ? pointPairIssue(value) : null;
        if (missing) ctx.addIssue({ code: "custom", path: [missing], message: POINT_PAIR_MESSAGE });
        if (!kinds.has("recurrence")) return;
        for (const issue of recurrenceIssues(value)) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
      });
    }
    cache.set(spec, schema);
  }
  return schema;
}

/** What a parsed form holds: field name → value (typed by each field's kind). */
export type ContentFormValue = Record<string, unknown>;
