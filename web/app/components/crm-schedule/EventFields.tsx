import { CALENDAR_EVENT_STATUSES, CALENDAR_EVENT_TYPES, almatyLocalInput, type CalendarEventDto } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField, TextAreaField, TextField } from '~/components/staff/fields';

/** What the event form shows: the event, or what was posted when the save failed. */
export interface EventFormValues {
  title: string;
  description: string;
  type: string;
  status: string;
  startsAt: string;
  endsAt: string;
  allDay: boolean;
  ownerId: string;
  leadId: string;
  clientId: string;
  dealId: string;
}

export function eventFormValues(e: CalendarEventDto | null, fallback: Partial<EventFormValues> = {}): EventFormValues {
  return {
    title: e?.title ?? '',
    description: e?.description ?? '',
    type: e?.type ?? 'meeting',
    status: e?.status ?? 'planned',
    startsAt: e ? almatyLocalInput(e.startsAt) : '',
    endsAt: e ? almatyLocalInput(e.endsAt) : '',
    allDay: e?.allDay ?? false,
    ownerId: e?.owner?.id ?? '',
    leadId: e?.leadId ?? '',
    clientId: e?.clientId ?? '',
    dealId: e?.dealId ?? '',
    ...fallback,
  };
}

/** The posted event form as CalendarEventWriteDto's input and the values to show again. */
export function eventInput(form: FormData): { input: Record<string, unknown>; values: EventFormValues } {
  const s = (k: string) => {
    const v = form.get(k);
    return typeof v === 'string' ? v : '';
  };
  const values: EventFormValues = {
    title: s('title'),
    description: s('description'),
    type: s('type'),
    status: s('status'),
    startsAt: s('startsAt'),
    endsAt: s('endsAt'),
    allDay: ['on', 'true'].includes(s('allDay')),
    ownerId: s('ownerId'),
    leadId: s('leadId'),
    clientId: s('clientId'),
    dealId: s('dealId'),
  };
  const input = {
    title: values.title,
    description: values.description || null,
    type: values.type || undefined,
    status: values.status || undefined,
    startsAt: values.startsAt,
    endsAt: values.endsAt,
    allDay: values.allDay,
    ownerId: values.ownerId || null,
    leadId: values.leadId || null,
    clientId: values.clientId || null,
    dealId: values.dealId || null,
  };
  return { input, values };
}

/** The fields of a calendar event (issue 22 "Calendar"; CalendarEventWriteDto). */
export function EventFields({
  values,
  errors,
  staff,
  editing,
}: {
  values: EventFormValues;
  errors: Record<string, string>;
  staff: Array<{ id: string; name: string }>;
  editing: boolean;
}) {
  const { t } = useTranslation('crmSchedule');
  return (
    <>
      <TextField
        name="title"
        label={t('calendar.event.fields.title')}
        defaultValue={values.title}
        maxLength={200}
        required
        error={errors.title}
      />
      <TextAreaField
        name="description"
        label={t('calendar.event.fields.description')}
        defaultValue={values.description}
        rows={3}
        maxLength={5000}
        error={errors.description}
      />
      <div className="schedule-row">
        <SelectField
          name="type"
          label={t('calendar.event.fields.type')}
          defaultValue={values.type}
          options={CALENDAR_EVENT_TYPES.map((v) => ({ value: v, label: t(`calendar.eventType.${v}`) }))}
          error={errors.type}
        />
        {editing ? (
          <SelectField
            name="status"
            label={t('calendar.event.fields.status')}
            defaultValue={values.status}
            options={CALENDAR_EVENT_STATUSES.map((v) => ({ value: v, label: t(`calendar.eventStatus.${v}`) }))}
            error={errors.status}
          />
        ) : null}
        {staff.length ? (
          <SelectField
            name="ownerId"
            label={t('calendar.event.fields.ownerId')}
            defaultValue={values.ownerId}
            options={staff.map((s) => ({ value: s.id, label: s.name }))}
            error={errors.ownerId}
          />
        ) : null}
      </div>
      <div className="schedule-row">
        <TextField
          name="startsAt"
          type="datetime-local"
          label={t('calendar.event.fields.startsAt')}
          defaultValue={values.startsAt}
          required
          error={errors.startsAt}
        />
        <TextField
          name="endsAt"
          type="datetime-local"
          label={t('calendar.event.fields.endsAt')}
          defaultValue={values.endsAt}
          required
          error={errors.endsAt}
        />
      </div>
      <div className="form-field">
        <label>
          <input type="checkbox" name="allDay" value="true" defaultChecked={values.allDay} /> {t('calendar.event.fields.allDay')}
        </label>
      </div>
      {(['leadId', 'clientId', 'dealId'] as const).map((k) =>
        values[k] ? <input key={k} type="hidden" name={k} value={values[k]} /> : null,
      )}
    </>
  );
}
