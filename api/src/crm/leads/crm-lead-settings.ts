import { crmFirstContactMinutes, crmWorkingHours, type CrmWorkingHours } from '@realty/contracts';

/**
 * The CRM's lead settings from the environment (issue 22; README "Configuration", docs/api.md):
 * - CRM_ROUND_ROBIN: 'off' leaves new leads unassigned (default on: rotation among agents);
 * - CRM_FIRST_CONTACT_MINUTES: working minutes a new lead may wait for a first contact (15);
 * - CRM_WORKING_HOURS: '09:00-18:00' (Mon-Fri, Asia/Almaty), see parseWorkingHours.
 * Read on each use, so tests may change them per case.
 */
export function roundRobinEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return !['off', 'false', '0', 'no'].includes((env.CRM_ROUND_ROBIN ?? '').trim().toLowerCase());
}

/** CRM_FIRST_CONTACT_MINUTES: a positive whole number, else the default (15). */
export function firstContactMinutes(env: NodeJS.ProcessEnv = process.env): number {
  return crmFirstContactMinutes(env);
}

let cached: { text: string; hours: CrmWorkingHours } | null = null;
/** CRM_WORKING_HOURS parsed (an unreadable value falls back to the default, 09:00-18:00 Mon-Fri). */
export function workingHours(env: NodeJS.ProcessEnv = process.env): CrmWorkingHours {
  const text = env.CRM_WORKING_HOURS ?? '';
  if (cached?.text !== text) cached = { text, hours: crmWorkingHours(env) };
  return cached.hours;
}
