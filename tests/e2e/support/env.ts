// Shared by playwright.config.ts, the server start script and the specs.
import os from "node:os";
import path from "node:path";

// Several runs may share a machine (developers' agents, CI): without E2E_PORT each run
// picks its own port, and the workers inherit it through the environment.
process.env.E2E_PORT ??= String(4310 + (process.pid % 80));
export const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;
/** The e2e server's DATA_DIR: wiped before each run (uploads, outbox/ mails, PGlite db). */
export const dataDir = path.join(os.tmpdir(), `portal-e2e-${port}`);
/**
 * The browser the suite drives: Debian's chromium-headless-shell, the "old headless" build
 * Playwright itself prefers for headless runs. In the full browser (/usr/bin/chromium, new
 * headless) the suite took nearly twice as long, 19.6 minutes instead of 11 (docs/decisions.md).
 * CHROMIUM_PATH picks another one, e.g. /usr/bin/chromium.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
export const chromiumPackage = "chromium-headless-shell";
export const demoPassword = process.env.DEMO_PASSWORD ?? "demo-password-123";

/** Accounts the server seeds into an empty database. */
export const accounts = {
  admin: { email: "admin@demo.local", password: demoPassword },
  editor: { email: "editor@demo.local", password: demoPassword },
  user: { email: "user@demo.local", password: demoPassword },
} as const;
