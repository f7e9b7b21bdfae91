import { afterIdle, deferred } from "#app/components/deferred.tsx";

/**
 * The item pages' share links. Plain links need no JS, so their code (and their icons) is not
 * part of the first load: the server's HTML stands until the browser is idle (deferred.tsx).
 */
export const ShareLinks = deferred(() => import("./share-links-list.tsx"), afterIdle);
