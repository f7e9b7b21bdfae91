import type { Route } from "./+types/route";
import { answerFederation } from "#app/modules/federation/request.server.ts";

// ActivityPub and its discovery, answered by the federation module (docs/architecture.md).
export function loader({ request }: Route.LoaderArgs) {
  return answerFederation(request);
}

export function action({ request }: Route.ActionArgs) {
  return answerFederation(request);
}
