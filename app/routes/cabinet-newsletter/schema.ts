export { manageSchema } from "#app/modules/newsletter/schema.ts";
