import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/route";
import { readForm } from "#app/platform/http/body.server.ts";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { useAdminT } from "#app/components/dashboard/use-admin-t.ts";
import { QueueFacts } from "#app/components/dashboard/queue-facts.tsx";
import { RejectForm } from "#app/components/dashboard/reject-form.tsx";
import { BackLink } from "#app/components/dashboard/back-link.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { requirePermission } from "#app/modules/auth/guards.server.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { imageUrlFor } from "#app/platform/images/urls.ts";
import { formatDate, formatTime } from "#app/platform/format/dates.ts";
import { excerpt } from "#app/platform/format/text.ts";
import { approveAdvert, pendingAdverts, rejectAdvert } from "#app/modules/moderation/adverts.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { adminT } from "#app/modules/staff-content/route-access.server.ts";
import { dashboardPaths } from "#app/modules/staff-content/types.ts";
import { moderationSchema, rejectSchema } from "./schema.ts";
import { SubmissionQueue } from "#app/components/submissions/submission-queue.tsx";
import { isSubmissionDecision } from "#app/modules/submissions/decision-schema.ts";
import { submissionDecisionAction } from "#app/modules/submissions/moderation-action.server.ts";
import { decidableTypes, pendingSubmissions } from "#app/modules/submissions/moderation.server.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { badRequest } from "#app/platform/http/errors.ts";
import { IntentButton } from "#app/components/forms/intent-button.tsx";

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requirePermission({ context, url }, "advertisements.manage");
  const language = getPageLanguage(context);
  const [{ rows, total }, submissions] = await Promise.all([pendingAdverts(), pendingSubmissions(decidableTypes(user.role))]);
  const t = adminT(context);
  return {
    total,
    adverts: rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: excerpt(row.description, 400),
      owner: row.owner,
      category: row.category,
      location: row.location,
      price:
        row.price.kind === "amount" && row.price.amount
          ? `${Number(row.price.amount)} ${row.price.currency ?? ""}`.trim()
          : t(`admin:options.price_kind.${row.price.kind}`),
      image: row.image ? imageUrlFor(row.image, 320) : null,
      submitted: `${formatDate(row.updatedAt, language)} ${formatTime(row.updatedAt, language)}`,
    })),
    submissions: submissions.map((row) => ({
      ...row,
      submittedAt: `${formatDate(row.submittedAt, language)} ${formatTime(row.submittedAt, language)}`,
    })),
    seo: { title: t("admin:moderation.title"), description: t("admin:moderation.lead") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requirePermission({ context, url }, "advertisements.manage");
  const here = localizePath("/dashboard/advertisements/moderation", localeFromPath(url.pathname));
  const form = await readForm(request);
  if (isSubmissionDecision(form)) return submissionDecisionAction({ form, context, url, here });
  const submission = parseWithZod(form, { schema: moderationSchema });
  if (submission.status !== "success") {
    const id = parseId(submission.payload.id);
    if (id === null) badRequest();
    return data({ id, result: submission.reply() }, { status: 400 });
  }
  const value = submission.value;
  const origin = publicOrigin();
  const outcome =
    value.intent === "approve"
      ? await approveAdvert(value.id, user.id, origin)
      : await rejectAdvert(value.id, value.reason, user.id, origin);
  if (!outcome.ok) return redirectWithFlash(here, { severity: "warn", message: "admin:moderation.not_pending" });
  return redirectWithFlash(here, {
    severity: "success",
    message: value.intent === "approve" ? "admin:moderation.approved" : "admin:moderation.rejected",
  });
}

export default function Moderation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  return (
    <>
      <BackLink to={"/dashboard/advertisements"}>{t("admin:form.back", { section: t("dashboard:sections.advertisements") })}</BackLink>
      <h1>{t("admin:moderation.title")}</h1>
      <p className="panel__lead">{t("admin:moderation.count", { count: loaderData.total })}</p>
      {loaderData.adverts.length === 0 && loaderData.submissions.length === 0 ? <p>{t("admin:moderation.empty")}</p> : null}
      <ul className="dash-queue">
        {loaderData.adverts.map((advert) => (
          <li key={advert.id} className="panel dash-queue__item">
            <article aria-labelledby={`advert-${advert.id}`}>
              <h2 id={`advert-${advert.id}`}>
                <LocalizedLink to={dashboardPaths.edit("advertisements", advert.id)}>{advert.title}</LocalizedLink>
              </h2>
              {advert.image ? <img src={advert.image} alt="" width={160} className="dash-queue__image" /> : null}
              <QueueFacts
                facts={[
                  [t("admin:list.col_owner"), advert.owner],
                  [t("admin:list.col_category"), advert.category ?? "—"],
                  [t("admin:fields.location_id"), advert.location ?? "—"],
                  [t("admin:fields.price_amount"), advert.price],
                  [t("admin:moderation.submitted"), advert.submitted],
                ]}
              />
              <p className="dash-queue__text">{advert.description}</p>
              <div className="dash-queue__actions">
                <IntentButton intent="approve" fields={{ id: advert.id }}>
                  {t("admin:moderation.approve")}
                </IntentButton>
                <AdvertRejectForm
                  id={advert.id}
                  title={advert.title}
                  reply={actionData?.id === advert.id ? actionData.result : undefined}
                />
              </div>
            </article>
          </li>
        ))}
      </ul>
      <SubmissionQueue items={loaderData.submissions} reply={actionData && "target" in actionData ? actionData : undefined} />
    </>
  );
}

function AdvertRejectForm({ id, title, reply }: { id: number; title: string; reply: SubmissionResult<string[]> | undefined }) {
  const { t } = useAdminT();
  return (
    <RejectForm
      schema={rejectSchema}
      constraintSchema={moderationSchema}
      formId={`reject-${id}`}
      target={{ intent: "reject", id }}
      label={t("admin:moderation.reason_for", { title })}
      hint={t("admin:moderation.reason_hint")}
      submit={t("admin:moderation.reject")}
      reply={reply}
    />
  );
}
