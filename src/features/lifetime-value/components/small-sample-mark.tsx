import { TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/badge';

/**
 * «Få kunder – usikkert tall»: a word and an icon, never the colour alone. Where room is short (the
 * heat map's month column on a phone) `short` is shown and screen readers still hear the whole label.
 */
export function SmallSampleMark({ label, short }: { label: string; short?: string }) {
  return (
    <Badge tone="warning" icon={<TriangleAlert size={14} />}>
      {short ? (
        <>
          <span aria-hidden="true">{short}</span>
          <span className="visually-hidden">{label}</span>
        </>
      ) : (
        label
      )}
    </Badge>
  );
}
