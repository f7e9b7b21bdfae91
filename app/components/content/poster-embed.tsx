import type { PosterEmbed } from "#app/modules/posters/embed.server.ts";

// The embedded calendar's whole document, rendered to static markup by its route: no script,
// no stylesheet to fetch (the styles are inline, the page's policy allows nothing else), and it
// reads well in a 300 px frame. Dark is the `p-dark` class, as on the site's pages.

const STYLE = `
:root{--bg:#fff;--fg:#18181b;--muted:#52525b;--link:#1d4ed8;--line:#e4e4e7;color-scheme:light}
:root.p-dark{--bg:#18181b;--fg:#f4f4f5;--muted:#a1a1aa;--link:#93c5fd;--line:#3f3f46;color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;padding:.75rem;background:var(--bg);color:var(--fg);font:1rem/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}
h1{margin:0;font-size:1.125rem;line-height:1.3}
.scope{margin:.125rem 0 0;color:var(--muted);font-size:.875rem}
ol{list-style:none;margin:.75rem 0 0;padding:0}
li{padding:.5rem 0;border-top:1px solid var(--line)}
h2{margin:0;font-size:1rem;line-height:1.35}
a{color:var(--link);text-underline-offset:.15em}
a:focus-visible{outline:2px solid var(--link);outline-offset:2px}
.when,.place{margin:.125rem 0 0;font-size:.875rem}
.when{font-weight:600}
.place{color:var(--muted)}
.empty{margin:.75rem 0 0;color:var(--muted)}
.more{margin:.75rem 0 0;padding-top:.5rem;border-top:1px solid var(--line);font-weight:600}
footer{margin-top:.5rem;color:var(--muted);font-size:.75rem}
footer p{margin:0}
`;

export function PosterEmbedDocument({ page }: { page: PosterEmbed }) {
  const external = { target: "_blank", rel: "noopener" } as const;
  return (
    <html lang={page.language} className={page.theme === "dark" ? "p-dark" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{page.title}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>
          <h1>{page.heading}</h1>
          {page.scope ? <p className="scope">{page.scope}</p> : null}
          {page.events.length > 0 ? (
            <ol>
              {page.events.map((event) => (
                <li key={event.id}>
                  <h2 lang={event.titleLang === page.language ? undefined : event.titleLang}>
                    <a href={event.url} {...external}>
                      {event.title}
                    </a>
                  </h2>
                  <p className="when">
                    <time dateTime={event.iso}>{event.when}</time>
                  </p>
                  {event.place ? <p className="place">{event.place}</p> : null}
                </li>
              ))}
            </ol>
          ) : (
            <p className="empty">{page.empty}</p>
          )}
          <p className="more">
            <a href={page.more.url} {...external}>
              {page.more.label}
            </a>
          </p>
        </main>
        <footer>
          <p>{page.source}</p>
          <p>{page.newWindow}</p>
        </footer>
      </body>
    </html>
  );
}
