import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { DIRECTORY_PAGE_DEPS, loadDirectoryItem } from "#app/modules/directory/directory-page.server.ts";
import { posterEmbedCode } from "#app/modules/posters/embed.server.ts";
import { ORGANISATION_EVENTS_DEPS, organisationUpcomingEvents } from "#app/modules/organisations/public.server.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

export const middleware: Route.MiddlewareFunction[] = [
  publicPageCache({ deps: [...DIRECTORY_PAGE_DEPS.diaspors, ...ORGANISATION_EVENTS_DEPS] }),
];

export const meta: Route.MetaFunction = pageMeta;

/** An organisation's page also lists its coming events, and the code to frame them on another site. */
export async function loader(args: Route.LoaderArgs) {
  const page = await loadDirectoryItem("diaspors", args, args.params.slug);
  return {
    ...page,
    events: await organisationUpcomingEvents(page.item.id, getPageLanguage(args.context)),
    embedCode: posterEmbedCode(args, { slug: page.item.slug, name: page.item.name.text }),
  };
}

export default deferredPage(() => import("#app/components/content/directory-item-view.tsx"));
