import adminMessages from "#app/locales/uk/admin.json" with { type: "json" };
import * as publicMessages from "./uk-public.ts";

/** Every namespace of the Ukrainian interface. */
export default { ...publicMessages, admin: adminMessages };
