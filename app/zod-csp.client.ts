// zod 4 probes whether eval works (`Function("")`) when it first builds an object schema, to
// compile faster parsers. Under our CSP (no 'unsafe-eval') the browser refuses the probe and
// reports a violation; jitless skips it. Imported first by root.tsx: React Router evaluates
// the root's modules before the route modules that build the schemas. A .client module: the
// server keeps the compiled parsers.
import { config } from "zod/v4/core";

config({ jitless: true });
