import { chromium } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
import http from "node:http";
const server = http.createServer((req, res) => { res.setHeader("content-type", "text/html"); res.end('<!doctype html><html><head><title>x</title></head><body><main><img src="/a.png"><a href="/x"></a><button></button></main></body></html>'); }).listen(4399);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
for (const js of [true, false]) {
  const ctx = await browser.newContext({ javaScriptEnabled: js });
  const page = await ctx.newPage();
  await page.goto("http://127.0.0.1:4399/");
  try {
    const r = await new AxeBuilder({ page }).analyze();
    console.log("js", js, r.violations.map(v => `${v.impact} ${v.id}`));
  } catch (e) { console.log("js", js, "ERR", (e as Error).message.slice(0, 300)); }
  await ctx.close();
}
await browser.close(); server.close();
