import { publiclyVisible } from "#app/modules/content/visibility.server.ts";
import { getDb } from "#app/modules/db/db.server.ts";
import { cachedByVersion } from "#app/modules/page-cache/content-state.server.ts";

function publishedPages() {
  return getDb()
    .selectFrom("pages")
    .where(publiclyVisible("pages"));
}

export async function findPublishedPage(slug: string) {
  return publishedPages()
    .select(["id", "slug", "title_uk", "title_en", "body_uk", "body_en", "seo_title_uk", "seo_title_en",
      "seo_description_uk", "seo_description_en", "updated_at"])
    .where("slug", "=", slug)
    .executeTakeFirst();
}

/** The footer's pages, kept per process until pages change or a scheduled page goes live. */
export const listFooterPagesCached = cachedByVersion(["pages"], () => listFooterPages(), { timed: true });

export async function listFooterPages() {
  return publishedPages()
    .select(["slug", "title_uk", "title_en"])
    .where("show_in_footer", "=", true)
    .orderBy("position")
    .orderBy("id")
    .execute();
}
