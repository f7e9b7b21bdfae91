import type { Route } from "./+types/route";
import { DirectoryItemView } from "~/components/content/directory-item-view";
import { publicPageCache } from "~/modules/listing/page-cache.server";
import { pageMeta } from "~/modules/seo/meta";
import { loadServiceItem, SERVICE_PAGE_DEPS } from "~/modules/services/service-page.server";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: SERVICE_PAGE_DEPS })];

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadServiceItem(args, args.params.slug);
}

export default function ServiceItem({ loaderData }: Route.ComponentProps) {
  return <DirectoryItemView {...loaderData} section="/services" />;
}
