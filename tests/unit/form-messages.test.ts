// Form messages cross from the server to the page as `key|{json}` text; the page must show
// something readable whatever arrives, never throw while rendering.
import { describe, expect, it } from "vitest";
import { decodeMessage, encodeMessage, messageNamespaces, translateMessage } from "#app/components/forms/message-codec.ts";

describe("form message codec", () => {
  it("round-trips a key with values", () => {
    const message = encodeMessage("admin:errors.too_long", { max: 200, name: "a|b" });
    expect(message).toBe('admin:errors.too_long|{"max":200,"name":"a|b"}');
    expect(decodeMessage(message)).toEqual({ key: "admin:errors.too_long", values: { max: 200, name: "a|b" } });
  });

  it("round-trips a bare key", () => {
    expect(encodeMessage("auth:errors.email_invalid")).toBe("auth:errors.email_invalid");
    expect(decodeMessage("auth:errors.email_invalid")).toEqual({ key: "auth:errors.email_invalid", values: {} });
  });

  it.each([
    ["adverts:errors.title_length|{not json", "adverts:errors.title_length"],
    ["adverts:errors.title_length|", "adverts:errors.title_length"],
    ["adverts:errors.title_length|null", "adverts:errors.title_length"],
    ["adverts:errors.title_length|[1,2]", "adverts:errors.title_length"],
    ['adverts:errors.title_length|"text"', "adverts:errors.title_length"],
    ["|{}", ""],
  ])("keeps the key and drops malformed values: %j", (message, key) => {
    expect(decodeMessage(message)).toEqual({ key, values: {} });
  });

  it("translates through the given t, with the values", () => {
    const t = (key: string, values?: Record<string, unknown>) => `${key}:${JSON.stringify(values)}`;
    expect(translateMessage(t, 'reports:errors.too_many|{"minutes":3}')).toBe('reports:errors.too_many:{"minutes":3}');
    expect(() => translateMessage(t, "reports:errors.too_many|{oops")).not.toThrow();
  });

  it("names the namespaces a list of messages reads from", () => {
    expect(messageNamespaces(["auth:errors.a", 'auth:errors.b|{"x":1}', "admin:errors.c", "plain"])).toEqual(["auth", "admin"]);
    expect(messageNamespaces(undefined)).toEqual([]);
  });
});
