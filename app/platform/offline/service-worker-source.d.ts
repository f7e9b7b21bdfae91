/** The bundled service worker (app/service-worker.ts), made by the `portal:offline` plugin in vite.config.ts. */
declare module "virtual:portal/service-worker" {
  const source: string;
  export default source;
}
