import { CLIENT_BOUNDS, CLIENT_CONTACTS_MAX, CLIENT_TYPES, type ClientContactInput, type ClientType } from '@realty/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextAreaField, TextField } from '~/components/staff/fields';
import { useHydrated } from '~/lib/serving/use-hydrated';

/** The values a client form shows (as typed, or as stored). */
export interface ClientFormValues {
  type: ClientType;
  firstName: string;
  lastName: string;
  companyName: string;
  bin: string;
  phone: string;
  email: string;
  telegram: string;
  isVip: boolean;
  notes: string;
  contacts: ClientContactInput[];
}

export const EMPTY_CLIENT: ClientFormValues = {
  type: 'individual',
  firstName: '',
  lastName: '',
  companyName: '',
  bin: '',
  phone: '',
  email: '',
  telegram: '',
  isVip: false,
  notes: '',
  contacts: [],
};

/** Empty contact rows a page without JavaScript offers below the filled ones. */
export const SPARE_CONTACT_ROWS = 3;

/**
 * The fields of a client (ClientWriteDto; spec 02 §3 Client, issue 22 "Clients"): type,
 * names or company and BIN, phone, e-mail, Telegram, VIP, notes, and the contact persons as
 * rows `contacts.<i>.<field>`: with JavaScript rows are added and removed with buttons; without
 * it the filled rows and SPARE_CONTACT_ROWS empty ones are shown (blank rows are dropped).
 */
export function ClientFields({ values, errors }: { values: ClientFormValues; errors: Record<string, string> }) {
  const { t } = useTranslation('crmDeals');
  const { t: tc } = useTranslation('crm');
  const hydrated = useHydrated();
  const spare = hydrated ? 0 : SPARE_CONTACT_ROWS;
  const [rows, setRows] = useState(() =>
    [...values.contacts, ...Array.from({ length: values.contacts.length ? 0 : 1 }, (): ClientContactInput => ({ name: '' }))].map(
      (c, i) => ({
        key: i,
        c,
      }),
    ),
  );
  const [next, setNext] = useState(rows.length);
  const shown = [
    ...rows,
    ...Array.from({ length: Math.min(spare, CLIENT_CONTACTS_MAX - rows.length) }, (_, i) => ({
      key: -1 - i,
      c: { name: '' } as ClientContactInput,
    })),
  ];
  return (
    <>
      <SelectField
        name="type"
        label={t('client.type')}
        defaultValue={values.type}
        options={CLIENT_TYPES.map((c) => ({ value: c, label: tc(`clientType.${c}`) }))}
        error={errors.type}
      />
      <TextField
        name="firstName"
        label={t('client.firstName')}
        hint={t('client.individualHint')}
        defaultValue={values.firstName}
        maxLength={CLIENT_BOUNDS.name}
        error={errors.firstName}
      />
      <TextField
        name="lastName"
        label={t('client.lastName')}
        defaultValue={values.lastName}
        maxLength={CLIENT_BOUNDS.name}
        error={errors.lastName}
      />
      <TextField
        name="companyName"
        label={t('client.companyName')}
        hint={t('client.corporateHint')}
        defaultValue={values.companyName}
        maxLength={CLIENT_BOUNDS.companyName}
        error={errors.companyName}
      />
      <TextField
        name="bin"
        label={t('client.bin')}
        hint={t('client.binHint')}
        inputMode="numeric"
        maxLength={12}
        defaultValue={values.bin}
        error={errors.bin}
      />
      <TextField name="phone" type="tel" label={t('client.phone')} defaultValue={values.phone} error={errors.phone} />
      <TextField name="email" type="email" label={t('client.email')} defaultValue={values.email} error={errors.email} />
      <TextField name="telegram" label={t('client.telegram')} defaultValue={values.telegram} error={errors.telegram} />
      <div className="form-field">
        <label>
          <input type="checkbox" name="isVip" value="true" defaultChecked={values.isVip} /> {t('client.vip')}
        </label>
      </div>
      <TextAreaField
        name="notes"
        label={t('client.notes')}
        defaultValue={values.notes}
        maxLength={CLIENT_BOUNDS.notes}
        rows={4}
        error={errors.notes}
      />
      <fieldset className="crm-contacts" aria-describedby={errors.contacts ? 'field-contacts-error' : undefined}>
        <legend id="field-contacts">{t('client.contacts')}</legend>
        {errors.contacts ? (
          <p id="field-contacts-error" className="field-error">
            {errors.contacts}
          </p>
        ) : null}
        {shown.map((row, i) => (
          <div key={row.key} className="crm-contacts__row" data-contact-row={i}>
            {(['name', 'position', 'phone', 'email'] as const).map((f) => (
              <div key={f} className="form-field">
                <label htmlFor={`contact-${row.key}-${f}`}>{t(`client.contact.${f}`, { n: i + 1 })}</label>
                <input
                  id={`contact-${row.key}-${f}`}
                  name={`contacts.${i}.${f}`}
                  type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
                  defaultValue={row.c[f] ?? ''}
                  maxLength={f === 'name' ? CLIENT_BOUNDS.contactName : f === 'position' ? CLIENT_BOUNDS.contactPosition : undefined}
                />
              </div>
            ))}
            {hydrated ? (
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => setRows((r) => r.filter((x) => x.key !== row.key))}
              >
                {t('client.removeContact', { n: i + 1 })}
              </button>
            ) : null}
          </div>
        ))}
        {hydrated && rows.length < CLIENT_CONTACTS_MAX ? (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => {
              setRows((r) => [...r, { key: next, c: { name: '' } as ClientContactInput }]);
              setNext((n) => n + 1);
            }}
          >
            {t('client.addContact')}
          </button>
        ) : null}
      </fieldset>
    </>
  );
}

/** The client DTO input of a posted client form: the text fields, isVip, and the contact rows in order. */
export function clientInput(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  const contacts: Array<Record<string, string>> = [];
  for (let i = 0; i < CLIENT_CONTACTS_MAX + SPARE_CONTACT_ROWS; i++) {
    if (!['name', 'position', 'phone', 'email'].some((f) => form.has(`contacts.${i}.${f}`))) continue;
    contacts.push({
      name: text(`contacts.${i}.name`),
      position: text(`contacts.${i}.position`),
      phone: text(`contacts.${i}.phone`),
      email: text(`contacts.${i}.email`),
    });
  }
  return {
    type: text('type'),
    firstName: text('firstName'),
    lastName: text('lastName'),
    companyName: text('companyName'),
    bin: text('bin'),
    phone: text('phone'),
    email: text('email'),
    telegram: text('telegram'),
    isVip: ['true', 'on'].includes(text('isVip')),
    notes: text('notes'),
    contacts,
  };
}

/** The posted form as values to render again after a refusal. */
export function clientValues(input: Record<string, unknown>): ClientFormValues {
  return {
    ...(input as unknown as ClientFormValues),
    contacts: (input.contacts as ClientContactInput[]).filter((c) => Object.values(c).some((v) => v)),
  };
}
