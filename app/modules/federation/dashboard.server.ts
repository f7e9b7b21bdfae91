import type { Kysely } from "kysely";
import type { DB, FederationSection } from "#db/schema.ts";
import { getConfig } from "#app/platform/config/config.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { enabledSections } from "./sections.server.ts";

// What the dashboard's federation page shows: the sections and their handles and followers,
// the actors staff follow, the remote events waiting for a decision, the blocked domains.

const db = () => getDb() as Kysely<DB>;

export async function federationOverview() {
  const host = new URL(getConfig().origin).host;
  const [sections, followers, following, pending, approved, blocked] = await Promise.all([
    enabledSections(db()),
    db()
      .selectFrom("federation_followers")
      .select(["section", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("section")
      .execute(),
    db()
      .selectFrom("federation_following")
      .select(["id", "handle", "actor_id", "state", "created_at"])
      .orderBy("created_at", "desc")
      .execute(),
    db()
      .selectFrom("federation_remote_events")
      .select(["id", "name", "content", "starts_at", "ends_at", "location", "url", "object_id", "actor_id", "received_at"])
      .where("state", "=", "pending")
      .orderBy("received_at", "desc")
      .limit(100)
      .execute(),
    db()
      .selectFrom("federation_remote_events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("state", "=", "approved")
      .executeTakeFirstOrThrow(),
    db().selectFrom("federation_blocked_domains").select("host").orderBy("host").execute(),
  ]);
  const followerCount = (section: FederationSection) => Number(followers.find((row) => row.section === section)?.n ?? 0);
  return {
    sections: (["news", "events"] as const).map((section) => ({
      section,
      enabled: sections.includes(section),
      handle: `@${section}@${host}`,
      followers: followerCount(section),
    })),
    following: following.map((row) => ({ ...row, host: new URL(row.actor_id).host })),
    pending: pending.map((row) => ({ ...row, host: new URL(row.actor_id).host })),
    approvedCount: Number(approved.n),
    blocked: blocked.map((row) => row.host),
  };
}
