import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '~/lib/serving/use-hydrated';
import { ShareIcon } from './Icons';

/**
 * Share (spec 01 §2): the device share sheet when there is one, else the link is copied and
 * 'Ссылка скопирована' (or 'Не удалось скопировать ссылку') is announced. Without JavaScript
 * it is a plain link to the page's address.
 */
export function ShareButton({ url, title, className = 'btn btn-secondary' }: { url: string; title: string; className?: string }) {
  const { t } = useTranslation('catalog');
  const hydrated = useHydrated();
  const [notice, setNotice] = useState<'copied' | 'failed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (n: 'copied' | 'failed') => {
    setNotice(n);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setNotice(null), 4000);
  };

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (e) {
        // The visitor closed the share sheet: nothing to say.
        if ((e as { name?: string })?.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      show('copied');
    } catch {
      show('failed');
    }
  };

  return (
    <span className="share">
      {hydrated ? (
        <button type="button" className={className} onClick={() => void share()}>
          <ShareIcon />
          <span>{t('property.share')}</span>
        </button>
      ) : (
        <a href={url} className={className}>
          <ShareIcon />
          <span>{t('property.share')}</span>
        </a>
      )}
      <span
        className={`share__notice${notice ? ' share__notice--visible' : ''}${notice === 'failed' ? ' share__notice--error' : ''}`}
        role="status"
        aria-live="polite"
      >
        {notice === 'copied' ? t('property.copied') : notice === 'failed' ? t('property.copyFailed') : ''}
      </span>
    </span>
  );
}
