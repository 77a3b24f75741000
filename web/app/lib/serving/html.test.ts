import { describe, expect, it } from '@jest/globals';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { escapeHtml } from '@realty/contracts';
import { attr } from './html';

describe('markup strings (lib/serving/html.ts)', () => {
  const samples = ['plain', 'Офис «Алатау» 64 м²', `<script>alert("x") & 'y'</script>`, '&amp; already', '中文 > 2'];

  it('escapes text as React does', () => {
    for (const text of samples) {
      expect(`<span>${escapeHtml(text)}</span>`).toBe(renderToStaticMarkup(createElement('span', null, text)));
    }
  });

  it('escapes attribute values as React does; null, undefined and false leave the attribute out', () => {
    for (const value of samples) {
      expect(`<img${attr('alt', value)}/>`).toBe(renderToStaticMarkup(createElement('img', { alt: value })));
    }
    expect(attr('width', 480)).toBe(' width="480"');
    expect(attr('title', null) + attr('title', undefined) + attr('title', false)).toBe('');
  });
});
