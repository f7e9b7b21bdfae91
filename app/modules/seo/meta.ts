import type { MetaDescriptor } from "react-router";

export type Seo = { title: string; description: string; image?: string | null; type?: "website" | "article" };
type MatchLike = { id: string; loaderData?: unknown } | undefined;

export const DEFAULT_SHARE_IMAGE = "/uploads/images/share.webp";

/** Title, description and the share card (summary_large_image with a webp under /uploads/images). */
export function seoMeta(seo: Seo, origin: string, path: string): MetaDescriptor[] {
  const image = new URL(seo.image ?? DEFAULT_SHARE_IMAGE, origin).href;
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: new URL(path, origin).href },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: image },
  ];
}

/**
 * A route's `meta`: its loader's `seo`, else the root's defaults (SEO index title and description),
 * so a page whose loader failed still has translated metadata.
 */
export function pageMeta({ loaderData, matches, location, error }: { loaderData?: unknown; matches: MatchLike[]; location: { pathname: string }; error?: unknown }): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { seo: Seo; errorSeo: { notFound: Seo; other: Seo }; origin: string }
    | undefined;
  const own = (loaderData as { seo?: Seo } | undefined)?.seo;
  const status = (error as { status?: number } | undefined)?.status;
  const errorSeo = error ? (status === 404 ? root?.errorSeo.notFound : root?.errorSeo.other) : undefined;
  const seo = errorSeo ?? own ?? root?.seo;
  if (!seo) return [];
  return seoMeta(seo, root?.origin ?? "http://localhost", location.pathname);
}
