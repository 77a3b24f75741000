export {
  seedDemoData,
  seedCrmData,
  seedLandingsData,
  DEFAULT_SEED,
  DEFAULT_LISTING_COUNT,
  DEFAULT_REFERENCE_DATE,
  type SeedOptions,
  type SeedResult,
  type SeedSummary,
} from './seed-demo-data';
export {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  AGENT_DEFS,
  DISTRICT_DEFS,
  CATEGORY_DEFS,
  SUBCATEGORY_DEFS,
  COMPLEX_DEFS,
  HOME_COMPLEX_SLUG,
  PROPERTY_TYPE_NAMES,
  ROLE_TITLES,
  type PersonDef,
  type DistrictDef,
  type ComplexDef,
} from './reference-data';
export { AREA_RANGES, RATE_RANGES, MIN_FEATURED, generateProperties, type GeneratedProperty } from './demo-properties';
export {
  DEMO_IMAGE_WIDTH,
  DEMO_IMAGE_HEIGHT,
  DEFAULT_IMAGE_POOL_SIZE,
  demoImagePool,
  demoImageKey,
  ensureDemoImagePool,
  renderDemoImage,
  type DemoImageKind,
} from './demo-images';
export { seedContent, seedContentData, type ContentSeedOptions } from './seed-content';
export { PARTNER_CATEGORY_DEFS, BUSINESS_CENTER_POINT, generatePartners, insertDemoPartners, type GeneratedPartner } from './demo-partners';
export {
  BLOG_CATEGORY_DEFS,
  BLOG_COVER_COUNT,
  blogCoverKey,
  ensureBlogCovers,
  generateBlogPosts,
  insertDemoBlog,
  type GeneratedBlogPost,
} from './demo-blog';
export { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin, randomPassword, type FirstAdmin } from './first-admin';
export { CRM_COUNTS, DEMO_MESSAGE_TEMPLATES, FRESH_NEW_LEADS, generateCrm, insertDemoCrm, type CrmSeedSummary } from './demo-crm';
