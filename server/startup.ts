import net from "node:net";
import sharp from "sharp";
import { DatabaseBusyError, isConnectionError, openDatabase, type Database } from "#db/connection.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { acceptedOrigins, ConfigError, type AppConfig } from "#app/platform/config/config.server.ts";
import { imageStoreFor, type ImageStore } from "#app/platform/images/storage.server.ts";

/**
 * Work a launcher does on the migrated database before the server serves it: `npm start`,
 * `npm run serve` and `npm run dev` seed an empty one with the demo content
 * (scripts/seed/on-start.ts); the server itself only migrates. Returns the lines to print
 * last, once the portal listens (the demo logins), or nothing.
 */
export type AfterMigrate = (database: Database, config: AppConfig, log: (line: string) => void) => Promise<readonly string[] | undefined>;

/** Opens and migrates the database, then runs the launcher's `afterMigrate` (the demo seed). */
export async function prepareDatabase(config: AppConfig, log: (line: string) => void, afterMigrate?: AfterMigrate): Promise<Database> {
  // Opening the embedded database takes seconds on a first start: say so, or it looks stuck.
  log(`Opening the database (${config.databaseUrl ? "PostgreSQL" : `embedded, in ${config.paths.db}`}) and applying migrations…`);
  // The embedded database runs on a thread of its own: its queries never hold the thread that
  // reads requests and answers /healthz (db/pglite-thread.ts).
  const database = await openDatabase(config, { thread: true });
  try {
    await migrateToLatest(database.db, log);
    const notes = await afterMigrate?.(database, config, log);
    if (notes?.length) closingNotes = notes;
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The configured image store (the app's image URLs point to S3_PUBLIC_URL when set: app-context.server.ts). */
export function openImageStorage(config: AppConfig): ImageStore {
  return imageStoreFor(config.storage, config.paths.uploads);
}

/** What a cluster's primary does once before forking: migrations (and the launcher's seed), the share image. */
export async function prepareOnce(
  config: AppConfig,
  images: ImageStore,
  log: (line: string) => void,
  afterMigrate?: AfterMigrate,
): Promise<void> {
  const database = await prepareDatabase(config, log, afterMigrate);
  await database.close();
  await ensureShareImage(images, "Diaspora");
}

let closingNotes: readonly string[] | undefined;

/**
 * Printed last, once the portal listens, after the build's and the seed's output: the address
 * the portal expects posts from and, in a box, the launcher's notes (the demo logins on the
 * start that seeded them).
 */
export function printReadyNotes(config: Pick<AppConfig, "origin" | "publicUrl" | "port">, log: (line: string) => void): void {
  const others = acceptedOrigins(config).filter((origin) => origin !== config.origin);
  log(
    config.publicUrl
      ? `Open the portal at ${config.origin} (PUBLIC_URL): forms sent from any other address are refused.`
      : `Open the portal at ${config.origin} (or ${others.join(", ")} on this machine); set PUBLIC_URL when it is reached under another address.`,
  );
  if (closingNotes === undefined) return;
  const lines = closingNotes;
  const width = Math.max(...lines.map((line) => line.length));
  log("");
  log(`+${"-".repeat(width + 2)}+`);
  for (const line of lines) log(`| ${line.padEnd(width)} |`);
  log(`+${"-".repeat(width + 2)}+`);
  closingNotes = undefined;
}

/**
 * Opens and closes the port at once: a port in use or a HOST that is not this machine's is
 * told in a second, not after the migrations and the seed (the real listen checks it again).
 */
export async function probeListen(config: Pick<AppConfig, "port" | "host">): Promise<void> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(config.port, config.host, resolve);
  });
  await new Promise((resolve) => probe.close(resolve));
}

/** Where the database URL points, without its credentials (for messages). */
function databaseTarget(url: string): { where: string; name: string; user: string } {
  const parsed = URL.parse(url);
  const name = decodeURIComponent(parsed?.pathname.slice(1) ?? "") || "(default)";
  return {
    where: parsed ? `${parsed.hostname || "localhost"}:${parsed.port || "5432"}/${name}` : "(unreadable URL)",
    name,
    user: decodeURIComponent(parsed?.username ?? ""),
  };
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * The one line a start-up failure prints, naming what to fix; undefined for a failure that is
 * not the environment's (a fault in the code, whose stack is the useful part). `listening`:
 * the error came from opening the port, not from preparing the database.
 */
export function startupFailure(
  error: unknown,
  config: Pick<AppConfig, "port" | "host" | "databaseUrl"> | undefined,
  listening = false,
): string | undefined {
  if (error instanceof ConfigError || error instanceof DatabaseBusyError) return error.message;
  if (!config) return undefined;
  const code = String(codeOf(error));
  const message = error instanceof Error ? error.message : String(error);
  if (listening) {
    // Vite (npm run dev) says it in words, Node with a code.
    if (code === "EADDRINUSE" || /^Port \d+ is already in use/.test(message)) {
      return `Port ${config.port} is already in use by another process: stop that process, or set PORT to a free port.`;
    }
    if (code === "EACCES") return `Port ${config.port} needs privileges this process does not have: set PORT to 1024 or above.`;
    if (["EADDRNOTAVAIL", "ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EAI_FAIL"].includes(code)) {
      return `Cannot listen on HOST=${config.host}: it is not an address of this machine (${code}). Set HOST to one, or to 0.0.0.0 for all of them.`;
    }
    return undefined;
  }
  if (!config.databaseUrl) return undefined;
  const target = databaseTarget(config.databaseUrl);
  if (code === "3D000")
    return `The database ${target.where} named by DATABASE_URL does not exist: create it (createdb ${target.name}) or correct DATABASE_URL.`;
  if (code === "28P01" || code === "28000")
    return `PostgreSQL at ${target.where} refused the login of user ${target.user || "(default)"} from DATABASE_URL: correct the user or password in DATABASE_URL.`;
  if (isConnectionError(error)) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : message;
    return `Cannot reach the database at ${target.where} (DATABASE_URL): ${cause}. Start PostgreSQL there or correct DATABASE_URL.`;
  }
  return undefined;
}

/** The default share card image: a webp under the uploads images path. */
export async function ensureShareImage(store: ImageStore, siteName: string): Promise<void> {
  const name = "images/share.webp";
  if (await store.has(name)) return;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <rect width="1200" height="630" fill="#18181b"/>
    <rect x="0" y="0" width="1200" height="315" fill="#0057b7"/>
    <rect x="0" y="315" width="1200" height="315" fill="#ffd700"/>
    <text x="600" y="340" font-family="sans-serif" font-size="96" font-weight="700" fill="#ffffff" stroke="#18181b" stroke-width="3" text-anchor="middle">${siteName}</text>
  </svg>`;
  await store.put(name, await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer(), "image/webp");
}
