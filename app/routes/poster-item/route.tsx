import type { Route } from "./+types/route";
import { Fact, ItemBreadcrumbs, ItemLayout } from "~/components/content/item-layout";
import { JsonLd } from "~/components/content/json-ld";
import { Localized, LocalizedHtml } from "~/components/content/localized-text";
import { COVER_IMAGE_SIZES, ResponsiveImage } from "~/components/content/responsive-image";
import { ShareLinks } from "~/components/content/share-links";
import { TagList } from "~/components/content/tag-list";
import { useContentT } from "~/components/content/use-content-t";
import { LocalizedLink } from "~/components/localized-link";
import { ReportForm } from "~/components/report-form";
import { publicPageCache } from "~/modules/listing/page-cache.server";
import { loadPosterItem, POSTER_PAGE_DEPS } from "~/modules/posters/poster-page.server";
import { pageMeta } from "~/modules/seo/meta";
import "~/components/content/content.css";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: POSTER_PAGE_DEPS })];

export const meta: Route.MetaFunction = pageMeta;

export const loader = (args: Route.LoaderArgs) => loadPosterItem(args, args.params.slug);

export default function PosterItem({ loaderData }: Route.ComponentProps) {
  const { t } = useContentT();
  const { poster, reklama, pageUrl, icsHref, jsonLd } = loaderData;
  return (
    <ItemLayout sidebar={reklama.sidebar}>
      <ItemBreadcrumbs section="/poster" label={t("posters.title")} category={poster.category} />
      <Localized as="h1" id="item-title" text={poster.title} />
      {poster.isPast ? <p className="notice">{t("posters.is_past")}</p> : null}
      {poster.image ? (
        <figure className="item__cover">
          <ResponsiveImage image={poster.image} sizes={COVER_IMAGE_SIZES} priority />
        </figure>
      ) : null}
      <dl className="facts">
        <Fact term={t("posters.when")}>
          <time dateTime={poster.startsAt}>{poster.schedule}</time>
        </Fact>
        {poster.venue ? (
          <Fact term={t("posters.venue")}>
            <Localized text={poster.venue} />
          </Fact>
        ) : null}
        {poster.address || poster.location ? (
          <Fact term={t("item.address")}>
            {[poster.address, poster.location?.text].filter(Boolean).join(", ")}{" "}
            <a href={`https://www.openstreetmap.org/search?query=${encodeURIComponent([poster.venue?.text, poster.address, poster.location?.text].filter(Boolean).join(", "))}`} rel="noopener" target="_blank">
              {t("item.map")}
              <span className="visually-hidden"> ({t("share.new_window")})</span>
            </a>
          </Fact>
        ) : null}
        {poster.price ? (
          <Fact term={t("posters.price")}>
            <Localized text={poster.price} />
          </Fact>
        ) : null}
        {poster.organiser ? (
          <Fact term={t("posters.organiser")}>{poster.organiser}</Fact>
        ) : null}
        {poster.category ? (
          <Fact term={t("item.category")}>
            <LocalizedLink to={`/poster/category/${poster.category.slug}`}>
              <Localized text={poster.category.name} />
            </LocalizedLink>
          </Fact>
        ) : null}
      </dl>
      <p className="item__actions">
        {poster.ticketUrl && !poster.isPast ? (
          <a className="button" href={poster.ticketUrl} rel="noopener" target="_blank">
            {t("posters.tickets")}
            <span className="visually-hidden"> ({t("share.new_window")})</span>
          </a>
        ) : null}
        <a className="button button--secondary" href={icsHref} download>
          {t("posters.add_to_calendar")}
        </a>
      </p>
      <LocalizedHtml className="prose" html={poster.description} />
      <TagList tags={poster.tags} searchCategory="poster" />
      <p className="item__meta">{t("item.views", { count: poster.viewCount })}</p>
      <ShareLinks url={pageUrl} title={poster.title.text} />
      <ReportForm targetType="poster" targetId={poster.id} />
      <JsonLd data={jsonLd} />
    </ItemLayout>
  );
}
