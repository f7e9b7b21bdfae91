/** The cabinet's menu, by locale-free path and `cabinet` translation key; later issues add their pages. */
export const CABINET_NAV: Array<{ to: string; label: string }> = [
  { to: "/cabinet", label: "cabinet:nav.profile" },
  { to: "/cabinet/advertisement", label: "adverts:nav.cabinet" },
  { to: "/cabinet/add-advertisement", label: "adverts:nav.add" },
  { to: "/cabinet/submissions", label: "submissions:nav.list" },
  { to: "/cabinet/add-poster", label: "submissions:nav.add_poster" },
  { to: "/cabinet/add-service", label: "submissions:nav.add_service" },
  { to: "/cabinet/add-organisation", label: "submissions:nav.add_organisation" },
  { to: "/cabinet/messages", label: "cabinet:nav.messages" },
  { to: "/cabinet/favourites", label: "cabinet:nav.favourites" },
  { to: "/cabinet/saved-searches", label: "cabinet:nav.saved_searches" },
  { to: "/cabinet/security", label: "security:nav.security" },
  { to: "/cabinet/export", label: "security:nav.export" },
  { to: "/delete-account", label: "cabinet:nav.delete_account" },
];
