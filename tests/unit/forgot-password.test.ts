// "Forgot password" must not tell by its answer, nor by how long the answer takes, whether an
// address has an account. The mail goes through a transport that blocks until the test
// releases it: the action has to answer, for a known address and an unknown one alike,
// while no mail has been sent yet; only then is the mail sent, and only to the known one.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { MailMessage, SentMail } from "~/modules/mail/mailer.server";
import * as login from "~/routes/login/route";
import { settleAfterResponse } from "~/modules/auth/after-response.server";
import { useTestDatabase } from "../support/db.ts";
import { callWithSession, makeUser, useAccountConfig } from "../support/auth.ts";

const gate = vi.hoisted(() => {
  const state = {
    sent: [] as string[],
    entered: 0,
    release: () => {},
    blocked: Promise.resolve(),
    close() {
      state.blocked = new Promise<void>((resolve) => (state.release = resolve));
    },
  };
  return state;
});

vi.mock("~/modules/mail/mailer.server", () => ({
  async sendMail(message: MailMessage): Promise<SentMail> {
    gate.entered++;
    await gate.blocked;
    gate.sent.push(message.to);
    return { transport: "outbox" };
  },
}));

useTestDatabase();

beforeAll(() => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
});

afterEach(async () => {
  gate.release();
  await settleAfterResponse();
  gate.sent.length = 0;
  gate.entered = 0;
});

/** What the action answered, or "waited for the mail" when it had not answered once a mail send began and the event loop drained. */
async function answerBeforeMail(email: string, ip: string): Promise<{ status: number; location: string | null } | "waited for the mail"> {
  const call = callWithSession(login.action, { url: "/login", ip, form: { intent: "forgot", email } }).then(({ result }) => {
    const response = result as Response;
    return { status: response.status, location: response.headers.get("Location") };
  });
  // Resolves once a mail send has begun and everything else queued has run: an action that
  // waits for the mail is still waiting then.
  const mailBegan = (async () => {
    while (gate.entered === 0) await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    return "waited for the mail" as const;
  })();
  return Promise.race([call, mailBegan]);
}

describe("forgot password", () => {
  it("answers a known and an unknown address alike, before any mail is sent", async () => {
    const user = await makeUser({ email: "known@example.test" });
    gate.close();
    const known = await answerBeforeMail(user.email, "198.51.100.31");
    const unknown = await answerBeforeMail("nobody-here@example.test", "198.51.100.32");
    expect(known).toEqual({ status: 302, location: "/verify-request?sent=reset" });
    expect(unknown).toEqual(known);
    expect(gate.sent).toEqual([]);

    gate.release();
    await settleAfterResponse();
    // After the answers: the known address got its link, the unknown one nothing.
    expect(gate.sent).toEqual([user.email]);
  });

  it("a failing mail is logged, not the request's failure", async () => {
    const user = await makeUser({ email: "unlucky@example.test" });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    gate.blocked = Promise.reject(new Error("SMTP down"));
    gate.blocked.catch(() => {});
    try {
      const answer = await answerBeforeMail(user.email, "198.51.100.33");
      expect(answer).toEqual({ status: 302, location: "/verify-request?sent=reset" });
      await settleAfterResponse();
      expect(errors).toHaveBeenCalledWith("password reset mail:", expect.objectContaining({ message: "SMTP down" }));
    } finally {
      errors.mockRestore();
      gate.blocked = Promise.resolve();
    }
  });
});
