import adminMessages from "#app/locales/uk/admin.json";
import publicMessages from "./uk-public.ts";

/** Every namespace of the Ukrainian interface. */
export default { ...publicMessages, admin: adminMessages };
