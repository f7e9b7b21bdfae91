// A production server of a spec's own, as a process on an empty embedded database, for the
// specs that signal, restart or crowd it (the suite's shared server must not be touched).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "../../..");

export type PortalProcess = { child: ChildProcess; dataDir: string; output: () => string; stop: () => void };

/**
 * Starts `scripts/serve.ts` (the server, seeding a first start when SEED_DEMO asks) on 127.0.0.1:`port` (its public origin) and resolves once it is ready.
 * `prepare` runs first with the process's environment (e.g. `scripts/user-create.ts` on its empty database).
 */
export async function startPortalProcess(
  port: number,
  name: string,
  extra: NodeJS.ProcessEnv = {},
  prepare?: (env: NodeJS.ProcessEnv) => void,
): Promise<PortalProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `portal-${name}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    SEED_DEMO: "no",
    ...extra,
  };
  delete env.DATABASE_URL;
  prepare?.(env);
  const child = spawn(process.execPath, ["scripts/serve.ts"], { cwd: root, env });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  await expect.poll(() => output, { timeout: 90_000 }).toContain("Portal ready");
  return {
    child,
    dataDir,
    output: () => output,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
