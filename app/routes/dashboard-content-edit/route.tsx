import { data } from "react-router";
import { IntentButton } from "#app/components/forms/intent-button.tsx";
import type { Route } from "./+types/route";
import { AuditTrail } from "#app/components/dashboard/audit-trail.tsx";
import { ContentForm } from "#app/components/dashboard/content-form.tsx";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { StatusBadge } from "#app/components/dashboard/status-badge.tsx";
import { useSectionT, tKey, useAdminT } from "#app/components/dashboard/use-admin-t.ts";
import { BackLink } from "#app/components/dashboard/back-link.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { auditTrail } from "#app/modules/audit/audit.server.ts";
import { presentAudit } from "#app/modules/audit/present.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { formatDate, formatTime } from "#app/platform/format/dates.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { STATE_ACTIONS, type StateAction } from "#app/modules/staff-content/actions.ts";
import { formOptions, itemDefaults } from "#app/modules/staff-content/form-data.server.ts";
import { itemImagePreviews, postedImagePreviews } from "#app/modules/staff-content/form-images.server.ts";
import { advertPhotoIds } from "#app/modules/adverts/photos.server.ts";
import { isRemotePoster } from "#app/modules/federation/inbox.server.ts";
import { loadItem, loadOwner, loadTagIds } from "#app/modules/staff-content/items.server.ts";
import { adminT, canPurge, idParam, requireContentAccess } from "#app/modules/staff-content/route-access.server.ts";
import { saveContentForm } from "#app/modules/staff-content/save.server.ts";
import { readContentForm, type ContentPost } from "#app/modules/staff-content/uploads.server.ts";
import { changeItemState } from "#app/modules/staff-content/state.server.ts";
import { dashboardPaths, hasGallery } from "#app/modules/staff-content/types.ts";
import { badRequest, forbidden, notFound } from "#app/platform/http/errors.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { changeDate, staffDates, type DateChange } from "#app/modules/posters/dates.server.ts";
import { fromLocalInput } from "#app/modules/staff-content/datetime.ts";
import { PosterDatesSection, type DateReply } from "./dates-section.tsx";
import { DATE_INTENTS, DATE_SCHEMAS, type DateIntent } from "./schema.ts";
import { MembersSection, type MembershipReply } from "#app/components/organisations/members-section.tsx";
import { isMemberIntent, membershipAction } from "#app/modules/organisations/member-actions.server.ts";
import { organisationSection } from "#app/modules/organisations/members.server.ts";
import { ORGANISATION_TYPE } from "#app/modules/staff-content/registry.ts";

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const { spec, user } = requireContentAccess({ context, url, params });
  // Pages are edited at /dashboard/pages/edit-page/{id} only.
  if (params.type === "pages") notFound();
  const id = idParam(params.id);
  const row = await loadItem(spec, id);
  if (!row) notFound();
  const language = getPageLanguage(context);
  const [tagIds, galleryIds, options, history, dates, organisation] = await Promise.all([
    loadTagIds(spec, id),
    hasGallery(spec) ? advertPhotoIds(id) : Promise.resolve([]),
    formOptions(spec, language),
    auditTrail(spec.type, id),
    // An event's dates, each cancelled or moved on its own.
    spec.type === "posters" && !row.deleted_at ? staffDates(id, language) : Promise.resolve(null),
    // An organisation's members and its "trusted" flag (docs/product.md#organisations).
    spec.type === ORGANISATION_TYPE ? organisationSection(id) : null,
  ]);
  const owner = await loadOwner(spec, row);
  const t = adminT(context);
  const title = String(row[spec.title.uk]);
  const visible = !row.deleted_at && row.status === "published";
  return {
    type: spec.type,
    item: {
      id,
      title,
      status: row.status,
      scheduled: row.status === "published" && row.published_at instanceof Date && row.published_at > new Date(),
      deleted: row.deleted_at ? `${formatDate(row.deleted_at, language)} ${formatTime(row.deleted_at, language)}` : null,
      publicPath: visible ? spec.publicPath(row.slug) : null,
      owner: owner ? owner.name || owner.email : null,
      ownerEmail: owner?.email ?? null,
    },
    defaults: itemDefaults(spec, row, tagIds, galleryIds, language),
    options,
    images: await itemImagePreviews(spec, row, galleryIds),
    history: presentAudit(history, language),
    dates,
    organisation,
    canPurge: canPurge(user),
    seo: { title: t("admin:form.edit_title", { title }), description: t("admin:form.edit_title", { title }) },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action(args: Route.ActionArgs) {
  const { actor } = requireContentAccess(args);
  const posted = await readContentForm(args.request, actor.id);
  try {
    return await saveOrChange(args, posted);
  } finally {
    await posted.done();
  }
}

async function saveOrChange({ context, url, params }: Route.ActionArgs, posted: ContentPost) {
  const { spec, user, actor } = requireContentAccess({ context, url, params });
  if (params.type === "pages") notFound();
  const id = idParam(params.id);
  const locale = localeFromPath(url.pathname);
  const here = localizePath(dashboardPaths.edit(spec.type, id), locale);
  const formData = posted.form;
  const intent = String(formData.get("intent") ?? "");

  if ((STATE_ACTIONS as readonly string[]).includes(intent)) {
    const stateAction = intent as StateAction;
    if (stateAction === "purge" && !canPurge(user)) forbidden();
    if (stateAction === "purge" && formData.get("confirm") !== "yes") {
      return redirectWithFlash(here, { severity: "warn", message: "admin:item.confirm_purge_missing" });
    }
    const changed = await changeItemState(spec, id, stateAction, actor);
    const to = stateAction === "purge" && changed ? `${localizePath(dashboardPaths.list(spec.type), locale)}?view=trash` : here;
    return redirectWithFlash(
      to,
      changed
        ? { severity: "success", message: `admin:item.done_${stateAction}` }
        : { severity: "warn", message: "admin:item.not_applicable" },
    );
  }
  if ((DATE_INTENTS as string[]).includes(intent)) {
    if (spec.type !== "posters") notFound();
    return dateAction(here, id, formData, actor.id, intent as DateIntent);
  }
  if (spec.type === ORGANISATION_TYPE && isMemberIntent(intent)) {
    if (!(await loadItem(spec, id))) notFound();
    return membershipAction(formData, { organisationId: id, actorId: actor.id, back: here, staff: true });
  }
  if (intent !== "save") badRequest();
  // An event another server published changes there (its Update); here it can only be trashed.
  if (spec.type === "posters" && (await isRemotePoster(id))) {
    return redirectWithFlash(here, { severity: "warn", message: "admin:federation.remote_read_only" });
  }

  const outcome = await saveContentForm(spec, posted, actor, id);
  switch (outcome.kind) {
    case "saved":
      return redirectWithFlash(here, { severity: "success", message: "admin:form.saved" });
    case "missing":
      return notFound();
    case "trashed":
      return redirectWithFlash(here, { severity: "warn", message: "admin:item.in_trash" });
    case "created":
      throw new Error("An edit cannot create");
    case "invalid":
      return data({ result: outcome.result, conflict: null, images: await postedImagePreviews(spec, formData) }, { status: 400 });
    case "conflict": {
      const language = getPageLanguage(context);
      const at = new Date(outcome.updatedAt);
      return data(
        {
          result: outcome.result,
          conflict: { version: outcome.version, updatedAt: `${formatDate(at, language)} ${formatTime(at, language)}`, latestPath: here },
          images: await postedImagePreviews(spec, formData),
        },
        { status: 409 },
      );
    }
  }
}

/** One date of an event cancelled, moved or restored; 400 with the form's messages, 404 for a date not the event's. */
async function dateAction(here: string, posterId: number, formData: FormData, actorId: number, intent: DateIntent) {
  const submission = parseWithZod(formData, { schema: DATE_SCHEMAS[intent] });
  if (submission.status !== "success") {
    const dateReply: DateReply = { occurrence: String(formData.get("occurrence") ?? ""), intent, result: submission.reply() };
    return data({ dateReply }, { status: 400 });
  }
  const value = submission.value as Record<string, unknown> & { occurrence: number };
  const notes = { noteUk: String(value.note_uk ?? ""), noteEn: String(value.note_en ?? "") };
  const change: DateChange =
    intent === "date_restore"
      ? { intent, occurrenceId: value.occurrence }
      : intent === "date_cancel"
        ? { intent, occurrenceId: value.occurrence, ...notes }
        : {
            intent,
            occurrenceId: value.occurrence,
            startsAt: fromLocalInput(String(value.starts_at))!,
            endsAt: value.ends_at ? fromLocalInput(String(value.ends_at)) : null,
            ...notes,
          };
  const outcome = await changeDate(posterId, change, actorId);
  if (outcome === "not_found") notFound();
  return redirectWithFlash(
    here,
    outcome === "done"
      ? { severity: "success", message: `admin:dates.done_${intent.replace("date_", "")}` }
      : { severity: "warn", message: "admin:dates.not_applicable" },
  );
}

export default function EditContent({ loaderData, actionData: reply }: Route.ComponentProps) {
  const { type, item } = loaderData;
  // The membership forms answer with their own `intent` (an organisation's page only).
  const actionData = reply && !("intent" in reply) ? reply : undefined;
  const { t, section } = useSectionT(type);
  const saveReply = actionData && "result" in actionData ? actionData : null;
  const dateReply = actionData && "dateReply" in actionData ? actionData.dateReply : null;
  return (
    <>
      <BackLink to={dashboardPaths.list(type)}>{t("admin:form.back", { section })}</BackLink>
      <div className="dash-heading">
        <h1>{t("admin:form.edit_title", { title: item.title })}</h1>
        <StatusBadge status={item.status} scheduled={item.scheduled} />
      </div>
      <ItemBar item={item} canPurge={loaderData.canPurge} />
      {item.deleted ? (
        <div className="notice notice--warn">
          <p>{t("admin:item.trashed_notice", { time: item.deleted })}</p>
        </div>
      ) : (
        <ContentForm
          key={loaderData.defaults.version as string}
          type={type}
          defaults={loaderData.defaults}
          lastResult={saveReply?.result}
          options={loaderData.options}
          images={{ ...loaderData.images, ...saveReply?.images }}
          conflict={saveReply?.conflict}
          submitLabel={t("admin:form.save")}
        />
      )}
      {loaderData.dates ? <PosterDatesSection dates={loaderData.dates} reply={dateReply} /> : null}
      {loaderData.organisation ? (
        <MembersSection
          members={loaderData.organisation.members}
          trusted={loaderData.organisation.trusted}
          manage
          reply={reply && "intent" in reply ? (reply as MembershipReply) : undefined}
        />
      ) : null}
      <AuditTrail entries={loaderData.history} />
    </>
  );
}

type Item = Route.ComponentProps["loaderData"]["item"];

/** The item's own actions: view it, publish or unpublish, trash, restore, purge. */
function ItemBar({ item, canPurge }: { item: Item; canPurge: boolean }) {
  const { t } = useAdminT();
  const button = (intent: StateAction, danger = false) => (
    <IntentButton
      key={intent}
      intent={intent}
      controls={
        intent === "purge" ? (
          <label>
            <input type="checkbox" name="confirm" value="yes" required /> {t("admin:item.confirm_purge")}
          </label>
        ) : null
      }
      formClassName="dash-itembar__form"
      buttonClassName={`button ${danger ? "button--danger" : "button--secondary"}`}
    >
      {tKey(t, `admin:actions.${intent}`)}
    </IntentButton>
  );
  return (
    <div className="dash-itembar">
      {item.owner ? <p className="dash-itembar__owner">{t("admin:item.owner", { owner: item.owner })}</p> : null}
      {item.publicPath ? (
        <LocalizedLink to={item.publicPath} className="button button--secondary">
          {t("admin:item.view")}
        </LocalizedLink>
      ) : null}
      {item.deleted ? (
        <>
          {button("restore")}
          {canPurge ? button("purge", true) : null}
        </>
      ) : (
        <>
          {item.status === "published" ? button("unpublish") : button("publish")}
          {button("trash", true)}
        </>
      )}
    </div>
  );
}
