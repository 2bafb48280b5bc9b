import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import layout from '@/components/page.module.css';
import { paths } from '@/lib/paths';
import { useCreatePopup } from '../api/popup-list-actions';
import { POPUP_TEMPLATE_IDS, POPUP_TEMPLATES, type PopupTemplateId } from '../utils/templates';
import styles from './create-popup-dialog.module.css';

const NAME_MAX = 120;

/**
 * «Ny popup»: a template (each a card with its shape on a page and a sentence), and a name that
 * follows the template until typed; creates it in one transaction and opens the editor.
 */
export function CreatePopupDialog({
  organizationId,
  organizationName,
  open,
  onOpenChange,
}: {
  organizationId: string;
  organizationName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('popups');
  const navigate = useNavigate();
  const create = useCreatePopup(organizationId);
  const [start, setStart] = useState<PopupTemplateId>('nyhetsbrev');
  const [name, setName] = useState('');
  const [typed, setTyped] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const shown = typed ? name : t(`templates.${start}.name`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = shown.trim();
    if (trimmed === '') return setError(t('create.nameRequired'));
    if (trimmed.length > NAME_MAX) return setError(t('create.nameTooLong', { max: NAME_MAX }));
    setError(undefined);
    create.mutate(
      { name: trimmed, template: POPUP_TEMPLATES[start](organizationName) },
      { onSuccess: (id) => id && void navigate(paths.popupEdit(id)) },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('create.title')}
      description={t('create.intro')}
      wide
    >
      <Form onSubmit={submit} aria-label={t('create.title')}>
        <fieldset className={styles.templates}>
          <legend>{t('create.start')}</legend>
          {POPUP_TEMPLATE_IDS.map((id) => {
            const type = POPUP_TEMPLATES[id]('').type;
            return (
              <label key={id} className={styles.card}>
                <span className={styles.page} aria-hidden="true">
                  <span className={`${styles.shape} ${styles[type]}`} />
                </span>
                <span className={styles.title}>
                  <input
                    type="radio"
                    name="popup-template"
                    value={id}
                    checked={start === id}
                    onChange={() => setStart(id)}
                    aria-labelledby={`popup-template-${id}-name`}
                    aria-describedby={`popup-template-${id}`}
                  />
                  <span className={styles.name} id={`popup-template-${id}-name`}>
                    {t(`templates.${id}.name`)}
                  </span>
                </span>
                <span className={styles.sentence} id={`popup-template-${id}`}>
                  {t(`templates.${id}.sentence`)}
                </span>
              </label>
            );
          })}
        </fieldset>
        <Input
          label={t('create.name')}
          hint={t('create.nameHint')}
          value={shown}
          onChange={(event) => {
            setTyped(true);
            setName(event.target.value);
          }}
          error={error}
          autoComplete="off"
        />
        <FormStatus error={create.error} />
        <div className={layout.actions}>
          <Button type="submit" loading={create.isPending}>
            {t('create.submit')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t('create.cancel')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
