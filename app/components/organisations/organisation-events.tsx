import { PosterCard } from "#app/components/content/poster-card.tsx";
import type { PosterCard as PosterCardData } from "#app/modules/posters/posters.server.ts";
import { useOrganisationsT } from "./use-organisations-t.ts";

/** An organisation's coming events on its page, as the events list shows them. */
export function OrganisationEvents({ events }: { events: PosterCardData[] }) {
  const { t } = useOrganisationsT();
  return (
    <section className="org-events" aria-labelledby="org-events-heading">
      <h2 id="org-events-heading">{t("organisations:public.events")}</h2>
      {events.length ? (
        <ul className="content-grid">
          {events.map((event) => (
            <li key={event.id}>
              <PosterCard item={event} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t("organisations:public.events_empty")}</p>
      )}
    </section>
  );
}
