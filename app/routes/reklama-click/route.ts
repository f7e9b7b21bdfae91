import type { Route } from "./+types/route";
import { followReklamaClick } from "~/modules/reklama/reklama-page.server";

export function loader(args: Route.LoaderArgs) {
  return followReklamaClick(args, args.params.slug);
}
