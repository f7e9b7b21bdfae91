// The job queue against a real SMTP server that refuses for a while (a temporary 4xx at the
// greeting, at MAIL FROM or after the message, in turn) and then accepts: every queued mail
// arrives exactly once, sent by two workers on one database with retries and backoff.
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { SMTPServer, type SMTPServerDataStream } from "smtp-server";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queuePasswordResetMail, queueVerificationMail } from "#app/modules/auth/account-mail.server.ts";
import { openJobQueue } from "#app/platform/jobs/queue.server.ts";
import { redirectLogs } from "#app/platform/logger/logger.server.ts";
import { startJobWorker, type JobWorker } from "#app/jobs.server.ts";
import { makeUser, useAccountConfig } from "../support/auth.ts";
import { useTestDatabase } from "../support/db.ts";

const t = useTestDatabase();

type Delivery = { to: string; subject: string; body: string };

/** An SMTP server that refuses the first `refusals` connections, then takes every message. */
function flakySmtp(refusals: number) {
  const state = { connections: 0, refused: 0, delivered: [] as Delivery[], refusals };
  const temporary = (message: string) => Object.assign(new Error(message), { responseCode: 451 });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onConnect(session, callback) {
      state.connections++;
      const refuse = state.connections <= state.refusals;
      (session as { refuseAt?: string }).refuseAt = refuse ? (["greeting", "mail", "data"] as const)[state.connections % 3] : undefined;
      if (refuse) state.refused++;
      // A refused greeting: 421, and the server closes the connection.
      if ((session as { refuseAt?: string }).refuseAt === "greeting")
        return callback(Object.assign(new Error("Too busy, try later"), { responseCode: 421 }));
      callback();
    },
    onMailFrom(_address, session, callback) {
      callback((session as { refuseAt?: string }).refuseAt === "mail" ? temporary("Mailbox busy, try later") : null);
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if ((session as { refuseAt?: string }).refuseAt === "data") return callback(temporary("Queue full, try later"));
        const raw = Buffer.concat(chunks).toString("utf8");
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";
        state.delivered.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(","), subject, body: raw });
        callback();
      });
    },
  });
  return {
    state,
    listen: () =>
      new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function jobStates(name: string): Promise<Record<string, number>> {
  const { rows } = await sql<{
    state: string;
    count: number;
  }>`select state::text as state, count(*)::int as count from pgboss.job where name = ${name} group by state`.execute(t.db);
  return Object.fromEntries(rows.map((row) => [row.state, row.count]));
}

describe("the job queue", () => {
  const smtp = flakySmtp(12);
  const workers: JobWorker[] = [];
  let second: PgBoss;

  beforeAll(async () => {
    const port = await smtp.listen();
    // The first retry after 1 s (doubling), so the test sees several rounds of backoff quickly.
    useAccountConfig({ PUBLIC_URL: "https://portal.example", SMTP_URL: `smtp://127.0.0.1:${port}`, JOB_RETRY_SECONDS: "1" });
    // Two workers on one database: this process's queue, and a second pg-boss instance of its own.
    second = await openJobQueue(t.database);
    workers.push(await startJobWorker({ pollSeconds: 0.5 }), await startJobWorker({ boss: second, pollSeconds: 0.5 }));
  });

  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await smtp.close();
  });

  it("delivers every mail exactly once through refusals, with two workers", { timeout: 90_000 }, async () => {
    const lines: string[] = [];
    const restoreLogs = redirectLogs({ write: (line: string) => void lines.push(line) }, "error");
    const users = await Promise.all(Array.from({ length: 6 }, (_, i) => makeUser({ email: `queue${i}@example.test`, verified: false })));
    for (const user of users) await queueVerificationMail(user, "https://portal.example");
    for (const user of users.slice(0, 3)) await queuePasswordResetMail(user.email, "https://portal.example");
    // An address with no account: queued like the others, and never mailed.
    await queuePasswordResetMail("nobody@example.test", "https://portal.example");
    const expected = users.length + 3;

    await vi.waitFor(async () => expect((await jobStates("mail-account")).completed).toBe(expected + 1), {
      timeout: 60_000,
      interval: 250,
    });
    // The worker logged each refusal as a failed attempt.
    restoreLogs();
    expect(
      lines.map((line) => JSON.parse(line) as { msg: string }).filter((entry) => entry.msg === "job mail-account failed"),
    ).toHaveLength(12);

    const keys = smtp.state.delivered.map((mail) => `${mail.to} ${mail.subject}`);
    const duplicates = keys.length - new Set(keys).size;
    const failedAttempts = Number(
      (await sql<{ n: number }>`select coalesce(sum(retry_count), 0)::int as n from pgboss.job where name = 'mail-account'`.execute(t.db))
        .rows[0]!.n,
    );
    console.log(
      `job queue (${t.kind}): ${expected} mails queued, ${smtp.state.connections} SMTP attempts (${smtp.state.refused} refused), ` +
        `${smtp.state.delivered.length} delivered, ${duplicates} duplicates, ${failedAttempts} job retries`,
    );
    expect(smtp.state.refused).toBe(12);
    expect(duplicates).toBe(0);
    expect(smtp.state.delivered).toHaveLength(expected);
    expect(new Set(smtp.state.delivered.map((mail) => mail.to))).toEqual(new Set(users.map((user) => user.email)));
    expect(smtp.state.delivered.some((mail) => mail.to === "nobody@example.test")).toBe(false);
    // Each refusal made one job try again; none gave up.
    expect(failedAttempts).toBe(12);
    expect(await jobStates("mail-account")).toEqual({ completed: expected + 1 });
  });

  it("runs each of many jobs once when two workers compete for them", { timeout: 90_000 }, async () => {
    const before = smtp.state.delivered.length;
    const users = await Promise.all(Array.from({ length: 30 }, (_, i) => makeUser({ email: `many${i}@example.test`, verified: false })));
    for (const user of users) await queueVerificationMail(user, "https://portal.example");
    await vi.waitFor(async () => expect((await jobStates("mail-account")).completed).toBe(10 + 30), { timeout: 60_000, interval: 250 });
    const delivered = smtp.state.delivered.slice(before).map((mail) => mail.to);
    expect(delivered).toHaveLength(30);
    expect(new Set(delivered)).toEqual(new Set(users.map((user) => user.email)));
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pgboss.job where name = 'mail-account' and retry_count > 0 and created_on > now() - interval '1 minute' and data->>'userId' = any(${users.map((user) => String(user.id))})`.execute(
      t.db,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
