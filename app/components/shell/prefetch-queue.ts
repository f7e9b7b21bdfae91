// Prefetch rules (docs/product.md#the-shell): start 1 s after the page has loaded, never on save-data or a 2g
// (or slow-2g) connection, and at most 4 route-preload tasks at once.

export const PREFETCH_DELAY_MS = 1000;
export const MAX_PRELOAD_TASKS = 4;

export type ConnectionInfo = { saveData?: boolean; effectiveType?: string };

export function prefetchAllowed(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? "").endsWith("2g");
}

/** Runs tasks with at most `limit` of them in flight; the rest wait in order. */
export function createTaskQueue(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    if (active >= limit) return;
    const start = waiting.shift();
    if (start) start();
  };
  return {
    run(task: () => Promise<unknown>): Promise<void> {
      return new Promise<void>((resolve) => {
        waiting.push(() => {
          active++;
          task()
            .catch(() => {})
            .finally(() => {
              active--;
              resolve();
              next();
            });
        });
        next();
      });
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
