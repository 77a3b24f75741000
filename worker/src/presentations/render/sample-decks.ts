import type { DeckLanguage, DeckProperty, DeckTemplateId, PresentationDeck } from './deck';

/**
 * Decks with real texts in each language, for the renderers' tests and the render bench
 * (bench/presentations-render.mjs). The Kazakh texts hold every Kazakh letter (ә ғ қ ң ө ұ ү һ і).
 */
export interface SampleTexts {
  deckTitle: string;
  title: string;
  description: string;
  features: string[];
  category: string;
  address: string;
  city: string;
  agentName: string;
  brandName: string;
}

export const SAMPLE_TEXTS: Record<DeckLanguage, SampleTexts> = {
  ru: {
    deckTitle: 'Подборка офисов для вашей компании',
    title: 'Офис класса А в центре Алматы',
    description:
      'Светлый офис с панорамными окнами, отдельным входом и собственной парковкой. Рядом метро, банки и рестораны. Здание сдано в эксплуатацию недавно, охрана работает круглосуточно.',
    features: ['Парковка', 'Кондиционер', 'Охрана круглосуточно', 'Отдельный вход'],
    category: 'Офис',
    address: 'проспект Абая, 150',
    city: 'Алматы',
    agentName: 'Айгерим Серикова',
    brandName: 'Коммерческая недвижимость',
  },
  en: {
    deckTitle: 'Office selection for your company',
    title: 'Class A office in central Almaty',
    description:
      'A bright office with panoramic windows, a separate entrance and its own parking. The metro, banks and restaurants are close by. The building is new and guarded around the clock.',
    features: ['Parking', 'Air conditioning', 'Security around the clock', 'Separate entrance'],
    category: 'Office',
    address: '150 Abay Avenue',
    city: 'Almaty',
    agentName: 'Aigerim Serikova',
    brandName: 'Commercial Realty',
  },
  kk: {
    deckTitle: 'Сіздің компанияңызға арналған кеңселер',
    title: 'Алматы орталығындағы А класты кеңсе',
    description:
      'Панорамалық терезелері бар жарық кеңсе, жеке кіреберіс және өз тұрағы бар. Жанында метро, банктер мен мейрамханалар орналасқан. Ғимарат жаңа, күзет тәулік бойы жұмыс істейді, Қаһарман көшесіне жақын.',
    features: ['Көлік тұрағы', 'Кондиционер', 'Тәулік бойы күзет', 'Жеке кіреберіс'],
    category: 'Кеңсе',
    address: 'Абай даңғылы, 150',
    city: 'Алматы',
    agentName: 'Әйгерім Серікқызы',
    brandName: 'Коммерциялық жылжымайтын мүлік',
  },
  zh: {
    deckTitle: '为贵公司精选的办公室',
    title: '阿拉木图市中心的甲级写字楼',
    description: '明亮的办公室配有全景窗户、独立入口和专用停车场。附近有地铁、银行和餐厅。大楼是新建的，全天候有保安值守。',
    features: ['停车场', '空调', '全天候保安', '独立入口'],
    category: '办公室',
    address: '阿拜大街150号',
    city: '阿拉木图',
    agentName: '王丽娜',
    brandName: '商业地产',
  },
};

/** Property `i` (0-based) of a sample deck in `language`; its title ends with "#i+1" when `numbered`. */
export function sampleProperty(language: DeckLanguage, i: number, photoPaths: string[], numbered = false): DeckProperty {
  const t = SAMPLE_TEXTS[language];
  const area = 120 + i * 15;
  const price = 45_000_000 + i * 1_500_000;
  return {
    id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    title: numbered ? `${t.title} #${i + 1}` : t.title,
    description: t.description,
    url: `https://realty.example.kz/${language}/listing/office-almaty-${i + 1}`,
    dealType: i % 2 === 0 ? 'sale' : 'rent',
    category: t.category,
    price,
    pricePerM2: Math.round(price / area),
    area,
    address: t.address,
    city: t.city,
    floor: 5 + (i % 10),
    totalFloors: 20,
    rooms: 4,
    yearBuilt: 2019,
    latitude: 43.238949,
    longitude: 76.889709,
    features: t.features,
    photoPaths,
  };
}

/** A deck of `count` sample properties in `language`. */
export function sampleDeck(
  language: DeckLanguage,
  o: { template?: DeckTemplateId; count?: number; photoPaths?: string[]; showPrice?: boolean; agent?: boolean } = {},
): PresentationDeck {
  const t = SAMPLE_TEXTS[language];
  const count = o.count ?? 1;
  return {
    language,
    template: o.template ?? 'one-page',
    title: count === 1 ? t.title : t.deckTitle,
    properties: Array.from({ length: count }, (_, i) => sampleProperty(language, i, o.photoPaths ?? [], count > 1)),
    options: {
      showPrice: o.showPrice ?? true,
      agent: o.agent === false ? null : { name: t.agentName, phone: '+7 701 555 12 34', email: 'agent@realty.example.kz' },
    },
    brand: { name: t.brandName, siteUrl: 'https://realty.example.kz', phone: '+7 727 300 00 00' },
  };
}
