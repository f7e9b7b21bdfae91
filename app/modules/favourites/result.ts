import type { FlashToast } from "#app/platform/http/flash.server.ts";

/** What the favourite toggle answers a script-driven post: the new state and its toast (the route's action, the form's fetcher). */
export type FavouriteResult = { saved: boolean; toast: FlashToast };
