import { redirect, type RouterContextProvider } from "react-router";
import { localizePath } from "#app/i18n/locales.ts";
import type { VersionedTable } from "#app/platform/page-cache/content-state.server.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { itemTitle, pageContext } from "#app/modules/content/public-page.server.ts";
import { isCountableVisit } from "#app/platform/page-cache/request-effects.server.ts";
import { countedVisitor } from "#app/modules/analytics/page-effects.server.ts";
import { findActiveReklama, registerClick } from "./reklama.server.ts";

export const REKLAMA_PAGE_DEPS: VersionedTable[] = ["reklama", "images"];

type Args = { context: Readonly<RouterContextProvider>; url: URL };

/** `/reklama/{slug}`: the landing page of an active campaign (ended or unknown ones are a 404). */
export async function loadReklamaLanding({ context, url }: Args, slug: string) {
  const { language, t } = pageContext(context, url);
  const reklama = await findActiveReklama(slug, language);
  if (!reklama) notFound();
  return {
    reklama,
    seo: {
      title: await itemTitle(context, reklama.title),
      description: reklama.text.text || t("reklama.label"),
      image: reklama.image?.src ?? null,
    },
  };
}

/**
 * `/reklama/{slug}/click`: counts the click (once per visitor and day, not for crawlers) and redirects to the
 * campaign's site, or to its landing page when it has none.
 */
export async function followReklamaClick({ request, context, url }: Args & { request: Request }, slug: string) {
  const click = await registerClick(slug, isCountableVisit(request) ? () => countedVisitor({ request, context }) : null);
  if (!click) notFound();
  const to = click.targetUrl ?? localizePath(`/reklama/${slug}`, url.pathname.startsWith("/us/") ? "us" : "ua");
  return redirect(to, { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } });
}
