import { type FormEvent, useRef, useState } from "react";

/**
 * A form whose submission asks first in a ConfirmDialog when `needsConfirm` says so (sending a
 * campaign, turning maintenance on). `onSubmit` goes on the form, `confirming`, `cancel` and
 * `confirm` on the dialog; confirming submits the form again (with `submitter`, if given) without
 * asking, and `submit` (Conform's own handler) takes it from there.
 */
export function useConfirmFirst({
  needsConfirm,
  submit,
  submitter,
}: {
  needsConfirm: (event: FormEvent<HTMLFormElement>) => boolean;
  submit: (event: FormEvent<HTMLFormElement>) => void;
  submitter?: { readonly current: HTMLButtonElement | null };
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const confirmed = useRef(false);
  const [confirming, setConfirming] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!confirmed.current && needsConfirm(event)) {
      event.preventDefault();
      setConfirming(true);
      return;
    }
    confirmed.current = false;
    submit(event);
  };

  return {
    formRef,
    onSubmit,
    confirming,
    cancel: () => setConfirming(false),
    confirm: () => {
      setConfirming(false);
      confirmed.current = true;
      formRef.current?.requestSubmit(submitter?.current);
    },
  };
}
