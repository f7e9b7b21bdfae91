import { sql } from "kysely";
import type { Language } from "#app/i18n/locales.ts";
import { pickLocalized, type LocalizedText } from "#app/platform/format/localized.ts";
import {
  CARD_IMAGE_WIDTH,
  cardBase,
  ITEM_IMAGE_WIDTH,
  itemSeo,
  itemTags,
  publicCards,
  tagsColumn,
  publicItem,
  publicRows,
} from "#app/modules/content/public-cards.server.ts";
import { displayDate, formatLongDate, type DisplayDate } from "#app/platform/format/dates.ts";
import { fetchListPage } from "#app/platform/lists/list-page.server.ts";
import { excerpt, stripHtml } from "#app/platform/format/text.ts";

// Published news: status published, not deleted, publication time reached. Drafts,
// archived and scheduled (future published_at) items are never shown.

/** A card's common part (id, slug, title, image, category), its summary and date. */
export type NewsCard = ReturnType<typeof cardBase> & { summary: LocalizedText; date: DisplayDate };

export type NewsArticle = NewsCard & {
  body: LocalizedText;
  longDate: string;
  publishedAt: string;
  updatedAt: string;
  viewCount: number;
  /** The staff author's name, for structured data. */
  authorName: string | null;
  tags: Array<{ slug: string; name: LocalizedText }>;
  seo: { title: string; titleLang: Language; description: string };
};

function cardQuery() {
  return publicCards("news").select([
    "news.summary_uk",
    "news.summary_en",
    // The start of the body stands in for a missing summary; lists never need the whole body.
    sql<string>`left(news.body_uk, 800)`.as("body_uk_start"),
    sql<string | null>`left(news.body_en, 800)`.as("body_en_start"),
    "news.published_at",
  ]);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>["execute"]>>[number];

function toCard(row: CardRow, language: Language, imageWidth = CARD_IMAGE_WIDTH): NewsCard {
  const written = pickLocalized(row.summary_uk, row.summary_en, language);
  const bodyStart = pickLocalized(row.body_uk_start, row.body_en_start, language);
  const summary = written.text.trim() ? written : { lang: bodyStart.lang, text: excerpt(stripHtml(bodyStart.text)) };
  return { ...cardBase(row, language, imageWidth), summary, date: displayDate(row.published_at!, language) };
}

export async function listNews(options: { language: Language; page: number; categoryId?: number }) {
  const { language, page, categoryId } = options;
  let count = publicRows("news").select((eb) => eb.fn.countAll<number>().as("total"));
  let rows = cardQuery().orderBy("news.published_at", "desc").orderBy("news.id", "desc");
  if (categoryId !== undefined) {
    count = count.where("news.category_id", "=", categoryId);
    rows = rows.where("news.category_id", "=", categoryId);
  }
  return fetchListPage(["news"], count, rows, page, (row) => toCard(row, language));
}

export async function latestNews(language: Language, limit: number): Promise<NewsCard[]> {
  const rows = await cardQuery().orderBy("news.published_at", "desc").orderBy("news.id", "desc").limit(limit).execute();
  return rows.map((row) => toCard(row, language));
}

export async function findNews(slug: string, language: Language): Promise<NewsArticle | null> {
  const row = await publicItem(cardQuery(), "news", slug)
    .select([
      "news.body_uk",
      "news.body_en",
      "news.category_id",
      (eb) => eb.selectFrom("users").select("users.name").whereRef("users.id", "=", "news.author_id").as("author_name"),
      tagsColumn("news"),
    ])
    .executeTakeFirst();
  if (!row) return null;
  const card = toCard(row, language, ITEM_IMAGE_WIDTH);
  return {
    ...card,
    body: pickLocalized(row.body_uk, row.body_en, language),
    longDate: formatLongDate(row.published_at!, language),
    publishedAt: row.published_at!.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    viewCount: row.view_count,
    authorName: row.author_name || null,
    tags: itemTags(row.tags, language),
    seo: itemSeo(row, language, () => excerpt(stripHtml(card.summary.text), 160)),
  };
}

/** Newest news of the same category, then of shared tags, never the article itself. */
export async function relatedNews(
  article: { id: number; category: { slug: string } | null },
  language: Language,
  limit = 3,
): Promise<NewsCard[]> {
  const base = () =>
    cardQuery().where("news.id", "!=", article.id).orderBy("news.published_at", "desc").orderBy("news.id", "desc").limit(limit);
  const sameCategory = article.category ? await base().where("cat.slug", "=", article.category.slug).execute() : [];
  let rows = sameCategory;
  if (rows.length < limit) {
    const seen = new Set(rows.map((row) => row.id));
    const byTag = await base()
      .where("news.id", "in", (eb) =>
        eb
          .selectFrom("news_tags as theirs")
          .innerJoin("news_tags as ours", "ours.tag_id", "theirs.tag_id")
          .select("theirs.news_id")
          .where("ours.news_id", "=", article.id),
      )
      .execute();
    rows = [...rows, ...byTag.filter((row) => !seen.has(row.id))].slice(0, limit);
  }
  return rows.map((row) => toCard(row, language));
}

/** For RSS: the newest items with their publication time. */
export async function newsForFeed(language: Language, options: { categoryId?: number; limit?: number } = {}) {
  let query = cardQuery()
    .orderBy("news.published_at", "desc")
    .orderBy("news.id", "desc")
    .limit(options.limit ?? 30);
  if (options.categoryId !== undefined) query = query.where("news.category_id", "=", options.categoryId);
  const rows = await query.execute();
  return rows.map((row) => ({ ...toCard(row, language), publishedAt: row.published_at! }));
}
