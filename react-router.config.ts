import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router's own check of an action's Origin is let through: the root's middleware
  // (app/platform/http/same-origin.server.ts) checks every post, resource routes included, against
  // the accepted origins, and answers a refusal with a 403 page in the shell. React Router's
  // check ran first and answered a bare 400, which the browser showed as a 500 page.
  allowedActionOrigins: ["**"],
} satisfies Config;
