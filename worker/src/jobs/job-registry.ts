import type { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { JobName } from '@realty/jobs';
import type { Job } from 'bullmq';
import { jobHandlerOf } from './job-handler.decorator';

/** One discovered handler: which job, where it lives (for messages), how to call it. */
export interface JobHandlerRef {
  name: JobName;
  /** 'MediaService.propertyImageVariants'. */
  owner: string;
  handle: (job: Job) => Promise<unknown>;
}

export class JobRegistryError extends Error {
  override name = 'JobRegistryError';
}

/**
 * Checks that every job name has exactly one handler and no handler serves an unknown
 * name; returns the handlers by name. Throws a JobRegistryError listing every problem.
 */
export function buildHandlerRegistry(
  found: readonly JobHandlerRef[],
  expected: readonly JobName[] = Object.values(JobName),
): Map<JobName, JobHandlerRef> {
  const byName = new Map<JobName, JobHandlerRef[]>();
  for (const ref of found) byName.set(ref.name, [...(byName.get(ref.name) ?? []), ref]);

  const problems: string[] = [];
  for (const name of expected) {
    const refs = byName.get(name) ?? [];
    if (refs.length === 0) problems.push(`job "${name}" has no handler`);
    else if (refs.length > 1) problems.push(`job "${name}" has ${refs.length} handlers (${refs.map((r) => r.owner).join(', ')})`);
  }
  for (const [name, refs] of byName)
    if (!expected.includes(name)) problems.push(`${refs.map((r) => r.owner).join(', ')} handle(s) unknown job "${name}"`);
  if (problems.length)
    throw new JobRegistryError(`The worker refuses to start: ${problems.join('; ')}. Every JobName needs exactly one @JobHandler method.`);
  return new Map([...byName].map(([name, refs]) => [name, refs[0]]));
}

/** Every @JobHandler method of the providers Nest has instantiated. */
export function discoverJobHandlers(discovery: DiscoveryService, scanner: MetadataScanner): JobHandlerRef[] {
  const refs: JobHandlerRef[] = [];
  for (const wrapper of discovery.getProviders()) {
    const instance = wrapper.instance as Record<string, unknown> | undefined;
    if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
    const prototype = Object.getPrototypeOf(instance) as object;
    for (const method of scanner.getAllMethodNames(prototype)) {
      const name = jobHandlerOf(instance[method]);
      if (!name) continue;
      const fn = instance[method] as (job: Job) => Promise<unknown>;
      refs.push({ name, owner: `${instance.constructor.name}.${method}`, handle: (job) => fn.call(instance, job) });
    }
  }
  return refs;
}
