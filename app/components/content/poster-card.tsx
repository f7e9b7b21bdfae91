import { LocalizedLink } from "~/components/localized-link";
import type { PosterCard as PosterCardData } from "~/modules/posters/posters.server";
import { Localized } from "./localized-text";
import { CardPlaceholder } from "./card-placeholder";
import { CARD_IMAGE_SIZES, ResponsiveImage } from "./responsive-image";

export function PosterCard({ item, priority = false, headingLevel = 2 }: { item: PosterCardData; priority?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="content-card">
      {item.image ? <ResponsiveImage className="content-card__image" image={item.image} sizes={CARD_IMAGE_SIZES} priority={priority} /> : <CardPlaceholder className="content-card__image" kind="poster" seed={item.category?.slug} />}
      <div className="content-card__body">
        <p className="content-card__meta">
          <time dateTime={item.when.iso}>{item.when.text}</time>
        </p>
        <Heading className="content-card__title">
          <LocalizedLink to={`/poster/${item.slug}`} className="content-card__link">
            <Localized text={item.title} />
          </LocalizedLink>
        </Heading>
        <p className="content-card__text">
          {item.venue ? <Localized text={item.venue} /> : null}
          {item.venue && item.location ? ", " : null}
          {item.location ? <Localized text={item.location} /> : null}
        </p>
        {item.price ? <Localized as="p" className="content-card__price" text={item.price} /> : null}
        {item.category ? (
          <p className="content-card__tags">
            <LocalizedLink to={`/poster/category/${item.category.slug}`}>
              <Localized text={item.category.name} />
            </LocalizedLink>
          </p>
        ) : null}
      </div>
    </article>
  );
}
