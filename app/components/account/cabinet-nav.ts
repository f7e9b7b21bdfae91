/** The cabinet's menu, by locale-free path and `cabinet` translation key; later issues add their pages. */
export const CABINET_NAV: Array<{ to: string; label: string }> = [
  { to: "/cabinet", label: "cabinet:nav.profile" },
  { to: "/cabinet/advertisement", label: "adverts:nav.cabinet" },
  { to: "/cabinet/add-advertisement", label: "adverts:nav.add" },
  { to: "/cabinet/messages", label: "cabinet:nav.messages" },
  { to: "/cabinet/favourites", label: "cabinet:nav.favourites" },
  { to: "/cabinet/saved-searches", label: "cabinet:nav.saved_searches" },
  { to: "/cabinet/security", label: "security:nav" },
  { to: "/delete-account", label: "cabinet:nav.delete_account" },
];
