// The service worker's push part against a fake worker scope: a push shows its notification
// from the payload alone (no fetch), with the site's icon; a payload that is not the portal's
// shows nothing, and a link to another site becomes the home page; a click focuses an open tab
// of the portal (sent to the page) or opens one.
import { describe, expect, it } from "vitest";
import { installPush, readPush, type PushScope, type SwNotificationClickEvent, type SwPushEvent } from "#app/platform/offline/sw-push.ts";

const ORIGIN = "https://portal.test";

type Tab = { url: string; focused: number; navigatedTo: string[] };

function fakeScope(tabs: Tab[] = []) {
  const listeners: Record<string, (event: never) => void> = {};
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  const opened: string[] = [];
  const scope: PushScope = {
    addEventListener: (type: string, listener: (event: never) => void) => {
      listeners[type] = listener;
    },
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title, options) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () =>
        tabs.map((tab) => ({
          get url() {
            return tab.url;
          },
          focus: async () => {
            tab.focused++;
          },
          navigate: async (url: string) => {
            tab.navigatedTo.push(url);
            tab.url = url;
          },
        })),
      openWindow: async (url) => {
        opened.push(url);
      },
    },
  } as PushScope;
  installPush(scope);
  async function push(payload: unknown) {
    const work: Promise<unknown>[] = [];
    const event: SwPushEvent = {
      data: payload === null ? null : { text: () => (typeof payload === "string" ? payload : JSON.stringify(payload)) },
      waitUntil: (promise) => work.push(promise),
    };
    (listeners.push as (event: SwPushEvent) => void)(event);
    await Promise.all(work);
  }
  async function click(data: unknown) {
    const work: Promise<unknown>[] = [];
    let closed = false;
    const event: SwNotificationClickEvent = {
      notification: { data, close: () => void (closed = true) },
      waitUntil: (promise) => work.push(promise),
    };
    (listeners.notificationclick as (event: SwNotificationClickEvent) => void)(event);
    await Promise.all(work);
    return closed;
  }
  return { shown, opened, push, click };
}

describe("the service worker's push notifications", () => {
  it("shows the payload's title and line with the site's icon, the page kept for the click", async () => {
    const sw = fakeScope();
    await sw.push({
      kind: "message",
      title: "New message",
      body: "You have a new private message.",
      url: `${ORIGIN}/us/cabinet/messages/7`,
      tag: "message:7:1",
    });
    expect(sw.shown).toEqual([
      {
        title: "New message",
        options: {
          body: "You have a new private message.",
          icon: "/icon-192.png",
          tag: "message:7:1",
          data: { url: `${ORIGIN}/us/cabinet/messages/7` },
        },
      },
    ]);
  });

  it("shows nothing for an empty or foreign payload; another site's link becomes the home page", async () => {
    const sw = fakeScope();
    await sw.push(null);
    await sw.push("not json");
    await sw.push({ body: "no title" });
    expect(sw.shown).toHaveLength(0);
    expect(readPush(JSON.stringify({ title: "Hi", url: "https://evil.example/x" }), ORIGIN)?.url).toBe(`${ORIGIN}/`);
    expect(readPush(JSON.stringify({ title: "Hi", url: "/cabinet/documents" }), ORIGIN)?.url).toBe(`${ORIGIN}/cabinet/documents`);
  });

  it("a click focuses a tab of the portal and sends it to the page; with none, opens one", async () => {
    const tabs: Tab[] = [{ url: `${ORIGIN}/novyny`, focused: 0, navigatedTo: [] }];
    const sw = fakeScope(tabs);
    expect(await sw.click({ url: `${ORIGIN}/cabinet/messages/3` })).toBe(true);
    expect(tabs[0]).toEqual({ url: `${ORIGIN}/cabinet/messages/3`, focused: 1, navigatedTo: [`${ORIGIN}/cabinet/messages/3`] });
    expect(sw.opened).toEqual([]);

    const alone = fakeScope([]);
    await alone.click({ url: `${ORIGIN}/cabinet/documents` });
    await alone.click({ url: "https://evil.example/" });
    expect(alone.opened).toEqual([`${ORIGIN}/cabinet/documents`, `${ORIGIN}/`]);
  });

  it("a tab already on the page is only focused", async () => {
    const tabs: Tab[] = [
      { url: `${ORIGIN}/poster`, focused: 0, navigatedTo: [] },
      { url: `${ORIGIN}/cabinet/documents`, focused: 0, navigatedTo: [] },
    ];
    const sw = fakeScope(tabs);
    await sw.click({ url: `${ORIGIN}/cabinet/documents` });
    expect(tabs.map((tab) => [tab.focused, tab.navigatedTo.length])).toEqual([
      [0, 0],
      [1, 0],
    ]);
  });
});
