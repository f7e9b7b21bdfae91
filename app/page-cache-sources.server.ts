import { registerTimedChange } from "#app/platform/page-cache/content-state.server.ts";
import { ADVERT_MOMENTS, STAFF_CONTENT_MOMENTS } from "#app/modules/content/versioned-tables.server.ts";
import { GUIDE_MOMENTS } from "#app/modules/guides/guides.server.ts";

// The domains' time-driven changes, handed to the platform's page cache (which imports no
// domain). Imported for its effect by app/entry.server.tsx and by the tests' database support.
registerTimedChange(STAFF_CONTENT_MOMENTS);
registerTimedChange(ADVERT_MOMENTS);
registerTimedChange(GUIDE_MOMENTS);
