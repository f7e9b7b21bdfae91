import type { Level } from "pino";

// The log's level: read from the environment by the logger itself (its first lines are written
// before the configuration is read) and checked with the rest of the configuration.

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const satisfies readonly (Level | "silent")[];
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL when it names a level; else `info`, and `silent` under tests, whose output is their own. */
export function logLevelFrom(env: { LOG_LEVEL?: string; NODE_ENV?: string }): LogLevel {
  const asked = env.LOG_LEVEL?.trim().toLowerCase();
  if (asked && (LOG_LEVELS as readonly string[]).includes(asked)) return asked as LogLevel;
  return env.NODE_ENV === "test" ? "silent" : "info";
}
