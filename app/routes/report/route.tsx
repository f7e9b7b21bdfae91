import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { readForm } from "#app/platform/http/body.server.ts";
import { getInstance, getPageLanguage } from "#app/i18n/request.server.ts";
import { getCurrentUser } from "#app/modules/auth/guards.server.ts";
import { getClientAddress } from "#app/platform/http/client-address.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { safeRedirectPath } from "#app/platform/http/safe-redirect.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { publicReportTarget, submitReport } from "#app/modules/reports/reports.server.ts";
import { reportTargetSpec } from "#app/modules/staff-content/types.ts";
import { REPORT_TARGET_TYPES, reportSchema } from "#app/modules/reports/schema.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import type { ReportTargetType } from "#db/schema.ts";
import { parseId } from "#app/platform/http/ids.ts";

// /report?type=&id=: where every report form posts. A valid report returns to the page it
// came from with a thank-you toast; a refused one (JS off) renders the form here with the
// messages. GET shows the same form on its own; without a public target it is a 404.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

function reportT(context: Route.LoaderArgs["context"]) {
  return getInstance(context).getFixedT(getPageLanguage(context), "reports");
}

async function targetOf(type: unknown, id: unknown) {
  const targetType =
    typeof type === "string" && (REPORT_TARGET_TYPES as readonly string[]).includes(type) ? (type as ReportTargetType) : null;
  const targetId = parseId(id);
  if (!targetType || targetId === null) return null;
  const target = await publicReportTarget(targetType, targetId);
  return target ? { type: targetType, id: targetId, path: reportTargetSpec(targetType).publicPath(target.slug) } : null;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const t = reportT(context);
  const seo = { title: t("page.title"), description: t("page.description") };
  // Forms post to /report?type=&id= too, so the page after a refused post finds its target.
  const target = await targetOf(url.searchParams.get("type"), url.searchParams.get("id"));
  if (!target) notFound();
  return { target, seo };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const formData = await readForm(request);
  const locale = localeFromPath(url.pathname);
  const target = await targetOf(formData.get("targetType"), formData.get("targetId"));
  const submission = parseWithZod(formData, { schema: reportSchema });
  const t = reportT(context);
  const seo = { title: t("page.title"), description: t("page.description") };
  if (!target) {
    return data({ target: null, seo, result: submission.reply({ formErrors: ["reports:errors.target_not_found"] }) }, 404);
  }
  if (submission.status !== "success") return data({ target, seo, result: submission.reply() }, 400);
  const back = safeRedirectPath(submission.value.returnTo, localizePath(target.path, locale));
  // A filled-in hidden field: a bot. It is thanked like anyone and nothing is stored.
  if (submission.value.website) return redirectWithFlash(back, { severity: "success", message: "reports:flash.thanks" });
  const outcome = await submitReport({
    targetType: target.type,
    targetId: target.id,
    reason: submission.value.reason,
    message: submission.value.message ?? "",
    reporterId: getCurrentUser(context)?.id ?? null,
    ip: getClientAddress(context),
  });
  if (outcome.status === "not_found") {
    return data({ target: null, seo, result: submission.reply({ formErrors: ["reports:errors.target_not_found"] }) }, 404);
  }
  if (outcome.status === "limited") {
    const minutes = Math.max(1, Math.ceil(outcome.limit.retryAfterSeconds / 60));
    return data(
      { target, seo, result: submission.reply({ formErrors: [`reports:errors.too_many|${JSON.stringify({ minutes })}`] }) },
      { status: 429, headers: { "Retry-After": String(outcome.limit.retryAfterSeconds) } },
    );
  }
  // The report that hid the item (community flags): its page is gone, so home instead.
  const next = outcome.status === "created" && outcome.hidden ? localizePath("/", locale) : back;
  const thanks = submission.value.reason === "question" ? "reports:flash.thanks_question" : "reports:flash.thanks";
  return redirectWithFlash(next, { severity: "success", message: thanks });
}

// Forms that post and are checked on the server: plain HTML until the browser is idle or the visitor
// first acts (deferredPage); a form sent before then goes as it does without JS.
export default deferredPage(() => import("./page.tsx"));
