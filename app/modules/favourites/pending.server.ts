import { createCookie } from "react-router";
import { getConfig } from "#app/modules/config/config.server.ts";
import { secure } from "#app/modules/http/cookies.server.ts";

// A signed-out visitor who presses "Save" is sent to sign in; this short-lived signed cookie
// remembers which advert, so the save happens once they are signed in (/favourites/resume).

export type PendingFavourite = { advertId: number; returnTo: string };

let cookie: ReturnType<typeof createCookie> | undefined;
function pendingCookie() {
  cookie ??= createCookie("__pending_favourite", {
    path: "/favourites",
    httpOnly: true,
    sameSite: "lax",
    secure: secure(),
    secrets: [getConfig().sessionSecret],
    maxAge: 30 * 60,
  });
  return cookie;
}

export function rememberPendingFavourite(pending: PendingFavourite): Promise<string> {
  return pendingCookie().serialize(pending);
}

export async function readPendingFavourite(request: Request): Promise<PendingFavourite | null> {
  const value = (await pendingCookie().parse(request.headers.get("cookie")).catch(() => null)) as Partial<PendingFavourite> | null;
  if (!value || typeof value.advertId !== "number" || typeof value.returnTo !== "string") return null;
  return { advertId: value.advertId, returnTo: value.returnTo };
}

export function forgetPendingFavourite(): Promise<string> {
  return pendingCookie().serialize("", { maxAge: 0 });
}
