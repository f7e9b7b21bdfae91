// Work a form must not wait for: what it costs (a token, a mail to an SMTP server) would
// otherwise show in the answer's time, and "forgot password" would tell by its speed which
// addresses have an account. The work starts once the action has answered; its failure is
// logged, never the request's.

const pending = new Set<Promise<void>>();

/** Runs `work` after the current action has answered. */
export function afterResponse(label: string, work: () => Promise<unknown>): void {
  const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .then(
      () => undefined,
      (error: unknown) => console.error(`${label}:`, error),
    )
    .finally(() => pending.delete(job));
  pending.add(job);
}

/** Settles when the work begun so far has finished (tests read the outbox after it). */
export async function settleAfterResponse(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}
