import type { SignedInAuth } from '~/lib/auth/auth.server';

/**
 * The choices of a deal form: clients (by name, up to 100 of every owner) and listings (up to
 * 100 of every owner, newest change first), plus the deal's current ones when not among them.
 * A failed read gives an empty list (the form still saves the other fields).
 */
export async function dealOptions(
  auth: SignedInAuth,
  current?: { client?: { id: string; name: string } | null; property?: { id: string; title: string } | null },
) {
  const [clients, properties] = await Promise.all([
    auth.api.crmDeals
      .clients({ scope: 'all', sort: 'name', dir: 'asc', limit: 100 })
      .then((r) => r.items.map((c) => ({ value: c.id, label: c.name })))
      .catch(() => [] as Array<{ value: string; label: string }>),
    auth.api.staffListings
      .list({ scope: 'all', limit: 100 })
      .then((r) => r.items.map((p) => ({ value: p.id, label: p.title || p.address })))
      .catch(() => [] as Array<{ value: string; label: string }>),
  ]);
  if (current?.client && !clients.some((c) => c.value === current.client!.id))
    clients.unshift({ value: current.client.id, label: current.client.name });
  if (current?.property && !properties.some((p) => p.value === current.property!.id))
    properties.unshift({ value: current.property.id, label: current.property.title });
  return { clients, properties };
}
