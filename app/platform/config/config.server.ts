import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { LOG_LEVELS, logLevelFrom, type LogLevel } from "./log-level.ts";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const urlString = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.join(" or ")}//`,
    );

/** Enough for the database pool (10) to stay busy; more only lengthens each render's wait for the CPU. */
export const DEFAULT_MAX_IN_FLIGHT = 16;
/** The embedded database has one connection: more pages at once only wait for it longer. */
export const DEFAULT_MAX_IN_FLIGHT_EMBEDDED = 4;

/** Connection limits (server/connections.ts), in the environment's units: seconds and counts. */
export const CONNECTION_DEFAULTS = {
  HEADERS_TIMEOUT: 10,
  BODY_IDLE_TIMEOUT: 10,
  // The largest upload (60 MB of photos) at 0.8 Mbit/s, a phone on a poor mobile link.
  BODY_TIMEOUT: 600,
  // Below the usual descriptor limits; the server also keeps it below the process's own.
  MAX_CONNECTIONS: 10_000,
  // Browsers open up to 6 per site; a school or a mobile carrier puts many visitors behind one address.
  MAX_CONNECTIONS_PER_ADDRESS: 256,
  // Bytes per second a body must keep up: a byte every few seconds never trips BODY_IDLE_TIMEOUT.
  BODY_MIN_RATE: 1_024,
  // Requests whose body is still arriving, per process: real forms arrive at once, uploads are few.
  MAX_BODY_READERS: 1_000,
} as const;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATABASE_URL: optionalString.pipe(urlString(["postgres:", "postgresql:"]).optional()),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  PUBLIC_URL: optionalString.pipe(urlString(["http:", "https:"]).optional()),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SMTP_URL: optionalString.pipe(urlString(["smtp:", "smtps:"]).optional()),
  // Web push's key pair (base64url, as `npx web-push generate-vapid-keys` prints them); unset: made at first start.
  VAPID_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{86,88}$/, "must be a P-256 public key, base64url")
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{42,44}$/, "must be a P-256 private key, base64url")
      .optional(),
  ),
  VAPID_SUBJECT: optionalString.pipe(urlString(["mailto:", "https:"]).optional()),
  SEED_DEMO: z.enum(["auto", "yes", "no"]).default("auto"),
  DEMO_PASSWORD: optionalString.pipe(z.string().min(8, "must be at least 8 characters").optional()),
  MAIL_FROM: optionalString,
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  // Unset: 16 on PostgreSQL, 4 on the embedded database.
  MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).optional(),
  HEADERS_TIMEOUT: z.coerce.number().int().min(1).max(300).default(CONNECTION_DEFAULTS.HEADERS_TIMEOUT),
  BODY_IDLE_TIMEOUT: z.coerce.number().int().min(1).max(300).default(CONNECTION_DEFAULTS.BODY_IDLE_TIMEOUT),
  BODY_TIMEOUT: z.coerce.number().int().min(1).max(3_600).default(CONNECTION_DEFAULTS.BODY_TIMEOUT),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(CONNECTION_DEFAULTS.MAX_CONNECTIONS),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(CONNECTION_DEFAULTS.MAX_CONNECTIONS_PER_ADDRESS),
  // 0 turns the check off (a proxy in front that buffers every body).
  BODY_MIN_RATE: z.coerce.number().int().min(0).max(100_000_000).default(CONNECTION_DEFAULTS.BODY_MIN_RATE),
  MAX_BODY_READERS: z.coerce.number().int().min(1).max(1_000_000).default(CONNECTION_DEFAULTS.MAX_BODY_READERS),
  ADDRESS_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
  SEARCH_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(8),
  CONTENT_POLL_MS: z.coerce.number().int().min(100).max(86_400_000).default(1_000),
  // Forms with files being read and their images decoded at once: per process, and per user within it.
  UPLOADS_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).default(4),
  UPLOADS_PER_USER: z.coerce.number().int().min(1).max(1000).default(2),
  // The job queue's first retry of a failed job (a mail the SMTP server refused); each next one waits twice as long.
  JOB_RETRY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  // New private conversations one user may open in an hour; an account younger than a day gets the second.
  NEW_CONVERSATIONS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  NEW_CONVERSATIONS_PER_HOUR_NEW_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(5),
  // Object storage for images (S3 protocol); unset S3_BUCKET keeps them under DATA_DIR/uploads.
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)")
      .optional(),
  ),
  S3_ENDPOINT: optionalString.pipe(urlString(["http:", "https:"]).optional()),
  S3_REGION: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(["", "true", "false", "1", "0", "yes", "no"], "must be true or false")
    .default("")
    .transform((value) => ["true", "1", "yes"].includes(value)),
  S3_PUBLIC_URL: optionalString.pipe(urlString(["http:", "https:"]).optional()),
  // Unset: info, silent under NODE_ENV=test.
  LOG_LEVEL: optionalString.pipe(z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(", ")}`).optional()),
  // Unset: no metrics server.
  METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
  METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  // Unset: errors are only logged; nothing of the error tracker's SDK is loaded.
  SENTRY_DSN: optionalString.pipe(urlString(["http:", "https:"]).optional()),
  // The basemap (PMTiles): a path (absolute, or relative to DATA_DIR) or `s3:<key>` in S3_BUCKET.
  // Unset: $DATA_DIR/maps/basemap.pmtiles when that file is there.
  MAP_PMTILES: optionalString,
  // A third-party vector tile host instead (https, {z}/{x}/{y}); the CSP then allows its origin.
  // ActivityPub may reach loopback and private addresses: tests and development only, never production.
  FEDERATION_ALLOW_PRIVATE: z
    .enum(["", "1", "0", "true", "false"], "must be 1 or 0")
    .default("")
    .transform((value) => value === "1" || value === "true"),
  MAP_TILE_URL: optionalString.pipe(
    urlString(["https:"])
      .refine((value) => ["{z}", "{x}", "{y}"].every((part) => value.includes(part)), "must hold {z}, {x} and {y}")
      .refine((value) => !/[{}]/.test(URL.parse(value)?.host ?? ""), "must name one host (no placeholders in it)")
      .optional(),
  ),
});

/** Where uploaded images live: the local directory, or an S3-compatible bucket. */
export type StorageConfig =
  | { kind: "local" }
  | {
      kind: "s3";
      bucket: string;
      /** MinIO, R2, Spaces...; undefined means AWS. */
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
      /** Image URLs point here (CDN or bucket origin); undefined: the app serves /uploads from the bucket. */
      publicUrl: string | undefined;
    };

/**
 * Where the basemap comes from (app/platform/maps/basemap.server.ts): a PMTiles file on disk
 * (`optional`: the default path, fine when absent), an object in the bucket, or a third-party
 * host the operator named.
 */
export type MapsConfig =
  { kind: "file"; path: string; optional: boolean } | { kind: "s3"; key: string } | { kind: "remote"; tileUrl: string; origin: string };

export type AppConfig = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string | undefined;
  /**
   * The public origin (`https://portal.example`): PUBLIC_URL's, else `http://localhost:$PORT`.
   * Every absolute URL the portal writes starts with it, never with the request's Host.
   */
  origin: string;
  sessionSecret: string;
  /** Web push's VAPID keys (base64url) and the contact the push services are given (mailto: or https:). */
  vapid: { publicKey: string; privateKey: string; subject: string };
  smtpUrl: string | undefined;
  /** Sender of account mail; default "<site> <no-reply@PUBLIC_URL host>". */
  mailFrom: string | undefined;
  /** Seconds before the first retry of a failed job (app/platform/jobs); doubling after each failure. */
  jobRetrySeconds: number;
  /** Reverse proxies in front of the app whose X-Forwarded-For is believed. */
  trustProxy: number;
  demoPassword: string | undefined;
  seedDemo: "auto" | "yes" | "no";
  /** Worker processes (node:cluster); more than one needs PostgreSQL. */
  webConcurrency: number;
  /** Requests one process builds at once; past 8x that waiting, more are refused with 503 (server/admission.ts). */
  maxInFlight: number;
  /** Per-connection timeouts and connection caps (server/connections.ts), in milliseconds and counts. */
  connections: {
    headersTimeoutMs: number;
    bodyIdleTimeoutMs: number;
    bodyTimeoutMs: number;
    maxConnections: number;
    maxConnectionsPerAddress: number;
    /** Bytes per second a body must keep up after its first second; 0: no check. */
    bodyMinRate: number;
    /** Requests of one process whose body is still arriving. */
    maxBodyReaders: number;
  };
  /** Multiplies every per-address abuse limit: many people may share one address (a community centre, a test suite). */
  addressLimitFactor: number;
  /** Bounds of the anonymous page cache's partitions, in MiB (0 keeps nothing). */
  pageCacheMb: { pages: number; search: number };
  /** How often a process asks the database for table versions (with PostgreSQL, NOTIFY comes first). */
  contentPollMs: number;
  /** Upload forms (adverts, staff content) read and processed at once; more wait briefly, then get a 503. */
  uploads: { inFlight: number; perUser: number };
  /** New private conversations one user may open in an hour: an established account, and one younger than a day. */
  newConversationsPerHour: { established: number; newAccount: number };
  storage: StorageConfig;
  /** The log's level (app/platform/logger); the logger reads it from the environment itself, this is its check. */
  logLevel: LogLevel;
  /** Prometheus metrics on their own port (server/metrics-server.ts); undefined: none. */
  metrics: { port: number; host: string } | undefined;
  /** Errors are sent to this Sentry DSN too (app/platform/logger/error-reporting.server.ts); undefined: not at all. */
  sentryDsn: string | undefined;
  /** The basemap's source; only `remote` lets the browser reach another host (its origin joins the CSP). */
  maps: MapsConfig;
  /** Federation may fetch from and deliver to loopback and private addresses (FEDERATION_ALLOW_PRIVATE; refused in production). */
  federationAllowPrivate: boolean;
  paths: { db: string; uploads: string; outbox: string };
};

export class ConfigError extends Error {}

/** Reads and validates the environment; the error message is one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const values = parsed.data;
  if (values.NODE_ENV === "production" && values.DATABASE_URL && !values.SESSION_SECRET) {
    throw new ConfigError("Invalid environment variable SESSION_SECRET: required in production when DATABASE_URL is set");
  }
  if (values.WEB_CONCURRENCY > 1 && !values.DATABASE_URL) {
    throw new ConfigError(
      `Invalid environment variable WEB_CONCURRENCY: ${values.WEB_CONCURRENCY} processes need PostgreSQL (DATABASE_URL); the embedded database belongs to one process`,
    );
  }
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    throw new ConfigError(`Invalid environment variable METRICS_PORT: ${values.METRICS_PORT} is PORT; metrics need a port of their own`);
  }
  if (values.NODE_ENV === "production" && values.FEDERATION_ALLOW_PRIVATE && values.PUBLIC_URL && !isLoopbackUrl(values.PUBLIC_URL)) {
    throw new ConfigError("Invalid environment variable FEDERATION_ALLOW_PRIVATE: only for a portal on this machine (tests, development)");
  }
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    publicUrl: values.PUBLIC_URL?.replace(/\/+$/, ""),
    origin: values.PUBLIC_URL ? new URL(values.PUBLIC_URL).origin : `http://localhost:${values.PORT}`,
    sessionSecret: values.SESSION_SECRET ?? persistedSecret(dataDir),
    vapid: vapidConfig(values, dataDir),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    jobRetrySeconds: values.JOB_RETRY_SECONDS,
    trustProxy: values.TRUST_PROXY,
    demoPassword: values.DEMO_PASSWORD,
    seedDemo: values.SEED_DEMO,
    webConcurrency: values.WEB_CONCURRENCY,
    maxInFlight: values.MAX_IN_FLIGHT ?? (values.DATABASE_URL ? DEFAULT_MAX_IN_FLIGHT : DEFAULT_MAX_IN_FLIGHT_EMBEDDED),
    connections: {
      headersTimeoutMs: values.HEADERS_TIMEOUT * 1000,
      bodyIdleTimeoutMs: values.BODY_IDLE_TIMEOUT * 1000,
      bodyTimeoutMs: values.BODY_TIMEOUT * 1000,
      maxConnections: values.MAX_CONNECTIONS,
      maxConnectionsPerAddress: values.MAX_CONNECTIONS_PER_ADDRESS,
      bodyMinRate: values.BODY_MIN_RATE,
      maxBodyReaders: values.MAX_BODY_READERS,
    },
    addressLimitFactor: values.ADDRESS_LIMIT_FACTOR,
    pageCacheMb: { pages: values.PAGE_CACHE_MB, search: values.SEARCH_CACHE_MB },
    contentPollMs: values.CONTENT_POLL_MS,
    uploads: { inFlight: values.UPLOADS_IN_FLIGHT, perUser: values.UPLOADS_PER_USER },
    newConversationsPerHour: { established: values.NEW_CONVERSATIONS_PER_HOUR, newAccount: values.NEW_CONVERSATIONS_PER_HOUR_NEW_ACCOUNT },
    storage: storageConfig(values, env),
    logLevel: logLevelFrom({ LOG_LEVEL: values.LOG_LEVEL, NODE_ENV: values.NODE_ENV }),
    metrics: values.METRICS_PORT === undefined ? undefined : { port: values.METRICS_PORT, host: values.METRICS_HOST },
    sentryDsn: values.SENTRY_DSN,
    maps: mapsConfig(values, dataDir),
    federationAllowPrivate: values.FEDERATION_ALLOW_PRIVATE,
    paths: {
      db: path.join(dataDir, "db"),
      uploads: path.join(dataDir, "uploads"),
      outbox: path.join(dataDir, "outbox"),
    },
  };
}

function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || host.startsWith("127.");
}

function storageConfig(values: z.infer<typeof envSchema>, env: NodeJS.ProcessEnv): StorageConfig {
  if (!values.S3_BUCKET) {
    const stray = (["S3_ENDPOINT", "S3_PUBLIC_URL", "S3_REGION"] as const).find((name) => values[name]);
    if (stray) throw new ConfigError(`Invalid environment variable ${stray}: has no effect without S3_BUCKET`);
    return { kind: "local" };
  }
  return {
    kind: "s3",
    bucket: values.S3_BUCKET,
    endpoint: values.S3_ENDPOINT,
    // The SDK insists on a region even where the server ignores it (MinIO, R2 take any).
    region: values.S3_REGION ?? (env.AWS_REGION?.trim() || "us-east-1"),
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
    publicUrl: values.S3_PUBLIC_URL?.replace(/\/+$/, ""),
  };
}

const S3_PREFIX = "s3:";

function mapsConfig(values: z.infer<typeof envSchema>, dataDir: string): MapsConfig {
  const source = values.MAP_PMTILES;
  if (values.MAP_TILE_URL) {
    if (source) throw new ConfigError("Invalid environment variable MAP_TILE_URL: MAP_PMTILES is set too; name one basemap");
    return { kind: "remote", tileUrl: values.MAP_TILE_URL, origin: new URL(values.MAP_TILE_URL).origin };
  }
  if (source === undefined) return { kind: "file", path: path.join(dataDir, "maps", "basemap.pmtiles"), optional: true };
  if (source.startsWith(S3_PREFIX)) {
    const key = source.slice(S3_PREFIX.length).replace(/^\/+/, "");
    if (!values.S3_BUCKET) throw new ConfigError("Invalid environment variable MAP_PMTILES: an s3: key needs S3_BUCKET");
    if (!key || key.split("/").some((part) => part === "" || part === "." || part === "..") || /[\u0000-\u001f\u007f]/.test(key)) {
      throw new ConfigError("Invalid environment variable MAP_PMTILES: must be s3:<object key> (e.g. s3:maps/basemap.pmtiles)");
    }
    return { kind: "s3", key };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) {
    throw new ConfigError("Invalid environment variable MAP_PMTILES: must be a file path or s3:<object key>");
  }
  return { kind: "file", path: path.resolve(dataDir, source), optional: false };
}

// A generated secret must survive restarts, or every restart signs everyone out.
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

function vapidConfig(values: z.infer<typeof envSchema>, dataDir: string): AppConfig["vapid"] {
  if (Boolean(values.VAPID_PUBLIC_KEY) !== Boolean(values.VAPID_PRIVATE_KEY)) {
    const missing = values.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY";
    throw new ConfigError(`Invalid environment variable ${missing}: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together`);
  }
  const keys =
    values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
      ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY }
      : persistedVapidKeys(dataDir);
  const origin = values.PUBLIC_URL ? new URL(values.PUBLIC_URL) : undefined;
  // Push services want a way to reach the sender: the site itself under https, else a mailbox at its host.
  const subject =
    values.VAPID_SUBJECT ?? (origin?.protocol === "https:" ? origin.origin : `mailto:no-reply@${origin?.hostname ?? "localhost"}`);
  return { ...keys, subject };
}

// Like the session secret: a key pair made once and kept, or every browser's subscription
// (made for the old public key) stops receiving anything.
function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, "vapid-keys.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
  mkdirSync(dataDir, { recursive: true });
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const jwk = privateKey.export({ format: "jwk" });
  const raw = publicKey.export({ format: "der", type: "spki" }).subarray(-65);
  const keys = { publicKey: raw.toString("base64url"), privateKey: jwk.d! };
  try {
    // Exclusive: processes starting together for the first time all end up with the first one's pair.
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
  }
  return keys;
}

let current: AppConfig | undefined;

/** The process-wide config: set once by the server or a script, read everywhere else. */
export function getConfig(): AppConfig {
  current ??= loadConfig();
  return current;
}

/** The origin of every absolute URL (links in mail, canonical, sitemap, feeds): see AppConfig.origin. */
export function publicOrigin(): string {
  return getConfig().origin;
}

/**
 * The origins a form post or beacon may come from: the public origin and, while PUBLIC_URL is
 * unset, the port's other loopback names, so a local start answers at 127.0.0.1 and [::1] as
 * at localhost. URLs the portal writes keep the one public origin.
 */
export function acceptedOrigins(config: Pick<AppConfig, "origin" | "publicUrl" | "port"> = getConfig()): readonly string[] {
  if (config.publicUrl) return [config.origin];
  return [
    config.origin,
    ...["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${config.port}`).filter((origin) => origin !== config.origin),
  ];
}

export function setConfig(config: AppConfig): void {
  current = config;
}
