import adminMessages from "#app/locales/en/admin.json" with { type: "json" };
import * as publicMessages from "./en-public.ts";

/** Every namespace of the English interface. */
export default { ...publicMessages, admin: adminMessages };
