import type { Route } from "./+types/route";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useSubmissionsT } from "#app/components/submissions/use-submissions-t.ts";
import submissionsHref from "#app/components/submissions/submissions.css?url";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { formatDate } from "#app/platform/format/dates.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { ownSubmissions, type SubmissionView } from "#app/modules/submissions/cabinet.server.ts";
import { SUBMISSION_LINKS, SUBMISSION_PATHS, SUBMISSION_TYPES } from "#app/modules/submissions/forms.ts";
import { submissionsT } from "#app/modules/submissions/translate.server.ts";

// /cabinet/submissions: the user's events, services and organisations and where each
// stands; a rejected one shows staff's reason.

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: submissionsHref }];
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const t = submissionsT(context);
  return {
    items: await ownSubmissions(user.id, getPageLanguage(context)),
    seo: { title: t("list.title"), description: t("list.seo_description") },
  };
}

/** The advert badge of the same meaning. */
const BADGE: Record<SubmissionView, string> = { waiting: "pending", published: "published", rejected: "rejected", withdrawn: "archived" };

export default function CabinetSubmissions({ loaderData }: Route.ComponentProps) {
  const { t } = useSubmissionsT();
  const language = usePageLanguage();
  const { items } = loaderData;
  return (
    <section aria-labelledby="submissions-title">
      <h1 id="submissions-title">{t("submissions:list.title")}</h1>
      {items.length ? null : <p>{t("submissions:list.empty")}</p>}
      <p>{t("submissions:list.add")}</p>
      <ul className="submission-add">
        {SUBMISSION_TYPES.map((type) => (
          <li key={type}>
            <LocalizedLink to={SUBMISSION_PATHS[type]} className="button button--secondary">
              {t(SUBMISSION_LINKS[type])}
            </LocalizedLink>
          </li>
        ))}
      </ul>
      {items.length ? (
        <ul className="submission-list">
          {items.map((item) => (
            <li key={`${item.type}-${item.id}`} className="submission-list__item">
              <h2 lang={item.title.lang === language ? undefined : item.title.lang}>
                {item.path ? <LocalizedLink to={item.path}>{item.title.text}</LocalizedLink> : item.title.text}
              </h2>
              <p className="submission-list__meta">
                <span>{t(`submissions:types.${item.type}`)}</span>
                <span>{t("submissions:list.sent", { date: formatDate(new Date(item.submittedAt), language) })}</span>
                <span className={`status-badge status-badge--${BADGE[item.state]}`}>{t(`submissions:state.${item.state}`)}</span>
              </p>
              {item.reason ? <p className="submission-list__reason">{t("submissions:list.reason", { reason: item.reason })}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
