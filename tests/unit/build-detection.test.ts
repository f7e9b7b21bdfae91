// New build detection, the retry policy of the app's own calls and the prefetch rules
// (docs/product.md#the-shell).
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import * as buildLatest from "#app/routes/build-latest/route.ts";
import { fetchWithRetry, RETRY_STATUSES, retriesFor } from "#app/platform/http/fetch-retry.ts";
import { buildIdContext } from "#app/platform/build-info/build-id.server.ts";
import { navigationTarget } from "#app/platform/build-info/navigation-guard.ts";
import { claimReload, RELOAD_GUARD_MS } from "#app/platform/build-info/reload-guard.ts";
import { createTaskQueue, MAX_PRELOAD_TASKS, PREFETCH_DELAY_MS, prefetchAllowed } from "#app/components/shell/prefetch-queue.ts";
import { HEARTBEAT_INTERVAL_MS } from "#app/components/shell/app-effects.tsx";
import { callRoute } from "../support/route.ts";

describe("GET /builds/latest.json", () => {
  it("answers the running build's id, never cached", async () => {
    const context = new RouterContextProvider();
    context.set(buildIdContext, "c64f4b27");
    const response = await callRoute(buildLatest.loader, { url: `/builds/latest.json?${Date.now()}`, context });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: "c64f4b27" });
    expect(response.headers.get("Cache-Control")).toMatch(/no-cache/);
    expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
  });

  it("is 404 where no build id is known (the dev server)", async () => {
    const response = await callRoute(buildLatest.loader, { url: "/builds/latest.json" });
    expect(response.status).toBe(404);
  });
});

describe("the reload guard", () => {
  function memoryStorage() {
    const items = new Map<string, string>();
    return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
  }

  it("allows one full load per path in 10 seconds", () => {
    const storage = memoryStorage();
    const start = 1_000_000;
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(claimReload("/novyny", storage, start)).toBe(true);
    expect(claimReload("/novyny", storage, start + 9_999)).toBe(false);
    expect(claimReload("/poster", storage, start + 5_000)).toBe(true);
    expect(claimReload("/novyny", storage, start + 20_000)).toBe(true);
  });

  it("still reloads when storage is unavailable", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(claimReload("/", broken)).toBe(true);
    expect(claimReload("/", null)).toBe(true);
  });
});

describe("which navigations may become full loads", () => {
  const origin = "https://portal.test";
  const currentUrl = `${origin}/novyny?page=2`;

  it("GET links, resolved against the current page", () => {
    expect(navigationTarget({ to: "/us/poster", currentUrl }, origin)?.href).toBe(`${origin}/us/poster`);
    expect(navigationTarget({ to: "?page=3", currentUrl }, origin)?.href).toBe(`${origin}/novyny?page=3`);
  });

  it("GET forms, with their fields as the query", () => {
    const formData = new FormData();
    formData.append("q", "концерт");
    expect(navigationTarget({ to: "/search/news", currentUrl, formMethod: "get", formData }, origin)?.search).toBe(
      "?q=%D0%BA%D0%BE%D0%BD%D1%86%D0%B5%D1%80%D1%82",
    );
  });

  it("never submissions, history steps or other sites", () => {
    expect(navigationTarget({ to: "/login", currentUrl, formMethod: "post", formData: new FormData() }, origin)).toBeNull();
    expect(navigationTarget({ to: -1, currentUrl }, origin)).toBeNull();
    expect(navigationTarget({ to: "https://elsewhere.test/", currentUrl }, origin)).toBeNull();
  });
});

describe("the retry policy", () => {
  const respond = (...statuses: number[]) => {
    const fetcher = vi.fn(async () => new Response(null, { status: statuses.shift() ?? 200 }));
    return fetcher as unknown as typeof fetch & typeof fetcher;
  };

  it("retries GET once on 408, 409, 425, 429, 500, 502, 503 and 504", async () => {
    expect([...RETRY_STATUSES].sort()).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
    for (const status of RETRY_STATUSES) {
      const fetcher = respond(status, 200);
      expect((await fetchWithRetry("/builds/latest.json", {}, fetcher)).status).toBe(200);
      expect(fetcher).toHaveBeenCalledTimes(2);
    }
    const twice = respond(503, 503, 200);
    expect((await fetchWithRetry("/x", { method: "GET" }, twice)).status).toBe(503);
    expect(twice).toHaveBeenCalledTimes(2);
  });

  it("does not retry other statuses", async () => {
    for (const status of [400, 401, 403, 404, 501]) {
      const fetcher = respond(status, 200);
      expect((await fetchWithRetry("/x", {}, fetcher)).status).toBe(status);
      expect(fetcher).toHaveBeenCalledTimes(1);
    }
  });

  it("never retries PATCH, POST, PUT or DELETE", async () => {
    for (const method of ["PATCH", "POST", "PUT", "DELETE"]) {
      expect(retriesFor(method)).toBe(0);
      const fetcher = respond(503, 200);
      expect((await fetchWithRetry("/api/heartbeat", { method }, fetcher)).status).toBe(503);
      expect(fetcher).toHaveBeenCalledTimes(1);
    }
  });

  it("retries a GET once after a network error, a POST never", async () => {
    let calls = 0;
    const flaky = (async () => {
      if (calls++ === 0) throw new TypeError("Failed to fetch");
      return new Response("{}");
    }) as typeof fetch;
    expect((await fetchWithRetry("/x", {}, flaky)).status).toBe(200);
    calls = 0;
    await expect(fetchWithRetry("/api/visitors/log", { method: "POST" }, flaky)).rejects.toThrow("Failed to fetch");
  });
});

describe("prefetch rules", () => {
  it("start 1 s after load and skip save-data, 2g and slow-2g", () => {
    expect(PREFETCH_DELAY_MS).toBe(1000);
    expect(HEARTBEAT_INTERVAL_MS).toBe(60_000);
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: "4g" })).toBe(true);
    expect(prefetchAllowed({ effectiveType: "3g" })).toBe(true);
    expect(prefetchAllowed({ effectiveType: "2g" })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "slow-2g" })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "4g", saveData: true })).toBe(false);
  });

  it("run at most 4 route preloads at once, the rest in order", async () => {
    expect(MAX_PRELOAD_TASKS).toBe(4);
    const queue = createTaskQueue(MAX_PRELOAD_TASKS);
    const started: number[] = [];
    const finish: Array<() => void> = [];
    let peak = 0;
    const done = Array.from({ length: 7 }, (_, index) =>
      queue.run(
        () =>
          new Promise<void>((resolve) => {
            started.push(index);
            peak = Math.max(peak, queue.active);
            finish[index] = resolve;
          }),
      ),
    );
    expect(started).toEqual([0, 1, 2, 3]);
    expect(queue.waiting).toBe(3);
    finish[1]!();
    await done[1];
    expect(started).toEqual([0, 1, 2, 3, 4]);
    for (const index of [0, 2, 3, 4, 5, 6]) {
      finish[index]!();
      await done[index];
    }
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(4);
    expect(queue.active).toBe(0);
  });

  it("keep going after a failed preload", async () => {
    const queue = createTaskQueue(1);
    await queue.run(() => Promise.reject(new Error("chunk gone")));
    let ran = false;
    await queue.run(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});
