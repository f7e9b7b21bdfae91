import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/route";
import { PUSH_KINDS } from "#db/schema.ts";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { CheckboxField } from "#app/components/forms/fields.tsx";
import { FieldErrors } from "#app/components/forms/error-list.tsx";
import { IntentButton } from "#app/components/forms/intent-button.tsx";
import { IntentForm } from "#app/components/forms/intent-form.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { useConformForm } from "#app/components/forms/use-conform-form.ts";
import { languageOf, localeFromPath } from "#app/i18n/locales.ts";
import { deviceLabel } from "#app/modules/auth/device-label.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { formReply, type FormReply } from "#app/modules/auth/responses.server.ts";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { listPushDevices, pushKindsOf, removePushDevice, saveSubscription, setPushKinds } from "#app/modules/push/subscriptions.server.ts";
import { getConfig } from "#app/platform/config/config.server.ts";
import { formatLongDate } from "#app/platform/format/dates.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { badRequest, notFound } from "#app/platform/http/errors.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { notificationsIntentSchema, pushKindsSchema, subscribeSchema } from "./schema.ts";

// /cabinet/notifications: push notifications per device (modules/push). What is sent is said
// before anything is asked; the browser's permission prompt comes only from the button. Turning
// a device on needs the browser's PushManager (JavaScript); the kinds and the removal of a
// device are plain forms.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const t = accountT(context);
  const language = languageOf(localeFromPath(url.pathname));
  const devices = await listPushDevices(user.id);
  return {
    publicKey: getConfig().vapid.publicKey,
    kinds: await pushKindsOf(user.id),
    devices: devices.map((device) => ({
      id: device.id,
      // Stored as "Chrome on Android" (auth/devices' key); shown in the page's language.
      device: deviceLabel(deviceOf(device.device), (key, values) => t(`security:${key}`, values)),
      endpoint: device.endpoint,
      added: formatLongDate(device.createdAt, language),
      last: device.lastSuccessAt ? formatLongDate(device.lastSuccessAt, language) : null,
    })),
    seo: { title: t("cabinet:notifications.title"), description: t("cabinet:notifications.seo_description") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

function deviceOf(key: string | null) {
  if (!key) return null;
  const [browser, os] = key.split(" on ");
  return { browser: browser || null, os: os ?? null };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const formData = await readForm(request);
  const parsedIntent = notificationsIntentSchema.safeParse({ intent: formData.get("intent") });
  if (!parsedIntent.success) badRequest();
  const back = url.pathname;
  const { intent } = parsedIntent.data;
  if (intent === "kinds") {
    const submission = parseWithZod(formData, { schema: pushKindsSchema });
    if (submission.status !== "success") return formReply("kinds", submission.reply(), 400);
    await setPushKinds(user.id, submission.value.kinds);
    return redirectWithFlash(back, { severity: "success", message: "cabinet:notifications.flash_kinds" });
  }
  if (intent === "subscribe") {
    const submission = parseWithZod(formData, { schema: subscribeSchema });
    if (submission.status !== "success") return formReply("subscribe", submission.reply(), 400);
    await saveSubscription(user.id, submission.value.subscription, request.headers.get("user-agent"));
    return redirectWithFlash(back, { severity: "success", message: "cabinet:notifications.flash_subscribed" });
  }
  const id = parseId(formData.get("id"));
  if (id === null) badRequest();
  if (!(await removePushDevice(user.id, id))) notFound();
  return redirectWithFlash(back, { severity: "success", message: "cabinet:notifications.flash_removed" });
}

type LoaderData = Route.ComponentProps["loaderData"];
type Reply = FormReply["result"] | undefined;

export default function CabinetNotifications({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAccountT();
  const { devices, kinds, publicKey } = loaderData;
  const [current, setCurrent] = useState<string | null>(null);
  const replyFor = (intent: string): Reply => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <section aria-labelledby="notifications-title" className="documents notifications">
      <h1 id="notifications-title">{t("cabinet:notifications.title")}</h1>
      <p className="panel__lead">{t("cabinet:notifications.lead")}</p>
      <ul className="notifications__what">
        {PUSH_KINDS.map((kind) => (
          <li key={kind}>{t(`cabinet:notifications.what.${kind}`)}</li>
        ))}
      </ul>
      <p className="notice">{t("cabinet:notifications.private")}</p>
      <p>{t("cabinet:notifications.mail_note")}</p>
      <section className="panel" aria-labelledby="push-device-title">
        <h2 id="push-device-title">{t("cabinet:notifications.this_device")}</h2>
        <PushSwitch publicKey={publicKey} endpoints={devices.map((device) => device.endpoint)} onCurrent={setCurrent} />
        <FieldErrors id="push-subscribe-errors" errors={replyFor("subscribe")?.error?.subscription ?? undefined} />
      </section>
      <KindsForm kinds={kinds} lastResult={replyFor("kinds")} />
      <DevicesList devices={devices} current={current} />
    </section>
  );
}

type SwitchState = "no-js" | "unsupported" | "denied" | "ready" | "working" | "on" | "failed";

/** The VAPID public key as PushManager.subscribe takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/**
 * The device's switch. The server renders the JavaScript note; once hydrated, the button, or why
 * there is none. The browser's prompt comes only from the button's click.
 */
function PushSwitch({
  publicKey,
  endpoints,
  onCurrent,
}: {
  publicKey: string;
  endpoints: string[];
  onCurrent: (endpoint: string | null) => void;
}) {
  const { t } = useAccountT();
  const fetcher = useFetcher();
  const [state, setState] = useState<SwitchState>("no-js");
  const known = endpoints.join("\n");

  useEffect(() => {
    if (!pushSupported()) return setState("unsupported");
    if (Notification.permission === "denied") return setState("denied");
    let live = true;
    void (async () => {
      const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
      const subscription = await registration?.pushManager.getSubscription().catch(() => null);
      if (!live) return;
      // A subscription the account no longer lists (removed here or elsewhere) is let go in the browser too.
      if (subscription && known.split("\n").includes(subscription.endpoint)) {
        onCurrent(subscription.endpoint);
        setState("on");
        return;
      }
      await subscription?.unsubscribe().catch(() => false);
      onCurrent(null);
      setState("ready");
    })();
    return () => {
      live = false;
    };
  }, [known, onCurrent]);

  async function turnOn() {
    setState("working");
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return setState(permission === "denied" ? "denied" : "ready");
      await navigator.serviceWorker.register("/sw.js");
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      await fetcher.submit({ intent: "subscribe", subscription: JSON.stringify(subscription.toJSON()) }, { method: "post" });
    } catch {
      setState("failed");
    }
  }

  if (state === "no-js") return <p data-push-state={state}>{t("cabinet:notifications.needs_js")}</p>;
  if (state === "unsupported" || state === "denied") return <p data-push-state={state}>{t(`cabinet:notifications.${state}`)}</p>;
  if (state === "on") return <p data-push-state={state}>{t("cabinet:notifications.on_here")}</p>;
  return (
    <div className="notifications__switch" data-push-state={state}>
      <p className="field__hint">{t("cabinet:notifications.prompt_note")}</p>
      {state === "failed" ? (
        <p role="alert" className="field__error">
          {t("cabinet:notifications.failed")}
        </p>
      ) : null}
      <button type="button" className="button" onClick={turnOn} disabled={state === "working"}>
        {state === "working" ? t("cabinet:notifications.turning_on") : t("cabinet:notifications.turn_on")}
      </button>
    </div>
  );
}

function KindsForm({ kinds, lastResult }: { kinds: readonly string[]; lastResult: Reply }) {
  const { t } = useAccountT();
  const [form, fields] = useConformForm(pushKindsSchema, {
    id: "push-kinds",
    lastResult,
    defaultValue: { kinds: [...kinds] },
    validateOn: "submit",
  });
  return (
    <section className="panel" aria-labelledby="push-kinds-title">
      <h2 id="push-kinds-title">{t("cabinet:notifications.kinds_title")}</h2>
      <IntentForm intent="kinds" form={form} {...getFormProps(form)}>
        <fieldset className="documents__thresholds" aria-describedby={fields.kinds.errors?.length ? fields.kinds.errorId : undefined}>
          <legend>{t("cabinet:notifications.kinds_legend")}</legend>
          {PUSH_KINDS.map((kind) => (
            <CheckboxField
              key={kind}
              field={{
                id: `${fields.kinds.id}-${kind}`,
                name: fields.kinds.name,
                formId: fields.kinds.formId,
                errorId: fields.kinds.errorId,
                initialValue: fields.kinds.initialValue,
              }}
              label={t(`cabinet:notifications.kinds.${kind}`)}
              value={kind}
            />
          ))}
          <FieldErrors id={fields.kinds.errorId} errors={fields.kinds.errors} />
        </fieldset>
        <SubmitRow>{t("cabinet:notifications.kinds_save")}</SubmitRow>
      </IntentForm>
    </section>
  );
}

function DevicesList({ devices, current }: { devices: LoaderData["devices"]; current: string | null }) {
  const { t } = useAccountT();
  return (
    <section className="panel" aria-labelledby="push-devices-title">
      <h2 id="push-devices-title">{t("cabinet:notifications.devices_title")}</h2>
      {devices.length ? (
        <ul className="sessions__list">
          {devices.map((device) => {
            const nameId = `push-device-${device.id}`;
            return (
              <li key={device.id} className="sessions__item">
                <div className="sessions__about">
                  <strong id={nameId}>{device.device}</strong>
                  {device.endpoint === current ? <> · {t("cabinet:notifications.this_device")}</> : null}
                  <br />
                  <span className="field__hint">
                    {t("cabinet:notifications.device_added", { date: device.added })}
                    {device.last ? `, ${t("cabinet:notifications.device_last", { date: device.last })}` : null}
                  </span>
                </div>
                <IntentButton
                  intent="remove"
                  fields={{ id: device.id }}
                  formClassName="sessions__action"
                  buttonClassName="button button--secondary"
                  ariaDescribedBy={nameId}
                >
                  {t("cabinet:notifications.remove")}
                </IntentButton>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="field__hint">{t("cabinet:notifications.devices_empty")}</p>
      )}
    </section>
  );
}
