import { useRouteLoaderData } from "react-router";
import type { ClientSession } from "#app/modules/auth/session-status.tsx";
import type { MessageStatus } from "#app/modules/messages/conversations.server.ts";
import type { ShellData } from "#app/modules/shell/shell-data.server.ts";

/** What the root loader gives every page (built in root.tsx, read by the shell and pages). */
export type RootData = ShellData & { session: ClientSession; imageBase: string; messages: MessageStatus | null };

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
