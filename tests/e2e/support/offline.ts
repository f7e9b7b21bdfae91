// The service-worker specs' shared steps (offline reading, places saved for offline).
import type { BrowserContext, Page } from "@playwright/test";

/** Waits until the service worker controls the page (it registers after the page's load). */
export async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Runs `body` offline, and goes back online whatever happens (the accessibility check reloads pages). */
export async function offline(context: BrowserContext, body: () => Promise<void>) {
  await context.setOffline(true);
  try {
    await body();
  } finally {
    await context.setOffline(false);
  }
}
