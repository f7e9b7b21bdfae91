import type { Route } from "./+types/route";
import { Fragment } from "react";
import { AdvertCard } from "#app/components/adverts/advert-card.tsx";
import { ContactBlock } from "#app/components/adverts/contact-block.tsx";
import { FavouriteToggle } from "#app/components/adverts/favourite-toggle.tsx";
import { KindBadge } from "#app/components/adverts/kind-badge.tsx";
import { isHelpKind, posterRole, statusLabel } from "#app/modules/adverts/kinds.ts";
import { Gallery } from "#app/components/adverts/gallery.tsx";
import { useAdvertsT } from "#app/components/adverts/use-adverts-t.ts";
import { Breadcrumbs } from "#app/components/content/breadcrumbs.tsx";
import { JsonLd } from "#app/components/content/json-ld.tsx";
import { Localized } from "#app/components/content/localized-text.tsx";
import { ShareLinks } from "#app/components/content/share-links.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { ReportForm } from "#app/components/report-form.tsx";
import { SellerTrust } from "#app/components/adverts/seller-trust.tsx";
import { MessageSeller } from "#app/components/messages/message-seller-deferred.tsx";

export default function AdvertItem({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useAdvertsT();
  const { advert, photos, similar, savedIds, isOwner, signedIn, sellerId, trust, preview, pageUrl } = loaderData;
  const live = advert.status === "published";
  return (
    <div className="advert-page">
      {/* One grid: on phones price, title, photos and contact come before the description;
          on wide screens the contact box stands beside them. */}
      <article className="item advert-item" aria-labelledby="item-title">
        <div className="advert-item__head">
          <Breadcrumbs
            trail={[
              { to: "/advertisement", label: t("item.breadcrumb") },
              ...(advert.category ? [{ to: `/advertisement/category/${advert.category.slug}`, label: advert.category.name }] : []),
            ]}
          />
          <h1 id="item-title" lang={advert.titleLang}>
            {advert.title}
          </h1>
          <p className={`advert-item__price advert-price advert-price--${advert.price.kind}`}>
            <KindBadge kind={advert.kind} />
            {advert.price.text}
          </p>
          <p className="item__meta">
            {advert.location ? (
              <>
                <Localized text={advert.location} />
                {" · "}
              </>
            ) : null}
            {advert.date ? (
              <>
                <time dateTime={advert.publishedAt ?? advert.date.iso}>
                  {t("item.published", { date: advert.longDate ?? advert.date.text })}
                </time>
                {" · "}
              </>
            ) : null}
            {t("item.views", { count: advert.viewCount })}
          </p>
          {preview ? (
            <div className="notice notice--warn advert-item__notice" role="status">
              <p>{t("item.preview_notice", { status: t(`status.${statusLabel(advert.status, advert.kind)}`) })}</p>
              {advert.status === "rejected" && advert.rejectionReason ? (
                <p>{t("item.rejected_reason", { reason: advert.rejectionReason })}</p>
              ) : null}
            </div>
          ) : advert.status === "sold" ? (
            <p className="notice advert-item__notice" role="status">
              {isHelpKind(advert.kind) ? t("item.resolved_notice") : t("item.sold_notice")}
            </p>
          ) : advert.status === "expired" ? (
            <p className="notice advert-item__notice" role="status">
              {t("item.expired_notice")}
            </p>
          ) : null}
          {live && !isOwner ? <FavouriteToggle advertId={advert.id} saved={savedIds.includes(advert.id)} title={advert.title} /> : null}
          {isOwner ? (
            <p className="advert-item__actions">
              <LocalizedLink to={`/cabinet/edit/${advert.id}`} className="button">
                {t("item.edit")}
              </LocalizedLink>
              <LocalizedLink to="/cabinet/advertisement" className="button button--secondary">
                {t("item.manage")}
              </LocalizedLink>
            </p>
          ) : null}
        </div>
        {photos.length ? (
          <div className="advert-item__media">
            <Gallery photos={photos} title={advert.title} />
          </div>
        ) : null}
        <div className="advert-item__contact">
          {live ? (
            <ContactBlock contact={advert.contact} revealed={actionData ?? null} />
          ) : (
            <p className="notice">{t("item.contact_hidden")}</p>
          )}
          {trust ? <SellerTrust trust={trust} headingId="advert-seller-trust" card role={posterRole(advert.kind)} /> : null}
          {sellerId ? (
            <p className="advert-item__seller">
              <LocalizedLink to={`/advertisement/seller/${sellerId}`}>
                {t(posterRole(advert.kind) === "seller" ? "seller.link" : "seller.link_author")}
              </LocalizedLink>
            </p>
          ) : null}
          {live && !isOwner ? <MessageSeller advertId={advert.id} signedIn={signedIn} role={posterRole(advert.kind)} /> : null}
        </div>
        <div className="advert-item__body">
          <h2>{t("item.description")}</h2>
          <p className="advert-item__description" lang={advert.descriptionLang}>
            {advert.description}
          </p>
          <dl className="facts">
            {advert.category ? (
              <>
                <dt>{t("item.category")}</dt>
                <dd>
                  <LocalizedLink to={`/advertisement/category/${advert.category.slug}`}>
                    <Localized text={advert.category.name} />
                  </LocalizedLink>
                </dd>
              </>
            ) : null}
            {advert.location ? (
              <>
                <dt>{t("item.location")}</dt>
                <dd>
                  <Localized text={advert.location} />
                </dd>
              </>
            ) : null}
            {advert.kind === "offer" ? null : (
              <>
                <dt>{t("kind.label")}</dt>
                <dd>{t(`kind.${advert.kind}`)}</dd>
              </>
            )}
            <dt>{t("item.price")}</dt>
            <dd>{advert.price.text}</dd>
            {loaderData.facts.map((fact) => (
              <Fragment key={fact.key}>
                <dt>
                  <Localized text={fact.label} />
                </dt>
                <dd data-fact={fact.key}>
                  <Localized text={fact.value} />
                </dd>
              </Fragment>
            ))}
          </dl>
          {preview ? null : <ShareLinks url={pageUrl} title={advert.title} />}
          {preview ? null : <ReportForm targetType="advertisement" targetId={advert.id} />}
          {loaderData.jsonLd ? <JsonLd data={loaderData.jsonLd} /> : null}
        </div>
      </article>
      {similar.length ? (
        <section className="advert-similar" aria-labelledby="similar-title">
          <h2 id="similar-title">{t("item.similar")}</h2>
          <ul className="card-list">
            {similar.map((item) => (
              <li key={item.id}>
                <AdvertCard item={item} headingLevel={3} saved={savedIds.includes(item.id)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
