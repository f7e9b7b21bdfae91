import { z } from "zod";
import { CURRENCIES, PRICE_KINDS, parsePriceAmount } from "./price.ts";
import { idNumberSchema } from "#app/platform/http/ids.ts";
import { fieldErrorMessage, parseFieldNumber, parseFieldValue, type FieldRule } from "./category-field-values.ts";
import { FIELD_TEXT_MAX } from "./category-field-names.ts";
import { hasFieldPrice, isPriceField } from "./field-price.ts";
import { fieldRanges } from "./field-ranges.ts";
import { ADVERT_KINDS, kindHasPrice } from "./kinds.ts";

// The advert form (posting and editing), shared by the browser (conform's client
// validation) and the server. Messages are `adverts` translation keys; "key|{json}" carries
// values. The server adds what only the database knows (createAdvertSchema's options).

const TITLE_MIN = 5;
const TITLE_MAX = 120;
const DESCRIPTION_MIN = 20;
const DESCRIPTION_MAX = 5000;
const CONTACT_NAME_MAX = 100;

const message = (key: string, values?: Record<string, string | number>) =>
  values ? `adverts:errors.${key}|${JSON.stringify(values)}` : `adverts:errors.${key}`;

const idList = z.array(idNumberSchema).max(100).default([]);
/** Longer than any field's value may be: refused as too long before its kind is judged. */
const FIELD_VALUE_MAX = 1000;

const baseSchema = z.object({
  kind: z.enum(ADVERT_KINDS, message("kind_invalid")).default("offer"),
  title: z
    .string({ error: message("title_required") })
    .trim()
    .min(TITLE_MIN, message("title_length", { min: TITLE_MIN, max: TITLE_MAX }))
    .max(TITLE_MAX, message("title_length", { min: TITLE_MIN, max: TITLE_MAX })),
  categoryId: z
    .number({ error: message("category_required") })
    .int()
    .positive(message("category_required")),
  locationId: z
    .number({ error: message("location_invalid") })
    .int()
    .positive(message("location_invalid"))
    .optional(),
  description: z
    .string({ error: message("description_required") })
    .trim()
    .min(DESCRIPTION_MIN, message("description_length", { min: DESCRIPTION_MIN, max: DESCRIPTION_MAX }))
    .max(DESCRIPTION_MAX, message("description_length", { min: DESCRIPTION_MIN, max: DESCRIPTION_MAX })),
  priceKind: z.enum(PRICE_KINDS, message("price_kind_invalid")).default("amount"),
  priceAmount: z.string().trim().max(40, message("price_invalid")).optional(),
  priceCurrency: z.enum(CURRENCIES, message("currency_invalid")).optional(),
  contactName: z
    .string({ error: message("contact_name_required") })
    .trim()
    .min(1, message("contact_name_required"))
    .max(CONTACT_NAME_MAX, message("contact_name_too_long", { max: CONTACT_NAME_MAX })),
  phone: z
    .string()
    .trim()
    .max(30, message("phone_invalid"))
    .regex(/^\+?[\d\s().-]{6,}$/, message("phone_invalid"))
    .optional(),
  email: z
    .string()
    .trim()
    .max(254, message("email_invalid"))
    .pipe(z.email(message("email_invalid")))
    .optional(),
  showPhone: z.boolean().optional().default(false),
  /** Ids of photos already stored (hidden fields), in display order. */
  photos: idList,
  /** Ids of stored photos ticked for removal. */
  removePhotos: idList,
  /** With JavaScript: the order of stored ("s<id>") and newly chosen ("n<index>") photos. */
  photoOrder: z.string().max(2000).optional(),
  /** The category's own fields (`fields.<key>`), checked against their definitions in superRefine. */
  fields: z
    .record(
      z.string(),
      z
        .string()
        .max(FIELD_VALUE_MAX, fieldErrorMessage({ code: "too_long", values: { max: FIELD_TEXT_MAX } }))
        .optional(),
    )
    .optional(),
});

export type AdvertFormOptions = {
  /** Advertisement category ids. */
  categoryIds?: ReadonlySet<number>;
  /** Location ids; when there is at least one, choosing one is required. */
  locationIds?: ReadonlySet<number>;
  /** The chosen category's fields (the server's from the database, the browser's from the loader). */
  fields?: ReadonlyArray<FieldRule & { key: string }>;
};

/** The form's schema; the server passes the categories and locations that exist. */
export function createAdvertSchema(options?: AdvertFormOptions) {
  return baseSchema
    .superRefine(
      (value, ctx) => {
        // Runs even when other fields failed (`when`), so every message shows at once: `value` may be partly invalid.
        const posted: unknown = (value as { fields?: unknown }).fields;
        const texts = posted !== null && typeof posted === "object" ? (posted as Record<string, unknown>) : {};
        for (const field of options?.fields ?? []) {
          const text = texts[field.key];
          // Already refused as too long: one message by the field, not a second about its kind.
          if (typeof text === "string" && text.length > FIELD_VALUE_MAX) continue;
          const parsed = parseFieldValue(field, typeof text === "string" ? text : undefined);
          if (!parsed.ok) ctx.addIssue({ code: "custom", path: ["fields", field.key], message: fieldErrorMessage(parsed.error) });
        }
        // A range's upper figure below its lower one is a slip of the keyboard, not a range.
        for (const { from, to } of fieldRanges(options?.fields ?? [])) {
          const [low, high] = [texts[from.key], texts[to.key]].map((text) => (typeof text === "string" ? parseFieldNumber(text) : null));
          if (low != null && high != null && high < low)
            ctx.addIssue({ code: "custom", path: ["fields", to.key], message: fieldErrorMessage({ code: "range_order" }) });
        }
      },
      { when: (payload) => payload.value !== null && typeof payload.value === "object" },
    )
    .superRefine((value, ctx) => {
      // A category whose own field states the price asks only for that price's currency (field-price.ts).
      const fieldPrice = hasFieldPrice(options?.fields ?? []);
      // A gift has no price: whatever the price block held is ignored (fields.server.ts stores it as free).
      const priced = kindHasPrice(value.kind);
      if (priced && fieldPrice) {
        const posted = value.fields ?? {};
        const stated = (options?.fields ?? []).some((field) => isPriceField(field) && posted[field.key]?.trim());
        if (stated && !value.priceCurrency)
          ctx.addIssue({ code: "custom", path: ["priceCurrency"], message: message("currency_required") });
      } else if (priced && value.priceKind === "amount") {
        if (!value.priceAmount) {
          ctx.addIssue({ code: "custom", path: ["priceAmount"], message: message("price_required") });
        } else if (parsePriceAmount(value.priceAmount) === null) {
          ctx.addIssue({ code: "custom", path: ["priceAmount"], message: message("price_invalid") });
        }
        if (!value.priceCurrency) ctx.addIssue({ code: "custom", path: ["priceCurrency"], message: message("currency_required") });
      }
      if (value.showPhone && !value.phone) {
        ctx.addIssue({ code: "custom", path: ["phone"], message: message("phone_required_to_show") });
      }
      if (!value.email && !(value.phone && value.showPhone)) {
        ctx.addIssue({ code: "custom", path: ["email"], message: message("contact_required") });
      }
      if (options?.categoryIds && options.locationIds) {
        if (!options.categoryIds.has(value.categoryId)) {
          ctx.addIssue({ code: "custom", path: ["categoryId"], message: message("category_required") });
        }
        if (value.locationId === undefined ? options.locationIds.size > 0 : !options.locationIds.has(value.locationId)) {
          ctx.addIssue({ code: "custom", path: ["locationId"], message: message("location_required") });
        }
      }
    });
}

export const advertFormSchema = createAdvertSchema();
export type AdvertFormValue = z.output<typeof advertFormSchema>;

/** Parsed `photoOrder` tokens: stored photo ids and indexes of newly chosen files. */
export type PhotoOrderToken = { kind: "stored"; id: number } | { kind: "new"; index: number };

export function parsePhotoOrder(value: string | undefined): PhotoOrderToken[] {
  if (!value) return [];
  const tokens: PhotoOrderToken[] = [];
  for (const part of value.split(",")) {
    const match = part.trim().match(/^([sn])(\d{1,9})$/);
    if (!match) continue;
    const number = Number(match[2]);
    tokens.push(match[1] === "s" ? { kind: "stored", id: number } : { kind: "new", index: number });
  }
  return tokens;
}
