// The job runner (app/platform/jobs) is generic: jobs come from the domains through the app's
// list, and each payload is checked against its job's schema when it runs (a bad one fails that
// job and the worker goes on). That the runner imports no domain module is the dependency rule
// platform-not-to-domain (.dependency-cruiser.cjs, `npm run lint:deps`).
import { sql } from "kysely";
import { afterAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { appJobs } from "#app/jobs.server.ts";
import { defineJob, enqueue, jobQueue, SCAN_QUEUE } from "#app/platform/jobs/queue.server.ts";
import { runQueuedJobsOf, startJobWorker, type JobWorker } from "#app/platform/jobs/worker.server.ts";
import { useTestDatabase } from "../support/db.ts";

const t = useTestDatabase();

describe("the job runner", () => {
  it("keeps the app's job names, schedules and retries", () => {
    const byName = Object.fromEntries(appJobs.map((job) => [job.name, job]));
    expect(Object.keys(byName).sort()).toEqual([
      "advert-expiry-mails",
      "data-export",
      "data-export-cleanup",
      "document-reminders",
      "event-reminders",
      "event-series",
      "federation-deliver",
      "federation-kv-sweep",
      "federation-sync",
      "mail-account",
      "mail-advert-held",
      "mail-email-change",
      "mail-event-notice",
      "mail-message",
      "mail-message-digest",
      "mail-moderation",
      "mail-newsletter",
      "mail-newsletter-test",
      "mail-organisation-invitation",
      "mail-saved-search-alert",
      "mail-security",
      "mail-sign-in-link",
      "mail-submission",
      "mail-waitlist-promoted",
      "message-digests",
      "newsletter-scan",
      "push-send",
      "rating-requests",
      "saved-search-alerts",
      "trust-stats",
    ]);
    expect(appJobs).toHaveLength(30);
    const schedules = Object.fromEntries(appJobs.filter((job) => job.schedule).map((job) => [job.name, job.schedule]));
    expect(schedules).toEqual({
      "saved-search-alerts": { cron: "* * * * *", atStart: true },
      "message-digests": { cron: "0 6 * * *" },
      "advert-expiry-mails": { cron: "* * * * *", atStart: true },
      "data-export-cleanup": { cron: "17 * * * *" },
      "document-reminders": { cron: "23 * * * *", atStart: true },
      "event-reminders": { cron: "*/10 * * * *", atStart: true },
      "event-series": { cron: "17 3 * * *", atStart: true },
      "rating-requests": { cron: "*/15 * * * *" },
      "newsletter-scan": { cron: "* * * * *" },
      "trust-stats": { cron: "*/10 * * * *", atStart: true },
      "federation-sync": { cron: "* * * * *" },
      "federation-kv-sweep": { cron: "17 3 * * *" },
    });
    const mail = {
      retryLimit: 10,
      retryBackoff: true,
      retryDelayMax: 3_600,
      expireInSeconds: 300,
      deleteAfterSeconds: 7 * 24 * 3_600,
      notify: true,
    };
    expect(byName["mail-account"]!.queue).toEqual(mail);
    expect(byName["mail-message"]!.queue).toEqual({ ...mail, policy: "stately" });
    expect(byName["mail-saved-search-alert"]!.queue).toEqual({ ...mail, policy: "exclusive" });
    expect(byName["mail-waitlist-promoted"]!.queue).toEqual(mail);
    expect(byName["push-send"]!.queue).toEqual(mail);
    expect(byName["federation-deliver"]!.queue).toEqual({ ...mail, retryLimit: 8 });
    expect(byName["data-export"]!.queue).toEqual({
      retryLimit: 3,
      retryBackoff: true,
      retryDelayMax: 3_600,
      expireInSeconds: 1_800,
      deleteAfterSeconds: 7 * 24 * 3_600,
    });
    expect(byName["message-digests"]!.queue).toEqual({
      policy: "exclusive",
      retryLimit: 0,
      expireInSeconds: 600,
      deleteAfterSeconds: 7 * 24 * 3_600,
    });
    expect(byName["event-reminders"]!.queue).toEqual({
      policy: "exclusive",
      retryLimit: 0,
      expireInSeconds: 600,
      deleteAfterSeconds: 24 * 3_600,
    });
  });

  describe("payloads", () => {
    const seen: number[] = [];
    const echo = defineJob({
      name: "test-echo",
      schema: z.object({ n: z.number().int() }),
      queue: { ...SCAN_QUEUE, policy: "standard" },
      handler: async (payload) => {
        seen.push(payload.n);
      },
    });
    let worker: JobWorker | undefined;
    afterAll(async () => {
      await worker?.stop();
    });

    async function states(): Promise<string[]> {
      const { rows } = await sql<{
        state: string;
      }>`select state::text as state from pgboss.job where name = 'test-echo' order by created_on, id`.execute(t.db);
      return rows.map((row) => row.state);
    }

    it("a payload its schema refuses fails that job; the others run", async () => {
      const boss = await jobQueue(t.database);
      await enqueue(echo, { n: 1 });
      await boss.send("test-echo", { n: "two" });
      await enqueue(echo, { n: 3 });
      expect(await runQueuedJobsOf([echo])).toEqual({ completed: 2, failed: 1 });
      expect(seen.sort()).toEqual([1, 3]);
      expect((await states()).sort()).toEqual(["completed", "completed", "failed"]);
    });

    it("the worker survives a bad payload and runs the next job", async () => {
      seen.length = 0;
      worker = await startJobWorker([echo], { database: t.database, pollSeconds: 0.5 });
      const boss = await jobQueue(t.database);
      await boss.send("test-echo", null);
      await boss.send("test-echo", { n: 1.5 });
      await enqueue(echo, { n: 4 });
      await vi.waitFor(() => expect(seen).toEqual([4]), { timeout: 15_000, interval: 50 });
      await vi.waitFor(async () => expect((await states()).filter((state) => state === "failed")).toHaveLength(3), {
        timeout: 15_000,
        interval: 100,
      });
    });
  });

  it("settles once the jobs due have run, also those a job queued, and not before", async () => {
    const done: string[] = [];
    const second = defineJob({
      name: "test-settle-second",
      schema: z.object({}),
      queue: { ...SCAN_QUEUE, policy: "standard" },
      handler: async () => {
        done.push("second");
      },
    });
    const first = defineJob({
      name: "test-settle-first",
      schema: z.object({}),
      queue: { ...SCAN_QUEUE, policy: "standard" },
      handler: async () => {
        await enqueue(second, {});
        done.push("first");
      },
    });
    const worker = await startJobWorker([first, second], { database: t.database, pollSeconds: 0.5 });
    try {
      await enqueue(first, {});
      // One waiting for an hour does not keep the queue from settling.
      await enqueue(second, {}, { startAfter: 3_600 });
      await worker.settled(30_000);
      expect(done).toEqual(["first", "second"]);
    } finally {
      await worker.stop();
    }
  });
});
