import { useRouteLoaderData } from "react-router";
import type { ClientSession } from "~/modules/auth/session-status";
import type { MessageStatus } from "~/modules/messages/conversations.server";
import type { ShellData } from "~/modules/shell/shell-data.server";

/** What the root loader gives every page (built in root.tsx, read by the shell and pages). */
export type RootData = ShellData & { session: ClientSession; imageBase: string; messages: MessageStatus | null };

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
