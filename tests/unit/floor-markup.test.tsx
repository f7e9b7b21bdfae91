import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { captureMarkup, countElements } from "../../bench/floor-markup.ts";
import { markupElements } from "../../bench/floor/app/markup-tree.ts";

// The bench's second floor must render what the portal's page rendered, or its figure means nothing.
const page =
  `<!DOCTYPE html><html lang="uk"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/>` +
  `<link rel="modulepreload" href="/assets/a.js"/><title>Новини</title><meta name="description" content="Про &quot;громаду&quot;"/>` +
  `<link rel="canonical" href="http://example.test/novyny"/><script>window.x = "<b>"</script></head>` +
  `<body><a class="skip" href="#main">Перейти</a><main id="main" style="max-width:40rem;--gap:1rem">` +
  `<label for="q">Пошук</label><input id="q" autoComplete="off" maxLength="80" name="q"/>` +
  `<p>пам&#x27;ятав &amp; «лапки»</p><img src="/a-640.webp" srcSet="/a-320.webp 320w, /a-640.webp 640w" alt=""/>` +
  `<svg viewBox="0 0 24 24" stroke-width="2" aria-hidden="true"><path d="M1 1h2"></path></svg>` +
  `<button type="submit" hidden="">Go</button></main><script type="module">import "/assets/a.js"</script></body></html>`;

describe("the markup floor (bench/floor-markup.ts)", () => {
  const tree = captureMarkup(page);

  it("renders the body as the page had it, without its scripts", () => {
    const html = renderToString(<>{markupElements(tree)}</>);
    const body = page.slice(page.indexOf("<body>") + 6, page.indexOf("</body>")).replace(/<script[^>]*>[^<]*<\/script>/g, "");
    expect(html.slice(html.indexOf("<a "))).toBe(body);
  });

  it("keeps the head's metadata and leaves out what the floor writes itself", () => {
    const html = renderToString(<>{markupElements(tree)}</>);
    expect(html).toContain("<title>Новини</title>");
    expect(html).toContain('<link rel="canonical" href="http://example.test/novyny"/>');
    expect(html).toContain('content="Про &quot;громаду&quot;"');
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain("viewport");
    expect(html).not.toContain("<script");
    expect(countElements(tree)).toBe(12);
  });
});
