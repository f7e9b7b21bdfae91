// The advert's statuses as pages show them; the rules are the lifecycle table's.
export { effectiveStatus, isPubliclyVisible, type AdvertStatus } from "./lifecycle.ts";
