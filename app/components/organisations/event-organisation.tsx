import { Fact } from "#app/components/content/item-layout.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import type { EventOrganisation } from "#app/modules/organisations/public.server.ts";
import { useOrganisationsT } from "./use-organisations-t.ts";

/** "Organised by <organisation>" among an event's facts. */
export function OrganisedByFact({ organisation }: { organisation: EventOrganisation | null }) {
  const { t } = useOrganisationsT();
  if (!organisation) return null;
  return (
    <Fact term={t("organisations:public.organised_by")}>
      <LocalizedLink to={organisation.path} lang={organisation.name.lang}>
        {organisation.name.text}
      </LocalizedLink>
    </Fact>
  );
}

/** The organiser's way from the event's page to its attendees and announcements. */
export function OrganiserLink({ organisation }: { organisation: EventOrganisation | null }) {
  const { t } = useOrganisationsT();
  if (!organisation?.organiserPath) return null;
  return (
    <p className="notice">
      <LocalizedLink to={organisation.organiserPath}>{t("organisations:public.organiser_link")}</LocalizedLink>
    </p>
  );
}
