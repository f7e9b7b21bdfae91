import { afterIdle, deferred } from "#app/components/deferred.tsx";

/**
 * The advert list's filters. A GET form works as plain HTML, so its code is not part of the
 * list's first load: until the browser is idle the server's form submits natively (a full
 * page load), then the chunk hydrates it and filtering navigates in place (deferred.tsx).
 */
export const AdvertFilters = deferred(() => import("./advert-filters-form.tsx"), afterIdle);
