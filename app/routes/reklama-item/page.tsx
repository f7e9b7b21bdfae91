import type { Route } from "./+types/route";
import { Localized, LocalizedHtml } from "#app/components/content/localized-text.tsx";
import { ResponsiveImage } from "#app/components/content/responsive-image.tsx";
import { useContentT } from "#app/components/content/use-content-t.ts";
import { useLocale } from "#app/hooks/use-t.ts";
import { localizePath } from "#app/i18n/locales.ts";

export default function ReklamaItem({ loaderData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
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
