import type { DirectoryCard as DirectoryCardData } from "#app/modules/directory/cards.ts";
import { PUBLIC_SECTIONS, publicPathOf } from "#app/modules/staff-content/registry.ts";
import type { DirectoryType } from "#app/modules/staff-content/public-specs.ts";
import { SectionItemCard, type CardOptions } from "./content-card.tsx";
import { CardDistance } from "./card-distance.tsx";
import { CategoryLink, Localized } from "./localized-text.tsx";

/** An entry of a directory (a service, a diaspora organisation). */
export function DirectoryCard({ item, type, ...options }: CardOptions & { item: DirectoryCardData; type: DirectoryType }) {
  const section = publicPathOf(type);
  return (
    <SectionItemCard
      {...options}
      section={section}
      kind={PUBLIC_SECTIONS[type].segment}
      item={{ ...item, title: item.name, image: item.logo }}
      logo
    >
      {item.location || item.category ? (
        <p className="content-card__meta">
          {item.location ? <Localized text={item.location} /> : null}
          {item.location && item.category ? " · " : null}
          {item.category ? <CategoryLink section={section} category={item.category} /> : null}
        </p>
      ) : null}
      <CardDistance km={item.distanceKm} />
      <Localized as="p" className="content-card__text" text={item.teaser} />
    </SectionItemCard>
  );
}
