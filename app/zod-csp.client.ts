// zod 4 probes whether eval works (`Function("")`) when it first builds an object schema, to
// compile faster parsers. Under our CSP (no 'unsafe-eval') the browser refuses the probe and
// reports a violation; jitless skips it. zod keeps its settings on `globalThis.__zod_globalConfig`
// and adopts an object already there, so setting it here (root.tsx imports this first) costs no
// zod code on pages without a form, where importing `config` from zod/v4/core would (docs/adr/0032).
// A .client module: the server keeps the compiled parsers.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
