import type { FormEditorData } from '../api/get-form';
import type { PublicForm } from '../api/public-form';

/** The editor's form in the shape the public page reads, as it would be published now. */
export const previewForm = (data: FormEditorData): PublicForm => ({
  id: data.form.id,
  name: data.name,
  organization_name: '',
  status: 'open',
  now: new Date().toISOString(),
  opens_at: null,
  closes_at: null,
  closed_message: data.form.closed_message,
  display_mode: data.form.display_mode === 'one_at_a_time' ? 'one_at_a_time' : 'classic',
  version_id: '',
  consent_text: data.consentText,
  marketing_consent_text: null,
  quotas: [],
});
