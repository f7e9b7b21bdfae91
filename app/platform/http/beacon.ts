// The shell's beacons (the visit log, the heartbeat). They are POSTs, which the retry policy
// of the app's own calls never retries (fetch-retry.ts), so they go to fetch directly: the
// shell sends them from every page's first load, which then carries no retry code.

/** POSTs a small JSON body that must survive the page being left (keepalive); errors are swallowed. */
export async function sendBeacon(path: string, body: unknown): Promise<void> {
  try {
    await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      keepalive: true,
      credentials: "same-origin",
    });
  } catch {
    // The response is not read, and a lost beacon is not worth bothering anyone.
  }
}
