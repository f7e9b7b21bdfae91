import { PgBoss, fromPglite, type Queue, type SendOptions } from "pg-boss";
import type { Database } from "#db/connection.ts";
import type { SecurityEvent } from "#app/modules/auth/security-mail.server.ts";
import { getConfig } from "#app/modules/config/config.server.ts";
import { getDatabase } from "#app/modules/db/db.server.ts";
import type { SubmissionType } from "#app/modules/submissions/forms.ts";

// The one job queue (pg-boss, in the portal's own database): mail and scheduled work. A
// request only enqueues; a worker in every server process takes jobs with SKIP LOCKED, so
// each job runs in one process, and a failed one comes back later with exponential backoff.
// On PostgreSQL pg-boss keeps a small pool of its own (it LISTENs for new jobs); on the
// embedded database it shares the one PGlite instance. docs/adr/0010-job-queue.md.

/** The schema pg-boss installs its tables in. */
const JOB_SCHEMA = "pgboss";

/** What each kind of job carries: ids and the origin links are built on; the mail is written when it is sent. */
export type JobPayloads = {
  "mail-account": { kind: "verify" | "already_registered"; userId: number; origin: string } | { kind: "reset"; email: string; origin: string };
  "mail-moderation": { advertId: number; outcome: "approved" | "rejected"; reason: string | null; origin: string };
  /** Staff's decision on a user's submitted event, service or organisation (app/modules/submissions/mail.server.ts). */
  "mail-submission": { type: SubmissionType; id: number; outcome: "approved" | "rejected"; reason: string | null; origin: string };
  /** `at`: the scan's time, which marks the matches sent (tests move it). */
  "mail-saved-search-alert": { savedSearchId: number; at: string };
  "saved-search-alerts": { at?: string };
  /** After a private message: maybe a mail to the other party (app/modules/messages/mail.server.ts). */
  "mail-message": { conversationId: number; senderId: number };
  /** The daily scan that queues message digests, and one user's digest. */
  "message-digests": { at?: string };
  "mail-message-digest": { userId: number; at: string };
  /** The scan that mails advert owners before and after expiry (app/modules/adverts/expiry-reminders.server.ts). */
  "advert-expiry-mails": { at?: string };
  /** A sign-in link for whoever owns `email` (app/modules/auth/sign-in-link.server.ts). */
  "mail-sign-in-link": { email: string; origin: string };
  /** A security mail: new device, password or email changed, two-factor or passkeys changed (auth/security-mail.server.ts). */
  "mail-security": { userId: number; event: SecurityEvent; device: string | null; at: string; origin: string };
  /** Builds a personal data export too large to send at once, then mails its link (account-export/). */
  "data-export": { exportId: number; origin: string; consent: string | null };
  /** The hourly scan that removes downloaded and expired export files. */
  "data-export-cleanup": { at?: string };
  /** The scan that mails those going to an event the day before (app/modules/posters/reminders.server.ts). */
  "event-reminders": { at?: string };
};
export type JobName = keyof JobPayloads;

/** A mail is retried for a few hours before it is given up (JOB_RETRY_SECONDS doubling, capped at an hour). */
const MAIL: Omit<Queue, "name"> = { retryLimit: 10, retryBackoff: true, retryDelayMax: 3_600, expireInSeconds: 300, deleteAfterSeconds: 7 * 24 * 3_600, notify: true };

const QUEUES: Record<JobName, Omit<Queue, "name">> = {
  "mail-account": MAIL,
  "mail-moderation": MAIL,
  "mail-submission": MAIL,
  // One alert mail per search (singletonKey) queued, waiting to retry or running: a scan meanwhile adds nothing.
  "mail-saved-search-alert": { ...MAIL, policy: "exclusive" },
  // The scan: one at a time across all processes; the next minute's scan takes over a failed one.
  "saved-search-alerts": { policy: "exclusive", retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 24 * 3_600 },
  // Per conversation and sender (singletonKey): one waiting and one running; a message meanwhile adds nothing.
  "mail-message": { ...MAIL, policy: "stately" },
  "message-digests": { policy: "exclusive", retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 7 * 24 * 3_600 },
  "mail-message-digest": { ...MAIL, policy: "exclusive" },
  // Each mail is claimed in advert_expiry_mails before it is sent, and released when sending fails: the next scan retries it.
  "advert-expiry-mails": { policy: "exclusive", retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 24 * 3_600 },
  "mail-sign-in-link": MAIL,
  "mail-security": MAIL,
  // A large photo set takes a while to pack; a failed build is retried a few times.
  "data-export": { retryLimit: 3, retryBackoff: true, retryDelayMax: 3_600, expireInSeconds: 1_800, deleteAfterSeconds: 7 * 24 * 3_600 },
  "data-export-cleanup": { policy: "exclusive", retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 24 * 3_600 },
  // Each mail is claimed in poster_reminders before it is sent, and released when sending fails: the next scan retries it.
  "event-reminders": { policy: "exclusive", retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 24 * 3_600 },
};

export const jobNames = Object.keys(QUEUES) as JobName[];

type Connection = Pick<Database, "url" | "pglite">;

function createBoss(database: Connection, background = true): PgBoss {
  const common = { schema: JOB_SCHEMA, useListenNotify: background, supervise: background, schedule: background } as const;
  if (database.pglite) return new PgBoss({ ...common, backend: "pglite", db: fromPglite(database.pglite) });
  if (database.url) return new PgBoss({ ...common, backend: "postgres", connectionString: database.url, max: 3, application_name: "portal-jobs" });
  throw new Error("The job queue needs a database opened by db/connection.ts (PostgreSQL URL or PGlite instance)");
}

/** Starts pg-boss on `database` (installing or upgrading its schema) and creates the queues it lacks. */
export async function openJobQueue(database: Connection, background = true): Promise<PgBoss> {
  const boss = createBoss(database, background);
  boss.on("error", (error) => console.error("job queue:", error));
  await boss.start();
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  for (const name of jobNames) if (!existing.has(name)) await boss.createQueue(name, QUEUES[name]);
  return boss;
}

/** Installs the queue's schema and queues, then lets go (the test template is migrated once, with it). */
export async function installJobQueue(database: Connection): Promise<void> {
  await (await openJobQueue(database, false)).stop({ graceful: false });
}

// One queue per opened database in this process (the server reaches this module only through
// the app build, so there is one copy of it).
const queues = new Map<Database, Promise<PgBoss>>();

/** This process's queue on `database` (the registered one by default), started on first use. */
export function jobQueue(database: Database = getDatabase()): Promise<PgBoss> {
  let boss = queues.get(database);
  if (!boss) {
    boss = openJobQueue(database);
    queues.set(database, boss);
    boss.catch(() => queues.delete(database));
  }
  return boss;
}

/** Stops this process's queue on `database`: workers finish the job in hand (up to 30 s). */
export async function stopJobQueue(database: Database = getDatabase()): Promise<void> {
  const boss = queues.get(database);
  if (!boss) return;
  queues.delete(database);
  await (await boss.catch(() => undefined))?.stop({ graceful: true, timeout: 30_000 });
}

/** Queues a job; a worker runs it. Returns its id, or null when the queue's policy refused a duplicate. */
export async function enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: SendOptions = {}): Promise<string | null> {
  const boss = await jobQueue();
  const retry = QUEUES[name].retryBackoff ? { retryDelay: getConfig().jobRetrySeconds } : {};
  return boss.send(name, payload, { ...retry, ...options });
}
