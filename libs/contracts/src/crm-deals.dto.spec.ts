import { ClientWriteDto, isValidBin } from './crm-clients.dto';
import { DealCloseDto, DealCreateDto, DealMoveDto, DealUpdateDto } from './crm-deals.dto';
import { validateInput } from './validate-input';

/** The shared DTOs of CRM clients and deals (issue 22), as the pages and the API judge them. */
describe('CRM client and deal DTOs', () => {
  it('BIN: 12 digits with the Kazakh check digit (second weights when the first sum is 10)', () => {
    // 11 digits whose first-weights sum mod 11 is 10 need the second weights
    const find = (second: boolean) => {
      for (let n = 10_000_000_000; n < 10_000_100_000; n++) {
        const d = String(n).split('').map(Number);
        const s1 = d.reduce((s, x, i) => s + x * (i + 1), 0) % 11;
        if ((s1 === 10) !== second) continue;
        const s2 = d.reduce((s, x, i) => s + x * [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2][i], 0) % 11;
        const check = s1 === 10 ? s2 : s1;
        if (check !== 10) return `${n}${check}`;
      }
      throw new Error('none');
    };
    for (const bin of [find(false), find(true)]) {
      expect(isValidBin(bin)).toBe(true);
      expect(isValidBin(bin.slice(0, 11) + String((Number(bin[11]) + 1) % 10))).toBe(false);
    }
    expect(isValidBin('12345678901')).toBe(false);
    expect(isValidBin('12345678901a')).toBe(false);
  });

  it('client: names required for an individual, the company for a corporate client; blank contact rows dropped', async () => {
    const individual = await validateInput(ClientWriteDto, { type: 'individual', firstName: ' ', lastName: '' });
    expect(individual).toEqual({ ok: false, errors: { firstName: 'crm.firstNameRequired', lastName: 'crm.lastNameRequired' } });
    const corporate = await validateInput(ClientWriteDto, {
      type: 'corporate',
      companyName: ' ТОО Ромашка ',
      isVip: 'on',
      email: 'A@B.KZ',
      contacts: [
        { name: 'Айгуль', phone: '' },
        { name: '', position: '', phone: '', email: '' },
      ],
    });
    expect(corporate.ok && corporate.value).toMatchObject({
      companyName: 'ТОО Ромашка',
      isVip: true,
      email: 'a@b.kz',
      bin: null,
      contacts: [{ name: 'Айгуль', phone: '' }],
    });
    const badContact = await validateInput(ClientWriteDto, { type: 'corporate', companyName: 'ТОО', contacts: [{ position: 'CEO' }] });
    expect(badContact).toEqual({ ok: false, errors: { contacts: 'crm.contactName' } });
  });

  it('deal: title, type, amount, probability, date; move to an index; close lost needs a reason', async () => {
    expect(
      await validateInput(DealCreateDto, { title: 'X', type: 'lease', amount: -1, probability: 101, expectedClose: '31.12.2026' }),
    ).toEqual({
      ok: false,
      errors: {
        title: 'crm.dealTitle',
        type: 'field.enum',
        amount: 'field.min0',
        probability: 'crm.probability',
        expectedClose: 'field.date',
      },
    });
    const created = await validateInput(DealCreateDto, { title: 'Аренда', type: 'RENT', amount: '1500000', clientId: '' });
    expect(created.ok && created.value).toMatchObject({ type: 'rent', amount: 1_500_000, clientId: null });
    const patch = await validateInput(DealUpdateDto, { probability: null });
    expect(patch.ok && patch.value.probability).toBeNull();
    expect((await validateInput(DealMoveDto, { stage: 'viewing', position: '3' })).ok).toBe(true);
    expect(await validateInput(DealMoveDto, { stage: 'closed', position: -1 })).toEqual({
      ok: false,
      errors: { stage: 'field.enum', position: 'field.integer' },
    });
    expect(await validateInput(DealCloseDto, { result: 'lost', reason: '  ' })).toEqual({
      ok: false,
      errors: { reason: 'crm.lostReason' },
    });
    expect((await validateInput(DealCloseDto, { result: 'won' })).ok).toBe(true);
  });
});
