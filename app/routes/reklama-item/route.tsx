import type { Route } from "./+types/route";
import { Localized, LocalizedHtml } from "#app/components/content/localized-text.tsx";
import { ResponsiveImage } from "#app/components/content/responsive-image.tsx";
import { useContentT } from "#app/components/content/use-content-t.ts";
import { useLocale } from "#app/hooks/use-t.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { publicPageCache } from "#app/modules/page-cache/page-cache.server.ts";
import { loadReklamaLanding, REKLAMA_PAGE_DEPS } from "#app/modules/reklama/reklama-page.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: REKLAMA_PAGE_DEPS })];

export const meta: Route.MetaFunction = pageMeta;

export const loader = (args: Route.LoaderArgs) => loadReklamaLanding(args, args.params.slug);

export default function ReklamaItem({ loaderData }: Route.ComponentProps) {
  const { t } = useContentT();
  const locale = useLocale();
  const { reklama } = loaderData;
  return (
    <article className="item reklama-landing" aria-labelledby="item-title">
      <p className="reklama__badge">{t("reklama.badge")}</p>
      <Localized as="h1" id="item-title" text={reklama.title} />
      {reklama.image ? (
        <figure className="item__cover">
          <ResponsiveImage image={reklama.image} sizes="(min-width: 50rem) 48rem, 100vw" priority />
        </figure>
      ) : null}
      <LocalizedHtml className="prose" html={reklama.body} />
      {reklama.targetUrl ? (
        <p>
          <a className="button" href={localizePath(reklama.clickPath, locale)} rel="sponsored nofollow noopener">
            {t("reklama.visit", { host: new URL(reklama.targetUrl).hostname.replace(/^www\./, "") })}
          </a>
        </p>
      ) : null}
    </article>
  );
}
