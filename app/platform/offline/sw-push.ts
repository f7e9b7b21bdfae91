// The service worker's push notifications (app/service-worker.ts installs them beside the
// offline caches): a `push` shows the notification its payload describes, with nothing fetched,
// so it shows offline too; a click focuses a tab of the portal (sent to the notification's page)
// or opens one. The payload is the server's (modules/push/send.server.ts): a title, a line, the
// page to open and a tag; anything else in it is ignored, and a page of another origin is never opened.

export interface SwPushEvent {
  readonly data: { text(): string } | null;
  waitUntil(promise: Promise<unknown>): void;
}
export interface SwNotificationClickEvent {
  readonly notification: { readonly data: unknown; close(): void };
  waitUntil(promise: Promise<unknown>): void;
}
interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
export interface PushScope {
  addEventListener(type: "push", listener: (event: SwPushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: SwNotificationClickEvent) => void): void;
  readonly location: { readonly origin: string };
  readonly registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  readonly clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

/** The site's icon (public/, written by make-icons.ts). No badge: Android draws a badge from its alpha alone, and the icons are opaque squares. */
const ICON = "/icon-192.png";

export type ShownPush = { title: string; body: string; url: string; tag: string };

/** The notification a payload asks for; null for one that is not the portal's. */
export function readPush(text: string | undefined, origin: string): ShownPush | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const { title, body, url, tag } = value as Record<string, unknown>;
  if (typeof title !== "string" || !title) return null;
  let page: URL;
  try {
    page = new URL(typeof url === "string" ? url : "/", origin);
  } catch {
    return null;
  }
  return {
    title: title.slice(0, 120),
    body: typeof body === "string" ? body.slice(0, 240) : "",
    // Only the portal's own pages: a payload cannot send the reader elsewhere.
    url: page.origin === origin ? page.href : new URL("/", origin).href,
    tag: typeof tag === "string" ? tag.slice(0, 200) : "",
  };
}

export function installPush(scope: PushScope): void {
  scope.addEventListener("push", (event) => {
    const push = readPush(event.data?.text(), scope.location.origin);
    if (!push) return;
    const options: NotificationOptions = { body: push.body, icon: ICON, data: { url: push.url } };
    if (push.tag) options.tag = push.tag;
    event.waitUntil(scope.registration.showNotification(push.title, options));
  });

  scope.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const url = typeof data?.url === "string" && data.url.startsWith(`${scope.location.origin}/`) ? data.url : `${scope.location.origin}/`;
    event.waitUntil(
      (async () => {
        const tabs = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
        const tab = tabs.find((client) => client.url === url) ?? tabs.find((client) => client.url.startsWith(`${scope.location.origin}/`));
        if (tab) {
          await tab.focus();
          if (tab.url !== url) await tab.navigate(url).catch(() => undefined);
          return;
        }
        await scope.clients.openWindow(url);
      })(),
    );
  });
}
