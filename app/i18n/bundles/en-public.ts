// The English namespaces every page may need, each the messages of its file: the module is the
// bundle (its namespace object). The dashboard's `admin` loads on its own (see entry.client.tsx).
export { default as common } from "#app/locales/en/common.json" with { type: "json" };
export { default as auth } from "#app/locales/en/auth.json" with { type: "json" };
export { default as cabinet } from "#app/locales/en/cabinet.json" with { type: "json" };
export { default as dashboard } from "#app/locales/en/dashboard.json" with { type: "json" };
export { default as content } from "#app/locales/en/content.json" with { type: "json" };
export { default as adverts } from "#app/locales/en/adverts.json" with { type: "json" };
export { default as reports } from "#app/locales/en/reports.json" with { type: "json" };
export { default as shell } from "#app/locales/en/shell.json" with { type: "json" };
export { default as security } from "#app/locales/en/security.json" with { type: "json" };
export { default as fields } from "#app/locales/en/fields.json" with { type: "json" };
export { default as events } from "#app/locales/en/events.json" with { type: "json" };
export { default as submissions } from "#app/locales/en/submissions.json" with { type: "json" };
export { default as organisations } from "#app/locales/en/organisations.json" with { type: "json" };
export { default as newsletter } from "#app/locales/en/newsletter.json" with { type: "json" };
