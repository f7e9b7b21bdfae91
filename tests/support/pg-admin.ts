// Small PostgreSQL admin helpers shared by the Vitest harness and the e2e start script.
import pg from "pg";

/** The same server and credentials as `url`, another database. */
export function urlForDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

/** A safe identifier stem from the database named in the URL (`test`, `portal_ci_123`). */
export function baseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
  return (name.toLowerCase().replace(/[^a-z0-9_]/g, "_") || "portal").slice(0, 30);
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Runs `work` on a connection to a maintenance database of the same server: `postgres`
 * when we may connect to it, else the database named in the URL itself.
 */
export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  let client = new pg.Client({ connectionString: urlForDatabase(url, "postgres") });
  try {
    await client.connect();
  } catch {
    client = new pg.Client({ connectionString: url });
    await client.connect();
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(client: pg.Client, name: string, template?: string): Promise<void> {
  await client.query(`CREATE DATABASE ${quoteIdent(name)}${template ? ` TEMPLATE ${quoteIdent(template)}` : ""}`);
}

export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  // A plain drop first: sockets of a just-ended pool may still be closing, and forcing
  // them would fail their last query (57P01). WITH (FORCE) only for sessions left behind.
  for (let attempt = 1; attempt <= 10; attempt++) {
    try {
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006") throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
}
