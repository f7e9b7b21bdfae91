import type { ReactNode } from "react";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import type { LocalizedText } from "#app/platform/format/localized.ts";
import type { DisplayImage } from "#app/platform/images/display-image.ts";
import { Localized } from "./localized-text.tsx";
import { CardPlaceholder, type PlaceholderKind } from "./card-placeholder.tsx";
import { CARD_IMAGE_SIZES, ResponsiveImage } from "./responsive-image.tsx";

/**
 * The frame of every content card (news, posters, directory entries, the home page's teasers):
 * the image, or a logo for directory entries, or a placeholder of the section's kind; then the
 * body: `meta` above the linked heading, `children` below it.
 */
export function ContentCard({
  to,
  title,
  image,
  logo = false,
  placeholder,
  priority = false,
  headingLevel = 2,
  meta,
  children,
}: {
  to: string;
  title: LocalizedText;
  image: DisplayImage | null;
  /** A small square logo (directory entries) instead of a wide image. */
  logo?: boolean;
  placeholder: { kind: PlaceholderKind; seed?: string | null };
  priority?: boolean;
  headingLevel?: 2 | 3;
  meta?: ReactNode;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const imageClass = logo ? "content-card__logo" : "content-card__image";
  return (
    <article className={logo ? "content-card content-card--directory" : "content-card"}>
      {image ? (
        <ResponsiveImage className={imageClass} image={image} sizes={logo ? "5rem" : CARD_IMAGE_SIZES} priority={priority} />
      ) : (
        <CardPlaceholder className={imageClass} kind={placeholder.kind} seed={placeholder.seed} />
      )}
      <div className="content-card__body">
        {meta ? <p className="content-card__meta">{meta}</p> : null}
        <Heading className="content-card__title">
          <LocalizedLink to={to} className="content-card__link">
            <Localized text={title} />
          </LocalizedLink>
        </Heading>
        {children}
      </div>
    </article>
  );
}

/** How a list shows a card: eager image for the first ones, heading level under the list's heading. */
export type CardOptions = { priority?: boolean; headingLevel?: 2 | 3 };

type SectionItem = { slug: string; title: LocalizedText; image: DisplayImage | null; category: { slug: string } | null };

/** The card of an item of a section (news, posters, a directory): linked at `{section}/{slug}`, its placeholder varied by its category. */
export function SectionItemCard({
  section,
  kind,
  item,
  logo,
  meta,
  children,
  ...options
}: CardOptions & { section: string; kind: PlaceholderKind; item: SectionItem; logo?: boolean; meta?: ReactNode; children?: ReactNode }) {
  return (
    <ContentCard
      {...options}
      to={`${section}/${item.slug}`}
      title={item.title}
      image={item.image}
      logo={logo}
      placeholder={{ kind, seed: item.category?.slug }}
      meta={meta}
    >
      {children}
    </ContentCard>
  );
}
