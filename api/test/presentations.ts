import JSZip from 'jszip';

/**
 * Test support for presentations (issue 23): checks that a file is a whole PDF / PPTX / zip
 * (opened, not only named so).
 */

/** True when `data` is a whole PDF: header, cross-reference start and end-of-file marker, at least one page. */
export function isWholePdf(data: Buffer): boolean {
  const head = data.subarray(0, 8).toString('latin1');
  const tail = data.subarray(Math.max(0, data.length - 64)).toString('latin1');
  return head.startsWith('%PDF-') && /startxref\s+\d+\s+%%EOF\s*$/.test(tail) && /\/Type\s*\/Page\b/.test(data.toString('latin1'));
}

/** The slides of a PPTX (a zip with ppt/presentation.xml), or throws. */
export async function pptxSlides(data: Buffer): Promise<number> {
  const zip = await JSZip.loadAsync(data);
  if (!zip.file('ppt/presentation.xml')) throw new Error('not a PPTX: no ppt/presentation.xml');
  return Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).length;
}

/** The entries of a zip with their contents. */
export async function zipEntries(data: Buffer): Promise<Map<string, Buffer>> {
  const zip = await JSZip.loadAsync(data);
  const out = new Map<string, Buffer>();
  for (const [name, f] of Object.entries(zip.files)) if (!f.dir) out.set(name, await f.async('nodebuffer'));
  return out;
}
