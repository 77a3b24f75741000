import { describe, expect, it } from '@jest/globals';
import { formInput, parseFormNumber } from './staff-form.server';

/** How a posted staff form becomes the input of the shared DTO (issue 21 form pattern). */
describe('parseFormNumber', () => {
  it('reads numbers as staff type them, and marks the rest as not a number', () => {
    expect(parseFormNumber('1 000 000')).toBe(1_000_000);
    expect(parseFormNumber('12,5')).toBe(12.5);
    expect(parseFormNumber('\u00a0250\u202f000 ')).toBe(250_000);
    expect(parseFormNumber('')).toBeNull();
    expect(parseFormNumber('12abc')).toBeNaN();
    expect(parseFormNumber('1e9')).toBeNaN();
  });
});

describe('formInput', () => {
  it('turns each field into the value its DTO expects', () => {
    const form = new FormData();
    form.set('title.ru', 'Офис на Абая');
    form.set('title.en', '  ');
    form.set('title.zh', '办公室');
    form.set('price', '2 500 000');
    form.set('floor', '');
    form.set('notes', '   ');
    form.append('features', 'parking');
    form.append('features', 'security');
    form.set('published', 'on');
    form.set('ignored', 'x');
    expect(
      formInput(form, {
        title: 'localized',
        price: 'number',
        floor: 'number',
        notes: 'optionalText',
        features: 'list',
        published: 'boolean',
        archived: 'boolean',
        address: 'text',
      }),
    ).toEqual({
      title: { ru: 'Офис на Абая', zh: '办公室' },
      price: 2_500_000,
      floor: null,
      notes: null,
      features: ['parking', 'security'],
      published: true,
      archived: false,
      address: '',
    });
  });
});
