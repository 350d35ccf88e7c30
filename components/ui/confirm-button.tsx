"use client";
// A button that asks before doing something that cannot be undone (cancel, revoke, delete).
// The button itself is outlined; red fills only the confirmation's button.
// `onConfirm` may be async; the dialog stays open and busy until it settles.
import { useState, type ReactNode } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

export interface ConfirmButtonProps {
  children: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  disabled?: boolean;
  onConfirm: () => unknown | Promise<unknown>;
}

export function ConfirmButton({
  children,
  title,
  description,
  confirmLabel = "Confirm",
  variant = "danger",
  size = "md",
  disabled,
  onConfirm,
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        variant={variant === "danger" ? "danger-outline" : variant}
        size={size}
        disabled={disabled}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {children}
      </Button>
      <Dialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        title={title}
        description={description}
        footer={
          <>
            <Button variant="secondary" disabled={busy} onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button
              variant={variant === "danger" ? "danger" : "primary"}
              busy={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await onConfirm();
                } finally {
                  setBusy(false);
                  setOpen(false);
                }
              }}
            >
              {confirmLabel}
            </Button>
          </>
        }
      />
    </>
  );
}
