import type { PosterDate } from "#app/modules/posters/posters.server.ts";
import { Localized } from "./localized-text.tsx";
import { useContentT } from "./use-content-t.ts";

/** A series' coming dates, each a link to the page at that date; cancelled ones struck through with their note. */
export function PosterDates({ dates, current }: { dates: PosterDate[]; current: number }) {
  const { t } = useContentT();
  if (dates.length === 0) return null;
  return (
    <section className="poster-dates" aria-labelledby="poster-dates-heading">
      <h2 id="poster-dates-heading">{t("posters.dates.heading")}</h2>
      <ul className="poster-dates__list">
        {dates.map((date) => (
          <li key={date.id} className={date.cancelled ? "poster-dates__item poster-dates__item--cancelled" : "poster-dates__item"}>
            <a href={`?date=${date.id}`} aria-current={date.id === current ? "true" : undefined}>
              <time dateTime={date.startsAt}>{date.cancelled ? <s>{date.schedule}</s> : date.schedule}</time>
            </a>
            {date.cancelled ? <strong className="poster-dates__mark"> {t("posters.dates.cancelled")}</strong> : null}
            {date.moved && !date.cancelled ? (
              <span className="poster-dates__mark"> {t("posters.dates.moved_from", { date: date.originalSchedule })}</span>
            ) : null}
            {date.note ? (
              <>
                {" "}
                <Localized as="span" className="poster-dates__note" text={date.note} />
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
