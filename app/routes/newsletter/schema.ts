export { subscribeSchema } from "#app/modules/newsletter/schema.ts";
