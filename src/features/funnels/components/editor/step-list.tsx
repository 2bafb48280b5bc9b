import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import { useAddStep, useRemoveStep, useReorderSteps } from '../../api/save-funnel';
import { moveItem } from '../../utils/blocks';
import { MAX_STEPS, STEP_TYPES, type FunnelStep, type StepType } from '../../utils/steps';
import styles from './funnel-editor.module.css';
import { StepIcon } from './step-icon';

type StepListProps = {
  funnelId: string;
  organizationId: string;
  steps: readonly FunnelStep[];
  selectedId: string | null;
  onSelect: (stepId: string) => void;
};

/** The steps in order, with their type in words and an icon; select, move up / down, remove, add. */
export function StepList({ funnelId, organizationId, steps, selectedId, onSelect }: StepListProps) {
  const { t } = useTranslation('funnels');
  const add = useAddStep(funnelId, organizationId);
  const remove = useRemoveStep();
  const reorder = useReorderSteps();
  const [type, setType] = useState<StepType>('sales');
  const typeName = (value: StepType) => t(`editor.stepTypes.${value}`);

  const move = (index: number, offset: number) => {
    const order = moveItem(steps, index, offset);
    const moved = steps[index];
    if (!moved) return;
    reorder.mutate(
      order
        .map((step, position) => ({ id: step.id, position, was: step.position }))
        .filter((item) => item.was !== item.position)
        .map(({ id, position }) => ({ id, position })),
      {
        onSuccess: () =>
          notify({
            message: t('editor.moved', { name: moved.name, position: index + offset + 1 }),
            tone: 'info',
          }),
      },
    );
  };
  const onRemove = async (step: FunnelStep) => {
    const sure = await confirm({
      title: t('editor.removeConfirm', { name: step.name }),
      description: t('editor.removeConfirmBody'),
      confirmLabel: t('editor.remove', { name: step.name }),
      tone: 'danger',
    });
    if (sure) remove.mutate(step.id);
  };
  const onAdd = () => {
    const position = steps.reduce((max, step) => Math.max(max, step.position), -1) + 1;
    add.mutate({ type, name: typeName(type), position }, { onSuccess: (id) => onSelect(id) });
  };

  return (
    <section className={styles.stepsPanel} aria-labelledby="funnel-steps-title">
      <h2 id="funnel-steps-title">{t('editor.stepsTitle')}</h2>
      <p className={styles.muted}>{t('editor.stepsHint')}</p>
      {steps.length === 0 ? <p>{t('editor.noSteps')}</p> : null}
      <ol className={styles.stepList}>
        {steps.map((step, index) => {
          const selected = step.id === selectedId;
          const role =
            step.type === 'offer' && step.offerRole ? ` · ${t(`editor.offerRoles.${step.offerRole}`)}` : '';
          return (
            <li key={step.id} className={selected ? styles.stepSelected : styles.stepItem}>
              <button
                type="button"
                className={styles.stepButton}
                aria-current={selected ? 'step' : undefined}
                aria-label={t('editor.select', { name: step.name })}
                onClick={() => onSelect(step.id)}
              >
                <StepIcon type={step.type} />
                <span>
                  <span className={styles.stepName}>{step.name}</span>
                  <span className={styles.stepType}>
                    {typeName(step.type)}
                    {role}
                  </span>
                </span>
              </button>
              <div className={styles.rowButtons}>
                <IconButton
                  label={t('editor.moveUp', { name: step.name })}
                  icon={<ArrowUp aria-hidden />}
                  size="sm"
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                />
                <IconButton
                  label={t('editor.moveDown', { name: step.name })}
                  icon={<ArrowDown aria-hidden />}
                  size="sm"
                  disabled={index === steps.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                />
                <IconButton
                  label={t('editor.remove', { name: step.name })}
                  icon={<Trash2 aria-hidden />}
                  size="sm"
                  onClick={() => void onRemove(step)}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <div className={styles.addStep}>
        <NativeSelect
          label={t('editor.addType')}
          value={type}
          options={STEP_TYPES.map((value) => ({ value, label: typeName(value) }))}
          onChange={(event) => setType(event.target.value as StepType)}
        />
        <Button
          variant="secondary"
          onClick={onAdd}
          loading={add.isPending}
          disabled={steps.length >= MAX_STEPS}
        >
          {t('editor.add')}
        </Button>
      </div>
      {steps.length >= MAX_STEPS ? (
        <p className={styles.muted}>{t('editor.maxSteps', { max: MAX_STEPS })}</p>
      ) : null}
      <FormStatus error={add.error ?? remove.error ?? reorder.error} />
    </section>
  );
}
