/**
 * What a presentation shows (issue 23 "Presentations"; spec 02 §2): the data the worker reads
 * for one presentation, handed to the PDF and PPTX renderers. Texts are already in `language`
 * (the caller picks the localized field, falling back to ru). Prices in ₸, areas in m².
 */
export type DeckLanguage = 'ru' | 'en' | 'kk' | 'zh';

/** The layouts a presentation can use (GET /api/presentations/templates/list). */
export type DeckTemplateId = 'one-page' | 'classic' | 'gallery';

export interface DeckProperty {
  id: string;
  title: string;
  description: string;
  /** The public page of the listing (the QR code points here). */
  url: string;
  dealType: 'sale' | 'rent';
  /** Category name in `language` (office, retail, warehouse, coworking...). */
  category: string;
  /** ₸ (for rent: per month). */
  price: number;
  /** ₸ per m² (price / area), rounded. */
  pricePerM2: number | null;
  /** m². */
  area: number;
  address: string;
  city: string;
  floor: number | null;
  totalFloors: number | null;
  rooms: number | null;
  yearBuilt: number | null;
  latitude: number | null;
  longitude: number | null;
  /** Feature names in `language`. */
  features: string[];
  /** Photo files on disk, in display order (JPEG/PNG/WebP; the renderer may convert). */
  photoPaths: string[];
  /**
   * The same photos as small JPEGs (the listing's 480 px card variant), index for index, null
   * where none was made. The small frames take them as they are: converting a 1280 px photo with
   * sharp for every listing of a bulk run cost more than rendering the page (bench/README.md).
   */
  smallPhotoPaths?: Array<string | null>;
}

export interface DeckAgent {
  name: string;
  phone: string | null;
  email: string | null;
}

export interface PresentationDeck {
  language: DeckLanguage;
  template: DeckTemplateId;
  /** The cover's title (e.g. the listing's title, or "Office selection" for several). */
  title: string;
  properties: DeckProperty[];
  options: {
    showPrice: boolean;
    /** The agent's contacts on the last page / slide; omitted when null. */
    agent: DeckAgent | null;
  };
  /** The agency's name and site, on the cover and footer. */
  brand: { name: string; siteUrl: string; phone: string };
}
