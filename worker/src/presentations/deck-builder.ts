import path from 'node:path';
import type { DeckProperty, PresentationDeck } from './render/deck';
import { FEATURE_LABELS } from './feature-labels';
import type { AgentRow, DeckPropertyRow, PresentationJobRow } from './presentation.repository';

/** The agency's name per language (libs/i18n common.brand) and its phone. */
const BRAND_NAMES = { ru: 'Алматы Бизнес Центр', en: 'Almaty Business Center', kk: 'Алматы Бизнес Орталығы', zh: '阿拉木图商务中心' };
const BRAND_PHONE = '+7 (727) 355-00-00';
const CITY = { ru: 'Алматы', en: 'Almaty', kk: 'Алматы', zh: '阿拉木图' };

/** The public site (PUBLIC_WEB_URL, default http://localhost:3000): listing pages are /property/<slug>. */
export function siteUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.PUBLIC_WEB_URL || 'http://localhost:3000').replace(/\/+$/, '');
}

/** A storage key as a file under `root`, or null when it would lead outside it. */
function fileUnder(root: string, key: string | null | undefined): string | null {
  if (!key) return null;
  const f = path.resolve(root, key);
  return f.startsWith(path.resolve(root) + path.sep) ? f : null;
}

/** The listing's photo files and their small variants, index for index (a photo outside the uploads folder is left out). */
function photoFiles(p: DeckPropertyRow, uploadsRoot: string): Pick<DeckProperty, 'photoPaths' | 'smallPhotoPaths'> {
  const photoPaths: string[] = [];
  const smallPhotoPaths: Array<string | null> = [];
  (p.photo_keys ?? []).forEach((key, i) => {
    const file = fileUnder(uploadsRoot, key);
    if (!file) return;
    photoPaths.push(file);
    smallPhotoPaths.push(fileUnder(uploadsRoot, p.small_photo_keys?.[i]));
  });
  return { photoPaths, smallPhotoPaths };
}

const pick = (texts: Record<string, string> | null | undefined, lang: string): string => (texts && (texts[lang] || texts.ru)) || '';

/**
 * The deck of one presentation (issue 23): texts in the presentation's language with ru as the
 * fallback, prices in ₸, areas in m², photos as files under `uploadsRoot` (the storage's root),
 * the agent (the listing's agent, else the presentation's author) when contacts are included.
 */
export function buildDeck(
  row: PresentationJobRow,
  properties: DeckPropertyRow[],
  agent: AgentRow | null,
  uploadsRoot: string,
  env: NodeJS.ProcessEnv = process.env,
): PresentationDeck {
  const lang = row.language;
  const site = siteUrl(env);
  const deckProperties: DeckProperty[] = properties.map((p) => {
    const price = Number(p.price);
    const area = Number(p.area);
    const c = p.characteristics ?? {};
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
    return {
      id: p.id,
      title: pick(p.title, lang),
      description: pick(p.description, lang),
      url: `${site}/property/${p.slug}`,
      dealType: p.deal_type,
      category: pick(p.category_name, lang),
      price,
      pricePerM2: area > 0 ? Math.round(price / area) : null,
      area,
      address: p.address,
      city: pick(p.district_name, lang) ? `${CITY[lang]}, ${pick(p.district_name, lang)}` : CITY[lang],
      floor: p.floor ?? num(c.floor),
      totalFloors: p.total_floors,
      rooms: num(c.rooms),
      yearBuilt: num(c.year_built),
      latitude: p.latitude,
      longitude: p.longitude,
      features: (p.features ?? []).map((f) => FEATURE_LABELS[lang][f] ?? FEATURE_LABELS.ru[f] ?? f),
      ...photoFiles(p, uploadsRoot),
    };
  });
  const includeAgent = row.options?.includeAgentContacts ?? true;
  return {
    language: lang,
    template: row.template_id,
    title: row.title,
    properties: deckProperties,
    options: {
      showPrice: row.options?.showPrice ?? true,
      agent:
        includeAgent && agent
          ? { name: `${agent.first_name} ${agent.last_name}`.trim(), phone: agent.phone, email: agent.email || null }
          : null,
    },
    brand: { name: BRAND_NAMES[lang], siteUrl: site, phone: BRAND_PHONE },
  };
}
