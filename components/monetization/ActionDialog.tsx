"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useForm, useWatch, type Control, type Resolver, type UseFormRegisterReturn } from "react-hook-form";
import { Banner } from "@/components/ui/Banner";
import { Dialog } from "@/components/ui/Dialog";
import { DialogActions } from "@/components/ui/DialogActions";
import { TextAreaField, TextField } from "@/components/ui/fields";
import { showServerErrors } from "@/components/ui/server-errors";
import { isApiError } from "@/lib/api-client";

export interface DialogField {
  name: string;
  label: string;
  help?: string;
  multiline?: boolean;
  inputMode?: "decimal" | "text";
  maxLength?: number;
  /** The shared schema's rule for this value: an error text, or null when it is fine. */
  validate: (value: string) => string | null;
  /** Shown under the field as the value changes (the month's pool, say). */
  preview?: (value: string) => ReactNode;
}

type Values = Record<string, string>;

/** The field's rule (the shared schema, through `validate`) as react-hook-form's resolver. */
function resolverOf(field: DialogField | undefined): Resolver<Values> {
  return async (values) => {
    const problem = field ? field.validate(values[field.name] ?? "") : null;
    if (!field || !problem) return { values, errors: {} };
    return { values: {}, errors: { [field.name]: { type: "schema", message: problem } } };
  };
}

interface ActionDialogProps {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  failedText: (message: string) => string;
  field?: DialogField;
  tone?: "brand" | "danger";
  testId: string;
  onConfirm: (value: string) => Promise<void>;
  onClose: () => void;
}

/**
 * The monetisation page's confirmations (request a payout, record a transfer, mark a payout failed, close a month): a
 * modal dialog with a sentence, at most one field checked by the shared schema before sending, the server's field
 * error or failure shown in place, and focus kept inside until it closes. `onConfirm` throws the API's error as is.
 * While busy the buttons are aria-disabled, not disabled: a disabled button drops the keyboard focus to the page.
 */
export function ActionDialog({ title, text, confirmLabel, busyLabel, cancelLabel, failedText, field, tone = "brand", testId, onConfirm, onClose }: ActionDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [open, setOpen] = useState(true);
  const [failure, setFailure] = useState("");
  const name = field?.name ?? "value";
  const { register, handleSubmit, setError, setFocus, control, formState } = useForm<Values>({ resolver: resolverOf(field), defaultValues: { [name]: "" } });
  const busy = formState.isSubmitting;

  // The dialog opens on its field, or on Cancel (it is open by now: the kit's dialog opened it in its own effect).
  const fieldName = field?.name;
  useEffect(() => {
    if (fieldName) setFocus(fieldName);
    else cancelRef.current?.focus();
  }, [fieldName, setFocus]);

  const submit = handleSubmit(async (values) => {
    setFailure("");
    try {
      await onConfirm((values[name] ?? "").trim());
      setOpen(false);
    } catch (error) {
      const rest = showServerErrors(error, setError, field ? [field.name] : [], "");
      if (rest !== null) setFailure(failedText(rest || (isApiError(error) ? error.message : String(error))));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={text}
      closeLabel={cancelLabel}
      busy={busy}
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else void submit(event);
      }}
      width="md"
      testId={testId}
      footer={
        <DialogActions
          cancelRef={cancelRef}
          cancelLabel={cancelLabel}
          onCancel={() => setOpen(false)}
          label={confirmLabel}
          busyLabel={busyLabel}
          busy={busy}
          keepFocus
          variant={tone === "danger" ? "danger" : "primary"}
          testId={`${testId}-confirm`}
        />
      }
    >
      {field && <ActionField id={`${id}-field`} field={field} testId={testId} error={formState.errors[field.name]?.message} registration={register(field.name)} control={control} />}
      {failure && <Banner tone="error">{failure}</Banner>}
    </Dialog>
  );
}

function ActionField({ id, field, testId, error, registration, control }: { id: string; field: DialogField; testId: string; error?: string; registration: UseFormRegisterReturn; control: Control<Values> }) {
  const value = useWatch({ control, name: field.name }) ?? "";
  const common = { id, label: field.label, hint: field.help, error, registration, maxLength: field.maxLength, "aria-required": true, "data-testid": `${testId}-field` } as const;
  return (
    <div>
      {field.multiline ? (
        <TextAreaField {...common} rows={3} dir="auto" />
      ) : (
        <TextField {...common} inputMode={field.inputMode} dir={field.inputMode === "decimal" ? "ltr" : "auto"} autoComplete="off" />
      )}
      {field.preview && (
        <p className="mt-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200" aria-live="polite">
          {field.preview(value)}
        </p>
      )}
    </div>
  );
}
