import { data, Form } from "react-router";
import type { Route } from "./+types/route";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { getDb } from "#app/modules/db/db.server.ts";
import { setSavedSearchAlert } from "#app/modules/saved-searches/saved-searches.server.ts";
import { readUnsubscribeToken } from "#app/modules/saved-searches/unsubscribe.server.ts";
import { setMessageMail } from "#app/modules/messages/mail.server.ts";
import { readForm } from "#app/modules/http/body.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";

// /unsubscribe?token=…: the link in every mail a user can turn off (a saved search's alerts,
// mail about private messages), without signing in. Opening it asks to confirm (link checkers
// that follow links must not unsubscribe anyone); the button, or a mail client's RFC 8058
// one-click POST, turns that mail off.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

type Subject = { kind: "saved-search"; id: number; name: string; off: boolean } | { kind: "messages"; id: number; name: null; off: boolean };

async function subjectOfToken(token: unknown): Promise<Subject | null> {
  const target = readUnsubscribeToken(token);
  if (!target) return null;
  if (target.kind === "messages") {
    const user = await getDb().selectFrom("users").select(["id", "message_mail"]).where("id", "=", target.id).executeTakeFirst();
    return user ? { kind: "messages", id: user.id, name: null, off: user.message_mail === "off" } : null;
  }
  const search = await getDb().selectFrom("saved_searches").select(["id", "name", "alert"]).where("id", "=", target.id).executeTakeFirst();
  return search ? { kind: "saved-search", id: search.id, name: search.name, off: search.alert === "off" } : null;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const t = accountT(context);
  const token = url.searchParams.get("token") ?? "";
  const subject = await subjectOfToken(token);
  const seo = { title: t("cabinet:unsubscribe.title"), description: t("cabinet:unsubscribe.title") };
  if (!subject) return data({ state: "invalid" as const, kind: null, name: null, token: "", seo }, { status: 404 });
  return { state: subject.off ? ("done" as const) : ("confirm" as const), kind: subject.kind, name: subject.name, token, seo };
}

export { headers } from "#app/modules/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const t = accountT(context);
  const form = await readForm(request);
  // Mail clients post `List-Unsubscribe=One-Click` to the URL of the header, token in the query.
  const token = form.get("token") ?? url.searchParams.get("token");
  const subject = await subjectOfToken(token);
  const seo = { title: t("cabinet:unsubscribe.title"), description: t("cabinet:unsubscribe.title") };
  if (!subject) return data({ state: "invalid" as const, kind: null, name: null, token: "", seo }, { status: 404 });
  if (subject.kind === "messages") await setMessageMail(subject.id, "off");
  else await setSavedSearchAlert(subject.id, "off");
  return { state: "done" as const, kind: subject.kind, name: subject.name, token: "", seo };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAccountT();
  const view = actionData ?? loaderData;
  return (
    <section aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{t("cabinet:unsubscribe.title")}</h1>
      {view.state === "invalid" ? (
        <p>{t("cabinet:unsubscribe.invalid")}</p>
      ) : view.state === "done" ? (
        <p role="status">{view.kind === "messages" ? t("cabinet:message_mail.unsubscribe_done") : t("cabinet:unsubscribe.done", { name: view.name })}</p>
      ) : (
        <Form method="post">
          <input type="hidden" name="token" value={view.token} />
          <p>{view.kind === "messages" ? t("cabinet:message_mail.unsubscribe_confirm") : t("cabinet:unsubscribe.confirm", { name: view.name })}</p>
          <button type="submit" className="button">
            {t("cabinet:unsubscribe.submit")}
          </button>
        </Form>
      )}
      <p>
        {view.kind === "messages" ? (
          <LocalizedLink to="/cabinet">{t("cabinet:message_mail.heading")}</LocalizedLink>
        ) : (
          <LocalizedLink to="/cabinet/saved-searches">{t("cabinet:unsubscribe.manage")}</LocalizedLink>
        )}
      </p>
    </section>
  );
}
