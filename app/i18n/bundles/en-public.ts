import commonMessages from "../../locales/en/common.json";
import authMessages from "../../locales/en/auth.json";
import cabinetMessages from "../../locales/en/cabinet.json";
import dashboardMessages from "../../locales/en/dashboard.json";
import contentMessages from "../../locales/en/content.json";
import advertsMessages from "../../locales/en/adverts.json";
import reportsMessages from "../../locales/en/reports.json";
import shellMessages from "../../locales/en/shell.json";

/** The English namespaces every page may need; the dashboard's `admin` loads on its own (see entry.client.tsx). */
export default {
  common: commonMessages,
  auth: authMessages,
  cabinet: cabinetMessages,
  dashboard: dashboardMessages,
  content: contentMessages,
  adverts: advertsMessages,
  reports: reportsMessages,
  shell: shellMessages,
};
