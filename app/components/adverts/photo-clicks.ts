// The advert page's gallery hydrates when the browser is idle or the visitor first acts
// (deferredPage). A photo clicked before then would open its bare file, as without JS; this
// listener, in the page's first load, holds that click instead, and the gallery opens the
// lightbox at that photo once it has hydrated. They speak through window events, so that the
// gallery's chunk does not share a module with the first load:
// - `gallery:hydrated` (the gallery, when it mounts): the listener stops holding clicks and
//   writes the held photo's index into the event's `detail.clicked`;
// - `gallery:gone` (the gallery, when it unmounts): clicks are held again.

export type GalleryHydrated = CustomEvent<{ clicked: number | null }>;

const GALLERY_LINKS = ".gallery a[href]";
/** How long a held click waits for the gallery; past it (its code did not come) the file opens. */
const HOLD_MS = 10_000;

let listening = false;
let ready = false;
let held: { index: number; href: string } | null = null;

function hold(event: MouseEvent) {
  if (ready || event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(GALLERY_LINKS) : null;
  if (!link) return;
  event.preventDefault();
  const click = { index: [...document.querySelectorAll(GALLERY_LINKS)].indexOf(link), href: link.href };
  held = click;
  setTimeout(() => {
    if (held !== click) return;
    held = null;
    window.location.assign(click.href);
  }, HOLD_MS);
}

/** Starts holding photo clicks until the gallery has hydrated (once per document; nothing on the server). */
export function holdPhotoClicks(): void {
  if (listening || typeof window === "undefined") return;
  listening = true;
  window.addEventListener("click", hold, { capture: true });
  window.addEventListener("gallery:hydrated", (event) => {
    ready = true;
    (event as GalleryHydrated).detail.clicked = held?.index ?? null;
    held = null;
  });
  window.addEventListener("gallery:gone", () => void (ready = false));
}
