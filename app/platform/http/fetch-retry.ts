// The retry policy of the app's own calls (docs/product.md#the-shell): GET is retried once; PATCH, POST, PUT and
// DELETE never are (a retried POST could log a visit twice). A retry happens on a network
// error or on one of RETRY_STATUSES.

export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** How many times a request of this method is retried. */
export function retriesFor(method: string): number {
  return method.toUpperCase() === "GET" ? 1 : 0;
}

export async function fetchWithRetry(
  input: string,
  init: RequestInit = {},
  fetcher: typeof fetch = (...args) => fetch(...args),
): Promise<Response> {
  let retries = retriesFor(init.method ?? "GET");
  for (;;) {
    try {
      const response = await fetcher(input, init);
      if (retries > 0 && RETRY_STATUSES.has(response.status)) {
        retries--;
        continue;
      }
      return response;
    } catch (error) {
      if (retries > 0 && !init.signal?.aborted) {
        retries--;
        continue;
      }
      throw error;
    }
  }
}
