import { redirect } from "react-router";
import type { Route } from "./+types/route";
import { localeFromPath } from "~/i18n/locales";
import { requireUser } from "~/modules/auth/guards.server";
import { parseId } from "~/modules/http/ids";
import { notFound } from "~/modules/http/errors";
import { criteriaOf, markSavedSearchSeen } from "~/modules/saved-searches/saved-searches.server";
import { pathOfCriteria } from "~/modules/saved-searches/criteria";

/** Opening a saved search: its "new since last visit" count starts again, then the results. */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const id = parseId(params.id) ?? notFound();
  const search = (await markSavedSearchSeen(user.id, id)) ?? notFound();
  return redirect(pathOfCriteria(criteriaOf(search), localeFromPath(url.pathname)));
}
