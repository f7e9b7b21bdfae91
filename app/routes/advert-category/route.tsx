import type { Route } from "./+types/route";
import { AdvertListView } from "#app/components/adverts/advert-list-view.tsx";
import { ADVERT_CATEGORY_DEPS, loadAdvertList } from "#app/modules/adverts/page.server.ts";
import { publicPageCache } from "#app/modules/page-cache/page-cache.server.ts";
import { feedMeta } from "#app/modules/seo/list-meta.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { saveSearchAction } from "#app/modules/saved-searches/save-action.server.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: ADVERT_CATEGORY_DEPS })];

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), ...feedMeta(args.loaderData?.feed)];

export function loader(args: Route.LoaderArgs) {
  return loadAdvertList(args, args.params.slug);
}

export { headers } from "#app/modules/http/route-headers.ts";

/** "Save this search" posts to the list itself. */
export function action(args: Route.ActionArgs) {
  return saveSearchAction(args);
}

export default function AdvertCategory({ loaderData, actionData }: Route.ComponentProps) {
  return <AdvertListView data={loaderData} saveResult={actionData} />;
}
