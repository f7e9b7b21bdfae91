import sanitizeHtml from "sanitize-html";

// Staff rich text (news bodies, page texts, descriptions) is stored as HTML and shown as
// HTML on public pages, so it is cleaned when saved: only the elements and attributes a
// text editor produces survive; scripts, styles, event handlers, frames and every URL
// scheme but http(s), mailto and tel are dropped. Runs on a real HTML parser (htmlparser2).

const ALLOWED_TAGS = [
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "sub",
  "sup",
  "a",
  "h2",
  "h3",
  "h4",
  "blockquote",
  "pre",
  "code",
  "ul",
  "ol",
  "li",
  "hr",
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ["href", "title", "target", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // The content of these goes with them; other unknown tags are unwrapped (their text kept).
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template", "svg", "math"],
  transformTags: {
    // The editor's headings start at h1; the page title is the only h1.
    h1: "h2",
    h5: "h4",
    h6: "h4",
    // Links that open a new tab must not hand the opener to the target.
    a: (tagName, attribs) => {
      const attributes = { ...attribs };
      if (attributes.target && attributes.target !== "_blank") delete attributes.target;
      if (attributes.target === "_blank") attributes.rel = "noopener noreferrer";
      else delete attributes.rel;
      return { tagName, attribs: attributes };
    },
  },
};

/** Cleans staff HTML against the allow-list; "" when nothing but whitespace is left. */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  const visible = clean.replace(/<br\s*\/?>|<\/?p>|&nbsp;|\s/g, "");
  return visible === "" ? "" : clean;
}
