import { useTranslation } from 'react-i18next';
import { pathTree, type FunnelStep, type PathLoop, type PathNode } from '../../utils/steps';
import styles from './funnel-editor.module.css';
import { StepIcon } from './step-icon';

/**
 * The map of the paths from the first step: a chain of steps top to bottom, an offer branching into
 * «Ja» and «Nei». Plain nested lists, so a screen reader hears the same diagram
 * («Tilbud → Ja: Takk, Nei: Nedsalg»); a loop is named, not followed; a path that stops before a
 * thank-you page is marked «Slutt».
 */
export function PathMap({ steps }: { steps: readonly FunnelStep[] }) {
  const { t } = useTranslation('funnels');
  const tree = pathTree(steps);
  const reached = new Set<string>();
  const collect = (node: PathNode | PathLoop | null) => {
    if (!node || 'loopTo' in node) return;
    reached.add(node.step.id);
    collect(node.next);
    collect(node.decline);
  };
  collect(tree);
  const unreached = steps.filter((step) => !reached.has(step.id));

  const label = (step: FunnelStep) => (
    <span className={step.type === 'thankyou' ? styles.mapEnd : styles.mapNode}>
      <StepIcon type={step.type} />
      {step.name} <span className={styles.stepType}>({t(`editor.stepTypes.${step.type}`)})</span>
    </span>
  );

  /** A chain as list items: each step, then the one it leads to, until an offer branches or the path ends. */
  const chain = (node: PathNode | PathLoop | null): React.ReactNode[] => {
    if (!node) return [];
    if ('loopTo' in node)
      return [
        <li key={`loop-${node.loopTo.id}`} className={styles.mapLoop}>
          {t('editor.map.loop', { name: node.loopTo.name })}
        </li>,
      ];
    const { step } = node;
    const deadEnd = step.type !== 'thankyou' && !node.next;
    if (step.type === 'offer') {
      return [
        <li key={step.id}>
          {label(step)}
          <ul className={styles.mapBranches}>
            {(['next', 'decline'] as const).map((exit) => (
              <li key={exit}>
                <span className={styles.mapExit}>
                  {t(exit === 'next' ? 'editor.map.accept' : 'editor.map.decline')}:
                </span>
                {node[exit] ? (
                  <ol className={styles.mapChain}>{chain(node[exit])}</ol>
                ) : (
                  <span className={styles.mapDead}> {t('editor.map.end')}</span>
                )}
              </li>
            ))}
          </ul>
        </li>,
      ];
    }
    return [
      <li key={step.id}>
        {label(step)}
        {deadEnd ? <span className={styles.mapDead}> → {t('editor.map.end')}</span> : null}
      </li>,
      ...chain(node.next),
    ];
  };

  return (
    <section className={styles.map} aria-labelledby="funnel-map-title">
      <h2 id="funnel-map-title">{t('editor.map.title')}</h2>
      <p className={styles.muted}>{t('editor.map.hint')}</p>
      {tree ? <ol className={styles.mapChain}>{chain(tree)}</ol> : <p>{t('editor.noSteps')}</p>}
      {unreached.length ? (
        <p className={styles.mapDead}>
          {t('editor.map.unreached', { names: unreached.map((step) => step.name).join(', ') })}
        </p>
      ) : null}
    </section>
  );
}
