import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { GUIDE_PAGE_DEPS, loadGuideList } from "#app/modules/guides/guide-page.server.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { listPageMeta } from "#app/platform/seo/list-meta.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: GUIDE_PAGE_DEPS })];

export const meta: Route.MetaFunction = listPageMeta;

export const loader = (args: Route.LoaderArgs) => loadGuideList(args);

export default deferredPage(() => import("#app/components/content/guide-list-view.tsx"));
