/** A link in a message's text: made clickable only for a sender whose email is verified. */
export const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Whether the text holds a link (most messages do not: nothing to split). */
export function hasLink(text: string): boolean {
  return text.includes("http://") || text.includes("https://");
}
