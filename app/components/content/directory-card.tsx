import { LocalizedLink } from "~/components/localized-link";
import type { DirectoryCard as DirectoryCardData } from "~/modules/listing/directory";
import { Localized } from "./localized-text";
import { CardPlaceholder } from "./card-placeholder";
import { ResponsiveImage } from "./responsive-image";

/** A service or a diaspora organisation; `section` is "/services" or "/diaspors". */
export function DirectoryCard({ item, section, headingLevel = 2 }: { item: DirectoryCardData; section: "/services" | "/diaspors"; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="content-card content-card--directory">
      {item.logo ? <ResponsiveImage className="content-card__logo" image={item.logo} sizes="5rem" /> : <CardPlaceholder className="content-card__logo" kind={section === "/services" ? "services" : "diaspors"} seed={item.category?.slug} />}
      <div className="content-card__body">
        <Heading className="content-card__title">
          <LocalizedLink to={`${section}/${item.slug}`} className="content-card__link">
            <Localized text={item.name} />
          </LocalizedLink>
        </Heading>
        {item.location || item.category ? (
          <p className="content-card__meta">
            {item.location ? <Localized text={item.location} /> : null}
            {item.location && item.category ? " · " : null}
            {item.category ? (
              <LocalizedLink to={`${section}/category/${item.category.slug}`}>
                <Localized text={item.category.name} />
              </LocalizedLink>
            ) : null}
          </p>
        ) : null}
        <Localized as="p" className="content-card__text" text={item.teaser} />
      </div>
    </article>
  );
}
