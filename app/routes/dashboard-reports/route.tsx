import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/route";
import { readForm } from "#app/platform/http/body.server.ts";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { StatusBadge } from "#app/components/dashboard/status-badge.tsx";
import { tKey, useAdminT } from "#app/components/dashboard/use-admin-t.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { requirePermission } from "#app/modules/auth/guards.server.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { formatDate, formatTime } from "#app/platform/format/dates.ts";
import { decideReports, openReportGroups, REPORT_DECISIONS } from "#app/modules/moderation/reports.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { adminT } from "#app/modules/staff-content/route-access.server.ts";
import { dashboardPaths, reportTargetSpec } from "#app/modules/staff-content/types.ts";
import { REPORT_TARGET_TYPES } from "#db/schema.ts";
import { idSchema } from "#app/platform/http/ids.ts";
import { badRequest, invariantResponse } from "#app/platform/http/errors.ts";
import { HeldMessages } from "#app/components/messages/held-messages.tsx";
import { IntentSubmit } from "#app/components/forms/intent-button.tsx";
import { discardHeld, heldMessageGroups, releaseHeld } from "#app/modules/messages/held.server.ts";
import { heldDecisionSchema } from "#app/modules/messages/schema.ts";

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

const decisionSchema = z.object({
  intent: z.enum(REPORT_DECISIONS),
  target_type: z.enum([...REPORT_TARGET_TYPES, "conversation", "rating"]),
  target_id: idSchema,
  note: z.string().trim().max(1000).optional(),
});

export async function loader({ context, url }: Route.LoaderArgs) {
  requirePermission({ context, url }, "reports.manage");
  const language = getPageLanguage(context);
  const [{ groups, total }, held] = await Promise.all([openReportGroups(), heldMessageGroups()]);
  const when = (date: Date) => `${formatDate(date, language)} ${formatTime(date, language)}`;
  const t = adminT(context);
  return {
    total,
    groups: groups.map((group) => {
      const spec = group.targetType === "conversation" || group.targetType === "rating" ? null : reportTargetSpec(group.targetType);
      return {
        ...group,
        latest: when(group.latest),
        messages: group.messages.map((message) => ({ ...message, at: when(message.at) })),
        evidence: group.evidence
          ? { ...group.evidence, messages: group.evidence.messages.map((message) => ({ ...message, at: when(new Date(message.at)) })) }
          : null,
        editPath: spec && group.title !== null ? dashboardPaths.edit(spec.type, group.targetId) : null,
        publicPath: spec && group.slug && group.status === "published" ? spec.publicPath(group.slug) : null,
      };
    }),
    held: { total: held.total, groups: held.groups.map((group) => ({ ...group, latest: when(group.latest) })) },
    seo: { title: t("dashboard:sections.reports"), description: t("admin:reports.lead") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requirePermission({ context, url }, "reports.manage");
  const form = Object.fromEntries(await readForm(request));
  const here = localizePath("/dashboard/reports", localeFromPath(url.pathname));
  // Messages held for review (one text to many sellers): release delivers them, discard deletes them.
  if (form.intent === "release_held" || form.intent === "discard_held") {
    const held = heldDecisionSchema.safeParse(form);
    invariantResponse(held.success);
    const release = held.data.intent === "release_held";
    const count = release ? await releaseHeld(held.data.message) : await discardHeld(held.data.message);
    if (count === 0) return redirectWithFlash(here, { severity: "warn", message: "admin:reports.held_gone" });
    return redirectWithFlash(here, {
      severity: "success",
      message: release ? "admin:reports.held_released" : "admin:reports.held_discarded",
      values: { count },
    });
  }
  const parsed = decisionSchema.safeParse(form);
  invariantResponse(parsed.success);
  const { intent, target_type, target_id, note } = parsed.data;
  // Hiding and restoring change the target itself: the section's own permission decides (reklama
  // is not reportable); removing a rating is the reports queue's own (reports.manage).
  if ((intent === "hide" || intent === "restore") && target_type !== "rating") {
    if (target_type === "conversation") badRequest();
    requirePermission({ context, url }, reportTargetSpec(target_type).permission);
  }
  const t = adminT(context);
  const result = await decideReports(
    { type: target_type, id: target_id },
    intent,
    note || null,
    user.id,
    publicOrigin(),
    t("admin:reports.hidden_reason"),
  );
  if (intent === "restore" && !result.restored) return redirectWithFlash(here, { severity: "warn", message: "admin:reports.not_held" });
  return redirectWithFlash(here, { severity: "success", message: `admin:reports.done_${intent}`, values: { count: result.reports } });
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminT();
  return (
    <>
      <h1>{t("dashboard:sections.reports")}</h1>
      <HeldMessages groups={loaderData.held.groups} total={loaderData.held.total} />
      <p className="panel__lead">{t("admin:reports.count", { count: loaderData.total })}</p>
      {loaderData.groups.length === 0 ? <p>{t("admin:reports.empty")}</p> : null}
      <ul className="dash-queue">
        {loaderData.groups.map((group) => {
          const key = `${group.targetType}-${group.targetId}`;
          return (
            <li key={key} className="panel dash-queue__item">
              <article aria-labelledby={`report-${key}`}>
                <h2 id={`report-${key}`}>
                  <span className="dash-table__sub">{tKey(t, `admin:reports.target.${group.targetType}`)}</span>{" "}
                  {group.editPath ? (
                    <LocalizedLink to={group.editPath}>{group.title}</LocalizedLink>
                  ) : group.targetType === "conversation" || group.targetType === "rating" ? (
                    group.title
                  ) : (
                    t("admin:reports.target_gone", { id: group.targetId })
                  )}
                </h2>
                {group.held ? (
                  <p className="dash-held" role="note">
                    {t("admin:reports.held_notice")}
                  </p>
                ) : null}
                <p>
                  {group.status ? <StatusBadge status={group.status} /> : null} {t("admin:reports.reports", { count: group.count })} ·{" "}
                  {t("admin:reports.latest", { time: group.latest })}
                  {group.publicPath ? (
                    <>
                      {" · "}
                      <LocalizedLink to={group.publicPath}>{t("admin:item.view")}</LocalizedLink>
                    </>
                  ) : null}
                </p>
                <ul className="dash-reasons">
                  {group.reasons.map((reason) => (
                    <li key={reason.reason}>
                      {tKey(t, `admin:reports.reason.${reason.reason}`)}: <strong>{reason.count}</strong>
                    </li>
                  ))}
                </ul>
                {group.messages.length ? (
                  <ul className="dash-report-messages">
                    {group.messages.map((message, index) => (
                      <li key={index}>
                        <q>{message.message}</q>{" "}
                        <span className="dash-table__sub">
                          ({tKey(t, `admin:reports.reason.${message.reason}`)}, {message.at})
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {group.evidence ? (
                  <section aria-label={group.targetType === "rating" ? t("admin:reports.evidence_rating") : t("admin:reports.evidence")}>
                    <p className="dash-table__sub">
                      {group.targetType === "rating" ? t("admin:reports.evidence_rating") : t("admin:reports.evidence")}
                    </p>
                    <ol className="dash-evidence">
                      {group.evidence.messages.map((message, index) => (
                        <li key={index}>
                          <span className="dash-table__sub">
                            {tKey(t, `admin:reports.from.${message.from}`)} · {message.name ?? t("admin:reports.deleted_user")} ·{" "}
                            {message.at}
                          </span>
                          <p className="dash-evidence__text">{message.body}</p>
                        </li>
                      ))}
                    </ol>
                  </section>
                ) : null}
                <Form method="post" className="dash-decide">
                  <input type="hidden" name="target_type" value={group.targetType} />
                  <input type="hidden" name="target_id" value={group.targetId} />
                  <div className="field">
                    <label htmlFor={`note-${key}`}>{t("admin:reports.note")}</label>
                    <input id={`note-${key}`} name="note" type="text" maxLength={1000} />
                  </div>
                  {group.held ? (
                    // Waiting for review: back live, or removed (rejected, its owner told the note).
                    <div className="dash-row-actions">
                      <IntentSubmit intent="restore">{t("admin:reports.restore")}</IntentSubmit>
                      <IntentSubmit intent="hide" variant="danger">
                        {t("admin:reports.remove")}
                      </IntentSubmit>
                    </div>
                  ) : (
                    <div className="dash-row-actions">
                      <IntentSubmit intent="resolve">{t("admin:reports.resolve")}</IntentSubmit>
                      <IntentSubmit intent="dismiss" variant="secondary">
                        {t("admin:reports.dismiss")}
                      </IntentSubmit>
                      {group.targetType === "rating" ? (
                        <IntentSubmit intent="hide" variant="danger">
                          {t("admin:reports.remove_rating")}
                        </IntentSubmit>
                      ) : group.title !== null && group.targetType !== "conversation" ? (
                        <IntentSubmit intent="hide" variant="danger">
                          {t("admin:reports.hide")}
                        </IntentSubmit>
                      ) : null}
                    </div>
                  )}
                </Form>
              </article>
            </li>
          );
        })}
      </ul>
    </>
  );
}
