// "Forgot password": how long the answer takes for an address with an account and for one
// without. Run against a server started with TRUST_PROXY=1 (each request comes from an
// address of its own, so the abuse limits stay out of the figures):
//   TRUST_PROXY=1 PORT=3001 npm run serve   then   node bench/forgot-timing.ts http://localhost:3001
// It registers the known addresses first (once each: the limit per address applies).
import { percentile } from "./load.ts";

const base = process.argv[2] ?? "http://localhost:3000";
const count = Number(process.argv[3] ?? 50);
const run = Date.now().toString(36);
let clients = 0;

async function post(form: Record<string, string>): Promise<{ status: number; ms: number }> {
  const address = `10.${(++clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
  const started = performance.now();
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(base).origin, "X-Forwarded-For": address },
    body: new URLSearchParams(form),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const known = Array.from({ length: count }, (_, i) => `timing-${run}-${i}@example.test`);
for (const email of known) {
  const { status } = await post({ intent: "register", email, password: "timing-password-1" });
  if (status !== 302) throw new Error(`registering ${email}: ${status}`);
}

const times = { known: [] as number[], unknown: [] as number[] };
// Alternating, and each first in turn, so a slow moment of the machine hits both alike.
for (let i = 0; i < count; i++) {
  for (const kind of i % 2 === 0 ? (["known", "unknown"] as const) : (["unknown", "known"] as const)) {
    const email = kind === "known" ? known[i]! : `nobody-${run}-${i}@example.test`;
    const { status, ms } = await post({ intent: "forgot", email });
    if (status !== 302) throw new Error(`forgot ${email}: ${status}`);
    times[kind].push(ms);
    // A pause, so the mail sent after one answer does not slow the next request down.
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
for (const kind of ["known", "unknown"] as const) {
  const sorted = times[kind].toSorted((a, b) => a - b);
  console.log(
    `${kind} address: median ${percentile(sorted, 50).toFixed(1)} ms, p90 ${percentile(sorted, 90).toFixed(1)} ms (${count} requests)`,
  );
}
