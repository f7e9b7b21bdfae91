// Before the browser tests: Playwright drives Debian's chromium-headless-shell (it cannot
// download its own here) and the HTML check runs the Nu checker (vnu-jar, a devDependency)
// on a Java runtime.
// Install what is missing when we may (root with apt-get); otherwise say how.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromiumPackage, chromiumPath } from "../tests/e2e/support/env.ts";

if (process.env.CHROMIUM_PATH && !existsSync(chromiumPath)) {
  console.error(`CHROMIUM_PATH=${chromiumPath} does not exist.`);
  process.exit(1);
}
const hasJava = spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0;
const missing = [...(existsSync(chromiumPath) ? [] : [chromiumPackage]), ...(hasJava ? [] : ["default-jre-headless"])];
if (missing.length) {
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(
      `Missing for the browser tests: install Debian's ${missing.map((name) => `"${name}"`).join(" and ")} (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian ${missing.join(", ")} for the browser tests…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", ...missing]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
