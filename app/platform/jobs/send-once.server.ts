import { logger } from "#app/platform/logger/logger.server.ts";

/**
 * A scan's mails, each sent once however many scans overlap: `claim` marks an item taken (false
 * when another scan took it first), `send` sends it, and a failed send is logged and `release`d
 * so the next scan retries it. Returns how many were sent.
 */
export async function sendEachOnce<T>(
  items: readonly T[],
  steps: {
    claim: (item: T) => Promise<boolean>;
    send: (item: T) => Promise<unknown>;
    release: (item: T) => Promise<unknown>;
    /** What is sent, for the log line ("event reminder"). */
    what: string;
    /** The item's ids, for the log line. */
    describe: (item: T) => Record<string, unknown>;
  },
): Promise<number> {
  let sent = 0;
  for (const item of items) {
    if (!(await steps.claim(item))) continue;
    try {
      await steps.send(item);
      sent++;
    } catch (error) {
      logger.error({ err: error, ...steps.describe(item) }, `${steps.what} failed; retrying on the next scan`);
      await steps.release(item);
    }
  }
  return sent;
}
