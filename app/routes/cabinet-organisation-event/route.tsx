import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/route";
import { SelectField, TextAreaField } from "#app/components/forms/fields.tsx";
import { IntentForm } from "#app/components/forms/intent-form.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { useConformForm } from "#app/components/forms/use-conform-form.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useOrganisationsT } from "#app/components/organisations/use-organisations-t.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { formReply, type FormReply } from "#app/modules/auth/responses.server.ts";
import { requireOrganisation } from "#app/modules/organisations/access.server.ts";
import { announce, ANNOUNCEMENTS_PER_DAY, attendeesByDate, type AttendeeDate } from "#app/modules/organisations/attendees.server.ts";
import { findOrganisationEvent } from "#app/modules/organisations/events.server.ts";
import { announcementSchema } from "#app/modules/organisations/schemas.ts";
import { organisationsT } from "#app/modules/organisations/translate.server.ts";
import { CONTENT_SPECS } from "#app/modules/staff-content/types.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { pickLocalized } from "#app/platform/format/localized.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

// /cabinet/organisations/{id}/events/{posterId}: the organiser's view of an event: per coming
// date, how many are going and waiting and their names (never their addresses), and an
// announcement mailed to them. For the organisation's members and staff; 404 for anyone else.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

type Args = { context: Route.LoaderArgs["context"]; url: URL; params: Route.LoaderArgs["params"] };

async function target({ context, url, params }: Args, action: "attendees.view" | "announce") {
  const user = requireUser({ context, url });
  const organisation = await requireOrganisation(user, parseId(params.id), action, getPageLanguage(context));
  const event = await findOrganisationEvent(organisation.id, parseId(params.posterId));
  if (!event) notFound();
  return { user, organisation, event };
}

export async function loader(args: Route.LoaderArgs) {
  const { organisation, event } = await target(args, "attendees.view");
  const language = getPageLanguage(args.context);
  const title = pickLocalized(String(event.title_uk), (event.title_en as string | null) ?? null, language);
  const t = organisationsT(args.context);
  return {
    organisation: { id: organisation.id, name: organisation.name },
    event: {
      id: event.id,
      title,
      publicPath: event.status === "published" ? CONTENT_SPECS.posters.publicPath(event.slug) : null,
    },
    dates: await attendeesByDate(event.id, language),
    max: ANNOUNCEMENTS_PER_DAY,
    seo: { title: t("attendees.title", { title: title.text }), description: t("attendees.seo_description") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action(args: Route.ActionArgs) {
  const { user, organisation, event } = await target(args, "announce");
  const submission = parseWithZod(await readForm(args.request), { schema: announcementSchema });
  if (submission.status !== "success") return formReply("announce", submission.reply(), 400);
  const { body, date } = submission.value;
  const outcome = await announce({ posterId: event.id, occurrenceId: date === "all" ? null : date, body, actorId: user.id });
  if (outcome.kind === "no_date")
    return formReply("announce", submission.reply({ fieldErrors: { date: ["organisations:errors.no_date"] } }), 400);
  if (outcome.kind === "limited") {
    const minutes = Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60));
    const message = `organisations:errors.too_many|${JSON.stringify({ max: ANNOUNCEMENTS_PER_DAY, minutes })}`;
    return formReply("announce", submission.reply({ formErrors: [message] }), {
      status: 429,
      headers: { "Retry-After": String(outcome.retryAfterSeconds) },
    });
  }
  const here = localizePath(`/cabinet/organisations/${organisation.id}/events/${event.id}`, localeFromPath(args.url.pathname));
  return redirectWithFlash(here, { severity: "success", message: "organisations:flash.announced" });
}

export default function OrganisationEventAttendees({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useOrganisationsT();
  const { organisation, event, dates, max } = loaderData;
  return (
    <section aria-labelledby="attendees-title" className="org-page">
      <p>
        <LocalizedLink to={`/cabinet/organisations/${organisation.id}`}>
          ← {t("organisations:attendees.back", { name: organisation.name.text })}
        </LocalizedLink>
      </p>
      <h1 id="attendees-title">{t("organisations:attendees.title", { title: event.title.text })}</h1>
      {event.publicPath ? (
        <p>
          <LocalizedLink to={event.publicPath}>{t("organisations:attendees.event_page")}</LocalizedLink>
        </p>
      ) : null}
      {dates.length ? (
        <ul className="org-dates">
          {dates.map((date) => (
            <DateAttendees key={date.id} date={date} />
          ))}
        </ul>
      ) : (
        <p className="notice">{t("organisations:attendees.no_dates")}</p>
      )}
      {dates.length ? <AnnouncementForm dates={dates} max={max} lastResult={(actionData as FormReply | undefined)?.result} /> : null}
    </section>
  );
}

function DateAttendees({ date }: { date: AttendeeDate }) {
  const { t } = useOrganisationsT();
  const list = (names: string[]) =>
    names.length ? (
      <ul className="org-dates__names">
        {names.map((name, index) => (
          <li key={index}>{name}</li>
        ))}
      </ul>
    ) : (
      <p className="field__hint">{t("organisations:attendees.nobody")}</p>
    );
  const titleId = `date-${date.id}`;
  return (
    <li className="panel org-dates__item" aria-labelledby={titleId}>
      <h2 id={titleId} className="org-dates__when">
        {date.schedule}
        {date.cancelled ? ` (${t("organisations:attendees.cancelled")})` : null}
      </h2>
      <div className="org-dates__columns">
        <div>
          <h3>{t("organisations:attendees.going", { count: date.going.length })}</h3>
          {list(date.going)}
        </div>
        <div>
          <h3>{t("organisations:attendees.waiting", { count: date.waiting.length })}</h3>
          {list(date.waiting)}
        </div>
      </div>
    </li>
  );
}

function AnnouncementForm({ dates, max, lastResult }: { dates: AttendeeDate[]; max: number; lastResult: FormReply["result"] | undefined }) {
  const { t } = useOrganisationsT();
  const [form, fields] = useConformForm(announcementSchema, { id: "announcement-form", lastResult, defaultValue: { date: "all" } });
  const options = [
    { value: "all", label: t("organisations:attendees.all_dates") },
    ...dates.filter((date) => !date.cancelled).map((date) => ({ value: String(date.id), label: date.schedule })),
  ];
  return (
    <section className="panel" aria-labelledby="announce-title">
      <h2 id="announce-title">{t("organisations:attendees.announce_title")}</h2>
      <p className="field__hint">{t("organisations:attendees.announce_lead", { max })}</p>
      <IntentForm intent="announce" form={form} {...getFormProps(form)}>
        <TextAreaField field={fields.body} label={t("organisations:attendees.body")} rows={5} />
        <SelectField field={fields.date} label={t("organisations:attendees.date")} options={options} />
        <SubmitRow>{t("organisations:attendees.send")}</SubmitRow>
      </IntentForm>
    </section>
  );
}
