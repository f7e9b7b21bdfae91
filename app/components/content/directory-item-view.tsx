import type { DirectoryDetail } from "#app/modules/directory/cards.ts";
import { SocialLink } from "./social-link.tsx";
import { telHref } from "#app/modules/directory/cards.ts";
import type { ReklamaBanner } from "#app/modules/reklama/reklama.server.ts";
import { CategoryFact, Fact, ItemBreadcrumbs, ItemFooter, ItemLayout, NewWindowLink, TextFact } from "./item-layout.tsx";
import { Localized, LocalizedHtml } from "./localized-text.tsx";
import { ResponsiveImage } from "./responsive-image.tsx";
import { useContentT } from "./use-content-t.ts";

type DirectoryItemData = Omit<Parameters<typeof DirectoryItemView>[0], "section">;

/** The pages of `/services/{slug}` and `/diaspors/{slug}`. */
export const ServiceItemPage = ({ loaderData }: { loaderData: DirectoryItemData }) => <DirectoryItemView {...loaderData} section="/services" />;
export const DiasporaItemPage = ({ loaderData }: { loaderData: DirectoryItemData }) => <DirectoryItemView {...loaderData} section="/diaspors" />;

/** A service or a diaspora organisation: description, contacts, website, address with a map link. */
function DirectoryItemView({
  item,
  section,
  reklama,
  pageUrl,
  jsonLd,
}: {
  item: DirectoryDetail;
  section: "/services" | "/diaspors";
  reklama: { sidebar: ReklamaBanner[] };
  pageUrl: string;
  jsonLd: Record<string, unknown>;
}) {
  const { t } = useContentT();
  const key = section === "/services" ? "services" : "diaspors";
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
            {contacts.address}{" "}
            {contacts.mapUrl ? (
              <NewWindowLink href={contacts.mapUrl}>{t("item.map")}</NewWindowLink>
            ) : null}
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
      <ItemFooter
        views={item.viewCount}
        pageUrl={pageUrl}
        title={item.name.text}
        report={{ targetType: section === "/services" ? "service" : "diaspora", targetId: item.id }}
        jsonLd={jsonLd}
      />
    </ItemLayout>
  );
}
