// The app's scripts start loading once the first screen is painted and its images are in
// (docs/adr/0040-first-view.md). React Router writes a module preload per chunk into <head>
// and an inline module script that imports the route modules: on a slow phone connection those
// ~115 KiB of JavaScript shared the line with the stylesheet and the LCP image, and Lighthouse
// counts every script that arrives before the first paint as part of it. Every page works
// without JavaScript, so hydrating after the first view costs a reader nothing they can see.

// The document is searched and cut as bytes: decoding ~50 KB into a string, matching it and
// encoding it again cost 5-7 % of an uncached page's CPU (docs/adr/0040-first-view.md).
const PRELOAD_OPEN = Buffer.from('<link rel="modulepreload" href="');
const PRELOAD_NONCE = /^ nonce="[^"]*"$/;
const SCRIPT_OPEN = Buffer.from('<script nonce="');
const MODULE_TAIL = Buffer.from('" type="module" async="">');
const SCRIPT_CLOSE = Buffer.from("</script>");
const NONCE = /^[^"<>]*$/;

/**
 * Starts the module script kept as a data block just before it, with the module preloads, when
 * the window has loaded and something was painted (each once; a browser without paint timing, or
 * a hidden tab that paints nothing, at load). Three seconds after load it starts regardless.
 * No timer or animation frame gates it in the usual case: tests that stop the page's clock
 * still hydrate.
 */
const START = (hrefs: string) =>
  `((h)=>{const me=document.currentScript,data=me.previousElementSibling;let loaded=false,painted=false,done=false;` +
  `const start=()=>{if(done)return;done=true;for(const href of h){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}` +
  `const s=document.createElement("script");s.type="module";s.nonce=me.nonce;s.textContent=data.textContent;data.replaceWith(s)};` +
  `const check=()=>{if(loaded&&(painted||document.visibilityState==="hidden"))start()};` +
  `try{if(!PerformanceObserver.supportedEntryTypes.includes("paint"))painted=true;else new PerformanceObserver((list,o)=>{o.disconnect();painted=true;check()}).observe({type:"paint",buffered:true})}catch{painted=true}` +
  `const onLoad=()=>{loaded=true;check();setTimeout(start,3000)};if(document.readyState==="complete")onLoad();else addEventListener("load",onLoad,{once:true})})(${hrefs})`;

/**
 * The document with its module preloads taken out of <head> and its module script kept as an
 * inert data block (`type="text/plain"`) that START turns back into a module script. A document
 * without React Router's module script (none is known) is returned as it is.
 */
export function loadScriptsAfterFirstView(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const tail = html.indexOf(MODULE_TAIL);
  const open = tail < 0 ? -1 : html.lastIndexOf(SCRIPT_OPEN, tail);
  if (open < 0) return html;
  const nonce = html.toString("utf8", open + SCRIPT_OPEN.length, tail);
  const body = tail + MODULE_TAIL.length;
  const close = html.indexOf(SCRIPT_CLOSE, body);
  if (!NONCE.test(nonce) || close < 0) return html;
  const end = close + SCRIPT_CLOSE.length;
  const parts: Buffer[] = [];
  const hrefs: string[] = [];
  let kept = 0;
  for (let at = html.indexOf(PRELOAD_OPEN); at >= 0 && at < open; at = html.indexOf(PRELOAD_OPEN, at + 1)) {
    const hrefEnd = html.indexOf(0x22, at + PRELOAD_OPEN.length);
    const tagEnd = hrefEnd < 0 ? -1 : html.indexOf("/>", hrefEnd);
    if (tagEnd < 0 || tagEnd > open || hrefEnd === at + PRELOAD_OPEN.length) continue;
    const between = html.toString("utf8", hrefEnd + 1, tagEnd);
    if (between !== "" && !PRELOAD_NONCE.test(between)) continue;
    parts.push(html.subarray(kept, at));
    hrefs.push(html.toString("utf8", at + PRELOAD_OPEN.length, hrefEnd));
    kept = tagEnd + 2;
  }
  parts.push(
    html.subarray(kept, open),
    Buffer.from(`<script nonce="${nonce}" type="text/plain">`),
    html.subarray(body, end),
    Buffer.from(`<script nonce="${nonce}">${START(JSON.stringify(hrefs).replaceAll("<", "\\u003c"))}</script>`),
    html.subarray(end),
  );
  return Buffer.concat(parts);
}

const LATE_HREFS = /\}\)\((\["\/assets\/[^\]]*\])\)<\/script>/;

/** The module preloads a document written by loadScriptsAfterFirstView starts (the bench counts their bytes). */
export function lateModuleHrefs(html: string): string[] {
  const list = LATE_HREFS.exec(html);
  return list ? (JSON.parse(list[1]!.replaceAll("\\u003c", "<")) as string[]) : [];
}
