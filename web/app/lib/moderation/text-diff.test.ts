import { describe, expect, it } from '@jest/globals';
import { diffText, tokens } from './text-diff';

/** The words a moderator sees marked in the side-by-side review (issue 21). */

const changed = (parts: Array<{ text: string; changed: boolean }>) => parts.filter((p) => p.changed).map((p) => p.text);

describe('diffText', () => {
  it('marks only the changed rate in a long description, on both sides', () => {
    const before = 'Ставка аренды — 12 500 ₸ за м² в месяц, коммунальные платежи оплачиваются отдельно.';
    const after = 'Ставка аренды — 11 500 ₸ за м² в месяц, коммунальные платежи оплачиваются отдельно.';
    const d = diffText(before, after);
    expect(changed(d.before)).toEqual(['12 500']);
    expect(changed(d.after)).toEqual(['11 500']);
    expect(d.before.map((p) => p.text).join('')).toBe(before);
    expect(d.after.map((p) => p.text).join('')).toBe(after);
  });

  it('marks added words only on the new side, and nothing when equal', () => {
    const d = diffText('Офис 62 м² в аренду, Медеуский район', 'Офис 62 м² в аренду, Медеуский район, новая ставка');
    expect(changed(d.before)).toEqual([]);
    expect(changed(d.after)).toEqual([', новая ставка']);
    expect(changed(diffText('Одно и то же', 'Одно и то же').after)).toEqual([]);
  });

  it('compares Chinese by character and keeps numbers with group spaces whole', () => {
    expect(tokens('梅德乌区办公室')).toHaveLength(7);
    expect(tokens('1 000 000 ₸')).toEqual(['1 000 000', ' ', '₸']);
    expect(changed(diffText('租金为每平方米12,500坚戈', '租金为每平方米11,500坚戈').after)).toEqual(['11,500']);
  });
});
