import type { Route } from "./+types/route";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { StatusBadge } from "#app/components/adverts/status-badge.tsx";
import { PaginationNav } from "#app/components/content/pagination-nav.tsx";
import { ResponsiveImage } from "#app/components/content/responsive-image.tsx";
import { CardPlaceholder } from "#app/components/content/card-placeholder.tsx";
import { AppLink } from "#app/components/localized-link.tsx";
import { EmptyList } from "#app/components/account/empty-list.tsx";
import { IntentButton } from "#app/components/forms/intent-button.tsx";
import { useLocale } from "#app/hooks/use-t.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { priceLabels } from "#app/modules/adverts/page.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { badRequest, notFound } from "#app/platform/http/errors.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { checkPage, parsePage } from "#app/platform/lists/pagination.ts";
import { unblockByPublicId, type BlockedPerson } from "#app/modules/messages/blocks.server.ts";
import {
  CONVERSATIONS_PAGE_SIZE,
  listConversations,
  shareMessageStatus,
  type ConversationSummary,
} from "#app/modules/messages/conversations.server.ts";
import { unblockPersonSchema } from "#app/modules/messages/schema.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

// /cabinet/messages: the user's conversations as buyer and as seller, newest activity first,
// and the people the user blocked, each with a button that lifts the block.

export { headers } from "#app/platform/http/route-headers.ts";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const t = accountT(context);
  const page = parsePage(url);
  const listing = listConversations(user.id, page, getPageLanguage(context), priceLabels(context));
  // The header's count comes from the same query (before the first await: the root looks after its own).
  shareMessageStatus(
    context,
    listing.then((result) => result.status),
  );
  const { items, total, blocked } = await listing;
  return {
    items,
    blocked,
    pagination: checkPage(page, total, CONVERSATIONS_PAGE_SIZE),
    seo: { title: t("cabinet:messages.title"), description: t("cabinet:messages.seo_description") },
  };
}

/** Lifts a block of the user's; anyone else's, or nobody's, is a 404. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const parsed = unblockPersonSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) badRequest();
  if (!(await unblockByPublicId(user.id, parsed.data.user))) notFound();
  return redirectWithFlash(localizePath("/cabinet/messages", localeFromPath(url.pathname)), {
    severity: "success",
    message: "cabinet:messages.flash_unblocked",
  });
}

export default function CabinetMessages({ loaderData }: Route.ComponentProps) {
  const { t } = useAccountT();
  const { items, blocked, pagination } = loaderData;
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
        <EmptyList message={t("cabinet:messages.empty")} browseLabel={t("cabinet:messages.browse")} />
      )}
      {blocked.length ? <BlockedPeople people={blocked} /> : null}
    </section>
  );
}

/** The people the user blocked: no messages either way until the block is lifted here or in a thread. */
function BlockedPeople({ people }: { people: BlockedPerson[] }) {
  const { t } = useAccountT();
  return (
    <section aria-labelledby="blocked-title" className="panel blocked-people">
      <h2 id="blocked-title">{t("cabinet:messages.blocked_title")}</h2>
      <p className="field__hint">{t("cabinet:messages.blocked_lead")}</p>
      <ul className="blocked-people__list">
        {people.map((person) => (
          <li key={person.publicId} className="blocked-people__row">
            <span>{person.name || t("cabinet:messages.deleted_user")}</span>
            <IntentButton
              intent="unblock"
              fields={{ user: person.publicId }}
              buttonClassName="button button--secondary"
              ariaLabel={t("cabinet:messages.unblock_person", { name: person.name })}
            >
              {t("cabinet:messages.unblock")}
            </IntentButton>
          </li>
        ))}
      </ul>
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
