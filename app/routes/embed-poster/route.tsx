import { renderToStaticMarkup } from "react-dom/server";
import type { Route } from "./+types/route";
import { PosterEmbedDocument } from "#app/components/content/poster-embed.tsx";
import { getPageLanguage, translatorFor } from "#app/i18n/request.server.ts";
import { loadPosterEmbed, POSTER_EMBED_DEPS } from "#app/modules/posters/embed.server.ts";
import { barePage } from "#app/platform/http/bare-page.ts";
import { cookieless } from "#app/platform/http/cookieless.server.ts";
import { refusedStatus } from "#app/platform/http/errors.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";

// The calendar other sites frame: a document of its own, outside the layouts and the root's
// document (no shell, no script, no cookie); its headers are server/app-server.ts's, by path.
export const middleware: Route.MiddlewareFunction[] = [cookieless, publicPageCache({ deps: POSTER_EMBED_DEPS })];

const HTML = { "Content-Type": "text/html; charset=utf-8" };

export async function loader(args: Route.LoaderArgs) {
  try {
    const page = await loadPosterEmbed(args);
    return new Response(`<!doctype html>${renderToStaticMarkup(<PosterEmbedDocument page={page} />)}`, { headers: HTML });
  } catch (error) {
    // A bad parameter or an unknown slug: the error in a bare page (the layouts' error page has the shell).
    const status = refusedStatus(error);
    if (status === null) throw error;
    const language = getPageLanguage(args.context);
    const t = translatorFor(language);
    const why = status === 404 ? "content:embed.refused_not_found" : "content:embed.refused_bad_request";
    const page = barePage(language, t("content:embed.refused_title"), t(why));
    return new Response(page, { status, headers: { ...HTML, "Cache-Control": "no-store" } });
  }
}
