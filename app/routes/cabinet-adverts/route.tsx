import { Form } from "react-router";
import type { Route } from "./+types/route";
import { readForm } from "#app/platform/http/body.server.ts";
import { StatusBadge } from "#app/components/adverts/status-badge.tsx";
import { KindBadge } from "#app/components/adverts/kind-badge.tsx";
import { isHelpKind, lifetimeDaysFor } from "#app/modules/adverts/kinds.ts";
import { useAdvertsT } from "#app/components/adverts/use-adverts-t.ts";
import { PaginationNav } from "#app/components/content/pagination-nav.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import {
  CABINET_PAGE_SIZE,
  deleteOwnedAdvert,
  listOwnedAdverts,
  ownerAction,
  type CabinetAdvert,
} from "#app/modules/adverts/owner.server.ts";
import { displayDate } from "#app/platform/format/dates.ts";
import { advertsT, priceLabels } from "#app/modules/adverts/page.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { invariantResponse, notFound } from "#app/platform/http/errors.ts";
import { checkPage, parsePage } from "#app/platform/lists/pagination.ts";
import { getCachedSettings } from "#app/platform/settings/settings.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { advertActionSchema } from "./schema.ts";
import { IntentButton } from "#app/components/forms/intent-button.tsx";

// /cabinet/advertisement: the user's adverts with status, views, expiry and actions.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const t = advertsT(context);
  const page = parsePage(url);
  const settings = await getCachedSettings();
  const { items, total } = await listOwnedAdverts(
    user.id,
    page,
    getPageLanguage(context),
    priceLabels(context),
    settings.advert_raise_interval_days,
  );
  return {
    items,
    pagination: checkPage(page, total, CABINET_PAGE_SIZE),
    lifetimeDays: settings.advert_lifetime_days,
    seo: { title: t("cabinet.title"), description: t("cabinet.seo_description") },
  };
}

const FLASH: Record<"renew" | "raise" | "sold" | "archive" | "delete", string> = {
  renew: "adverts:flash.renewed",
  raise: "adverts:lifecycle.flash_raised",
  sold: "adverts:flash.sold",
  archive: "adverts:flash.archived",
  delete: "adverts:flash.deleted",
};

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const parsed = advertActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  invariantResponse(parsed.success);
  const { intent, id } = parsed.data;
  const result = intent === "delete" ? { outcome: await deleteOwnedAdvert(id, user.id) } : await ownerAction(id, user.id, intent);
  if (result.outcome === "not_found") notFound();
  const back = url.pathname + url.search;
  if (result.outcome === "not_allowed") return redirectWithFlash(back, { severity: "warn", message: "adverts:flash.not_allowed" });
  if (result.outcome === "too_soon") {
    const date = displayDate(result.nextAt, getPageLanguage(context)).text;
    return redirectWithFlash(back, { severity: "warn", message: "adverts:lifecycle.flash_raise_too_soon", values: { date } });
  }
  // A help advert's "sold" is its "resolved" (one lifecycle move, kinds.ts).
  const resolved = intent === "sold" && "kind" in result && isHelpKind(result.kind);
  return redirectWithFlash(back, { severity: "success", message: resolved ? "adverts:flash.resolved" : FLASH[intent] });
}

export default function CabinetAdverts({ loaderData }: Route.ComponentProps) {
  const { t } = useAdvertsT();
  const { items, pagination, lifetimeDays } = loaderData;
  return (
    <section aria-labelledby="cabinet-adverts-title">
      <div className="cabinet-header">
        <h1 id="cabinet-adverts-title">{t("cabinet.title")}</h1>
        <LocalizedLink to="/cabinet/add-advertisement" className="button">
          {t("cabinet.add")}
        </LocalizedLink>
      </div>
      {items.length ? (
        <>
          <p className="field__hint">{t("cabinet.total", { count: pagination.total })}</p>
          <ul className="cabinet-adverts">
            {items.map((item) => (
              <li key={item.id}>
                <CabinetAdvertRow item={item} lifetimeDays={lifetimeDays} />
              </li>
            ))}
          </ul>
          <PaginationNav pagination={pagination} />
        </>
      ) : (
        <p className="empty-state">{t("cabinet.empty")}</p>
      )}
    </section>
  );
}

function CabinetAdvertRow({ item, lifetimeDays }: { item: CabinetAdvert; lifetimeDays: number }) {
  const { t } = useAdvertsT();
  const titleId = `advert-${item.id}-title`;
  const can = (action: string) => item.actions.includes(action as CabinetAdvert["actions"][number]);
  const rowAction = (intent: "renew" | "raise" | "sold" | "archive", label: string) =>
    can(intent) ? (
      <IntentButton intent={intent} fields={{ id: item.id }} buttonClassName="button button--secondary" ariaDescribedBy={titleId}>
        {label}
      </IntentButton>
    ) : null;
  return (
    <article className="cabinet-advert" aria-labelledby={titleId}>
      {item.image ? (
        <img
          className="cabinet-advert__image"
          src={item.image.src}
          srcSet={item.image.srcSet}
          sizes="6.5rem"
          width={item.image.width}
          height={item.image.height}
          alt=""
          loading="lazy"
        />
      ) : (
        <span className="cabinet-advert__image" aria-hidden="true" />
      )}
      <div className="cabinet-advert__body">
        <h2 className="cabinet-advert__title" id={titleId}>
          <LocalizedLink to={`/advertisement/${item.slug}`}>{item.title}</LocalizedLink>
        </h2>
        <p className="cabinet-advert__meta">
          <StatusBadge status={item.status} kind={item.kind} />
          <KindBadge kind={item.kind} />
          <span>{item.price.text}</span>
        </p>
        <p className="cabinet-advert__meta">
          <span>{t("cabinet.views", { count: item.viewCount })}</span>
          <span>{t("cabinet.phone_reveals", { count: item.phoneRevealCount })}</span>
          <span>{t("cabinet.favourites", { count: item.favouriteCount })}</span>
          {item.published ? (
            <span>{t("cabinet.published", { date: item.published.text })}</span>
          ) : (
            <span>{t("cabinet.not_published")}</span>
          )}
          {item.expires ? (
            <span>
              {item.status === "expired"
                ? t("cabinet.expired_on", { date: item.expires.text })
                : t("cabinet.expires", { date: item.expires.text })}
            </span>
          ) : null}
        </p>
        {item.raiseAgain ? <p className="cabinet-advert__meta">{t("lifecycle.raise_again", { date: item.raiseAgain.text })}</p> : null}
        {item.status === "rejected" && item.rejectionReason ? (
          <p className="cabinet-advert__reason">{t("cabinet.rejection_reason", { reason: item.rejectionReason })}</p>
        ) : null}
      </div>
      <div className="cabinet-advert__actions" role="group" aria-label={t("cabinet.actions", { title: item.title })}>
        <LocalizedLink to={`/cabinet/edit/${item.id}`} className="button" aria-describedby={titleId}>
          {t("cabinet.edit")}
        </LocalizedLink>
        {rowAction("renew", t("cabinet.renew", { days: lifetimeDaysFor(item.kind, lifetimeDays) }))}
        {rowAction("raise", t("lifecycle.raise"))}
        {rowAction("sold", isHelpKind(item.kind) ? t("cabinet.mark_resolved") : t("cabinet.mark_sold"))}
        {rowAction("archive", t("cabinet.archive"))}
        <details className="cabinet-advert__delete">
          <summary className="button button--secondary" aria-describedby={titleId}>
            {t("cabinet.delete")}
          </summary>
          <Form method="post" className="cabinet-advert__confirm">
            <p>{t("cabinet.delete_confirm", { title: item.title })}</p>
            <input type="hidden" name="id" value={item.id} />
            <input type="hidden" name="intent" value="delete" />
            <p>
              <button type="submit" className="button button--danger">
                {t("cabinet.delete_yes")}
              </button>
            </p>
          </Form>
        </details>
      </div>
    </article>
  );
}
