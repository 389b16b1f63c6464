"use client";

import { useRef, type ReactNode } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "./Button";

/**
 * A button that opens the file picker (upload a picture, a cover, a banner): the real file input is hidden from
 * sight and from assistive technology, the button is what users press. `onFiles` gets the chosen files; choosing the
 * same file again fires again (the input is emptied after each choice).
 */
export function FileButton({
  accept,
  multiple = false,
  onFiles,
  children,
  icon,
  variant = "secondary",
  size = "md",
  disabled,
  loading,
  describedBy,
  inputTestId,
  testId,
}: {
  accept: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  children: ReactNode;
  icon?: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  disabled?: boolean;
  loading?: boolean;
  describedBy?: string;
  inputTestId?: string;
  testId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid={inputTestId}
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          e.target.value = "";
        }}
      />
      <Button variant={variant} size={size} icon={icon} disabled={disabled} loading={loading} aria-describedby={describedBy} onClick={() => input.current?.click()} data-testid={testId}>
        {children}
      </Button>
    </>
  );
}
