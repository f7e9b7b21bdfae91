import type { Route } from "./+types/route";
import { DirectoryListView } from "~/components/content/directory-list-view";
import { DIASPORA_PAGE_DEPS, loadDiasporaList } from "~/modules/diaspors/diaspora-page.server";
import { publicPageCache } from "~/modules/listing/page-cache.server";
import { pageMeta } from "~/modules/seo/meta";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: DIASPORA_PAGE_DEPS })];

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadDiasporaList(args);
}

export default function Diaspors({ loaderData }: Route.ComponentProps) {
  return <DirectoryListView data={loaderData} section="/diaspors" />;
}
