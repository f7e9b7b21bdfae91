import adminMessages from "#app/locales/en/admin.json";
import publicMessages from "./en-public.ts";

/** Every namespace of the English interface. */
export default { ...publicMessages, admin: adminMessages };
