/** One page of sitemap.xml: a locale-free path and when it last changed. Apart from the builder so sources (adverts) import it without a cycle. */
export type SitemapEntry = { path: string; lastmod: Date | null };
