import { LEAD_QUALITIES, LEAD_SOURCES } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField, TextAreaField, TextField } from '~/components/staff/fields';

/** The values a lead form shows (the stored lead, or what was posted when it came back with errors). */
export interface LeadFormValues {
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  email?: string | null;
  telegram?: string | null;
  source?: string | null;
  topic?: string | null;
  message?: string | null;
  quality?: string | null;
  budget?: number | string | null;
  propertyType?: string | null;
  propertyId?: string | null;
}

/** The form fields of CrmLeadDto in the formInput kinds the actions read (LEAD_FORM_FIELDS). */
export const LEAD_FORM_FIELDS = {
  firstName: 'text',
  lastName: 'optionalText',
  phone: 'optionalText',
  email: 'optionalText',
  telegram: 'optionalText',
  source: 'text',
  topic: 'text',
  message: 'optionalText',
  quality: 'text',
  budget: 'number',
  propertyType: 'optionalText',
  propertyId: 'optionalText',
} as const;

/** The fields of a lead (create and edit forms; issue 22, spec 02 §3 Lead), inside a StaffForm. */
export function LeadFields({ values, errors }: { values: LeadFormValues; errors: Record<string, string> }) {
  const { t } = useTranslation('crmLeads');
  const { t: tc } = useTranslation('crm');
  const v = (x: unknown) => (x === null || x === undefined ? '' : String(x));
  return (
    <div className="crm-lead-fields">
      <TextField
        name="firstName"
        label={t('fields.firstName')}
        defaultValue={v(values.firstName)}
        error={errors.firstName}
        required
        autoComplete="off"
      />
      <TextField
        name="lastName"
        label={t('fields.lastName')}
        defaultValue={v(values.lastName)}
        error={errors.lastName}
        autoComplete="off"
      />
      <TextField name="phone" type="tel" label={t('fields.phone')} defaultValue={v(values.phone)} error={errors.phone} autoComplete="off" />
      <TextField
        name="email"
        type="email"
        label={t('fields.email')}
        defaultValue={v(values.email)}
        error={errors.email}
        autoComplete="off"
      />
      <TextField
        name="telegram"
        label={t('fields.telegram')}
        defaultValue={v(values.telegram)}
        error={errors.telegram}
        autoComplete="off"
      />
      <SelectField
        name="source"
        label={t('fields.source')}
        defaultValue={v(values.source) || 'other'}
        error={errors.source}
        required
        options={LEAD_SOURCES.map((s) => ({ value: s, label: tc(`leadSource.${s}`) }))}
      />
      <TextField name="topic" label={t('fields.topic')} defaultValue={v(values.topic)} error={errors.topic} required />
      <SelectField
        name="quality"
        label={t('fields.quality')}
        defaultValue={v(values.quality) || 'warm'}
        error={errors.quality}
        required
        options={LEAD_QUALITIES.map((s) => ({ value: s, label: tc(`leadQuality.${s}`) }))}
      />
      <TextField name="budget" inputMode="decimal" label={t('fields.budget')} defaultValue={v(values.budget)} error={errors.budget} />
      <TextField name="propertyType" label={t('fields.propertyType')} defaultValue={v(values.propertyType)} error={errors.propertyType} />
      <TextField name="propertyId" label={t('fields.propertyId')} defaultValue={v(values.propertyId)} error={errors.propertyId} />
      <TextAreaField name="message" label={t('fields.message')} defaultValue={v(values.message)} error={errors.message} rows={4} />
    </div>
  );
}
