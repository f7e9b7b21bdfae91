// The shell's parts that are plain HTML until the browser is idle or the visitor first acts
// (links, forms that post or GET): one chunk, loaded then (deferred.tsx). See shell.tsx and header.tsx.
export { ConsentBanner } from "#app/components/consent/consent-banner.tsx";
export { HeaderSearch } from "#app/components/content/header-search.tsx";
export { Footer } from "./footer.tsx";
export { LanguageSwitcher } from "./language-switcher.tsx";
export { ThemeToggle } from "./theme-toggle.tsx";
export { ToastRegion } from "./toasts.tsx";
