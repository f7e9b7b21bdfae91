import type { Route } from "./+types/route";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { StatusBadge } from "#app/components/adverts/status-badge.tsx";
import { PaginationNav } from "#app/components/content/pagination-nav.tsx";
import { ResponsiveImage } from "#app/components/content/responsive-image.tsx";
import { CardPlaceholder } from "#app/components/content/card-placeholder.tsx";
import { AppLink, LocalizedLink } from "#app/components/localized-link.tsx";
import { useLocale } from "#app/hooks/use-t.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/middleware/i18next.ts";
import { priceLabels } from "#app/modules/adverts/page.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { checkPage, parsePage } from "#app/modules/lists/pagination.ts";
import { CONVERSATIONS_PAGE_SIZE, listConversations, shareMessageStatus, type ConversationSummary } from "#app/modules/messages/conversations.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";

// /cabinet/messages: the user's conversations as buyer and as seller, newest activity first.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const t = accountT(context);
  const page = parsePage(url);
  const listing = listConversations(user.id, page, getPageLanguage(context), priceLabels(context));
  // The header's count comes from the same query (before the first await: the root looks after its own).
  shareMessageStatus(context, listing.then((result) => result.status));
  const { items, total } = await listing;
  return {
    items,
    pagination: checkPage(page, total, CONVERSATIONS_PAGE_SIZE),
    seo: { title: t("cabinet:messages.title"), description: t("cabinet:messages.seo_description") },
  };
}

export default function CabinetMessages({ loaderData }: Route.ComponentProps) {
  const { t } = useAccountT();
  const { items, pagination } = loaderData;
  // The rows' words, translated once for the page rather than once per row.
  const labels: RowLabels = {
    you: t("cabinet:messages.you"),
    unread: t("cabinet:messages.unread"),
    deletedUser: t("cabinet:messages.deleted_user"),
    advertGone: t("cabinet:messages.advert_gone"),
    blocked: t("cabinet:messages.blocked_short"),
    threadPath: localizePath("/cabinet/messages", useLocale()),
  };
  return (
    <section aria-labelledby="messages-title">
      <h1 id="messages-title">{t("cabinet:messages.title")}</h1>
      {items.length ? (
        <>
          <ul className="conversations">
            {items.map((item) => (
              <li key={item.id}>
                <ConversationRow item={item} labels={labels} />
              </li>
            ))}
          </ul>
          <PaginationNav pagination={pagination} />
        </>
      ) : (
        <div className="empty-state">
          <p>{t("cabinet:messages.empty")}</p>
          <LocalizedLink to="/advertisement" className="button">
            {t("cabinet:messages.browse")}
          </LocalizedLink>
        </div>
      )}
    </section>
  );
}

/** The rows' words and the threads' path, once for the page. */
type RowLabels = { you: string; unread: string; deletedUser: string; advertGone: string; blocked: string; threadPath: string };

function ConversationRow({ item, labels }: { item: ConversationSummary; labels: RowLabels }) {
  const titleId = `conversation-${item.id}`;
  const { advert } = item;
  // One string per line rather than a text node per part: 20 rows of parts were a share of the render.
  const who = item.otherName ?? labels.deletedUser;
  const badge = advert && advert.status !== "published";
  const meta = advert ? `${who} · ${advert.price}${badge ? " " : ""}` : `${who} · ${labels.advertGone}`;
  return (
    <article className={item.unread ? "conversation conversation--unread" : "conversation"} aria-labelledby={titleId}>
      {advert?.image ? (
        <ResponsiveImage className="conversation__image" image={advert.image} sizes="5rem" />
      ) : (
        <CardPlaceholder className="conversation__image" kind="advertisement" seed={advert?.categorySlug} icon={false} />
      )}
      <div className="conversation__body">
        <h2 id={titleId} className="conversation__title">
          <AppLink to={`${labels.threadPath}/${item.id}`}>{item.advertTitle}</AppLink>
          {item.unread ? <span className="conversation__unread">{labels.unread}</span> : null}
        </h2>
        <p className="conversation__meta">
          {meta}
          {badge ? <StatusBadge status={advert.status} /> : null}
          {item.blocked ? ` · ${labels.blocked}` : null}
        </p>
        <p className="conversation__last">{item.lastFromMe ? `${labels.you}: ${item.lastMessage}` : item.lastMessage}</p>
        <p className="conversation__time">
          <time dateTime={item.lastMessageAt.iso}>{item.lastMessageAt.text}</time>
        </p>
      </div>
    </article>
  );
}
