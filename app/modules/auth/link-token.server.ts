import type { TokenPurpose } from "#db/schema.ts";
import { linkTokenSchema } from "./link-token.ts";
import { inspectToken } from "./tokens.server.ts";

/** The `?token=` of a mailed link's page when it can still be used for `purpose`; null for anything else. */
export async function usableLinkToken(url: URL, purpose: TokenPurpose): Promise<string | null> {
  const parsed = linkTokenSchema.safeParse({ token: url.searchParams.get("token") ?? "" });
  if (!parsed.success) return null;
  const check = await inspectToken(parsed.data.token);
  return check.status === "valid" && check.purpose === purpose ? parsed.data.token : null;
}
