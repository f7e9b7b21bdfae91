import type { TeaserItem } from "#app/modules/home/section.ts";
import { placeholderKindOf } from "./card-placeholder.tsx";
import { ContentCard } from "./content-card.tsx";
import { Localized } from "./localized-text.tsx";

export function TeaserCard({ item, priority = false }: { item: TeaserItem; priority?: boolean }) {
  return (
    <ContentCard
      to={item.path}
      title={item.title}
      image={item.image ?? null}
      logo={item.imageKind === "logo"}
      placeholder={{ kind: placeholderKindOf(item.path), seed: item.path.split("/")[1] }}
      priority={priority}
      headingLevel={3}
      meta={
        item.date || item.meta ? (
          <>
            {item.date ? <time dateTime={item.date.iso}>{item.date.text}</time> : null}
            {item.date && item.meta ? " · " : null}
            {item.meta}
          </>
        ) : null
      }
    >
      {item.text?.text ? <Localized as="p" className="content-card__text" text={item.text} /> : null}
    </ContentCard>
  );
}
