import { redirect } from "react-router";
import type { Route } from "./+types/route";
import { localeFromPath } from "#app/i18n/locales.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { criteriaOf, markSavedSearchSeen } from "#app/modules/saved-searches/saved-searches.server.ts";
import { pathOfCriteria } from "#app/modules/saved-searches/criteria.ts";

/** Opening a saved search: its "new since last visit" count starts again, then the results. */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const id = parseId(params.id) ?? notFound();
  const search = (await markSavedSearchSeen(user.id, id)) ?? notFound();
  return redirect(pathOfCriteria(criteriaOf(search), localeFromPath(url.pathname)));
}
