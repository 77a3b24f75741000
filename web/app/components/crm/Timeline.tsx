import type { ActivityDto, Language } from '@realty/contracts';
import { formatDateTime } from '@realty/i18n/format';
import { useTranslation } from 'react-i18next';

/** The `from -> to` of a status or stage change, in labels; null for other entries. */
function change(a: ActivityDto, t: (key: string, o?: Record<string, unknown>) => string): string | null {
  const { from, to } = a.data as { from?: string; to?: string };
  if (!to) return null;
  const group = a.type === 'stage_change' ? 'dealStage' : a.type === 'status_change' ? 'leadStatus' : null;
  if (!group) return null;
  const label = (v: string | undefined) => (v ? t(`${group}.${v}`, { defaultValue: v }) : '—');
  return t('changedFromTo', { from: label(from), to: label(to) });
}

/**
 * The one timeline of a lead, client or deal (issue 22 "Activities"): newest first, each entry
 * with its kind, who did it (or "System") and when, the change it made and its text. A plain
 * ordered list: readable without JavaScript and by screen readers.
 */
export function Timeline({ activities, lang, headingId }: { activities: ActivityDto[]; lang: Language; headingId?: string }) {
  const { t } = useTranslation('crm');
  return (
    <section className="crm-timeline" aria-labelledby={headingId ?? 'crm-timeline-title'}>
      <h2 id={headingId ?? 'crm-timeline-title'}>{t('timeline')}</h2>
      {activities.length === 0 ? (
        <p className="crm-timeline__empty">{t('timelineEmpty')}</p>
      ) : (
        <ol className="crm-timeline__list">
          {activities.map((a) => {
            const moved = change(a, t);
            return (
              <li key={a.id} className={`crm-timeline__item crm-timeline__item--${a.type}`}>
                <p className="crm-timeline__head">
                  <strong>{t(`activityType.${a.type}`)}</strong> · {a.actor?.name || t('system')} ·{' '}
                  <time dateTime={a.createdAt}>{formatDateTime(a.createdAt, lang)}</time>
                </p>
                {moved ? <p className="crm-timeline__change">{moved}</p> : null}
                {a.body ? <p className="crm-timeline__body">{a.body}</p> : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
