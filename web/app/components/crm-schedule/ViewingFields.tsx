import { VIEWING_DURATION, almatyLocalInput, type ViewingDto, type ViewingOptionsDto } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField, TextAreaField, TextField } from '~/components/staff/fields';

/** What the booking form shows: the viewing, or what was posted when the save failed. */
export interface ViewingFormValues {
  propertyId: string;
  clientId: string;
  agentId: string;
  date: string;
  time: string;
  durationMinutes: string;
  notes: string;
  leadId: string;
  dealId: string;
}

export function viewingFormValues(v: ViewingDto | null, fallback: Partial<ViewingFormValues> = {}): ViewingFormValues {
  const local = v ? almatyLocalInput(v.startsAt) : '';
  return {
    propertyId: v?.property.id ?? '',
    clientId: v?.clientId ?? '',
    agentId: v?.agent.id ?? '',
    date: local.slice(0, 10),
    time: local.slice(11, 16),
    durationMinutes: String(v?.durationMinutes ?? VIEWING_DURATION.default),
    notes: v?.notes ?? '',
    leadId: v?.leadId ?? '',
    dealId: v?.dealId ?? '',
    ...fallback,
  };
}

/** The posted booking as ViewingWriteDto's input: date + time -> startsAt (Almaty time). */
export function viewingInput(form: FormData): { input: Record<string, unknown>; values: ViewingFormValues } {
  const s = (k: string) => {
    const v = form.get(k);
    return typeof v === 'string' ? v.trim() : '';
  };
  const values: ViewingFormValues = {
    propertyId: s('propertyId'),
    clientId: s('clientId'),
    agentId: s('agentId'),
    date: s('date'),
    time: s('time'),
    durationMinutes: s('durationMinutes'),
    notes: s('notes'),
    leadId: s('leadId'),
    dealId: s('dealId'),
  };
  const input = {
    propertyId: values.propertyId,
    clientId: values.clientId || null,
    leadId: values.leadId || null,
    dealId: values.dealId || null,
    agentId: values.agentId || null,
    startsAt: values.date && values.time ? `${values.date}T${values.time}` : '',
    durationMinutes: values.durationMinutes,
    notes: values.notes || null,
  };
  return { input, values };
}

/**
 * The booking form's fields (issue 22 "Viewings"): listing (a select of the latest active
 * listings, or of a title search), client, agent (supervisors), date and time (Almaty),
 * duration (15-480 minutes), notes. A double booking's message shows under the time.
 */
export function ViewingFields({
  values,
  errors,
  options,
  supervisor,
}: {
  values: ViewingFormValues;
  errors: Record<string, string>;
  options: ViewingOptionsDto;
  supervisor: boolean;
}) {
  const { t } = useTranslation('crmSchedule');
  const properties =
    options.properties.some((p) => p.id === values.propertyId) || !values.propertyId
      ? options.properties
      : [{ id: values.propertyId, title: values.propertyId, address: '' }, ...options.properties];
  const timeError = errors.time || errors.startsAt;
  return (
    <>
      <SelectField
        name="propertyId"
        label={t('viewings.fields.propertyId')}
        defaultValue={values.propertyId}
        emptyLabel={t('viewings.fields.choose')}
        required
        options={properties.map((p) => ({ value: p.id, label: p.address ? `${p.title} — ${p.address}` : p.title }))}
        error={errors.propertyId}
      />
      <div className="schedule-row">
        <SelectField
          name="clientId"
          label={t('viewings.fields.clientId')}
          defaultValue={values.clientId}
          emptyLabel={t('viewings.fields.noClient')}
          options={options.clients.map((c) => ({ value: c.id, label: c.name }))}
          error={errors.clientId}
        />
        {supervisor ? (
          <SelectField
            name="agentId"
            label={t('viewings.fields.agentId')}
            defaultValue={values.agentId}
            options={options.agents.map((a) => ({ value: a.id, label: a.name }))}
            error={errors.agentId}
          />
        ) : null}
      </div>
      <div className="schedule-row">
        <TextField
          name="date"
          type="date"
          label={t('viewings.fields.date')}
          defaultValue={values.date}
          required
          error={errors.date || (timeError && !values.date ? timeError : undefined)}
        />
        <TextField name="time" type="time" label={t('viewings.fields.time')} defaultValue={values.time} required error={timeError} />
        <TextField
          name="durationMinutes"
          type="number"
          min={VIEWING_DURATION.min}
          max={VIEWING_DURATION.max}
          step={15}
          label={t('viewings.fields.durationMinutes')}
          defaultValue={values.durationMinutes}
          error={errors.durationMinutes}
        />
      </div>
      <TextAreaField
        name="notes"
        label={t('viewings.fields.notes')}
        defaultValue={values.notes}
        rows={3}
        maxLength={5000}
        error={errors.notes}
      />
      {values.leadId ? <input type="hidden" name="leadId" value={values.leadId} /> : null}
      {values.dealId ? <input type="hidden" name="dealId" value={values.dealId} /> : null}
    </>
  );
}
