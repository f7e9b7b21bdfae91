// Every kind of mail, rendered from its template in both languages with its example data: an
// HTML and a plain-text part, a translated subject, links absolute from the public origin, no
// placeholder left. And the mail's `t` comes from the server's one i18next instance, the one
// requests read too.
import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, describe, expect, it, vi } from "vitest";
import { mailTemplates } from "#app/mail-templates.server.ts";
import { getInstance } from "#app/i18n/request.server.ts";
import { i18nextMiddleware } from "#app/middleware/i18next.ts";
import { serverI18n } from "#app/i18n/server-instance.server.ts";
import type { Language } from "#app/i18n/locales.ts";
import { accountMail } from "#app/modules/auth/mails/account.ts";
import { writeMailPreviews } from "#app/platform/mail/preview.server.ts";
import { mailLinks, renderMail } from "#app/platform/mail/template.server.ts";

const ORIGIN = "https://portal.example";
const LANGUAGES: Language[] = ["uk", "en"];
/** What i18next answers for a key it lacks: the key itself, e.g. "mail.verify.subject". */
const RAW_KEY = /^[a-z_]+(?:[.:][a-z_-]+)+$/i;
const kinds = mailTemplates.flatMap((template) =>
  template.examples(ORIGIN).map((data, index) => ({ template, data, label: `${template.name} #${index + 1}` })),
);

describe("mail templates", () => {
  it("cover every kind of mail the jobs send", () => {
    expect(mailTemplates.map((template) => template.name).sort()).toEqual([
      "account-export-ready",
      "adverts-expiry",
      "auth-account",
      "auth-email-change",
      "auth-security",
      "auth-sign-in-link",
      "messages-new",
      "moderation-advert-decision",
      "moderation-advert-held",
      "newsletter-confirm",
      "newsletter-issue",
      "organisations-invitation",
      "posters-event-notice",
      "posters-event-reminder",
      "posters-waitlist-promoted",
      "ratings-request",
      "saved-search-alert",
      "submissions-decision",
      "user-documents-reminder",
    ]);
  });

  describe.each(kinds)("$label", ({ template, data }) => {
    it.each(LANGUAGES)("renders in %s", (language) => {
      const content = template.compose(data, language);
      const mail = renderMail(content, language);
      expect(mail.subject.trim()).not.toBe("");
      expect(mail.subject).not.toMatch(RAW_KEY);
      for (const block of content.blocks) expect(typeof block === "string" ? block : block.text).not.toMatch(RAW_KEY);
      expect(mail.text.trim().length).toBeGreaterThan(40);
      expect(mail.html).toMatch(
        new RegExp(`^<!doctype html><html lang="${language}"><head><meta charSet="utf-8"/><title>[^<]+</title></head><body><p>`),
      );
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain("{{");
        expect(part).not.toContain("}}");
      }
      const links = mailLinks(content);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        expect(link.startsWith(`${ORIGIN}/`)).toBe(true);
        expect(mail.text).toContain(link);
        expect(mail.html).toContain(`<a href="${link.replace(/&/g, "&amp;")}">`);
      }
    });

    it("differs between the languages", () => {
      const [uk, en] = LANGUAGES.map((language) => renderMail(template.compose(data, language), language));
      expect(uk!.subject).not.toBe(en!.subject);
      expect(uk!.text).not.toBe(en!.text);
    });
  });

  it("escapes what people typed (names, titles) in the HTML part", () => {
    const mail = renderMail(
      accountMail.compose({ kind: "verify", name: "<b>Olena</b>", site: "A & B", link: `${ORIGIN}/verify-request?token=x&y=1` }, "en"),
      "en",
    );
    expect(mail.html).not.toContain("<b>Olena</b>");
    expect(mail.html).toContain("&lt;b&gt;Olena&lt;/b&gt;");
    expect(mail.html).toContain(`<a href="${ORIGIN}/verify-request?token=x&amp;y=1">`);
    expect(mail.text).toContain("<b>Olena</b>");
  });
});

describe("the preview", () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("writes every example in both languages as .html and .txt", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "mail-preview-"));
    const files = await writeMailPreviews(mailTemplates, dir, ORIGIN);
    expect(files).toHaveLength(kinds.length * LANGUAGES.length * 2);
    expect((await readdir(dir)).sort()).toEqual(files.map((file) => path.basename(file)).sort());
    expect(files).toContain(path.join(dir, "auth-account-1.en.html"));
    expect(files).toContain(path.join(dir, "auth-account-1.uk.txt"));
  });

  it("is what `npm run mail:preview` writes, run by Node itself (not through the test's bundler)", async () => {
    const out = await mkdtemp(path.join(tmpdir(), "mail-preview-script-"));
    try {
      const said = execFileSync(process.execPath, ["scripts/mail-preview.ts", "--out", out], { encoding: "utf8" });
      expect(said).toContain(`${kinds.length * LANGUAGES.length * 2} files in ${out}`);
      expect(await readdir(out)).toContain("auth-account-1.uk.html");
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});

describe("one i18next setup on the server", () => {
  it("serves requests and mail alike", async () => {
    const context = new RouterContextProvider();
    await i18nextMiddleware(
      {
        request: new Request(`${ORIGIN}/us/login`),
        url: new URL(`${ORIGIN}/us/login`),
        context,
        params: {},
        unstable_pattern: "/",
      } as never,
      async () => new Response(null),
    );
    const request = getInstance(context);
    expect(request.language).toBe("en");
    // remix-i18next's instance of the request reads the same message objects.
    expect(request.store.data).toBe(serverI18n.store.data);
    // Mail asks the same instance for its `t`, in the recipient's language.
    const getFixedT = vi.spyOn(serverI18n, "getFixedT");
    try {
      accountMail.compose({ kind: "verify", name: "Olena", site: "Portal", link: `${ORIGIN}/x` }, "uk");
      expect(getFixedT).toHaveBeenCalledWith("uk", "auth");
    } finally {
      getFixedT.mockRestore();
    }
    const before = serverI18n.getResource("en", "auth", "mail.verify.subject") as string;
    serverI18n.addResource("en", "auth", "mail.verify.subject", "Changed for {{site}}");
    try {
      expect(request.getFixedT("en", "auth")("mail.verify.subject", { site: "Portal" })).toBe("Changed for Portal");
      expect(accountMail.compose({ kind: "verify", name: "Olena", site: "Portal", link: `${ORIGIN}/x` }, "en").subject).toBe(
        "Changed for Portal",
      );
    } finally {
      serverI18n.addResource("en", "auth", "mail.verify.subject", before);
    }
  });
});
