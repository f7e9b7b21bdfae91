import { data } from "react-router";
import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { inspectAdvertLink, useAdvertLink, type LinkMove, type LinkState } from "#app/modules/adverts/links.server.ts";
import { advertsT } from "#app/modules/adverts/page.server.ts";
import { isHelpKind, lifetimeDaysFor } from "#app/modules/adverts/kinds.ts";
import { formatDate } from "#app/platform/format/dates.ts";
import { getCachedSettings } from "#app/platform/settings/settings.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
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
  const kind = "kind" in found ? found.kind : "offer";
  // A help advert's "sold" is its "resolved"; a call for help renews for its own shorter lifetime (kinds.ts).
  const wording: LinkMove | "resolved" = move === "sold" && isHelpKind(kind) ? "resolved" : move;
  const title = t(`lifecycle.link.${wording}_title`);
  const until = "expiresAt" in found && found.expiresAt ? formatDate(new Date(found.expiresAt), getPageLanguage(context)) : "";
  const days = lifetimeDaysFor(kind, settings.advert_lifetime_days);
  const body = { move, wording, ...found, until, days, seo: { title, description: title } };
  return data(body, { status: STATUS[found.state] });
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const token = linkTokenSchema.safeParse(params.token);
  const move = moveOf(url);
  return view(context, move, token.success ? await inspectAdvertLink(token.data, move) : { state: "invalid" });
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ context, params, url }: Route.ActionArgs) {
  const token = linkTokenSchema.safeParse(params.token);
  const move = moveOf(url);
  return view(context, move, token.success ? await useAdvertLink(token.data, move) : { state: "invalid" });
}

// Forms that post and are checked on the server: plain HTML until the browser is idle or the visitor
// first acts (deferredPage); a form sent before then goes as it does without JS.
export default deferredPage(() => import("./page.tsx"));
