import { wordListLines } from "#app/platform/format/word-list.ts";

// Staff's blocked email domains (dashboard settings, one domain per line): registering, or
// changing the account's address, with an address on one of them or on a subdomain of one is
// refused. Pure: the settings form checks the list with the same rules.

export const BLOCKED_DOMAINS_MAX_LINES = 1000;

// A domain name: labels of letters (any script), digits and inner hyphens, at least two of them.
const DOMAIN = /^(?=.{1,253}$)(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}\p{N}-]{2,63}$/u;

/** The list's domains, lower-cased, a leading "@" or "*." dropped (as people paste them). */
export function blockedDomainLines(text: string): string[] {
  return wordListLines(text).map((line) => line.toLowerCase().replace(/^(?:@|\*\.)/, ""));
}

/** What is wrong with the list, for the settings form: too many lines, or the first line that is no domain (1-based). */
export function blockedDomainsProblem(text: string): { tooMany: true } | { notDomain: number } | null {
  const lines = blockedDomainLines(text);
  if (lines.length > BLOCKED_DOMAINS_MAX_LINES) return { tooMany: true };
  const bad = lines.findIndex((line) => !DOMAIN.test(line));
  return bad === -1 ? null : { notDomain: bad + 1 };
}

/** Whether `email`'s domain is on the list or under a domain on it. */
export function emailDomainBlocked(email: string, list: string): boolean {
  const at = email.lastIndexOf("@");
  if (at === -1) return false;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  if (!domain) return false;
  return blockedDomainLines(list).some((blocked) => domain === blocked || domain.endsWith(`.${blocked}`));
}
