import type { Route } from "./+types/route";
import { DirectoryListView } from "~/components/content/directory-list-view";
import { DIRECTORY_PAGE_DEPS, loadDirectoryList } from "~/modules/directory/directory-page.server";
import { publicPageCache } from "~/modules/listing/page-cache.server";
import { pageMeta } from "~/modules/seo/meta";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: DIRECTORY_PAGE_DEPS.diaspors })];

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadDirectoryList("diaspors", args);
}

export default function Diaspors({ loaderData }: Route.ComponentProps) {
  return <DirectoryListView data={loaderData} section="/diaspors" />;
}
