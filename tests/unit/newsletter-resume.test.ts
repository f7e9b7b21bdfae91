// A digest to 1,000 confirmed subscribers through a real SMTP server (smtp-server), its sender
// killed halfway and the batch resumed: every subscriber receives exactly one copy, counted by
// recipient at the server. On PostgreSQL the sender is a child process killed with SIGKILL while
// its next mail waits at the server; on PGlite, which one process holds, the stuck batch is
// abandoned in process instead. The resumed batch runs past the claims' lease, as the next
// scans after a crash would.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { sql } from "kysely";
import { SMTPServer, type SMTPServerDataStream } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getConfig } from "#app/platform/config/config.server.ts";
import { CLAIM_LEASE_MS, sendIssueBatch } from "#app/modules/newsletter/send.server.ts";
import { useAccountConfig } from "../support/auth.ts";
import { useTestDatabase } from "../support/db.ts";
import { insertRow } from "../support/rows.ts";

const t = useTestDatabase();

/** The project's Node (24, with type stripping) when the test runner was started by an older one. */
function nodeBinary(): string {
  const local = path.resolve("node_modules/.bin/node");
  return existsSync(local) ? local : process.execPath;
}
const SUBSCRIBERS = 1000;
const KILL_AFTER = 400;

/** An SMTP server that counts deliveries by recipient; while `hold` is set it leaves every new MAIL FROM unanswered. */
function countingSmtp() {
  const state = { delivered: new Map<string, number>(), total: 0, hold: false, held: 0 };
  const waiting: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    closeTimeout: 200,
    disableReverseLookup: true,
    onMailFrom(_address, _session, callback) {
      if (!state.hold) return callback();
      state.held++;
      waiting.push(() => callback(Object.assign(new Error("Try later"), { responseCode: 421 })));
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(",");
        state.delivered.set(to, (state.delivered.get(to) ?? 0) + 1);
        state.total++;
        // The kill point: from here on the sender's next mail waits at the server, unsent.
        if (state.total === KILL_AFTER) state.hold = true;
        callback();
      });
    },
  });
  return {
    state,
    release: () => waiting.splice(0).forEach((answer) => answer()),
    listen: () =>
      new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("a digest batch killed halfway", () => {
  const smtp = countingSmtp();
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const port = await smtp.listen();
    const dataDir = useAccountConfig({ PUBLIC_URL: "https://portal.example", SMTP_URL: `smtp://127.0.0.1:${port}` });
    env = { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir, SESSION_SECRET: "s".repeat(40), PUBLIC_URL: "https://portal.example" };
    env.SMTP_URL = getConfig().smtpUrl ?? undefined;
  });

  afterAll(async () => {
    smtp.release();
    await smtp.close();
  });

  it("resumes without a second copy to anyone: each of 1,000 subscribers gets exactly one", { timeout: 60_000 }, async () => {
    const now = new Date();
    await insertRow(t.db, "news", {
      slug: "resume-news",
      title_uk: "Новина тижня",
      status: "published",
      published_at: new Date(now.getTime() - 60 * 60 * 1000),
    });
    await sql`insert into newsletter_subscribers (email, language, topics, status, confirmed_at)
      select 'reader' || n || '@example.test', 'uk', '{news}', 'confirmed', now() from generate_series(1, ${SUBSCRIBERS}) as n`.execute(
      t.db,
    );
    const issueId = await insertRow(t.db, "newsletter_issues", {
      kind: "digest",
      status: "sending",
      period_from: new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000),
      period_to: now,
      started_at: now,
    });

    let abandoned: Promise<unknown> | null = null;
    let child: ChildProcess | null = null;
    if (t.kind === "postgres") {
      child = spawn(
        nodeBinary(),
        [path.resolve("tests/support/newsletter-sender.ts"), String(issueId), String(SUBSCRIBERS), now.toISOString()],
        { env: { ...env, DATABASE_URL: t.database.url }, stdio: ["ignore", "pipe", "pipe"] },
      );
    } else {
      abandoned = sendIssueBatch(issueId, { limit: SUBSCRIBERS, now }).catch(() => undefined);
    }
    let errors = "";
    child?.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child?.stdout?.on("data", (chunk: Buffer) => (errors += chunk.toString().slice(0, 300)));
    await vi.waitFor(
      () =>
        expect({ held: smtp.state.held, total: smtp.state.total, errors: errors.slice(0, 600) }).toEqual({
          held: 1,
          total: KILL_AFTER,
          errors: "",
        }),
      { timeout: 25_000, interval: 50 },
    );
    if (child) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
    expect(smtp.state.total).toBe(KILL_AFTER);
    const { rows } = await sql<{ sent: number; open: number }>`select count(*) filter (where sent_at is not null)::int as sent,
      count(*) filter (where sent_at is null)::int as open from newsletter_deliveries where issue_id = ${issueId}`.execute(t.db);
    // What the crash left: the mails the server took, marked sent, and the one claim it was sending.
    expect(rows[0]).toEqual({ sent: KILL_AFTER, open: 1 });

    // Resumed by a later scan: before the lease is over it leaves the open claim alone, then takes it again.
    smtp.state.hold = false;
    const early = await sendIssueBatch(issueId, { limit: SUBSCRIBERS, now: new Date(now.getTime() + 60_000) });
    expect(early).toEqual({ sent: SUBSCRIBERS - KILL_AFTER - 1, done: false });
    const late = await sendIssueBatch(issueId, { limit: SUBSCRIBERS, now: new Date(now.getTime() + CLAIM_LEASE_MS + 60_000) });
    expect(late).toEqual({ sent: 1, done: true });
    smtp.release();
    await abandoned;

    expect(smtp.state.delivered.size).toBe(SUBSCRIBERS);
    expect([...smtp.state.delivered.values()].every((count) => count === 1)).toBe(true);
    expect(smtp.state.total).toBe(SUBSCRIBERS);
    const issue = await t.db.selectFrom("newsletter_issues").select("status").where("id", "=", issueId).executeTakeFirstOrThrow();
    expect(issue.status).toBe("sent");
  });
});
