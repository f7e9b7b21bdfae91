// Points staff set: a location's (admins, the locations editor) and an event's, a service's and
// an organisation's (the content editor): optional, both or neither, in range; refused with a
// 400 and the message beside the field, the typed values kept; the public lists see a changed
// location at once (its cache is by the table's version). Users' submissions have no point.
import { beforeAll, describe, expect, it } from "vitest";
import * as locations from "#app/routes/dashboard-locations/route.tsx";
import * as contentEdit from "#app/routes/dashboard-content-edit/route.tsx";
import * as contentNew from "#app/routes/dashboard-content-new/route.tsx";
import * as posters from "#app/routes/posters/route.tsx";
import { listLocations } from "#app/modules/taxonomy/public-terms.server.ts";
import { resetContentState } from "#app/platform/page-cache/content-state.server.ts";
import { SUBMISSION_TYPES, submissionFormSpec, submissionStoredSpec } from "#app/modules/submissions/forms.ts";
import { allFields } from "#app/modules/staff-content/types.ts";
import { useTestDatabase } from "../support/db.ts";
import { callAppRoute } from "../support/app-route.ts";
import { daysAheadAt } from "./content-support.ts";
import { asStaff, replyOf, toLocalInput, useStaffAccounts, type Staff } from "./dashboard-support.ts";

const t = useTestDatabase();
const team = useStaffAccounts();

const onLocations = (who: Staff, form: Record<string, string>) => asStaff(who, locations.action, { url: "/dashboard/locations", form });

let krakowId: number;

beforeAll(async () => {
  krakowId = (
    await t.db
      .insertInto("locations")
      .values({ slug: "krakiv", name_uk: "Краків", name_en: "Kraków", position: 1 })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
});

describe("a location's point", () => {
  const rename = async (form: Record<string, string>) => {
    const answer = await onLocations(team.admin, {
      intent: "rename",
      id: String(krakowId),
      name_uk: "Краків",
      name_en: "Kraków",
      slug: "krakiv",
      ...form,
    });
    // What the root's freshAfterWrite middleware does after every post.
    resetContentState();
    return answer;
  };
  const locationsVersion = async () =>
    (await t.db.selectFrom("content_versions").select("version").where("name", "=", "locations").executeTakeFirst())?.version ?? 0;

  it("is set by an admin, shown in the editor, and the public lists measure from it at once", async () => {
    // The public list of places is cached; read it before the change.
    expect((await listLocations("uk")).find((place) => place.slug === "krakiv")?.point).toBeNull();
    const before = await locationsVersion();
    const saved = await rename({ latitude: "50.0647", longitude: "19.945" });
    // The table's version moved: every process's cached list of places is renewed by it.
    expect(Number(await locationsVersion())).toBeGreaterThan(Number(before));
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).status).toBe(302);
    expect((await listLocations("uk")).find((place) => place.slug === "krakiv")?.point).toEqual({ latitude: 50.0647, longitude: 19.945 });
    const editor = await asStaff(team.admin, locations.loader, { url: "/dashboard/locations" });
    expect(editor.locations.find((row: { slug: string }) => row.slug === "krakiv")).toMatchObject({ latitude: 50.0647, longitude: 19.945 });
    const list = await callAppRoute(posters.loader, { url: "/poster?near=krakiv&radius=20" });
    expect(list.near).toEqual({ near: "krakiv", radius: 20, sort: null });

    // Emptied: no point, and the list can only be the city itself again.
    await rename({ latitude: "", longitude: "" });
    expect((await listLocations("uk")).find((place) => place.slug === "krakiv")?.point).toBeNull();
    expect((await callAppRoute(posters.loader, { url: "/poster?near=krakiv&radius=20" })).near.radius).toBeNull();
  });

  it("is refused out of range, as half a pair or as text, with a 400 and the message beside the field, the input kept", async () => {
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ latitude: "91", longitude: "19.9" }, { latitude: ["admin:errors.latitude"] }],
      [{ latitude: "50", longitude: "-180.5" }, { longitude: ["admin:errors.longitude"] }],
      [{ latitude: "50.06", longitude: "" }, { longitude: ["admin:errors.point_pair"] }],
      [{ latitude: "", longitude: "19.9" }, { latitude: ["admin:errors.point_pair"] }],
      [{ latitude: "north", longitude: "19.9" }, { latitude: ["admin:errors.latitude"] }],
    ];
    for (const [form, errors] of cases) {
      const reply = replyOf(await rename(form));
      expect(reply.status, JSON.stringify(form)).toBe(400);
      expect(reply.data.formId).toBe(`location-${krakowId}`);
      expect(reply.data.result.error).toEqual(errors);
      // The typed values come back (conform leaves the empty ones out).
      expect(reply.data.result.initialValue).toMatchObject(Object.fromEntries(Object.entries(form).filter(([, value]) => value !== "")));
    }
    const created = replyOf(
      await onLocations(team.admin, { intent: "create", name_uk: "Ніде", name_en: "Nowhere", latitude: "100", longitude: "0" }),
    );
    expect(created.status).toBe(400);
    expect(created.data.formId).toBe("location-new");
    expect(await t.db.selectFrom("locations").select("id").where("slug", "=", "nide").executeTakeFirst()).toBeUndefined();
  });

  it("comes with a new location, and a change of it is audited", async () => {
    const created = await onLocations(team.admin, {
      intent: "create",
      name_uk: "Величка",
      name_en: "Wieliczka",
      latitude: "49.9871",
      longitude: "20.0645",
    });
    expect((created as Response).status).toBe(302);
    const row = await t.db
      .selectFrom("locations")
      .select(["id", "latitude", "longitude"])
      .where("slug", "=", "velychka")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ latitude: 49.9871, longitude: 20.0645 });
    await rename({ latitude: "50.06", longitude: "19.94" });
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "after"])
      .where("entity_type", "=", "location")
      .where("entity_id", "=", krakowId)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ latitude: 50.06, longitude: 19.94 });
  });
});

describe("an item's own point in the content editor", () => {
  const create = (type: "posters" | "services" | "diaspors", fields: Record<string, string>) =>
    asStaff(team.editor, contentNew.action, {
      url: `/dashboard/${type}/new-page`,
      params: { type },
      form: { intent: "save", status: "published", ...fields },
    });
  const heading = { posters: "title", services: "name", diaspors: "name" } as const;
  const base = (type: "posters" | "services" | "diaspors", slug: string) => ({
    [`${heading[type]}_uk`]: `Запис ${slug}`,
    slug,
    location_id: String(krakowId),
    ...(type === "posters" ? { starts_at: toLocalInput(daysAheadAt(2, 12)) } : {}),
  });

  for (const type of ["posters", "services", "diaspors"] as const) {
    it(`${type}: stored, shown again on editing, refused when half or out of range`, async () => {
      const saved = await create(type, { ...base(type, `${type}-point`), latitude: "50.0617", longitude: "19.9373" });
      expect(saved).toBeInstanceOf(Response);
      const id = Number((saved as Response).headers.get("Location")!.split("/").pop());
      const row = await t.db.selectFrom(type).select(["latitude", "longitude"]).where("id", "=", id).executeTakeFirstOrThrow();
      expect(row).toEqual({ latitude: 50.0617, longitude: 19.9373 });
      const edit = await asStaff(team.editor, contentEdit.loader, {
        url: `/dashboard/${type}/edit/${id}`,
        params: { type, id: String(id) },
      });
      expect(edit.defaults).toMatchObject({ latitude: "50.0617", longitude: "19.9373" });

      const half = replyOf(await create(type, { ...base(type, `${type}-half`), latitude: "50.0617" }));
      expect(half.status).toBe(400);
      expect(half.data.result.error).toMatchObject({ longitude: ["admin:errors.point_pair"] });
      expect(half.data.result.initialValue).toMatchObject({ latitude: "50.0617" });
      const far = replyOf(await create(type, { ...base(type, `${type}-far`), latitude: "50", longitude: "181" }));
      expect(far.status).toBe(400);
      expect(far.data.result.error).toMatchObject({ longitude: ["admin:errors.longitude"] });
      expect(
        await t.db
          .selectFrom(type)
          .select("id")
          .where("slug", "in", [`${type}-half`, `${type}-far`])
          .execute(),
      ).toEqual([]);

      // Emptied on editing: the point goes (the city's stands in).
      const version = edit.defaults.version as string;
      await asStaff(team.editor, contentEdit.action, {
        url: `/dashboard/${type}/edit/${id}`,
        params: { type, id: String(id) },
        form: { intent: "save", status: "published", version, ...base(type, `${type}-point`), latitude: "", longitude: "" },
      });
      expect(await t.db.selectFrom(type).select(["latitude", "longitude"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
        latitude: null,
        longitude: null,
      });
    });
  }

  it("is not asked of users sending content in", () => {
    expect(SUBMISSION_TYPES.length).toBeGreaterThan(0);
    for (const type of SUBMISSION_TYPES) {
      const kinds = (spec: ReturnType<typeof submissionFormSpec>) => allFields(spec).map((field) => field.kind);
      expect(kinds(submissionFormSpec(type))).not.toContain("point");
      expect(kinds(submissionStoredSpec(type))).not.toContain("point");
    }
  });
});
