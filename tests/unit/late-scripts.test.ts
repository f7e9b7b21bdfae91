import { describe, expect, it } from "vitest";
import { lateModuleHrefs, loadScriptsAfterFirstView } from "#app/platform/http/late-scripts.server.ts";

// What React Router writes: module preloads hoisted into <head>, an inline module script that
// imports the route modules, then the loader data.
const page =
  `<!DOCTYPE html><html><head><meta charSet="utf-8"/><link nonce="" rel="stylesheet" href="/assets/public.css"/>` +
  `<link rel="modulepreload" href="/assets/entry.client.js" nonce="N0"/><link rel="modulepreload" href="/assets/root.js" nonce="N0"/></head>` +
  `<body><p>Новини</p><script nonce="N0">window.__reactRouterContext = {};</script>` +
  `<script nonce="N0" type="module" async="">;\nimport * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>` +
  `<script nonce="N0">window.__reactRouterContext.streamController.close();</script></body></html>`;

const bootstrap = (html: string) => /<script nonce="N0">(\(\(h\)=>.*?)<\/script>/.exec(html)![1]!;

describe("the app's scripts load after the first view (late-scripts.server.ts)", () => {
  const html = loadScriptsAfterFirstView(Buffer.from(page)).toString();

  it("takes the module preloads out of the head and keeps the module script inert", () => {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script nonce="N0" type="module"');
    expect(html).toContain(
      '<script nonce="N0" type="text/plain">;\nimport * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>',
    );
    expect(html).toContain('<link nonce="" rel="stylesheet" href="/assets/public.css"/></head>');
    // The loader data still follows, unchanged.
    expect(html.endsWith('<script nonce="N0">window.__reactRouterContext.streamController.close();</script></body></html>')).toBe(true);
    expect(lateModuleHrefs(html)).toEqual(["/assets/entry.client.js", "/assets/root.js"]);
  });

  it("leaves a document without React Router's module script as it is", () => {
    const bare = "<!DOCTYPE html><html><head></head><body><p>503</p></body></html>";
    expect(loadScriptsAfterFirstView(Buffer.from(bare)).toString()).toBe(bare);
  });

  it("starts the module script and the preloads once the window has loaded and painted", () => {
    const appended: Array<{ rel?: string; href?: string }> = [];
    const data = { textContent: "import('/assets/entry.client.js')", replaceWith: (node: object) => void (started = node) };
    let started: object | null = null;
    let onLoad: (() => void) | null = null;
    let onPaint: (() => void) | null = null;
    const document = {
      currentScript: { nonce: "N0", previousElementSibling: data },
      readyState: "loading",
      visibilityState: "visible",
      head: { append: (link: { rel?: string; href?: string }) => void appended.push(link) },
      createElement: () => ({}) as Record<string, string>,
    };
    class PerformanceObserver {
      static supportedEntryTypes = ["paint", "largest-contentful-paint"];
      callback: (list: unknown, observer: { disconnect(): void }) => void;
      constructor(callback: (list: unknown, observer: { disconnect(): void }) => void) {
        this.callback = callback;
      }
      observe() {
        onPaint = () => this.callback({}, { disconnect() {} });
      }
    }
    const addEventListener = (type: string, listener: () => void) => void (type === "load" && (onLoad = listener));
    const timers: Array<() => void> = [];
    const setTimeout = (callback: () => void) => void timers.push(callback);
    new Function("document", "PerformanceObserver", "addEventListener", "setTimeout", bootstrap(html))(
      document,
      PerformanceObserver,
      addEventListener,
      setTimeout,
    );

    onPaint!();
    expect(started).toBeNull();
    onLoad!();
    expect(started).toEqual({ type: "module", nonce: "N0", textContent: "import('/assets/entry.client.js')" });
    expect(appended).toEqual([
      { rel: "modulepreload", href: "/assets/entry.client.js" },
      { rel: "modulepreload", href: "/assets/root.js" },
    ]);
    // The fallback timer after load starts nothing twice.
    for (const timer of timers) timer();
    expect(appended).toHaveLength(2);
  });
});
