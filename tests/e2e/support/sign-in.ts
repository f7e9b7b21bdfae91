// Signing in for browser tests, two ways:
//   - `sessionMaker`: what the `login` fixture (fixtures.ts) does for a test that only needs to
//     be signed in. On PostgreSQL it makes the session as the server does when the form
//     succeeds (auth/session.server.ts): a random token, its SHA-256 as the `sessions` row's id,
//     the token in the signed `__session` cookie, and gives the cookie to the browser context.
//     No page, no password hash. The embedded database (PGlite) belongs to the server process,
//     so there it signs in with one POST /login instead (still no page).
//   - `signInWithForm`: fills and sends the sign-in form, for the tests of the form itself and
//     of what follows it (redirect target, the account menu).
import { createHash, randomBytes } from "node:crypto";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import pg from "pg";
import { createCookie } from "react-router";
import { baseName, urlForDatabase } from "../../support/pg-admin.ts";
import { accounts, baseURL, port, sessionSecret } from "./env.ts";

export type Account = keyof typeof accounts;

const SESSION_COOKIE = "__session";
const SESSION_DAYS = 30;

/** The e2e server's PostgreSQL database on the server `adminUrl` names (per port: parallel runs do not collide). */
export function e2eDatabase(adminUrl: string): string {
  return `${baseName(adminUrl)}_e2e_${port}`;
}

const adminUrl = process.env.DATABASE_URL?.trim() || undefined;

/** PostgreSQL only: runs `run` with a connection to the suite server's database (specs that arrange rows or clean up their own). */
export async function withE2eDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!adminUrl) throw new Error("withE2eDatabase needs PostgreSQL (DATABASE_URL)");
  const client = new pg.Client({ connectionString: urlForDatabase(adminUrl, e2eDatabase(adminUrl)) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Starts sessions for one test: `start` signs a browser context in as a seeded account, a fresh
 * session each time (a test may sign out without touching another's); `close` ends the
 * database connection it opened, if any.
 */
export function sessionMaker() {
  let client: Promise<pg.Client> | undefined;
  const connect = (url: string) => {
    client ??= (async () => {
      const opened = new pg.Client({ connectionString: urlForDatabase(url, e2eDatabase(url)) });
      await opened.connect();
      return opened;
    })();
    return client;
  };
  /** PostgreSQL only: signs the context in as the account with this address (one a test seeded itself). */
  const startFor = async (context: BrowserContext, email: string): Promise<void> => {
    if (!adminUrl) throw new Error("startFor needs PostgreSQL (DATABASE_URL)");
    const token = randomBytes(32).toString("base64url");
    const id = createHash("sha256").update(token).digest("hex");
    const inserted = await (
      await connect(adminUrl)
    ).query(
      `INSERT INTO sessions (id, user_id, expires_at, user_agent)
         SELECT $1, id, now() + make_interval(days => $3), 'e2e login fixture' FROM users WHERE email = $2`,
      [id, email, SESSION_DAYS],
    );
    expect(inserted.rowCount, `the seeded account ${email}`).toBe(1);
    // The cookie exactly as the server writes it: React Router's signed cookie under the run's secret.
    const header = await createCookie(SESSION_COOKIE, { secrets: [sessionSecret], path: "/" }).serialize(token);
    const value = header.slice(`${SESSION_COOKIE}=`.length, header.indexOf(";"));
    await context.addCookies([
      {
        name: SESSION_COOKIE,
        value,
        url: baseURL,
        httpOnly: true,
        sameSite: "Lax",
        expires: Math.floor(Date.now() / 1000) + SESSION_DAYS * 86_400,
      },
    ]);
  };
  return {
    startFor,
    async start(context: BrowserContext, who: Account): Promise<void> {
      if (adminUrl) return startFor(context, accounts[who].email);
      const response = await context.request.post("/login", {
        form: { intent: "signin", email: accounts[who].email, password: accounts[who].password },
        headers: { Origin: baseURL },
        maxRedirects: 0,
      });
      expect(response.status(), `sign in as ${who}`).toBe(302);
    },
    /** PostgreSQL only: the e2e server's database, for a test that seeds rows of its own. */
    database: () => {
      if (!adminUrl) throw new Error("the database needs PostgreSQL (DATABASE_URL)");
      return connect(adminUrl);
    },
    async close(): Promise<void> {
      if (client) await (await client).end();
    },
  };
}

/** The sign-in form's words in each interface language (a spec's own table of words fits too). */
export const SIGN_IN_WORDS = {
  uk: { prefix: "", email: "Електронна пошта", password: "Пароль", signIn: "Увійти" },
  en: { prefix: "/us", email: "Email", password: "Password", signIn: "Sign in" },
} as const;

type SignInWords = { prefix: string; email: string; password: string; signIn: string };

/**
 * Fills the sign-in form and sends it: opens the sign-in page first (with `redirect` when
 * given) unless `open` is false, when the page already shows the form. With `redirect`, waits
 * until the browser is there; otherwise the caller checks what followed.
 */
export async function signInWithForm(
  page: Page,
  credentials: { email: string; password: string } | Account,
  { redirect, words = SIGN_IN_WORDS.uk, open = true }: { redirect?: string; words?: SignInWords; open?: boolean } = {},
): Promise<void> {
  const { email, password } = typeof credentials === "string" ? accounts[credentials] : credentials;
  if (open) await page.goto(`${words.prefix}/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ""}`);
  const form = page.locator("form#signin");
  await form.getByLabel(words.email).fill(email);
  await form.getByLabel(words.password, { exact: true }).fill(password);
  await form.getByRole("button", { name: words.signIn }).click();
  if (redirect) await page.waitForURL((url) => url.pathname + url.search === redirect);
}
