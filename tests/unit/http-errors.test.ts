import { describe, expect, it } from "vitest";
import { badRequest, forbidden, httpError, invariantResponse, methodNotAllowed, notFound } from "#app/platform/http/errors.ts";
import { errorVariant } from "#app/platform/seo/error-texts.ts";

/** What a helper threw, as the error boundary sees it. */
function thrown(fn: () => unknown): { status: number; statusText: string; headers: Headers; data: unknown } {
  try {
    fn();
  } catch (error) {
    // What `data()` makes: React Router answers with its init (status, status text, headers).
    const { data, init } = error as { data: unknown; init?: ResponseInit };
    if (!init?.status) throw error;
    return { status: init.status, statusText: init.statusText ?? "", headers: new Headers(init.headers), data };
  }
  throw new Error("nothing was thrown");
}

describe("http errors", () => {
  it("invariantResponse lets a holding condition through and narrows it", () => {
    const value: string | null = "x";
    invariantResponse(value);
    expect(value.length).toBe(1);
  });

  it("invariantResponse refuses with 400 unless told another status", () => {
    expect(thrown(() => invariantResponse(false))).toMatchObject({ status: 400, statusText: "Bad Request", data: null });
    expect(thrown(() => invariantResponse(0, 404))).toMatchObject({ status: 404, statusText: "Page Not Found" });
    expect(thrown(() => invariantResponse("", 503, { "Retry-After": "5" })).headers.get("Retry-After")).toBe("5");
  });

  it("each short helper throws its status, which the error page knows", () => {
    const cases: Array<[() => never, number]> = [
      [badRequest, 400],
      [forbidden, 403],
      [notFound, 404],
    ];
    for (const [helper, status] of cases) {
      const error = thrown(helper);
      expect(error.status).toBe(status);
      expect(errorVariant(error.status)).not.toBe("server");
    }
    expect(thrown(() => httpError(413)).statusText).toBe("Payload Too Large");
  });

  it("methodNotAllowed names the methods the route answers", () => {
    const error = thrown(() => methodNotAllowed("POST"));
    expect(error.status).toBe(405);
    expect(error.headers.get("Allow")).toBe("POST");
  });
});
