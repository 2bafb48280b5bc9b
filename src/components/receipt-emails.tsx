import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import styles from '@/components/page.module.css';
import { SkeletonText } from '@/components/skeleton';
import { Table } from '@/components/table';
import { errorMessage } from '@/lib/error-message';
import { AppError } from '@/lib/errors';
import { isValidReceiptEmail, useAddReceiptEmail } from '@/lib/organization-payments/api/add-receipt-email';
import { receiptEmailsQueryOptions } from '@/lib/organization-payments/api/get-receipt-emails';
import { useRemoveReceiptEmail } from '@/lib/organization-payments/api/remove-receipt-email';

const RECEIPT_MESSAGES = {
  'invalid-email': 'receiptEmailsInvalid',
  'receipt-email-exists': 'receiptEmailsExists',
  'too-many-receipt-emails': 'receiptEmailsTooMany',
} as const;

export type ReceiptEmailsProps = {
  organizationId: string;
  /** Owners and admins add and remove; everyone else reads the list. */
  canManage: boolean;
};

/**
 * The organization's receipt e-mail addresses as a section: the list, «Fjern …» per address and a
 * form to add one (organizations_payments_email_insert). Used by /payments and /leads/settings.
 */
export function ReceiptEmails({ organizationId, canManage }: ReceiptEmailsProps) {
  const { t } = useTranslation('member');
  const receipts = useQuery({ ...receiptEmailsQueryOptions(organizationId), enabled: organizationId !== '' });
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const add = useAddReceiptEmail(organizationId);
  const remove = useRemoveReceiptEmail(organizationId);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim().toLowerCase();
    if (!isValidReceiptEmail(value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    add.mutate(
      { organizationId, email: value },
      {
        onSuccess: (_next, variables) => {
          notify({ message: t('receiptEmailsAdded', { email: variables.email }), tone: 'success' });
          setEmail('');
        },
      },
    );
  }

  function removeEmail(emails: string[], row: string) {
    remove.mutate(
      { organizationId, emails, email: row },
      {
        onSuccess: (_data, variables) =>
          notify({ message: t('receiptEmailsRemoved', { email: variables.email }), tone: 'success' }),
        onError: (error) => notify({ message: errorMessage(error), tone: 'error' }),
      },
    );
  }

  const addError = invalid
    ? t('receiptEmailsInvalid')
    : add.error instanceof AppError && Object.hasOwn(RECEIPT_MESSAGES, add.error.code)
      ? t(RECEIPT_MESSAGES[add.error.code as keyof typeof RECEIPT_MESSAGES])
      : add.error
        ? errorMessage(add.error)
        : undefined;
  const emails = receipts.data ?? [];

  return (
    <section
      className={styles.section}
      aria-labelledby="receipt-emails-heading"
      aria-busy={receipts.isPending}
    >
      <h2 id="receipt-emails-heading">{t('receiptEmailsHeading')}</h2>
      <p className={styles.muted}>{t('receiptEmailsHint')}</p>
      {receipts.error ? (
        <FormStatus error={receipts.error} />
      ) : receipts.isPending ? (
        <SkeletonText lines={2} />
      ) : (
        <Table
          caption={t('receiptEmailsCaption')}
          hideCaption
          columns={[
            { key: 'email', header: t('receiptEmailsEmail'), cell: (row: string) => row },
            ...(canManage
              ? [
                  {
                    key: 'remove',
                    header: t('receiptEmailsActions'),
                    cell: (row: string) => (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={remove.isPending}
                        onClick={() => removeEmail(emails, row)}
                      >
                        {t('receiptEmailsRemove', { email: row })}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
          rows={emails}
          rowKey={(row) => row}
          empty={<p className={styles.muted}>{t('receiptEmailsEmpty')}</p>}
        />
      )}
      {canManage ? (
        <form className={styles.form} onSubmit={submit} noValidate>
          <Input
            label={t('receiptEmailsNewEmail')}
            type="email"
            name="receiptEmail"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={addError}
          />
          <div className={styles.actions}>
            <Button type="submit" loading={add.isPending}>
              {t('receiptEmailsAdd')}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
