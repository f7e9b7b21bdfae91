import { sql } from "kysely";
import type { CategoryKind } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { sanitizeRichText } from "#app/platform/sanitize/html.server.ts";
import { fromLocalInput } from "./datetime.ts";
import { errors, type ContentFormValue } from "./form-schema.ts";
import { autoSlug, isReservedPageSlug, slugTaken } from "./slug.server.ts";
import { parseTagNames, type NewTagName } from "./tags.server.ts";
import { allFields, hasField, SOCIAL_NETWORKS, type ContentSpec } from "./types.ts";
import { lifecycleOf } from "./lifecycle.ts";
import { advertLifetimeDays } from "#app/modules/adverts/lifecycle.server.ts";
import { DEFAULT_ADVERT_KIND, isAdvertKind, kindHasPrice, lifetimeDaysFor } from "#app/modules/adverts/kinds.ts";
import { POINT_PAIR_MESSAGE, pointPairIssue } from "./point-schema.ts";
import { choiceOfForm, recurrenceIssues } from "./recurrence-schema.ts";
import { ruleOf } from "#app/modules/posters/series.ts";
import { isSeriesDate } from "#app/modules/posters/series.server.ts";
import { fromSiteFloating } from "#app/platform/format/site-zone.ts";

// From a validated form value to the columns to write: rich text sanitized, empty
// optional texts to null (or ''), local times to moments, and the checks that need the
// database (category of the right kind, existing location and images, a free slug).

export type PreparedValues = {
  columns: Record<string, unknown>;
  tags?: { ids: number[]; newNames: NewTagName[] };
  /** Advert photos in order. */
  gallery?: number[];
};

export type PrepareResult = { ok: true; values: PreparedValues } | { ok: false; fieldErrors: Record<string, string[]> };

function str(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

async function exists(table: "locations" | "images", id: number): Promise<boolean> {
  return Boolean(await getDb().selectFrom(table).select("id").where("id", "=", id).executeTakeFirst());
}

async function categoryExists(id: number, kind: CategoryKind): Promise<boolean> {
  return Boolean(await getDb().selectFrom("categories").select("id").where("id", "=", id).where("kind", "=", kind).executeTakeFirst());
}

async function existingImages(ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await getDb().selectFrom("images").select("id").where("id", "in", ids).execute();
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => found.has(id));
}

const NOW = sql`now()`;

/** `id` is the item being edited (its own slug is free for it); undefined when creating. */
export async function prepareValues(spec: ContentSpec, value: ContentFormValue, id?: number): Promise<PrepareResult> {
  const columns: Record<string, unknown> = {};
  const fieldErrors: Record<string, string[]> = {};
  const prepared: PreparedValues = { columns };
  const fail = (name: string, message: string) => (fieldErrors[name] ??= []).push(message);
  let seriesUntil: Date | null = null;

  for (const field of allFields(spec)) {
    switch (field.kind) {
      case "text":
      case "textarea":
      case "richtext": {
        const clean = (raw: unknown) => (field.kind === "richtext" ? sanitizeRichText(str(raw)) : str(raw));
        if (field.bilingual) {
          const uk = clean(value[`${field.name}_uk`]);
          if (field.required && uk === "") fail(`${field.name}_uk`, errors.required);
          columns[`${field.name}_uk`] = uk === "" ? (field.emptyAs ?? null) : uk;
          columns[`${field.name}_en`] = clean(value[`${field.name}_en`]) || null;
        } else {
          const text = clean(value[field.name]);
          if (field.required && text === "") fail(field.name, errors.required);
          columns[field.name] = text === "" ? (field.emptyAs ?? null) : text;
        }
        break;
      }
      case "url":
      case "email":
      case "tel":
        columns[field.name] = str(value[field.name]) || null;
        break;
      case "datetime": {
        const moment = str(value[field.name]) ? fromLocalInput(str(value[field.name])) : null;
        columns[field.name] = moment ?? (field.defaultNow ? NOW : null);
        break;
      }
      case "number":
        columns[field.name] = typeof value[field.name] === "number" ? value[field.name] : (field.name as string) === "position" ? 0 : null;
        break;
      case "checkbox":
        columns[field.name] = value[field.name] === true;
        break;
      case "select":
      case "status":
        columns[field.name] = value[field.name] ?? null;
        break;
      case "category": {
        const categoryId = value.category_id as number | undefined;
        if (categoryId && !(await categoryExists(categoryId, spec.category!))) fail("category_id", errors.choice);
        columns.category_id = categoryId ?? null;
        break;
      }
      case "location": {
        const locationId = value.location_id as number | undefined;
        if (locationId && !(await exists("locations", locationId))) fail("location_id", errors.choice);
        columns.location_id = locationId ?? null;
        break;
      }
      case "point": {
        // Both or neither (the form's schema refuses half a point; checked again for any caller).
        const missing = pointPairIssue(value);
        if (missing) fail(missing, POINT_PAIR_MESSAGE);
        const pair = typeof value.latitude === "number" && typeof value.longitude === "number";
        columns.latitude = pair ? value.latitude : null;
        columns.longitude = pair ? value.longitude : null;
        break;
      }
      case "recurrence": {
        for (const issue of recurrenceIssues(value)) fail(issue.path, issue.message);
        const choice = choiceOfForm(value);
        seriesUntil = choice.until ? endOfSiteDay(choice.until) : null;
        columns.recurrence = ruleOf(choice, seriesUntil);
        break;
      }
      case "image": {
        const imageId = value[`${field.name}_remove`] === true ? undefined : (value[field.name] as number | undefined);
        if (imageId && !(await exists("images", imageId))) fail(`${field.name}_file`, "admin:errors.image_missing");
        columns[field.name] = imageId ?? null;
        break;
      }
      case "social": {
        const links: Record<string, string> = {};
        for (const network of SOCIAL_NETWORKS) {
          const url = str(value[`social_${network}`]);
          if (url) links[network] = url;
        }
        columns.social_links = JSON.stringify(links);
        break;
      }
      case "slug":
        break; // after the loop: it may come from the title
      case "tags":
        prepared.tags = { ids: [...new Set((value.tag_ids as number[] | undefined) ?? [])], newNames: parseTagNames(str(value.new_tags)) };
        break;
      case "gallery": {
        const removed = new Set((value.remove_image_ids as number[] | undefined) ?? []);
        const kept = [...new Set((value.image_ids as number[] | undefined) ?? [])].filter((imageId) => !removed.has(imageId));
        prepared.gallery = await existingImages(kept);
        const settings = await getDb().selectFrom("settings").select("advert_max_images").where("id", "=", 1).executeTakeFirst();
        const max = settings?.advert_max_images ?? 10;
        if (prepared.gallery.length > max) fail("images_file", `admin:errors.too_many_images|${JSON.stringify({ max })}`);
        break;
      }
    }
  }

  // The slug: typed, or made from the Ukrainian title; unique per type, never a route name for pages.
  const typed = str(value.slug);
  const slug = typed || (await autoSlug(spec, String(columns[spec.title.uk] ?? ""), id));
  if (typed && (await slugTaken(spec, typed, id))) fail("slug", "admin:errors.slug_taken");
  if (spec.type === "pages" && isReservedPageSlug(slug)) fail("slug", "admin:errors.slug_reserved");
  columns.slug = slug;

  checkRules(spec, columns, fail);
  if (typeof columns.recurrence === "string") checkSeries(columns.recurrence, columns.starts_at, seriesUntil, fail);
  if (columns.status === "published" && columns.published_at === null) columns.published_at = NOW;
  if (lifecycleOf(spec).expires && columns.status === "published") {
    if (columns.expires_at === null) {
      const days = lifetimeDaysFor(isAdvertKind(columns.kind) ? columns.kind : DEFAULT_ADVERT_KIND, await advertLifetimeDays(getDb()));
      columns.expires_at = sql`now() + make_interval(days => ${days})`;
    }
    // A published advert carries no rejection reason from an earlier round.
    columns.rejection_reason = null;
  }

  return Object.keys(fieldErrors).length ? { ok: false, fieldErrors } : { ok: true, values: prepared };
}

/** Rules between fields of one type. */
function checkRules(spec: ContentSpec, columns: Record<string, unknown>, fail: (name: string, message: string) => void): void {
  const startsAt = columns.starts_at;
  const endsAt = columns.ends_at;
  if (endsAt instanceof Date && startsAt instanceof Date && endsAt < startsAt) fail("ends_at", "admin:errors.ends_before_start");
  if (hasField(spec, "price_kind")) {
    // A gift has no price, whatever the price fields say (the owner's form hides them).
    if (isAdvertKind(columns.kind) && !kindHasPrice(columns.kind)) columns.price_kind = "free";
    if (columns.price_kind === "amount") {
      if (columns.price_amount === null) fail("price_amount", errors.required);
      if (columns.price_currency === null) fail("price_currency", errors.required);
    } else {
      columns.price_amount = null;
      columns.price_currency = null;
    }
  }
  if (columns.status === "rejected" && !columns.rejection_reason) fail("rejection_reason", errors.required);
}

/** The last moment of a day ("YYYY-MM-DD") on the site's clocks: a series' UNTIL. */
function endOfSiteDay(day: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return fromSiteFloating(new Date(Date.UTC(year, month - 1, date, 23, 59, 59)));
}

/** A series starts on one of its own dates, and does not end before it starts. */
function checkSeries(rule: string, startsAt: unknown, until: Date | null, fail: (name: string, message: string) => void): void {
  if (!(startsAt instanceof Date)) return;
  if (until && until < startsAt) fail("repeat_until", "admin:errors.series_until_before_start");
  else if (!isSeriesDate(rule, startsAt)) fail("repeat", "admin:errors.series_start");
}
