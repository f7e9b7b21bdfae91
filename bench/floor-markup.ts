// A second floor: React Router rendering the markup of one of the portal's own pages from
// memory, with no loader, database, i18n or session. What that costs is what any page of the
// same size costs on this stack; the difference to the portal's page is the portal's own work.
// bench/run.ts captures the page once; bench/floor-server.ts hands the tree to the floor app
// (bench/floor/app/routes/markup.tsx), which builds its elements again on every request.
import { Parser } from "htmlparser2";

/** A text, or an element as tag, React props and children. */
export type MarkupNode = string | [tag: string, props: Record<string, unknown>, children: MarkupNode[]];

// HTML attribute names whose React prop is spelled otherwise; the rest pass through as they are.
const PROP_NAMES: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  srcset: "srcSet",
  tabindex: "tabIndex",
  fetchpriority: "fetchPriority",
  crossorigin: "crossOrigin",
  autocomplete: "autoComplete",
  maxlength: "maxLength",
  minlength: "minLength",
  readonly: "readOnly",
  enctype: "encType",
  datetime: "dateTime",
  hreflang: "hrefLang",
  inputmode: "inputMode",
  novalidate: "noValidate",
  viewbox: "viewBox",
  "accept-charset": "acceptCharset",
  // React hoists and orders a stylesheet by its precedence, and writes it as data-precedence.
  "data-precedence": "precedence",
};
const camelCase = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
// SVG presentation attributes (stroke-width) are camelCase props; aria-* and data-* are not.
const propName = (attribute: string) =>
  PROP_NAMES[attribute] ?? (attribute.includes("-") && !/^(aria|data)-/.test(attribute) ? camelCase(attribute) : attribute);
const BOOLEAN_PROPS = new Set([
  "hidden",
  "disabled",
  "checked",
  "selected",
  "required",
  "multiple",
  "open",
  "readOnly",
  "noValidate",
  "autofocus",
]);

function styleObject(style: string): Record<string, string> {
  const entries = style.split(";").flatMap((declaration) => {
    const colon = declaration.indexOf(":");
    if (colon < 0) return [];
    const name = declaration.slice(0, colon).trim();
    const property = name.startsWith("--") ? name : camelCase(name);
    return [[property, declaration.slice(colon + 1).trim()] as const];
  });
  return Object.fromEntries(entries);
}

function toProps(attributes: Record<string, string>): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes)) {
    const prop = propName(name);
    if (prop === "style") props.style = styleObject(value);
    else if (BOOLEAN_PROPS.has(prop)) props[prop] = true;
    else props[prop] = value;
  }
  return props;
}

// Head elements the floor's own root writes already: its charset, viewport and module preloads.
function writtenByFloor(tag: string, attributes: Record<string, string>): boolean {
  return (
    tag === "script" ||
    (tag === "meta" && ("charset" in attributes || attributes.name === "viewport")) ||
    (tag === "link" && attributes.rel === "modulepreload")
  );
}

/**
 * A page's `<body>` children and its `<head>` metadata (title, meta and link elements, which
 * React puts in the head wherever they are rendered). Scripts are left out: the floor app
 * writes its own.
 */
export function captureMarkup(html: string): MarkupNode[] {
  const root: MarkupNode[] = [];
  const open: MarkupNode[][] = [];
  let section: "head" | "body" | null = null;
  let skipDepth = 0;
  const parser = new Parser({
    onopentag(tag, attributes) {
      if (tag === "head" || tag === "body") return void (section = tag);
      if (!section) return;
      if (skipDepth || writtenByFloor(tag, attributes)) return void skipDepth++;
      const children: MarkupNode[] = [];
      (open.at(-1) ?? root).push([tag, toProps(attributes), children]);
      open.push(children);
    },
    ontext(text) {
      if (!section || skipDepth || (section === "head" && !open.length)) return;
      const siblings = open.at(-1) ?? root;
      // The parser splits a text at each entity; React would write one text.
      const last = siblings.length - 1;
      if (typeof siblings[last] === "string") siblings[last] += text;
      else siblings.push(text);
    },
    onclosetag(tag) {
      if (tag === "head" || tag === "body") return void (section = null);
      if (!section) return;
      if (skipDepth) return void skipDepth--;
      open.pop();
    },
  });
  parser.end(html);
  return root;
}

/**
 * The uncached pages measured against their own markup: bench row name -> the floor app's
 * /markup/<key> page that renders what that row's server wrote.
 */
export const MARKUP_PAGES: Record<string, string> = {
  "news list, cache bypassed": "news-list",
  "news item, cache bypassed": "news-item",
  "advert item, cache bypassed": "advert-item",
};

/** Elements in a captured tree, to print beside the figures. */
export function countElements(nodes: MarkupNode[]): number {
  return nodes.reduce((sum, node) => (typeof node === "string" ? sum : sum + 1 + countElements(node[2])), 0);
}
