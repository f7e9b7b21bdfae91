import type { MessageStatus } from "#app/modules/messages/conversations.server.ts";

/** How often an open, visible page asks whether a message came; a 304 costs one indexed read. */
const POLL_MS = 5_000;
const STATUS_ENDPOINT = "/api/messages/status";

/**
 * Polls the signed-in user's message status while the page is visible and reports each change.
 * Loaded only for signed-in visitors (a dynamic import), so no public page carries it.
 */
export function pollMessageStatus(onChange: (status: MessageStatus) => void): () => void {
  let etag = "";
  let stopped = false;
  const poll = async () => {
    if (document.visibilityState !== "visible") return;
    try {
      const response = await fetch(STATUS_ENDPOINT, { headers: etag ? { "If-None-Match": etag } : {}, credentials: "same-origin" });
      if (stopped || response.status !== 200) return;
      etag = response.headers.get("ETag") ?? "";
      onChange((await response.json()) as MessageStatus);
    } catch {
      // Offline or restarting: the next tick tries again.
    }
  };
  const timer = window.setInterval(poll, POLL_MS);
  return () => {
    stopped = true;
    window.clearInterval(timer);
  };
}
