import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Every page exists twice: without prefix (Ukrainian) and under the optional /us segment.
// Each layout carries the segment itself (no pathless level above them): every route match
// walks one level less, three times per request (docs/adr/0033-uncached-pages.md).
export default [
  route("set-locale/:locale", "routes/set-locale/route.ts"),
  route("set-theme", "routes/set-theme/route.ts"),
  route("sitemap.xml", "routes/sitemap/route.ts"),
  route("sitemap/:file", "routes/sitemap-file/route.ts"),
  route("robots.txt", "routes/robots/route.ts"),
  route("api/auth/*", "routes/api-auth/route.ts"),
  // Consent, visitor analytics and new-build detection.
  route("api/visitors/log", "routes/api-visitors-log/route.ts"),
  route("api/heartbeat", "routes/api-heartbeat/route.ts"),
  route("api/messages/status", "routes/api-messages-status/route.ts"),
  route("consent", "routes/consent/route.ts"),
  // Favourites: the save toggle posts here; sign-in resumes a signed-out visitor's save.
  route("favourites", "routes/favourite-toggle/route.ts"),
  route("favourites/resume", "routes/favourite-resume/route.ts"),
  route("builds/latest.json", "routes/build-latest/route.ts"),
  // The service worker (offline reading); its scope is the whole site, so it lives at the root.
  route("sw.js", "routes/service-worker/route.ts"),
  // The basemap's vector tiles (`:y` is "<y>.mvt"), served from the portal's own PMTiles file.
  route("map/tiles/:z/:x/:y", "routes/map-tiles/route.ts"),
  route("us?/novyny/rss.xml", "routes/feeds-news/route.ts"),
  route("us?/novyny/category/:slug/rss.xml", "routes/feeds-news-category/route.ts"),
  route("us?/poster/rss.xml", "routes/feeds-posters/route.ts"),
  route("us?/dovidnyk/rss.xml", "routes/feeds-guides/route.ts"),
  route("us?/poster/calendar.ics", "routes/feeds-posters-calendar/route.ts"),
  route("us?/poster/:slug/event.ics", "routes/feeds-poster-ics/route.ts"),
  // Maps: the style (the basemap's tiles are served at /map/tiles) and each list's places as GeoJSON.
  route("map/style.json", "routes/map-style/route.ts"),
  route("us?/map/points/:file", "routes/map-points/route.ts"),
  // A place's pages to save for offline reading (the lists' "Save for offline").
  route("us?/offline/pack", "routes/offline-pack/route.ts"),
  // ActivityPub (app/modules/federation): WebFinger and NodeInfo discovery, actors, objects, inboxes.
  route(".well-known/*", "routes/federation-well-known/route.ts"),
  route("ap/*", "routes/federation/route.ts"),
  route("us?/advertisement/rss.xml", "routes/advert-feed/route.ts"),
  route("us?/reklama/:slug/click", "routes/reklama-click/route.ts"),
  // The events calendar other sites frame: a bare document of its own, outside the layouts.
  route("us?/embed/poster", "routes/embed-poster/route.tsx"),
  // Passkey sign-in's JSON exchange (the sign-in page's script).
  route("us?/login/passkey", "routes/login-passkey/route.ts"),
  route("us?", "layouts/default.tsx", [
    index("routes/home/route.tsx"),
    route("nashi-kontakty", "routes/contacts/route.tsx"),
    route("privacy-policy", "routes/privacy-policy/route.tsx"),
    route("novyny", "routes/news/route.tsx"),
    route("novyny/category/:slug", "routes/news-category/route.tsx"),
    route("novyny/:slug", "routes/news-item/route.tsx"),
    route("poster", "routes/posters/route.tsx"),
    route("poster/category/:slug", "routes/poster-category/route.tsx"),
    route("poster/:slug", "routes/poster-item/route.tsx"),
    route("services", "routes/services/route.tsx"),
    route("services/category/:slug", "routes/service-category/route.tsx"),
    route("services/:slug", "routes/service-item/route.tsx"),
    route("diaspors", "routes/diaspors/route.tsx"),
    route("diaspors/:slug", "routes/diaspora-item/route.tsx"),
    route("dovidnyk", "routes/guides/route.tsx"),
    route("dovidnyk/:slug", "routes/guide-item/route.tsx"),
    route("reklama/:slug", "routes/reklama-item/route.tsx"),
    route("advertisement", "routes/adverts/route.tsx"),
    route("advertisement/category/:slug", "routes/advert-category/route.tsx"),
    route("advertisement/seller/:id", "routes/advert-seller/route.tsx"),
    // A mailed link's renewal or "sold": one module, the action by its path.
    ...["renew", "sold"].map((action) =>
      route(`advertisement/${action}/:token`, "routes/advert-link/route.tsx", { id: `advert-link-${action}` }),
    ),
    route("advertisement/:slug", "routes/advert-item/route.tsx"),
    route("report", "routes/report/route.tsx"),
    route("search/:category", "routes/search/route.tsx"),
    route("delete-account", "routes/delete-account/route.tsx"),
    route("unsubscribe", "routes/unsubscribe/route.tsx"),
    // The newsletter: subscribe, the mailed confirmation, the personal manage and unsubscribe links.
    route("newsletter", "routes/newsletter/route.tsx"),
    route("newsletter/confirm", "routes/newsletter-confirm/route.tsx"),
    route("newsletter/manage", "routes/newsletter-manage/route.tsx"),
    route("newsletter/unsubscribe", "routes/newsletter-unsubscribe/route.tsx"),
    // The advert form in the public layout; the same module serves /cabinet/add-advertisement.
    route("dodaty-ogoloshennya", "routes/advert-new/route.tsx", { id: "advert-new-public" }),
    route(":slug", "routes/static-page/route.tsx"),
    route("*", "routes/not-found/route.tsx"),
  ]),
  route("us?", "layouts/varification.tsx", [
    route("login", "routes/login/route.tsx"),
    // The second sign-in step: reached only with the signed pending-step cookie a first factor set.
    route("login/two-factor", "routes/login-two-factor/route.tsx"),
    route("verify-request", "routes/verify-request/route.tsx"),
    route("login/link", "routes/login-link/route.tsx"),
    route("not-me", "routes/not-me/route.tsx"),
    // A new email address's mailed link: its button makes the address the account's.
    route("change-email", "routes/change-email/route.tsx"),
  ]),
  // Every /cabinet/* and /dashboard/* path is guarded, including ones no page claims (they 404 past the guard).
  route("us?/cabinet", "layouts/cabinet.tsx", [
    index("routes/cabinet/route.tsx"),
    route("add-advertisement", "routes/advert-new/route.tsx", { id: "advert-new-cabinet" }),
    // A user's events, services and organisations for review: one module, the type by its path.
    ...["poster", "service", "organisation"].map((type) =>
      route(`add-${type}`, "routes/cabinet-add-submission/route.tsx", { id: `cabinet-add-${type}` }),
    ),
    route("submissions", "routes/cabinet-submissions/route.tsx"),
    route("advertisement", "routes/cabinet-adverts/route.tsx"),
    route("edit/:id", "routes/cabinet-advert-edit/route.tsx"),
    route("favourites", "routes/cabinet-favourites/route.tsx"),
    route("saved-searches", "routes/cabinet-saved-searches/route.tsx"),
    route("saved-searches/:id", "routes/cabinet-saved-search-open/route.ts"),
    route("documents", "routes/cabinet-documents/route.tsx"),
    route("notifications", "routes/cabinet-notifications/route.tsx"),
    route("messages", "routes/cabinet-messages/route.tsx"),
    route("messages/new", "routes/cabinet-message-new/route.tsx"),
    route("messages/:id", "routes/cabinet-message-thread/route.tsx"),
    route("organisations", "routes/cabinet-organisations/route.tsx"),
    route("organisations/:id", "routes/cabinet-organisation/route.tsx"),
    route("organisations/:id/page", "routes/cabinet-organisation-page/route.tsx"),
    route("organisations/:id/events/new", "routes/cabinet-organisation-event-form/route.tsx", { id: "cabinet-organisation-event-new" }),
    route("organisations/:id/events/:posterId/edit", "routes/cabinet-organisation-event-form/route.tsx", {
      id: "cabinet-organisation-event-edit",
    }),
    route("organisations/:id/events/:posterId", "routes/cabinet-organisation-event/route.tsx"),
    route("security", "routes/cabinet-security/route.tsx"),
    route("export", "routes/cabinet-export/route.tsx"),
    route("newsletter", "routes/cabinet-newsletter/route.tsx"),
    route("export/file", "routes/cabinet-export-file/route.ts"),
    route("export/:token", "routes/cabinet-export-download/route.ts"),
    route("security/passkey", "routes/cabinet-security-passkey/route.ts"),
    route("*", "routes/not-found/route.tsx", { id: "cabinet-not-found" }),
  ]),
  route("us?/dashboard", "layouts/adminpanel.tsx", [
    index("routes/dashboard/route.tsx"),
    // Staff dashboard: fixed sections first, then one generic set for every content type.
    route("settings", "routes/dashboard-settings/route.tsx"),
    route("settings/users", "routes/dashboard-users/route.tsx"),
    route("locations", "routes/dashboard-locations/route.tsx"),
    route("tags", "routes/dashboard-tags/route.tsx"),
    route("reports", "routes/dashboard-reports/route.tsx"),
    route("newsletter", "routes/dashboard-newsletter/route.tsx"),
    route("newsletter/new", "routes/dashboard-newsletter-edit/route.tsx", { id: "dashboard-newsletter-new" }),
    route("newsletter/:id", "routes/dashboard-newsletter-edit/route.tsx"),
    route("advertisements/moderation", "routes/dashboard-moderation/route.tsx"),
    route("federation", "routes/dashboard-federation/route.tsx"),
    route("pages/edit-page/:id", "routes/dashboard-content-edit/route.tsx", { id: "dashboard-pages-edit" }),
    route(":type", "routes/dashboard-content-list/route.tsx"),
    route(":type/new-page", "routes/dashboard-content-new/route.tsx"),
    route(":type/edit/:id", "routes/dashboard-content-edit/route.tsx"),
    route(":type/categories", "routes/dashboard-categories/route.tsx"),
    route(":type/categories/edit-page/:id", "routes/dashboard-category-edit/route.tsx"),
    route("*", "routes/not-found/route.tsx", { id: "dashboard-not-found" }),
  ]),
] satisfies RouteConfig;
