import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { DIRECTORY_PAGE_DEPS, loadDirectoryItem } from "#app/modules/directory/directory-page.server.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: DIRECTORY_PAGE_DEPS.services })];

export const meta: Route.MetaFunction = pageMeta;

export const loader = (args: Route.LoaderArgs) => loadDirectoryItem("services", args, args.params.slug);

export default deferredPage(() => import("#app/components/content/directory-item-view.tsx"));
