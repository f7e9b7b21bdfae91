import type { Route } from "./+types/route";
import { AdvertListView } from "~/components/adverts/advert-list-view";
import { ADVERT_PAGE_DEPS, loadAdvertList } from "~/modules/adverts/page.server";
import { publicPageCache } from "~/modules/page-cache/page-cache.server";
import { feedMeta } from "~/modules/seo/list-meta";
import { pageMeta } from "~/modules/seo/meta";
import { saveSearchAction } from "~/modules/saved-searches/save-action.server";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: ADVERT_PAGE_DEPS })];

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), ...feedMeta(args.loaderData?.feed)];

export function loader(args: Route.LoaderArgs) {
  return loadAdvertList(args);
}

export { headers } from "~/modules/http/route-headers";

/** "Save this search" posts to the list itself. */
export function action(args: Route.ActionArgs) {
  return saveSearchAction(args);
}

export default function Adverts({ loaderData, actionData }: Route.ComponentProps) {
  return <AdvertListView data={loaderData} saveResult={actionData} />;
}
