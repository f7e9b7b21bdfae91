import type { Route } from "./+types/route";
import { DiasporaListPage } from "#app/components/content/directory-list-view.tsx";
import { DIRECTORY_PAGE_DEPS, loadDirectoryList } from "#app/modules/directory/directory-page.server.ts";
import { publicPageCache } from "#app/modules/page-cache/page-cache.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: DIRECTORY_PAGE_DEPS.diaspors })];

export const meta: Route.MetaFunction = pageMeta;

export const loader = (args: Route.LoaderArgs) => loadDirectoryList("diaspors", args);

export default DiasporaListPage;
