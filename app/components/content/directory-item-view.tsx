import type { DirectoryDetail } from "~/modules/listing/directory";
import { SocialLink } from "./social-link";
import { telHref } from "~/modules/listing/directory";
import type { ReklamaBanner } from "~/modules/reklama/reklama.server";
import { LocalizedLink } from "~/components/localized-link";
import { ReportForm } from "~/components/report-form";
import { Breadcrumbs } from "./breadcrumbs";
import { JsonLd } from "./json-ld";
import { Localized, LocalizedHtml } from "./localized-text";
import { ReklamaSlot } from "./reklama-slot";
import { ResponsiveImage } from "./responsive-image";
import { ShareLinks } from "./share-links";
import { useContentT } from "./use-content-t";
import "./content.css";

/** A service or a diaspora organisation: description, contacts, website, address with a map link. */
export function DirectoryItemView({
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
    <div className="item-layout">
      <article className="item" aria-labelledby="item-title">
        <Breadcrumbs
          trail={[
            { to: section, label: t(`${key}.title`) },
            ...(item.category ? [{ to: `${section}/category/${item.category.slug}`, label: item.category.name }] : []),
          ]}
        />
        <header className="item__header">
          {item.logo ? <ResponsiveImage className="item__logo" image={item.logo} sizes="8rem" priority /> : null}
          <Localized as="h1" id="item-title" text={item.name} />
        </header>
        <dl className="facts">
          {item.category ? (
            <>
              <dt>{t("item.category")}</dt>
              <dd>
                <LocalizedLink to={`${section}/category/${item.category.slug}`}>
                  <Localized text={item.category.name} />
                </LocalizedLink>
              </dd>
            </>
          ) : null}
          {item.location ? (
            <>
              <dt>{t("item.location")}</dt>
              <dd>
                <Localized text={item.location} />
              </dd>
            </>
          ) : null}
          {contacts.address ? (
            <>
              <dt>{t("item.address")}</dt>
              <dd>
                {contacts.address}{" "}
                {contacts.mapUrl ? (
                  <a href={contacts.mapUrl} rel="noopener" target="_blank">
                    {t("item.map")}
                    <span className="visually-hidden"> ({t("share.new_window")})</span>
                  </a>
                ) : null}
              </dd>
            </>
          ) : null}
          {contacts.phone ? (
            <>
              <dt>{t("item.phone")}</dt>
              <dd>
                <a href={telHref(contacts.phone)}>{contacts.phone}</a>
              </dd>
            </>
          ) : null}
          {contacts.email ? (
            <>
              <dt>{t("item.email")}</dt>
              <dd>
                <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
              </dd>
            </>
          ) : null}
          {contacts.website ? (
            <>
              <dt>{t("item.website")}</dt>
              <dd>
                <a href={contacts.website} rel="noopener" target="_blank">
                  {new URL(contacts.website).hostname.replace(/^www\./, "")}
                  <span className="visually-hidden"> ({t("share.new_window")})</span>
                </a>
              </dd>
            </>
          ) : null}
          {contacts.social.length ? (
            <>
              <dt>{t("item.social")}</dt>
              <dd>
                <ul className="inline-list">
                  {contacts.social.map((link) => (
                    <li key={link.network}>
                      <SocialLink network={link.network} url={link.url} newWindow={t("share.new_window")} />
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
        </dl>
        <LocalizedHtml className="prose" html={item.description} />
        <p className="item__meta">{t("item.views", { count: item.viewCount })}</p>
        <ShareLinks url={pageUrl} title={item.name.text} />
        <ReportForm targetType={section === "/services" ? "service" : "diaspora"} targetId={item.id} />
        <JsonLd data={jsonLd} />
      </article>
      <div className="item-layout__aside">
        <ReklamaSlot placement="sidebar" banners={reklama.sidebar} />
      </div>
    </div>
  );
}
