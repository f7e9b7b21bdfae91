import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import type { Route } from "./+types/route";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { RowAction } from "#app/components/dashboard/row-action.tsx";
import { useAdminT } from "#app/components/dashboard/use-admin-t.ts";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { IntentButton } from "#app/components/forms/intent-button.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { useConformForm } from "#app/components/forms/use-conform-form.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { requirePermission } from "#app/modules/auth/guards.server.ts";
import { federationOverview } from "#app/modules/federation/dashboard.server.ts";
import { blockDomain, followActor, normalHost, unblockDomain, unfollowActor } from "#app/modules/federation/following.server.ts";
import { approveRemoteEvent, rejectRemoteEvent } from "#app/modules/federation/inbox.server.ts";
import { federationContext } from "#app/modules/federation/portal.server.ts";
import { setEnabledSections } from "#app/modules/federation/sections.server.ts";
import { adminT } from "#app/modules/staff-content/route-access.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { formatEventStart } from "#app/platform/format/dates.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { badRequest, notFound } from "#app/platform/http/errors.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { blockSchema, followSchema, rowSchema, sectionsSchema, unblockSchema } from "./schema.ts";

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];
export { headers } from "#app/platform/http/route-headers.ts";

export async function loader({ context, url }: Route.LoaderArgs) {
  requirePermission({ context, url }, "federation.manage");
  const t = adminT(context);
  const language = getPageLanguage(context);
  const overview = await federationOverview();
  return {
    ...overview,
    pending: overview.pending.map((event) => ({ ...event, when: formatEventStart(event.starts_at, language) })),
    seo: { title: t("dashboard:sections.federation"), description: t("admin:federation.lead") },
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  requirePermission({ context, url }, "federation.manage");
  const here = localizePath("/dashboard/federation", localeFromPath(url.pathname));
  const form = await readForm(request);
  const db = getDb();
  switch (form.get("intent")) {
    case "sections": {
      const submission = parseWithZod(form, { schema: sectionsSchema });
      if (submission.status !== "success") badRequest();
      await setEnabledSections(db, submission.value.sections);
      return redirectWithFlash(here, { severity: "success", message: "admin:federation.sections_saved" });
    }
    case "follow": {
      const submission = parseWithZod(form, { schema: followSchema });
      if (submission.status !== "success") return data({ formId: "federation-follow", result: submission.reply() }, { status: 400 });
      const outcome = await followActor(db, federationContext(), submission.value.handle);
      if (!outcome.ok) {
        const result = submission.reply({ fieldErrors: { handle: [`admin:federation.follow_${outcome.reason}`] } });
        return data({ formId: "federation-follow", result }, { status: 400 });
      }
      return redirectWithFlash(here, { severity: "success", message: "admin:federation.follow_sent" });
    }
    case "block": {
      const submission = parseWithZod(form, { schema: blockSchema });
      const host = submission.status === "success" ? normalHost(submission.value.host) : null;
      if (submission.status !== "success" || !host) {
        const result = submission.reply({ fieldErrors: { host: ["admin:federation.host_invalid"] } });
        return data({ formId: "federation-block", result }, { status: 400 });
      }
      await blockDomain(db, host);
      return redirectWithFlash(here, { severity: "success", message: "admin:federation.blocked", values: { host } });
    }
    case "unblock": {
      const submission = parseWithZod(form, { schema: unblockSchema });
      if (submission.status !== "success") badRequest();
      await unblockDomain(db, submission.value.host);
      return redirectWithFlash(here, {
        severity: "success",
        message: "admin:federation.unblocked",
        values: { host: submission.value.host },
      });
    }
    case "approve":
    case "reject":
    case "unfollow": {
      const submission = parseWithZod(form, { schema: rowSchema });
      if (submission.status !== "success") badRequest();
      const { intent, id } = submission.value;
      const done =
        intent === "approve"
          ? await approveRemoteEvent(db, id)
          : intent === "reject"
            ? await rejectRemoteEvent(db, id)
            : await unfollowActor(db, federationContext(), id);
      if (!done) notFound();
      return redirectWithFlash(here, { severity: "success", message: `admin:federation.${intent}_done` });
    }
  }
  badRequest();
}

export default function FederationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const { sections, following, pending, approvedCount, blocked } = loaderData;
  return (
    <div className="dash-federation">
      <h1>{t("dashboard:sections.federation")}</h1>
      <p className="panel__lead">{t("admin:federation.lead")}</p>

      <Form method="post" className="panel">
        <h2>{t("admin:federation.sections_title")}</h2>
        <input type="hidden" name="intent" value="sections" />
        <fieldset>
          <legend>{t("admin:federation.sections_legend")}</legend>
          <ul className="dash-federation__list">
            {sections.map((row) => (
              <li key={row.section}>
                <label>
                  <input type="checkbox" name="sections" value={row.section} defaultChecked={row.enabled} />{" "}
                  {t(`admin:federation.section_${row.section}`)}
                </label>{" "}
                <code className="dash-federation__handle">{row.handle}</code>{" "}
                <span className="dash-federation__note">{t("admin:federation.followers", { count: row.followers })}</span>
              </li>
            ))}
          </ul>
        </fieldset>
        <SubmitRow>{t("admin:form.save")}</SubmitRow>
      </Form>

      <section className="panel" aria-labelledby="federation-following">
        <h2 id="federation-following">{t("admin:federation.following_title")}</h2>
        {following.length ? (
          <ul className="dash-federation__list">
            {following.map((row) => (
              <li key={row.id} className="dash-federation__row">
                <span className="dash-federation__name">
                  <a href={row.actor_id} rel="noopener noreferrer nofollow">
                    {row.handle}
                  </a>{" "}
                  <span className={`dash-status dash-status--${row.state === "accepted" ? "published" : row.state}`}>
                    {t(`admin:federation.state_${row.state}`)}
                  </span>
                </span>
                <RowAction
                  intent="unfollow"
                  id={row.id}
                  label={t("admin:federation.unfollow")}
                  ariaLabel={t("admin:federation.unfollow_named", { name: row.handle })}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("admin:federation.following_empty")}</p>
        )}
        <FollowForm reply={actionData} />
      </section>

      <section className="panel" aria-labelledby="federation-pending">
        <h2 id="federation-pending">{t("admin:federation.pending_title")}</h2>
        <p className="dash-federation__note">{t("admin:federation.pending_lead", { count: approvedCount })}</p>
        {pending.length ? (
          <ul className="dash-federation__list">
            {pending.map((event) => (
              <li key={event.id} className="dash-federation__event">
                <h3>{event.name}</h3>
                <p>
                  {event.when}
                  {event.location ? ` · ${event.location}` : ""} ·{" "}
                  <a href={event.url ?? event.object_id} rel="noopener noreferrer nofollow">
                    {t("admin:federation.from_host", { host: event.host })}
                  </a>
                </p>
                <div className="dash-row-actions">
                  <RowAction
                    intent="approve"
                    id={event.id}
                    label={t("admin:federation.approve")}
                    ariaLabel={t("admin:federation.approve_named", { name: event.name })}
                  />
                  <RowAction
                    intent="reject"
                    id={event.id}
                    label={t("admin:federation.reject")}
                    ariaLabel={t("admin:federation.reject_named", { name: event.name })}
                    danger
                  />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("admin:federation.pending_empty")}</p>
        )}
      </section>

      <section className="panel" aria-labelledby="federation-blocked">
        <h2 id="federation-blocked">{t("admin:federation.blocked_title")}</h2>
        {blocked.length ? (
          <ul className="dash-federation__list">
            {blocked.map((host) => (
              <li key={host} className="dash-federation__row">
                <code className="dash-federation__name">{host}</code>
                <IntentButton
                  intent="unblock"
                  fields={{ host }}
                  formClassName="dash-row-action"
                  buttonClassName="button button--secondary button--small"
                  ariaLabel={t("admin:federation.unblock_named", { name: host })}
                >
                  {t("admin:federation.unblock")}
                </IntentButton>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("admin:federation.blocked_empty")}</p>
        )}
        <BlockForm reply={actionData} />
      </section>
    </div>
  );
}

type Reply = Route.ComponentProps["actionData"];

function FollowForm({ reply }: { reply: Reply }) {
  const { t } = useAdminT();
  const [form, fields] = useConformForm(followSchema, {
    id: "federation-follow",
    lastResult: reply?.formId === "federation-follow" ? reply.result : undefined,
    validateOn: "submit",
  });
  return (
    <Form method="post" className="dash-federation__form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="follow" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field field={fields.handle} label={t("admin:federation.handle")} hint={t("admin:federation.handle_hint")}>
        {(control) => (
          <input {...control} name={fields.handle.name} defaultValue={String(fields.handle.initialValue ?? "")} autoComplete="off" />
        )}
      </Field>
      <SubmitRow>{t("admin:federation.follow")}</SubmitRow>
    </Form>
  );
}

function BlockForm({ reply }: { reply: Reply }) {
  const { t } = useAdminT();
  const [form, fields] = useConformForm(blockSchema, {
    id: "federation-block",
    lastResult: reply?.formId === "federation-block" ? reply.result : undefined,
    validateOn: "submit",
  });
  return (
    <Form method="post" className="dash-federation__form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="block" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field field={fields.host} label={t("admin:federation.host")} hint={t("admin:federation.host_hint")}>
        {(control) => (
          <input {...control} name={fields.host.name} defaultValue={String(fields.host.initialValue ?? "")} autoComplete="off" />
        )}
      </Field>
      <SubmitRow>{t("admin:federation.block")}</SubmitRow>
    </Form>
  );
}
