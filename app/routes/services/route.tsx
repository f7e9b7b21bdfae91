import type { Route } from "./+types/route";
import { ServiceListPage } from "~/components/content/directory-list-view";
import { DIRECTORY_PAGE_DEPS, loadDirectoryList } from "~/modules/directory/directory-page.server";
import { publicPageCache } from "~/modules/page-cache/page-cache.server";
import { pageMeta } from "~/modules/seo/meta";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: DIRECTORY_PAGE_DEPS.services })];

export const meta: Route.MetaFunction = pageMeta;

export const loader = (args: Route.LoaderArgs) => loadDirectoryList("services", args);

export default ServiceListPage;
