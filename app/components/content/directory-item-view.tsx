import type { DirectoryDetail } from "#app/modules/directory/cards.ts";
import type { DirectoryType } from "#app/modules/staff-content/public-specs.ts";
import type { ReportTargetType } from "#db/schema.ts";
import { SocialLink } from "./social-link.tsx";
import { telHref } from "#app/modules/directory/cards.ts";
import type { ReklamaBanner } from "#app/modules/reklama/reklama.server.ts";
import { CategoryFact, Fact, ItemBreadcrumbs, ItemFooter, ItemLayout, NewWindowLink, TextFact } from "./item-layout.tsx";
import { Localized, LocalizedHtml } from "./localized-text.tsx";
import { ResponsiveImage } from "./responsive-image.tsx";
import { useContentT } from "./use-content-t.ts";
import { ItemMap } from "#app/components/maps/item-map.tsx";
import { OrganisationEvents } from "#app/components/organisations/organisation-events.tsx";
import type { PosterCard } from "#app/modules/posters/posters.server.ts";

type DirectoryItemData = Parameters<typeof DirectoryItemView>[0];

/** A directory's item page (`/services/{slug}`, `/diaspors/{slug}`). */
const DirectoryItemPage = ({ loaderData }: { loaderData: DirectoryItemData }) => <DirectoryItemView {...loaderData} />;

/** An entry of a directory (a service, a diaspora organisation): description, contacts, website, address with a map link. */
function DirectoryItemView({
  type: key,
  section,
  reportTarget,
  item,
  reklama,
  pageUrl,
  jsonLd,
  embedCode,
  events,
}: {
  type: DirectoryType;
  /** The directory's list path (`/services`). */
  section: string;
  reportTarget: ReportTargetType | null;
  item: DirectoryDetail;
  reklama: { sidebar: ReklamaBanner[] };
  pageUrl: string;
  jsonLd: Record<string, unknown>;
  /** An organisation's events to put on another site (diaspora organisations only). */
  embedCode?: string;
  /** An organisation's coming events (its page only). */
  events?: PosterCard[];
}) {
  const { t } = useContentT();
  const { contacts } = item;
  return (
    <ItemLayout sidebar={reklama.sidebar}>
      <ItemBreadcrumbs section={section} label={t(`${key}.title`)} category={item.category} />
      <header className="item__header">
        {item.logo ? <ResponsiveImage className="item__logo" image={item.logo} sizes="8rem" priority /> : null}
        <Localized as="h1" id="item-title" text={item.name} />
      </header>
      <dl className="facts">
        <CategoryFact section={section} category={item.category} />
        <TextFact term={t("item.location")} text={item.location} />
        {contacts.address ? (
          <Fact term={t("item.address")}>
            {contacts.address} {contacts.mapUrl ? <NewWindowLink href={contacts.mapUrl}>{t("item.map")}</NewWindowLink> : null}
          </Fact>
        ) : null}
        {contacts.phone ? (
          <Fact term={t("item.phone")}>
            <a href={telHref(contacts.phone)}>{contacts.phone}</a>
          </Fact>
        ) : null}
        {contacts.email ? (
          <Fact term={t("item.email")}>
            <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
          </Fact>
        ) : null}
        {contacts.website ? (
          <Fact term={t("item.website")}>
            <NewWindowLink href={contacts.website}>{new URL(contacts.website).hostname.replace(/^www\./, "")}</NewWindowLink>
          </Fact>
        ) : null}
        {contacts.social.length ? (
          <Fact term={t("item.social")}>
            <ul className="inline-list">
              {contacts.social.map((link) => (
                <li key={link.network}>
                  <SocialLink network={link.network} url={link.url} newWindow={t("share.new_window")} />
                </li>
              ))}
            </ul>
          </Fact>
        ) : null}
      </dl>
      <LocalizedHtml className="prose" html={item.description} />
      {item.point ? <ItemMap point={item.point} own={item.ownPoint !== null} /> : null}
      {embedCode ? <EmbedCode code={embedCode} /> : null}
      {events ? <OrganisationEvents events={events} /> : null}
      <ItemFooter
        views={item.viewCount}
        pageUrl={pageUrl}
        title={item.name.text}
        report={reportTarget ? { targetType: reportTarget, targetId: item.id } : undefined}
        jsonLd={jsonLd}
      />
    </ItemLayout>
  );
}

/** The copyable <iframe> of the organisation's events, folded away: few visitors need it. */
function EmbedCode({ code }: { code: string }) {
  const { t } = useContentT();
  return (
    <details className="embed-code">
      <summary>
        <h2>{t("embed.snippet_heading")}</h2>
      </summary>
      <p id="embed-code-help">{t("embed.snippet_help")}</p>
      <label htmlFor="embed-code">{t("embed.snippet_label")}</label>
      <textarea id="embed-code" readOnly rows={4} spellCheck={false} aria-describedby="embed-code-help" defaultValue={code} />
    </details>
  );
}

export default DirectoryItemPage;
