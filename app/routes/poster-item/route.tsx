import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { loadPosterItem, POSTER_ITEM_DEPS, posterRsvpAction } from "#app/modules/posters/poster-page.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { invariantResponse } from "#app/platform/http/errors.ts";
import { rsvpSchema } from "./schema.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: POSTER_ITEM_DEPS })];

export const meta: Route.MetaFunction = pageMeta;

export { headers } from "#app/platform/http/route-headers.ts";

export const loader = (args: Route.LoaderArgs) => loadPosterItem(args, args.params.slug);

export async function action(args: Route.ActionArgs) {
  const form = rsvpSchema.safeParse(Object.fromEntries(await readForm(args.request)));
  invariantResponse(form.success);
  return posterRsvpAction(args, args.params.slug, form.data.date);
}

export default deferredPage(() => import("#app/components/content/poster-item-view.tsx"));
