import { lazy, memo, Suspense, type ComponentType } from "react";

type Module<P> = { default: ComponentType<P> };

/**
 * A part of the page whose code is not in its first load (the 125 KiB JS budget of a public page). The
 * server renders it in full, so it reads and works without JS; the browser keeps that HTML
 * as it is (a Suspense boundary React has not hydrated yet) until `when()` resolves, then
 * fetches the chunk and hydrates the part. Rendered after hydration (a client-side
 * navigation), it appears once `when()` and the chunk are in.
 *
 * Only for parts that are fine as plain HTML until then: links, or a form that posts.
 * Whatever `when()` waits for, the part hydrates once the browser is idle at the latest: while
 * a server-rendered part is not hydrated, React holds back every transition that reaches it
 * (each fetcher answer and navigation changes the router's context), so a part waiting for a
 * visitor's action left "Show phone" and every other fetcher form of the page without effect.
 * Props should be primitives: the part is memoised, so its parent re-rendering with the same
 * values does not touch the server's HTML before the chunk is here.
 */
export function deferred<P extends object>(load: () => Promise<Module<P>>, when: () => Promise<unknown>) {
  let ready: Module<P> | undefined;
  // The server must not suspend here: a page would wait for the chunk to load, and a part
  // that suspended past React's chunk size would follow through an inline script, which a
  // browser without JS never runs. So the server loads the module at startup and hands it to
  // React synchronously.
  const server = typeof document === "undefined";
  if (server) void load().then((module) => (ready = module));
  const Lazy = lazy<ComponentType<P>>(() => {
    if (ready) {
      const module = ready;
      // A thenable that resolves at once: React's lazy then renders without suspending.
      // oxlint-disable-next-line unicorn/no-thenable
      return { then: (resolve: (value: Module<P>) => void) => resolve(module) } as Promise<Module<P>>;
    }
    return server ? load() : Promise.race([when(), afterIdle()]).then(load);
  });
  function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as P & React.JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  }
  return memo(Deferred);
}

let idle: Promise<void> | undefined;

/** Resolves when the browser is first idle after the page has loaded. */
export function afterIdle(): Promise<void> {
  idle ??= new Promise<void>((resolve) => {
    const wait = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(() => resolve(), { timeout: 3000 }) : setTimeout(resolve, 200));
    if (document.readyState === "complete") wait();
    else window.addEventListener("load", wait, { once: true });
  });
  return idle;
}

/** A promise and the function that resolves it: a gate a user's action opens. */
export function gate(): { opened: () => Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { opened: () => promise, open };
}
