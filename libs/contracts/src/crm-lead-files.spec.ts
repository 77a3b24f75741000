import { describe, expect, it } from '@jest/globals';
import {
  LeadImportRow,
  headerKey,
  leadMappingProblem,
  mapLeadRow,
  parseBudget,
  phoneKey,
  suggestLeadMapping,
  LEAD_EXPORT_COLUMNS,
} from './crm-lead-files';
import { validateInput } from './validate-input';

describe('lead import mapping', () => {
  it('suggests fields from ru/en/kk/zh headers, each field once; the export headers map back', () => {
    expect(headerKey(' E-mail ')).toBe('email');
    expect(headerKey('Бюджет (₸)')).toBe('бюджет');
    expect(suggestLeadMapping(['Имя', 'Фамилия', 'Телефон', 'Почта', 'Тема', 'Комментарий', 'Телефон', 'Ответственный', 'x'])).toEqual([
      'firstName',
      'lastName',
      'phone',
      'email',
      'topic',
      'message',
      '',
      'ownerEmail',
      '',
    ]);
    expect(suggestLeadMapping([...LEAD_EXPORT_COLUMNS])).toEqual([
      '',
      'firstName',
      'lastName',
      'phone',
      'email',
      'telegram',
      'source',
      'topic',
      'message',
      'status',
      'quality',
      'budget',
      'ownerEmail',
      '',
    ]);
  });

  it('refuses a mapping of the wrong length, a field twice, or without phone and e-mail', () => {
    expect(leadMappingProblem(['phone', ''], 2)).toBeNull();
    expect(leadMappingProblem(['phone'], 2)).toBe('leadImport.mappingColumns');
    expect(leadMappingProblem(['email', 'email'], 2)).toBe('leadImport.mappingDuplicate');
    expect(leadMappingProblem(['firstName', ''], 2)).toBe('leadImport.mappingContact');
    expect(leadMappingProblem(['phone', 'hacker'], 2)).toBe('field.enum');
    expect(mapLeadRow(['firstName', '', 'phone'], [' Анна ', 'skip', ''])).toEqual({ firstName: 'Анна' });
  });

  it('normalizes phones and budgets', () => {
    expect(phoneKey('+7 (701) 123-45-67')).toBe('7011234567');
    expect(phoneKey('8 701 123 45 67')).toBe('7011234567');
    expect(parseBudget('1 200 000,50 ₸')).toBe(1200000.5);
    expect(parseBudget('12e5')).toBeNaN();
  });
});

describe('LeadImportRow', () => {
  const check = (values: Record<string, unknown>) => validateInput(LeadImportRow, values);

  it('needs a phone or an e-mail and checks values and lengths', async () => {
    expect(await check({ phone: '+7 701 123 45 67' })).toMatchObject({ ok: true });
    expect(await check({ email: 'A@Example.KZ', status: 'NEW', source: 'Referral' })).toMatchObject({
      ok: true,
      value: { email: 'a@example.kz', status: 'new', source: 'referral' },
    });
    expect(await check({ firstName: 'Анна' })).toEqual({ ok: false, errors: { phone: 'leadImport.contactRequired' } });
    expect(await check({ phone: '12', email: 'no', status: 'maybe', quality: 'x', budget: '-1', firstName: 'я'.repeat(51) })).toEqual({
      ok: false,
      errors: {
        phone: 'leadImport.phoneInvalid',
        email: 'leadImport.emailInvalid',
        status: 'field.enum',
        quality: 'field.enum',
        budget: 'lead.budgetPositive',
        firstName: 'field.tooLong',
      },
    });
  });
});
