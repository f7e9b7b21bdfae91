// The calls the messaging tests make: write about an advert, reply in and open a thread, and
// read what the answer's redirect says.
import { expect } from "vitest";
import * as newMessage from "#app/routes/cabinet-message-new/route.tsx";
import * as thread from "#app/routes/cabinet-message-thread/route.tsx";
import { callWithSession } from "./auth.ts";
import { catchResponse } from "./route.ts";

/** A first message about an advert, from the "write to the seller" form. */
export function send(cookie: string, advertId: number | string, body: string, extra: Record<string, string> = {}) {
  return callWithSession(newMessage.action, { url: "/cabinet/messages/new", cookie, form: { advert: String(advertId), body, ...extra } });
}

/** A post to a thread's action (reply, block, report...). */
export function replyIn(cookie: string, conversationId: number, form: Record<string, string>, url = `/cabinet/messages/${conversationId}`) {
  return callWithSession(thread.action, { url, cookie, params: { id: String(conversationId) }, form });
}

/** A thread's page, as `cookie`'s user. */
export function openAs(cookie: string, conversationId: number | string, url = `/cabinet/messages/${conversationId}`) {
  return callWithSession(thread.loader, { url, cookie, params: { id: String(conversationId) } });
}

/** The thread's id from the redirect after a message that was stored. */
export async function conversationOf(sent: Promise<{ result: unknown }>): Promise<number> {
  const response = await catchResponse(sent.then((r) => r.result));
  expect(response.status).toBe(302);
  const match = /\/cabinet\/messages\/(\d+)$/.exec(response.headers.get("Location") ?? "");
  expect(match).not.toBeNull();
  return Number(match![1]);
}

/** The message key of the flash toast a response sets (the cookie's signed, base64 JSON value). */
export function flashMessage(response: Response): string {
  const value = /__flash=([^.;]+)/.exec(response.headers.get("Set-Cookie") ?? "")?.[1] ?? "";
  return (JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8")) as { message: string }).message;
}
