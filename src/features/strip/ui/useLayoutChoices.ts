import { useI18n } from '../../../i18n/I18nProvider';
import type { SettingGroup } from '../../../components/SettingSelect';
import { LAYOUTS } from '../layouts';
import { useSavedDesigns } from './useSavedDesigns';

/** Every layout one can choose: the built-ins, then the designs kept on this device (by their names). */
export function useLayoutChoices(): SettingGroup<string>[] {
  const { t } = useI18n();
  const saved = useSavedDesigns() ?? [];
  const builtins = { label: saved.length ? t('strip.builtinLayouts') : '', options: LAYOUTS.map((l) => ({ value: l.id, label: t(`strip.layouts.${l.id}`) })) };
  if (!saved.length) return [builtins];
  return [
    builtins,
    { label: t('strip.myDesigns'), options: saved.map((d) => ({ value: d.template.id, label: d.template.name.trim() || t('strip.untitledDesign') })) },
  ];
}
