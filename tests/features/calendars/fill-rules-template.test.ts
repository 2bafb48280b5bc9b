import { fillRulesTemplate } from '@/features/calendars/utils/fill-rules-template';

describe('fillRulesTemplate', () => {
  it('fills in the facts it has, everywhere they appear', () => {
    const rules = fillRulesTemplate({
      calendar: 'Julekalender 2026',
      organization: 'Fjord Rør AS',
      startDate: '1. desember 2026',
      endDate: '24. desember 2026',
      doorTime: '08:00',
    });
    expect(rules).toContain('Regler for Julekalender 2026');
    expect(rules).toContain('Kalenderen varer fra 1. desember 2026 til 24. desember 2026.');
    expect(rules).toContain('åpner kl. 08:00 norsk tid');
    expect(rules.match(/Fjord Rør AS/g)).toHaveLength(2);
    expect(rules).not.toContain('{{');
  });

  it('leaves what it does not know as a visible gap to fill in', () => {
    const rules = fillRulesTemplate({ organizationNumber: '   ' });
    expect(rules).toContain('(org.nr. [organisasjonsnummer])');
    expect(rules).toContain('slettes senest [hvor lenge, f.eks. 3 måneder]');
  });

  it('says entry is free: without a purchase a draw is not a lottery', () => {
    expect(fillRulesTemplate({})).toContain('deltakelse krever ikke kjøp');
  });
});
