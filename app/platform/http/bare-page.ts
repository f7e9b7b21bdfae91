import { escapeXml } from "#app/platform/format/escape-markup.ts";

/**
 * A page that needs neither the app nor its styles, for answers given where the shell cannot
 * be rendered (the busy server, a refused post to a route without a page): readable on a phone
 * in either colour scheme.
 */
export function barePage(language: string, title: string, description: string): string {
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${escapeXml(title)}</title>` +
    `<style>body{margin:0;padding:3rem 1rem;font:1.125rem/1.5 system-ui,sans-serif}main{max-width:36rem;margin:0 auto}h1{font-size:1.5rem;line-height:1.25}</style></head>` +
    `<body><main><h1>${escapeXml(title)}</h1><p>${escapeXml(description)}</p></main></body></html>`
  );
}
