import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { useI18n } from '../i18n/I18nProvider';
import { LANGUAGES, type Lang } from '../i18n/languages';
import { switchLangPath } from '../i18n/paths';
import { saveLang } from '../i18n/storage';

/**
 * Dropdown of the nine languages. Opens and closes on click, closes after a choice, on Escape and
 * on an outside click; arrow keys, Home/End and Enter work as in a native select.
 */
export function LanguageSwitcher() {
  const { lang, t } = useI18n();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(() => LANGUAGES.findIndex((l) => l.code === lang));
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  const current = LANGUAGES.find((l) => l.code === lang) ?? LANGUAGES[0];

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    list.current?.focus();
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const openList = () => {
    setActive(LANGUAGES.findIndex((l) => l.code === lang));
    setOpen(true);
  };

  const choose = (code: Lang) => {
    setOpen(false);
    saveLang(code);
    button.current?.focus();
    if (code === lang) return;
    const { pathname, search, hash } = window.location;
    navigate(`${switchLangPath(pathname, code)}${search}${hash}`);
  };

  const onListKey = (e: KeyboardEvent) => {
    const last = LANGUAGES.length - 1;
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: last };
    if (e.key in moves) {
      e.preventDefault();
      setActive(Math.max(0, Math.min(last, moves[e.key] ?? 0)));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const pick = LANGUAGES[active];
      if (pick) choose(pick.code);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="lang-switcher" ref={root}>
      <button
        ref={button}
        type="button"
        className="lang-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-label={`${t('lang.label')}: ${current.name}`}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={(e) => {
          if (!open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
            e.preventDefault();
            openList();
          }
        }}
      >
        {/* A drawn globe, not the flag emoji: many systems (Windows, minimal Linux) lack flag glyphs. */}
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
        </svg>
        <span className="lang-name">{current.name}</span>
        <span aria-hidden="true" className="caret">▾</span>
      </button>
      {open && (
        <ul
          ref={list}
          id={`${id}-list`}
          role="listbox"
          tabIndex={-1}
          aria-label={t('lang.label')}
          aria-activedescendant={`${id}-${active}`}
          className="lang-list"
          onKeyDown={onListKey}
        >
          {LANGUAGES.map((l, i) => (
            <li
              key={l.code}
              id={`${id}-${i}`}
              role="option"
              lang={l.code}
              aria-selected={l.code === lang}
              data-active={i === active || undefined}
              onClick={() => choose(l.code)}
              onPointerMove={() => setActive(i)}
            >
              <span className="lang-code" aria-hidden="true">
                {l.code.toUpperCase()}
              </span>{' '}
              {l.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
