import { data } from "react-router";
import { IntentButton } from "#app/components/forms/intent-button.tsx";
import type { Route } from "./+types/route";
import { EmptyList } from "#app/components/account/empty-list.tsx";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { useMessage } from "#app/components/adverts/use-message.ts";
import { useAdvertsT } from "#app/components/adverts/use-adverts-t.ts";
import { usePlaceLabel } from "#app/components/adverts/place-label.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { localeFromPath } from "#app/i18n/locales.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { badRequest, notFound } from "#app/platform/http/errors.ts";
import { ALERT_FREQUENCIES } from "#db/schema.ts";
import {
  deleteSavedSearch,
  listSavedSearches,
  MAX_SAVED_SEARCHES,
  renameSavedSearch,
  setSavedSearchAlert,
  type SavedSearchView,
} from "#app/modules/saved-searches/saved-searches.server.ts";
import { SAVED_SEARCH_NAME_MAX } from "#app/modules/saved-searches/limits.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { savedSearchRowSchema } from "./schema.ts";

// /cabinet/saved-searches: the user's saved advert searches with new matches since the last
// visit; open, rename, delete, and how often alerts come (off, daily, instant).

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const t = accountT(context);
  return {
    searches: await listSavedSearches(user.id, localeFromPath(url.pathname)),
    max: MAX_SAVED_SEARCHES,
    seo: { title: t("cabinet:saved_searches.title"), description: t("cabinet:saved_searches.seo_description") },
  };
}

export type RowResult = { id: number; name: string; error: string };

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const form = Object.fromEntries(await readForm(request));
  const parsed = savedSearchRowSchema.safeParse(form);
  if (!parsed.success) {
    const id = parseId(form.id);
    if (form.intent === "rename" && id !== null) {
      return data<RowResult>(
        {
          id,
          name: String(form.name ?? "").slice(0, 200),
          error: parsed.error.issues[0]?.message ?? "cabinet:saved_searches.errors.name_required",
        },
        { status: 400 },
      );
    }
    badRequest();
  }
  const back = url.pathname;
  const { intent, id } = parsed.data;
  let found: boolean;
  let message: string;
  if (intent === "rename") {
    found = await renameSavedSearch(user.id, id, parsed.data.name);
    message = "cabinet:saved_searches.flash_renamed";
  } else if (intent === "alert") {
    found = await setSavedSearchAlert(id, parsed.data.alert, user.id);
    message = `cabinet:saved_searches.flash_alert_${parsed.data.alert}`;
  } else {
    found = await deleteSavedSearch(user.id, id);
    message = "cabinet:saved_searches.flash_deleted";
  }
  if (!found) notFound();
  return redirectWithFlash(back, { severity: "success", message });
}

export default function CabinetSavedSearches({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAccountT();
  const { searches, max } = loaderData;
  return (
    <section aria-labelledby="saved-searches-title">
      <h1 id="saved-searches-title">{t("cabinet:saved_searches.title")}</h1>
      <p className="field__hint">{t("cabinet:saved_searches.lead", { max })}</p>
      {searches.length ? (
        <ul className="saved-searches">
          {searches.map((search) => (
            <li key={search.id} className="panel saved-searches__item">
              <SavedSearchRow search={search} failed={actionData && actionData.id === search.id ? actionData : null} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyList message={t("cabinet:saved_searches.empty")} browseLabel={t("cabinet:saved_searches.browse")} />
      )}
    </section>
  );
}

function SavedSearchRow({ search, failed }: { search: SavedSearchView; failed: RowResult | null }) {
  const { t } = useAccountT();
  const { t: advertsT } = useAdvertsT();
  const placeLabel = usePlaceLabel();
  const message = useMessage();
  const titleId = `saved-search-${search.id}`;
  const nameId = `saved-search-${search.id}-name`;
  const alertId = `saved-search-${search.id}-alert`;
  return (
    <article aria-labelledby={titleId}>
      <h2 id={titleId} className="saved-searches__name">
        <LocalizedLink to={`/cabinet/saved-searches/${search.id}`}>{search.name}</LocalizedLink>
      </h2>
      {search.kind ? (
        <p className="field__hint saved-searches__kind">
          {advertsT("kind.label")}: {advertsT(`kind.${search.kind}`)}
        </p>
      ) : null}
      {search.place ? (
        <p className="field__hint saved-searches__place">
          {advertsT("common:near.place")}: {placeLabel(search.place.name, search.place.radius)}
        </p>
      ) : null}
      <p className="field__hint">
        {search.newCount ? t("cabinet:saved_searches.new_count", { count: search.newCount }) : t("cabinet:saved_searches.no_new")}
      </p>
      {search.dropped ? <p className="field__hint">{t("cabinet:saved_searches.dropped")}</p> : null}
      <div className="saved-searches__forms">
        <RowForm intent="alert" id={search.id} titleId={titleId} submit={t("cabinet:saved_searches.set_alert")}>
          <div className="field">
            <label htmlFor={alertId}>{t("cabinet:saved_searches.alert")}</label>
            <select id={alertId} name="alert" defaultValue={search.alert}>
              {ALERT_FREQUENCIES.map((alert) => (
                <option key={alert} value={alert}>
                  {t(`cabinet:saved_searches.alerts.${alert}`)}
                </option>
              ))}
            </select>
          </div>
        </RowForm>
        <RowForm intent="rename" id={search.id} titleId={titleId} submit={t("cabinet:saved_searches.rename")}>
          <div className="field">
            <label htmlFor={nameId}>{t("cabinet:saved_searches.name")}</label>
            <input
              id={nameId}
              name="name"
              defaultValue={failed?.name ?? search.name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              required
              aria-invalid={failed ? true : undefined}
              aria-describedby={failed ? `${nameId}-error` : undefined}
            />
            {failed ? (
              <p id={`${nameId}-error`} className="field__error" role="alert">
                {message(failed.error)}
              </p>
            ) : null}
          </div>
        </RowForm>
        <RowForm intent="delete" id={search.id} titleId={titleId} submit={t("cabinet:saved_searches.delete")} />
      </div>
    </article>
  );
}

/** One action on a saved search: its intent and id, the fields, a button naming the search. */
function RowForm({
  intent,
  id,
  titleId,
  submit,
  children,
}: {
  intent: string;
  id: number;
  titleId: string;
  submit: string;
  children?: React.ReactNode;
}) {
  return (
    <IntentButton intent={intent} fields={{ id }} controls={children} buttonClassName="button button--secondary" ariaDescribedBy={titleId}>
      {submit}
    </IntentButton>
  );
}
