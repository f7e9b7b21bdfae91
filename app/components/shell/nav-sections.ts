import { publicSections } from "#app/modules/staff-content/public-sections.ts";

/** Header sections, by locale-free path and translation key: the types with `nav` in the registry's PUBLIC_SECTIONS, in their order. */
export const NAV_SECTIONS: Array<{ to: string; label: string }> = publicSections()
  .filter((section) => section.nav)
  .map((section) => ({ to: `/${section.segment}`, label: section.nav! }));

/** Footer links to fixed pages (besides the staff-chosen show-in-footer pages). */
export const FOOTER_LINKS: Array<{ to: string; label: string }> = [
  { to: "/nashi-kontakty", label: "nav.contacts" },
  { to: "/privacy-policy", label: "footer.privacy_policy" },
  { to: "/delete-account", label: "footer.delete_account" },
];
