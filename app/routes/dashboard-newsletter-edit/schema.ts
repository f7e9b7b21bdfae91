export { composeSchema } from "#app/modules/newsletter/schema.ts";
