import type { Route } from "./+types/route";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { MembersSection, type MembershipReply } from "#app/components/organisations/members-section.tsx";
import { useOrganisationsT } from "#app/components/organisations/use-organisations-t.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { allows, canEditEvent, canEditPage, requireOrganisation } from "#app/modules/organisations/access.server.ts";
import { organisationEvents } from "#app/modules/organisations/events.server.ts";
import { membershipAction } from "#app/modules/organisations/member-actions.server.ts";
import { listMembers } from "#app/modules/organisations/members.server.ts";
import { organiserEventPath } from "#app/modules/organisations/public.server.ts";
import { organisationsT } from "#app/modules/organisations/translate.server.ts";
import { CONTENT_SPECS } from "#app/modules/staff-content/types.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

// /cabinet/organisations/{id}: an organisation's members and events, for its members (404 for
// anyone else); owners manage the members here.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const language = getPageLanguage(context);
  const organisation = await requireOrganisation(user, parseId(params.id), "view", language);
  const [members, events] = await Promise.all([listMembers(organisation.id), organisationEvents(organisation.id, language)]);
  const t = organisationsT(context);
  return {
    organisation: {
      ...organisation,
      publicPath: organisation.published ? CONTENT_SPECS.diaspors.publicPath(organisation.slug) : null,
    },
    members,
    events: events.map((event) => ({
      ...event,
      attendeesPath: organiserEventPath(organisation.id, event.id),
      editable: canEditEvent(organisation, { pending: event.state === "waiting" }),
    })),
    manage: allows(organisation.role, "members.manage"),
    editPage: canEditPage(organisation),
    seo: { title: organisation.name.text, description: t("organisation.seo_description") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const organisation = await requireOrganisation(user, parseId(params.id), "members.manage", getPageLanguage(context));
  const back = localizePath(`/cabinet/organisations/${organisation.id}`, localeFromPath(url.pathname));
  return membershipAction(await readForm(request), { organisationId: organisation.id, actorId: user.id, back, staff: false });
}

export default function CabinetOrganisation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useOrganisationsT();
  const { organisation, members, events, manage, editPage } = loaderData;
  const base = `/cabinet/organisations/${organisation.id}`;
  return (
    <section aria-labelledby="organisation-title" className="org-page">
      <p>
        <LocalizedLink to="/cabinet/organisations">← {t("organisations:organisation.back")}</LocalizedLink>
      </p>
      <h1 id="organisation-title" lang={organisation.name.lang}>
        {organisation.name.text}
      </h1>
      <p className="field__hint">{t("organisations:organisation.your_role", { role: t(`organisations:roles.${organisation.role}`) })}</p>
      <p className={organisation.trusted ? "notice" : "notice notice--warn"}>
        {t(organisation.trusted ? "organisations:organisation.trusted" : "organisations:organisation.untrusted")}
      </p>
      <p className="org-page__actions">
        <LocalizedLink className="button" to={`${base}/events/new`}>
          {t("organisations:organisation.new_event")}
        </LocalizedLink>
        {editPage ? (
          <LocalizedLink className="button button--secondary" to={`${base}/page`}>
            {t("organisations:organisation.edit_page")}
          </LocalizedLink>
        ) : null}
        {organisation.publicPath ? (
          <LocalizedLink className="button button--secondary" to={organisation.publicPath}>
            {t("organisations:organisation.public_page")}
          </LocalizedLink>
        ) : null}
      </p>
      {editPage ? null : <p className="field__hint">{t("organisations:organisation.edit_page_locked")}</p>}
      <section className="panel" aria-labelledby="org-events-title">
        <h2 id="org-events-title">{t("organisations:organisation.events")}</h2>
        {events.length ? (
          <ul className="org-list">
            {events.map((event) => (
              <li key={event.id} className="org-list__item">
                <p>
                  <LocalizedLink to={event.attendeesPath} lang={event.title.lang}>
                    <strong>{event.title.text}</strong>
                  </LocalizedLink>
                  <br />
                  <span className="field__hint">
                    {event.schedule}
                    {event.over ? ` (${t("organisations:organisation.over")})` : null} ·{" "}
                    {t(`organisations:organisation.states.${event.state}`)}
                  </span>
                </p>
                <p className="org-list__actions">
                  <LocalizedLink to={event.attendeesPath}>{t("organisations:organisation.attendees")}</LocalizedLink>
                  {event.editable ? (
                    <LocalizedLink to={`${base}/events/${event.id}/edit`}>{t("organisations:organisation.edit_event")}</LocalizedLink>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("organisations:organisation.no_events")}</p>
        )}
      </section>
      <MembersSection members={members} manage={manage} reply={actionData as MembershipReply} />
    </section>
  );
}
