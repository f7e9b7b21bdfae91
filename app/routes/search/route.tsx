import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { NOINDEX } from "#app/platform/seo/list-meta.ts";
import { loadSearch, SEARCH_PAGE_DEPS } from "#app/modules/search/search-page.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { saveSearchAction } from "#app/modules/saved-searches/save-action.server.ts";
import { methodNotAllowed } from "#app/platform/http/errors.ts";

// Results are kept in their own small partition of the page cache: popular queries stay fast,
// and one-off queries (an open-ended space) cannot push the site's pages out.
export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: SEARCH_PAGE_DEPS, partition: "search" })];

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), NOINDEX];

export function loader(args: Route.LoaderArgs) {
  return loadSearch(args, args.params.category);
}

export { headers } from "#app/platform/http/route-headers.ts";

/** "Save this search" (advert search only) posts to the page itself. */
export function action(args: Route.ActionArgs) {
  if (args.params.category !== "advertisement") methodNotAllowed("GET");
  return saveSearchAction(args);
}

// A GET form and links: plain HTML until the browser is idle or the visitor first acts (deferredPage).
export default deferredPage(() => import("./page.tsx"));
