import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { ADVERT_PAGE_DEPS, loadAdvertList } from "#app/modules/adverts/page.server.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { feedMeta } from "#app/platform/seo/list-meta.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { saveSearchAction } from "#app/modules/saved-searches/save-action.server.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: ADVERT_PAGE_DEPS })];

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), ...feedMeta(args.loaderData?.feed)];

export function loader(args: Route.LoaderArgs) {
  return loadAdvertList(args);
}

export { headers } from "#app/platform/http/route-headers.ts";

/** "Save this search" posts to the list itself. */
export function action(args: Route.ActionArgs) {
  return saveSearchAction(args);
}

export default deferredPage(() => import("#app/components/adverts/advert-list-view.tsx"));
