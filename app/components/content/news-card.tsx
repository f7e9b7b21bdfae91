import type { NewsCard as NewsCardData } from "#app/modules/news/news.server.ts";
import { SectionItemCard, type CardOptions } from "./content-card.tsx";
import { CategoryLink, Localized } from "./localized-text.tsx";

export function NewsCard({ item, ...options }: CardOptions & { item: NewsCardData }) {
  const meta = (
    <>
      <time dateTime={item.date.iso}>{item.date.text}</time>
      {item.category ? (
        <>
          {" · "}
          <CategoryLink section="/novyny" category={item.category} />
        </>
      ) : null}
    </>
  );
  return (
    <SectionItemCard {...options} section="/novyny" kind="novyny" item={item} meta={meta}>
      <Localized as="p" className="content-card__text" text={item.summary} />
    </SectionItemCard>
  );
}
