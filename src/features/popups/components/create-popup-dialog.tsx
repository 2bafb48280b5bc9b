import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CreateDialog, type ListCreateDialogProps } from '@/components/create-dialog';
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
}: ListCreateDialogProps & { organizationName: string }) {
  const { t } = useTranslation('popups');
  const navigate = useNavigate();
  const create = useCreatePopup(organizationId);
  const [start, setStart] = useState<PopupTemplateId>('nyhetsbrev');
  const [name, setName] = useState('');
  const [typed, setTyped] = useState(false);
  const shown = typed ? name : t(`templates.${start}.name`);

  const onCreate = (trimmed: string) =>
    create.mutate(
      { name: trimmed, template: POPUP_TEMPLATES[start](organizationName) },
      { onSuccess: (id) => id && void navigate(paths.popupEdit(id)) },
    );

  const templates = (
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
  );

  return (
    <CreateDialog
      open={open}
      onOpenChange={onOpenChange}
      texts={t('create', { returnObjects: true, max: NAME_MAX })}
      nameMax={NAME_MAX}
      name={shown}
      onNameChange={(value) => {
        setTyped(true);
        setName(value);
      }}
      onCreate={onCreate}
      mutation={create}
      before={templates}
      wide
    />
  );
}
