import type { NewsCard as NewsCardData } from "~/modules/news/news.server";
import { CategoryLink, ContentCard } from "./content-card";
import { Localized } from "./localized-text";

export function NewsCard({ item, priority = false, headingLevel = 2 }: { item: NewsCardData; priority?: boolean; headingLevel?: 2 | 3 }) {
  return (
    <ContentCard
      to={`/novyny/${item.slug}`}
      title={item.title}
      image={item.image}
      placeholder={{ kind: "novyny", seed: item.category?.slug }}
      priority={priority}
      headingLevel={headingLevel}
      meta={
        <>
          <time dateTime={item.date.iso}>{item.date.text}</time>
          {item.category ? (
            <>
              {" · "}
              <CategoryLink section="/novyny" category={item.category} />
            </>
          ) : null}
        </>
      }
    >
      <Localized as="p" className="content-card__text" text={item.summary} />
    </ContentCard>
  );
}
