/** Header sections, by locale-free path and translation key; each issue adds its section with its routes. */
export const NAV_SECTIONS: Array<{ to: string; label: string }> = [
  { to: "/novyny", label: "content:nav.news" },
  { to: "/poster", label: "content:nav.posters" },
  { to: "/advertisement", label: "adverts:nav.adverts" },
  { to: "/services", label: "content:nav.services" },
  { to: "/diaspors", label: "content:nav.diaspors" },
];

/** Footer links to fixed pages (besides the staff-chosen show-in-footer pages). */
export const FOOTER_LINKS: Array<{ to: string; label: string }> = [
  { to: "/nashi-kontakty", label: "nav.contacts" },
  { to: "/privacy-policy", label: "footer.privacy_policy" },
  { to: "/delete-account", label: "footer.delete_account" },
];
