import { publicOrigin } from "#app/platform/config/config.server.ts";

/** Private areas and search results stay out of indexes; the sitemap lists the rest. */
export function loader() {
  const origin = publicOrigin();
  const privatePaths = [
    "/dashboard",
    "/cabinet",
    "/dodaty-ogoloshennya",
    "/login",
    "/verify-request",
    "/search",
    "/set-locale",
    "/set-theme",
    "/reklama/*/click",
  ];
  const lines = [
    "User-agent: *",
    ...privatePaths.flatMap((path) => [`Disallow: ${path}`, `Disallow: /us${path}`]),
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
