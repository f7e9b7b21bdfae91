import { afterIdle, deferred } from "#app/components/deferred.tsx";

/** The advert page's message box: plain HTML (a link, or a form that posts) until the browser is idle. */
export const MessageSeller = deferred(() => import("./message-seller.tsx"), afterIdle);
