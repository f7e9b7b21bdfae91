import { signedCookie } from "#app/platform/http/cookies.server.ts";

// A signed-out visitor who presses "Save" is sent to sign in; this short-lived signed cookie
// remembers which advert, so the save happens once they are signed in (/favourites/resume).

export type PendingFavourite = { advertId: number; returnTo: string };

const pendingCookie = signedCookie("__pending_favourite", { path: "/favourites", maxAge: 30 * 60 });

export function rememberPendingFavourite(pending: PendingFavourite): Promise<string> {
  return pendingCookie().serialize(pending);
}

export async function readPendingFavourite(request: Request): Promise<PendingFavourite | null> {
  const value = (await pendingCookie()
    .parse(request.headers.get("cookie"))
    .catch(() => null)) as Partial<PendingFavourite> | null;
  if (!value || typeof value.advertId !== "number" || typeof value.returnTo !== "string") return null;
  return { advertId: value.advertId, returnTo: value.returnTo };
}

export function forgetPendingFavourite(): Promise<string> {
  return pendingCookie().serialize("", { maxAge: 0 });
}
