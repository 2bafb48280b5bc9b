import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { SkeletonText } from '@/components/skeleton';
import { helpQueryOptions } from '../api/get-help';
import { setAssistantOpen, useAssistantOpen } from '../hooks/use-assistant-open';
import { helpTopicFor } from '../utils/help-topics';

/** The in-app assistant: help for the screen you are on, with general tips below. */
export function AssistantPanel({ routeName }: { routeName: string | undefined }) {
  const open = useAssistantOpen();
  const { t, i18n } = useTranslation();
  const help = useQuery({ ...helpQueryOptions(i18n.language), enabled: open });
  const topic = helpTopicFor(routeName);
  const article = help.data?.[topic];
  const general = help.data?.general;

  return (
    <Dialog open={open} onOpenChange={setAssistantOpen} title={article?.title ?? t('help')}>
      {article && general ? (
        <div data-testid="assistant-content">
          <p>{article.intro}</p>
          <ul>
            {article.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
          {topic !== 'general' && (
            <>
              <h3>{t('helpGeneral')}</h3>
              <ul>
                {general.tips.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : (
        <SkeletonText lines={4} />
      )}
    </Dialog>
  );
}
