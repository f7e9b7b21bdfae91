import type { ReactNode } from "react";
import { ReportForm } from "#app/components/report-form.tsx";
import type { ReportTargetType } from "#db/schema.ts";
import type { LocalizedText } from "#app/platform/format/localized.ts";
import type { DisplayImage } from "#app/platform/images/display-image.ts";
import type { ReklamaBanner } from "#app/modules/reklama/reklama.server.ts";
import { Breadcrumbs } from "./breadcrumbs.tsx";
import { JsonLd } from "./json-ld.tsx";
import { CategoryLink, Localized } from "./localized-text.tsx";
import { ReklamaSlot } from "./reklama-slot.tsx";
import { COVER_IMAGE_SIZES, ResponsiveImage } from "./responsive-image.tsx";
import { ShareLinks } from "./share-links.tsx";
import { useContentT } from "./use-content-t.ts";

/** An item page's frame: the article (titled by `#item-title`) and the aside with the sidebar reklama and `aside`. */
export function ItemLayout({ sidebar, aside, children }: { sidebar: ReklamaBanner[]; aside?: ReactNode; children: ReactNode }) {
  return (
    <div className="item-layout">
      <article className="item" aria-labelledby="item-title">
        {children}
      </article>
      <div className="item-layout__aside">
        <ReklamaSlot placement="sidebar" banners={sidebar} />
        {aside}
      </div>
    </div>
  );
}

/** Breadcrumbs to the section and, when the item has one, to its category in that section. */
export function ItemBreadcrumbs({
  section,
  label,
  category,
}: {
  section: string;
  label: string;
  category: { slug: string; name: LocalizedText } | null;
}) {
  return (
    <Breadcrumbs
      trail={[{ to: section, label }, ...(category ? [{ to: `${section}/category/${category.slug}`, label: category.name }] : [])]}
    />
  );
}

/** One term of an item's facts list (`<dl className="facts">`). */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** A fact of localized text; nothing when the item has none. */
export function TextFact({ term, text }: { term: string; text: LocalizedText | null }) {
  return text ? (
    <Fact term={term}>
      <Localized text={text} />
    </Fact>
  ) : null;
}

/** The item's category as a fact, linked to the category's page in `section`; nothing without one. */
export function CategoryFact({ section, category }: { section: string; category: { slug: string; name: LocalizedText } | null }) {
  const { t } = useContentT();
  return category ? (
    <Fact term={t("item.category")}>
      <CategoryLink section={section} category={category} />
    </Fact>
  ) : null;
}

/** A link that opens in a new window, saying so to screen readers. */
export function NewWindowLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const { t } = useContentT();
  return (
    <a className={className} href={href} rel="noopener" target="_blank">
      {children}
      <span className="visually-hidden"> ({t("share.new_window")})</span>
    </a>
  );
}

/** The item's cover, large, above the fold. */
export function ItemCover({ image }: { image: DisplayImage | null }) {
  return image ? (
    <figure className="item__cover">
      <ResponsiveImage image={image} sizes={COVER_IMAGE_SIZES} priority />
    </figure>
  ) : null;
}

/** The end of an item page: its views (unless its header shows them), sharing, the report form (for a type visitors report) and structured data. */
export function ItemFooter({
  views,
  pageUrl,
  title,
  report,
  jsonLd,
}: {
  views?: number;
  pageUrl: string;
  title: string;
  report?: { targetType: ReportTargetType; targetId: number };
  jsonLd: Record<string, unknown>;
}) {
  const { t } = useContentT();
  return (
    <>
      {views === undefined ? null : <p className="item__meta">{t("item.views", { count: views })}</p>}
      <ShareLinks url={pageUrl} title={title} />
      {report ? <ReportForm targetType={report.targetType} targetId={report.targetId} /> : null}
      <JsonLd data={jsonLd} />
    </>
  );
}
