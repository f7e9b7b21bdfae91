import type { Route } from "./+types/route";
import { PosterListView } from "~/components/content/poster-list-view";
import { publicPageCache } from "~/modules/listing/page-cache.server";
import { feedMeta } from "~/modules/listing/meta";
import { loadPosterList, POSTER_PAGE_DEPS } from "~/modules/posters/poster-page.server";
import { pageMeta } from "~/modules/seo/meta";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: POSTER_PAGE_DEPS })];

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), ...feedMeta(args.loaderData?.feed)];

export function loader(args: Route.LoaderArgs) {
  return loadPosterList(args, args.params.slug);
}

export default function PosterCategory({ loaderData }: Route.ComponentProps) {
  return <PosterListView data={loaderData} />;
}
