import type { Route } from "./+types/route";
import { DirectoryListView } from "~/components/content/directory-list-view";
import { publicPageCache } from "~/modules/listing/page-cache.server";
import { pageMeta } from "~/modules/seo/meta";
import { loadServiceList, SERVICE_PAGE_DEPS } from "~/modules/services/service-page.server";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: SERVICE_PAGE_DEPS })];

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadServiceList(args);
}

export default function Services({ loaderData }: Route.ComponentProps) {
  return <DirectoryListView data={loaderData} section="/services" />;
}
