/** The cabinet's menu in order: each page's locale-free path, and the translation key of its label. */
const MENU: Record<string, string> = {
  "/cabinet": "cabinet:nav.profile",
  "/cabinet/advertisement": "adverts:nav.cabinet",
  "/cabinet/add-advertisement": "adverts:nav.add",
  "/cabinet/submissions": "submissions:nav.list",
  "/cabinet/add-poster": "submissions:nav.add_poster",
  "/cabinet/add-service": "submissions:nav.add_service",
  "/cabinet/add-organisation": "submissions:nav.add_organisation",
  "/cabinet/organisations": "organisations:nav",
  "/cabinet/messages": "cabinet:nav.messages",
  "/cabinet/favourites": "cabinet:nav.favourites",
  "/cabinet/saved-searches": "cabinet:nav.saved_searches",
  "/cabinet/documents": "cabinet:nav.documents",
  "/cabinet/notifications": "cabinet:nav.notifications",
  "/cabinet/newsletter": "cabinet:nav.newsletter",
  "/cabinet/security": "security:nav.security",
  "/cabinet/export": "security:nav.export",
  "/delete-account": "cabinet:nav.delete_account",
};

export const CABINET_NAV: Array<{ to: string; label: string }> = Object.entries(MENU).map(([to, label]) => ({ to, label }));
