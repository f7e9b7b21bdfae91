import { lazy, memo, Suspense, useContext, useEffect, useRef, useState, type ComponentType, type RefObject } from "react";
import { LateHydrationContext, pageHydrated } from "#app/i18n/translate.ts";

type Module<P> = { default: ComponentType<P> };

/**
 * A part of the page whose code is not in its first load (the JS budget of a public page). The
 * server renders it in full, so it reads and works without JS; the browser keeps that HTML
 * as it is (a Suspense boundary React has not hydrated yet) until `when()` resolves, then
 * fetches the chunk and hydrates the part. Rendered after hydration (a client-side
 * navigation), it appears once `when()` and the chunk are in.
 *
 * Only for parts that are fine as plain HTML until then: links, or a form that posts (a part
 * whose state follows the visitor's input takes up on hydration what was done before it).
 * Whatever `when()` waits for, the part hydrates once the browser is idle at the latest: while
 * a server-rendered part is not hydrated, React holds back every transition that reaches it
 * (each fetcher answer and navigation changes the router's context), so a part waiting for a
 * visitor's action left "Show phone" and every other fetcher form of the page without effect.
 * Props should be primitives (or data objects that only change with a new load): the part is
 * memoised, so its parent re-rendering with the same values does not touch the server's HTML
 * before the chunk is here. `page`: see `deferredPage`.
 */
export function deferred<P extends object>(load: () => Promise<Module<P>>, when: () => Promise<unknown>, { page = false } = {}) {
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
    // Decided once: the element this returns must not change while the server's HTML stands
    // (a changed child of a boundary not yet hydrated makes React drop that HTML).
    const [boundary] = useState(() => !page || !pageHydrated());
    // Rendered with the page's first render, or inside a part that hydrates later: the part
    // will hydrate from the server's HTML, with the messages the page's hint holds.
    const outer = useContext(LateHydrationContext);
    const [fromServer] = useState(() => !pageHydrated() || outer?.current === true);
    const lateRef = useRef(fromServer);
    if (!boundary) return <Lazy {...(props as P & React.JSX.IntrinsicAttributes)} />;
    return (
      <Suspense fallback={null}>
        <LateHydrationContext value={lateRef}>
          <Lazy {...(props as P & React.JSX.IntrinsicAttributes)} />
          <Hydrated lateRef={lateRef} />
        </LateHydrationContext>
      </Suspense>
    );
  }
  return memo(Deferred);
}

type PageProps = { loaderData: unknown; actionData?: unknown };

/**
 * A route's page as a deferred part, for the route module's default export: its content is
 * plain HTML until the browser is idle or the visitor first points, types or focuses
 * (`firstInteraction`), so a link followed or a form sent before then goes the way it goes
 * without JS. Mounted by a client navigation (after hydration) it has no Suspense boundary of
 * its own: the navigation, a transition, waits for the page's code, and the new page shows
 * whole (scroll restoration finds it) rather than empty first.
 */
export function deferredPage<P extends PageProps>(load: () => Promise<Module<P>>): (props: P) => React.JSX.Element {
  const Content = deferred(load, firstInteraction, { page: true });
  // Only the data: the route's other props (`matches`, `params`) are new objects on every render.
  return function Page({ loaderData, actionData }: P) {
    return <Content {...({ loaderData, actionData } as P & React.JSX.IntrinsicAttributes)} />;
  };
}

/** Renders nothing; its effect runs once the part has hydrated (or mounted): what mounts later waits for its messages. */
function Hydrated({ lateRef }: { lateRef: RefObject<boolean> }) {
  useEffect(() => void (lateRef.current = false), [lateRef]);
  return null;
}

let idle: Promise<void> | undefined;

/** Resolves when the browser is first idle after the page has loaded. */
export function afterIdle(): Promise<void> {
  idle ??= new Promise<void>((resolve) => {
    const wait = () =>
      typeof requestIdleCallback === "function" ? requestIdleCallback(() => resolve(), { timeout: 3000 }) : setTimeout(resolve, 200);
    if (document.readyState === "complete") wait();
    else window.addEventListener("load", wait, { once: true });
  });
  return idle;
}

let touched: Promise<void> | undefined;

/** Resolves at the visitor's first pointer press, key or focus on the page. */
export function firstInteraction(): Promise<void> {
  touched ??= new Promise<void>((resolve) => {
    for (const type of ["pointerdown", "keydown", "focusin"])
      window.addEventListener(type, () => resolve(), { once: true, capture: true, passive: true });
  });
  return touched;
}

/** A promise and the function that resolves it: a gate a user's action opens. */
export function gate(): { opened: () => Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { opened: () => promise, open };
}
