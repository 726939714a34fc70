import { useI18n } from '../../i18n/I18nProvider';

/** Lists of paragraphs or bullet points stored as string arrays in the i18n files. */
export function useTextList(key: string): string[] {
  const { raw } = useI18n();
  const value = raw<unknown>(key);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function Paragraphs({ k }: { k: string }) {
  const items = useTextList(k);
  return (
    <>
      {items.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </>
  );
}

export function Bullets({ k, className }: { k: string; className?: string }) {
  const items = useTextList(k);
  return (
    <ul className={className}>
      {items.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}
