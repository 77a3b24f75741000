/**
 * Script runs and line breaking of the presentation renderers (fonts.ts; issue 23).
 */
import { face, splitRuns, textWidth, warmRenderFonts, wrapText } from './fonts';

beforeAll(() => warmRenderFonts());

describe('splitRuns', () => {
  it('keeps Kazakh and Russian in the Latin/Cyrillic face and Chinese in the CJK face', () => {
    expect(splitRuns('Әйгерім: ә ғ қ ң ө ұ ү һ і')).toEqual([{ text: 'Әйгерім: ә ғ қ ң ө ұ ү һ і', cjk: false }]);
    expect(splitRuns('阿拜大街150号, Almaty ₸')).toEqual([
      { text: '阿拜大街150号, ', cjk: true },
      { text: 'Almaty ₸', cjk: false },
    ]);
    // Every character of a run has a glyph in the face it is set in.
    for (const r of splitRuns('价格 45,000,000 ₸/m² · Бағасы 每平方米价格 қ')) {
      const f = face(r.cjk ? 'cjk' : 'latin').font;
      for (const ch of r.text) expect([ch, f.hasGlyphForCodePoint(ch.codePointAt(0)!)]).toEqual([ch, true]);
    }
  });
});

describe('wrapText', () => {
  const text =
    'Панорамалық терезелері бар жарық кеңсе, жеке кіреберіс және өз тұрағы бар. 明亮的办公室配有全景窗户、独立入口和专用停车场。 https://realty.example.kz/' +
    'x'.repeat(300);

  it('never makes a line wider than the box, and keeps every character when there is room', () => {
    const lines = wrapText(text, { width: 150, size: 10 });
    for (const l of lines) expect(l.width).toBeLessThanOrEqual(150 + 0.01);
    expect(
      lines
        .map((l) => l.runs.map((r) => r.text).join(''))
        .join('')
        .replace(/\s+/g, ''),
    ).toBe(text.replace(/\s+/g, ''));
  });

  it('stops at maxLines and ends the last line with "…" that still fits', () => {
    const lines = wrapText(text, { width: 150, size: 10, maxLines: 3 });
    expect(lines).toHaveLength(3);
    const last = lines[2].runs.map((r) => r.text).join('');
    expect(last.endsWith('…')).toBe(true);
    expect(textWidth(last, 10)).toBeLessThanOrEqual(150 + 0.01);
  });

  it('does not start a line with Chinese closing punctuation', () => {
    const lines = wrapText('明亮的办公室配有全景窗户，独立入口和专用停车场。附近有地铁，银行和餐厅。', { width: 60, size: 10 });
    for (const l of lines) expect('，。、：；！？').not.toContain(l.runs[0].text[0]);
  });
});

describe('fonts', () => {
  it('names the Debian package when a font file is missing', () => {
    const before = process.env.PRESENTATION_FONT_DIR_NOTO;
    process.env.PRESENTATION_FONT_DIR_NOTO = '/nonexistent-fonts';
    try {
      jest.isolateModules(() => {
        const fresh = require('./fonts') as typeof import('./fonts');
        expect(() => fresh.warmRenderFonts()).toThrow(/NotoSansCJK-Regular\.ttc.*fonts-noto-cjk/);
      });
    } finally {
      if (before === undefined) delete process.env.PRESENTATION_FONT_DIR_NOTO;
      else process.env.PRESENTATION_FONT_DIR_NOTO = before;
    }
  });
});
