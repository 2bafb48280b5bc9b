import { TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/badge';

/** «Få kunder – usikkert tall»: a word and an icon, never the colour alone. */
export function SmallSampleMark({ label }: { label: string }) {
  return (
    <Badge tone="warning" icon={<TriangleAlert size={14} />}>
      {label}
    </Badge>
  );
}
