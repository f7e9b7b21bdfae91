import { data } from "react-router";
import type { Route } from "./+types/route";
import { ContentForm } from "#app/components/dashboard/content-form.tsx";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useOrganisationsT } from "#app/components/organisations/use-organisations-t.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import type { SessionUser } from "#app/modules/auth/session.server.ts";
import { canEditEvent, requireOrganisation, type OrganisationAccess } from "#app/modules/organisations/access.server.ts";
import {
  createOrganisationEvent,
  findOrganisationEvent,
  saveOrganisationEvent,
  type OrganisationEventRow,
} from "#app/modules/organisations/events.server.ts";
import { EVENT_TYPE, eventFormSpec, eventStoredSpec } from "#app/modules/organisations/forms.ts";
import { organisationsT } from "#app/modules/organisations/translate.server.ts";
import { formOptions, itemDefaults, newItemDefaults } from "#app/modules/staff-content/form-data.server.ts";
import { itemImagePreviews, postedImagePreviews } from "#app/modules/staff-content/form-images.server.ts";
import type { SaveResult } from "#app/modules/staff-content/save.server.ts";
import { readContentForm } from "#app/modules/staff-content/uploads.server.ts";
import { DailyCapReached } from "#app/modules/submissions/limits.server.ts";
import { formatDate, formatTime } from "#app/platform/format/dates.ts";
import { badRequest, forbidden, notFound } from "#app/platform/http/errors.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { getSettings } from "#app/platform/settings/settings.server.ts";

// /cabinet/organisations/{id}/events/new and …/events/{posterId}/edit: an organisation's event
// in the users' poster form. A trusted organisation's event is published when saved; an
// untrusted one's goes to the moderation queue and may be edited while it waits there.

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

type Args = { context: Route.LoaderArgs["context"]; url: URL; params: Route.LoaderArgs["params"] };

/** The organisation, and the event when editing (404 when it is not the organisation's). */
async function target({ context, params }: Args, user: SessionUser) {
  const organisation = await requireOrganisation(user, parseId(params.id), "events.publish", getPageLanguage(context));
  if (params.posterId === undefined) return { organisation, event: null };
  const event = await findOrganisationEvent(organisation.id, parseId(params.posterId));
  if (!event) notFound();
  return { organisation, event };
}

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const { organisation, event } = await target(args, user);
  const language = getPageLanguage(args.context);
  const t = organisationsT(args.context);
  const title = event ? t("event_form.edit_title") : t("event_form.new_title", { name: organisation.name.text });
  const seo = { title, description: t("organisation.seo_description") };
  const spec = event ? eventStoredSpec() : eventFormSpec();
  const editable = event === null || canEditEvent(organisation, event);
  const [options, images] = await Promise.all([formOptions(spec, language), event ? itemImagePreviews(spec, event, []) : {}]);
  return {
    organisation: { id: organisation.id, name: organisation.name, trusted: organisation.trusted },
    editing: event !== null,
    editable,
    defaults: event ? itemDefaults(spec, event, [], [], language) : newItemDefaults(spec),
    options,
    images,
    seo,
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const { organisation, event } = await target(args, user);
  if (event && !canEditEvent(organisation, event)) forbidden();
  const back = localizePath(`/cabinet/organisations/${organisation.id}`, localeFromPath(args.url.pathname));
  // An untrusted organisation's event is a submission like any user's: a confirmed address and the daily cap.
  if (!event && !organisation.trusted && !user.emailVerified)
    return data({ result: formError("adverts:errors.not_verified"), conflict: null, images: {} }, 403);
  const posted = await readContentForm(args.request, user.id);
  try {
    if (posted.form.get("intent") !== "save") badRequest();
    const outcome = event
      ? await saveOrganisationEvent(event, posted, user)
      : await createOrganisationEvent(organisation, posted, user, await getSettings());
    return answer(outcome, { back, event, organisation, form: posted.form, language: getPageLanguage(args.context), url: args.url });
  } catch (error) {
    if (!(error instanceof DailyCapReached)) throw error;
    const result = formError(`adverts:errors.daily_limit|${JSON.stringify({ max: error.cap.max })}`);
    return data({ result, conflict: null, images: {} }, { status: 429, headers: { "Retry-After": String(error.cap.retryAfterSeconds) } });
  } finally {
    await posted.done();
  }
}

function formError(message: string) {
  return { status: "error" as const, error: { "": [message] } };
}

async function answer(
  outcome: SaveResult,
  context: {
    back: string;
    event: OrganisationEventRow | null;
    organisation: OrganisationAccess;
    form: FormData;
    language: ReturnType<typeof getPageLanguage>;
    url: URL;
  },
) {
  const spec = context.event ? eventStoredSpec() : eventFormSpec();
  switch (outcome.kind) {
    case "created":
      return redirectWithFlash(context.back, {
        severity: "success",
        message: context.organisation.trusted ? "organisations:flash.event_published" : "organisations:flash.event_sent",
      });
    case "saved":
      return redirectWithFlash(context.back, { severity: "success", message: "organisations:flash.event_saved" });
    case "invalid":
      return data({ result: outcome.result, conflict: null, images: await postedImagePreviews(spec, context.form) }, 400);
    case "conflict": {
      const at = new Date(outcome.updatedAt);
      const updatedAt = `${formatDate(at, context.language)} ${formatTime(at, context.language)}`;
      return data(
        {
          result: outcome.result,
          conflict: { version: outcome.version, updatedAt, latestPath: context.url.pathname },
          images: await postedImagePreviews(spec, context.form),
        },
        409,
      );
    }
    default:
      notFound();
  }
}

export default function OrganisationEventForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useOrganisationsT();
  const { organisation, editing, editable } = loaderData;
  const spec = editing ? eventStoredSpec() : eventFormSpec();
  const lead = organisation.trusted ? "organisations:event_form.lead_trusted" : "organisations:event_form.lead_untrusted";
  const submit = editing
    ? t("organisations:event_form.save")
    : organisation.trusted
      ? t("organisations:event_form.submit_new")
      : t("organisations:event_form.submit_new_review");
  return (
    <section className="submission-form-page" aria-labelledby="org-event-title">
      <p>
        <LocalizedLink to={`/cabinet/organisations/${organisation.id}`}>← {organisation.name.text}</LocalizedLink>
      </p>
      <h1 id="org-event-title">
        {editing ? t("organisations:event_form.edit_title") : t("organisations:event_form.new_title", { name: organisation.name.text })}
      </h1>
      {editable ? (
        <>
          <p className="notice">{t(lead)}</p>
          <ContentForm
            key={String(loaderData.defaults.version ?? "new")}
            type={EVENT_TYPE}
            spec={spec}
            defaults={loaderData.defaults}
            lastResult={actionData?.result}
            options={loaderData.options}
            images={{ ...loaderData.images, ...actionData?.images }}
            conflict={actionData?.conflict}
            submitLabel={submit}
          />
        </>
      ) : (
        <p className="notice notice--warn">{t("organisations:event_form.locked")}</p>
      )}
    </section>
  );
}
