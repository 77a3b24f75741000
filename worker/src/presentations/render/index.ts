import type { PresentationDeck } from './deck';
import { renderPdf } from './pdf';
import { renderPptx } from './pptx';

export * from './deck';
export { warmRenderFonts } from './fonts';

/**
 * Renders `deck` as a PDF or a PPTX file in memory (issue 23 "Presentations"; spec 02 §2).
 * Shapes: deck.ts; prices in ₸, areas in m². Templates 'one-page' (a page per property),
 * 'classic' (cover, a page per property, contacts), 'gallery' (the same, photo-led).
 * A photo that is missing or not an image is skipped, never thrown; throws only when the
 * fonts are missing (the message names the Debian package) or pdfkit/pptxgenjs fail.
 */
export async function renderPresentation(deck: PresentationDeck, format: 'pdf' | 'pptx'): Promise<Buffer> {
  return format === 'pptx' ? renderPptx(deck) : renderPdf(deck);
}
