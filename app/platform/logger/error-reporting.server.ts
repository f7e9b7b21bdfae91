import { getConfig } from "#app/platform/config/config.server.ts";
import { logger } from "./logger.server.ts";

// Errors go to Sentry as well as to the log when SENTRY_DSN is set. Its SDK is imported only
// then (a dynamic import, on the server alone: no page's script carries it), and only what
// reports errors is switched on: no tracing, no patching of http or fetch.
//
// The server's own code and the app's build each hold a copy of this module; the SDK keeps its
// client in one place for the process, so whichever copy starts first initialises it and the
// other only finds it.

type Sentry = Pick<typeof import("@sentry/react-router"), "init" | "getClient" | "captureException" | "flush">;

/** The SDK's integrations kept: those that shape an error's event. The rest trace or patch modules. */
const ERROR_INTEGRATIONS = new Set([
  "InboundFilters",
  "EventFilters",
  "FunctionToString",
  "LinkedErrors",
  "Dedupe",
  "Context",
  "Modules",
  "OnUnhandledRejection",
]);

let reporting: Promise<Sentry | undefined> | undefined;

/**
 * Loads and starts the SDK when `dsn` is set; resolves whether errors are now reported. Without
 * a DSN nothing is imported. `load` is the SDK's import (a test may count the calls).
 */
export function startErrorReporting(
  { dsn, environment }: { dsn: string | undefined; environment?: string },
  load: () => Promise<Sentry> = () => import("@sentry/react-router"),
): Promise<boolean> {
  if (!dsn) return Promise.resolve(false);
  reporting ??= load().then(
    (sentry) => {
      if (!sentry.getClient()) {
        sentry.init({
          dsn,
          environment,
          integrations: (defaults) => defaults.filter((integration) => ERROR_INTEGRATIONS.has(integration.name)),
        });
      }
      return sentry;
    },
    (error: unknown) => {
      logger.error({ err: error }, "error reporting: the Sentry SDK did not load; errors are only logged");
      return undefined;
    },
  );
  return reporting.then(Boolean);
}

/** Sends an error to Sentry when reporting is on (SENTRY_DSN); nothing otherwise. Never throws. */
export function reportError(error: unknown): void {
  // The app build's copy learns of the DSN from the configuration the server provided.
  if (!reporting) {
    let config;
    try {
      config = getConfig();
    } catch {
      return;
    }
    if (!config.sentryDsn) return;
    void startErrorReporting({ dsn: config.sentryDsn, environment: config.env });
  }
  void reporting?.then((sentry) => sentry?.captureException(error));
}

/** Waits (at most `timeoutMs`) for reported errors to be sent: before a process exits. */
export async function flushErrorReports(timeoutMs = 2_000): Promise<void> {
  const sentry = await reporting;
  await sentry?.flush(timeoutMs);
}
