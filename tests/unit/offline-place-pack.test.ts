// "Save this place for offline": /offline/pack lists the pages of one place (the packed lists
// at its filter, every page of them, every public item of the place; guides also those for
// everywhere, as their list at the place shows them) and nothing else: no
// other place's items, no draft or trashed item, no signed-in or form page; an unknown or
// missing place is the 404; the English pack is the /us pages.
import { beforeAll, describe, expect, it } from "vitest";
import * as pack from "#app/routes/offline-pack/route.ts";
import { ESTIMATED_BYTES } from "#app/modules/offline/place-pack.server.ts";
import { PAGE_SIZE } from "#app/platform/lists/pagination.ts";
import { useTestDatabase } from "../support/db.ts";
import { callAppRoute, thrownStatus } from "../support/app-route.ts";
import { ago, DAY, useUnitConfig } from "./content-support.ts";

const t = useTestDatabase();

type Pack = { place: { slug: string; name: string }; pages: number; bytes: number; urls: string[] };
const fetchPack = async (url: string) => (await (await callAppRoute(pack.loader, { url })).json()) as Pack;

beforeAll(async () => {
  useUnitConfig();
  const [lviv, kyiv] = await t.db
    .insertInto("locations")
    .values([
      { slug: "lviv-pack", name_uk: "Львів", name_en: "Lviv", position: 1, latitude: 49.84, longitude: 24.03 },
      { slug: "kyiv-pack", name_uk: "Київ", name_en: "Kyiv", position: 2, latitude: 50.45, longitude: 30.52 },
    ])
    .returning("id")
    .execute();
  const entry = (slug: string, location: number, extra: object = {}) => ({
    slug,
    name_uk: `Назва ${slug}`,
    description_uk: "<p>Опис.</p>",
    location_id: location,
    status: "published" as const,
    ...extra,
  });
  // One more service than a list page holds: the list of Lviv has two pages.
  await t.db
    .insertInto("services")
    .values([
      ...Array.from({ length: PAGE_SIZE + 1 }, (_, index) => entry(`lviv-service-${index}`, lviv!.id)),
      entry("lviv-draft", lviv!.id, { status: "draft" }),
      entry("lviv-trashed", lviv!.id, { deleted_at: ago(DAY) }),
      entry("kyiv-service", kyiv!.id),
    ])
    .execute();
  await t.db
    .insertInto("diaspors")
    .values([entry("lviv-org", lviv!.id), entry("kyiv-org", kyiv!.id)])
    .execute();
  const guide = (slug: string, location: number | null, extra: object = {}) => ({
    slug,
    title_uk: `Довідка ${slug}`,
    topic: "documents" as const,
    location_id: location,
    status: "published" as const,
    published_at: ago(DAY),
    ...extra,
  });
  await t.db
    .insertInto("guides")
    .values([
      guide("lviv-guide", lviv!.id),
      guide("everywhere-guide", null),
      guide("kyiv-guide", kyiv!.id),
      guide("lviv-guide-draft", lviv!.id, { status: "draft" }),
    ])
    .execute();
});

describe("/offline/pack", () => {
  it("lists the place's list pages and every public item page of it, and the estimate", async () => {
    const result = await fetchPack("/offline/pack?location=lviv-pack");
    expect(result.place).toEqual({ slug: "lviv-pack", name: "Львів" });
    const services = Array.from({ length: PAGE_SIZE + 1 }, (_, index) => `/services/lviv-service-${index}`);
    expect(result.urls.slice(0, 4)).toEqual([
      "/services?location=lviv-pack",
      "/services?location=lviv-pack&page=2",
      "/diaspors?location=lviv-pack",
      "/dovidnyk?location=lviv-pack",
    ]);
    const guides = ["/dovidnyk/lviv-guide", "/dovidnyk/everywhere-guide"];
    expect(result.urls.slice(4).sort()).toEqual([...services, "/diaspors/lviv-org", ...guides].sort());
    expect(result.pages).toBe(result.urls.length);
    expect(result.bytes).toBe(4 * ESTIMATED_BYTES.list + (PAGE_SIZE + 4) * ESTIMATED_BYTES.item);
    for (const excluded of ["lviv-draft", "lviv-trashed", "kyiv-service", "kyiv-org", "kyiv-guide", "lviv-guide-draft"])
      expect(result.urls.some((url) => url.endsWith(`/${excluded}`))).toBe(false);
    expect(result.urls.every((url) => /^\/(?:services|diaspors|dovidnyk)(?:\/|\?)/.test(url))).toBe(true);
  });

  it("in English lists the /us pages; a radius keeps its filter in the list addresses", async () => {
    const english = await fetchPack("/us/offline/pack?location=kyiv-pack");
    expect(english.place.name).toBe("Kyiv");
    expect(english.urls.slice(0, 5)).toEqual([
      "/us/services?location=kyiv-pack",
      "/us/diaspors?location=kyiv-pack",
      "/us/dovidnyk?location=kyiv-pack",
      "/us/services/kyiv-service",
      "/us/diaspors/kyiv-org",
    ]);
    expect(english.urls.slice(5).sort()).toEqual(["/us/dovidnyk/everywhere-guide", "/us/dovidnyk/kyiv-guide"]);
    // The guides' list has no radius: the place's own guides.
    const near = await fetchPack("/offline/pack?near=kyiv-pack&radius=50");
    expect(near.urls.slice(0, 3)).toEqual([
      "/services?near=kyiv-pack&radius=50",
      "/diaspors?near=kyiv-pack&radius=50",
      "/dovidnyk?location=kyiv-pack",
    ]);
  });

  it("answers an unknown or missing place with the 404", async () => {
    expect(await thrownStatus(callAppRoute(pack.loader, { url: "/offline/pack?location=atlantis" }))).toBe(404);
    expect(await thrownStatus(callAppRoute(pack.loader, { url: "/offline/pack" }))).toBe(404);
    expect(await thrownStatus(callAppRoute(pack.loader, { url: "/offline/pack?location=a&location=b" }))).toBe(404);
  });
});
