import type { SignedInAuth } from '~/lib/auth/auth.server';

/** A template as the send forms list it. */
export interface TemplateChoice {
  id: string;
  name: string;
}

/** The active templates of each channel, for <LeadMessaging> (empty lists when the API fails: the forms say so). */
export async function leadMessagingTemplates(auth: SignedInAuth): Promise<{ email: TemplateChoice[]; telegram: TemplateChoice[] }> {
  try {
    const list = await auth.api.crmMessaging.templates.list({ active: true, limit: 100 });
    const of = (channel: 'email' | 'telegram') => list.items.filter((x) => x.channel === channel).map((x) => ({ id: x.id, name: x.name }));
    return { email: of('email'), telegram: of('telegram') };
  } catch {
    return { email: [], telegram: [] };
  }
}
