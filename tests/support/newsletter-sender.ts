// A newsletter batch in a process of its own, for the test that kills it halfway
// (tests/unit/newsletter-resume.test.ts): `node tests/support/newsletter-sender.ts <issue id> <limit> <now>`,
// with DATABASE_URL, SMTP_URL, PUBLIC_URL, SESSION_SECRET and DATA_DIR in the environment.
import { openPostgres } from "#db/connection.ts";
import { loadConfig, setConfig } from "#app/platform/config/config.server.ts";
import { registerDatabase } from "#app/platform/db/db.server.ts";
import { sendIssueBatch } from "#app/modules/newsletter/send.server.ts";

const [issueId, limit, now] = process.argv.slice(2);
setConfig(loadConfig(process.env));
const database = openPostgres(process.env.DATABASE_URL!, 2);
registerDatabase(database);
try {
  await sendIssueBatch(Number(issueId), { limit: Number(limit), now: new Date(now!) });
} finally {
  await database.close();
}
