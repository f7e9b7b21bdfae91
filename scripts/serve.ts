// `npm run serve`, the Docker image and `npm start` (after its build): the production server
// (server/main.ts, which only migrates) with the demo seed of a first start
// (scripts/seed/on-start.ts: an empty database, as SEED_DEMO allows; the logins printed last).
// Cluster workers run this file again and find the database prepared by their primary.
import { startServer } from "../server/main.ts";
import { seedOnFirstStart } from "./seed/on-start.ts";

await startServer({ afterMigrate: seedOnFirstStart });
