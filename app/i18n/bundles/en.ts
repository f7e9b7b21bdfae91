import adminMessages from "../../locales/en/admin.json";
import publicMessages from "./en-public";

/** Every namespace of the English interface. */
export default { ...publicMessages, admin: adminMessages };
