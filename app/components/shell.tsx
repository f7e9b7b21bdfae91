import { useMemo } from "react";
import { useRootData } from "#app/hooks/use-root-data.ts";
import { usePageLanguage, useT } from "#app/hooks/use-t.ts";
import { AccountMenu } from "#app/components/account/account-menu.tsx";
import { ConsentBanner } from "#app/components/consent/consent-banner.tsx";
import { AppEffects } from "#app/components/shell/app-effects.tsx";
import { afterIdle, deferred } from "./deferred.tsx";
import { Footer } from "#app/components/shell/footer.tsx";
import { Header } from "#app/components/shell/header.tsx";
import { ToastRegion, type ToastMessage } from "#app/components/shell/toasts.tsx";

// Preloading likely next pages waits for an idle browser anyway: its code comes then too.
const Prefetcher = deferred(() => import("#app/components/shell/prefetch.tsx"), afterIdle);

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
      <Header siteName={siteName} shortName={t("site_short_name")} theme={root?.theme ?? "light"} account={account ?? <AccountMenu />} />
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
