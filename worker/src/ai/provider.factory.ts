import type { ContentProvider } from './content-provider';
import { OfflineContentProvider } from './offline-provider';
import { OpenAiContentProvider } from './openai-provider';

/**
 * The worker's ContentProvider from the environment (issue 23; DESIGN "External services"):
 * OpenAiContentProvider when AI_BASE_URL, AI_API_KEY and AI_MODEL are all set (non-empty),
 * AI_TIMEOUT_MS optional (default 60 000 ms); otherwise the offline template provider.
 */
export function contentProviderFromEnv(env: NodeJS.ProcessEnv): ContentProvider {
  const baseURL = env.AI_BASE_URL?.trim();
  const apiKey = env.AI_API_KEY?.trim();
  const model = env.AI_MODEL?.trim();
  if (!baseURL || !apiKey || !model) return new OfflineContentProvider();
  const timeout = Number(env.AI_TIMEOUT_MS);
  return new OpenAiContentProvider({
    baseURL,
    apiKey,
    model,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : undefined,
  });
}

/** The model name a provider reports in status ('offline-templates-v1' for the offline one). */
export function providerModel(provider: ContentProvider): string {
  return provider instanceof OpenAiContentProvider ? provider.model : 'offline-templates-v1';
}
