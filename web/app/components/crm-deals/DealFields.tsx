import { DEAL_BOUNDS, DEAL_TYPES, OPEN_DEAL_STAGES, type DealStage, type DealType } from '@realty/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '~/components/staff/fields';

/** The values a deal form shows (as typed, or as stored). */
export interface DealFormValues {
  title: string;
  type: DealType;
  amount: string;
  probability: string;
  expectedClose: string;
  clientId: string;
  propertyId: string;
  stage?: DealStage;
}

export type RefOption = { value: string; label: string };

/**
 * The fields of a deal (DealCreateDto / DealUpdateDto; spec 02 §3 Deal): title, type, amount
 * (₸), probability (%; empty: the stage's default), expected close, client and listing; the
 * stage on creation only (afterwards it moves on the board).
 */
export function DealFields({
  values,
  errors,
  clients,
  properties,
  withStage,
}: {
  values: DealFormValues;
  errors: Record<string, string>;
  clients: RefOption[];
  properties: RefOption[];
  withStage: boolean;
}) {
  const { t } = useTranslation('crmDeals');
  const { t: tc } = useTranslation('crm');
  return (
    <>
      <TextField
        name="title"
        label={t('fields.title')}
        defaultValue={values.title}
        required
        minLength={DEAL_BOUNDS.title[0]}
        maxLength={DEAL_BOUNDS.title[1]}
        error={errors.title}
      />
      <SelectField
        name="type"
        label={t('fields.type')}
        defaultValue={values.type}
        required
        options={DEAL_TYPES.map((d) => ({ value: d, label: tc(`dealType.${d}`) }))}
        error={errors.type}
      />
      {withStage ? (
        <SelectField
          name="stage"
          label={t('fields.stage')}
          defaultValue={values.stage ?? 'new_lead'}
          options={OPEN_DEAL_STAGES.map((s) => ({ value: s, label: tc(`dealStage.${s}`) }))}
          error={errors.stage}
        />
      ) : null}
      <TextField name="amount" label={t('fields.amountTenge')} inputMode="decimal" defaultValue={values.amount} error={errors.amount} />
      <TextField
        name="probability"
        label={t('fields.probabilityPercent')}
        hint={t('probabilityHint')}
        inputMode="numeric"
        defaultValue={values.probability}
        error={errors.probability}
      />
      <TextField
        name="expectedClose"
        type="date"
        label={t('fields.expectedClose')}
        defaultValue={values.expectedClose}
        error={errors.expectedClose}
      />
      <SelectField
        name="clientId"
        label={t('fields.client')}
        emptyLabel={t('noClient')}
        defaultValue={values.clientId}
        options={clients}
        error={errors.clientId}
      />
      <SelectField
        name="propertyId"
        label={t('fields.property')}
        emptyLabel={t('noProperty')}
        defaultValue={values.propertyId}
        options={properties}
        error={errors.propertyId}
      />
    </>
  );
}

/** The form fields of a deal as formInput reads them. */
export const DEAL_FORM_FIELDS = {
  title: 'text',
  type: 'text',
  amount: 'number',
  probability: 'number',
  expectedClose: 'optionalText',
  clientId: 'optionalText',
  propertyId: 'optionalText',
} as const;
