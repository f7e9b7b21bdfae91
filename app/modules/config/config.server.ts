import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const urlString = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL starting with ${protocols.join(" or ")}//`);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATABASE_URL: optionalString.pipe(urlString(["postgres:", "postgresql:"]).optional()),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  PUBLIC_URL: optionalString.pipe(urlString(["http:", "https:"]).optional()),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SMTP_URL: optionalString.pipe(urlString(["smtp:", "smtps:"]).optional()),
  SEED_DEMO: z.enum(["auto", "yes", "no"]).default("auto"),
  DEMO_PASSWORD: optionalString.pipe(z.string().min(8, "must be at least 8 characters").optional()),
  MAIL_FROM: optionalString,
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
});

export type AppConfig = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string | undefined;
  sessionSecret: string;
  smtpUrl: string | undefined;
  /** Sender of account mail; default "<site> <no-reply@PUBLIC_URL host>". */
  mailFrom: string | undefined;
  /** Reverse proxies in front of the app whose X-Forwarded-For is believed. */
  trustProxy: number;
  demoPassword: string | undefined;
  seedDemo: "auto" | "yes" | "no";
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
    throw new ConfigError(
      "Invalid environment variable SESSION_SECRET: required in production when DATABASE_URL is set",
    );
  }
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    publicUrl: values.PUBLIC_URL?.replace(/\/+$/, ""),
    sessionSecret: values.SESSION_SECRET ?? persistedSecret(dataDir),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    trustProxy: values.TRUST_PROXY,
    demoPassword: values.DEMO_PASSWORD,
    seedDemo: values.SEED_DEMO,
    paths: {
      db: path.join(dataDir, "db"),
      uploads: path.join(dataDir, "uploads"),
      outbox: path.join(dataDir, "outbox"),
    },
  };
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

const CONFIG_KEY = Symbol.for("portal.config");
type ConfigHolder = { [CONFIG_KEY]?: AppConfig };

/** The process-wide config: set once by the server or a script, read everywhere else. */
export function getConfig(): AppConfig {
  const holder = globalThis as ConfigHolder;
  holder[CONFIG_KEY] ??= loadConfig();
  return holder[CONFIG_KEY];
}

export function setConfig(config: AppConfig): void {
  (globalThis as ConfigHolder)[CONFIG_KEY] = config;
}
