import commonMessages from "../../locales/uk/common.json";
import authMessages from "../../locales/uk/auth.json";
import cabinetMessages from "../../locales/uk/cabinet.json";
import dashboardMessages from "../../locales/uk/dashboard.json";
import contentMessages from "../../locales/uk/content.json";
import advertsMessages from "../../locales/uk/adverts.json";
import reportsMessages from "../../locales/uk/reports.json";
import shellMessages from "../../locales/uk/shell.json";

/** The Ukrainian namespaces every page may need; the dashboard's `admin` loads on its own (see entry.client.tsx). */
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
