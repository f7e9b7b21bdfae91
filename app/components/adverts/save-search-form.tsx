import { afterIdle, deferred } from "#app/components/deferred.tsx";

/**
 * "Save this search" under the advert list and the advert search: a plain form that posts, so
 * its code is not part of the page's first load (deferred.tsx); it hydrates when the browser is idle.
 */
export const SaveSearchForm = deferred(() => import("./save-search-form-body.tsx"), afterIdle);
