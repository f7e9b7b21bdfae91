import type { Route } from "./+types/route";
import { ServiceItemPage } from "~/components/content/directory-item-view";
import { DIRECTORY_PAGE_DEPS, loadDirectoryItem } from "~/modules/directory/directory-page.server";
import { publicPageCache } from "~/modules/page-cache/page-cache.server";
import { pageMeta } from "~/modules/seo/meta";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: DIRECTORY_PAGE_DEPS.services })];

export const meta: Route.MetaFunction = pageMeta;

export const loader = (args: Route.LoaderArgs) => loadDirectoryItem("services", args, args.params.slug);

export default ServiceItemPage;
