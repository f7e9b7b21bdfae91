import { useMemo } from "react";
import { useRootData } from "~/hooks/use-root-data";
import { usePageLanguage, useT } from "~/hooks/use-t";
import { AccountMenu } from "./account/account-menu";
import { ConsentBanner } from "./consent/consent-banner";
import { AppEffects } from "./shell/app-effects";
import { afterIdle, deferred } from "./deferred";
import { Footer } from "./shell/footer";
import { Header } from "./shell/header";
import { ToastRegion, type ToastMessage } from "./shell/toasts";

// Preloading likely next pages waits for an idle browser anyway: its code comes then too.
const Prefetcher = deferred(() => import("./shell/prefetch"), afterIdle);

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
      <ToastRegion initial={toasts} />
      <main id="main" className="container site-main">
        {children}
      </main>
      <Footer siteName={siteName} email={root?.site.email ?? null} phone={root?.site.phone ?? null} pages={root?.footerPages ?? []} />
      {root ? <ConsentBanner consent={root.consent} language={language} /> : null}
      <AppEffects />
      <Prefetcher />
    </>
  );
}
