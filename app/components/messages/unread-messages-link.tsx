import { afterIdle, deferred } from "#app/components/deferred.tsx";

/**
 * The header's inbox link, on every page of a signed-in visitor, and with `menu` the count on
 * the phone menu's button: the server renders it with the count, and its code (icon, poll)
 * follows when the browser is idle, outside the public pages' first load.
 */
export const UnreadMessagesLink = deferred(() => import("./unread-messages-link-view.tsx"), afterIdle);
