import type { DirectoryCard as DirectoryCardData } from "#app/modules/directory/cards.ts";
import { SectionItemCard, type CardOptions } from "./content-card.tsx";
import { CategoryLink, Localized } from "./localized-text.tsx";

/** A service or a diaspora organisation; `section` is "/services" or "/diaspors". */
export function DirectoryCard({ item, section, ...options }: CardOptions & { item: DirectoryCardData; section: "/services" | "/diaspors" }) {
  return (
    <SectionItemCard {...options} section={section} kind={section === "/services" ? "services" : "diaspors"} item={{ ...item, title: item.name, image: item.logo }} logo>
      {item.location || item.category ? (
        <p className="content-card__meta">
          {item.location ? <Localized text={item.location} /> : null}
          {item.location && item.category ? " · " : null}
          {item.category ? <CategoryLink section={section} category={item.category} /> : null}
        </p>
      ) : null}
      <Localized as="p" className="content-card__text" text={item.teaser} />
    </SectionItemCard>
  );
}
