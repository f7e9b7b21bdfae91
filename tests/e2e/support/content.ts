import type { Locator, Page } from "@playwright/test";

/**
 * In the title of every public item a test creates. The dashboard tests publish news items
 * and then trash or unpublish them while other workers browse /novyny, so a test that opens
 * "any item" of a list takes a seeded one: the newest card may be gone by the time it is clicked.
 */
export const createdByTests = "e2e";

/** The item links of the list on the page, without the items tests create. */
export function seededCardLinks(page: Page): Locator {
  return page.locator("main .content-grid .content-card__link").filter({ hasNotText: new RegExp(createdByTests, "i") });
}

/** "YYYY-MM-DDTHH:mm" in the site's zone (Europe/Warsaw), `hours` from now. */
export function localTime(hours: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/Warsaw",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    })
      .formatToParts(new Date(Date.now() + hours * 3_600_000))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
