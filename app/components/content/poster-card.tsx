import type { PosterCard as PosterCardData } from "~/modules/posters/posters.server";
import { SectionItemCard, type CardOptions } from "./content-card";
import { CategoryLink, Localized } from "./localized-text";

export function PosterCard({ item, ...options }: CardOptions & { item: PosterCardData }) {
  return (
    <SectionItemCard {...options} section="/poster" kind="poster" item={item} meta={<time dateTime={item.when.iso}>{item.when.text}</time>}>
      <p className="content-card__text">
        {item.venue ? <Localized text={item.venue} /> : null}
        {item.venue && item.location ? ", " : null}
        {item.location ? <Localized text={item.location} /> : null}
      </p>
      {item.price ? <Localized as="p" className="content-card__price" text={item.price} /> : null}
      {item.category ? (
        <p className="content-card__tags">
          <CategoryLink section="/poster" category={item.category} />
        </p>
      ) : null}
    </SectionItemCard>
  );
}
