// The dashboard's federation page: only admins; sections saved; a bad domain or handle answers
// 400 with the message at the field; a domain blocked (its followers dropped) and unblocked; a
// remote event approved becomes an origin-marked poster, one rejected does not; such a poster
// cannot be saved from the staff editor (it changes at its origin).
import { describe, expect, it } from "vitest";
import * as page from "#app/routes/dashboard-federation/route.tsx";
import * as contentEdit from "#app/routes/dashboard-content-edit/route.tsx";
import { enabledSections } from "#app/modules/federation/sections.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { catchResponse } from "../support/route.ts";
import { flashMessage } from "../support/messages.ts";
import { asStaff, replyOf, useStaffAccounts } from "./dashboard-support.ts";

const t = useTestDatabase();
const team = useStaffAccounts();
const URL_ = "/dashboard/federation";

const post = (form: Record<string, string | string[]>, who = team.admin) => asStaff(who, page.action, { url: URL_, form });

async function remoteEvent(objectId: string, name: string) {
  return t.db
    .insertInto("federation_remote_events")
    .values({
      object_id: objectId,
      actor_id: "https://other.example/ap/actors/events",
      name,
      content: "<p>Опис</p>",
      starts_at: new Date(Date.now() + 5 * 86_400_000),
      location: "Клуб",
      url: "https://other.example/poster/x",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

describe("the federation page", () => {
  it("is the admins' only", async () => {
    expect((await catchResponse(asStaff(team.editor, page.loader, { url: URL_ }))).status).toBe(403);
    expect((await catchResponse(post({ intent: "sections", sections: "news" }, team.editor))).status).toBe(403);
  });

  it("saves the sections, refuses a bad domain and handle at their fields, blocks and unblocks", async () => {
    const saved = (await post({ intent: "sections", sections: ["news", "events"] })) as Response;
    expect(flashMessage(saved)).toBe("admin:federation.sections_saved");
    expect(await enabledSections(t.db)).toEqual(["news", "events"]);

    const bad = replyOf(await post({ intent: "block", host: "not a host" }));
    expect(bad.status).toBe(400);
    expect(bad.data.result.error).toEqual({ host: ["admin:federation.host_invalid"] });
    expect(bad.data.result.initialValue).toMatchObject({ host: "not a host" });
    const badHandle = replyOf(await post({ intent: "follow", handle: "nobody" }));
    expect(badHandle.status).toBe(400);
    expect(badHandle.data.result.error).toEqual({ handle: ["admin:federation.handle_invalid"] });

    await t.db
      .insertInto("federation_followers")
      .values({ section: "news", actor_id: "https://spam.example/u/1", inbox_url: "https://spam.example/u/1/inbox" })
      .execute();
    expect(flashMessage((await post({ intent: "block", host: "https://SPAM.example/" })) as Response)).toBe("admin:federation.blocked");
    expect(await t.db.selectFrom("federation_blocked_domains").select("host").execute()).toEqual([{ host: "spam.example" }]);
    expect(await t.db.selectFrom("federation_followers").selectAll().execute()).toEqual([]);
    await post({ intent: "unblock", host: "spam.example" });
    expect(await t.db.selectFrom("federation_blocked_domains").select("host").execute()).toEqual([]);
    expect((await catchResponse(post({ intent: "nonsense" }))).status).toBe(400);
  });

  it("approves a remote event as an origin-marked poster, rejects another; the editor will not save it", async () => {
    const kept = await remoteEvent("https://other.example/ap/events/1", "Віддалений концерт");
    const dropped = await remoteEvent("https://other.example/ap/events/2", "Спам");
    const loaded = (await asStaff(team.admin, page.loader, { url: URL_ })) as Awaited<ReturnType<typeof page.loader>>;
    expect(loaded.pending.map((event) => event.name).sort()).toEqual(["Віддалений концерт", "Спам"]);

    expect(flashMessage((await post({ intent: "approve", id: String(kept.id) })) as Response)).toBe("admin:federation.approve_done");
    expect(flashMessage((await post({ intent: "reject", id: String(dropped.id) })) as Response)).toBe("admin:federation.reject_done");
    expect((await catchResponse(post({ intent: "approve", id: String(dropped.id) }))).status).toBe(404);
    const poster = await t.db
      .selectFrom("posters")
      .select(["id", "title_uk", "status", "origin_url", "origin_actor"])
      .where("origin_url", "is not", null)
      .executeTakeFirstOrThrow();
    expect(poster).toMatchObject({
      title_uk: "Віддалений концерт",
      status: "published",
      origin_url: "https://other.example/poster/x",
      origin_actor: "https://other.example/ap/actors/events",
    });

    const edit = (await asStaff(team.editor, contentEdit.action, {
      url: `/dashboard/posters/edit/${poster.id}`,
      params: { type: "posters", id: String(poster.id) },
      form: { intent: "save", title_uk: "Змінено тут", version: "1" },
    })) as Response;
    expect(flashMessage(edit)).toBe("admin:federation.remote_read_only");
    expect((await t.db.selectFrom("posters").select("title_uk").where("id", "=", poster.id).executeTakeFirstOrThrow()).title_uk).toBe(
      "Віддалений концерт",
    );
  });
});
