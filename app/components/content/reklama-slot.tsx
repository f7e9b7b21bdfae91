import { localizePath } from "#app/i18n/locales.ts";
import { useLocale } from "#app/hooks/use-t.ts";
import type { ReklamaBanner } from "#app/modules/reklama/reklama.server.ts";
import { Localized } from "./localized-text.tsx";
import { ResponsiveImage } from "./responsive-image.tsx";
import { useContentT } from "./use-content-t.ts";

// Wide placements show the picture beside the text at min(45%, 20rem) from 45rem; phones
// and the sidebar stack it full width.
const SIZES: Record<ReklamaBanner["placement"], string> = {
  home_top: "(min-width: 45rem) 20rem, 100vw",
  footer: "(min-width: 45rem) 20rem, 100vw",
  list_inline: "(min-width: 45rem) 20rem, 100vw",
  sidebar: "(min-width: 60rem) 20rem, 100vw",
};

/**
 * Active reklama of one placement, labelled as advertising. Every link goes through the
 * click redirect (counted there); impressions are counted by the page middleware.
 */
export function ReklamaSlot({ banners, placement }: { banners: ReklamaBanner[]; placement: ReklamaBanner["placement"] }) {
  const { t } = useContentT();
  const locale = useLocale();
  if (banners.length === 0) return null;
  return (
    <section className={`reklama reklama--${placement}`} aria-label={t("reklama.label")}>
      {banners.map((banner) => (
        <a
          key={banner.id}
          className="reklama__item"
          href={localizePath(banner.clickPath, locale)}
          rel={banner.external ? "sponsored nofollow noopener" : "sponsored nofollow"}
        >
          <span className="reklama__badge">{t("reklama.badge")}</span>
          {banner.image ? (
            <ResponsiveImage className="reklama__image" image={banner.image} sizes={SIZES[placement]} priority={placement === "home_top"} />
          ) : null}
          <span className="reklama__text">
            <Localized as="strong" text={banner.title} />
            {banner.text.text ? <Localized as="span" text={banner.text} /> : null}
          </span>
        </a>
      ))}
    </section>
  );
}
