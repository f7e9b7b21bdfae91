// Federation between two real server processes on this machine (each its own embedded database,
// job worker and keys), over real HTTP: both turn on their sections and follow each other by
// actor address from the dashboard, and the follows are accepted on both sides; a news item
// published on B is delivered to A's inbox and answered 202; an event published on B waits on
// A's dashboard, is approved there and shows on A's events list and page marked with its origin,
// follows B's change of title, and goes when B trashes it; an event from A reaches B the same
// way. A forged signature, an oversized body and an unknown actor are refused by A with 4xx and
// leave nothing on its dashboard. tests/unit/federation-two-portals.test.ts covers the same in one
// process; this spec is about processes, queues and sockets. JS project only (the pages' forms
// are the same with JS off, and federation.spec.ts covers those).
import { createHash, randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import path from "node:path";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { localTime } from "./support/content.ts";
import { ports } from "./support/env.ts";
import { startPortalProcess, type PortalProcess } from "./support/portal-process.ts";

test.use({ axe: { enabled: false } });

const ADMIN = { email: "fed-admin@portal.test", password: "Fed-admin-2026" };
const AP = { Accept: "application/activity+json" };

type Side = {
  name: "A" | "B";
  origin: string;
  host: string;
  process: PortalProcess;
  /** Signed in as the portal's admin. */
  admin: BrowserContext;
  page: Page;
};

const origin = (port: number) => `http://127.0.0.1:${port}`;

/** The admin's account on the portal's empty database, made with the documented command before the server starts. */
const createAdmin = (env: NodeJS.ProcessEnv) =>
  execFileSync(
    process.execPath,
    ["scripts/user-create.ts", "--email", ADMIN.email, "--password", ADMIN.password, "--role", "admin", "--name", "Federation admin"],
    { cwd: path.resolve(import.meta.dirname, "../.."), env, stdio: "pipe" },
  );

async function signedIn(browser: Browser, base: string): Promise<{ context: BrowserContext; page: Page }> {
  // One context per portal: cookies do not tell ports apart, and both portals are 127.0.0.1.
  const context = await browser.newContext({ baseURL: base, locale: "en-US", userAgent: test.info().project.use.userAgent });
  const response = await context.request.post(`${base}/login`, {
    form: { intent: "signin", email: ADMIN.email, password: ADMIN.password },
    headers: { Origin: base },
    maxRedirects: 0,
  });
  expect(response.status(), `sign in at ${base}`).toBe(302);
  return { context, page: await context.newPage() };
}

/** The inbox posts a portal answered 202, from its access log (its structured `request` lines): of a remote Article it keeps nothing, by design. */
function acceptedInboxPosts(side: Side): number {
  let count = 0;
  for (const line of side.process.output().split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; method?: string; path?: string; status?: number };
      const inbox = entry.path === "/ap/inbox" || /^\/ap\/actors\/[^/]+\/inbox$/.test(entry.path ?? "");
      if (entry.msg === "request" && entry.method === "POST" && inbox && entry.status === 202) count++;
    } catch {
      // A line of the seed's or the runtime's own output.
    }
  }
  return count;
}

async function followersOf(request: APIRequestContext, side: Side, section: "news" | "events"): Promise<string[]> {
  const response = await request.get(`${side.origin}/ap/actors/${section}/followers`, { headers: AP });
  if (!response.ok()) return [];
  const body = (await response.json()) as { items?: unknown; orderedItems?: unknown };
  const items = body.orderedItems ?? body.items ?? [];
  return (Array.isArray(items) ? items : [items]).map(String);
}

/** Publishes an item through the dashboard's create form as it posts; the item's editor path. */
async function createItem(side: Side, type: "news" | "posters", title: string): Promise<string> {
  const multipart: Record<string, string> = { intent: "save", title_uk: title, status: "published" };
  if (type === "posters") multipart.starts_at = localTime(48);
  const response = await side.admin.request.post(`${side.origin}/dashboard/${type}/new-page`, {
    multipart,
    headers: { Origin: side.origin },
    maxRedirects: 0,
  });
  expect(response.status(), `create ${title} on ${side.name}`).toBe(302);
  const location = response.headers()["location"]!;
  expect(location).toMatch(new RegExp(`^/dashboard/${type}/edit/\\d+$`));
  return location;
}

/** Waits for the event on `to`'s dashboard (sent by `from`), approves it there, and returns its public page on `to`. */
async function approveArrived(from: Side, to: Side, title: string): Promise<string> {
  const pending = to.page.getByRole("region", { name: "Events from other servers" });
  await expect
    .poll(
      async () => {
        await to.page.goto("/us/dashboard/federation");
        return pending.getByRole("heading", { name: title }).count();
      },
      { timeout: 30_000, message: `${title} waits on ${to.name}'s dashboard` },
    )
    .toBe(1);
  const held = pending.locator("li", { has: to.page.getByRole("heading", { name: title }) });
  await expect(held.getByRole("link", { name: `from ${from.host}` })).toHaveAttribute("href", new RegExp(`^${from.origin}/`));
  await held.getByRole("button", { name: `Approve ${title}` }).click();
  await expect(to.page.getByText("Event approved: it is on the events list")).toBeVisible();
  await expect(pending.getByRole("heading", { name: title })).toHaveCount(0);

  await to.page.goto("/us/poster");
  const card = to.page.locator(".content-card", { hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card.locator(".content-card__origin")).toHaveText(`from ${from.host}`);
  const href = await card.getByRole("link", { name: title }).first().getAttribute("href");
  expect(href).toMatch(/^\/us\/poster\//);
  return href!;
}

test.describe("two portals in two processes federate over HTTP @js-only", () => {
  test.describe.configure({ mode: "serial" });
  let a: Side;
  let b: Side;
  /** Every process started, stopped at the end even when the start failed half-way. */
  const processes: Array<{ name: "A" | "B"; portal: PortalProcess }> = [];
  const outputs = () =>
    processes
      .map(
        ({ name, portal }) =>
          `--- portal ${name} (exit ${portal.child.exitCode ?? portal.child.signalCode ?? "none"}):\n${portal.output().slice(-4000)}`,
      )
      .join("\n");

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(150_000);
    const start = (name: "A" | "B", port: number) =>
      startPortalProcess(port, `federation-${name.toLowerCase()}`, { FEDERATION_ALLOW_PRIVATE: "1", SEED_DEMO: "no" }, createAdmin);
    // One after the other: two embedded databases migrating at once beside the suite's server
    // and browsers crowd a two-core machine.
    const processA = await start("A", ports.federationA);
    processes.push({ name: "A", portal: processA });
    const processB = await start("B", ports.federationB);
    processes.push({ name: "B", portal: processB });
    const side = async (name: "A" | "B", port: number, process: PortalProcess): Promise<Side> => {
      const base = origin(port);
      const { context, page } = await signedIn(browser, base).catch((error: Error) => {
        throw new Error(`${error.message}\n${outputs()}`);
      });
      return { name, origin: base, host: new URL(base).host, process, admin: context, page };
    };
    a = await side("A", ports.federationA, processA);
    b = await side("B", ports.federationB, processB);
  });

  test.afterEach(async () => {
    const testInfo = test.info();
    if (testInfo.status === testInfo.expectedStatus) return;
    for (const { name, portal } of processes) {
      await testInfo.attach(`portal ${name} output`, { body: portal.output(), contentType: "text/plain" });
    }
  });

  test.afterAll(async () => {
    for (const side of [a, b]) await side?.admin.close();
    for (const { portal } of processes) portal.stop();
  });

  test("they turn on their sections, follow each other's actors by address, and both sides accept", async ({ request }) => {
    for (const side of [a, b]) {
      await side.page.goto("/us/dashboard/federation");
      await side.page.getByLabel("News (articles)").check();
      await side.page.getByLabel("Events", { exact: true }).check();
      await side.page.getByRole("button", { name: "Save" }).click();
      await expect(side.page.getByText("Federated sections saved")).toBeVisible();
    }
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const following = from.page.getByRole("region", { name: "Followed accounts" });
      for (const section of ["events", "news"]) {
        await following.getByLabel("Account to follow").fill(`${to.origin}/ap/actors/${section}`);
        await following.getByRole("button", { name: "Follow", exact: true }).click();
        await expect(from.page.getByText("Follow request sent")).toBeVisible();
      }
    }
    // Each side's Accept came back: the dashboard says "following" for both, and the other side lists the follower.
    for (const side of [a, b]) {
      const following = side.page.getByRole("region", { name: "Followed accounts" });
      await expect
        .poll(
          async () => {
            await side.page.goto("/us/dashboard/federation");
            return following.locator("li").filter({ hasText: "following" }).count();
          },
          { timeout: 30_000, message: `${side.name}'s follows accepted` },
        )
        .toBe(2);
      await expect(following.locator("li").filter({ hasText: "waiting" })).toHaveCount(0);
    }
    for (const [follower, followed] of [
      [a, b],
      [b, a],
    ] as const) {
      for (const section of ["news", "events"] as const) {
        expect(await followersOf(request, followed, section), `${followed.name}'s ${section} followers`).toEqual([
          `${follower.origin}/ap/actors/events`,
        ]);
      }
    }
  });

  test("a news item published on B is delivered to A's inbox and accepted", async ({ request }) => {
    const title = `Federated news ${Date.now()}`;
    const before = acceptedInboxPosts(a);
    await createItem(b, "news", title);
    // B publishes it in its outbox, and its delivery to A (the only follower) is answered 202.
    const outbox = await request.get(`${b.origin}/ap/actors/news/outbox?cursor=0`, { headers: AP });
    expect(JSON.stringify(await outbox.json())).toContain(title);
    await expect.poll(() => acceptedInboxPosts(a), { timeout: 20_000, message: "A accepted B's Create" }).toBeGreaterThan(before);
  });

  test("an event from B waits on A, is approved, follows B's edit and goes with B's trash", async ({ browser }) => {
    const title = `Federated event B ${Date.now()}`;
    const editPath = await createItem(b, "posters", title);
    const pagePath = await approveArrived(b, a, title);

    // A visitor of A (no session) sees it, marked with its origin and linked to the original on B.
    const visitor = await browser.newContext({ baseURL: a.origin, locale: "en-US", userAgent: test.info().project.use.userAgent });
    const page = await visitor.newPage();
    await page.goto(pagePath);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const originLink = page.getByRole("link", { name: `from ${b.host}` });
    const original = await originLink.getAttribute("href");
    expect(original).toMatch(new RegExp(`^${b.origin}/poster/`));
    const onB = await page.request.get(original!);
    expect(onB.status()).toBe(200);
    expect(await onB.text()).toContain(title);

    const renamed = `${title} renamed`;
    await b.page.goto(`/us${editPath}`);
    await b.page.getByLabel(/^Title \(.*Ukrainian\)$/).fill(renamed);
    await b.page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(b.page.getByText("Saved.", { exact: true })).toBeVisible();
    await expect
      .poll(
        async () => {
          await page.goto(pagePath);
          return page.getByRole("heading", { level: 1 }).textContent();
        },
        { timeout: 20_000, message: "A shows B's new title" },
      )
      .toBe(renamed);

    const trashed = await b.admin.request.post(`${b.origin}${editPath}`, {
      form: { intent: "trash" },
      headers: { Origin: b.origin },
      maxRedirects: 0,
    });
    expect(trashed.status()).toBe(302);
    await expect
      .poll(async () => (await page.request.get(`${a.origin}${pagePath}`)).status(), { timeout: 20_000, message: "gone from A" })
      .toBe(404);
    await page.goto("/us/poster");
    await expect(page.locator(".content-card", { hasText: title })).toHaveCount(0);
    await visitor.close();
  });

  test("an event from A reaches B the same way", async () => {
    const title = `Federated event A ${Date.now()}`;
    await createItem(a, "posters", title);
    const pagePath = await approveArrived(a, b, title);
    await b.page.goto(pagePath);
    await expect(b.page.getByRole("link", { name: `from ${a.host}` })).toHaveAttribute("href", new RegExp(`^${a.origin}/poster/`));
  });

  test("A refuses a forged signature, an oversized body and an unknown actor, and shows nothing of them", async ({ request }) => {
    const actor = (await (await request.get(`${b.origin}/ap/actors/events`, { headers: AP })).json()) as { publicKey: { id: string } };
    const name = `Forged event ${Date.now()}`;
    const activity = (actorId: string) =>
      JSON.stringify({
        "@context": "https://www.w3.org/ns/activitystreams",
        id: `${actorId}#forged-${Date.now()}`,
        type: "Create",
        actor: actorId,
        object: {
          id: `${b.origin}/ap/events/999999`,
          type: "Event",
          name,
          startTime: new Date(Date.now() + 86_400_000).toISOString(),
          attributedTo: actorId,
        },
      });
    /** A post that looks signed (Date, Digest, a Signature naming `keyId`) but whose signature is random bytes. */
    const post = (keyId: string, body: string) =>
      fetch(`${a.origin}/ap/inbox`, {
        method: "POST",
        body,
        headers: {
          "Content-Type": "application/activity+json",
          Date: new Date().toUTCString(),
          Digest: `SHA-256=${createHash("sha256").update(body).digest("base64")}`,
          Signature: `keyId="${keyId}",algorithm="rsa-sha256",headers="(request-target) host date digest",signature="${randomBytes(256).toString("base64")}"`,
        },
      });

    // B's real key, a signature B never made.
    expect((await post(actor.publicKey.id, activity(`${b.origin}/ap/actors/events`))).status).toBe(401);
    expect((await post(actor.publicKey.id, "x".repeat(300 * 1024))).status).toBe(413);
    const nobody = `${b.origin}/ap/actors/nobody`;
    // Its key cannot be fetched (B has no such actor), so nothing can be verified.
    expect((await post(`${nobody}#main-key`, activity(nobody))).status).toBe(401);

    await a.page.goto("/us/dashboard/federation");
    await expect(a.page.getByRole("region", { name: "Events from other servers" })).toContainText("No events are waiting.");
    await expect(a.page.getByText(name)).toHaveCount(0);
  });
});
