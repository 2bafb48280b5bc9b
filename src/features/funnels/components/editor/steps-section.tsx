import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MediaSummary } from '@/lib/media/types';
import { blockMediaQueryOptions } from '../../api/get-block-media';
import type { FunnelEditorData } from '../../api/get-funnel';
import type { FunnelChoices } from '../../api/get-funnel-choices';
import { blockMediaIds } from '../../utils/blocks';
import styles from './funnel-editor.module.css';
import { PathMap } from './path-map';
import { StepForm } from './step-form';
import { StepList } from './step-list';

type StepsSectionProps = {
  data: FunnelEditorData;
  choices: FunnelChoices | undefined;
  selectedId: string | null;
  onSelect: (stepId: string) => void;
};

/** «Steg»: the steps in order and the map of the paths beside the chosen step's form. */
export function StepsSection({ data, choices, selectedId, onSelect }: StepsSectionProps) {
  const [version, setVersion] = useState(0);
  // What was just picked from the library, until the read knows it.
  const [picked, setPicked] = useState<Map<string, MediaSummary>>(() => new Map());
  const ids = blockMediaIds(
    data.steps.flatMap((step) => [step.content, ...step.variants.map((variant) => variant.content)]).flat(),
  );
  const stored = useQuery(blockMediaQueryOptions(data.id, ids)).data ?? [];
  const media = new Map([...stored.map((item) => [item.id, item] as const), ...picked]);
  const selected = data.steps.find((step) => step.id === selectedId) ?? data.steps[0] ?? null;

  return (
    <div className={styles.stepsLayout}>
      <div className={styles.side}>
        <StepList
          funnelId={data.id}
          organizationId={data.organizationId}
          steps={data.steps}
          selectedId={selected?.id ?? null}
          onSelect={onSelect}
        />
        <PathMap steps={data.steps} />
      </div>
      {selected ? (
        <StepForm
          key={`${selected.id}:${version}`}
          step={selected}
          steps={data.steps}
          organizationId={data.organizationId}
          choices={choices}
          media={media}
          onPicked={(item) => setPicked((previous) => new Map(previous).set(item.id, item))}
          onSaved={() => setVersion((previous) => previous + 1)}
        />
      ) : null}
    </div>
  );
}
