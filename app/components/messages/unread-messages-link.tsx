import { afterIdle, deferred } from "#app/components/deferred.tsx";

/**
 * The header's inbox link, on every page of a signed-in visitor: the server renders it with
 * the count, and its code (icon, poll) follows when the browser is idle, outside the public
 * pages' first load.
 */
export const UnreadMessagesLink = deferred(() => import("./unread-messages-link-view.tsx"), afterIdle);
