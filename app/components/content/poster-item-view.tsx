import { CategoryFact, Fact, ItemBreadcrumbs, ItemCover, ItemFooter, ItemLayout, NewWindowLink, TextFact } from "./item-layout.tsx";
import { Localized, LocalizedHtml } from "./localized-text.tsx";
import { PosterRsvp } from "./poster-rsvp.tsx";
import { PosterDates } from "./poster-dates.tsx";
import { TagList } from "./tag-list.tsx";
import { useContentT } from "./use-content-t.ts";
import { ItemMap } from "#app/components/maps/item-map.tsx";
import { mapPointUrl, mapSearchUrl } from "#app/platform/format/map-link.ts";
import { eventWhenLabel } from "#app/modules/posters/event-when.ts";
import type { loadPosterItem } from "#app/modules/posters/poster-page.server.ts";
import { OrganisedByFact, OrganiserLink } from "#app/components/organisations/event-organisation.tsx";

/** The page of `/poster/{slug}`: the event's facts, tickets and calendar file, description. */
export default function PosterItemPage({ loaderData }: { loaderData: Awaited<ReturnType<typeof loadPosterItem>> }) {
  const { t } = useContentT();
  const { poster, reklama, pageUrl, icsHref, rsvp, jsonLd, series, organisation } = loaderData;
  return (
    <ItemLayout sidebar={reklama.sidebar}>
      <ItemBreadcrumbs section="/poster" label={t("posters.title")} category={poster.category} />
      <Localized as="h1" id="item-title" text={poster.title} />
      {poster.isCancelled ? (
        <p className="notice notice--warn poster-cancelled">
          <strong>{t("posters.is_cancelled")}</strong>
          {poster.dateNote ? (
            <>
              {" "}
              <Localized text={poster.dateNote} />
            </>
          ) : null}
        </p>
      ) : poster.isPast ? (
        <p className="notice">{t("posters.is_past")}</p>
      ) : null}
      <ItemCover image={poster.image} />
      <dl className="facts">
        <Fact term={t("posters.when")}>
          <time dateTime={poster.startsAt}>{poster.schedule}</time>
          {poster.when.ongoing ? <> ({eventWhenLabel(poster.when, t)})</> : null}
          {poster.movedFrom && !poster.isCancelled ? (
            <>
              {" "}
              ({t("posters.dates.moved_from", { date: poster.movedFrom })}
              {poster.dateNote ? (
                <>
                  {": "}
                  <Localized text={poster.dateNote} />
                </>
              ) : null}
              )
            </>
          ) : null}
        </Fact>
        {series?.text ? <Fact term={t("posters.repeats")}>{series.text}</Fact> : null}
        <TextFact term={t("posters.venue")} text={poster.venue} />
        {poster.address || poster.location ? (
          <Fact term={t("item.address")}>
            {[poster.address, poster.location?.text].filter(Boolean).join(", ")}{" "}
            <NewWindowLink
              href={
                poster.ownPoint ? mapPointUrl(poster.ownPoint) : mapSearchUrl([poster.venue?.text, poster.address, poster.location?.text])
              }
            >
              {t("item.map")}
            </NewWindowLink>
          </Fact>
        ) : null}
        <TextFact term={t("posters.price")} text={poster.price} />
        {poster.organiser ? <Fact term={t("posters.organiser")}>{poster.organiser}</Fact> : null}
        {poster.origin ? (
          <Fact term={t("posters.origin")}>
            <NewWindowLink href={poster.origin.url}>{t("posters.from_host", { host: poster.origin.host })}</NewWindowLink>
          </Fact>
        ) : null}
        <OrganisedByFact organisation={organisation} />
        <CategoryFact section="/poster" category={poster.category} />
      </dl>
      <p className="item__actions">
        {poster.ticketUrl && !poster.isPast ? (
          <NewWindowLink className="button" href={poster.ticketUrl}>
            {t("posters.tickets")}
          </NewWindowLink>
        ) : null}
        <a className="button button--secondary" href={icsHref} download>
          {t("posters.add_to_calendar")}
        </a>
      </p>
      <PosterRsvp rsvp={rsvp} isPast={poster.isPast} isCancelled={poster.isCancelled} />
      {series ? <PosterDates dates={series.dates} current={poster.occurrenceId} /> : null}
      <OrganiserLink organisation={organisation} />
      <LocalizedHtml className="prose" html={poster.description} />
      {poster.point ? <ItemMap point={poster.point} own={poster.ownPoint !== null} /> : null}
      <TagList tags={poster.tags} searchCategory="poster" />
      <ItemFooter
        views={poster.viewCount}
        pageUrl={pageUrl}
        title={poster.title.text}
        report={{ targetType: "poster", targetId: poster.id }}
        jsonLd={jsonLd}
      />
    </ItemLayout>
  );
}
