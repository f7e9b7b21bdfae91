import { afterIdle, deferred } from "#app/components/deferred.tsx";

/**
 * The advert form's category fields. Their code is not part of the posting page's first load
 * (the 125 KiB budget): the server renders them in full, the browser hydrates them once idle.
 */
export const CategoryFields = deferred(() => import("./category-fields-input.tsx"), afterIdle);
