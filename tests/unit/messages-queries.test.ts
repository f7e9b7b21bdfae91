// The inbox and a thread are opened often, and each query is a round trip the server pays for
// in CPU: the page's rows, total and the header's unread count come from one query, and the
// root's header takes the count from it instead of asking again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KyselyPlugin } from "kysely";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import * as inbox from "#app/routes/cabinet-messages/route.tsx";
import * as newMessage from "#app/routes/cabinet-message-new/route.tsx";
import * as thread from "#app/routes/cabinet-message-thread/route.tsx";
import { registerDatabase } from "#app/modules/db/db.server.ts";
import { messageStatus, messageStatusFor } from "#app/modules/messages/conversations.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callWithSession, makeUser, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { catchResponse } from "../support/route.ts";

const t = useTestDatabase();
const HOUR = 60 * 60 * 1000;

/** Statements the app ran since the last reset: results, since a subquery is transformed too. */
let queries = 0;
const countQueries: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    queries++;
    return args.result;
  },
};

let seller: { id: number; cookie: string };
let buyer: { id: number; cookie: string };
let conversationId: number;

async function person(name: string) {
  const user = await makeUser({ name, verified: true });
  await t.db.updateTable("users").set({ created_at: new Date(Date.now() - 48 * HOUR) }).where("id", "=", user.id).execute();
  return { id: user.id, cookie: await sessionCookieFor(user.id) };
}

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  const category = await t.db
    .insertInto("categories")
    .values({ kind: "advertisement", slug: "transport", name_uk: "Транспорт", name_en: "Transport", position: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  seller = await person("Олена");
  buyer = await person("Богдан");
  for (let i = 1; i <= 3; i++) {
    const advert = await t.db
      .insertInto("advertisements")
      .values({
        slug: `bike-${i}`,
        owner_id: seller.id,
        category_id: category.id,
        title: `Велосипед ${i}`,
        description: "Міський велосипед у доброму стані, з ліхтарями.",
        price_kind: "amount",
        price_amount: "800.00",
        price_currency: "PLN",
        contact_name: "Продавець",
        email: "seller@example.test",
        status: "published",
        published_at: new Date(Date.now() - HOUR),
        expires_at: new Date(Date.now() + 20 * 24 * HOUR),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const sent = await catchResponse(
      callWithSession(newMessage.action, { url: "/cabinet/messages/new", cookie: buyer.cookie, form: { advert: String(advert.id), body: `Ще продається ${i}?` } }).then((r) => r.result),
    );
    conversationId = Number(/(\d+)$/.exec(sent.headers.get("Location") ?? "")![1]);
  }
  registerDatabase({ ...t.database, db: t.db.withPlugin(countQueries) });
});

afterAll(() => registerDatabase(t.database));

/**
 * A page's loader as the server runs it beside the root's: the queries of the loader alone
 * (the session's are the root middleware's, the same on every page), then those of the
 * header's count read after it.
 */
async function load<F extends (args: any) => unknown>(loader: F, url: string, cookie: string, userId: number, params: Record<string, string> = {}) {
  let context: Readonly<RouterContextProvider> | undefined;
  const startCounting: MiddlewareFunction<Response> = async (args, next) => {
    context = args.context;
    queries = 0;
    return next();
  };
  const { result } = await callWithSession(loader, { url, cookie, params, middleware: [startCounting] });
  const pageQueries = queries;
  const status = await messageStatusFor(context!, userId);
  return { result, pageQueries, headerQueries: queries - pageQueries, status };
}

describe("queries per page", () => {
  it("the inbox: one for its rows, total and the header's count", async () => {
    const seen = await load(inbox.loader, "/cabinet/messages", seller.cookie, seller.id);
    expect(seen.result.items).toHaveLength(3);
    expect(seen.result.pagination.total).toBe(3);
    expect(seen.pageQueries).toBe(1);
    expect(seen.headerQueries).toBe(0);
    expect(seen.status).toEqual(await messageStatus(seller.id));
    expect(seen.status.unread).toBe(3);
  });

  it("a page past the last: the 404 after the one query, and the header counted from it", async () => {
    let context: Readonly<RouterContextProvider> | undefined;
    const startCounting: MiddlewareFunction<Response> = async (args, next) => ((context = args.context), (queries = 0), next());
    const response = await catchResponse(callWithSession(inbox.loader, { url: "/cabinet/messages?page=2", cookie: seller.cookie, middleware: [startCounting] }));
    expect(response.status).toBe(404);
    expect(queries).toBe(1);
    expect(await messageStatusFor(context!, seller.id)).toEqual(await messageStatus(seller.id));
    expect(queries).toBe(2);
  });

  it("a thread: one query when read already, one more to mark it read; the header's count is the one after reading", async () => {
    const first = await load(thread.loader, `/cabinet/messages/${conversationId}`, seller.cookie, seller.id, { id: String(conversationId) });
    expect(first.result.thread.messages.map((m) => m.body)).toEqual(["Ще продається 3?"]);
    expect(first.pageQueries).toBe(2);
    expect(first.headerQueries).toBe(0);
    expect(first.status).toEqual(await messageStatus(seller.id));
    expect(first.status.unread).toBe(2);

    const again = await load(thread.loader, `/cabinet/messages/${conversationId}`, seller.cookie, seller.id, { id: String(conversationId) });
    expect(again.pageQueries).toBe(1);
    expect(again.headerQueries).toBe(0);
    expect(again.status).toEqual(first.status);
  });

  it("a thread of someone else: the 404 and a header read of its own", async () => {
    const stranger = await person("Сторонній");
    let context: Readonly<RouterContextProvider> | undefined;
    const capture: MiddlewareFunction<Response> = async (args, next) => ((context = args.context), next());
    const response = await catchResponse(
      callWithSession(thread.loader, { url: `/cabinet/messages/${conversationId}`, cookie: stranger.cookie, params: { id: String(conversationId) }, middleware: [capture] }),
    );
    expect(response.status).toBe(404);
    expect(await messageStatusFor(context!, stranger.id)).toEqual({ unread: 0, latest: 0 });
  });
});
