"use client";

import type { ReactNode } from "react";
import { buttonClass, type ButtonSize, type ButtonVariant } from "./Button";
import { cx } from "./cx";

/**
 * A file chooser drawn as a kit button: the label is the button (Enter, Space and a click open the browser's picker)
 * and the file input inside it is visually hidden, so it keeps its native keyboard, screen-reader and drop behaviour.
 * Use it for every "choose a file / images / PDF" action, inside or beside a drop zone. The chosen files go to
 * `onFiles`; the input is emptied after each choice, so choosing the same file again (after removing it) still counts.
 */
export interface FilePickerProps {
  /** The input's id (a form's error or a test may point at it). */
  id?: string;
  label: ReactNode;
  icon?: ReactNode;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The input's name for assistive technology, when it is not the button's label (an outer label's id). */
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
  testId?: string;
}

export function FilePicker({ id, label, icon, accept, multiple, disabled, onFiles, variant = "primary", size = "md", labelledBy, describedBy, invalid, testId }: FilePickerProps) {
  return (
    <label
      className={cx(
        buttonClass({ variant, size }),
        "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 [&>svg]:size-4.5",
      )}
    >
      {icon}
      {label}
      <input
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        className="sr-only"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        data-testid={testId}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = "";
        }}
      />
    </label>
  );
}
