import commonMessages from "#app/locales/uk/common.json";
import authMessages from "#app/locales/uk/auth.json";
import cabinetMessages from "#app/locales/uk/cabinet.json";
import dashboardMessages from "#app/locales/uk/dashboard.json";
import contentMessages from "#app/locales/uk/content.json";
import advertsMessages from "#app/locales/uk/adverts.json";
import reportsMessages from "#app/locales/uk/reports.json";
import shellMessages from "#app/locales/uk/shell.json";
import securityMessages from "#app/locales/uk/security.json";

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
  security: securityMessages,
};
