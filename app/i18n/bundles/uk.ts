import adminMessages from "../../locales/uk/admin.json";
import publicMessages from "./uk-public";

/** Every namespace of the Ukrainian interface. */
export default { ...publicMessages, admin: adminMessages };
