import { afterIdle, deferred } from "#app/components/deferred.tsx";

/**
 * "Save" / "Saved" on advert cards and pages. The button is a form post that works as plain
 * HTML, so its code is not part of the first load: until the browser is idle a click posts
 * natively (the server redirects back with a notice), then the chunk hydrates every toggle
 * and they flip in place (deferred.tsx).
 */
export const FavouriteToggle = deferred(() => import("./favourite-toggle-form.tsx"), afterIdle);
