import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { GUIDE_PAGE_DEPS, loadGuideItem } from "#app/modules/guides/guide-page.server.ts";
import { RELATED_TYPES } from "#app/modules/guides/guides.server.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: [...GUIDE_PAGE_DEPS, ...RELATED_TYPES] })];

export const meta: Route.MetaFunction = pageMeta;

export const loader = (args: Route.LoaderArgs) => loadGuideItem(args, args.params.slug);

export default deferredPage(() => import("#app/components/content/guide-item-view.tsx"));
