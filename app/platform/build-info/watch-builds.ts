// The poll for a new build (new-build.ts), started when the shell mounts. Only the timer is
// in the first load: the check's code comes with its first run.

/** How often an open tab asks for the latest build (and when it comes back after longer). */
const BUILD_CHECK_INTERVAL_MS = 5 * 60_000;

/** Polls while the tab is open; a tab that comes back after a long time asks at once. */
export function watchForNewBuilds(): () => void {
  let lastCheck = Date.now();
  const check = () => {
    lastCheck = Date.now();
    void import("./new-build.ts").then(({ checkForNewBuild }) => checkForNewBuild());
  };
  const interval = setInterval(check, BUILD_CHECK_INTERVAL_MS);
  const onVisible = () => {
    if (document.visibilityState === "visible" && Date.now() - lastCheck >= BUILD_CHECK_INTERVAL_MS) check();
  };
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    clearInterval(interval);
    document.removeEventListener("visibilitychange", onVisible);
  };
}
