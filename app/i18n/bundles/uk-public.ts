// The Ukrainian namespaces every page may need, each the messages of its file: the module is the
// bundle (its namespace object). The dashboard's `admin` loads on its own (see entry.client.tsx).
export { default as common } from "#app/locales/uk/common.json" with { type: "json" };
export { default as auth } from "#app/locales/uk/auth.json" with { type: "json" };
export { default as cabinet } from "#app/locales/uk/cabinet.json" with { type: "json" };
export { default as dashboard } from "#app/locales/uk/dashboard.json" with { type: "json" };
export { default as content } from "#app/locales/uk/content.json" with { type: "json" };
export { default as adverts } from "#app/locales/uk/adverts.json" with { type: "json" };
export { default as reports } from "#app/locales/uk/reports.json" with { type: "json" };
export { default as shell } from "#app/locales/uk/shell.json" with { type: "json" };
export { default as security } from "#app/locales/uk/security.json" with { type: "json" };
export { default as fields } from "#app/locales/uk/fields.json" with { type: "json" };
export { default as events } from "#app/locales/uk/events.json" with { type: "json" };
export { default as submissions } from "#app/locales/uk/submissions.json" with { type: "json" };
export { default as organisations } from "#app/locales/uk/organisations.json" with { type: "json" };
export { default as newsletter } from "#app/locales/uk/newsletter.json" with { type: "json" };
