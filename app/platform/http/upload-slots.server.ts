import { getConfig } from "#app/platform/config/config.server.ts";

// Forms with files cost disk, bandwidth and (decoding images) memory and CPU while they run:
// at most `uploads.inFlight` of them per process, `uploads.perUser` of one user, run at once.
// Another waits for a turn at most UPLOAD_WAIT_MS, then is told to come back (503, Retry-After).

const UPLOAD_WAIT_MS = 2000;
/** Seconds a refused upload is told to wait before trying again. */
export const UPLOAD_RETRY_AFTER_S = 10;

type Waiter = { key: string; grant: (release: (() => void) | null) => void };

let inFlight = 0;
const perUser = new Map<string, number>();
const queue: Waiter[] = [];

function take(key: string): (() => void) | null {
  const limits = getConfig().uploads;
  const mine = perUser.get(key) ?? 0;
  if (inFlight >= limits.inFlight || mine >= limits.perUser) return null;
  inFlight++;
  perUser.set(key, mine + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    inFlight--;
    const left = (perUser.get(key) ?? 1) - 1;
    if (left > 0) perUser.set(key, left);
    else perUser.delete(key);
    // The first waiter whose user has room gets the turn.
    for (const waiter of queue) {
      const release = take(waiter.key);
      if (release) {
        queue.splice(queue.indexOf(waiter), 1);
        waiter.grant(release);
        break;
      }
    }
  };
}

/**
 * A turn to read and process an upload for `key` (the user): the function that ends it, or
 * null when none came free within UPLOAD_WAIT_MS (or the line is full: four waiters per turn).
 */
export function acquireUploadSlot(key: string): Promise<(() => void) | null> {
  const release = take(key);
  if (release) return Promise.resolve(release);
  if (queue.length >= getConfig().uploads.inFlight * 4) return Promise.resolve(null);
  return new Promise((resolve) => {
    const waiter: Waiter = {
      key,
      grant: (granted) => {
        clearTimeout(timer);
        resolve(granted);
      },
    };
    const timer = setTimeout(() => {
      queue.splice(queue.indexOf(waiter), 1);
      resolve(null);
    }, UPLOAD_WAIT_MS);
    queue.push(waiter);
  });
}
