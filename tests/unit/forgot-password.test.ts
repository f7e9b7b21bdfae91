// "Forgot password" must not tell by its answer, nor by how long the answer takes, whether an
// address has an account. The request only queues the address (the same insert for a known
// and an unknown one); the job worker looks it up and mails a known one. The mail goes through
// a transport the test controls, so it can tell whether the request sent anything itself.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { MailMessage, SentMail } from "#app/platform/mail/mailer.server.ts";
import * as login from "#app/routes/login/route.tsx";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { redirectLogs } from "#app/platform/logger/logger.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callWithSession, makeUser, useAccountConfig } from "../support/auth.ts";

const gate = vi.hoisted(() => ({ sent: [] as string[], entered: 0, failure: null as Error | null }));

vi.mock("#app/platform/mail/mailer.server.ts", () => ({
  async sendMail(message: MailMessage): Promise<SentMail> {
    gate.entered++;
    if (gate.failure) throw gate.failure;
    gate.sent.push(message.to);
    return { transport: "outbox" };
  },
}));

const t = useTestDatabase();

beforeAll(() => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
});

afterEach(async () => {
  gate.failure = null;
  await runQueuedJobs({ ignoreStartAfter: true });
  gate.sent.length = 0;
  gate.entered = 0;
});

async function answer(email: string, ip: string): Promise<{ status: number; location: string | null }> {
  const { result } = await callWithSession(login.action, { url: "/login", ip, form: { intent: "forgot", email } });
  const response = result as Response;
  return { status: response.status, location: response.headers.get("Location") };
}

/** The queued reset jobs' payloads, oldest first. */
async function queuedResets() {
  const rows = await t.db
    .selectFrom("pgboss.job" as never)
    .select(["data" as never])
    .where("name" as never, "=", "mail-account" as never)
    .where("state" as never, "in", ["created", "retry"] as never)
    .orderBy("created_on" as never)
    .execute();
  return (rows as Array<{ data: { kind: string; email?: string } }>).map((row) => row.data).filter((data) => data.kind === "reset");
}

describe("forgot password", () => {
  it("answers a known and an unknown address alike, having sent nothing; the worker then mails the known one only", async () => {
    const user = await makeUser({ email: "known@example.test" });
    const known = await answer(user.email, "198.51.100.31");
    const unknown = await answer("nobody-here@example.test", "198.51.100.32");
    expect(known).toEqual({ status: 302, location: "/verify-request?sent=reset" });
    expect(unknown).toEqual(known);
    // The request did the same for both: one queued job each, and no mail.
    expect((await queuedResets()).map((data) => data.email)).toEqual([user.email, "nobody-here@example.test"]);
    expect(gate.entered).toBe(0);

    expect(await runQueuedJobs()).toEqual({ completed: 2, failed: 0 });
    expect(gate.sent).toEqual([user.email]);
  });

  it("a failing mail is the job's failure, not the request's: it is retried and then sent once", async () => {
    const user = await makeUser({ email: "unlucky@example.test" });
    const lines: string[] = [];
    const restoreLogs = redirectLogs({ write: (line: string) => void lines.push(line) }, "error");
    gate.failure = new Error("SMTP down");
    try {
      expect(await answer(user.email, "198.51.100.33")).toEqual({ status: 302, location: "/verify-request?sent=reset" });
      expect(await runQueuedJobs()).toEqual({ completed: 0, failed: 1 });
      expect(lines.map((line) => JSON.parse(line) as { msg: string; job: string; err: { message: string } })).toEqual([
        expect.objectContaining({
          msg: "job mail-account failed",
          job: "mail-account",
          err: expect.objectContaining({ message: "SMTP down" }),
        }),
      ]);
      // The retry waits (backoff): nothing due now.
      expect(await runQueuedJobs()).toEqual({ completed: 0, failed: 0 });
    } finally {
      restoreLogs();
      gate.failure = null;
    }
    expect(await runQueuedJobs({ ignoreStartAfter: true })).toEqual({ completed: 1, failed: 0 });
    expect(gate.sent).toEqual([user.email]);
  });
});
