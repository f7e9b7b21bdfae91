// The real server against a hostile Host, foreign Origins and open-redirect payloads: what
// unit tests cannot see (the request URL the server builds, React Router's own checks).
// Raw HTTP requests, so Host and Origin are exactly what an attacker would send.
import http from "node:http";
import { test, expect } from "./support/fixtures.ts";
import { accounts, baseURL } from "./support/env.ts";

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: string };

function raw(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Raw> {
  const target = new URL(path, baseURL);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? "GET",
        headers: options.headers,
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = "application/x-www-form-urlencoded";
const EVIL = { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };

test.describe("hostile requests to the real server @no-js-only", () => {
  test("a hostile Host changes neither its own page nor the next visitor's", async () => {
    const hostile = await raw("/novyny", { headers: EVIL });
    expect(hostile.status).toBe(200);
    expect(hostile.body).not.toContain("evil.example");
    const ordinary = await raw("/novyny");
    expect(ordinary.body).toMatch(new RegExp(`<link[^>]*rel="canonical"[^>]*href="${baseURL}/novyny"`));
    expect(ordinary.body).toContain(`content="${baseURL}/novyny"`);
    expect(ordinary.body).not.toContain("evil.example");
    const sitemap = await raw("/sitemap.xml", { headers: EVIL });
    expect(sitemap.body).toContain(`<loc>${baseURL}/`);
    expect(sitemap.body).not.toContain("evil.example");
  });

  test("foreign Origins are refused on the consent and theme forms and the beacons", async () => {
    const beacon = JSON.stringify({ path: "/novyny" });
    const posts = [
      { path: "/consent", type: FORM, body: form({ intent: "decline", returnTo: "/" }) },
      { path: "/set-theme", type: FORM, body: form({ theme: "dark", returnTo: "/" }) },
      { path: "/api/visitors/log", type: "application/json", body: beacon },
      { path: "/api/heartbeat", type: "application/json", body: beacon },
      { path: "/login", type: FORM, body: form({ intent: "signin", email: "x@example.test", password: "whatever-123" }) },
    ];
    const foreigns: Array<Record<string, string>> = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
      { Origin: "https://evil.example", ...EVIL },
    ];
    for (const post of posts) {
      for (const foreign of foreigns) {
        const refused = await raw(post.path, { method: "POST", headers: { "Content-Type": post.type, ...foreign }, body: post.body });
        expect([400, 403], `${post.path} ${JSON.stringify(foreign)}`).toContain(refused.status);
        expect(refused.headers["set-cookie"], post.path).toBeUndefined();
      }
      const own = await raw(post.path, { method: "POST", headers: { "Content-Type": post.type, Origin: baseURL }, body: post.body });
      expect([204, 303, 302, 401], post.path).toContain(own.status);
    }
  });

  test("open-redirect payloads land on the site's own pages", async () => {
    const payloads = [
      "/.//evil.example",
      "/%2e//evil.example",
      "/..//evil.example",
      "/./\\evil.example",
      "//evil.example",
      "/\\evil.example",
    ];
    const signIn = await raw("/login", {
      method: "POST",
      headers: { "Content-Type": FORM, Origin: baseURL },
      body: form({ intent: "signin", email: accounts.user.email, password: accounts.user.password, redirect: payloads[0]! }),
    });
    expect(signIn.status).toBe(302);
    // The payload is refused: a user lands in the cabinet, as without a redirect.
    expect(signIn.headers.location).toBe("/cabinet");
    const cookie = (signIn.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    expect(cookie).toContain("__session=");
    for (const payload of payloads) {
      const query = `?redirect=${encodeURIComponent(payload)}`;
      for (const path of [`/login${query}`, `/us/login${query}`, `/login.data${query}`]) {
        const response = await raw(path, { headers: { Cookie: cookie } });
        expect(response.headers.location ?? "", path).not.toContain("evil.example");
        expect(response.headers["x-remix-redirect"] ?? "", path).not.toContain("evil.example");
        expect(response.body, path).not.toContain("//evil.example");
      }
      const theme = await raw("/set-theme", {
        method: "POST",
        headers: { "Content-Type": FORM, Origin: baseURL },
        body: form({ theme: "dark", returnTo: payload }),
      });
      expect(theme.headers.location, payload).toBe("/");
    }
  });
});
