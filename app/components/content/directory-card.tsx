import type { DirectoryCard as DirectoryCardData } from "~/modules/listing/directory";
import { CategoryLink, ContentCard } from "./content-card";
import { Localized } from "./localized-text";

/** A service or a diaspora organisation; `section` is "/services" or "/diaspors". */
export function DirectoryCard({ item, section, headingLevel = 2 }: { item: DirectoryCardData; section: "/services" | "/diaspors"; headingLevel?: 2 | 3 }) {
  return (
    <ContentCard
      to={`${section}/${item.slug}`}
      title={item.name}
      image={item.logo}
      logo
      placeholder={{ kind: section === "/services" ? "services" : "diaspors", seed: item.category?.slug }}
      headingLevel={headingLevel}
    >
      {item.location || item.category ? (
        <p className="content-card__meta">
          {item.location ? <Localized text={item.location} /> : null}
          {item.location && item.category ? " · " : null}
          {item.category ? <CategoryLink section={section} category={item.category} /> : null}
        </p>
      ) : null}
      <Localized as="p" className="content-card__text" text={item.teaser} />
    </ContentCard>
  );
}
