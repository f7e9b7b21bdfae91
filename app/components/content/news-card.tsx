import { LocalizedLink } from "~/components/localized-link";
import type { NewsCard as NewsCardData } from "~/modules/news/news.server";
import { Localized } from "./localized-text";
import { CardPlaceholder } from "./card-placeholder";
import { CARD_IMAGE_SIZES, ResponsiveImage } from "./responsive-image";

export function NewsCard({ item, priority = false, headingLevel = 2 }: { item: NewsCardData; priority?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="content-card">
      {item.image ? <ResponsiveImage className="content-card__image" image={item.image} sizes={CARD_IMAGE_SIZES} priority={priority} /> : <CardPlaceholder className="content-card__image" kind="novyny" seed={item.category?.slug} />}
      <div className="content-card__body">
        <p className="content-card__meta">
          <time dateTime={item.date.iso}>{item.date.text}</time>
          {item.category ? (
            <>
              {" · "}
              <LocalizedLink to={`/novyny/category/${item.category.slug}`}>
                <Localized text={item.category.name} />
              </LocalizedLink>
            </>
          ) : null}
        </p>
        <Heading className="content-card__title">
          <LocalizedLink to={`/novyny/${item.slug}`} className="content-card__link">
            <Localized text={item.title} />
          </LocalizedLink>
        </Heading>
        <Localized as="p" className="content-card__text" text={item.summary} />
      </div>
    </article>
  );
}
