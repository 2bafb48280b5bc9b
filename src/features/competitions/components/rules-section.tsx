import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { CampaignTextsFields } from '@/components/campaign-texts-fields';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { organizerQueryOptions } from '@/lib/campaign/api/get-organizer';
import type { CampaignPrize } from '@/lib/campaign/api/get-prizes';
import { campaignTextsPatch } from '@/lib/campaign/texts-patch';
import { formatDate, formatMoney } from '@/lib/format';
import { useKeepFocus } from '@/lib/use-keep-focus';
import type { EditorCompetition } from '../api/get-competition';
import { useUpdateCompetition } from '../api/update-competition';
import { fillCompetitionRules } from '../utils/rules-template';

/**
 * The consent text (required to publish), the optional marketing consent, and the rules with «Bruk
 * mal»: a Norwegian template filled with the organization's name, number and contact address and the
 * competition's own facts.
 */
export function RulesSection({
  competition,
  prizes,
}: {
  competition: EditorCompetition;
  prizes: CampaignPrize[];
}) {
  const { t } = useTranslation('competitions');
  const organizer = useQuery(organizerQueryOptions(competition.organization_id)).data;
  const [consent, setConsent] = useState(competition.consent_text ?? '');
  const [marketing, setMarketing] = useState(competition.marketing_consent_text ?? '');
  const [rules, setRules] = useState(competition.rules_text ?? '');
  const [consentError, setConsentError] = useState<string | undefined>();
  const update = useUpdateCompetition(competition.id, competition.organization_id);
  const saveButton = useKeepFocus(update.isPending);
  const day = (key: string) => formatDate(`${key}T12:00:00Z`);

  const applyTemplate = async () => {
    if (
      rules.trim() &&
      !(await confirm({ title: t('rules.templateConfirm'), confirmLabel: t('rules.useTemplate') }))
    )
      return;
    setRules(
      fillCompetitionRules({
        competition: competition.name,
        organization: organizer?.name ?? '',
        organizationNumber: organizer?.organizationNumber ?? '',
        contactEmail: organizer?.contactEmail ?? '',
        startDate: day(competition.starts_on),
        endDate: day(competition.ends_on),
        teamMax: String(competition.team_max),
        unit: competition.unit,
        scoring:
          competition.scoring === 'average'
            ? t('rules.scoringAverage', { count: competition.min_active_members })
            : t('rules.scoringTotal'),
        prizes: prizes
          .map((prize) =>
            prize.value_ore === null
              ? t('rules.prizeLine', { name: prize.name })
              : t('rules.prizeValue', { name: prize.name, value: formatMoney(prize.value_ore) }),
          )
          .join('\n'),
      }),
    );
    notify({ message: t('rules.templateFilled'), tone: 'info' });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (competition.published_at && !consent.trim()) {
      setConsentError(t('errors.consentRequiredPublished'));
      document.getElementById('consent-text')?.focus();
      return;
    }
    setConsentError(undefined);
    update.mutate(
      {
        ...campaignTextsPatch({ consent, marketing, rules }),
      },
      { onSuccess: () => notify({ message: t('editor.saved'), tone: 'success' }) },
    );
  };

  return (
    <form className={layout.form} onSubmit={submit} noValidate>
      <CampaignTextsFields
        values={{ consent, marketing, rules }}
        onChange={(next) => {
          setConsent(next.consent);
          setMarketing(next.marketing);
          setRules(next.rules);
        }}
        consentError={consentError}
        onSuggestConsent={() =>
          setConsent(t('rules.consentDefault', { organization: organizer?.name ?? '' }))
        }
        onUseTemplate={() => void applyTemplate()}
        labels={{
          consentText: t('rules.consentText'),
          consentHint: t('rules.consentHint'),
          consentSuggest: t('rules.consentSuggest'),
          marketingText: t('rules.marketingText'),
          marketingHint: t('rules.marketingHint'),
          rulesText: t('rules.rulesText'),
          useTemplate: t('rules.useTemplate'),
        }}
      />
      <FormStatus error={update.error} />
      <div className={layout.actions}>
        <Button ref={saveButton} type="submit" loading={update.isPending}>
          {t('rules.save')}
        </Button>
      </div>
    </form>
  );
}
