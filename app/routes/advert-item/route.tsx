import type { Route } from "./+types/route";
import { readForm } from "#app/platform/http/body.server.ts";
import { holdPhotoClicks } from "#app/components/adverts/photo-clicks.ts";
import { deferredPage } from "#app/components/deferred.tsx";
import { ADVERT_ITEM_DEPS, contactKind, loadAdvertItem, revealAdvertContact } from "#app/modules/adverts/page.server.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { invariantResponse } from "#app/platform/http/errors.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: ADVERT_ITEM_DEPS })];

// An owner's or staff preview of an advert that is not public is never indexed.
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args),
  ...(args.loaderData?.preview ? [{ name: "robots", content: "noindex" }] : []),
];

export function loader(args: Route.LoaderArgs) {
  return loadAdvertItem(args, args.params.slug);
}

export { headers } from "#app/platform/http/route-headers.ts";

/** "Show phone" and "Show email" post here (intent=phone|email); the page renders the contact it answers with. */
export async function action(args: Route.ActionArgs) {
  const formData = await readForm(args.request);
  const kind = contactKind(formData.get("intent"));
  invariantResponse(kind);
  return revealAdvertContact(args, args.params.slug, kind);
}

// The page is links and forms that post, plain HTML until the browser is idle or the visitor
// first acts (deferredPage); a photo clicked before then opens in the lightbox once the page
// has hydrated (photo-clicks.ts).
holdPhotoClicks();
export default deferredPage(() => import("./page.tsx"));
