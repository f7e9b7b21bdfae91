// A reload for a new build (or a failed chunk) happens at most once per path in
// 10 seconds, so a server that keeps answering with another build cannot start a loop.

export const RELOAD_GUARD_MS = 10_000;
const STORAGE_KEY = "portal:build-reload";

export type StorageLike = Pick<Storage, "getItem" | "setItem">;

/** True (and remembered) when `path` may be loaded in full now; false within the guard. */
export function claimReload(path: string, storage: StorageLike | null, now = Date.now()): boolean {
  try {
    const stored = JSON.parse(storage?.getItem(STORAGE_KEY) ?? "null") as { path?: unknown; expires?: unknown } | null;
    if (stored && stored.path === path && typeof stored.expires === "number" && stored.expires > now) return false;
  } catch {
    // Unreadable guard: treat as absent.
  }
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify({ path, expires: now + RELOAD_GUARD_MS }));
  } catch {
    // Storage full or blocked: the reload still happens, just without a guard.
  }
  return true;
}
