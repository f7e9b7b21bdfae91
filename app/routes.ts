import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// Every page exists twice: without prefix (Ukrainian) and under the optional /us segment.
export default [
  route("set-locale/:locale", "routes/set-locale/route.ts"),
  route("set-theme", "routes/set-theme/route.ts"),
  route("us?", "layouts/locale.tsx", [
    layout("layouts/default.tsx", [
      index("routes/home/route.tsx"),
      route("nashi-kontakty", "routes/contacts/route.tsx"),
      route("privacy-policy", "routes/privacy-policy/route.tsx"),
      route(":slug", "routes/static-page/route.tsx"),
      route("*", "routes/not-found/route.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
