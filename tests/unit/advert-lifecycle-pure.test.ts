// The advert lifecycle table, move by move: every (status, action, actor) either lands where
// the expectation below says or is refused. The expectation is written out here on its own,
// so a changed row in the table shows up as a failing case.
import { describe, expect, it } from "vitest";
import {
  ADVERT_ACTIONS,
  ADVERT_TRANSITIONS,
  canMove,
  effectiveStatus,
  mayRaise,
  nextRaiseAt,
  nextStatus,
  ownerActions,
  statusAfterSave,
  type AdvertAction,
  type AdvertActor,
} from "#app/modules/adverts/lifecycle.ts";
import { ADVERT_STATUSES, type AdvertStatus } from "#db/schema.ts";
import { CONTENT_LIFECYCLES } from "#app/modules/staff-content/lifecycle.ts";
import { contentSpec, contentSpecs, statusFilters } from "#app/modules/staff-content/types.ts";

const ACTORS: AdvertActor[] = ["owner", "moderator", "clock", "community"];

/** "from action actor [when] -> to" (moves without a condition hold in every context). */
const EXPECTED = `
draft save owner moderation -> pending
draft save owner no_moderation -> published
published save owner moderation -> pending
published save owner no_moderation -> published
rejected save owner -> pending
pending save owner -> pending
expired save owner -> expired
sold save owner -> sold
archived save owner -> archived
published renew owner ever -> published
expired renew owner ever -> published
archived renew owner ever -> published
published sold owner -> sold
expired sold owner -> sold
draft archive owner -> archived
pending archive owner -> archived
published archive owner -> archived
rejected archive owner -> archived
expired archive owner -> archived
sold archive owner -> archived
published raise owner -> published
pending approve moderator -> published
pending reject moderator -> rejected
${ADVERT_STATUSES.map((from) => `${from} publish moderator -> published\n${from} unpublish moderator -> archived`).join("\n")}
published expire clock -> expired
published hold community -> pending
pending restore moderator -> published
`
  .trim()
  .split("\n")
  .map((line) => {
    const [left, to] = line.split(" -> ") as [string, AdvertStatus];
    const [from, action, actor, when] = left.split(" ") as [AdvertStatus, AdvertAction, AdvertActor, string | undefined];
    return { from, action, actor, when, to };
  });

const CONTEXTS = [
  { moderation: true, everPublished: true },
  { moderation: false, everPublished: true },
  { moderation: true, everPublished: false },
  { moderation: false, everPublished: false },
];

function expected(from: AdvertStatus, action: AdvertAction, actor: AdvertActor, context: (typeof CONTEXTS)[number]): AdvertStatus | null {
  const row = EXPECTED.find(
    (move) =>
      move.from === from &&
      move.action === action &&
      move.actor === actor &&
      (move.when === undefined ||
        (move.when === "moderation" && context.moderation) ||
        (move.when === "no_moderation" && !context.moderation) ||
        (move.when === "ever" && context.everPublished)),
  );
  return row?.to ?? null;
}

const CASES = ADVERT_STATUSES.flatMap((from) => ADVERT_ACTIONS.flatMap((action) => ACTORS.map((actor) => ({ from, action, actor }))));

describe("the advert lifecycle table", () => {
  it.each(CASES)("$from · $action by $actor", ({ from, action, actor }) => {
    for (const context of CONTEXTS) {
      const to = expected(from, action, actor, context);
      expect(nextStatus(from, action, actor, context), JSON.stringify(context)).toBe(to);
      expect(canMove(from, action, actor, context)).toBe(to !== null);
    }
  });

  it("has moves for every status and none that the expectation lacks", () => {
    const allowed = CASES.filter(({ from, action, actor }) =>
      CONTEXTS.some((context) => nextStatus(from, action, actor, context) !== null),
    );
    expect(allowed.length).toBe(new Set(EXPECTED.map((move) => `${move.from} ${move.action} ${move.actor}`)).size);
    expect(ADVERT_TRANSITIONS).toHaveLength(EXPECTED.length);
  });

  it("refuses moves by the wrong actor: an owner cannot approve, a moderator cannot raise, the clock only expires", () => {
    expect(nextStatus("pending", "approve", "owner")).toBeNull();
    expect(nextStatus("published", "raise", "moderator")).toBeNull();
    expect(nextStatus("published", "sold", "clock")).toBeNull();
    expect(nextStatus("sold", "renew", "owner", { everPublished: true })).toBeNull();
    expect(nextStatus("archived", "renew", "owner", { everPublished: false })).toBeNull();
  });

  it("derives the cabinet's buttons from the table", () => {
    expect(ownerActions("published", true)).toEqual(["edit", "renew", "raise", "sold", "archive", "delete"]);
    expect(ownerActions("expired", true)).toEqual(["edit", "renew", "sold", "archive", "delete"]);
    expect(ownerActions("pending", false)).toEqual(["edit", "archive", "delete"]);
    expect(ownerActions("archived", true)).toEqual(["edit", "renew", "delete"]);
    expect(ownerActions("archived", false)).toEqual(["edit", "delete"]);
    expect(ownerActions("sold", true)).toEqual(["edit", "archive", "delete"]);
  });

  it("saving follows the table, a new advert counting as a draft", () => {
    expect(statusAfterSave(null, false)).toBe("published");
    expect(statusAfterSave(null, true)).toBe("pending");
    expect(statusAfterSave("rejected", false)).toBe("pending");
  });

  it("the clock expires only published adverts, and only after expires_at", () => {
    const past = new Date(Date.now() - 1000);
    expect(effectiveStatus("published", past)).toBe("expired");
    expect(effectiveStatus("published", new Date(Date.now() + 60_000))).toBe("published");
    expect(effectiveStatus("sold", past)).toBe("sold");
    expect(effectiveStatus("archived", past)).toBe("archived");
  });

  it("raising waits the interval since the last raise (or the publication)", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    expect(mayRaise(null, 7, now)).toBe(true);
    expect(mayRaise(new Date("2026-03-04T12:00:00Z"), 7, now)).toBe(false);
    expect(mayRaise(new Date("2026-03-03T12:00:00Z"), 7, now)).toBe(true);
    expect(nextRaiseAt(new Date("2026-03-04T12:00:00Z"), 7)?.toISOString()).toBe("2026-03-11T12:00:00.000Z");
  });
});

describe("content types name their lifecycle", () => {
  it("adverts live by the advert lifecycle, every staff type by publishing", () => {
    expect(contentSpec("advertisements").lifecycle).toBe("advert");
    expect(
      contentSpecs()
        .filter((spec) => spec.lifecycle === "advert")
        .map((spec) => spec.type),
    ).toEqual(["advertisements"]);
  });

  it("the dashboard's unpublish and filters come from the lifecycle", () => {
    expect(CONTENT_LIFECYCLES.advert.unpublishedStatus).toBe("archived");
    expect(CONTENT_LIFECYCLES.publishing.unpublishedStatus).toBe("draft");
    expect(statusFilters(contentSpec("advertisements"))).toEqual([...ADVERT_STATUSES]);
    expect(statusFilters(contentSpec("news"))).toContain("scheduled");
  });
});
