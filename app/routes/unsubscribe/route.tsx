import { data, Form } from "react-router";
import type { Route } from "./+types/route";
import { useAccountT } from "~/components/account/use-account-t";
import { LocalizedLink } from "~/components/localized-link";
import { accountT } from "~/modules/auth/translate.server";
import { getDb } from "~/modules/db/db.server";
import { setSavedSearchAlert } from "~/modules/saved-searches/saved-searches.server";
import { readUnsubscribeToken } from "~/modules/saved-searches/unsubscribe.server";
import { readForm } from "~/modules/http/body.server";
import { pageMeta } from "~/modules/seo/meta";

// /unsubscribe?token=…: the link in every alert mail, without signing in. Opening it asks to
// confirm (link checkers that follow links must not unsubscribe anyone); the button, or a mail
// client's RFC 8058 one-click POST, switches that search's alerts off.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

async function searchOfToken(token: unknown) {
  const id = readUnsubscribeToken(token);
  if (id === null) return null;
  return (await getDb().selectFrom("saved_searches").select(["id", "name", "alert"]).where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const t = accountT(context);
  const token = url.searchParams.get("token") ?? "";
  const search = await searchOfToken(token);
  const seo = { title: t("cabinet:unsubscribe.title"), description: t("cabinet:unsubscribe.title") };
  if (!search) return data({ state: "invalid" as const, name: null, token: "", seo }, { status: 404 });
  return { state: search.alert === "off" ? ("done" as const) : ("confirm" as const), name: search.name, token, seo };
}

export { headers } from "~/modules/http/route-headers";

export async function action({ request, context, url }: Route.ActionArgs) {
  const t = accountT(context);
  const form = await readForm(request);
  // Mail clients post `List-Unsubscribe=One-Click` to the URL of the header, token in the query.
  const token = form.get("token") ?? url.searchParams.get("token");
  const search = await searchOfToken(token);
  const seo = { title: t("cabinet:unsubscribe.title"), description: t("cabinet:unsubscribe.title") };
  if (!search) return data({ state: "invalid" as const, name: null, token: "", seo }, { status: 404 });
  await setSavedSearchAlert(search.id, "off");
  return { state: "done" as const, name: search.name, token: "", seo };
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
        <p role="status">{t("cabinet:unsubscribe.done", { name: view.name })}</p>
      ) : (
        <Form method="post">
          <input type="hidden" name="token" value={view.token} />
          <p>{t("cabinet:unsubscribe.confirm", { name: view.name })}</p>
          <button type="submit" className="button">
            {t("cabinet:unsubscribe.submit")}
          </button>
        </Form>
      )}
      <p>
        <LocalizedLink to="/cabinet/saved-searches">{t("cabinet:unsubscribe.manage")}</LocalizedLink>
      </p>
    </section>
  );
}
