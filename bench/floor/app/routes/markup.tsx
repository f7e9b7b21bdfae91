import type { MarkupNode } from "../../../floor-markup.ts";
import { markupElements } from "../markup-tree.ts";

// A portal page's markup (bench/floor-markup.ts), put on globalThis by bench/floor-server.ts
// before the build loads: no loader data, so nothing of it is serialized into the page.
declare global {
  var floorMarkup: MarkupNode[] | undefined;
}

export default function Markup() {
  return <>{markupElements(globalThis.floorMarkup ?? [])}</>;
}
