import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import layout from '@/components/page.module.css';
import { useSaveSite, type PopupSite } from '../../api/sites';
import { siteDomain } from '../../utils/site-domain';
import styles from './sites.module.css';

const LIMITS = { max_per_session: [1, 10], max_per_day: [1, 20] } as const;

/** Register a site (no `site`) or change one: the domain as pasted, subdomains and the caps. */
export function SiteDialog({
  organizationId,
  site,
  open,
  onOpenChange,
  onSaved,
}: {
  organizationId: string;
  site: PopupSite | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (site: PopupSite) => void;
}) {
  const { t } = useTranslation(['popups', 'popup-errors']);
  const save = useSaveSite(organizationId);
  const [domain, setDomain] = useState(site?.domain ?? '');
  const [subdomains, setSubdomains] = useState(site?.include_subdomains ?? true);
  const [perSession, setPerSession] = useState(String(site?.max_per_session ?? 1));
  const [perDay, setPerDay] = useState(String(site?.max_per_day ?? 2));
  const [errors, setErrors] = useState<Partial<Record<'domain' | 'session' | 'day', string>>>({});

  const whole = (text: string, [min, max]: readonly [number, number]) => {
    const value = Number(text);
    return Number.isInteger(value) && value >= min && value <= max ? value : null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const host = siteDomain(domain);
    const session = whole(perSession, LIMITS.max_per_session);
    const day = whole(perDay, LIMITS.max_per_day);
    const found = {
      domain: host ? undefined : t('popup-errors:errors.popup-site-invalid'),
      session: session === null ? t('sites.range', { min: 1, max: 10 }) : undefined,
      day: day === null ? t('sites.range', { min: 1, max: 20 }) : undefined,
    };
    setErrors(found);
    if (!host || session === null || day === null) return;
    // What was pasted becomes the host name the database keeps, so the field shows what is saved.
    setDomain(host);
    save.mutate(
      {
        id: site?.id ?? null,
        site: { domain: host, include_subdomains: subdomains, max_per_session: session, max_per_day: day },
      },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={site ? t('sites.editTitle', { domain: site.domain }) : t('sites.addTitle')}
      description={t('sites.dialogIntro')}
    >
      <Form
        onSubmit={submit}
        aria-label={site ? t('sites.editTitle', { domain: site.domain }) : t('sites.addTitle')}
      >
        <Input
          label={t('sites.domain')}
          hint={t('sites.domainHint')}
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
          error={errors.domain}
          autoComplete="url"
          inputMode="url"
          spellCheck={false}
        />
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={subdomains}
            onChange={(event) => setSubdomains(event.target.checked)}
          />
          <span>{t('sites.includeSubdomains')}</span>
        </label>
        <div className={styles.numbers}>
          {(
            [
              ['maxPerSession', LIMITS.max_per_session, perSession, setPerSession, errors.session],
              ['maxPerDay', LIMITS.max_per_day, perDay, setPerDay, errors.day],
            ] as const
          ).map(([key, [min, max], value, setValue, error]) => (
            <Input
              key={key}
              label={t(`sites.${key}`)}
              hint={t(`sites.${key}Hint`)}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              error={error}
            />
          ))}
        </div>
        <FormStatus error={save.error} />
        <div className={layout.actions}>
          <Button type="submit" loading={save.isPending}>
            {site ? t('sites.save') : t('sites.add')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t('sites.cancel')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
