import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { answerConfirm, getCurrentConfirm, subscribeConfirm } from '@/components/dialog-store';
import type { ConfirmRequest } from '@/components/dialog-store';

/** Renders the dialogs that confirm() asks for. Mount once, near the root. */
export function DialogHost() {
  const { t } = useTranslation('components');
  const current = useSyncExternalStore(subscribeConfirm, getCurrentConfirm, getCurrentConfirm);
  // Keep showing the last request while the dialog animates closed, instead of an empty box.
  const [shown, setShown] = useState<ConfirmRequest | null>(current);
  if (current && current !== shown) setShown(current);

  const answer = (confirmed: boolean) => {
    if (current) answerConfirm(current.id, confirmed);
  };

  return (
    <Dialog
      open={current !== null}
      onOpenChange={(open) => {
        if (!open) answer(false);
      }}
      title={shown?.title ?? ''}
      description={shown?.description}
      footer={
        <>
          <Button variant="secondary" onClick={() => answer(false)}>
            {shown?.cancelLabel ?? t('cancel')}
          </Button>
          <Button variant={shown?.tone === 'danger' ? 'danger' : 'primary'} onClick={() => answer(true)}>
            {shown?.confirmLabel ?? t('confirm')}
          </Button>
        </>
      }
    />
  );
}
