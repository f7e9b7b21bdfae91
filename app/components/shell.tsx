import { useMemo } from "react";
import { useRootData } from "#app/hooks/use-root-data.ts";
import { usePageLanguage, useT } from "#app/hooks/use-t.ts";
import { AccountMenu } from "#app/components/account/account-menu.tsx";
import { UnreadMessagesLink } from "#app/components/messages/unread-messages-link.tsx";
import { AppEffects } from "#app/components/shell/app-effects.tsx";
import { afterIdle, deferred, firstInteraction } from "./deferred.tsx";
import { Header } from "#app/components/shell/header.tsx";
import { toastRaised, type ToastMessage } from "#app/components/shell/toast-queue.ts";

// Preloading likely next pages waits for an idle browser anyway: its code comes then too.
const Prefetcher = deferred(() => import("#app/components/shell/prefetch.tsx"), afterIdle);
// The cookie banner (forms that post) and the footer (links) are plain HTML until the browser
// is idle or the visitor first acts (deferred.tsx): without JS they work the same.
const parts = () => import("#app/components/shell/shell-parts.tsx");
const ConsentBanner = deferred(() => parts().then((module) => ({ default: module.ConsentBanner })), firstInteraction);
const Footer = deferred(() => parts().then((module) => ({ default: module.Footer })), firstInteraction);
// The toast region shows the server's notice as it is until then, or until a toast is raised
// (toast-queue.ts keeps it for the region).
const ToastRegion = deferred(
  () => parts().then((module) => ({ default: module.ToastRegion })),
  () => Promise.race([firstInteraction(), toastRaised()]),
);

/** Header, content, footer and the toast region; used by layouts and by error pages alike. */
export function Shell({ children, account }: { children: React.ReactNode; account?: React.ReactNode }) {
  const root = useRootData();
  const { t } = useT();
  const language = usePageLanguage();
  const flash = root?.flash;
  const siteName = root?.site.name ?? t("site_name");
  // The loader sends the toast translated (flash.server.ts).
  const toasts = useMemo<ToastMessage[]>(() => (flash ? [flash] : []), [flash]);
  return (
    <>
      <Header
        siteName={siteName}
        shortName={t("site_short_name")}
        theme={root?.theme ?? "light"}
        account={account ?? <AccountMenu />}
        menuBadge={<UnreadMessagesLink menu />}
      />
      {/* Under the header, in the page's flow: seen on arrival, over nothing (consent.css). */}
      {root ? <ConsentBanner consent={root.consent} language={language} /> : null}
      <ToastRegion initial={toasts} />
      <main id="main" className="container site-main">
        {children}
      </main>
      <Footer siteName={siteName} email={root?.site.email ?? null} phone={root?.site.phone ?? null} pages={root?.footerPages ?? []} />
      <AppEffects />
      <Prefetcher />
    </>
  );
}
