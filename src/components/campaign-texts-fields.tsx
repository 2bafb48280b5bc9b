import { Button } from './button';
import layout from './page.module.css';
import { Textarea } from './textarea';

export type CampaignTexts = { consent: string; marketing: string; rules: string };

export type CampaignTextsLabels = {
  consentText: string;
  consentHint: string;
  consentSuggest: string;
  marketingText: string;
  marketingHint: string;
  rulesText: string;
  useTemplate: string;
};

export type CampaignConsentTexts = Pick<CampaignTexts, 'consent' | 'marketing'>;

export type CampaignConsentLabels = Pick<
  CampaignTextsLabels,
  'consentText' | 'consentHint' | 'consentSuggest' | 'marketingText' | 'marketingHint'
>;

/**
 * A campaign's consent text (with «Bruk forslag» while it is empty) and the optional marketing
 * consent: the texts stored as what a person agreed to, for every kind of campaign.
 */
export function CampaignConsentFields({
  values,
  onChange,
  consentError,
  onSuggestConsent,
  labels,
}: {
  values: CampaignConsentTexts;
  onChange: (values: CampaignConsentTexts) => void;
  consentError: string | undefined;
  onSuggestConsent: () => void;
  labels: CampaignConsentLabels;
}) {
  return (
    <>
      <Textarea
        id="consent-text"
        label={labels.consentText}
        hint={labels.consentHint}
        rows={3}
        maxLength={2000}
        value={values.consent}
        onChange={(event) => onChange({ ...values, consent: event.target.value })}
        error={consentError}
      />
      {!values.consent.trim() ? (
        <div className={layout.actions}>
          <Button variant="secondary" size="sm" onClick={onSuggestConsent}>
            {labels.consentSuggest}
          </Button>
        </div>
      ) : null}
      <Textarea
        label={labels.marketingText}
        hint={labels.marketingHint}
        rows={3}
        maxLength={2000}
        value={values.marketing}
        onChange={(event) => onChange({ ...values, marketing: event.target.value })}
      />
    </>
  );
}

/**
 * The consent fields and the rules with «Bruk mal»: the texts a calendar or a competition asks for,
 * in the area's words.
 */
export function CampaignTextsFields({
  values,
  onChange,
  consentError,
  onSuggestConsent,
  onUseTemplate,
  labels,
}: {
  values: CampaignTexts;
  onChange: (values: CampaignTexts) => void;
  consentError: string | undefined;
  onSuggestConsent: () => void;
  onUseTemplate: () => void;
  labels: CampaignTextsLabels;
}) {
  return (
    <>
      <CampaignConsentFields
        values={values}
        onChange={(next) => onChange({ ...values, ...next })}
        consentError={consentError}
        onSuggestConsent={onSuggestConsent}
        labels={labels}
      />
      <Textarea
        label={labels.rulesText}
        rows={12}
        maxLength={20000}
        value={values.rules}
        onChange={(event) => onChange({ ...values, rules: event.target.value })}
      />
      <div className={layout.actions}>
        <Button variant="secondary" onClick={onUseTemplate}>
          {labels.useTemplate}
        </Button>
      </div>
    </>
  );
}
