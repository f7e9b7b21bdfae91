import type { PosterCard as PosterCardData } from "#app/modules/posters/posters.server.ts";
import { SectionItemCard, type CardOptions } from "./content-card.tsx";
import { eventWhenLabel } from "#app/modules/posters/event-when.ts";
import { CardDistance } from "./card-distance.tsx";
import { CategoryLink, Localized } from "./localized-text.tsx";
import { useContentT } from "./use-content-t.ts";

export function PosterCard({ item, ...options }: CardOptions & { item: PosterCardData }) {
  const { t } = useContentT();
  const { when } = item;
  return (
    <SectionItemCard
      {...options}
      section="/poster"
      kind="poster"
      item={item}
      meta={<time dateTime={when.ongoing && when.until ? when.until.iso : when.iso}>{eventWhenLabel(when, t)}</time>}
    >
      <p className="content-card__text">
        {item.venue ? <Localized text={item.venue} /> : null}
        {item.venue && item.location ? ", " : null}
        {item.location ? <Localized text={item.location} /> : null}
      </p>
      <CardDistance km={item.distanceKm} />
      {item.origin ? <p className="content-card__origin">{t("posters.from_host", { host: item.origin.host })}</p> : null}
      {item.price ? <Localized as="p" className="content-card__price" text={item.price} /> : null}
      {item.category ? (
        <p className="content-card__tags">
          <CategoryLink section="/poster" category={item.category} />
        </p>
      ) : null}
    </SectionItemCard>
  );
}
