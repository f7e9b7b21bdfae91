// Validation messages travel as text (zod issues, conform replies, the page's HTML), so a
// message is one string: a translation key, optionally with values, `admin:errors.too_long|{"max":200}`.
// The server writes them and the browser reads them back, so reading must survive anything.

export type MessageValues = Record<string, unknown>;
export type DecodedMessage = { key: string; values: MessageValues };

const SEPARATOR = "|";

export function encodeMessage(key: string, values?: MessageValues): string {
  return values ? `${key}${SEPARATOR}${JSON.stringify(values)}` : key;
}

/** Never throws: malformed or non-object values are dropped and the key still shows. */
export function decodeMessage(message: string): DecodedMessage {
  const text = typeof message === "string" ? message : String(message);
  // The first separator only: the JSON part may itself hold "|".
  const separator = text.indexOf(SEPARATOR);
  if (separator < 0) return { key: text, values: {} };
  return { key: text.slice(0, separator), values: parseValues(text.slice(separator + 1)) };
}

function parseValues(json: string): MessageValues {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as MessageValues) : {};
  } catch {
    return {};
  }
}

/** The namespaces (`admin`, `auth`, …) a list of messages reads from, so their texts can be awaited. */
export function messageNamespaces(messages: readonly string[] | undefined): string[] {
  const namespaces = new Set<string>();
  for (const message of messages ?? []) {
    const { key } = decodeMessage(message);
    const colon = key.indexOf(":");
    if (colon > 0) namespaces.add(key.slice(0, colon));
  }
  return [...namespaces];
}

// `any`: each page's `t` is typed for its own namespaces; a message's key is only known at run time.
type AnyTranslate = (...args: any[]) => unknown;

export function translateMessage(t: AnyTranslate, message: string): string {
  const { key, values } = decodeMessage(message);
  return String(t(key, values));
}
