// Load shedding. Past what the process can render, every request used to wait in one unbounded
// line, so latency grew with the crowd and /healthz slowed until a load balancer would take the
// instance out just when it was needed (figures: docs/adr/0034-overload.md). Now at most
// `maxInFlight` pages are built at once, a bounded line waits for a turn for at most
// `maxWaitMs`, and the rest are told at once to come back (503, Retry-After).

export type AdmissionLimits = {
  /** Requests the app handles at once. */
  maxInFlight: number;
  /** Requests waiting for a turn; one more is refused at once. */
  maxQueued: number;
  /** A request that waited this long for a turn is refused. */
  maxWaitMs: number;
};

type Waiter = { grant: (release: (() => void) | null) => void };

export function createAdmission({ maxInFlight, maxQueued, maxWaitMs }: AdmissionLimits) {
  let inFlight = 0;
  const queue: Waiter[] = [];
  /** When a read was last refused for want of a turn (not for its client leaving). */
  let refusedAt = -Infinity;

  function releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      // The turn passes straight to the next in line, so `inFlight` stays where it is.
      if (next) next.grant(releaser());
      else inFlight--;
    };
  }

  /**
   * Resolves with the function that ends this request's turn, or null when the request is
   * refused: the line is full, it waited `maxWaitMs`, or `left` fired (the client went away).
   */
  function acquire(left?: (onLeave: () => void) => () => void): Promise<(() => void) | null> {
    if (inFlight < maxInFlight) {
      inFlight++;
      return Promise.resolve(releaser());
    }
    if (queue.length >= maxQueued) {
      refusedAt = performance.now();
      return Promise.resolve(null);
    }
    return new Promise((resolve) => {
      let settled = false;
      let stopWatching: (() => void) | undefined;
      const waiter: Waiter = {
        grant: (release) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          stopWatching?.();
          resolve(release);
        },
      };
      const giveUp = () => {
        const at = queue.indexOf(waiter);
        if (at !== -1) queue.splice(at, 1);
        waiter.grant(null);
      };
      queue.push(waiter);
      const timer = setTimeout(() => {
        refusedAt = performance.now();
        giveUp();
      }, maxWaitMs);
      stopWatching = left?.(giveUp);
      // The client was gone already: giveUp ran inside `left`, before there was a watch to stop.
      if (settled) stopWatching?.();
    });
  }

  /** Whether a read arriving now is refused, or one was within `recentMs`. */
  const shedding = (recentMs: number) => (inFlight >= maxInFlight && queue.length >= maxQueued) || performance.now() - refusedAt < recentMs;

  return { acquire, shedding, load: () => ({ inFlight, queued: queue.length }) };
}
