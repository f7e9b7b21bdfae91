import { data, redirect, type RouterContextProvider } from "react-router";
import { localeFromPath } from "#app/i18n/locales.ts";
import { getCurrentUser, loginRedirectPath } from "#app/modules/auth/guards.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import type { AdvertFieldFilterParams } from "#db/schema.ts";
import { categoryFields } from "#app/modules/adverts/category-fields.server.ts";
import { resolveFieldFilters } from "#app/modules/adverts/category-field-filters.ts";
import { criteriaFromPath } from "./criteria.ts";
import { createSavedSearchSchema } from "./schema.ts";
import { advertCategory, createSavedSearch } from "./saved-searches.server.ts";

// The action of the advert lists and the advert search page: "save this search". The page's own
// address is the search, so what is saved is exactly what the user sees.

export type SaveSearchResult = { saveSearch: { name: string; error: string } };

/** Only the field filters the category's fields accept are stored, normalized as the list shows them. */
async function acceptedFieldFilters(
  categorySlug: string | null,
  params: AdvertFieldFilterParams,
): Promise<AdvertFieldFilterParams | undefined> {
  const category = categorySlug ? await advertCategory(categorySlug) : undefined;
  if (!category) return undefined;
  const { applied } = resolveFieldFilters(await categoryFields(category.id), params);
  return Object.keys(applied).length ? applied : undefined;
}

export async function saveSearchAction({
  request,
  context,
  url,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  url: URL;
}) {
  const user = getCurrentUser(context);
  if (!user) throw redirect(loginRedirectPath(url));
  const form = await readForm(request);
  const name = typeof form.get("name") === "string" ? String(form.get("name")) : "";
  const parsed = createSavedSearchSchema.safeParse(Object.fromEntries(form));
  const fail = (error: string, status = 400, headers?: HeadersInit) =>
    data<SaveSearchResult>({ saveSearch: { name: name.slice(0, 200), error } }, { status, headers });
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? "cabinet:saved_searches.errors.name_required");
  const here = url.pathname + url.search;
  const criteria = criteriaFromPath(here);
  if (!criteria) return fail("cabinet:saved_searches.errors.not_a_search");
  if (criteria.filters.fields) criteria.filters.fields = await acceptedFieldFilters(criteria.categorySlug, criteria.filters.fields);
  const outcome = await createSavedSearch(user.id, { name: parsed.data.name, locale: localeFromPath(url.pathname), criteria });
  if (!outcome.ok && outcome.reason === "limited")
    return fail("cabinet:saved_searches.errors.limited", 429, { "Retry-After": String(outcome.retryAfterSeconds) });
  if (!outcome.ok) return fail("cabinet:saved_searches.errors.too_many");
  return redirectWithFlash(here, { severity: "success", message: "cabinet:saved_searches.flash_saved" });
}
