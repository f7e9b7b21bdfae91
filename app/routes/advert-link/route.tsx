import { data, Form } from "react-router";
import type { Route } from "./+types/route";
import { useAdvertsT } from "#app/components/adverts/use-adverts-t.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { getPageLanguage } from "#app/middleware/i18next.ts";
import { inspectAdvertLink, useAdvertLink, type LinkMove, type LinkState } from "#app/modules/adverts/links.server.ts";
import { advertsT } from "#app/modules/adverts/page.server.ts";
import { formatDate } from "#app/modules/format/dates.ts";
import { getCachedSettings } from "#app/modules/settings/settings.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { linkTokenSchema } from "./schema.ts";

// /advertisement/renew/:token and /advertisement/sold/:token: the links of the expiry mails,
// without signing in. Opening one only asks to confirm (mail scanners follow links); the
// button's POST renews or marks sold, once. A used, expired or unknown link gets a 4xx page
// that says which.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

const STATUS: Record<LinkState["state"], number> = { confirm: 200, done: 200, invalid: 404, used: 410, expired: 410, not_allowed: 409 };

function moveOf(url: URL): LinkMove {
  return url.pathname.includes("/advertisement/sold/") ? "sold" : "renew";
}

async function view(context: Route.LoaderArgs["context"], move: LinkMove, found: LinkState) {
  const t = advertsT(context);
  const settings = await getCachedSettings();
  const title = t(`lifecycle.link.${move}_title`);
  const until = "expiresAt" in found && found.expiresAt ? formatDate(new Date(found.expiresAt), getPageLanguage(context)) : "";
  const body = { move, ...found, until, days: settings.advert_lifetime_days, seo: { title, description: title } };
  return data(body, { status: STATUS[found.state] });
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const token = linkTokenSchema.safeParse(params.token);
  const move = moveOf(url);
  return view(context, move, token.success ? await inspectAdvertLink(token.data, move) : { state: "invalid" });
}

export { headers } from "#app/modules/http/route-headers.ts";

export async function action({ context, params, url }: Route.ActionArgs) {
  const token = linkTokenSchema.safeParse(params.token);
  const move = moveOf(url);
  return view(context, move, token.success ? await useAdvertLink(token.data, move) : { state: "invalid" });
}

export default function AdvertLink({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdvertsT();
  const page = actionData ?? loaderData;
  const values = { title: "title" in page ? page.title : "", date: page.until, days: page.days };
  return (
    <section aria-labelledby="advert-link-title" className="advert-link">
      <h1 id="advert-link-title">{t(`lifecycle.link.${page.move}_title`)}</h1>
      {page.state === "confirm" ? (
        <Form method="post">
          <p>{t(`lifecycle.link.${page.move}_intro`, values)}</p>
          <button type="submit" className="button">
            {t(`lifecycle.link.${page.move}_button`)}
          </button>
        </Form>
      ) : page.state === "done" ? (
        <p role="status">{t(page.move === "renew" ? "lifecycle.link.renewed" : "lifecycle.link.sold", values)}</p>
      ) : (
        <p role="alert">{t(`lifecycle.link.${page.state}`)}</p>
      )}
      <p>
        <LocalizedLink to="/cabinet/advertisement">{t("lifecycle.link.cabinet")}</LocalizedLink>
      </p>
    </section>
  );
}
