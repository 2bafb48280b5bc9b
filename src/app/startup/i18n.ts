import { initI18n } from '@/lib/i18n';

export async function startI18n() {
  await initI18n();
}
