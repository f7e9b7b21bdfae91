import type { Route } from "./+types/route";
import { DirectoryListView } from "~/components/content/directory-list-view";
import { DIRECTORY_PAGE_DEPS, loadDirectoryList } from "~/modules/directory/directory-page.server";
import { publicPageCache } from "~/modules/listing/page-cache.server";
import { pageMeta } from "~/modules/seo/meta";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: DIRECTORY_PAGE_DEPS.services })];

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadDirectoryList("services", args);
}

export default function Services({ loaderData }: Route.ComponentProps) {
  return <DirectoryListView data={loaderData} section="/services" />;
}
