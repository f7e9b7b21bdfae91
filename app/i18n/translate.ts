import { createContext, createElement, use, useContext, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import type { FlatNamespace, TFunction } from "i18next";
import type { Language } from "./locales.ts";

// Components translate through this small reader instead of react-i18next: the browser then
// ships no i18next (docs/adr/0020-platform.md). It does what the messages use:
// namespaces (`admin:list.total`), nested keys, `{{name}}` interpolation, Intl plural
// suffixes (`_one`, `_few`, …) and `defaultValue`. Loaders keep i18next on the server.
//
// Nor does the first load wait for a language bundle: the server records each message its
// render used and writes them into the page (<MessagesHint>), which is all hydration needs.
// The page's full bundle follows when the browser is idle; a component that first renders
// after hydration waits for it (Suspense), one already on screen that showed a key for want
// of it re-renders when it arrives.

type Messages = { readonly [key: string]: unknown };
type Namespaces = Record<string, Messages>;
export type MessageLoader = (language: Language, namespace: string) => Promise<Namespaces>;

/** Namespaces only the dashboard reads: public pages do not download them. */
export const STAFF_NAMESPACES: readonly string[] = ["admin"];

const loaded: Record<Language, Namespaces> = { uk: {}, en: {} };
/** Single messages the server wrote into the page, by `ns:key`, before their namespace is here. */
const hinted: Record<Language, Record<string, string>> = { uk: {}, en: {} };
const pending = new Map<string, Promise<void>>();
let loader: MessageLoader | undefined;
let hydrated = false;
let version = 0;
const listeners = new Set<() => void>();

/** Namespaces (`uk:shell`) a render asked for before they were here, so it showed a key. */
const missed = new Set<string>();

export function addMessages(language: Language, namespaces: Namespaces): void {
  Object.assign(loaded[language], namespaces);
  // Only a render that showed a key needs telling. When every text on screen came from the
  // page's hint, the bundle changes nothing there, and re-rendering every translated
  // component for it was a long task on a phone (docs/adr/0032-first-load.md).
  const stale = Object.keys(namespaces).filter((ns) => missed.delete(`${language}:${ns}`));
  if (!stale.length) return;
  version++;
  for (const listener of listeners) listener();
}

export type MessagesHintData = Partial<Record<Language, Record<string, string>>>;

export function addHintedMessages(hint: MessagesHintData): void {
  for (const language of ["uk", "en"] as const) Object.assign(hinted[language], hint[language]);
}

/**
 * Called once the page has hydrated: from now on a component mounting with a namespace not
 * yet here waits for it, and the page's language bundle is fetched while the browser is idle.
 */
export function markHydrated(language: Language, namespaces: readonly string[]): void {
  if (hydrated) return;
  hydrated = true;
  const prefetch = () => void whenLoaded(language, namespaces);
  if (typeof requestIdleCallback === "function") requestIdleCallback(prefetch, { timeout: 3000 });
  else setTimeout(prefetch, 200);
}

/** Whether the page's first render has committed (root's effect called `markHydrated`). */
export function pageHydrated(): boolean {
  return hydrated;
}

/** What the server's render used; the hint element carries it to the browser. */
export class MessageRecorder {
  readonly used: MessagesHintData = {};
  record(language: Language, key: string, message: string): void {
    (this.used[language] ??= {})[key] = message;
  }
}
const RecorderContext = createContext<MessageRecorder | null>(null);
export const MessageRecorderProvider = RecorderContext.Provider;

/**
 * Set by a part of the page that hydrates from the server's HTML after the page's first render
 * (components/deferred.tsx): `current` while it does. Its render is a hydration too, so it
 * reads from the page's hint like the first one instead of waiting for its namespaces.
 */
export const LateHydrationContext = createContext<{ current: boolean } | null>(null);

let hintText = "{}";
/** Reads the server's hint (entry.client, before hydrating) so the element hydrates unchanged. */
export function readMessagesHint(): MessagesHintData {
  hintText = document.getElementById(HINT_ID)?.textContent ?? "{}";
  try {
    return JSON.parse(hintText) as MessagesHintData;
  } catch {
    return {};
  }
}
const HINT_ID = "messages-hint";

/** The messages this page's render used, for hydration; rendered last in <body>. */
export function MessagesHint() {
  const recorder = useContext(RecorderContext);
  // "<" escaped: a message can never close the script element.
  const json = recorder ? JSON.stringify(recorder.used).replace(/</g, "\\u003c") : hintText;
  return createElement("script", {
    id: HINT_ID,
    type: "application/json",
    suppressHydrationWarning: true,
    dangerouslySetInnerHTML: { __html: json },
  });
}

/** How the browser fetches a namespace it does not hold yet (the other language, the staff part). */
export function setMessageLoader(load: MessageLoader): void {
  loader = load;
}

/** A promise while a namespace is still on its way (stable per namespace, for React's `use`). */
function whenLoaded(language: Language, namespaces: readonly string[]): Promise<void> | undefined {
  const missing = namespaces.find((ns) => !loaded[language][ns]);
  if (!missing || !loader) return undefined;
  const key = `${language}:${missing}`;
  let promise = pending.get(key);
  if (!promise) {
    // Never rejects (a part whose messages could not load shows keys, not an error page), and
    // once settled says so the way React's `use` reads it, so nothing suspends on it again.
    const loading: Promise<void> & { status?: string } = loader(language, missing)
      .then(
        (namespaces) => addMessages(language, namespaces),
        () => {},
      )
      .finally(() => (loading.status = "fulfilled"));
    pending.set(key, (promise = loading));
  }
  return promise;
}

/**
 * What a component mounting after hydration waits on. A namespace asked for once keeps
 * answering with its promise, settled or not: React replays a render that suspended once the
 * promise settles, and the replay must call `use` where the first attempt did, or its next
 * hook fails ("Update hook called on initial render", React #467/#520).
 */
function awaitedBy(language: Language, namespaces: readonly string[]): Promise<void> | undefined {
  const missing = whenLoaded(language, namespaces);
  if (missing) return missing;
  // All here: a settled promise of one of them, if one was ever asked for (React's replay
  // reads the promise it suspended on, whichever it is given now).
  for (const ns of namespaces) {
    const asked = pending.get(`${language}:${ns}`);
    if (asked) return asked;
  }
  return undefined;
}

/** Settled the way React's `use` reads it: returns at once, never suspends. */
const READY: Promise<void> = Object.assign(Promise.resolve(), { status: "fulfilled", value: undefined });

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralCategory(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

function lookup(messages: Messages | undefined, key: string): string | undefined {
  if (!messages) return undefined;
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Messages)[part];
  }
  return typeof node === "string" ? node : undefined;
}

type Options = { count?: number; defaultValue?: string; [name: string]: unknown };

/** i18next's semantics for what the messages use; a missing key reads as the key itself. */
export function translate(
  language: Language,
  defaultNs: string,
  fullKey: string,
  options: Options = {},
  recorder?: MessageRecorder | null,
): string {
  const colon = fullKey.indexOf(":");
  const ns = colon > 0 ? fullKey.slice(0, colon) : defaultNs;
  const key = colon > 0 ? fullKey.slice(colon + 1) : fullKey;
  const messages = loaded[language][ns];
  const candidates = [key];
  if (typeof options.count === "number") {
    candidates.unshift(`${key}_${pluralCategory(language, options.count)}`);
    if (options.count === 0) candidates.unshift(`${key}_zero`);
  }
  let message: string | undefined;
  for (const candidate of candidates) {
    message = lookup(messages, candidate) ?? hinted[language][`${ns}:${candidate}`];
    if (message !== undefined) {
      recorder?.record(language, `${ns}:${candidate}`, message);
      break;
    }
  }
  // Not here yet (a message the first render did not use): fetch the namespace; the
  // components on screen re-render when it arrives.
  if (message === undefined) {
    missed.add(`${language}:${ns}`);
    if (!messages) void whenLoaded(language, [ns]);
  }
  message ??= options.defaultValue ?? key;
  // Like i18next with skipOnVariables: a placeholder without a value stays as written.
  return message.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) =>
    options[name] === undefined || options[name] === null ? match : String(options[name]),
  );
}

/**
 * Options for a key made from data the types cannot know (a stored status, a server message):
 * i18next's signature for a key with a default, the default being what a missing key shows
 * anyway (the key without its namespace). `t(key, dynamicKey(key, values))`.
 */
export function dynamicKey(key: string, values?: Record<string, unknown>): Record<string, unknown> & { defaultValue: string } {
  return { defaultValue: key.slice(key.indexOf(":") + 1), ...values };
}

/** Called when messages arrive that a render had missed (useTranslation re-renders on it). */
export function subscribeToMessages(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const currentVersion = () => version;

/** `t` for the given namespaces (the first is the default) in the page's language. */
export function useTranslation<const Ns extends FlatNamespace | readonly FlatNamespace[]>(ns: Ns, { lng }: { lng: Language }) {
  const list: readonly string[] = typeof ns === "string" ? [ns] : (ns as readonly string[]);
  const recorder = useContext(RecorderContext);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
  }, []);
  // Hydration renders from the hint (a part hydrating later too); a component mounting later waits for its namespaces.
  // `use` is called on every render, with a settled promise when there is nothing to wait for:
  // a render that suspended and its replay then always call it alike (React's dev build
  // reported "called use() to suspend … but did not call use() when it finished").
  const lateHydration = useContext(LateHydrationContext);
  use((hydrated && !mounted.current && !lateHydration?.current ? awaitedBy(lng, list) : undefined) ?? READY);
  const loadedVersion = useSyncExternalStore(subscribeToMessages, currentVersion, currentVersion);
  const defaultNs = list[0]!;
  const t = useMemo(
    () => (key: string, options?: Options) => translate(lng, defaultNs, key, options, recorder),
    // A new `t` when messages arrive, so memoised text is recomputed too.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
    [lng, defaultNs, recorder, loadedVersion],
  );
  // The reader takes any key; components see i18next's typed signature over it.
  return { t: t as TFunction<Ns> };
}
