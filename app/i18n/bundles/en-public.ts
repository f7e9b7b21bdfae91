import commonMessages from "#app/locales/en/common.json";
import authMessages from "#app/locales/en/auth.json";
import cabinetMessages from "#app/locales/en/cabinet.json";
import dashboardMessages from "#app/locales/en/dashboard.json";
import contentMessages from "#app/locales/en/content.json";
import advertsMessages from "#app/locales/en/adverts.json";
import reportsMessages from "#app/locales/en/reports.json";
import shellMessages from "#app/locales/en/shell.json";
import securityMessages from "#app/locales/en/security.json";

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
  security: securityMessages,
};
