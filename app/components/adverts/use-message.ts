import { translateMessage } from "#app/components/forms/message-codec.ts";
import { useAdvertsT } from "./use-adverts-t.ts";

/**
 * Coded form messages (`adverts:errors.title_length|{"min":5}`) as text. Apart from
 * use-adverts-t, so pages whose first load shows no form message do not load the codec.
 */
export function useMessage() {
  const { t } = useAdvertsT();
  return (message: string) => translateMessage(t, message);
}
