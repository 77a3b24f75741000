import PDFDocument from 'pdfkit';
import PptxGenJS from 'pptxgenjs';
import type { PresentationDeck } from './deck';

export * from './deck';

/**
 * Renders `deck` as a PDF or a PPTX file in memory (issue 23). Throws on a deck it cannot
 * render (a photo that is not an image is skipped, not thrown).
 *
 * PLACEHOLDER until the renderers land: a one-page document with the title only.
 */
export async function renderPresentation(deck: PresentationDeck, format: 'pdf' | 'pptx'): Promise<Buffer> {
  if (format === 'pptx') {
    const pptx = new PptxGenJS();
    pptx.addSlide().addText(deck.title, { x: 0.5, y: 0.5, w: 9, h: 1 });
    return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
  }
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf').text(deck.title);
  doc.end();
  return done;
}
