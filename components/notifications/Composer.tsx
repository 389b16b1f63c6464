"use client";

import { Send } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useRef, useState, type FormEvent } from "react";
import { toast } from "react-toastify";
import { ButtonSpinner, FieldError, fieldBorder, inputClass } from "@/components/auth/fields";
import { useAuth } from "@/components/providers/use-auth";
import { isApiError } from "@/lib/api-client";
import { toneOf } from "./notification-model";
import { NotificationBody } from "./NotificationItem";
import { toastTheme, useNotifications } from "./NotificationsProvider";

export type FindRecipient = (
  query: string,
) => Promise<{ ok: true; recipient: { id: number; username: string; fullName: string } | null } | { ok: false; status: number }>;

const MESSAGE_MAX = 1000;
const TYPES = [1, 2, 3, 4] as const;

/**
 * Root's composer (to one user, found by exact username or id, or to everyone) and a writer's message to the
 * administrators (SendNotificationToAdmin), each with a type and a live preview of the item as it will look.
 */
export function Composer({ kind, findRecipient }: { kind: "root" | "writer"; findRecipient: FindRecipient }) {
  const t = useTranslations("notifications");
  const { calls } = useNotifications();
  const { user } = useAuth();
  const id = useId();
  const recipientInput = useRef<HTMLInputElement>(null);
  const messageInput = useRef<HTMLTextAreaElement>(null);
  const [audience, setAudience] = useState<"user" | "everyone">("user");
  const [recipient, setRecipient] = useState("");
  const [message, setMessage] = useState("");
  const [type, setType] = useState<number>(1);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<{ recipient?: string; message?: string; form?: string }>({});
  const length = [...message.trim()].length;
  const toUser = kind === "root" && audience === "user";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    const found: typeof errors = {};
    if (toUser && !recipient.trim()) found.recipient = t("composer.errors.recipientRequired");
    if (!text) found.message = t("composer.errors.messageRequired");
    else if (length > MESSAGE_MAX) found.message = t("composer.errors.messageTooLong");
    setErrors(found);
    // The first field to correct gets the focus (its error is read with it, through aria-describedby).
    if (found.recipient) recipientInput.current?.focus();
    else if (found.message) messageInput.current?.focus();
    if (found.recipient || found.message) return;
    setSending(true);
    try {
      if (kind === "writer") {
        await calls.sendToAdmin({ message: text, type });
        toast.success(t("adminComposer.sent"), { theme: toastTheme() });
      } else if (audience === "everyone") {
        await calls.sendGlobal({ message: text, type });
        toast.success(t("composer.sentEveryone"), { theme: toastTheme() });
      } else {
        const result = await findRecipient(recipient.trim());
        if (!result.ok) throw new Error(String(result.status));
        if (!result.recipient) {
          setErrors({ recipient: t("composer.errors.notFound", { name: recipient.trim() }) });
          recipientInput.current?.focus();
          return;
        }
        await calls.sendToUser({ userId: result.recipient.id, message: text, type });
        toast.success(t("composer.sentUser", { name: result.recipient.username }), { theme: toastTheme() });
      }
      setMessage("");
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : {};
      const messageError = fields.message?.[0];
      setErrors(messageError ? { message: messageError } : { form: isApiError(error) && error.message ? error.message : t("composer.errors.failed") });
      if (messageError) messageInput.current?.focus();
    } finally {
      setSending(false);
    }
  };

  const label = "mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200";
  const heading = kind === "root" ? t("composer.heading") : t("adminComposer.heading");
  // A writer's message reaches the roots prefixed with the writer's @username (send-notification-to-admin.ts): shown so.
  const previewText = message.trim() || t("composer.previewPlaceholder");
  const preview = {
    id: 0,
    message: kind === "writer" && user?.username ? `@${user.username}: ${previewText}` : previewText,
    type,
    isRead: false,
    createdAt: new Date().toISOString(),
    link: null,
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-3xl border border-zinc-200 bg-white p-5 sm:p-6 dark:border-zinc-800 dark:bg-zinc-900" data-testid="notification-composer">
      <h2 id={`${id}-heading`} className="text-xl font-bold tracking-tight">{heading}</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{kind === "root" ? t("composer.intro") : t("adminComposer.intro")}</p>

      <form onSubmit={submit} noValidate className="mt-5 grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-1">
          {kind === "root" && (
            <fieldset>
              <legend className={label}>{t("composer.audience")}</legend>
              <div className="grid grid-cols-2 rounded-xl bg-zinc-100 p-1 sm:inline-grid dark:bg-zinc-800">
                {(["user", "everyone"] as const).map((a) => (
                  <label
                    key={a}
                    className={`flex h-9 cursor-pointer items-center justify-center rounded-lg px-4 text-sm font-semibold transition has-focus-visible:outline-2 has-focus-visible:outline-brand-500 ${audience === a ? "bg-white text-zinc-900 shadow-sm dark:bg-zinc-900 dark:text-zinc-100" : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"}`}
                  >
                    <input type="radio" name={`${id}-audience`} value={a} checked={audience === a} onChange={() => setAudience(a)} className="sr-only" />
                    {a === "user" ? t("composer.oneUser") : t("composer.everyone")}
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          {toUser && (
            <div>
              <label htmlFor={`${id}-recipient`} className={label}>{t("composer.recipient")}</label>
              <input
                id={`${id}-recipient`}
                value={recipient}
                ref={recipientInput}
                onChange={(e) => {
                  setRecipient(e.target.value);
                  // An error about the name typed before ("no account named …") no longer applies.
                  if (errors.recipient) setErrors(({ recipient: _old, ...rest }) => rest);
                }}
                autoComplete="off"
                dir="ltr"
                maxLength={100}
                aria-invalid={Boolean(errors.recipient)}
                aria-describedby={`${id}-recipient-hint ${errors.recipient ? `${id}-recipient-error` : ""}`}
                className={`${inputClass} ${fieldBorder(Boolean(errors.recipient))} text-start rtl:text-right`}
              />
              <p id={`${id}-recipient-hint`} className="mt-1.5 text-xs text-zinc-600 dark:text-zinc-400">{t("composer.recipientHint")}</p>
              <FieldError id={`${id}-recipient-error`} message={errors.recipient} />
            </div>
          )}

          <div>
            <label htmlFor={`${id}-type`} className={label}>{t("composer.type")}</label>
            <select id={`${id}-type`} value={type} onChange={(e) => setType(Number(e.target.value))} className={`${inputClass} ${fieldBorder(false)} sm:max-w-60`}>
              {TYPES.map((n) => (
                <option key={n} value={n}>{t(`types.${toneOf(n)}`)}</option>
              ))}
            </select>
          </div>

          <div>
            <div className="flex items-baseline justify-between gap-2">
              <label htmlFor={`${id}-message`} className={label}>{t("composer.message")}</label>
              <span className={`text-xs tabular-nums ${length > MESSAGE_MAX ? "font-semibold text-red-700 dark:text-red-400" : "text-zinc-600 dark:text-zinc-400"}`} aria-hidden>
                {t("composer.messageCount", { count: length })}
              </span>
            </div>
            <textarea
              id={`${id}-message`}
              value={message}
              ref={messageInput}
              onChange={(e) => {
                setMessage(e.target.value);
                if (errors.message) setErrors(({ message: _old, ...rest }) => rest);
              }}
              rows={4}
              dir="auto"
              aria-invalid={Boolean(errors.message)}
              aria-describedby={errors.message ? `${id}-message-error` : undefined}
              className={`${inputClass} ${fieldBorder(Boolean(errors.message))} h-auto min-h-28 py-2.5 leading-6`}
            />
            <FieldError id={`${id}-message-error`} message={errors.message} />
          </div>

        </div>

        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <p className={label} id={`${id}-preview`}>{t("composer.preview")}</p>
          <div aria-labelledby={`${id}-preview`} role="group" className="rounded-2xl border border-zinc-200 bg-zinc-50 p-3 dark:border-zinc-800 dark:bg-zinc-950" data-testid="composer-preview">
            <div className="flex items-start gap-2 rounded-xl bg-brand-50/60 p-2.5 dark:bg-brand-500/5">
              <NotificationBody notification={preview} />
            </div>
          </div>
          <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">{kind === "writer" ? t("adminComposer.previewHint") : t("composer.previewHint")}</p>
        </div>

        <div className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-2">
          {errors.form && <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-400">{errors.form}</p>}

          <div>
            <button
              type="submit"
              disabled={sending}
              data-testid="composer-send"
              className="inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 font-semibold text-white shadow-sm shadow-brand-600/30 transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {sending ? <ButtonSpinner /> : <Send className="size-4.5 rtl:-scale-x-100" aria-hidden />}
              {sending ? t("composer.sending") : kind === "writer" ? t("adminComposer.send") : audience === "everyone" ? t("composer.sendEveryone") : t("composer.send")}
            </button>
          </div>
        </div>
      </form>
    </section>
  );
}
