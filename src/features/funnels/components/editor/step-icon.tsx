import { CircleCheck, FileText, Gift, Mail, ShoppingCart } from 'lucide-react';
import type { StepType } from '../../utils/steps';

const ICONS = { optin: Mail, sales: FileText, checkout: ShoppingCart, offer: Gift, thankyou: CircleCheck };

/** A step type's icon; decorative, the type is always also said in words. */
export function StepIcon({ type }: { type: StepType }) {
  const Icon = ICONS[type];
  return <Icon aria-hidden size={18} />;
}
