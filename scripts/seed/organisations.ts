import type { SeedContext } from "./context.ts";

/**
 * One trusted organisation (the oldest diaspora organisation) with the demo user as its owner,
 * and its next event linked to it: the demo user publishes its events and sees their attendees
 * from the cabinet (docs/product.md#organisations).
 */
export async function seedOrganisations(ctx: SeedContext): Promise<void> {
  const organisation = await ctx.db.selectFrom("diaspors").select("id").orderBy("id").executeTakeFirstOrThrow();
  await ctx.db.updateTable("diaspors").set({ trusted: true }).where("id", "=", organisation.id).execute();
  await ctx.db
    .insertInto("organisation_members")
    .values({
      diaspora_id: organisation.id,
      user_id: ctx.users.user,
      role: "owner",
      invited_by: ctx.users.admin,
      accepted_at: ctx.now,
    })
    .execute();
  const event = await ctx.db
    .selectFrom("posters")
    .select("id")
    .where("starts_at", ">", ctx.now)
    .orderBy("starts_at")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  await ctx.db.updateTable("posters").set({ organisation_id: organisation.id }).where("id", "=", event.id).execute();
  ctx.log("seed: 1 trusted organisation, its owner and 1 of its events");
}
