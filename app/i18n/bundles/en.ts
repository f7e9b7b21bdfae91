import commonMessages from "../../locales/en/common.json";
import authMessages from "../../locales/en/auth.json";
import cabinetMessages from "../../locales/en/cabinet.json";
import dashboardMessages from "../../locales/en/dashboard.json";
import contentMessages from "../../locales/en/content.json";
import advertsMessages from "../../locales/en/adverts.json";
import reportsMessages from "../../locales/en/reports.json";
import adminMessages from "../../locales/en/admin.json";
import shellMessages from "../../locales/en/shell.json";

/** Every namespace of the English interface. */
export default {
  common: commonMessages,
  auth: authMessages,
  cabinet: cabinetMessages,
  dashboard: dashboardMessages,
  content: contentMessages,
  adverts: advertsMessages,
  reports: reportsMessages,
  admin: adminMessages,
  shell: shellMessages,
};
