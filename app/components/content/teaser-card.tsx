import { LocalizedLink } from "~/components/localized-link";
import type { TeaserItem } from "~/modules/listing/home-section";
import { Localized } from "./localized-text";
import { CardPlaceholder, placeholderKindOf } from "./card-placeholder";
import { CARD_IMAGE_SIZES, ResponsiveImage } from "./responsive-image";

export function TeaserCard({ item, priority = false }: { item: TeaserItem; priority?: boolean }) {
  const logo = item.imageKind === "logo";
  return (
    <article className={logo ? "content-card content-card--directory" : "content-card"}>
      {item.image ? (
        <ResponsiveImage
          className={logo ? "content-card__logo" : "content-card__image"}
          image={item.image}
          sizes={logo ? "5rem" : CARD_IMAGE_SIZES}
          priority={priority}
        />
      ) : (
        <CardPlaceholder className={logo ? "content-card__logo" : "content-card__image"} kind={placeholderKindOf(item.path)} seed={item.path.split("/")[1]} />
      )}
      <div className="content-card__body">
        {item.date || item.meta ? (
          <p className="content-card__meta">
            {item.date ? <time dateTime={item.date.iso}>{item.date.text}</time> : null}
            {item.date && item.meta ? " · " : null}
            {item.meta}
          </p>
        ) : null}
        <h3 className="content-card__title">
          <LocalizedLink to={item.path} className="content-card__link">
            <Localized text={item.title} />
          </LocalizedLink>
        </h3>
        {item.text?.text ? <Localized as="p" className="content-card__text" text={item.text} /> : null}
      </div>
    </article>
  );
}
