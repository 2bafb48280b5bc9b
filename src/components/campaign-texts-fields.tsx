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

/**
 * A campaign's consent text (with «Bruk forslag» while it is empty), the optional marketing consent
 * and the rules with «Bruk mal»: the fields every kind of campaign asks for, in the area's words.
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
