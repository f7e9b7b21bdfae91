import { Fragment } from "react";
import type { Pagination } from "#app/platform/lists/pagination.ts";
import type { ReklamaBanner } from "#app/modules/reklama/reklama.server.ts";
import { Localized } from "./localized-text.tsx";
import type { LocalizedText } from "#app/platform/format/localized.ts";
import { PaginationNav } from "./pagination-nav.tsx";
import { ReklamaSlot } from "./reklama-slot.tsx";
import { useContentT } from "./use-content-t.ts";

/** Where the list_inline reklama goes: after this many cards. */
const INLINE_REKLAMA_AFTER = 6;

export type ListReklama = { list_inline: ReklamaBanner[]; footer: ReklamaBanner[] };

/** A list page: heading, filters (children), a grid of cards, pagination, reklama and an optional feed link. */
export function ListPage({
  title,
  lead,
  items,
  emptyText,
  pagination,
  feed,
  reklama,
  children,
}: {
  title: string | LocalizedText;
  lead?: string;
  items: Array<{ key: string | number; node: React.ReactNode }>;
  emptyText: string;
  pagination: Pagination;
  feed?: { href: string; title: string };
  reklama?: ListReklama;
  children?: React.ReactNode;
}) {
  const { t } = useContentT();
  return (
    <section className="list-page" aria-labelledby="list-title">
      <header className="list-page__header">
        {typeof title === "string" ? <h1 id="list-title">{title}</h1> : <Localized as="h1" id="list-title" text={title} />}
        {feed ? (
          <a className="feed-link" href={feed.href} type="application/rss+xml" title={feed.title}>
            {t("feed.link")}
          </a>
        ) : null}
      </header>
      {lead ? <p className="list-page__lead">{lead}</p> : null}
      {children}
      {items.length ? (
        <ul className="content-grid">
          {items.map((item, index) => (
            <Fragment key={item.key}>
              {index === INLINE_REKLAMA_AFTER && reklama?.list_inline.length ? (
                <li className="content-grid__wide">
                  <ReklamaSlot placement="list_inline" banners={reklama.list_inline} />
                </li>
              ) : null}
              <li>{item.node}</li>
            </Fragment>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{emptyText}</p>
      )}
      <PaginationNav pagination={pagination} />
      {reklama ? <ReklamaSlot placement="footer" banners={reklama.footer} /> : null}
    </section>
  );
}
