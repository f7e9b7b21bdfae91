import { data } from "react-router";
import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { setSavedSearchAlert } from "#app/modules/saved-searches/saved-searches.server.ts";
import { readUnsubscribeToken } from "#app/modules/saved-searches/unsubscribe.server.ts";
import { setMessageMail } from "#app/modules/messages/mail.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

// /unsubscribe?token=…: the link in every mail a user can turn off (a saved search's alerts,
// mail about private messages), without signing in. Opening it asks to confirm (link checkers
// that follow links must not unsubscribe anyone); the button, or a mail client's RFC 8058
// one-click POST, turns that mail off.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

type Subject =
  { kind: "saved-search"; id: number; name: string; off: boolean } | { kind: "messages"; id: number; name: null; off: boolean };

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

export { headers } from "#app/platform/http/route-headers.ts";

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

// Forms that post and are checked on the server: plain HTML until the browser is idle or the visitor
// first acts (deferredPage); a form sent before then goes as it does without JS.
export default deferredPage(() => import("./page.tsx"));
