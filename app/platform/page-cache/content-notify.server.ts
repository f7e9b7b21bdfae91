import pg from "pg";
import { resetContentState } from "./content-state.server.ts";
import { logger } from "#app/platform/logger/logger.server.ts";

// Another process's edit reaches this one's page cache at once: content_versions bumps
// NOTIFY `content_versions` (migrations/0010), and this dedicated connection LISTENs. While
// the connection is down the once-a-second poll still applies, so a lost connection only
// costs freshness; it is re-established with a growing delay.

const MAX_DELAY_MS = 30_000;

export type ContentListener = {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  close(): Promise<void>;
};

export function listenForContentChanges(url: string, log: (line: string) => void = (line) => logger.warn(line)): ContentListener {
  let client: pg.Client | undefined;
  let listening!: () => void;
  const ready = new Promise<void>((resolve) => (listening = resolve));
  let closed = false;
  let delay = 500;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const retry = (reason: string) => {
    if (closed || timer) return;
    log(`content change listener: ${reason}; reconnecting in ${delay / 1000} s`);
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, MAX_DELAY_MS);
  };

  async function connect() {
    const current = new pg.Client({ connectionString: url });
    client = current;
    current.on("notification", () => resetContentState());
    current.on("error", (error) => retry(error.message));
    current.on("end", () => retry("connection ended"));
    try {
      await current.connect();
      await current.query("LISTEN content_versions");
      delay = 500;
      // Changes made while nobody listened: read the versions again.
      resetContentState();
      listening();
    } catch (error) {
      current.end().catch(() => {});
      retry(error instanceof Error ? error.message : String(error));
    }
  }

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
