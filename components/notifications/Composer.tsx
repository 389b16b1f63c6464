"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { useForm, useWatch, type UseFormReturn } from "react-hook-form";
import { useAuth } from "@/components/providers/use-auth";
import { Banner } from "@/components/ui/Banner";
import { Button } from "@/components/ui/Button";
import { SelectField, TextAreaField, TextField } from "@/components/ui/fields";
import { Segmented } from "@/components/ui/Segmented";
import { showServerErrors } from "@/components/ui/server-errors";
import { notifySuccess } from "@/components/ui/toast";
import { composerSchema, messageLength, MESSAGE_MAX, type ComposerInput, type ComposerValues } from "./composer-form";
import { toneOf } from "./notification-model";
import { NotificationBody } from "./NotificationItem";
import { useNotifications } from "./NotificationsProvider";

export type FindRecipient = (
  query: string,
) => Promise<{ ok: true; recipient: { id: number; username: string; fullName: string } | null } | { ok: false; status: number }>;

const TYPES = [1, 2, 3, 4] as const;
type Audience = "user" | "everyone";

/**
 * Root's composer (to one user, found by exact username or id, or to everyone) and a writer's message to the
 * administrators (SendNotificationToAdmin), each with a type and a live preview of the item as it will look.
 */
export function Composer({ kind, findRecipient }: { kind: "root" | "writer"; findRecipient: FindRecipient }) {
  const t = useTranslations("notifications");
  const id = useId();
  const [audience, setAudience] = useState<Audience>("user");
  const toUser = kind === "root" && audience === "user";
  const resolver = useMemo(
    () =>
      zodResolver(
        composerSchema(toUser, { recipientRequired: t("composer.errors.recipientRequired"), messageRequired: t("composer.errors.messageRequired"), messageTooLong: t("composer.errors.messageTooLong") }),
      ),
    [toUser, t],
  );
  const form = useForm<ComposerInput, unknown, ComposerValues>({ resolver, defaultValues: { recipient: "", message: "", type: "1" } });
  const { send, formError } = useComposerSend(kind, audience, form, findRecipient);
  const { errors, isSubmitting } = form.formState;
  const message = useWatch({ control: form.control, name: "message" }) ?? "";
  const type = Number(useWatch({ control: form.control, name: "type" }));

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-3xl border border-zinc-200 bg-white p-5 sm:p-6 dark:border-zinc-800 dark:bg-zinc-900" data-testid="notification-composer">
      <h2 id={`${id}-heading`} className="text-xl font-bold tracking-tight">{kind === "root" ? t("composer.heading") : t("adminComposer.heading")}</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{kind === "root" ? t("composer.intro") : t("adminComposer.intro")}</p>

      <form onSubmit={form.handleSubmit(send)} noValidate className="mt-5 grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-1">
          {kind === "root" && (
            <Segmented
              name={`${id}-audience`}
              legend={t("composer.audience")}
              value={audience}
              onChange={setAudience}
              fit
              options={[
                { value: "user", label: t("composer.oneUser") },
                { value: "everyone", label: t("composer.everyone") },
              ]}
            />
          )}
          {toUser && (
            <TextField id={`${id}-recipient`} label={t("composer.recipient")} hint={t("composer.recipientHint")} error={errors.recipient?.message} registration={form.register("recipient")} autoComplete="off" dir="ltr" maxLength={100} inputClassName="text-start rtl:text-right" />
          )}
          <SelectField id={`${id}-type`} label={t("composer.type")} registration={form.register("type")} className="sm:max-w-60">
            {TYPES.map((n) => (
              <option key={n} value={n}>{t(`types.${toneOf(n)}`)}</option>
            ))}
          </SelectField>
          <TextAreaField id={`${id}-message`} label={t("composer.message")} error={errors.message?.message} registration={form.register("message")} counter={{ count: messageLength(message), max: MESSAGE_MAX }} rows={4} dir="auto" />
        </div>

        <ComposerPreview kind={kind} message={message} type={type} />

        <div className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-2">
          {formError && <Banner tone="error">{formError}</Banner>}
          <div>
            <Button type="submit" loading={isSubmitting} icon={<Send className="size-4.5 rtl:-scale-x-100" aria-hidden />} data-testid="composer-send">
              {isSubmitting ? t("composer.sending") : kind === "writer" ? t("adminComposer.send") : audience === "everyone" ? t("composer.sendEveryone") : t("composer.send")}
            </Button>
          </div>
        </div>
      </form>
    </section>
  );
}

/** The item as it will look in the bell and on the page; a writer's message reaches the roots prefixed with their @username. */
function ComposerPreview({ kind, message, type }: { kind: "root" | "writer"; message: string; type: number }) {
  const t = useTranslations("notifications");
  const { user } = useAuth();
  const id = useId();
  const text = message.trim() || t("composer.previewPlaceholder");
  const preview = { id: 0, message: kind === "writer" && user?.username ? `@${user.username}: ${text}` : text, type, isRead: false, createdAt: new Date().toISOString(), link: null };
  return (
    <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
      <p className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200" id={`${id}-preview`}>{t("composer.preview")}</p>
      <div aria-labelledby={`${id}-preview`} role="group" className="rounded-2xl border border-zinc-200 bg-zinc-50 p-3 dark:border-zinc-800 dark:bg-zinc-950" data-testid="composer-preview">
        <div className="flex items-start gap-2 rounded-xl bg-brand-50/60 p-2.5 dark:bg-brand-500/5">
          <NotificationBody notification={preview} />
        </div>
      </div>
      <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">{kind === "writer" ? t("adminComposer.previewHint") : t("composer.previewHint")}</p>
    </div>
  );
}

/** Sends the message (to the administrators, to everyone, or to the user found by name or id) and reports the outcome. */
function useComposerSend(kind: "root" | "writer", audience: Audience, form: UseFormReturn<ComposerInput, unknown, ComposerValues>, findRecipient: FindRecipient) {
  const t = useTranslations("notifications");
  const { calls } = useNotifications();
  const [formError, setFormError] = useState<string | null>(null);
  const send = async ({ recipient, message, type }: ComposerValues) => {
    setFormError(null);
    try {
      if (kind === "writer") {
        await calls.sendToAdmin({ message, type });
        notifySuccess(t("adminComposer.sent"));
      } else if (audience === "everyone") {
        await calls.sendGlobal({ message, type });
        notifySuccess(t("composer.sentEveryone"));
      } else {
        const result = await findRecipient(recipient.trim());
        if (!result.ok) throw new Error(String(result.status));
        if (!result.recipient) {
          form.setError("recipient", { type: "server", message: t("composer.errors.notFound", { name: recipient.trim() }) }, { shouldFocus: true });
          return;
        }
        await calls.sendToUser({ userId: result.recipient.id, message, type });
        notifySuccess(t("composer.sentUser", { name: result.recipient.username }));
      }
      form.resetField("message");
    } catch (error) {
      setFormError(showServerErrors(error, form.setError, ["message"], t("composer.errors.failed")));
    }
  };
  return { send, formError };
}
