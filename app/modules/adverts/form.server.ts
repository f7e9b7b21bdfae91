import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { localeFromPath, localizePath, type Language } from "#app/i18n/locales.ts";
import type { SessionUser } from "#app/modules/auth/session.server.ts";
import { pickLocalized, type LocalizedText } from "#app/platform/format/localized.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { readUploadOutcome, type SpooledFile, type UploadOutcome } from "#app/platform/http/body.server.ts";
import { acquireUploadSlot, UPLOAD_RETRY_AFTER_S } from "#app/platform/http/upload-slots.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { MAX_IMAGE_BYTES } from "#app/platform/images/process.server.ts";
import { getSettings, type Settings } from "#app/platform/settings/settings.server.ts";
import { categoryRows, listLocations } from "#app/modules/taxonomy/public-terms.server.ts";
import { createAdvertSchema, parsePhotoOrder } from "./form-schema.ts";
import { formToValues, initialValues, valuesToForm } from "./fields.server.ts";
import { createAdvert, dailyLimitReached, dailyLimitRetryAfter, updateAdvert, type OwnedAdvert } from "./owner.server.ts";
import {
  claimablePhotoIds,
  deletePhotos,
  deleteUnclaimedUploads,
  photoPreviews,
  storeAdvertPhotos,
  type PhotoPreview,
  type PhotoRejection,
} from "./photos.server.ts";
import { parseId, parseIds } from "#app/platform/http/ids.ts";
import { categoryFields } from "./category-fields.server.ts";
import { advertFieldTexts, formFieldSet, formFieldValues } from "./category-field-store.server.ts";
import type { FormFieldSet } from "./category-field-names.ts";
import { fieldInputName } from "./category-field-names.ts";
import { CHOOSE_CATEGORY_INTENT } from "./form-intents.ts";
import { fieldPriceColumns, hasFieldPrice, priceFieldNumbers } from "./field-price.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { kindHasPrice } from "./kinds.ts";
import { logger } from "#app/platform/logger/logger.server.ts";

// The advert form's server side, shared by posting (/dodaty-ogoloshennya,
// /cabinet/add-advertisement) and editing (/cabinet/edit/{id}).

/** The answer to a failed submit: conform's result and the photos the form holds now. */
type AdvertFormReply = { result: SubmissionResult<string[]>; photos: PhotoPreview[] };

type CategoryOption = { id: number; name: LocalizedText; depth: number };
type LocationOption = { id: number; name: LocalizedText };
export type AdvertFormOptions = {
  categories: CategoryOption[];
  locations: LocationOption[];
  maxPhotos: number;
  maxPhotoBytes: number;
  fieldSet: FormFieldSet;
};

/** Default values of the form's fields (conform's defaultValue). */
export type AdvertFormDefaults = Record<string, string | boolean | string[] | undefined>;

/** Categories as a tree (parents, each followed by its children) and locations, for the selects. */
export async function advertFormOptions(language: Language, settings: Settings): Promise<AdvertFormOptions> {
  // Both lists are kept per process (taxonomy/public-terms.server.ts): a form page asks for neither.
  const [categories, locations, fieldSet] = await Promise.all([
    categoryRows("advertisement"),
    listLocations(language),
    formFieldSet(language),
  ]);
  const ids = new Set(categories.map((category) => category.id));
  const roots = categories.filter((category) => category.parent_id === null || !ids.has(category.parent_id));
  const ordered: CategoryOption[] = [];
  const visit = (id: number, depth: number) => {
    for (const child of categories.filter((category) => category.parent_id === id)) {
      ordered.push({ id: child.id, name: pickLocalized(child.name_uk, child.name_en, language), depth });
      if (depth < 3) visit(child.id, depth + 1);
    }
  };
  for (const root of roots) {
    ordered.push({ id: root.id, name: pickLocalized(root.name_uk, root.name_en, language), depth: 0 });
    visit(root.id, 1);
  }
  return {
    categories: ordered,
    locations: locations.map((location) => ({ id: location.id, name: location.name })),
    maxPhotos: settings.advert_max_images,
    maxPhotoBytes: MAX_IMAGE_BYTES,
    fieldSet,
  };
}

/** A new advert's form: the contact fields come from the profile. */
export function newAdvertDefaults(user: SessionUser): AdvertFormDefaults {
  return valuesToForm(initialValues(user));
}

/** The stored advert in the form, its category's fields (`fields.<key>`) included. */
export async function editAdvertDefaults(advert: OwnedAdvert): Promise<AdvertFormDefaults> {
  const [fields, texts] = await Promise.all([categoryFields(advert.values.category_id), advertFieldTexts(advert.id)]);
  const defaults: AdvertFormDefaults = valuesToForm(advert.values);
  for (const field of fields) {
    const text = texts.get(field.id);
    if (text !== undefined) defaults[fieldInputName(field.key)] = text;
  }
  return defaults;
}

/** The largest body the form accepts: every photo at its maximum size, plus the text. */
function maxBodyBytes(settings: Settings): number {
  return Math.max(1, settings.advert_max_images) * MAX_IMAGE_BYTES + 1024 * 1024;
}

function errorReply(formErrors: string[], status: number | ResponseInit, photos: PhotoPreview[] = []) {
  return data<AdvertFormReply>({ result: { status: "error", error: { "": formErrors } }, photos }, status);
}

/** The form's body limits: multipart only, each photo streamed to a temporary file within its cap. */
function bodyLimits(settings: Settings) {
  return { maxBytes: maxBodyBytes(settings), maxFileBytes: MAX_IMAGE_BYTES, maxFiles: 100 };
}

/** The reply to a body that could not be read as the form: 413, 415 or 400, with a message. */
function unreadableReply(body: Extract<UploadOutcome, { ok: false }>) {
  if (body.status === 413) {
    const mb = Math.floor(body.maxBytes / 1024 / 1024);
    return errorReply([`adverts:errors.body_too_large|${JSON.stringify({ max: mb, each: MAX_IMAGE_BYTES / 1024 / 1024 })}`], 413);
  }
  return errorReply([body.status === 415 ? "adverts:errors.multipart_only" : "adverts:errors.bad_body"], body.status);
}

/**
 * Too many uploads run already: the photos are read past and dropped (the server reads the
 * body anyway), the typed fields come back with the message and a 503 with Retry-After.
 */
async function busyReply(request: Request, settings: Settings, ownerId: number, advertId: number | null) {
  const init = { status: 503, headers: { "Retry-After": String(UPLOAD_RETRY_AFTER_S) } };
  const body = await readUploadOutcome(request, { ...bodyLimits(settings), discardFiles: true });
  if (!body.ok) return errorReply(["adverts:errors.uploads_busy"], init);
  const kept = await claimablePhotoIds(parseIds(body.form.getAll("photos")), ownerId, advertId);
  body.form.delete("photos");
  for (const id of kept) body.form.append("photos", String(id));
  const submission = parseWithZod(body.form, { schema: createAdvertSchema() });
  return data<AdvertFormReply>(
    { result: submission.reply({ formErrors: ["adverts:errors.uploads_busy"] }), photos: await photoPreviews(kept) },
    init,
  );
}

function rejectionMessage(rejection: PhotoRejection, settings: Settings): string {
  const values: Record<string, string | number> = { name: rejection.name };
  if (rejection.reason === "too_large") values.max = MAX_IMAGE_BYTES / 1024 / 1024;
  if (rejection.reason === "too_many") values.max = settings.advert_max_images;
  return `adverts:errors.photo_${rejection.reason}|${JSON.stringify(values)}`;
}

/** Stored photos first in the order posted, then new ones; with JS, `photoOrder` decides. */
function orderPhotos(stored: number[], fresh: Array<number | null>, photoOrder: string | undefined): number[] {
  const ordered: number[] = [];
  const push = (id: number | null | undefined) => {
    if (id != null && !ordered.includes(id)) ordered.push(id);
  };
  for (const token of parsePhotoOrder(photoOrder)) {
    push(token.kind === "stored" ? (stored.includes(token.id) ? token.id : null) : fresh[token.index]);
  }
  stored.forEach(push);
  fresh.forEach(push);
  return ordered;
}

type SubmitArgs = {
  request: Request;
  url: URL;
  user: SessionUser;
  /** The advert being edited (already checked to be the user's), or null for a new one. */
  advert: OwnedAdvert | null;
};

/** The 429 of the daily advert limit, with Retry-After like every 429. */
async function dailyLimitReply(ownerId: number, settings: Settings): Promise<ResponseInit> {
  return { status: 429, headers: { "Retry-After": String(await dailyLimitRetryAfter(ownerId, settings)) } };
}

/**
 * Handles a post of the advert form. Every chosen photo is stored first (or refused with a
 * message), so a failed submit comes back with every field and every accepted photo. At most
 * a few run at once (http/upload-slots.server.ts); the body must be multipart.
 */
export async function submitAdvertForm({ request, url, user, advert }: SubmitArgs) {
  const settings = await getSettings();
  const locale = localeFromPath(url.pathname);
  if (!user.emailVerified) return errorReply(["adverts:errors.not_verified"], 403);

  const release = await acquireUploadSlot(`user:${user.id}`);
  if (!release) return busyReply(request, settings, user.id, advert?.id ?? null);
  const body = await readUploadOutcome(request, bodyLimits(settings)).catch((error: unknown) => {
    release();
    throw error;
  });
  if (!body.ok) {
    release();
    return unreadableReply(body);
  }
  try {
    return await submitReadForm({ form: body.form, files: body.files, user, advert, settings, locale });
  } finally {
    await body.dispose();
    release();
  }
}

type ReadFormArgs = Omit<SubmitArgs, "request" | "url"> & {
  form: FormData;
  files: SpooledFile[];
  settings: Settings;
  locale: ReturnType<typeof localeFromPath>;
};

/** The form as read, its photos spooled: photos stored (or refused), then the fields validated and saved. */
async function submitReadForm({ form: formData, files, user, advert, settings, locale }: ReadFormArgs) {
  await deleteUnclaimedUploads().catch((error: unknown) => logger.error({ err: error }, "advert uploads cleanup failed"));

  formData.delete("newPhotos");
  const claimable = await claimablePhotoIds(parseIds(formData.getAll("photos")), user.id, advert?.id ?? null);
  const removed = new Set(parseIds(formData.getAll("removePhotos")));
  const limited = advert === null && (await dailyLimitReached(user.id, settings));

  const kept = claimable.filter((id) => !removed.has(id));
  const stored = limited
    ? { ids: [], rejections: [] }
    : await storeAdvertPhotos(files, { ownerId: user.id, room: settings.advert_max_images - kept.length });
  const photoOrder = formData.get("photoOrder");
  const all = orderPhotos(claimable, stored.ids, typeof photoOrder === "string" ? photoOrder : undefined);
  formData.delete("photos");
  formData.delete("photoOrder");
  for (const id of all) formData.append("photos", String(id));

  const db = getDb();
  const [categories, locations] = await Promise.all([
    db.selectFrom("categories").select("id").where("kind", "=", "advertisement").execute(),
    db.selectFrom("locations").select("id").execute(),
  ]);
  const categoryIds = new Set(categories.map((c) => c.id));
  const chosenCategory = parseId(formData.get("categoryId"));
  const fields = chosenCategory !== null && categoryIds.has(chosenCategory) ? await categoryFields(chosenCategory) : [];
  const schema = createAdvertSchema({ categoryIds, locationIds: new Set(locations.map((l) => l.id)), fields });
  const submission = parseWithZod(formData, { schema });
  if (formData.get("intent") === CHOOSE_CATEGORY_INTENT) {
    // Everything typed comes back, photos stored, with no message: the form is not finished yet.
    const { initialValue } = submission.reply();
    return data<AdvertFormReply>({ result: { initialValue, error: {} }, photos: await photoPreviews(all) });
  }
  const attach = all.filter((id) => !removed.has(id));
  const photoErrors = stored.rejections.map((rejection) => rejectionMessage(rejection, settings));
  if (attach.length > settings.advert_max_images) {
    photoErrors.push(`adverts:errors.photo_too_many|${JSON.stringify({ name: "", max: settings.advert_max_images })}`);
  }

  if (limited || submission.status !== "success" || photoErrors.length) {
    const formErrors = limited ? [`adverts:errors.daily_limit|${JSON.stringify({ max: settings.adverts_per_user_per_day })}`] : undefined;
    const result = submission.reply({
      ...(formErrors ? { formErrors } : {}),
      ...(photoErrors.length ? { fieldErrors: { newPhotos: photoErrors } } : {}),
    });
    if (!limited) return data<AdvertFormReply>({ result, photos: await photoPreviews(all) }, 400);
    return data<AdvertFormReply>({ result, photos: await photoPreviews(all) }, await dailyLimitReply(user.id, settings));
  }

  const fieldValues = formFieldValues(fields, submission.value.fields);
  // A gift stays free even where the category's fields state a price (kinds.ts).
  const values =
    hasFieldPrice(fields) && kindHasPrice(submission.value.kind)
      ? { ...formToValues(submission.value), ...fieldPriceColumns(priceFieldNumbers(fields, fieldValues), submission.value.priceCurrency) }
      : formToValues(submission.value);
  const removedPending = all.filter((id) => removed.has(id) && !(advert?.photoIds.includes(id) ?? false));
  const cabinet = localizePath("/cabinet/advertisement", locale);
  if (advert === null) {
    const created = await createAdvert(user.id, { values, photoIds: attach, fieldValues }, settings);
    if (!created.ok) {
      const result = submission.reply({
        formErrors: [`adverts:errors.daily_limit|${JSON.stringify({ max: settings.adverts_per_user_per_day })}`],
      });
      return data<AdvertFormReply>({ result, photos: await photoPreviews(all) }, await dailyLimitReply(user.id, settings));
    }
    await deletePhotos(removedPending);
    return redirectWithFlash(cabinet, {
      severity: "success",
      message: created.status === "pending" ? "adverts:flash.sent_to_moderation" : "adverts:flash.published",
    });
  }
  const status = await updateAdvert(advert.id, user.id, { values, photoIds: attach, fieldValues }, settings);
  if (status === null) notFound();
  await deletePhotos(removedPending);
  return redirectWithFlash(cabinet, {
    severity: "success",
    message: status === "pending" ? "adverts:flash.sent_to_moderation" : "adverts:flash.saved",
  });
}
