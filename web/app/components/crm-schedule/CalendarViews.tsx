import { Link } from '@remix-run/react';
import type { CalendarItemDto, CalendarView, Language } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { calendarHref, sameMonth } from '~/lib/crm-schedule/calendar-grid';
import { formatLongDay, formatShortDay, formatTime, formatWeekday } from '~/lib/crm-schedule/schedule-format';

/** One item of a day: its time (or "all day") and title, linking to its task, viewing or event page. */
function Item({ item, lang }: { item: CalendarItemDto; lang: Language }) {
  const { t } = useTranslation('crmSchedule');
  const { t: tc } = useTranslation('crm');
  const status =
    item.kind === 'task'
      ? tc(`taskStatus.${item.status}`, { defaultValue: item.status })
      : item.kind === 'viewing'
        ? tc(`viewingStatus.${item.status}`, { defaultValue: item.status })
        : t(`calendar.eventStatus.${item.status}`, { defaultValue: item.status });
  return (
    <li className={`calendar-item calendar-item--${item.kind} calendar-item--${item.status}`} data-kind={item.kind} data-id={item.id}>
      <Link to={item.link} title={status}>
        <span className="sr-only">{t(`calendar.kinds.${item.kind}`)}: </span>
        {item.allDay ? t('calendar.allDay') : <time dateTime={item.start}>{formatTime(item.start, lang)}</time>} {item.title}
        {item.status === 'overdue' || item.status === 'cancelled' ? <span className="sr-only"> ({status})</span> : null}
      </Link>
    </li>
  );
}

function DayItems({ items, lang }: { items: CalendarItemDto[]; lang: Language }) {
  if (!items.length) return null;
  return (
    <ul className="calendar-items">
      {items.map((i) => (
        <Item key={`${i.kind}-${i.id}`} item={i} lang={lang} />
      ))}
    </ul>
  );
}

/**
 * The month and week grids (plain tables: a column per weekday, a row per week) and the day
 * agenda (a list) of the calendar (issue 22 "Calendar"). Day numbers link to the day view.
 */
export function CalendarGrid({
  view,
  date,
  today,
  days,
  byDay,
  lang,
  path,
  keep,
}: {
  view: CalendarView;
  date: string;
  today: string;
  days: string[];
  byDay: Record<string, CalendarItemDto[]>;
  lang: Language;
  path: string;
  keep: Record<string, string | undefined>;
}) {
  const { t } = useTranslation('crmSchedule');
  if (view === 'day') {
    const items = byDay[date] ?? [];
    return (
      <section aria-labelledby="calendar-day-title">
        <h2 id="calendar-day-title" className="sr-only">
          {t('calendar.itemsOfDay', { date: formatLongDay(date, lang) })}
        </h2>
        {items.length ? (
          <ul className="calendar-agenda calendar-items">
            {items.map((i) => (
              <Item key={`${i.kind}-${i.id}`} item={i} lang={lang} />
            ))}
          </ul>
        ) : (
          <p role="status">{t('calendar.noItems')}</p>
        )}
      </section>
    );
  }
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return (
    <table className={`calendar-grid calendar-grid--${view}`}>
      <caption className="sr-only">{t(`calendar.views.${view}`)}</caption>
      <thead>
        <tr>
          {weeks[0].map((d) => (
            <th key={d} scope="col">
              <abbr title={formatWeekday(d, lang, 'long')}>{formatWeekday(d, lang)}</abbr>
              {view === 'week' ? <> {formatShortDay(d, lang)}</> : null}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((d) => {
              const cls = [view === 'month' && !sameMonth(d, date) ? 'calendar-day--other' : '', d === today ? 'calendar-day--today' : '']
                .filter(Boolean)
                .join(' ');
              return (
                <td key={d} className={cls || undefined} data-day={d}>
                  <Link
                    to={calendarHref(path, 'day', d, keep)}
                    className="calendar-day__num"
                    aria-label={t('calendar.itemsOfDay', { date: formatLongDay(d, lang) })}
                    aria-current={d === today ? 'date' : undefined}
                  >
                    {Number(d.slice(8, 10))}
                  </Link>
                  <DayItems items={byDay[d] ?? []} lang={lang} />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
