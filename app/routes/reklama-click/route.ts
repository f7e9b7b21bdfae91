import type { Route } from "./+types/route";
import { followReklamaClick } from "#app/modules/reklama/reklama-page.server.ts";

export function loader(args: Route.LoaderArgs) {
  return followReklamaClick(args, args.params.slug);
}
