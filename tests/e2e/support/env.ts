// Shared by playwright.config.ts, the server start script and the specs.
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";

/**
 * Ports the Fetch standard forbids ("bad ports"): a browser or `fetch` refuses to connect
 * to them, so a test server listening there fails in a way that looks like a bug.
 */
const FETCH_BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117,
  119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636,
  989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/**
 * Every port the browser suite listens on beside the main server's, one per spec that starts
 * servers of its own, so specs running at once never take the same one.
 */
export const SUITE_PORT_OFFSETS = {
  foreignAddressJsA: 3,
  foreignAddressJsB: 4,
  foreignAddressNoJsA: 5,
  foreignAddressNoJsB: 6,
  gracefulRestart: 7,
  devServer: 8,
  lifecycle: 9,
  passkeys: 10,
  federationA: 11,
  federationB: 12,
  scaleOutA: 100,
  scaleOutB: 101,
  scaleOutCluster: 102,
} as const;

/** The suite's ports from its base port, refused with one line when any is outside 1024-65535 or a Fetch bad port. */
export function suitePorts(base: number): { server: number } & Record<keyof typeof SUITE_PORT_OFFSETS, number> {
  const ports = {
    server: base,
    ...Object.fromEntries(Object.entries(SUITE_PORT_OFFSETS).map(([name, offset]) => [name, base + offset])),
  } as { server: number } & Record<keyof typeof SUITE_PORT_OFFSETS, number>;
  const bad = Object.entries(ports).filter(([, p]) => !Number.isInteger(p) || p < 1024 || p > 65535 || FETCH_BAD_PORTS.has(p));
  if (bad.length > 0) {
    throw new Error(
      `E2E_PORT=${base} gives unusable test ports (${bad.map(([name, p]) => `${name} ${p}`).join(", ")}): pick another E2E_PORT`,
    );
  }
  return ports;
}

const DEFAULT_BASES = Array.from({ length: 80 }, (_, i) => 4310 + i);

// Tries to listen on each port of each candidate in turn and prints the first base whose ports
// are all free. A child process, because the runner needs the answer before it loads anything.
const PROBE = `const net = require("node:net");
const free = (port) => new Promise((resolve) => { const server = net.createServer(); server.once("error", () => resolve(false)); server.listen(port, "127.0.0.1", () => server.close(() => resolve(true))); });
(async () => { for (const [base, ports] of JSON.parse(process.argv[1])) if ((await Promise.all(ports.map(free))).every(Boolean)) return process.stdout.write(String(base)); })();`;

/**
 * The first base, from `start` on through the default range, whose suite ports nothing on the
 * machine listens on: another run, or a daemon on a registered port (Erlang's epmd has 4369).
 * `start` when every base has a busy port (the server then says which one).
 */
export function firstFreeBase(start: number): number {
  const order = [...DEFAULT_BASES.filter((base) => base >= start), ...DEFAULT_BASES.filter((base) => base < start)];
  const candidates = order.map((base) => [base, Object.values(suitePorts(base))]);
  const found = execFileSync(process.execPath, ["-e", PROBE, JSON.stringify(candidates)], { encoding: "utf8" });
  return Number(found) || start;
}

// Several runs may share a machine (developers' agents, CI): without E2E_PORT each run picks
// its own free ports, starting from one its process id gives, and the workers inherit the
// choice through the environment. The range 4310-4389 (and the offsets above) holds no
// Fetch bad port. An E2E_PORT that is set is used as it is.
process.env.E2E_PORT ??= String(firstFreeBase(DEFAULT_BASES[process.pid % DEFAULT_BASES.length]!));
export const ports = suitePorts(Number(process.env.E2E_PORT));
export const port = ports.server;
export const baseURL = `http://127.0.0.1:${port}`;
/** The e2e server's DATA_DIR: wiped before each run (uploads, outbox/ mails, PGlite db). */
export const dataDir = path.join(os.tmpdir(), `portal-e2e-${port}`);
/**
 * The browser the suite drives: Debian's chromium-headless-shell, the "old headless" build
 * Playwright itself prefers for headless runs. In the full browser (/usr/bin/chromium, new
 * headless) the suite took nearly twice as long (docs/adr/0035-browser-test-suite.md).
 * CHROMIUM_PATH picks another one, e.g. /usr/bin/chromium.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
export const chromiumPackage = "chromium-headless-shell";
export const demoPassword = process.env.DEMO_PASSWORD ?? "demo-password-123";
/** The server's SESSION_SECRET on PostgreSQL (production requires one there) unless the environment sets one. */
export const sessionSecret = process.env.SESSION_SECRET?.trim() || "e2e-session-secret-not-for-production-0123456789";

/** Accounts the server seeds into an empty database. */
export const accounts = {
  admin: { email: "admin@demo.local", password: demoPassword },
  editor: { email: "editor@demo.local", password: demoPassword },
  user: { email: "user@demo.local", password: demoPassword },
} as const;
