import type { Route } from "./+types/route";
import { DirectoryItemView } from "~/components/content/directory-item-view";
import { DIRECTORY_PAGE_DEPS, loadDirectoryItem } from "~/modules/directory/directory-page.server";
import { publicPageCache } from "~/modules/listing/page-cache.server";
import { pageMeta } from "~/modules/seo/meta";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: DIRECTORY_PAGE_DEPS.services })];

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadDirectoryItem("services", args, args.params.slug);
}

export default function ServiceItem({ loaderData }: Route.ComponentProps) {
  return <DirectoryItemView {...loaderData} section="/services" />;
}
