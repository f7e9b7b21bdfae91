import pino, { type DestinationStream, type Logger } from "pino";
import { logLevelFrom, type LogLevel } from "#app/platform/config/log-level.ts";

// One structured log for the server, the app and the job worker: JSON lines on stdout, one
// object per event, so a collector reads fields instead of parsing sentences. The level comes
// from LOG_LEVEL (validated with the rest of the configuration, app/platform/config/log-level.ts),
// read here from the environment because the first lines are written before the configuration is.

/** stdout for every line but the access log's: written at once, so a line is out before what follows it. */
const stdout = pino.destination({ dest: 1, sync: true });

/**
 * stdout for the access log (one line per request), buffered: writes of about 8 KiB, or within
 * 200 ms when fewer lines come, and what is held is written at exit and before the server's
 * notes for the terminal (flushLogs). A synchronous write per request into a pipe whose reader is
 * busy cost up to a quarter of an uncached page's server CPU (docs/adr/0042-buffered-log.md).
 */
const bufferedStdout = pino.destination({ dest: 1, sync: false, minLength: 8192, periodicFlush: 200 });
process.on("exit", () => flushLogs());

/**
 * Where lines go: stdout unless a test (or an embedding) hands another stream. The loggers
 * write through this indirection, so child loggers made at a module's load follow a change.
 */
let destination: DestinationStream | null = null;

/** Writes the access lines held back to stdout now: before a plain line for the terminal, and at exit. */
export function flushLogs(): void {
  try {
    bufferedStdout.flushSync();
  } catch {
    // Not open yet, or closed: nothing is held.
  }
}

/**
 * A logger writing to `stream` at `level`. `err` (and `error`) keys are serialized with their
 * type, message and stack; other values as JSON.
 */
export function createLogger(stream: DestinationStream, level: LogLevel = "info"): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
}

/** The process's logger: `logger.info({ ...fields }, "message")`, `logger.error({ err }, "what failed")`. */
export const logger: Logger = createLogger(
  { write: (line: string) => void (destination ?? stdout).write(line) },
  logLevelFrom(process.env),
);

/** The access log's logger: the same lines and level as `logger`, buffered on stdout. */
export const accessLogger: Logger = createLogger(
  { write: (line: string) => void (destination ?? bufferedStdout).write(line) },
  logLevelFrom(process.env),
);

/** A logger whose every line carries `bindings` (a module name, a job id). */
export function childLogger(bindings: Record<string, unknown>): Logger {
  return logger.child(bindings);
}

/**
 * Sends the process's log lines to `stream` (and its level to `level`, when given) until the
 * returned function puts the previous ones back.
 */
export function redirectLogs(stream: DestinationStream, level?: LogLevel): () => void {
  const previous = { destination, level: logger.level };
  destination = stream;
  if (level) logger.level = accessLogger.level = level;
  return () => {
    destination = previous.destination;
    logger.level = accessLogger.level = previous.level;
  };
}
