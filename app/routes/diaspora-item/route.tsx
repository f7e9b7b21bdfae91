import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { DIRECTORY_PAGE_DEPS, loadDirectoryItem } from "#app/modules/directory/directory-page.server.ts";
import { posterEmbedCode } from "#app/modules/posters/embed.server.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: DIRECTORY_PAGE_DEPS.diaspors })];

export const meta: Route.MetaFunction = pageMeta;

export async function loader(args: Route.LoaderArgs) {
  const page = await loadDirectoryItem("diaspors", args, args.params.slug);
  // The organisation's events for other sites to frame (the embedded calendar).
  return { ...page, embedCode: posterEmbedCode(args, { slug: page.item.slug, name: page.item.name.text }) };
}

export default deferredPage(() => import("#app/components/content/directory-item-view.tsx"));
