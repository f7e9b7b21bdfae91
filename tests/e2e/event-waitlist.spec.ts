// The waiting list of an event's date in the browser, with JavaScript on and off: with one
// place, the first user goes, the second joins the waiting list as no. 1; when the first
// leaves, the second is going and gets the promotion mail once. Each project arranges its own
// event (PostgreSQL: the spec writes it into the server's database), so the two never meet.
import { readOutboxDir } from "../support/outbox.ts";
import { dataDir } from "./support/env.ts";
import { withE2eDatabase } from "./support/sign-in.ts";
import { test, expect } from "./support/fixtures.ts";

const adminUrl = process.env.DATABASE_URL?.trim() || undefined;

const UK = {
  going: "Я піду",
  undo: "Передумав(-ла), не піду",
  join: "Записатися в список очікування",
  youAreGoing: "Ви йдете.",
  youAreFirst: "Ви № 1 у списку очікування.",
  one: "Іде 1 людина",
  oneLeft: "Залишилось 1 місце з 1",
  full: "Усі місця зайняті: місце, що звільниться, отримає перший у списку очікування.",
  waitingOne: "У списку очікування: 1",
  flashGoing: "Ви йдете: нагадаємо листом напередодні.",
  flashWaiting: "Ви № 1 у списку очікування: напишемо вам, щойно звільниться місце.",
  flashUndone: "Позначку «Я піду» знято.",
};

test.describe("the waiting list of an event", () => {
  test.skip(!adminUrl, "needs PostgreSQL: set DATABASE_URL (the spec writes its event into the server's database)");

  test("one place: the second user waits as no. 1, gets the place when the first leaves, and is mailed once", async ({
    page,
    browser,
    login,
  }, testInfo) => {
    const project = testInfo.project.name;
    const stamp = `${project}-${Date.now()}`;
    const title = `Майстер-клас на одне місце ${stamp}`;
    const { slug, dateId } = await withE2eDatabase(async (client) => {
      const { rows } = await client.query<{ id: number; slug: string }>(
        `insert into posters (slug, title_uk, description_uk, starts_at, ends_at, status, published_at, capacity)
         values ($1, $2, '<p>Одне місце за столом.</p>', now() + interval '3 days', now() + interval '3 days 2 hours',
                 'published', now() - interval '1 hour', 1)
         returning id, slug`,
        [`odne-mistse-${stamp}`, title],
      );
      const date = await client.query<{ id: number }>("select id from poster_occurrences where poster_id = $1", [rows[0]!.id]);
      return { slug: rows[0]!.slug, dateId: date.rows[0]!.id };
    });
    const path = `/poster/${slug}`;

    // A takes the one place.
    await login("editor");
    await page.goto(path);
    const rsvp = page.locator("section.rsvp");
    await expect(rsvp.getByTestId("rsvp-places")).toHaveText(UK.oneLeft);
    await expect(rsvp.locator('input[name="date"]')).toHaveValue(String(dateId));
    await rsvp.getByRole("button", { name: UK.going }).click();
    await expect(page.getByText(UK.flashGoing)).toBeVisible();
    await expect(rsvp.getByText(UK.youAreGoing)).toBeVisible();
    await expect(rsvp.getByTestId("rsvp-places")).toHaveText(UK.full);

    // B finds it full and joins the waiting list.
    const other = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
    await login("user", other);
    const second = await other.newPage();
    await second.goto(path);
    const theirs = second.locator("section.rsvp");
    await expect(theirs.getByTestId("rsvp-count")).toHaveText(UK.one);
    await theirs.getByRole("button", { name: UK.join }).click();
    await expect(second.getByText(UK.flashWaiting)).toBeVisible();
    await expect(theirs.getByTestId("rsvp-position")).toHaveText(UK.youAreFirst);
    await expect(theirs.getByTestId("rsvp-places")).toHaveText(UK.full);
    await expect(theirs.getByTestId("rsvp-waiting")).toHaveText(UK.waitingOne);

    // A leaves: the place goes to B.
    await page.reload();
    await expect(rsvp.getByTestId("rsvp-waiting")).toHaveText(UK.waitingOne);
    await rsvp.getByRole("button", { name: UK.undo }).click();
    await expect(page.getByText(UK.flashUndone)).toBeVisible();
    await expect(rsvp.getByRole("button", { name: UK.join })).toBeVisible();

    await second.reload();
    await expect(theirs.getByText(UK.youAreGoing)).toBeVisible();
    await expect(theirs.getByTestId("rsvp-position")).toHaveCount(0);
    await expect(theirs.getByTestId("rsvp-waiting")).toHaveCount(0);
    await expect(theirs.getByRole("button", { name: UK.undo })).toHaveAttribute("aria-pressed", "true");

    // The worker mails B once, with the date's page.
    const promotionMails = () =>
      readOutboxDir(dataDir).filter((mail) => mail.to.includes("user@demo.local") && mail.subject.includes(stamp));
    await expect.poll(() => promotionMails().length, { message: "the promotion mail" }).toBeGreaterThan(0);
    await expect
      .poll(() =>
        withE2eDatabase(async (client) => {
          const { rows } = await client.query<{ mailed: boolean }>(
            `select promotion_mailed_at is not null as mailed from poster_rsvps r join users u on u.id = r.user_id
             where r.occurrence_id = $1 and u.email = 'user@demo.local'`,
            [dateId],
          );
          return rows[0]?.mailed;
        }),
      )
      .toBe(true);
    const mails = promotionMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`Для вас є місце: ${title}`);
    expect(mails[0]!.link).toMatch(new RegExp(`/poster/${slug}\\?date=${dateId}$`));
    await other.close();
  });
});
