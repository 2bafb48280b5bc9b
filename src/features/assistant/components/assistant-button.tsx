import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { isAssistantEnabled, setAssistantOpen, useAssistantOpen } from '../hooks/use-assistant-open';

export function AssistantButton() {
  const { t } = useTranslation();
  const open = useAssistantOpen();
  if (!isAssistantEnabled()) return null;
  return (
    <Button
      variant="ghost"
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={() => setAssistantOpen(true)}
    >
      {t('help')} <kbd aria-hidden="true">?</kbd>
    </Button>
  );
}
