import { CARD_IMAGE_SIZES, ResponsiveImage } from "#app/components/content/responsive-image.tsx";
import { Localized } from "#app/components/content/localized-text.tsx";
import { CardPlaceholder } from "#app/components/content/card-placeholder.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import type { AdvertCard as AdvertCardData } from "#app/modules/adverts/queries.server.ts";
import { FavouriteToggle } from "./favourite-toggle.tsx";
import { KindBadge } from "./kind-badge.tsx";
import { useAdvertsT } from "./use-adverts-t.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { formatDistance } from "#app/platform/geo/radius.ts";

/**
 * An advert in a list: cover photo, its kind (but an offer's), price, title, city (and how far
 * it is, on a list near a place: from 1 km, the place's own adverts say nothing more) and date;
 * the whole card links to the advert.
 */
/** `saved`: whether the viewer saved it (the save toggle sits over the photo); undefined hides the toggle. */
export function AdvertCard({
  item,
  priority = false,
  headingLevel = 2,
  saved,
}: {
  item: AdvertCardData;
  priority?: boolean;
  headingLevel?: 2 | 3;
  saved?: boolean;
}) {
  const { t } = useAdvertsT();
  const language = usePageLanguage();
  const distance = item.distanceKm !== null && item.distanceKm >= 1 ? formatDistance(item.distanceKm, language) : null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="content-card advert-card">
      {item.image ? (
        <ResponsiveImage className="content-card__image" image={item.image} sizes={CARD_IMAGE_SIZES} priority={priority} />
      ) : (
        <CardPlaceholder className="content-card__image" kind="advertisement" seed={item.category?.slug} />
      )}
      <div className="content-card__body">
        <p className={`content-card__price advert-price advert-price--${item.price.kind}`}>
          <KindBadge kind={item.kind} />
          {item.price.text}
        </p>
        <Heading className="content-card__title">
          <LocalizedLink to={`/advertisement/${item.slug}`} className="content-card__link" lang={item.titleLang}>
            {item.title}
          </LocalizedLink>
        </Heading>
        <p className="content-card__meta">
          {item.location ? <Localized text={item.location} /> : null}
          {distance ? (
            <>
              {item.location ? " · " : null}
              <span className="advert-card__distance" title={t("common:near.distance", { distance })}>
                {distance}
              </span>
            </>
          ) : null}
          {(item.location || distance) && item.date ? " · " : null}
          {item.date ? <time dateTime={item.date.iso}>{item.date.text}</time> : null}
          {item.photoCount > 1 ? ` · ${t("card.photos", { count: item.photoCount })}` : null}
        </p>
      </div>
      {saved === undefined ? null : <FavouriteToggle advertId={item.id} saved={saved} title={item.title} compact />}
    </article>
  );
}
