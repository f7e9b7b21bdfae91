import type { Route } from "./+types/route";
import { DirectoryItemView } from "~/components/content/directory-item-view";
import { DIASPORA_PAGE_DEPS, loadDiasporaItem } from "~/modules/diaspors/diaspora-page.server";
import { publicPageCache } from "~/modules/listing/page-cache.server";
import { pageMeta } from "~/modules/seo/meta";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: DIASPORA_PAGE_DEPS })];

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadDiasporaItem(args, args.params.slug);
}

export default function DiasporaItem({ loaderData }: Route.ComponentProps) {
  return <DirectoryItemView {...loaderData} section="/diaspors" />;
}
