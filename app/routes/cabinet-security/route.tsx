import type { Route } from "./+types/route";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { getInstance, getPageLanguage } from "#app/middleware/i18next.ts";
import { getSession, requireUser } from "#app/modules/auth/guards.server.ts";
import { listUserSessions, signOutOtherSessions, signOutSession } from "#app/modules/auth/sessions-list.server.ts";
import { formatDate, formatTime } from "#app/modules/format/dates.ts";
import { readForm } from "#app/modules/http/body.server.ts";
import { badRequest, notFound } from "#app/modules/http/errors.ts";
import { redirectWithFlash } from "#app/modules/http/flash.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { sessionActionSchema } from "./schema.ts";
import { SessionsSection } from "./sessions-section.tsx";

// /cabinet/security: where the account is signed in, with sign-out per device and for all
// other devices. Sessions are named by a random handle, never by their id.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const language = getPageLanguage(context);
  const t = getInstance(context).getFixedT(language, "security");
  const when = (iso: string) => `${formatDate(new Date(iso), language)}, ${formatTime(new Date(iso), language)}`;
  const sessions = (await listUserSessions(user.id, getSession(context)?.id ?? null)).map((session) => ({
    handle: session.handle,
    device: session.device,
    current: session.current,
    lastUsed: { iso: session.lastUsedAt, text: when(session.lastUsedAt) },
    started: { iso: session.startedAt, text: when(session.startedAt) },
  }));
  return { sessions, seo: { title: t("security_page.title"), description: t("security_page.seo_description") } };
}

export { headers } from "#app/modules/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const parsed = sessionActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) badRequest();
  const current = getSession(context);
  if (parsed.data.intent === "session-sign-out") {
    // Unknown, malformed or another account's handle: the same 404.
    if (!(await signOutSession(user.id, parsed.data.session))) notFound();
    return redirectWithFlash(url.pathname, { severity: "success", message: "security:sessions.signed_out" }, { status: 303 });
  }
  if (current) await signOutOtherSessions(user.id, current.id);
  return redirectWithFlash(url.pathname, { severity: "success", message: "security:sessions.signed_out_others" }, { status: 303 });
}

export default function CabinetSecurity({ loaderData }: Route.ComponentProps) {
  const { t } = useSecurityT();
  return (
    <>
      <h1>{t("security:security_page.title")}</h1>
      <SessionsSection sessions={loaderData.sessions} />
    </>
  );
}
